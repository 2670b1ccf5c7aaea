#pragma once
// Runs store work off the GUI thread. Each job runs on a pool thread with that thread's own
// connection (opened on first use, closed when the thread ends) and hands its result back on
// the GUI thread — or drops it, if the object that asked is gone by then.
//
// Threading: create, call and destroy on the GUI thread. `work` runs on a pool thread and must
// touch only the Store or LedgerService it is given and its own captures.
//
// Every job of the console is work on the ledger (LedgerService, service/ledgerservice.h): the
// same calls ledgerctl and ledgerd make, so that a console through ledgerd (issue 48) runs the
// same jobs. Today it is a LocalLedgerService over the pool thread's connection, under the
// operator name of the console's settings; the work on the store it is wrapped into is private.

#include "service/localledgerservice.h"
#include "store/open/storeconfig.h"

#include <QFutureWatcher>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <functional>
#include <type_traits>

namespace ledger::app {

// The connection of the calling pool thread to `config`'s store, opened on first use.
Result<Store *> threadStore(const StoreConfig &config);

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

    explicit JobRunner(const StoreConfig &config, QObject *parent = nullptr);
    // Waits for running jobs (their results are dropped).
    ~JobRunner() override;

    const StoreConfig &config() const { return m_config; }
    int running() const { return m_running; }

    template <typename R> void run(QObject *context, std::function<R(LedgerService &)> work, std::function<void(R)> done)
    {
        run<R>(context, onLedger<R>(std::move(work)), std::move(done));
    }
    // `work` as work on the store: the ledger over the pool thread's connection, as the operator
    // named now (asked here, on the GUI thread, when the job is scheduled).
    template <typename R> std::function<R(Store &)> onLedger(std::function<R(LedgerService &)> work) const;

    // How a job's ledger is made over its pool thread's connection: as the operator named in the
    // settings now (read when the job is scheduled: a rename applies to the next one), with the
    // environment's hook, and a connection per worker for Recover all. Made on the GUI thread,
    // used on the pool thread.
    struct LedgerMaker {
        CoordinatorOptions options;
        StoreConfig config;
        LocalLedgerService operator()(Store &store) const
        {
            return LocalLedgerService(store, options, Role::Operator, false, connectorOf(config));
        }
    };
    LedgerMaker ledgerMaker() const;

Q_SIGNALS:
    // The number of jobs under way changed (status bar, tests waiting for quiet).
    void activityChanged(int running);

private:
    friend class BackgroundJob;
    // The work on the pool thread's connection that ledger work is wrapped into.
    template <typename R> void run(QObject *context, std::function<R(Store &)> work, std::function<void(R)> done);
    void started();
    void finished();

    StoreConfig m_config;
    QThreadPool m_pool;
    int m_running = 0;
};

template <typename R> std::function<R(Store &)> JobRunner::onLedger(std::function<R(LedgerService &)> work) const
{
    return [make = ledgerMaker(), work](Store &s) {
        LocalLedgerService ledger = make(s);
        return work(ledger);
    };
}

template <typename R> void JobRunner::run(QObject *context, std::function<R(Store &)> work, std::function<void(R)> done)
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
    const StoreConfig config = m_config;
    watcher->setFuture(QtConcurrent::run(&m_pool, [config, work]() -> R {
        auto store = threadStore(config);
        if (!store.ok())
            return failedWith<R>(store.error());
        return work(**store);
    }));
}

} // namespace ledger::app
