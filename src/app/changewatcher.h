#pragma once
// Notices change made by anyone (another console, ledgerctl, this console's own jobs) by polling
// the store's change marker on a thread and a connection of its own, and says so on the GUI
// thread. Polling the marker reads no table, so it stays cheap on a million-row store.
//
// Threading: create and destroy on the GUI thread; `changed` arrives there.

#include "storeconfig.h"

#include <QObject>
#include <QThread>

namespace ledger::app {

class ChangePoller;

class ChangeWatcher : public QObject {
    Q_OBJECT
public:
    explicit ChangeWatcher(const StoreConfig &config, int intervalMs = 400, QObject *parent = nullptr);
    ~ChangeWatcher() override;

Q_SIGNALS:
    void changed();
    void failed(const QString &message);
    void resumed(); // after a failure: the store answers again

private:
    QThread m_thread;
};

// Lives on the watcher's thread.
class ChangePoller : public QObject {
    Q_OBJECT
public:
    ChangePoller(const StoreConfig &config, int intervalMs);
    ~ChangePoller() override;
    void start();

Q_SIGNALS:
    void changed();
    void failed(const QString &message);
    void resumed();

private:
    void poll();

    StoreConfig m_config;
    int m_intervalMs;
    std::unique_ptr<Store> m_store;
    std::optional<qint64> m_last;
    bool m_reportedFailure = false;
};

} // namespace ledger::app
