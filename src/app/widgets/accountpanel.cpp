#include "accountpanel.h"
#include "tones.h"

#include "accounthtml.h"

#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace ledger::app {

AccountPanel::AccountPanel(QWidget *parent) : QWidget(parent), m_browser(new QTextBrowser(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_browser);
    m_browser->setOpenLinks(false);
    m_browser->setAccessibleName(tr("Account detail"));
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        const QString link = url.toString();
        if (link.startsWith(QLatin1String("tx:")))
            Q_EMIT transactionLinkActivated(link.mid(3));
    });
    showMessage(tr("Select an account to see its holds and history."));
}

void AccountPanel::setJobRunner(JobRunner *jobs, int scale)
{
    m_jobs = jobs;
    m_scale = scale;
    m_accountId.clear();
    ++m_generation;
    showMessage(tr("Select an account to see its holds and history."));
}

void AccountPanel::showAccount(const QString &accountId)
{
    if (accountId == m_accountId)
        return;
    m_accountId = accountId;
    if (accountId.isEmpty()) {
        ++m_generation;
        showMessage(tr("Select an account to see its holds and history."));
        return;
    }
    refresh();
}

void AccountPanel::refresh()
{
    if (!m_jobs || m_accountId.isEmpty())
        return;
    const quint64 generation = ++m_generation;
    const QString id = m_accountId;
    m_jobs->run<Result<AccountDetail>>(
        this, [id](Store &s) { return loadAccountDetail(s, id); },
        [this, generation](Result<AccountDetail> detail) {
            if (generation != m_generation)
                return; // the selection moved on meanwhile
            if (!detail.ok()) {
                showMessage(detail.error().localized());
            } else {
                m_detail = *detail;
                render(); // here: the HTML takes its colours from the palette (GUI thread)
            }
            Q_EMIT loaded();
        });
}

void AccountPanel::render()
{
    const int scroll = m_browser->verticalScrollBar()->value();
    m_browser->setHtml(accountHtml(*m_detail, m_scale, m_times));
    m_browser->verticalScrollBar()->setValue(scroll);
}

void AccountPanel::setTimeStyle(TimeStyle style)
{
    m_times = style;
    if (m_detail)
        render();
}

QString AccountPanel::shownHtml() const { return m_browser->toHtml(); }

void AccountPanel::showMessage(const QString &text)
{
    m_detail.reset();
    m_browser->setHtml(QStringLiteral("<p>%1</p>").arg(toned(Tone::Muted, text.toHtmlEscaped(), false)));
}

} // namespace ledger::app
