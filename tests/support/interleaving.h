#pragma once
// Systematic interleaving of real coordinators, one protocol write at a time (stateless model
// checking in the style of CHESS). Each actor runs the real Coordinator on its own thread and
// connection, through a SchedulingStore that parks the actor right before every store write
// until the Explorer picks it. Reads happen while the actor runs, so another actor's writes can
// land between an actor's read and its compare-and-set: exactly the races the protocol must
// survive. Only one actor runs at a time, so a schedule (the sequence of picks) replays exactly.
//
// Threading: an Explorer and its Scheduler are driven from the test's thread; each ActorThread
// owns one std::thread that holds one Store connection for its whole life.

#include "store/store.h"

#include <QRandomGenerator>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace ledger::test {

// Parks actors before their writes and lets the controller pick which one goes next.
class Scheduler {
public:
    explicit Scheduler(int actors);
    int actorCount() const { return m_state.size(); }

    // Actor side: parks until picked. Called at the start of an actor and before each write.
    void pause(int actor);
    // Actor side: the actor's work is over.
    void finish(int actor);

    // Controller side.
    void reset();
    // Waits until no actor runs; false after 60 s (an actor is stuck outside the scheduler).
    bool waitUntilQuiet();
    QList<int> parked() const;
    void pick(int actor);

private:
    enum class State { Running, Parked, Finished };
    // std primitives, not Qt's: ThreadSanitizer sees through them (Qt's live in an uninstrumented
    // library), so the sanitizer build checks this code too.
    // One condition per waiter, so that each change wakes only the thread it concerns: the
    // controller when an actor parks or finishes, the picked actor when it is picked. (With one
    // condition for all, every event woke every thread, and the exhaustive test spent most of its
    // time switching between threads that went back to sleep.)
    mutable std::mutex m_mutex;
    std::condition_variable m_controllerWake;
    std::unique_ptr<std::condition_variable[]> m_actorWake;
    QVector<State> m_state;
    int m_granted = -1;
};

// A Store that forwards every call to `inner`, parking its actor before each write.
class SchedulingStore final : public Store {
public:
    SchedulingStore(Store &inner, Scheduler &scheduler, int actor)
        : m_inner(inner)
        , m_scheduler(scheduler)
        , m_actor(actor)
    {}
    // Called (on the actor's thread, while it runs) with each transaction document it inserted.
    std::function<void(const QString &txId)> onInserted;

