#include "recoverdialog.h"
#include "widgets/tones.h"

#include "../consoleoptions.h"
#include "../widgets/elidingdelegate.h"
#include "../widgets/repairpreview.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "operations/repairplan.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QTableWidget>
#include <QVBoxLayout>

namespace ledger::app {

RecoverDialog::RecoverDialog(StoreSession *session, qint64 stuckThresholdMs, const QString &operatorName, QWidget *parent)
    : QDialog(parent)
    , m_jobs(session->jobs())
    , m_threshold(stuckThresholdMs)
    , m_operator(operatorName)
    , m_recovery(session, this)
    , m_text(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_results(new QTableWidget(this))
    , m_accounts(new QTableWidget(this))
{
    setWindowTitle(tr("Recover all stuck transactions"));
    resize(760, 460);
    auto *layout = m_layout = new QVBoxLayout(this);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setText(tr("Takes over every unfinished transaction whose lease expired or that has been idle for more than "
                       "<b>%1</b>, and drives each to done (or canceled, if a hold is refused). Safe beside live workers: "
                       "whatever someone else moves first is left to them.")
                        .arg(duration::format(stuckThresholdMs)));
    layout->addWidget(m_text);
    auto *form = new QFormLayout;
    m_reason = new QLineEdit(this);
    m_reason->setPlaceholderText(tr("why — kept in the journal with your name"));
    m_reason->setAccessibleName(tr("Reason"));
    form->addRow(tr("Reaso&n"), m_reason);
    layout->addLayout(form);
    connect(m_reason, &QLineEdit::textChanged, this, &RecoverDialog::updateButtons);
    m_progress->setAccessibleName(tr("Recovery progress"));
    m_progress->hide();
    layout->addWidget(m_progress);
    connect(&m_recovery, &BackgroundJob::progress, this, [this](qint64 done, qint64 total) {
        m_progress->setRange(0, int(total));
        m_progress->setValue(int(done));
    });
    m_results->setColumnCount(6);
    m_results->setHorizontalHeaderLabels({tr("Transaction"), tr("State"), tr("Amount"), tr("Should end"), tr("Owner / lease"), tr("Idle")});
    m_results->horizontalHeader()->setStretchLastSection(true);
    m_results->verticalHeader()->hide();
    m_results->verticalHeader()->setDefaultSectionSize(m_results->fontMetrics().height() + 6);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->setAccessibleName(tr("Recovery results"));
    layout->addWidget(m_results, 2);
    // What recovering the listed ones does to each account, as a repair's preview says it.
    m_accounts->setColumnCount(3);
    m_accounts->setHorizontalHeaderLabels({tr("Account"), tr("Posted"), tr("Available")});
    m_accounts->horizontalHeader()->setStretchLastSection(true);
    m_accounts->verticalHeader()->hide();
    m_accounts->verticalHeader()->setDefaultSectionSize(m_accounts->fontMetrics().height() + 6);
    m_accounts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_accounts->setAccessibleName(tr("Accounts the recovery changes"));
    for (QTableWidget *t : {m_results, m_accounts})
        t->setItemDelegate(new ElidingDelegate(0, t)); // cut between words, never in a number or an id
    layout->addWidget(m_accounts, 1);
    m_claimWarning = new QLabel(this);
    m_claimWarning->setWordWrap(true);
    m_claimWarning->setTextFormat(Qt::RichText);
    m_claimWarning->hide();
    layout->addWidget(m_claimWarning);
    m_recoverAnyway = new QCheckBox(tr("Recover &anyway: I have spoken to them"), this);
    m_recoverAnyway->hide();
    connect(m_recoverAnyway, &QCheckBox::toggled, this, &RecoverDialog::updateButtons);
    layout->addWidget(m_recoverAnyway);
    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(tr("&Recover"), QDialogButtonBox::AcceptRole);
    m_stop = buttons->addButton(tr("&Stop"), QDialogButtonBox::ActionRole);
    m_close = buttons->addButton(QDialogButtonBox::Close);
    m_stop->hide();
    layout->addWidget(buttons);
    // The reason first: typing it must not move the selection in the list below.
    setTabOrder(m_reason, m_results);
    m_reason->setFocus();
    connect(m_start, &QPushButton::clicked, this, &RecoverDialog::start);
    connect(m_stop, &QPushButton::clicked, this, &RecoverDialog::stop);
    connect(m_close, &QPushButton::clicked, this, &RecoverDialog::reject);
    updateButtons();
    listCandidates();
}

void RecoverDialog::setReason(const QString &reason) { m_reason->setText(reason); }

void RecoverDialog::updateButtons()
{
    const bool reasonOk = checkText(m_reason->text(), tr("reason"), kMaxReasonLength, false).ok();
    // Someone else claimed some of the listed ones: recover only once the operator says they checked.
    const bool claimsHeard = m_recoverAnyway->isHidden() || m_recoverAnyway->isChecked();
    m_start->setEnabled(m_candidatesLoaded && m_candidateCount > 0 && reasonOk && claimsHeard && !m_recovery.isRunning() && !m_finished);
}

void RecoverDialog::listCandidates()
{
    // What recovery will take over, before anything is done: the same question recovery asks.
    TxQuery stuck;
    stuck.stuckOnly = true;
    stuck.stuckForMs = m_threshold;
    stuck.sortKey = TxSortKey::LastModified;
    struct Listing {
        Error error;
        qint64 count = 0;
        QList<Transaction> first;
        QDateTime now;
        RepairPlan plan; // resuming the listed ones: how each should end, what it does to accounts
        int scale = 2;
    };
    m_jobs->run<Listing>(
        this,
        [stuck](LedgerService &ledger) {
            Listing l;
            TxPageRequest first; // the first 500 and how many in all, read together
            first.query = stuck;
            first.query.limit = 500;
            first.withTotal = true;
            auto page = ledger.transactions(first);
            auto me = ledger.whoami();
            if (!page.ok() || !me.ok()) {
                l.error = page.ok() ? me.error() : page.error();
                return l;
            }
            if (!page->total) {
                l.error = page->totalError;
                return l;
            }
            l.count = *page->total;
            l.first = page->rows;
            l.now = page->now;
            QStringList ids;
            for (const Transaction &t : std::as_const(l.first))
                ids << t.id;
            l.plan = ledger.planRepair(OperatorAction::Resume, ids);
            l.scale = me->scale;
            return l;
        },
        [this](Listing l) {
            if (!l.error.ok()) {
                m_text->setText(
                    QStringLiteral("%1 %2").arg(toned(Tone::Bad, tr("Cannot list what is stuck:")), l.error.localized().toHtmlEscaped()));
                return;
            }
            m_candidatesLoaded = true;
            m_candidateCount = l.count;
            QHash<QString, PlannedRepair> planned;
            for (const PlannedRepair &p : std::as_const(l.plan.items))
                planned.insert(p.id, p);
            m_results->setRowCount(int(l.first.size()));
            for (int r = 0; r < l.first.size(); ++r) {
                const Transaction &t = l.first.at(r);
                const QString lease = t.owner.isEmpty() ? tr("never claimed")
                                    : t.leaseUntil.isValid() && t.leaseUntil < l.now
                                        ? tr("%1, lease expired %2 ago")
                                              .arg(t.owner.section(QLatin1Char('/'), 0, 0), duration::format(t.leaseUntil.msecsTo(l.now)))
                                        : tr("%1, lease running").arg(t.owner.section(QLatin1Char('/'), 0, 0));
                const PlannedRepair p = planned.value(t.id);
                auto *amount = new QTableWidgetItem(money::format(t.amount, l.scale));
                amount->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                // The protocol's word for the end, and why when it may be refused.
                auto *end = new QTableWidgetItem(p.expected ? tr("→ %1").arg(nameOf(*p.expected)) : QString());
                end->setToolTip(p.why);
                m_results->setItem(r, 0, new QTableWidgetItem(t.id));
                m_results->setItem(r, 1, new QTableWidgetItem(nameOf(t.state)));
                m_results->setItem(r, 2, amount);
                m_results->setItem(r, 3, end);
                m_results->setItem(r, 4, new QTableWidgetItem(lease));
                m_results->setItem(r, 5, new QTableWidgetItem(duration::format(t.lastModified.msecsTo(l.now))));
            }
            m_results->resizeColumnsToContents();
            m_accounts->setRowCount(int(l.plan.accounts.size()));
            for (int r = 0; r < l.plan.accounts.size(); ++r) {
                const AccountImpact &a = l.plan.accounts.at(r);
                m_accounts->setItem(r, 0, new QTableWidgetItem(a.id));
                m_accounts->setItem(r, 1, new QTableWidgetItem(changeText(a.balanceBefore, a.balanceAfter, l.scale)));
                m_accounts->setItem(r, 2, new QTableWidgetItem(changeText(a.availableBefore(), a.availableAfter(), l.scale)));
            }
            m_accounts->resizeColumnsToContents();
            fitWithin(screen()->availableGeometry());
            const QString warning = claimWarningHtml(l.plan, m_operator);
            m_claimWarning->setText(warning);
            m_claimWarning->setVisible(!warning.isEmpty());
            m_recoverAnyway->setVisible(!warning.isEmpty());
            m_text->setText(l.count == 0 ? tr("Nothing is stuck.")
                                         : tr("<b>%Ln</b> transaction(s) are stuck%1. Recovery takes each over and drives it to done "
                                              "(or canceled, if a hold is refused); whatever someone else moves first is left to them.",
                                              nullptr, int(qMin<qint64>(l.count, INT_MAX)))
                                               .arg(l.count > l.first.size() ? tr(" (the %1 idle longest are listed)").arg(l.first.size())
                                                                             : QString()));
            updateButtons();
            Q_EMIT candidatesListed();
        });
}

namespace {
// The size a table needs for its columns, and for `rows` of its rows.
int neededWidth(const QTableWidget *t)
{
    // The last section stretches, but not below the header's default size.
    const QHeaderView *h = t->horizontalHeader();
    const int last = h->sectionSize(h->count() - 1);
    return h->length() - last + qMax(last, h->defaultSectionSize()) + 2 * t->frameWidth() + t->verticalScrollBar()->sizeHint().width();
}
int neededHeight(const QTableWidget *t, int rows)
{
    return t->horizontalHeader()->sizeHint().height() + rows * t->verticalHeader()->defaultSectionSize() + 2 * t->frameWidth()
         + t->horizontalScrollBar()->sizeHint().height();
}
} // namespace

void RecoverDialog::fitWithin(const QRect &available)
{
    constexpr int kRowsShown = 15; // of the transactions; every account, up to a screenful
    const int resultRows = qMax(1, qMin(m_results->rowCount(), kRowsShown));
    const int accountRows = qMax(1, m_accounts->rowCount());
    // Spare height goes where rows are waiting for it.
    m_layout->setStretchFactor(m_results, resultRows);
    m_layout->setStretchFactor(m_accounts, accountRows);
    m_layout->activate(); // the tables' sizes in the dialog as it is now
    const int aroundWidth = width() - m_results->width();
    const int aroundHeight = height() - m_results->height() - m_accounts->height();
    const QSize wanted(qMax(width(), qMax(neededWidth(m_results), neededWidth(m_accounts)) + aroundWidth),
                       qMax(height(), aroundHeight + neededHeight(m_results, resultRows) + neededHeight(m_accounts, accountRows)));
    const QSize frame = frameGeometry().size() - geometry().size();
    resize(wanted.boundedTo(available.size() - frame));
    // Still wholly on the screen after growing.
    QRect placed = frameGeometry();
    placed.moveLeft(qBound(available.left(), placed.left(), qMax(available.left(), available.right() - placed.width() + 1)));
    placed.moveTop(qBound(available.top(), placed.top(), qMax(available.top(), available.bottom() - placed.height() + 1)));
    move(placed.topLeft());
}

void RecoverDialog::start()
{
    if (m_recovery.isRunning() || m_finished || !m_start->isEnabled())
        return;
    m_start->setEnabled(false);
    m_stop->show();
    m_progress->setRange(0, 0); // busy until the first number comes
    m_progress->show();

    RecoverRequest request;
    request.olderThanMs = m_threshold;
    request.threads = 4;
    // The dialog showed what others claimed and asked before Start: what is started takes them.
    request.takeClaimed = true;
    request.reason = m_reason->text().trimmed();
    m_reason->setEnabled(false);
    // The run opens its own connections on its own pool; this job only waits for it.
    m_recovery.run<RecoveryReport>(
        [request](LedgerService &ledger, const JobControl &control) {
            return ledger
                .recover(
                    request, [control](qint64 done, qint64 total) { control.progress(done, total); }, control.stopTest())
                .report;
        },
        [this](RecoveryReport report) { showReport(report); });
    updateButtons();
}

void RecoverDialog::showReport(const RecoveryReport &report)
{
    {
        m_report = report;
        m_finished = true;
        m_stop->hide();
        m_progress->setRange(0, int(qMax<qint64>(1, report.candidates)));
        m_progress->setValue(int(report.items.size())); // after a Stop: how far it got
        updateButtons();
        if (!report.error.ok()) {
            m_text->setText(
                QStringLiteral("%1 %2").arg(toned(Tone::Bad, tr("Recovery could not run:")), report.error.localized().toHtmlEscaped()));
            Q_EMIT recoveryFinished();
            return;
        }
        // The results replace the plan: what happened, not what should.
        m_accounts->hide();
        m_results->setColumnCount(4);
        m_results->setHorizontalHeaderLabels({tr("Transaction"), tr("Was"), tr("Outcome"), tr("Note")});
        m_results->setRowCount(int(report.items.size()));
        for (int r = 0; r < report.items.size(); ++r) {
            const RecoveredItem &i = report.items.at(r);
            m_results->setItem(r, 0, new QTableWidgetItem(i.id));
            m_results->setItem(r, 1, new QTableWidgetItem(nameOf(i.fromState)));
            m_results->setItem(r, 2, new QTableWidgetItem(nameOf(i.outcome)));
            m_results->setItem(r, 3, new QTableWidgetItem(i.message));
        }
        m_results->resizeColumnsToContents();
        QString text = report.candidates == 0
                         ? tr("Nothing was stuck.")
                         : tr("<b>%1</b> stuck: <b>%2</b> done, <b>%3</b> canceled, <b>%4</b> moved by someone else, <b>%5</b> failed.")
                               .arg(report.candidates)
                               .arg(report.count(RecoveryOutcome::Done))
                               .arg(report.count(RecoveryOutcome::Canceled))
                               .arg(report.count(RecoveryOutcome::Moved))
                               .arg(report.unfinished());
        if (report.stopped)
            text += tr(" Stopped: %1 not started.").arg(report.notStarted);
        m_text->setText(text);
        Q_EMIT recoveryFinished();
    }
}

void RecoverDialog::stop() { m_recovery.stop(); }

void RecoverDialog::reject()
{
    if (m_recovery.isRunning()) {
        stop();
        return;
    }
    QDialog::reject();
}

} // namespace ledger::app
