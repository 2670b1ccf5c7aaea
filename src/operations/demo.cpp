#include "operations/demo.h"

#include "ledger/identifiers.h"
#include "protocol/coordinator.h"

#include <QCoreApplication>
#include <QHash>
#include <QRandomGenerator>
#include <limits>

namespace ledger {

namespace {

struct DemoAccount {
    const char *id;
    const char *name;
};

constexpr DemoAccount kAccounts[] = {
    {"acme-corp", "Acme Corporation"},  {"alice", "Alice Martin"},        {"bob", "Bob Okafor"},
    {"carol", "Carol Nguyen"},          {"dave", "Dave Schmidt"},         {"erin", "Erin Kowalski"},
    {"globex", "Globex Ltd"},           {"initech", "Initech Payroll"},   {"li-wei", "Li Wei"},
    {"mallory", "Mallory Reyes"},       {"oscar", "Oscar Lindqvist"},     {"peggy", "Peggy Adeyemi"},
    {"stark-ind", "Stark Industries"},  {"umbrella", "Umbrella Clinics"}, {"victor", "Victor Haddad"},
    {"wayne-ent", "Wayne Enterprises"}, {"zhang-min", "Zhang Min"},       {"yuki", "Yuki Tanaka"},
};

const char *const kMemos[] = {"invoice 1042",     "rent November", "payroll",        "refund order 5531", "consulting fee",
                              "supplier payment", "subscription",  "loan repayment", "insurance premium", "dividend"};

const char *const kCompensationReasons[] = {"duplicate payment", "wrong beneficiary", "customer dispute upheld",
                                            "charged twice by mistake"};

QString demoId(int i)
{
    if (i < int(std::size(kAccounts)))
        return QString::fromLatin1(kAccounts[i].id);
    return QStringLiteral("acct-%1").arg(i + 1, 4, 10, QLatin1Char('0'));
}

QString demoName(int i)
{
    if (i < int(std::size(kAccounts)))
        return QString::fromLatin1(kAccounts[i].name);
    return QStringLiteral("Customer %1").arg(i + 1);
}

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;
constexpr qint64 kDay = 24 * kHour;

// How long ago the demo's accounts were opened, and how far back its transfers go.
constexpr qint64 kOpenedAgo = 8 * kDay;
constexpr qint64 kHistory = 7 * kDay;

// The `i`-th of `n` transfers: four in five spread over the week up to an hour ago (oldest
// first), the rest over the last hour, each nudged by `jitter` (0..1) within its slot.
qint64 transferAge(int i, int n, double jitter)
{
    const int older = n * 4 / 5;
    if (i < older) {
        const double slot = double(kHistory - kHour) / qMax(1, older);
        return kHistory - qint64(slot * (i + jitter));
    }
    const double slot = double(kHour) / qMax(1, n - older);
    return kHour - qint64(slot * (i - older + jitter));
}

// Stuck ones from minutes to days, by the step they stopped after: some under the 30-minute
// threshold (stuck by their expired lease only), most over it. The first stops after its insert,
// with no lease to expire: only its age makes it stuck, so it is the oldest.
constexpr qint64 kStuckAges[] = {4 * kDay,  2 * kMinute, 9 * kMinute, 25 * kMinute, 50 * kMinute,
                                 2 * kHour, 5 * kHour,   14 * kHour,  27 * kHour,   2 * kDay};

qint64 unitOf(int scale)
{
    qint64 u = 1;
    for (int i = 0; i < scale; ++i)
        u *= 10;
    return u;
}

} // namespace

Result<DemoReport> fillDemo(Store &store, const DemoOptions &options)
{
    if (options.accounts < 2 || options.accounts > 100'000)
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledger", "--accounts must be from 2 to 100000"));
    if (options.transfers < 0 || options.transfers > 10'000'000)
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledger", "--transfers must be from 0 to 10000000"));
    if (options.stuck < 0 || options.stuck > 100'000)
        return makeError(ErrorCode::InvalidArgument, Message::translate("ledger", "--stuck must be from 0 to 100000"));

    // Opening balances go up to 50,000 units each and the refused transfers ask for millions:
    // all of it must fit the ledger's 64-bit amounts at its scale.
    const __int128 worst = (__int128(options.accounts) * 50'000 + 3'000'000) * unitOf(store.scale());
    if (worst > std::numeric_limits<qint64>::max())
        return makeError(ErrorCode::InvalidArgument,
                         Message::translate("ledger", "demo amounts for %1 accounts do not fit a ledger of scale %2; "
                                                      "use fewer accounts or a store with a smaller scale")
                             .arg(options.accounts)
                             .arg(store.scale()));

    DemoReport report;
    if (options.onlyIfEmpty) {
        auto count = store.accountCount({});
        if (!count.ok())
            return count.error();
        if (*count > 1) {
            report.skipped = true;
            return report;
        }
    }
    const auto say = [&](const QString &text) {
        if (options.progress)
            options.progress(text);
    };
    QRandomGenerator rng(options.seed);
    // Amounts scale with the ledger: "units" are whole currency units whatever the scale.
    const qint64 unit = qMin<qint64>(unitOf(store.scale()), 100);
    const qint64 minorPerUnit = unitOf(store.scale());
    const auto randomAmount = [&](qint64 lowUnits, qint64 highUnits) {
        const qint64 whole = lowUnits + qint64(rng.bounded(quint32(highUnits - lowUnits + 1)));
        return whole * minorPerUnit + qint64(rng.bounded(quint32(unit))) * (minorPerUnit / unit);
    };

    CoordinatorOptions co;
    co.actor = options.actor;
    Coordinator coordinator(store, co);
    CoordinatorOptions hooked = co;
    hooked.hook = options.hook;
    Coordinator transfers(store, hooked);

    // What to move into the past once everything is written (spreadOverDays): each document by
    // how long ago it should have happened. Its own generator, so that the amounts are the same.
    struct Shift {
        DocKind kind;
        QString id;
        qint64 ms;
    };
    QList<Shift> shifts;
    QRandomGenerator jitter(options.seed ^ 0x5eedu);
    const auto backdate = [&](DocKind kind, const QString &id, qint64 ms) {
        if (options.spreadOverDays && !id.isEmpty() && ms > 0)
            shifts << Shift{kind, id, ms};
    };

    QStringList ids;
    for (int i = 0; i < options.accounts; ++i) {
        const QString id = demoId(i);
        ids << id;
        Account created;
        TxOutcome o = coordinator.openAccount(id, demoName(i), randomAmount(1'000, 50'000), &created);
        if (o.error.code == ErrorCode::AccountExists)
            continue; // a second demo run reuses the accounts
        if (!o.ok())
            return o.error;
        ++report.accountsCreated;
        backdate(DocKind::Account, id, kOpenedAgo);
        // With its account, by the same: the opening came right after the account, as it did.
        if (o.tx)
            backdate(DocKind::Transaction, o.tx->id, kOpenedAgo);
    }
    say(QCoreApplication::translate("ledger", "%1 accounts ready").arg(ids.size()));

    // One account is frozen part-way, so that some transfers are refused by it.
    const QString frozen = ids.at(qMin(3, int(ids.size()) - 1));
    const auto pick = [&]() { return ids.at(int(rng.bounded(quint32(ids.size())))); };
    QStringList doneIds;
    QHash<QString, qint64> ageOf; // transfer id → how long ago, for its compensation
    // Spread over days, the account is frozen from the start (its whole history moves together).
    const int freezeAt = options.spreadOverDays ? 0 : options.transfers / 2;
    for (int i = 0; i < options.transfers; ++i) {
        const qint64 age = transferAge(i, options.transfers, jitter.generateDouble());
        if (i == freezeAt) {
            auto f =
                store.setAccountStatus(frozen, AccountStatus::Frozen, options.actor, QStringLiteral("suspicious activity under review"));
            if (!f.ok() && f.code() != ErrorCode::AccountClosed)
                return f.error();
        }
        TransferRequest r;
        r.source = pick();
        do {
            r.destination = pick();
        } while (r.destination == r.source);
        r.memo = QString::fromLatin1(kMemos[rng.bounded(quint32(std::size(kMemos)))]);
        r.amount = i % 29 == 28 ? randomAmount(200'000, 900'000) // more than anyone has: refused
                                : randomAmount(1, 400);
        if (i % 37 == 36) {
            // An operator stops this one after it was claimed.
            CoordinatorOptions stopped = co;
            stopped.hook = abandonAfterHook(Step::Claim);
            Coordinator interrupted(store, stopped);
            TxOutcome o = interrupted.transfer(r);
            if (o.tx) {
                TxOutcome c = coordinator.cancel(o.tx->id, QStringLiteral("customer asked to stop the payment"));
                if (c.ok())
                    ++report.canceled;
                backdate(DocKind::Transaction, o.tx->id, age);
            }
            continue;
        }
        TxOutcome o = transfers.transfer(r);
        if (o.error.isStoreFailure())
            return o.error;
        if (o.tx) {
            backdate(DocKind::Transaction, o.tx->id, age);
            ageOf.insert(o.tx->id, age);
        }
        if (o.tx && o.tx->state == TxState::Done)
            doneIds << o.tx->id;
        else if (o.tx && o.tx->state == TxState::Canceled)
            ++report.canceled;
        if ((i + 1) % 1000 == 0)
            say(QCoreApplication::translate("ledger", "%1 of %2 transfers").arg(i + 1).arg(options.transfers));
    }
    report.done = int(doneIds.size());

    for (int i = 19; i < doneIds.size(); i += 20) {
        const QString reason = QString::fromLatin1(kCompensationReasons[rng.bounded(quint32(std::size(kCompensationReasons)))]);
        TxOutcome o = coordinator.compensate(doneIds.at(i), reason);
        if (o.error.isStoreFailure())
            return o.error;
        if (o.ok())
            ++report.compensations;
        // Moved with its original (whose journal holds the link), so the timeline stays in order.
        if (o.tx)
            backdate(DocKind::Transaction, o.tx->id, ageOf.value(doneIds.at(i)));
    }

    // Stuck transactions: the protocol stopped right after one of its writes, with a lease that
    // has already run out, exactly what a crashed worker leaves behind.
    const Step stops[] = {Step::Insert,    Step::Claim,      Step::HoldDebit, Step::HoldCredit, Step::Applied,
                          Step::PostDebit, Step::PostCredit, Step::Canceling, Step::VoidDebit,  Step::VoidCredit};
    for (int i = 0; i < options.stuck; ++i) {
        const Step step = stops[i % int(std::size(stops))];
        CoordinatorOptions crashing = co;
        crashing.leaseMs = 1;
        crashing.hook = abandonAfterHook(step);
        Coordinator worker(store, crashing);
        TransferRequest r;
        do {
            r.source = pick();
        } while (r.source == frozen);
        do {
            r.destination = pick();
        } while (r.destination == r.source || r.destination == frozen);
        r.memo = QStringLiteral("stuck: worker died after %1").arg(nameOf(step));
        const bool refused = step == Step::Canceling || step == Step::VoidDebit || step == Step::VoidCredit;
        r.amount = refused ? randomAmount(2'000'000, 3'000'000) : randomAmount(1, 50);
        TxOutcome o = worker.transfer(r);
        if (o.error.isStoreFailure())
            return o.error;
        if (o.tx && !isTerminal(o.tx->state))
            report.stuckByState[o.tx->state] += 1;
        if (o.tx)
            backdate(DocKind::Transaction, o.tx->id, kStuckAges[i % int(std::size(kStuckAges))]);
    }

    if (!shifts.isEmpty())
        say(QCoreApplication::translate("ledger", "spreading the history over the last week"));
    for (const Shift &s : std::as_const(shifts)) {
        if (Error e = options.spreadOverDays->backdateForDemo(s.kind, s.id, s.ms); !e.ok())
            return e;
    }
    return report;
}

} // namespace ledger
