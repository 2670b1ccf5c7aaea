#include "repairdialog.h"
#include "widgets/tones.h"

#include "../approvalwords.h"
#include "../consoleoptions.h"
#include "../widgets/repairpreview.h"
#include "ledger/identifiers.h"
#include "ui_repairdialog.h"

#include <QCheckBox>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

namespace ledger::app {

QString actionTitle(OperatorAction action)
{
    switch (action) {
    case OperatorAction::Resume: return QObject::tr("Resume");
    case OperatorAction::Cancel: return QObject::tr("Cancel");
    case OperatorAction::Compensate: return QObject::tr("Compensate");
    }
    return QString();
}

RepairDialog::RepairDialog(StoreSession *session, const QString &operatorName, OperatorAction action, const QStringList &txIds,
                           QWidget *parent)
    : QDialog(parent)
    , m_ui(new Ui::RepairDialog)
    , m_jobs(session->jobs())
    , m_scale(session->scale())
    , m_operator(operatorName)
    , m_action(action)
    , m_ids(txIds)
    , m_preview(new RepairPreview)
    , m_repairs(session, this)
    , m_session(session)
    , m_approvalNote(new QLabel(this))
{
    m_ui->setupUi(this);
    m_approvalNote->setObjectName(QStringLiteral("approvalNote"));
    m_approvalNote->setWordWrap(true);
    m_approvalNote->hide();
    setTone(m_approvalNote, Tone::Info);
    m_ui->verticalLayout->insertWidget(1, m_approvalNote); // under the heading: before anything is typed
    connect(session, &StoreSession::approvalRulesRead, this, &RepairDialog::showApprovalNote);
    auto *host = new QVBoxLayout(m_ui->previewHost);
    host->setContentsMargins(0, 0, 0, 0);
    host->addWidget(m_preview);
    setWindowTitle(tr("%1 %n transaction(s)", "", int(txIds.size())).arg(actionTitle(action)));
    const QString what = action == OperatorAction::Resume ? tr("drives each to done, or to canceled if a hold is refused")
                       : action == OperatorAction::Cancel ? tr("releases every hold; no money moves")
                                                          : tr("moves the money of each back in a new compensation transfer");
    m_ui->heading->setText(tr("<b>%1</b> %2. Check the preview, give a reason, then repair.").arg(actionTitle(action), what));
    m_repair = m_ui->buttons->addButton(tr("&Repair"), QDialogButtonBox::AcceptRole);
    m_stop = m_ui->buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    m_stop->hide();
    m_ui->progress->hide();
    connect(&m_repairs, &BackgroundJob::progress, this, [this](qint64 done, qint64 total) {
        m_ui->progress->setValue(int(done));
        m_ui->status->setText(tr("Repaired %1 of %2…").arg(done).arg(total));
    });
    m_ui->claimWarning->hide();
    m_ui->repairAnyway->hide();
    connect(m_ui->repairAnyway, &QCheckBox::toggled, this, &RepairDialog::updateButtons);
    connect(m_repair, &QPushButton::clicked, this, &RepairDialog::startRepair);
    connect(m_stop, &QPushButton::clicked, this, &RepairDialog::stop);
    connect(m_ui->buttons, &QDialogButtonBox::rejected, this, &RepairDialog::reject);
    connect(m_ui->reason, &QLineEdit::textChanged, this, &RepairDialog::updateButtons);
    connect(m_ui->status, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("account:")))
            Q_EMIT accountLinkActivated(link.mid(8));
    });
    updateButtons();
    loadPlan();
}

RepairDialog::~RepairDialog() = default;

void RepairDialog::setReason(const QString &reason) { m_ui->reason->setText(reason); }

void RepairDialog::setTransactions(const QList<Transaction> &known)
{
    for (const Transaction &tx : known)
        m_amounts.insert(tx.id, tx.amount);
    showApprovalNote();
}

