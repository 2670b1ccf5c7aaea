#pragma once
// Notices change made by anyone (another console, ledgerctl, this console's own jobs) on a thread
// and a connection of its own, and says so on the GUI thread. An SQLite store is polled by its
// change marker (which reads no table, so it stays cheap on a million-row store); a PostgreSQL
// store (or shards on servers) announces every commit, and a PgListener per database LISTENs:
// nothing is polled. `failed` then means the server went away (the listener reconnects by
// itself, and `resumed` follows).
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
    // Whether it listens to server announcements (PostgreSQL) rather than polling a file.
    bool listensToServer() const { return m_server; }

Q_SIGNALS:
    void changed();
    void failed(const QString &message);
    void resumed(); // after a failure: the store answers again
    // The store's files were deleted or replaced under this process's connections (store-corrupt):
    // writes through them are refused from now on; the store must be reopened.
    void broken(const QString &message);

private:
    QThread m_thread;
    bool m_server = false;
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
    void broken(const QString &message);

private:
    void poll();

    StoreConfig m_config;
    int m_intervalMs;
    std::unique_ptr<Store> m_store;
    std::optional<qint64> m_last;
    bool m_reportedFailure = false;
    bool m_reportedBroken = false;
};

} // namespace ledger::app
