#pragma once
// Recover all as a job (POST /v1/recoveries): what `ledgerctl recover` does, run by ledgerd on a
// thread of its own under the caller's name ("recovery:NAME", LedgerService::recover), followed
// by GET /v1/recoveries/{id} (done of total, then the report) and ended early by
// POST /v1/recoveries/{id}/stop (between transactions; the report says what it did). One job runs
// at a time; the last kKept are kept, so that a client reads the report after it finished.
//
// Threading: answer() on the front's thread (it never waits on the store: a job opens its own
// connections); each job on its own std::thread. The destructor stops the job running and waits.

#include "apimessages.h"
#include "routes.h"
#include "protocol/faults.h"
#include "service/ledgerservice.h"
#include "store/store.h"

#include <QMutex>

#include <atomic>
#include <deque>
#include <memory>
#include <thread>

namespace ledger::api {

class RecoveryJobs {
public:
    static constexpr int kKept = 16;

    // `connect` opens the job's connections; `hook` is every coordinator's (protocol/faults.h).
    RecoveryJobs(StoreConnector connect, StepHook hook);
    ~RecoveryJobs();
    RecoveryJobs(const RecoveryJobs &) = delete;
    RecoveryJobs &operator=(const RecoveryJobs &) = delete;

    // The answer to a route of Route::StartRecovery, GetRecovery or StopRecovery.
    ApiResponse answer(const ApiRequest &r, const RouteMatch &m);

    // Stopping the server: every running job is asked to stop (between transactions), and no new
    // one starts. Then wait up to `graceMs` for them to end; false when one still runs (a store
    // call that has not come back): the server then ends as a crash would, and the next sweep or
    // recover finishes its transaction.
    void requestStop();
    bool waitStopped(int graceMs);

private:
    enum class State { Running, Finished, Stopped, Failed };
    struct Job {
        QString id;
        std::atomic<qint64> done{0};
        std::atomic<qint64> total{0};
        std::atomic<bool> stop{false};
        QString caller; // who started it, and under which Idempotency-Key ("" none)
        QString key;
        State state = State::Running; // the rest under m_mutex
        RecoverRun run;
        std::thread thread;
    };
    ApiResponse start(const ApiRequest &r);
    ApiResponse status(const QString &id);
    ApiResponse stop(const QString &id);
    std::shared_ptr<Job> find(const QString &id);
    void run(const std::shared_ptr<Job> &job, const Caller &caller, const RecoverRequest &request);
    QJsonObject describe(const Job &job); // under m_mutex

    StoreConnector m_connect;
    StepHook m_hook;
    QMutex m_mutex;
    std::deque<std::shared_ptr<Job>> m_jobs; // oldest first
    bool m_stopping = false;                 // under m_mutex: the server is stopping
};

} // namespace ledger::api
