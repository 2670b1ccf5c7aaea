#include "transferdialog.h"
#include "widgets/tones.h"

#include "../approvalwords.h"
#include "../consoleoptions.h"
#include "../jobrunner.h"
#include "../widgets/legseditor.h"
#include "../widgets/screenfit.h"
#include "../widgets/strayclickguard.h"
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "store/open/changenotifier.h"
#include "ui_transferdialog.h"

#include <QCompleter>
#include <QFormLayout>
#include <QPushButton>
#include <QStringListModel>
#include <QUuid>

namespace ledger::app {

namespace {
// Completion lists every account up to this many; beyond, unknown ids are left to the store.
constexpr int kCompletionLimit = 20'000;
// Changes arrive in bursts (a transfer is eight writes): the accounts are read once after them.
constexpr int kReloadDelayMs = 300;

void showError(QLabel *label, const Error &e)
{
    label->setText(e.ok() ? QString() : e.localized());
    label->setToolTip(e.ok() ? QString() : codeWord(e.code));
    setTone(label, Tone::Bad);
    label->setVisible(!e.ok());
}
} // namespace

TransferDialog::TransferDialog(StoreSession *session, QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::TransferDialog)
    , m_session(session)
    , m_approvalNote(new QLabel(this))
    , m_jobs(session->jobs())
    , m_scale(session->scale())
    , m_accounts(new QStringListModel(this))
    , m_accountsJob(session, this)
{
    m_ui->setupUi(this);
    for (QLineEdit *field : {m_ui->source, m_ui->destination}) {
        auto *completer = new QCompleter(m_accounts, this);
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        field->setCompleter(completer);
    }
    m_ui->amount->setPlaceholderText(money::format(1234, m_scale));
    m_ui->banner->hide();
    m_approvalNote->setObjectName(QStringLiteral("approvalNote"));
    m_approvalNote->setWordWrap(true);
    m_approvalNote->hide();
    setTone(m_approvalNote, Tone::Info);
    m_ui->verticalLayout->insertWidget(m_ui->verticalLayout->indexOf(m_ui->banner), m_approvalNote);
    connect(session, &StoreSession::approvalRulesRead, this, &TransferDialog::validate);
    for (QLineEdit *field : {m_ui->source, m_ui->destination, m_ui->amount, m_ui->memo, m_ui->key})
        connect(field, &QLineEdit::textChanged, this, &TransferDialog::validate);
    connect(m_ui->newKey, &QToolButton::clicked, this, &TransferDialog::freshKey);
    connect(m_ui->addLeg, &QPushButton::clicked, this, [this] {
        const bool first = !usesLegs();
        useLegs();
        if (!first)
            m_legs->addLeg();
    });
    connect(m_ui->buttons, &QDialogButtonBox::accepted, this, &TransferDialog::accept);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &TransferDialog::reject);
    m_ui->buttons->button(QDialogButtonBox::Ok)->setText(tr("&Transfer"));
    m_clickGuard = new StrayClickGuard(m_ui->buttons->button(QDialogButtonBox::Ok));
    // Frozen, unfrozen, opened or paid since: what is foreseen follows the store.
    m_accountsJob.setCoalescing(true);
    m_reloadTimer.setSingleShot(true);
    m_reloadTimer.setInterval(kReloadDelayMs);
    connect(&m_reloadTimer, &QTimer::timeout, this, &TransferDialog::loadAccounts);
    if (ChangeNotifier *notifier = session->notifier())
        connect(notifier, &ChangeNotifier::changed, &m_reloadTimer, qOverload<>(&QTimer::start));
    freshKey();
    loadAccounts();
    validate();
}

TransferDialog::~TransferDialog() = default;

void TransferDialog::setSource(const QString &account)
{
    m_ui->source->setText(account);
    m_ui->destination->setFocus();
}

void TransferDialog::useLegs()
{
    if (m_legs)
        return;
    m_legs = new LegsEditor(m_scale, this);
    m_legs->setCompletionModel(m_accounts);
    // What was typed becomes the first two legs, and a third is waiting.
    const TransferInput in = input();
    m_legs->setLegs({LegInput{LegSide::Debit, in.source, in.amount}, LegInput{LegSide::Credit, in.destination, in.amount}});
    m_legs->addLeg();
    // Rows 0-2 of the form are source, destination and amount: the legs stand instead. They are
    // taken out of the form (kept, hidden: the fields stay the dialog's) — hiding rows by number
    // and inserting one before them hid the legs instead, with every field but memo and key.
    for (int i = 0; i < 3; ++i) {
        const QFormLayout::TakeRowResult row = m_ui->form->takeRow(0);
        delete row.labelItem; // the items, not their widgets (they live on, hidden)
        delete row.fieldItem;
    }
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_ui->sourceLabel, m_ui->source, m_ui->sourceError, m_ui->destinationLabel, m_ui->destination,
                                          m_ui->destinationError, m_ui->amountLabel, m_ui->amount, m_ui->amountError})
        w->hide();
    m_ui->addLeg->hide();
    m_ui->form->insertRow(0, tr("Legs"), m_legs);
    connect(m_legs, &LegsEditor::changed, this, &TransferDialog::validate);
    // Fitted once the rows are shown: a layout shows new widgets by a queued call, and a hidden
    // one asks for no room.
    connect(m_legs, &LegsEditor::rowsChanged, this,
            [this] { QMetaObject::invokeMethod(this, &TransferDialog::fitLegs, Qt::QueuedConnection); });
    validate();
    QMetaObject::invokeMethod(this, &TransferDialog::fitLegs, Qt::QueuedConnection);
}

