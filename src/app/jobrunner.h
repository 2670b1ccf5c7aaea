#pragma once
// Runs the console's work off the GUI thread. Each job runs on a pool thread with that thread's
// own connection to the store, or its own client of the ledger service (opened on first use,
// closed when the thread ends), and hands its result back on the GUI thread — or drops it, if the
// object that asked is gone by then.
//
// Threading: create, call and destroy on the GUI thread. `work` runs on a pool thread and must
// touch only the Store or LedgerService it is given and its own captures.
//
// Every job of the console is work on the ledger (LedgerService, service/ledgerservice.h): the
// same calls ledgerctl and ledgerd make, so that a console through ledgerd (issue 48) runs the
// same jobs: a LocalLedgerService over the pool thread's connection, under the operator name of
// the console's settings, or a RemoteLedgerService (the server journals the token's name). The
// console reaches the store only through the ledger service it gives a job.

#include "service/localledgerservice.h"
#include "service/remoteledgerservice.h"
#include "service/serverlogin.h"
#include "store/open/storeconfig.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <optional>
#include <type_traits>

namespace ledger::app {

// The connection of the calling pool thread to `config`'s store, opened on first use.
Result<Store *> threadStore(const StoreConfig &config);
// The calling pool thread's client of the ledger service at `where`, made on first use and made
// again when the location (URL, token, CA) differs from the one it was made for.
RemoteLedgerService &threadService(const ServerLocation &where);

// A result that says "the store could not even be opened": Result<T> from the error, or a
// report type with an `error` member.
template <typename R> R failedWith(const Error &error)
{
    if constexpr (std::is_constructible_v<R, Error>) {
        return R(error);
    } else {
        R r{};
        r.error = error;
        return r;
    }
}

class JobRunner : public QObject {
    Q_OBJECT
public:
    // Jobs run side by side, at most: enough to page, count and repair at once (SQLite serialises
    // the writers anyway). Beyond it they wait their turn, in the order they were asked for.
    static constexpr int kThreads = 4;

    // Jobs on a store (each pool thread with its own connection) ...
    explicit JobRunner(const StoreConfig &config, QObject *parent = nullptr);
    // ... or on a ledger service (ledgerd), each pool thread with its own client.
    explicit JobRunner(const ServerLocation &server, QObject *parent = nullptr);
    // Waits for running jobs (their results are dropped).
    ~JobRunner() override;

    const StoreConfig &config() const { return m_config; }
    int running() const { return m_running; }

    template <typename R> void run(QObject *context, std::function<R(LedgerService &)> work, std::function<void(R)> done)
    {
        runHere<R>(context, onLedger<R>(std::move(work)), std::move(done));
    }
    // `work` as work on a pool thread: on the ledger over the thread's connection, as the operator
    // named now (asked here, on the GUI thread, when the job is scheduled), or on the thread's
    // client of the ledger service.
    template <typename R> std::function<R()> onLedger(std::function<R(LedgerService &)> work)
    {
        return [make = ledgerMaker(), work] { return make.template with<R>(work); };
    }

    // How a job's ledger is made on its pool thread: over the thread's connection, as the operator
    // named in the settings now (read when the job is scheduled: a rename applies to the next
    // one), with the environment's hook and a connection per worker for Recover all; or the
    // thread's client of the ledger service, whose calls' outcomes are told to the runner
    // (callEnded). Made on the GUI thread, used on the pool thread.
    struct LedgerMaker {
        CoordinatorOptions options;
        StoreConfig config;
        std::optional<ServerLocation> server;
        JobRunner *runner = nullptr; // outlives every job (its destructor waits for them)

        template <typename R> R with(const std::function<R(LedgerService &)> &work) const
        {
            if (server) {
                RemoteLedgerService &ledger = threadService(*server);
                ledger.setCallObserver([runner = runner](const Error &e) { runner->tellCallEnded(e); });
                R result = work(ledger);
                ledger.setCallObserver({});
                return result;
            }
            auto store = threadStore(config);
            if (!store.ok())
                return failedWith<R>(store.error());
            LocalLedgerService ledger(**store, options, Role::Operator, false, connectorOf(config));
            return work(ledger);
        }
    };
    LedgerMaker ledgerMaker();

Q_SIGNALS:
    // The number of jobs under way changed (status bar, tests waiting for quiet).
    void activityChanged(int running);
    // Through a ledger service: a call ended, ok or with this error (service-unavailable: it
    // could not be reached; unauthorized: the token was refused). On the GUI thread.
    void callEnded(const ledger::Error &error);

private:
    friend class BackgroundJob;
    // Runs `work` as is on a pool thread.
    template <typename R> void runHere(QObject *context, std::function<R()> work, std::function<void(R)> done);
    void started();
    void finished();
    // From a pool thread: queued to the GUI thread as callEnded.
    void tellCallEnded(const Error &error);

    StoreConfig m_config;
    std::optional<ServerLocation> m_server;
    QThreadPool m_pool;
    int m_running = 0;
};

template <typename R> void JobRunner::runHere(QObject *context, std::function<R()> work, std::function<void(R)> done)
{
    started();
    auto *watcher = new QFutureWatcher<R>(this);
    QPointer<QObject> guard(context);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, guard, done] {
        R result = watcher->result();
        watcher->deleteLater();
        finished();
        if (guard)
            done(std::move(result));
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, std::move(work)));
}

} // namespace ledger::app
