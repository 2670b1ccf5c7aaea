#include "detailpanel.h"
#include "tones.h"

#include "detailhtml.h"

#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ledger::app {

DetailPanel::DetailPanel(QWidget *parent) : QWidget(parent), m_browser(new QTextBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Transaction detail"));
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString link = url.toString();
        if (link.startsWith(QLatin1String("tx:")))
            Q_EMIT transactionLinkActivated(link.mid(3));
        else if (link.startsWith(QLatin1String("account:")))
            Q_EMIT accountLinkActivated(link.mid(8));
    });
    showMessage(tr("Select a transaction to see its document, legs and timeline."));
    // "(4s ago)" and the lease left move on while the panel is read, by the store's clock as of
    // the load plus the time since.
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, [this] {
        if (m_detail && isVisible() && !m_browser->textCursor().hasSelection()) // never under a selection being copied
            render();
    });
    m_tick.start();
}

void DetailPanel::render()
{
    TransactionDetail d = *m_detail;
    d.now = d.now.addMSecs(m_sinceLoad.elapsed());
    // Keep the reader's place.
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(detailHtml(d, m_scale, m_times));
    m_browser->verticalScrollBar()->setValue(scroll);
}

void DetailPanel::setJobRunner(JobRunner *jobs, int scale)
{
    m_jobs = jobs;
    m_scale = scale;
    m_txId.clear();
    ++m_generation;
    showMessage(tr("Select a transaction to see its document, legs and timeline."));
}

void DetailPanel::showTransaction(const QString &txId)
{
    if (txId == m_txId)
        return;
    m_txId = txId;
    if (txId.isEmpty()) {
        ++m_generation;
        showMessage(tr("Select a transaction to see its document, legs and timeline."));
        return;
    }
    showMessage(tr("Loading %1…").arg(txId));
    refresh();
}

void DetailPanel::refresh()
{
    if (!m_jobs || m_txId.isEmpty())
        return;
    const quint64 generation = ++m_generation;
    const QString id = m_txId;
    m_jobs->run<Result<TransactionDetail>>(
        this, [id](Store &s) { return loadTransactionDetail(s, id); },
        [this, generation](Result<TransactionDetail> detail) {
            if (generation != m_generation)
                return; // the selection moved on meanwhile
            if (!detail.ok()) {
                showMessage(detail.error().localized());
            } else {
                m_detail = std::move(detail).value();
                m_sinceLoad.restart();
                render();
            }
            Q_EMIT loaded();
        });
}

void DetailPanel::setTimeStyle(TimeStyle style)
{
    m_times = style;
    if (m_detail)
        render();
}

QString DetailPanel::shownHtml() const { return m_browser->toHtml(); }

void DetailPanel::showMessage(const QString &text)
{
    m_detail.reset();
    m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(toned(Tone::Muted, text.toHtmlEscaped(), false)));
}

} // namespace ledger::app