void TransferDialog::fitLegs()
{
    if (!isVisible())
        return;
    layout()->activate();
    resize(size().expandedTo(sizeHint()));
    fitToScreen(this);
}

void TransferDialog::freshKey() { m_ui->key->setText(QUuid::createUuid().toString(QUuid::WithoutBraces)); }

void TransferDialog::loadAccounts()
{
    AccountQuery query;
    query.limit = kCompletionLimit + 1;
    m_accountsJob.run<Result<QList<Account>>>([query](LedgerService &ledger) { return ledger.accountDocuments(query); },
                                              [this](Result<QList<Account>> list) {
                                                  if (!list.ok())
                                                      return; // a comfort: the store will still say what it refuses
                                                  const bool complete = list->size() <= kCompletionLimit;
                                                  m_known.set(*list, complete);
                                                  QStringList ids{kWorldAccount};
                                                  for (const Account &a : std::as_const(*list)) {
                                                      if (a.id != kWorldAccount)
                                                          ids << a.id;
                                                  }
                                                  if (ids != m_accounts->stringList())
                                                      m_accounts->setStringList(ids);
                                                  validate();
                                              });
}

TransferInput TransferDialog::input() const
{
    TransferInput in;
    in.source = m_ui->source->text();
    in.destination = m_ui->destination->text();
    in.amount = m_ui->amount->text();
    in.memo = m_ui->memo->text();
    // An emptied key field means "no key": the operator chose to go without.
    if (!m_ui->key->text().isEmpty())
        in.key = m_ui->key->text();
    return in;
}

LegsInput TransferDialog::legsInput() const
{
    LegsInput in;
    in.legs = m_legs->legs();
    in.memo = m_ui->memo->text();
    if (!m_ui->key->text().isEmpty())
        in.key = m_ui->key->text();
    return in;
}

QStringList TransferDialog::typed() const
{
    QStringList fields{m_ui->memo->text()};
    if (!m_legs)
        return fields << m_ui->source->text() << m_ui->destination->text() << m_ui->amount->text();
    for (const LegInput &leg : m_legs->legs())
        fields << nameOf(leg.side) << leg.account << leg.amount;
    return fields;
}

std::optional<TransferRequest> TransferDialog::request() const
{
    if (m_legs)
        return checkLegsInput(legsInput(), m_scale).request;
    return checkTransferInput(input(), m_scale).request;
}

bool TransferDialog::canSubmit() const
{
    const std::optional<TransferRequest> r = request();
    return r && foresee(*r).refusal.ok() && !m_submitting;
}

void TransferDialog::validate()
{
    // An answer is about the transfer it answered: once that is edited into another, it goes.
    if (m_answered && !m_submitting && typed() != *m_answered) {
        m_answered.reset();
        m_ui->banner->hide();
        m_ui->banner->clear();
    }
    if (m_legs)
        validateLegs();
    else
        validateFields();
    m_ui->buttons->button(QDialogButtonBox::Ok)->setEnabled(canSubmit());
    const QString note = approvalNote();
    m_approvalNote->setText(note);
    m_approvalNote->setVisible(!note.isEmpty());
}

QString TransferDialog::approvalNote() const
{
    const std::optional<ApprovalRules> &rules = m_session->approvalRules();
    const std::optional<TransferRequest> r = rules && rules->any() ? request() : std::nullopt;
    if (!r)
        return {};
    const QList<TxLeg> legs = r->allLegs();
    const QString rule =
        transferHeldBy(*rules, sideTotal(legs, LegSide::Debit), accountsOf(legs, LegSide::Debit).contains(kWorldAccount), m_scale);
    return rule.isEmpty() ? QString() : waitsForApproval(rule);
}

void TransferDialog::validateLegs()
{
    const LegsInput in = legsInput();
    const LegsInputCheck check = checkLegsInput(in, m_scale);
    // An account the store would refuse whatever the amounts is said at once, as it is typed.
    Error problem;
    for (const LegInput &leg : in.legs) {
        if (problem.ok() && !leg.account.isEmpty() && checkAccountId(leg.account).ok())
            problem = m_known.refusalOf(leg.account, m_scale);
    }
    // The rest waits until every leg has something in it: a leg being typed is not yet wrong.
    const bool typing =
        std::any_of(in.legs.cbegin(), in.legs.cend(), [](const LegInput &l) { return l.account.isEmpty() || l.amount.isEmpty(); });
    if (problem.ok() && !typing) {
        for (const Error &e : check.legs) {
            if (problem.ok() && !e.ok())
                problem = e;
        }
        if (problem.ok())
            problem = check.balance;
        // Legs that make a request: what the store would refuse, as far as the dialog knows.
        if (problem.ok() && check.request)
            problem = foresee(*check.request).refusal;
    }
    m_legs->showProblem(problem);
    showError(m_ui->memoError, check.memo);
    showError(m_ui->keyError, check.key);
}

