#include "overviewpage.h"

#include "../widgets/dashboard.h"

#include <QVBoxLayout>

namespace ledger::app {

OverviewPage::OverviewPage(StoreSession *session, QWidget *parent)
    : QWidget(parent)
    , m_session(session)
    , m_job(session, this)
    , m_dashboard(new Dashboard(this))
{
    m_job.setCoalescing(true); // as the navigator's counts (MainWindow::refreshCounts)
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_dashboard);
}

void OverviewPage::refresh()
{
    if (!m_session->isOpen())
        return;
    const qint64 threshold = m_thresholdMs;
    m_job.run<Result<Overview>>([threshold](LedgerService &ledger) { return ledger.overview(threshold); },
                                [this](Result<Overview> overview) {
                                    if (overview.ok())
                                        m_dashboard->setOverview(*overview);
                                });
}

} // namespace ledger::app
