#include "repairdialog.h"
#include "widgets/tones.h"

#include "../consoleoptions.h"
#include "../widgets/repairpreview.h"
#include "ledger/identifiers.h"
#include "ui_repairdialog.h"

#include <QCheckBox>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
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
{
    m_ui->setupUi(this);
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
    {
        m_report = report;
        m_finished = true;
        m_stop->hide();
        if (!report.error.ok()) {
            m_ui->status->setText(QStringLiteral("%1 %2").arg(toned(Tone::Bad, tr("The repairs could not start:")),
                                                              report.error.localized().toHtmlEscaped()));
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
            // A compensation's outcome is the new transaction's: named, so it can be found.
            const bool other = item.outcome.tx && item.outcome.tx->id != item.id;
            const QString state = item.outcome.tx ? nameOf(item.outcome.tx->state) : tr("done");
            const QString outcome = item.outcome.ok()
                                      ? (other ? tr("%1 %2", "a compensation's id, then its state").arg(item.outcome.tx->id, state) : state)
                                            + (item.outcome.note.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(item.outcome.note))
                                      : QStringLiteral("%1: %2").arg(codeWord(item.outcome.error.code), item.outcome.error.localized());
            m_preview->setOutcome(item.id, outcome, item.outcome.ok());
        }
        QString text = tr("<b>%1</b> repaired, <b>%2</b> refused or failed.").arg(report.succeeded()).arg(report.failed());
        // A refusal that an operator can lift says how (a frozen account is the common one).
        const bool frozen = std::any_of(report.items.cbegin(), report.items.cend(),
                                        [](const BatchRepairItem &i) { return i.outcome.error.code == ErrorCode::AccountFrozen; });
        if (frozen) {
            text += tr(" An account is frozen: unfreeze it in Accounts (its row menu, with a reason), then repair again.");
            linkFrozenAccounts();
        }
        if (report.stopped)
            text += tr(" Stopped before the rest: %1 not started.").arg(m_preview->plan().eligibleCount() - report.items.size());
        m_ui->status->setText(text);
        updateButtons();
        Q_EMIT repairFinished();
    }
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
            m_ui->status->setText(m_ui->status->text() + QLatin1Char(' ') + tr("Frozen: %1.").arg(links.join(QStringLiteral(", "))));
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
