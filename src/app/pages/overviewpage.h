#pragma once
// The Overview page: the dashboard's charts, read in the background from the open store. It
// reads when asked (shown, a change while shown, a store opened while shown); a newer reading
// drops an older one, and a store closing drops both.
//
// Threading: GUI thread only.

#include "../backgroundjob.h"
#include "../storesession.h"

#include <QWidget>

namespace ledger::app {

class Dashboard;

class OverviewPage : public QWidget {
    Q_OBJECT
public:
    explicit OverviewPage(StoreSession *session, QWidget *parent = nullptr);

    Dashboard *dashboard() const { return m_dashboard; }
    // What counts as stuck (the settings' threshold), for the next reading.
    void setStuckThreshold(qint64 ms) { m_thresholdMs = ms; }
    // Reads the overview again (nothing while no store is open).
    void refresh();
    bool isBusy() const { return m_job.isRunning(); }

private:
    StoreSession *m_session;
    BackgroundJob m_job;
    Dashboard *m_dashboard;
    qint64 m_thresholdMs = 0;
};

} // namespace ledger::app