void TransferDialog::validateFields()
{
    const TransferInput in = input();
    const TransferInputCheck check = checkTransferInput(in, m_scale);
    // An empty field the operator has not reached yet is not an error to shout about; an
    // account the store would refuse (none such, frozen, closed) is said beside it as it is typed.
    const auto accountProblem = [this](const QString &text, const Error &e) {
        if (text.isEmpty())
            return Error{};
        return e.ok() ? m_known.refusalOf(text, m_scale) : e;
    };
    showError(m_ui->sourceError, accountProblem(in.source, check.source));
    showError(m_ui->destinationError, accountProblem(in.destination, check.destination));
    // What only the amount meets (not enough money) is said beside it.
    Error amountProblem = in.amount.isEmpty() ? Error{} : check.amount;
    if (amountProblem.ok() && check.request) {
        const KnownAccounts::Foreseen foreseen = foresee(*check.request);
        if (m_known.refusalOf(foreseen.account, m_scale).ok())
            amountProblem = foreseen.refusal;
    }
    showError(m_ui->amountError, amountProblem);
    showError(m_ui->memoError, check.memo);
    showError(m_ui->keyError, check.key);
}

QString TransferDialog::fieldError(const QString &field) const
{
    const QLabel *label = field == QLatin1String("source")      ? m_ui->sourceError
                        : field == QLatin1String("destination") ? m_ui->destinationError
                        : field == QLatin1String("amount")      ? m_ui->amountError
                        : field == QLatin1String("memo")        ? m_ui->memoError
                                                                : m_ui->keyError;
    return label->text();
}

QString TransferDialog::bannerText() const { return m_ui->banner->text(); }

QString TransferDialog::foreseenRefusal() const
{
    const std::optional<TransferRequest> r = request();
    const Error e = r ? foresee(*r).refusal : Error{};
    return e.ok() ? QString() : codeWord(e.code) + QStringLiteral(": ") + e.localized();
}

void TransferDialog::reject()
{
    if (m_submitting) {
        m_ui->banner->setText(tr("A transfer is being submitted; its answer comes in a moment."));
        return;
    }
    QDialog::reject();
}

void TransferDialog::accept()
{
    // Transfer is disabled then; pressed anyway (Return, a test), nothing is sent either.
    const std::optional<TransferRequest> checked = request();
    if (!checked || !canSubmit())
        return;
    m_submitting = true;
    m_answered.reset();
    const QStringList sent = typed();
    validate();
    m_ui->banner->setText(tr("Transferring…"));
    setTone(m_ui->banner, std::nullopt);
    m_ui->banner->show();
    const TransferRequest request = *checked;
    m_jobs->run<TxOutcome>(
        this,
        // Submitting again leaves an operator's claim alone (the ledger's transfer holds a retry of
        // its key off a claimed transaction).
        [request](LedgerService &ledger) { return ledger.transfer(request); },
        [this, sent](TxOutcome o) {
            m_submitting = false;
            Q_EMIT submitted();
            if (o.awaiting) {
                // Held back by the service's rules: stored as a request another person decides.
                // Nothing failed, and nothing more is for this dialog to do.
                if (m_clickGuard)
                    m_clickGuard->arm();
                Q_EMIT heldForApproval(*o.awaiting);
                QDialog::accept();
                return;
            }
            if (o.ok() && o.tx) {
                m_result = o.tx;
                // A double-clicked Transfer: its second click is not the table's beneath.
                if (m_clickGuard)
                    m_clickGuard->arm();
                Q_EMIT transferDone(*o.tx, o.note);
                QDialog::accept();
                return;
            }
            QString text = tr("<b>%1</b>: %2").arg(codeWord(o.error.code), o.error.localized().toHtmlEscaped());
            // A fresh key only when the old one is used up: the transfer was refused (canceled)
            // or the key belongs to another request. A transfer left in flight by a passing
            // failure (store busy, full) keeps its key: submitting again finds it and finishes it,
            // instead of paying a second time.
            const bool usedUp = (o.tx && o.tx->state == TxState::Canceled) || o.error.code == ErrorCode::KeyConflict;
            if (o.tx && !isTerminal(o.tx->state))
                text += tr("<br/>Transaction %1 is %2: it is recorded and will be finished (recovery does it, or submit again — "
                           "with this key that is safe).")
                            .arg(o.tx->id, nameOf(o.tx->state));
            else if (o.tx)
                text += tr("<br/>Transaction %1 is %2.").arg(o.tx->id, nameOf(o.tx->state));
            m_ui->banner->setText(text);
            setTone(m_ui->banner, Tone::Bad);
            m_answered = sent; // shown until the transfer is edited into another
            if (usedUp)
                freshKey();
            validate();
        });
}

} // namespace ledger::app