QString RepairDialog::approvalNote() const { return m_approvalNote->isVisible() ? m_approvalNote->text() : QString(); }

void RepairDialog::showApprovalNote()
{
    const std::optional<ApprovalRules> &rules = m_session->approvalRules();
    QString first;
    int waiting = 0;
    int unknown = 0;
    int eligible = 0;
    if (rules && rules->any() && m_planReady) {
        for (const PlannedRepair &p : m_preview->plan().items) {
            if (!p.eligible)
                continue;
            ++eligible;
            if (!m_amounts.contains(p.id)) {
                ++unknown;
                continue;
            }
            const QString rule = repairHeldBy(*rules, m_action, p.from, m_amounts.value(p.id), m_scale);
            if (rule.isEmpty())
                continue;
            ++waiting;
            if (first.isEmpty())
                first = rule;
        }
    }
    QString text = waiting == 0 ? QString()
                 : eligible == 1
                     ? waitsForApproval(first)
                     : tr("Held back for a second person's approval: %1 of these %2 (rule: %3)").arg(waiting).arg(eligible).arg(first);
    if (unknown > 0)
        text += (text.isEmpty() ? QString() : QStringLiteral(" "))
              + tr("%n not read yet: whether each waits for approval is said once repaired", "", unknown);
    m_approvalNote->setText(text);
    m_approvalNote->setVisible(!text.isEmpty());
}

void RepairDialog::loadPlan(const std::function<void(const RepairPlan &)> &then)
{
    const OperatorAction action = m_action;
    const QStringList ids = m_ids;
    m_jobs->run<RepairPlan>(
        this, [action, ids](LedgerService &ledger) { return ledger.planRepair(action, ids); },
        [this, then](RepairPlan plan) {
            m_preview->setPlan(plan, m_scale);
            m_planReady = plan.error.ok();
            showClaims(plan);
            showApprovalNote();
            updateButtons();
            Q_EMIT planLoaded();
            if (then)
                then(plan);
        });
}

void RepairDialog::showClaims(const RepairPlan &plan)
{
    // Someone else said they are on some of these: say who and since when, and repair only once
    // the operator says they have checked with them.
    const QString warning = claimWarningHtml(plan, m_operator);
    const bool warn = !warning.isEmpty();
    m_ui->claimWarning->setText(warning);
    m_ui->claimWarning->setVisible(warn);
    if (warn != m_ui->repairAnyway->isVisible())
        m_ui->repairAnyway->setChecked(false);
    m_ui->repairAnyway->setVisible(warn);
}

void RepairDialog::updateButtons()
{
    const bool reasonOk =
        !m_ui->reason->text().trimmed().isEmpty() && checkText(m_ui->reason->text(), tr("reason"), kMaxReasonLength, false).ok();
    const bool claimsHeard = m_ui->repairAnyway->isHidden() || m_ui->repairAnyway->isChecked();
    m_repair->setEnabled(m_planReady && !m_repairs.isRunning() && !m_checking && !m_finished && reasonOk && claimsHeard
                         && m_preview->plan().eligibleCount() > 0);
    // Every one skipped (already compensated, finished meanwhile): nothing will be journaled, so
    // no reason is asked for, and the dialog says why there is nothing to do.
    const bool nothingToDo = m_planReady && !m_repairs.isRunning() && !m_finished && m_preview->plan().eligibleCount() == 0;
    if (!m_repairs.isRunning() && !m_finished)
        m_ui->reason->setEnabled(!nothingToDo);
    if (!m_finished && !m_repairs.isRunning() && !m_checking)
        m_ui->status->setText(
            nothingToDo    ? tr("Nothing to repair: the %n selected transaction(s) would be skipped, each for the reason "
                                   "shown above. No reason is needed.",
                                nullptr, int(m_preview->plan().items.size()))
            : !reasonOk    ? tr("A reason is required: it goes into the journal with your name (%1).").arg(m_operator.toHtmlEscaped())
            : !claimsHeard ? tr("Someone else claimed some of these: tick “Repair anyway” once you have spoken to them.")
                           : QString());
}

