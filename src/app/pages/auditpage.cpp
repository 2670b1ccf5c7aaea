#include "auditpage.h"
#include "../widgets/elidingdelegate.h"
#include "../widgets/tones.h"

#include "ledger/money.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace ledger::app {

AuditPage::AuditPage(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_job(session, this)
    , m_model(new FindingsModel(this))
    , m_run(new QPushButton(tr("&Run audit"), this))
    , m_stop(new QPushButton(tr("&Stop"), this))
    , m_busy(new QProgressBar(this))
    , m_summary(new QLabel(this))
    , m_invariants(new QLabel(this))
    , m_table(new QTableView(this))
    , m_links(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addWidget(m_stop);
    top->addWidget(m_busy);
    top->addWidget(m_summary, 1);
    m_stop->hide();
    m_busy->hide();
    m_busy->setRange(0, 0); // a scan of the whole store: busy until it answers
    m_busy->setMaximumWidth(120);
    connect(m_stop, &QPushButton::clicked, this, &AuditPage::stop);
    layout->addLayout(top);
    m_invariants->setTextFormat(Qt::RichText);
    m_invariants->setAccessibleName(tr("Invariants checked"));
    m_invariants->hide();
    layout->addWidget(m_invariants);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_links);
    // A clean audit hides the table: the summary and the invariants stay at the top, not mid-page.
    layout->addStretch(0);
    m_summary->setWordWrap(true);
    m_summary->setText(tr("The audit checks the six invariants of the ledger over every account, leg marker and transaction."));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setItemDelegate(new ElidingDelegate(0, m_table)); // cut between words, never in a number or an id
    m_table->setAccessibleName(tr("Audit findings"));
    m_table->setTabKeyNavigation(false); // Tab goes on to the finding's links
    m_links->setAccessibleName(tr("Documents involved"));
    m_links->setTextFormat(Qt::RichText);
    m_links->setWordWrap(true);
    // Tab reaches the links and Enter follows one, as the mouse does.
    m_links->setTextInteractionFlags(Qt::LinksAccessibleByKeyboard | Qt::LinksAccessibleByMouse);
    m_links->setFocusPolicy(Qt::StrongFocus);
    connect(m_table, &QTableView::activated, this, [this](const QModelIndex &index) {
        const QStringList txs = m_model->data(index.siblingAtColumn(0), FindingsModel::TransactionIdsRole).toStringList();
        const QStringList accounts = m_model->data(index.siblingAtColumn(0), FindingsModel::AccountIdsRole).toStringList();
        if (!txs.isEmpty())
            Q_EMIT transactionLinkActivated(txs.first());
        else if (!accounts.isEmpty())
            Q_EMIT accountLinkActivated(accounts.first());
    });
    m_run->setAccessibleName(tr("Run audit"));
    connect(m_run, &QPushButton::clicked, this, &AuditPage::runAudit);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &AuditPage::showLinks);
    connect(m_links, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("tx:")))
            Q_EMIT transactionLinkActivated(link.mid(3));
        else if (link.startsWith(QLatin1String("account:")))
            Q_EMIT accountLinkActivated(link.mid(8));
    });
    connect(session, &StoreSession::opened, this, &AuditPage::reset);
    connect(session, &StoreSession::closed, this, &AuditPage::reset);
    reset();
}

void AuditPage::reset()
{
    m_model->setFindings({});
    m_links->clear();
    m_invariants->hide();
    m_table->show();
    m_summary->setText(tr("The audit checks the six invariants of the ledger over every account, leg marker and transaction."));
    m_run->setEnabled(m_session->isOpen());
    m_stop->hide();
    m_busy->hide();
}

void AuditPage::runAudit()
{
    if (!m_session->isOpen() || m_job.isRunning())
        return;
    m_run->setEnabled(false);
    m_stop->show();
    m_busy->show();
    m_summary->setText(tr("Auditing every account, leg marker and transaction…"));
    m_job.run<AuditReport>([](LedgerService &ledger, const JobControl &control) { return ledger.audit(control.stopTest()); },
                           [this](AuditReport report) { showReport(report); });
}

