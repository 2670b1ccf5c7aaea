#include "transferdialog.h"
#include "widgets/tones.h"

#include "../consoleoptions.h"
#include "../widgets/legseditor.h"
#include "../widgets/strayclickguard.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "store/documentrules.h"
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

void showError(QLabel *label, const Error &e, bool warningOnly = false)
{
    label->setText(e.ok() ? QString() : e.localized());
    label->setToolTip(e.ok() ? QString() : codeWord(e.code));
    setTone(label, warningOnly ? Tone::Warn : Tone::Bad);
    label->setVisible(!e.ok());
}
} // namespace

TransferDialog::TransferDialog(StoreSession *session, const QString &operatorName, QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::TransferDialog)
    , m_jobs(session->jobs())
    , m_scale(session->scale())
    , m_operator(operatorName)
    , m_accounts(new QStringListModel(this))
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
    validate();
}

void TransferDialog::freshKey() { m_ui->key->setText(QUuid::createUuid().toString(QUuid::WithoutBraces)); }

void TransferDialog::loadAccounts()
{
    AccountQuery query;
    query.limit = kCompletionLimit + 1;
    m_jobs->run<Result<QList<Account>>>(
        this, [query](Store &s) { return s.accounts(query); },
        [this](Result<QList<Account>> list) {
            if (!list.ok())
                return; // completion is a comfort; the store will still say "unknown account"
            QStringList ids{kWorldAccount};
            m_known.clear();
            for (const Account &a : *list) {
                m_known.insert(a.id, a);
                if (a.id != kWorldAccount)
                    ids << a.id;
            }
            m_accountsComplete = list->size() <= kCompletionLimit;
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

std::optional<TransferRequest> TransferDialog::request() const
{
    if (m_legs)
        return checkLegsInput(legsInput(), m_scale).request;
    return checkTransferInput(input(), m_scale).request;
}

void TransferDialog::validate()
{
    if (m_legs) {
        const LegsInput in = legsInput();
        const LegsInputCheck check = checkLegsInput(in, m_scale);
        // Quiet until every leg has something in it: a leg being typed is not yet wrong.
        const bool typing =
            std::any_of(in.legs.cbegin(), in.legs.cend(), [](const LegInput &l) { return l.account.isEmpty() || l.amount.isEmpty(); });
        Error problem;
        for (const Error &e : check.legs) {
            if (problem.ok() && !e.ok())
                problem = e;
        }
        if (problem.ok())
            problem = check.balance;
        // Legs that make a request: what the store would refuse, as far as the dialog knows.
        if (problem.ok() && check.request)
            problem = foresee(*check.request);
        m_legs->showProblem(typing ? Error{} : problem);
        showError(m_ui->memoError, check.memo);
        showError(m_ui->keyError, check.key);
        m_ui->buttons->button(QDialogButtonBox::Ok)->setEnabled(check.request.has_value() && !m_submitting);
        return;
    }
    const TransferInput in = input();
    TransferInputCheck check = checkTransferInput(in, m_scale);
    // Knowing every account, an unknown one can be pointed out as it is typed — as a warning:
    // the account may have been created since this dialog opened, and the store decides.
    Error sourceWarning;
    Error destinationWarning;
    if (m_accountsComplete) {
        const QStringList known = m_accounts->stringList();
        if (check.source.ok() && !in.source.isEmpty() && !known.contains(in.source))
            sourceWarning = makeError(ErrorCode::UnknownAccount, tr("no account %1 (as far as this dialog knows)").arg(in.source));
        if (check.destination.ok() && !in.destination.isEmpty() && !known.contains(in.destination))
            destinationWarning =
                makeError(ErrorCode::UnknownAccount, tr("no account %1 (as far as this dialog knows)").arg(in.destination));
    }
    // An empty field the operator has not reached yet is not an error to shout about.
    const auto quietIfEmpty = [](const QString &text, const Error &e) { return text.isEmpty() ? Error{} : e; };
    if (!sourceWarning.ok())
        showError(m_ui->sourceError, sourceWarning, true);
    else
        showError(m_ui->sourceError, quietIfEmpty(in.source, check.source));
    if (!destinationWarning.ok())
        showError(m_ui->destinationError, destinationWarning, true);
    else
        showError(m_ui->destinationError, quietIfEmpty(in.destination, check.destination));
    // A request the store would refuse, as far as the dialog knows its accounts, says so now: a
    // warning, since the accounts may change before it is sent.
    const Error foreseen = check.request ? foresee(*check.request) : Error{};
    if (!foreseen.ok() && check.amount.ok())
        showError(m_ui->amountError, foreseen, true);
    else
        showError(m_ui->amountError, quietIfEmpty(in.amount, check.amount));
    showError(m_ui->memoError, check.memo);
    showError(m_ui->keyError, check.key);
    const bool valid = check.request.has_value();
    m_ui->buttons->button(QDialogButtonBox::Ok)->setEnabled(valid && !m_submitting);
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

Error TransferDialog::foresee(const TransferRequest &request) const
{
    if (m_known.isEmpty())
        return {};
    // In protocol order, debits first: the refusal the transfer would meet first.
    QList<TxLeg> legs = request.allLegs();
    std::stable_sort(legs.begin(), legs.end(),
                     [](const TxLeg &a, const TxLeg &b) { return a.side == LegSide::Debit && b.side != LegSide::Debit; });
    for (const TxLeg &leg : std::as_const(legs)) {
        const auto known = m_known.constFind(leg.accountId);
        if (known == m_known.cend())
            continue; // unknown here: said beside the field, and the store decides
        const rules::LegDecision decision = rules::hold(QString(), leg.accountId, std::nullopt, *known, leg.side, leg.amount, m_scale);
        if (!decision.refusal.ok())
            return decision.refusal;
    }
    return {};
}

QString TransferDialog::foreseenRefusal() const
{
    const std::optional<TransferRequest> r = request();
    const Error e = r ? foresee(*r) : Error{};
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
    const std::optional<TransferRequest> checked = request();
    if (!checked || m_submitting)
        return;
    m_submitting = true;
    validate();
    m_ui->banner->setText(tr("Transferring…"));
    setTone(m_ui->banner, std::nullopt);
    m_ui->banner->show();
    const CoordinatorOptions options = consoleCoordinatorOptions(m_operator);
    const TransferRequest request = *checked;
    m_jobs->run<TxOutcome>(
        this,
        [request, options](Store &s) {
            CoordinatorOptions o = options;
            o.beforeTakingOver = claimsHoldOffRetries(s); // submitting again leaves an operator's claim alone
            return Coordinator(s, o).transfer(request);
        },
        [this](TxOutcome o) {
            m_submitting = false;
            Q_EMIT submitted();
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
            if (usedUp)
                freshKey();
            validate();
        });
}

} // namespace ledger::app