void RepairDialog::startRepair()
{
    if (!m_repair->isEnabled() || m_checking)
        return;
    // The preview may be minutes old: what the operator confirmed must still be what happens.
    const QStringList confirmed = m_preview->plan().eligibleIds();
    QList<std::optional<TxState>> expected;
    for (const PlannedRepair &p : m_preview->plan().items)
        expected << p.expected;
    // Whom the operator said they had spoken to: a claim made since is news, and is asked about.
    const auto claimKeys = [this](const RepairPlan &plan) {
        QStringList keys;
        for (const OperatorClaim &c : plan.claimsByOthers(m_operator))
            keys << QStringLiteral("%1/%2/%3").arg(c.txId, c.by, formatTimestamp(c.at));
        return keys;
    };
    const QStringList confirmedClaims = claimKeys(m_preview->plan());
    m_checking = true;
    m_repair->setEnabled(false);
    m_ui->status->setText(tr("Checking that nothing changed since the preview…"));
    // showClaims must not untick what the operator ticked while the plan is read again: the
    // comparison below decides.
    const bool anyway = m_ui->repairAnyway->isChecked();
    loadPlan([this, confirmed, expected, confirmedClaims, claimKeys, anyway](const RepairPlan &now) {
        m_checking = false;
        QList<std::optional<TxState>> nowExpected;
        for (const PlannedRepair &p : now.items)
            nowExpected << p.expected;
        if (claimKeys(now) != confirmedClaims) {
            m_ui->repairAnyway->setChecked(false);
            m_ui->status->setText(tr("<b>Someone claimed one of these since the preview.</b> Check who, then tick Repair anyway again."));
            updateButtons();
            return;
        }
        m_ui->repairAnyway->setChecked(anyway);
        if (!now.error.ok() || now.eligibleIds() != confirmed || nowExpected != expected) {
            m_ui->status->setText(tr("<b>The store changed since the preview.</b> Check the new preview, then press Repair again."));
            updateButtons();
            return;
        }
        runRepairs(confirmed);
    });
}

void RepairDialog::runRepairs(const QStringList &ids)
{
    m_ui->reason->setEnabled(false);
    m_ui->progress->setRange(0, int(ids.size()));
    m_ui->progress->setValue(0);
    m_ui->progress->show();
    m_stop->show();
    m_ui->status->setText(tr("Repairing %n transaction(s)…", "", int(ids.size())));
    updateButtons();

    BatchRepairOptions options;
    options.action = m_action;
    options.reason = m_ui->reason->text().trimmed();
    m_repairs.run<BatchRepairReport>(
        [ids, options](LedgerService &ledger, const JobControl &control) {
            BatchRepairOptions o = options;
            o.shouldStop = control.stopTest();
            o.progress = [control](int done, int total) { control.progress(done, total); };
            return ledger.repairMany(ids, o);
        },
        [this](BatchRepairReport report) { showReport(report); });
    updateButtons();
}

