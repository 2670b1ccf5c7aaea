#include "recoveryjobs.h"

#include "apidecode.h"
#include "interchange/jsonformat.h"
#include "ledger/duration.h"
#include "ledger/identifiers.h"
#include "problem.h"
#include "service/localledgerservice.h"

#include <QDeadlineTimer>
#include <QJsonArray>
#include <QThread>
#include <QJsonDocument>
#include <QJsonObject>
#include <QUuid>

#include <algorithm>

namespace ledger::api {

namespace {

ApiResponse json(int status, const QJsonObject &o)
{
    ApiResponse r;
    r.status = status;
    r.body = QJsonDocument(o).toJson(QJsonDocument::Compact);
    return r;
}

QString stateWord(int state)
{
    static const QStringList words{QStringLiteral("running"), QStringLiteral("finished"), QStringLiteral("stopped"),
                                   QStringLiteral("failed")};
    return words.value(state);
}

} // namespace

RecoveryJobs::RecoveryJobs(StoreConnector connect, StepHook hook)
    : m_connect(std::move(connect))
    , m_hook(std::move(hook))
{}

RecoveryJobs::~RecoveryJobs()
{
    std::deque<std::shared_ptr<Job>> jobs;
    {
        QMutexLocker lock(&m_mutex);
        jobs = m_jobs;
    }
    for (const auto &job : jobs) {
        job->stop = true;
        if (job->thread.joinable())
            job->thread.join();
    }
}

void RecoveryJobs::requestStop()
{
    QMutexLocker lock(&m_mutex);
    m_stopping = true;
    for (const auto &job : m_jobs)
        job->stop = true;
}

bool RecoveryJobs::waitStopped(int graceMs)
{
    QDeadlineTimer deadline(graceMs);
    for (;;) {
        {
            QMutexLocker lock(&m_mutex);
            if (std::none_of(m_jobs.cbegin(), m_jobs.cend(), [](const auto &job) { return job->state == State::Running; }))
                return true;
        }
        if (deadline.hasExpired())
            return false;
        QThread::msleep(20);
    }
}

ApiResponse RecoveryJobs::answer(const ApiRequest &r, const RouteMatch &m)
{
    switch (m.route) {
    case Route::StartRecovery: return start(r);
    case Route::GetRecovery: return status(m.id);
    case Route::StopRecovery: return stop(m.id);
    default: break;
    }
    return httpProblem(500, QStringLiteral("internal"), QStringLiteral("no handler for %1").arg(m.label));
}

ApiResponse RecoveryJobs::start(const ApiRequest &r)
{
    auto body = decodeRecovery(r.body);
    if (!body.ok())
        return problem(body.error());
    RecoverRequest request;
    if (body->olderThan) {
        auto ms = duration::parse(*body->olderThan);
        if (!ms.ok())
            return problem(makeError(ErrorCode::InvalidDuration, QStringLiteral("olderThan: %1").arg(ms.error().message)));
        request.olderThanMs = *ms;
    }
    request.takeClaimed = body->takeClaimed;
    if (Error e = checkText(body->reason, QT_TRANSLATE_NOOP("ledger", "reason"), kMaxReasonLength, true); !e.ok())
        return problem(e);
    request.reason = body->reason;

    const QString key = QString::fromUtf8(r.headers.value("idempotency-key"));
    if (r.headers.contains("idempotency-key"))
        if (Error e = checkIdempotencyKey(key); !e.ok())
            return problem(e);
    QMutexLocker lock(&m_mutex);
    // Asked again under its key (its answer lost): the job it started, however it stands.
    if (!key.isEmpty())
        for (const auto &job : m_jobs)
            if (job->key == key && job->caller == r.caller.name)
                return json(202, describe(*job));
    if (m_stopping)
        return problem(
            makeError(ErrorCode::StoreUnavailable, QStringLiteral("ledgerd is stopping: start the recovery again once it is back")));
    for (const auto &job : m_jobs)
        if (job->state == State::Running)
            return problem(
                makeError(ErrorCode::Conflict, QStringLiteral("recovery %1 is running: follow it at /v1/recoveries/%1, or stop it "
                                                              "(POST /v1/recoveries/%1/stop) before starting another")
                                                   .arg(job->id)));
    // The oldest finished ones make room (none of them is running: only one runs at a time).
    while (m_jobs.size() >= kKept) {
        const std::shared_ptr<Job> old = m_jobs.front();
        m_jobs.pop_front();
        if (old->thread.joinable())
            old->thread.join(); // it ended: its thread only closes its connection after saying so
    }
    auto job = std::make_shared<Job>();
    job->id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    job->caller = r.caller.name;
    job->key = key;
    m_jobs.push_back(job);
    job->thread = std::thread([this, job, caller = r.caller, request] { run(job, caller, request); });
    return json(202, describe(*job));
}

std::shared_ptr<RecoveryJobs::Job> RecoveryJobs::find(const QString &id)
{
    for (const auto &job : m_jobs)
        if (job->id == id)
            return job;
    return nullptr;
}

ApiResponse RecoveryJobs::status(const QString &id)
{
    QMutexLocker lock(&m_mutex);
    const auto job = find(id);
    if (!job)
        return problem(makeError(ErrorCode::NotFound, QStringLiteral("no recovery %1 (the last %2 are kept)").arg(id.left(40)).arg(kKept)),
                       Lookup::PathId);
    return json(200, describe(*job));
}

ApiResponse RecoveryJobs::stop(const QString &id)
{
    QMutexLocker lock(&m_mutex);
    const auto job = find(id);
    if (!job)
        return problem(makeError(ErrorCode::NotFound, QStringLiteral("no recovery %1 (the last %2 are kept)").arg(id.left(40)).arg(kKept)),
                       Lookup::PathId);
    job->stop = true; // asked between transactions; one that ended already stays as it ended
    return json(202, describe(*job));
}

void RecoveryJobs::run(const std::shared_ptr<Job> &job, const Caller &caller, const RecoverRequest &request)
{
    RecoverRun result;
    {
        auto store = m_connect();
        if (!store.ok()) {
            result.report.error = store.error();
        } else {
            CoordinatorOptions base;
            base.actor = caller.name;
            base.hook = m_hook;
            LocalLedgerService service(**store, base, caller.role, true, m_connect);
            // From the worker threads, in any order: the counts only grow.
            const RecoverProgress progress = [job](qint64 done, qint64 total) {
                job->total = total;
                qint64 seen = job->done.load();
                while (done > seen && !job->done.compare_exchange_weak(seen, done)) {
                }
            };
            result = service.recover(request, progress, [job] { return job->stop.load(); });
        }
    }
    QMutexLocker lock(&m_mutex);
    job->run = result;
    job->done = result.report.items.size();
    job->total = result.report.candidates;
    job->state = !result.report.error.ok() ? State::Failed : result.report.stopped ? State::Stopped : State::Finished;
}

QJsonObject RecoveryJobs::describe(const Job &job)
{
    QJsonObject o{{QStringLiteral("id"), job.id},
                  {QStringLiteral("state"), stateWord(int(job.state))},
                  {QStringLiteral("done"), job.done.load()},
                  {QStringLiteral("total"), job.total.load()}};
    if (job.state == State::Running)
        return o;
    QJsonObject report = json::recoveryReport(job.run.report);
    QJsonArray claimed;
    for (const OperatorClaim &claim : job.run.passedOverClaimed)
        claimed.append(json::claim(claim));
    report.insert(QStringLiteral("passedOverClaimed"), claimed);
    report.insert(QStringLiteral("notStarted"), job.run.report.notStarted);
    o.insert(QStringLiteral("report"), report);
    if (job.state == State::Failed)
        o.insert(QStringLiteral("error"), json::error(job.run.report.error));
    return o;
}

} // namespace ledger::api