    QString location() const override { return m_inner.location(); }
    int scale() const override { return m_inner.scale(); }
    Result<QDateTime> now() override { return m_inner.now(); }
    Durability durability() const override { return m_inner.durability(); }
    Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) override;
    Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) override;
    Result<Account> account(const QString &id) override { return m_inner.account(id); }
    Result<QList<Account>> accounts(const AccountQuery &q) override { return m_inner.accounts(q); }
    Result<qint64> accountCount(const AccountQuery &q) override { return m_inner.accountCount(q); }
    Result<qint64> accountCountUpTo(const AccountQuery &q, qint64 cap) override { return m_inner.accountCountUpTo(q, cap); }
    Result<std::optional<qint64>> accountTotalEstimate() override { return m_inner.accountTotalEstimate(); }
    Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<LegOutcome> post(const QString &txId, const QString &accountId) override;
    Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) override
    {
        return m_inner.addRemark(txId, remark, by, text);
    }
    Result<QList<LegMarker>> legsOfTransaction(const QString &txId) override { return m_inner.legsOfTransaction(txId); }
    Result<QList<LegMarker>> legsOfTransactions(const QStringList &txIds) override { return m_inner.legsOfTransactions(txIds); }
    Result<CommitCandidates> commitCandidates(qint64 windowMs) override { return m_inner.commitCandidates(windowMs); }
    Result<CommitCandidates> commitCandidatesOn(qint64 windowMs, const QStringList &accountIds) override
    {
        return m_inner.commitCandidatesOn(windowMs, accountIds);
    }
    Result<QList<LegMarker>> legsOfAccount(const QString &id, std::optional<LegStatus> s) override { return m_inner.legsOfAccount(id, s); }
    Result<InsertOutcome> insertTransaction(const NewTransaction &tx) override;
    Result<CasOutcome> updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change) override;
    Result<CasOutcome> linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId, const Acting &by,
                                        const QString &worker, const QString &detail) override;
    Result<Transaction> transaction(const QString &id) override { return m_inner.transaction(id); }
    Result<std::optional<Transaction>> transactionByKey(const QString &key) override { return m_inner.transactionByKey(key); }
    Result<QList<Transaction>> transactions(const TxQuery &q) override { return m_inner.transactions(q); }
    Result<qint64> transactionCount(const TxQuery &q) override { return m_inner.transactionCount(q); }
    Result<QMap<TxState, qint64>> countByState() override { return m_inner.countByState(); }
    Result<QList<JournalEntry>> journal(DocKind kind, const QString &id) override { return m_inner.journal(kind, id); }
    Result<QList<JournalEntry>> journalEntries(const JournalQuery &q) override { return m_inner.journalEntries(q); }
    Result<qint64> journalCount(const JournalQuery &q) override { return m_inner.journalCount(q); }
    Result<QList<qint64>> ageHistogram(const QList<qint64> &bounds) override { return m_inner.ageHistogram(bounds); }
    Result<QList<qint64>> createdPerMinute(int minutes) override { return m_inner.createdPerMinute(minutes); }
    Result<qint64> changeMarker() override { return m_inner.changeMarker(); }
    Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) override
    {
        return m_inner.finishedAfter(shard, afterSeq, limit);
    }
    Result<qint64> lastFinishedSeq(int shard) override { return m_inner.lastFinishedSeq(shard); }
    std::optional<Positions> earlierPositions(const JournalEntry &finish) const override { return m_inner.earlierPositions(finish); }
    bool givesFinishesTwice() const override { return m_inner.givesFinishesTwice(); }
    Result<std::optional<qint64>> transactionTotalEstimate() override { return m_inner.transactionTotalEstimate(); }
    bool readsByPosition() const override { return m_inner.readsByPosition(); }
    bool sortsByIndex(TxSortKey key) const override { return m_inner.sortsByIndex(key); }
    Result<QMap<TxState, qint64>> stateCountEstimates() override { return m_inner.stateCountEstimates(); }
    Error withSnapshot(const std::function<Error()> &work) override { return m_inner.withSnapshot(work); }
    Error scanAccounts(const std::function<void(const Account &)> &v, const StopCheck &s) override { return m_inner.scanAccounts(v, s); }
    Error scanLegs(const std::function<void(const LegMarker &)> &v, const StopCheck &s) override { return m_inner.scanLegs(v, s); }
    Error scanTransactions(const std::function<void(const Transaction &)> &v, const StopCheck &s) override
    {
        return m_inner.scanTransactions(v, s);
    }

private:
    void beforeWrite() { m_scheduler.pause(m_actor); }

    Store &m_inner;
    Scheduler &m_scheduler;
    int m_actor;
};

// A thread that keeps one Store connection open and runs jobs on it, one at a time.
class ActorThread {
public:
    using Job = std::function<void(Store &)>;
    explicit ActorThread(std::function<std::unique_ptr<Store>()> open);
    ~ActorThread();
    ActorThread(const ActorThread &) = delete;
    ActorThread &operator=(const ActorThread &) = delete;

    // Starts `job` on the thread; it must not be running another one.
    void start(Job job);
    // Waits for the job started last.
    void join();

private:
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    Job m_job;
    bool m_busy = false;
    bool m_quit = false;
};

// Starts `body` on `thread` as actor `actor` of the next schedule: its store calls go through a
// SchedulingStore, it parks at its start until picked, and it is reported finished when `body`
// returns.
void startActor(ActorThread &thread, Scheduler &scheduler, int actor, std::function<void(SchedulingStore &)> body);

// Runs schedules: depth-first over every choice (optionally bounded to `maxPreemptions`
// switches away from an actor that could have gone on), or random choices from a seed.
class Explorer {
public:
    explicit Explorer(Scheduler &scheduler)
        : m_scheduler(scheduler)
    {}

    // Which parked actors may be picked now (e.g. not before the transaction exists).
    std::function<bool(int actor)> enabled = [](int) { return true; };

    // Starts the actors of one schedule (each must pause() first and finish() at the end).
    using StartActors = std::function<void()>;
    // Runs one schedule to its end, following `prefix` and then the first allowed choice (or a
    // random one when `random` is given). Returns false when the actors got stuck.
    bool run(const StartActors &start, int maxPreemptions, QRandomGenerator *random = nullptr);
    // After run(): moves `prefix` to the next unexplored schedule; false when all are done.
    bool advance();

    int decisions() const { return m_trace.size(); }
    QString describe() const; // the picks of the last schedule, e.g. "0 0 1 2 1"

private:
    struct Decision {
        QList<int> allowed; // actors that could be picked, the non-preempting one first
        int index = 0;      // which of them was
    };
    Scheduler &m_scheduler;
    QList<int> m_prefix; // indexes into `allowed`, decision by decision
    QList<Decision> m_trace;
};

} // namespace ledger::test