void RepairDialog::showReport(const BatchRepairReport &report)
{
    m_report = report;
    m_finished = true;
    m_stop->hide();
    if (!report.error.ok()) {
        m_ui->status->setText(
            QStringLiteral("%1 %2").arg(toned(Tone::Bad, tr("The repairs could not start:")), report.error.localized().toHtmlEscaped()));
        updateButtons();
        Q_EMIT repairFinished();
        return;
    }
    m_preview->setRepaired();
    // A finished transaction's claim ended with it (operations/claims.h): the warning speaks
    // only of the claims that still stand.
    RepairPlan standing = m_preview->plan();
    for (PlannedRepair &p : standing.items) {
        const auto repaired =
            std::find_if(report.items.cbegin(), report.items.cend(), [&p](const BatchRepairItem &i) { return i.id == p.id; });
        if (repaired != report.items.cend() && repaired->outcome.tx && repaired->outcome.tx->id == p.id
            && isTerminal(repaired->outcome.tx->state))
            p.claim.reset();
    }
    showClaims(standing);
    for (const BatchRepairItem &item : report.items) {
        // Sent to a ledger service that stopped before it answered: may or may not be done.
        if (item.outcome.error.code == ErrorCode::ServiceUnavailable)
            m_lost << item.id;
        showOutcome(item);
    }
    // A refusal that an operator can lift says how (a frozen account is the common one).
    if (std::any_of(report.items.cbegin(), report.items.cend(),
                    [](const BatchRepairItem &i) { return i.outcome.error.code == ErrorCode::AccountFrozen; }))
        linkFrozenAccounts();
    showSummary();
    updateButtons();
    Q_EMIT repairFinished();
    if (!m_lost.isEmpty())
        readBackLost();
}

void RepairDialog::showOutcome(const BatchRepairItem &item)
{
    if (const auto held = heldBackId(item.outcome)) { // held back by the rules: a request someone else decides, nothing failed
        m_preview->setOutcome(item.id, heldBackText(*held), Tone::Info);
        return;
    }
    if (m_lost.contains(item.id)) {
        m_preview->setOutcome(item.id, tr("may or may not have been applied: the ledger service did not answer; read back once it answers"),
                              Tone::Warn);
        return;
    }
    // A compensation's outcome is the new transaction's: named, so it can be found.
    const bool other = item.outcome.tx && item.outcome.tx->id != item.id;
    const QString state = item.outcome.tx ? nameOf(item.outcome.tx->state) : tr("done");
    const QString outcome = item.outcome.ok()
                              ? (other ? tr("%1 %2", "a compensation's id, then its state").arg(item.outcome.tx->id, state) : state)
                                    + (item.outcome.note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(item.outcome.note))
                              : QStringLiteral("%1: %2").arg(codeWord(item.outcome.error.code), item.outcome.error.localized());
    m_preview->setOutcome(item.id, outcome, item.outcome.ok() ? Tone::Good : Tone::Bad);
}

void RepairDialog::showSummary()
{
    const int lost = int(m_lost.size());
    const int notRepaired = int(m_notRepaired.size());
    const int held = int(std::count_if(m_report.items.cbegin(), m_report.items.cend(),
                                       [](const BatchRepairItem &i) { return heldBackId(i.outcome).has_value(); }));
    const int failed = m_report.failed() - lost - notRepaired - held;
    QString text = lost > 0 ? tr("<b>%1</b> repaired, <b>%2</b> refused or failed, <b>%3</b> may or may not have been applied: the "
                                 "ledger service did not answer; they are read back once it answers.")
                                  .arg(m_report.succeeded())
                                  .arg(failed)
                                  .arg(lost)
                 : notRepaired > 0 ? tr("<b>%1</b> repaired, <b>%2</b> refused or failed, <b>%3</b> not repaired: the ledger service "
                                        "stopped during the repairs (read back once it answered again); repair them again.")
                                         .arg(m_report.succeeded())
                                         .arg(failed)
                                         .arg(notRepaired)
                                   : tr("<b>%1</b> repaired, <b>%2</b> refused or failed.").arg(m_report.succeeded()).arg(failed);
    if (std::any_of(m_report.items.cbegin(), m_report.items.cend(),
                    [](const BatchRepairItem &i) { return i.outcome.error.code == ErrorCode::AccountFrozen; }))
        text += tr(" An account is frozen: unfreeze it in Accounts (its row menu, with a reason), then repair again.");
    if (held > 0)
        text +=
            QLatin1Char(' ') + tr("%n held back for a second person's approval: another person decides under Awaiting approval.", "", held);
    if (m_report.stopped)
        text += tr(" Stopped before the rest: %1 not started.").arg(m_preview->plan().eligibleCount() - m_report.items.size());
    if (!m_frozenLinks.isEmpty())
        text += QLatin1Char(' ') + m_frozenLinks;
    if (lost > 0 && m_readBackError.code == ErrorCode::ServiceUnavailable)
        text += tr(" The ledger service still does not answer: asked again every few seconds.");
    else if (lost > 0 && !m_readBackError.ok())
        text += tr(" Reading them back failed (%1): open each to see what became of it.").arg(m_readBackError.localized().toHtmlEscaped());
    m_ui->status->setText(text);
}

