// The recover scenario: a backlog of transactions stuck in every non-terminal state, made by
// stopping the real protocol right after one of its writes (as a crash would), then drained by
// the same recoverStuck() that `ledgerctl recover` and the console's Recover run.
#include "bench/benchmark.h"
#include "bench/benchthreads.h"
#include "protocol/coordinator.h"

#include <array>
#include <atomic>

namespace ledger::bench {

namespace {

// Where each kind of stuck transaction stops: the transfer's last write before the "crash", and
// for the canceling ones, the cancel's.
struct StuckKind {
    Step transferStop;
    std::optional<Step> cancelStop;
};

constexpr std::array<StuckKind, 10> kStuckKinds = {{
    {Step::Insert, std::nullopt},         // initial
    {Step::Claim, std::nullopt},          // pending, nothing held
    {Step::HoldDebit, std::nullopt},      // pending, debit held
    {Step::HoldCredit, std::nullopt},     // pending, both held
    {Step::Applied, std::nullopt},        // applied, nothing posted
    {Step::PostDebit, std::nullopt},      // applied, debit posted
    {Step::PostCredit, std::nullopt},     // applied, both posted
    {Step::Claim, Step::Canceling},       // canceling, nothing voided
    {Step::HoldDebit, Step::VoidDebit},   // canceling, debit voided
    {Step::HoldCredit, Step::VoidCredit}, // canceling, both voided
}};

// Makes transaction number i stuck as kind i % 10.
Error makeStuck(Coordinator &coordinator, Step &stopAt, const TransferRequest &request, qint64 i)
{
    const StuckKind &kind = kStuckKinds[std::size_t(i % qint64(kStuckKinds.size()))];
    stopAt = kind.transferStop;
    const TxOutcome started = coordinator.transfer(request);
    if (started.error.code != ErrorCode::Interrupted || !started.tx)
        return started.ok() ? makeError(ErrorCode::Internal, QStringLiteral("a transfer meant to stop ran to the end")) : started.error;
    if (!kind.cancelStop)
        return {};
    stopAt = *kind.cancelStop;
    const TxOutcome canceling = coordinator.cancel(started.tx->id, QStringLiteral("bench"));
    if (canceling.error.code != ErrorCode::Interrupted)
        return canceling.ok() ? makeError(ErrorCode::Internal, QStringLiteral("a cancel meant to stop ran to the end")) : canceling.error;
    return {};
}

} // namespace

Result<RecoverResult> runRecover(const ScratchStore &scratch, int threads, qint64 count, quint64 seed)
{
    const QStringList &accounts = scratch.accounts();
    if (accounts.size() < 2)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("the recover scenario needs at least two accounts"));
    std::atomic<qint64> next{0};
    const Error made = onThreads(scratch.config(), threads, [&](Store &store, int t, int) -> Error {
        Step stopAt = Step::Insert;
        CoordinatorOptions options;
        options.actor = QStringLiteral("bench");
        options.leaseMs = 1; // the "crashed" worker's lease is over at once: recovery may take it
        options.hook = [&stopAt](Step step, const QString &) { return step == stopAt ? HookAction::Abandon : HookAction::Continue; };
        Coordinator coordinator(store, options);
        std::mt19937_64 rng(seed * 7919 + quint64(t));
        for (qint64 i = next++; i < count; i = next++) {
            if (Error e = makeStuck(coordinator, stopAt, randomTransfer(accounts, rng), i); !e.ok())
                return e;
        }
        return {};
    });
    if (!made.ok())
        return made;

    RecoverResult r;
    r.threads = threads;
    {
        auto store = openStore(scratch.config());
        if (!store.ok())
            return store.error();
        auto states = (*store)->countByState();
        if (!states.ok())
            return states.error();
        for (auto it = states->cbegin(); it != states->cend(); ++it) {
            if (!isTerminal(it.key()) && it.value() > 0) {
                r.stuckByState[it.key()] = it.value();
                r.stuck += it.value();
            }
        }
    }

    RecoveryOptions options;
    options.olderThanMs = 0;
    options.threads = threads;
    options.reason = QStringLiteral("bench");
    Stopwatch clock;
    clock.startOnce();
    const RecoveryReport report = recoverStuck(connectorOf(scratch.config()), options);
    r.seconds = clock.seconds();
    if (!report.error.ok())
        return report.error;
    r.outcomes = report.counts;
    r.drained = report.count(RecoveryOutcome::Done) + report.count(RecoveryOutcome::Canceled);
    r.transactionsPerSecond = r.seconds > 0 ? double(r.drained) / r.seconds : 0;
    return r;
}

} // namespace ledger::bench
