#pragma once
// Tells the operator when transactions become stuck while they look elsewhere (the window
// minimized or in the background, or on another view): a notice from the system tray saying how
// many, which opens the Stuck view when clicked. StuckNotices decides when (at most one per five
// minutes, nothing another operator claimed, nothing the operator saw); this reads what is stuck
// after each reading of the navigator's counts and shows the notice. Without a system tray the
// window asks for attention (QApplication::alert) and the notice goes to the status bar.
// Settings ▸ "Tell me when transactions become stuck" turns it off.
//
// Threading: GUI thread; the reading runs on a worker of the window's session.

#include "backgroundjob.h"
#include "stucknotices.h"

#include <QElapsedTimer>
#include <QPointer>

#include <functional>
#include <optional>

class QSystemTrayIcon;
class QWidget;

namespace ledger::app {

class StuckNoticer : public QObject {
    Q_OBJECT
public:
    // Whose claims are the operator's own is the ledger's identity (LedgerService::stuckWatch).
    struct Hooks {
        std::function<bool()> looking; // the operator has the Stuck view in front of them
        std::function<qint64()> stuckThresholdMs;
        std::function<void(const QString &)> say; // the status bar, when there is no tray
    };
    StuckNoticer(StoreSession *session, QWidget *window, Hooks hooks, QObject *parent);
    ~StuckNoticer() override;

    void setEnabled(bool enabled);
    bool isEnabled() const { return m_enabled; }
    // Reads what is stuck now and tells of what became so. `stuckCount`: how many the counts just
    // read say are stuck; none needs no reading.
    void check(std::optional<qint64> stuckCount);
    // Another store opened: what is stuck there at first is no news.
    void reset();

Q_SIGNALS:
    void noticed(int count, const QString &text); // a notice was given
    void openStuckRequested();                    // the operator clicked it

private:
    void notify(int count);

    QPointer<QWidget> m_window;
    Hooks m_hooks;
    BackgroundJob *m_job;
    StuckNotices m_notices;
    QElapsedTimer m_clock;
    QSystemTrayIcon *m_tray = nullptr;
    bool m_enabled = true;
};

} // namespace ledger::app
