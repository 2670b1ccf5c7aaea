#include "stucknoticer.h"

#include "operations/stuckwatch.h"

#include <QApplication>
#include <QSystemTrayIcon>
#include <QWidget>

namespace ledger::app {

StuckNoticer::StuckNoticer(StoreSession *session, QWidget *window, Hooks hooks, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_hooks(std::move(hooks))
    , m_job(new BackgroundJob(session, this))
{
    m_job->setCoalescing(true); // a reading per change is plenty; one waits while one runs
    m_clock.start();
    connect(session, &StoreSession::opened, this, &StuckNoticer::reset);
}

StuckNoticer::~StuckNoticer() = default;

void StuckNoticer::setEnabled(bool enabled)
{
    m_enabled = enabled;
    if (!enabled) {
        m_job->cancel();
        if (m_tray)
            m_tray->hide();
    }
    m_notices.reset(); // turned on again: what is stuck then is no news
}

void StuckNoticer::reset()
{
    m_job->cancel();
    m_notices.reset();
}

void StuckNoticer::check(std::optional<qint64> stuckCount)
{
    if (!m_enabled)
        return;
    if (stuckCount == 0) { // nothing is stuck: nothing to read, and all that was is over
        m_job->cancel();
        m_notices.observe({}, true, m_hooks.looking(), m_clock.elapsed());
        return;
    }
    const qint64 threshold = m_hooks.stuckThresholdMs();
    m_job->run<Result<StuckWatch>>([threshold](LedgerService &ledger) { return ledger.stuckWatch(threshold); },
                                   [this](Result<StuckWatch> watch) {
                                       if (!watch.ok() || !m_enabled)
                                           return; // the counts' own reading says what failed
                                       const int n = m_notices.observe(watch->ids, watch->complete, m_hooks.looking(), m_clock.elapsed());
                                       if (n > 0)
                                           notify(n);
                                   });
}

void StuckNoticer::notify(int count)
{
    const QString title = tr("%n transaction(s) became stuck", "", count);
    const QString text = tr("Nobody else has claimed them. Click to open the Stuck view.");
    if (QSystemTrayIcon::isSystemTrayAvailable() && QSystemTrayIcon::supportsMessages()) {
        if (!m_tray) {
            m_tray = new QSystemTrayIcon(m_window ? m_window->windowIcon() : QIcon(), this);
            m_tray->setToolTip(QStringLiteral("LedgerDesk"));
            connect(m_tray, &QSystemTrayIcon::messageClicked, this, &StuckNoticer::openStuckRequested);
            connect(m_tray, &QSystemTrayIcon::activated, this, &StuckNoticer::openStuckRequested);
        }
        m_tray->show();
        m_tray->showMessage(title, text, QSystemTrayIcon::Warning, 15'000);
    } else {
        if (m_window)
            QApplication::alert(m_window);
        if (m_hooks.say)
            m_hooks.say(title);
    }
    Q_EMIT noticed(count, title);
}

} // namespace ledger::app
