#include "detailpanel.h"

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
    const int scale = m_scale;
    m_jobs->run<Result<QString>>(
        this,
        [id, scale](Store &s) -> Result<QString> {
            auto detail = loadTransactionDetail(s, id);
            if (!detail.ok())
                return detail.error();
            return detailHtml(*detail, scale);
        },
        [this, generation](Result<QString> html) {
            if (generation != m_generation)
                return; // the selection moved on meanwhile
            if (!html.ok()) {
                showMessage(html.error().localized());
            } else {
                // Keep the reader's place when the same transaction is reloaded.
                const int scroll = m_browser->verticalScrollBar()->value();
                m_browser->setHtml(*html);
                m_browser->verticalScrollBar()->setValue(scroll);
            }
            Q_EMIT loaded();
        });
}

QString DetailPanel::shownHtml() const { return m_browser->toHtml(); }

void DetailPanel::showMessage(const QString &text)
{
    m_browser->setHtml(QStringLiteral("<p style='color:#777'>%1</p>").arg(text.toHtmlEscaped()));
}

} // namespace ledger::app
