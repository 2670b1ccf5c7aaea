#include "interleaving.h"

#include <chrono>

namespace ledger::test {

// --- Scheduler ------------------------------------------------------------------------------

Scheduler::Scheduler(int actors)
    : m_actorWake(new std::condition_variable[size_t(actors)])
    , m_state(actors, State::Finished)
{}

void Scheduler::reset()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_state.fill(State::Running);
    m_granted = -1;
}

void Scheduler::pause(int actor)
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_state[actor] = State::Parked;
    m_controllerWake.notify_one();
    m_actorWake[size_t(actor)].wait(lock, [&] { return m_granted == actor; });
    m_granted = -1;
}

void Scheduler::finish(int actor)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    m_state[actor] = State::Finished;
    m_controllerWake.notify_one();
}

bool Scheduler::waitUntilQuiet()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    return m_controllerWake.wait_for(lock, std::chrono::seconds(60), [&] { return !m_state.contains(State::Running); });
}

QList<int> Scheduler::parked() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    QList<int> actors;
    for (int i = 0; i < m_state.size(); ++i) {
        if (m_state[i] == State::Parked)
            actors << i;
    }
    return actors;
}

void Scheduler::pick(int actor)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Q_ASSERT(m_state[actor] == State::Parked);
    m_state[actor] = State::Running;
    m_granted = actor;
    m_actorWake[size_t(actor)].notify_one();
}

// --- SchedulingStore ------------------------------------------------------------------------

Result<Account> SchedulingStore::createAccount(const QString &id, const QString &name, const Acting &by)
{
    beforeWrite();
    return m_inner.createAccount(id, name, by);
}

Result<Account> SchedulingStore::setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason)
{
    beforeWrite();
    return m_inner.setAccountStatus(id, status, by, reason);
}

Result<LegOutcome> SchedulingStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    beforeWrite();
    return m_inner.hold(txId, accountId, side, amount);
}

Result<LegOutcome> SchedulingStore::post(const QString &txId, const QString &accountId)
{
    beforeWrite();
    return m_inner.post(txId, accountId);
}

Result<LegOutcome> SchedulingStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    beforeWrite();
    return m_inner.voidLeg(txId, accountId, side, amount);
}

Result<InsertOutcome> SchedulingStore::insertTransaction(const NewTransaction &tx)
{
    beforeWrite();
    auto r = m_inner.insertTransaction(tx);
    if (r.ok() && r->inserted && onInserted)
        onInserted(r->tx.id);
    return r;
}

Result<CasOutcome> SchedulingStore::updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change)
{
    beforeWrite();
    return m_inner.updateTransaction(id, guard, change);
}

Result<CasOutcome> SchedulingStore::linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId,
                                                     const Acting &by, const QString &worker, const QString &detail)
{
    beforeWrite();
    return m_inner.linkCompensation(originalId, expected, compensationId, by, worker, detail);
}

// --- ActorThread ----------------------------------------------------------------------------

ActorThread::ActorThread(std::function<std::unique_ptr<Store>()> open)
{
    m_thread = std::thread([this, open] {
        std::unique_ptr<Store> store = open(); // opened, used and closed on this thread
        std::unique_lock<std::mutex> lock(m_mutex);
        for (;;) {
            m_cv.wait(lock, [this] { return m_quit || (m_busy && m_job); });
            if (m_quit)
                break;
            Job job = std::move(m_job);
            m_job = nullptr;
            lock.unlock();
            job(*store);
            lock.lock();
            m_busy = false;
            m_cv.notify_all();
        }
    });
}

ActorThread::~ActorThread()
{
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_quit = true;
    }
    m_cv.notify_all();
    m_thread.join();
}

void ActorThread::start(Job job)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    Q_ASSERT(!m_busy);
    m_job = std::move(job);
    m_busy = true;
    m_cv.notify_all();
}

void ActorThread::join()
{
    std::unique_lock<std::mutex> lock(m_mutex);
    m_cv.wait(lock, [this] { return !m_busy; });
}

void startActor(ActorThread &thread, Scheduler &scheduler, int actor, std::function<void(SchedulingStore &)> body)
{
    thread.start([&scheduler, actor, body = std::move(body)](Store &store) {
        SchedulingStore s(store, scheduler, actor);
        scheduler.pause(actor);
        body(s);
        scheduler.finish(actor);
    });
}

// --- Explorer -------------------------------------------------------------------------------

bool Explorer::run(const StartActors &start, int maxPreemptions, QRandomGenerator *random)
{
    m_trace.clear();
    m_scheduler.reset();
    start();
    int last = -1;
    int preemptions = 0;
    for (;;) {
        if (!m_scheduler.waitUntilQuiet())
            return false;
        const QList<int> parked = m_scheduler.parked();
        if (parked.isEmpty())
            return true;
        QList<int> enabledNow;
        for (int a : parked) {
            if (enabled(a))
                enabledNow << a;
        }
        if (enabledNow.isEmpty())
            enabledNow = parked; // nothing else can happen: let the waiting ones see that
        Decision d;
        const bool lastCanGoOn = enabledNow.contains(last);
        if (lastCanGoOn)
            d.allowed << last;
        if (!lastCanGoOn || maxPreemptions < 0 || preemptions < maxPreemptions) {
            for (int a : enabledNow) {
                if (a != last || !lastCanGoOn)
                    d.allowed << a;
            }
        }
        const int depth = m_trace.size();
        if (depth < m_prefix.size())
            d.index = qMin(m_prefix[depth], int(d.allowed.size()) - 1);
        else if (random)
            d.index = int(random->bounded(quint32(d.allowed.size())));
        const int chosen = d.allowed[d.index];
        if (lastCanGoOn && chosen != last)
            ++preemptions;
        last = chosen;
        m_trace << d;
        m_scheduler.pick(chosen);
    }
}

bool Explorer::advance()
{
    for (int depth = m_trace.size() - 1; depth >= 0; --depth) {
        if (m_trace[depth].index + 1 < m_trace[depth].allowed.size()) {
            m_prefix.clear();
            for (int i = 0; i < depth; ++i)
                m_prefix << m_trace[i].index;
            m_prefix << m_trace[depth].index + 1;
            return true;
        }
    }
    return false;
}

QString Explorer::describe() const
{
    QStringList picks;
    for (const Decision &d : m_trace)
        picks << QString::number(d.allowed[d.index]);
    return picks.join(QLatin1Char(' '));
}

} // namespace ledger::test