void AuditPage::showReport(const AuditReport &report)
{
    const int scale = m_session->scale();
    {
        m_run->setEnabled(true);
        m_stop->hide();
        m_busy->hide();
        if (report.error.code == ErrorCode::Interrupted) {
            m_summary->setText(tr("Stopped before the end: no verdict."));
            Q_EMIT finished(false);
            return;
        }
        if (!report.error.ok()) {
            m_summary->setText(
                QStringLiteral("%1 %2").arg(toned(Tone::Bad, tr("The audit could not run:")), report.error.localized().toHtmlEscaped()));
            Q_EMIT finished(false);
            return;
        }
        m_model->setFindings(report.findings);
        QString scope = tr("%1 accounts, %2 transactions (%3 in flight), %4 leg markers; balances sum to %5")
                            .arg(report.accounts)
                            .arg(report.transactions)
                            .arg(report.inFlight)
                            .arg(report.legs)
                            .arg(money::format(report.wholeSum(), scale));
        // A total that only comes to zero with the transfers being posted says so and names them.
        if (!report.committedInFlight.isEmpty())
            scope += QStringLiteral(" (")
                   + tr("every transaction counted whole: %1 as posted, %2 not posted yet by %n transaction(s) being finished: %3", nullptr,
                        int(report.committedInFlight.size()))
                         .arg(money::format(report.balanceSum, scale), money::format(report.halfPostedAdjust, scale),
                              report.committedInFlight.mid(0, 5).join(QStringLiteral(", ")).toHtmlEscaped())
                   + QLatin1Char(')');
        m_summary->setText(
            report.clean()
                ? QStringLiteral("%1 %2").arg(toned(Tone::Good, tr("Clean:")), tr("all six invariants hold. %1.").arg(scope))
                : QStringLiteral("%1 %2.").arg(toned(Tone::Bad, tr("%n finding(s).", nullptr, int(report.findings.size()))), scope));
        // What was checked, each with its verdict: a clean audit is six ticks, not an empty table.
        const QStringList names{tr("Conservation: the balances sum to zero, every transaction counted whole"),
                                tr("Each account's pending amounts equal its held markers"),
                                tr("No account but @world below zero"),
                                tr("Every transaction's markers agree with its state"),
                                tr("No hold is left on a finished or missing transaction"),
                                tr("Compensations and originals link to each other, one per original")};
        QString list;
        for (int i = 0; i < names.size(); ++i) {
            const int found = int(std::count_if(report.findings.cbegin(), report.findings.cend(),
                                                [i](const AuditFinding &f) { return f.invariant == i + 1; }));
            list += found == 0 ? QStringLiteral("✔ %1. %2<br/>").arg(i + 1).arg(names.at(i).toHtmlEscaped())
                               : QStringLiteral("✘ %1. %2 — <b>%3</b><br/>")
                                     .arg(i + 1)
                                     .arg(names.at(i).toHtmlEscaped(), tr("%n finding(s)", nullptr, found));
        }
        m_invariants->setText(list);
        m_invariants->show();
        m_table->setVisible(!report.clean());
        m_table->resizeColumnsToContents();
        Q_EMIT finished(report.clean());
    }
}

QString AuditPage::invariantsText() const { return m_invariants->text(); }

void AuditPage::stop()
{
    if (!m_job.isRunning())
        return;
    m_job.stop();
    m_summary->setText(tr("Stopping…"));
}

void AuditPage::showLinks()
{
    const QModelIndex current = m_table->currentIndex();
    if (!current.isValid()) {
        m_links->clear();
        return;
    }
    QStringList links;
    for (const QString &id : m_model->data(current.siblingAtColumn(0), FindingsModel::TransactionIdsRole).toStringList())
        links << QStringLiteral("<a href='tx:%1'>%1</a>").arg(id.toHtmlEscaped());
    for (const QString &id : m_model->data(current.siblingAtColumn(0), FindingsModel::AccountIdsRole).toStringList())
        links << QStringLiteral("<a href='account:%1'>account %1</a>").arg(id.toHtmlEscaped());
    m_links->setText(links.isEmpty() ? tr("This finding concerns the whole ledger.")
                                     : tr("Documents involved: ") + links.join(QStringLiteral(", ")));
}

} // namespace ledger::app
