#pragma once
// The one way to learn that a store changed: notices change made by anyone (another console,
// ledgerctl, this program's own jobs) on a thread and a connection of its own, and says so on the
// thread that made it. The console's live views, `ledgerctl feed --follow` and `serve --ws` all
// wait on it. An SQLite store is polled by its change marker (which reads no table, so it stays
// cheap on a million-row store); a PostgreSQL store (or shards on servers) announces every
// commit, and a PgListener per database LISTENs: nothing is polled (a sharded store that mixes
// files and servers gets both). `failed` then means the server went away (the listener
// reconnects by itself, and `resumed` follows: read again, what came meanwhile was not announced).
//
// Threading: create and destroy on a thread with an event loop (the GUI thread, ledgerctl's main
// thread); the signals arrive there.

#include "store/open/storeconfig.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QThread>
#include <optional>

namespace ledger {

class ChangePoller;

class ChangeNotifier : public QObject {
    Q_OBJECT
public:
    explicit ChangeNotifier(const StoreConfig &config, int intervalMs = 400, QObject *parent = nullptr);
    // A notifier fed from outside: nothing is polled or listened to here, and whoever watches the
    // store elsewhere (the console through ledgerd: its /v1/feed) calls announce*(). Those who
    // wait on it cannot tell it from the others.
    explicit ChangeNotifier(QObject *parent);
    ~ChangeNotifier() override;
    void announceChanged() { Q_EMIT changed(); }
    void announceWatching() { Q_EMIT watching(); }
    void announceFailed(const QString &message) { Q_EMIT failed(message); }
    void announceResumed() { Q_EMIT resumed(); }
    // Whether the whole store announces its commits (PostgreSQL), so that nothing is polled.
    bool listensToServer() const { return m_server; }
    // Whether watching() was emitted: changes are announced from then on.
    bool isWatching() const { return m_watching; }

Q_SIGNALS:
    void changed();
    // Watching from now on: every change after this is announced (emitted once, when the first
    // poll or every LISTEN is in place). Read what you need after it, then wait for `changed`.
    void watching();
    void failed(const QString &message);
    void resumed(); // after a failure: the store answers again
    // A server database now answers from another host than before (`was` → `now`, "host:port"): a
    // failover to a standby of a multi-host location. Emitted after resumed().
    void serverChanged(const QString &was, const QString &now);
    // The store's files were deleted or replaced under this process's connections (store-corrupt):
    // writes through them are refused from now on; the store must be reopened.
    void broken(const QString &message);

private:
    void sourceReady(const QObject *source);

    QThread m_thread;
    bool m_server = false;
    bool m_watching = false;
    int m_sources = 1;                         // the poller, or one listener per server database
    QSet<const QObject *> m_ready;             // the sources that are watching (only compared, never used)
    QHash<const QObject *, QString> m_servers; // the host each listener was let in by last
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
    void watching();
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

} // namespace ledger