QString RepairDialog::statusText() const { return m_ui->status->text(); }

void RepairDialog::readBackLost()
{
    // What the service says of them once it answers. While it cannot be reached (each read is
    // tried again for some seconds first), asked again a little later, for as long as the dialog
    // is up.
    struct ReadBack {
        Error error;
        QList<TransactionDetail> found;
    };
    const QStringList ids = m_lost;
    m_jobs->run<ReadBack>(
        this,
        [ids](LedgerService &ledger) {
            ReadBack r;
            for (const QString &id : ids) {
                auto detail = ledger.transaction(id);
                if (!detail.ok()) {
                    r.error = detail.error();
                    break;
                }
                r.found << *detail;
            }
            return r;
        },
        [this](ReadBack r) {
            if (!r.error.ok()) {
                m_readBackError = r.error;
                showSummary();
                constexpr int kAgainMs = 2000;
                if (r.error.code == ErrorCode::ServiceUnavailable && isVisible())
                    QTimer::singleShot(kAgainMs, this, &RepairDialog::readBackLost);
                return;
            }
            for (const TransactionDetail &found : r.found) {
                auto item = std::find_if(m_report.items.begin(), m_report.items.end(),
                                         [&found](const BatchRepairItem &i) { return i.id == found.tx.id; });
                if (item == m_report.items.end())
                    continue;
                m_lost.removeAll(found.tx.id);
                if (auto done = foundRepaired(m_action, found)) {
                    item->outcome = *done;
                    item->outcome.note = tr("found so once the ledger service answered again");
                    showOutcome(*item);
                } else {
                    m_notRepaired << found.tx.id;
                    m_preview->setOutcome(found.tx.id,
                                          tr("not repaired: found %1 once the ledger service answered again").arg(nameOf(found.tx.state)),
                                          Tone::Bad);
                }
            }
            showSummary();
            Q_EMIT lostAnswersReadBack();
        });
}

void RepairDialog::linkFrozenAccounts()
{
    // The refusal names the account in words only: read which of the accounts involved are
    // frozen, and offer each as a link to its row in Accounts.
    QStringList ids;
    for (const AccountImpact &a : m_preview->plan().accounts)
        ids << a.id;
    m_jobs->run<Result<QList<Account>>>(
        this, [ids](LedgerService &ledger) { return ledger.accountsNamed(ids); },
        [this](Result<QList<Account>> accounts) {
            if (!accounts.ok())
                return;
            QStringList links;
            for (const Account &a : *accounts) {
                if (a.status == AccountStatus::Frozen)
                    links << QStringLiteral("<a href='account:%1'>%1</a>").arg(a.id.toHtmlEscaped());
            }
            if (links.isEmpty())
                return;
            m_frozenLinks = tr("Frozen: %1.").arg(links.join(QStringLiteral(", ")));
            showSummary();
            Q_EMIT frozenAccountsLinked();
        });
}

void RepairDialog::stop()
{
    if (!m_repairs.isRunning())
        return;
    m_repairs.stop();
    m_ui->status->setText(tr("Stopping after the current transaction…"));
}

void RepairDialog::reject()
{
    if (m_repairs.isRunning()) { // do not walk away from a running repair: stop it first
        stop();
        return;
    }
    QDialog::reject();
}

} // namespace ledger::app
