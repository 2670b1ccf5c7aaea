// A PostgreSQL server that goes away in the middle of a write (runs only as tst_pgoutcomes@pg).
// Every single-document write is run once with the connection broken at a chosen moment — before
// anything was sent, or right after the commit's result came back (the write happened but the
// caller never heard): the store reconnects, resolves the unknown outcome by reading the document
// (its write token), and the store ends exactly as after the same write without a fault — never
// written twice, never lost. Then whole transfers with a break at every one of their writes, and
// workers whose sessions are killed with pg_terminate_backend while they run.
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "store/postgres/pgconnection.h"
#include "store/postgres/pgfaulthook.h"
#include "testsupport.h"

#include <QAtomicInt>
#include <QThread>
#include <atomic>
#include <thread>

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::pgfaults::Cut)

class TestPgOutcomes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanup();
    void eachWriteOnce_data();
    void eachWriteOnce();
    void transferWithABreakAtEveryWrite_data();
    void transferWithABreakAtEveryWrite();
    void killedSessionsLoseNothing();
    void racingTombstonesOnAMissingAccount();
};

namespace {

const QString kTx = QStringLiteral("tx-outcome-1");

// Everything a write could double or lose, without times and tokens.
QString picture(Store &store)
{
    QStringList lines;
    for (const Account &a : *store.accounts({}))
        lines << QStringLiteral("account %1 %2 bal=%3 dr=%4 cr=%5 v=%6")
                     .arg(a.id, nameOf(a.status))
                     .arg(a.balance)
                     .arg(a.pendingDebits)
                     .arg(a.pendingCredits)
                     .arg(a.version);
    const Error scanned = store.scanLegs([&](const LegMarker &m) {
        lines << QStringLiteral("leg %1 %2 %3 %4 %5").arg(m.txId, m.accountId, nameOf(m.side)).arg(m.amount).arg(nameOf(m.status));
    });
    if (!scanned.ok())
        lines << scanned.toString();
    for (const Transaction &t : *store.transactions({}))
        lines << QStringLiteral("tx %1 %2 owner=%3 epoch=%4 attempts=%5 comp=%6 err=%7")
                     .arg(t.id, nameOf(t.state), t.owner)
                     .arg(t.epoch)
                     .arg(t.attempts)
                     .arg(t.compensatedBy, t.lastError);
    JournalQuery all;
    all.newestFirst = false;
    for (const JournalEntry &j : *store.journalEntries(all))
        lines << QStringLiteral("journal %1 %2 %3 %4→%5 epoch=%6 %7")
                     .arg(nameOf(j.docKind), j.docId, j.event, j.fromState, j.toState)
                     .arg(j.epoch)
                     .arg(j.detail);
    lines.sort();
    return lines.join(QLatin1Char('\n'));
}

NewTransaction newTx()
{
    NewTransaction n;
    n.id = kTx;
    n.idempotencyKey = QStringLiteral("key-1");
    n.legs = twoLegs(QStringLiteral("alice"), QStringLiteral("bob"), 250);
    n.actor = QStringLiteral("tester");
    return n;
}

TxChange claimBy(const QString &owner)
{
    TxChange c;
    c.newState = TxState::Pending;
    c.claim = true;
    c.newOwner = owner;
    c.leaseMs = 30'000;
    c.actor = QStringLiteral("tester");
    return c;
}

// alice and bob, each funded with 10,000 from @world through the store's own writes under fixed
// ids (the coordinator's ids are random, and two stores must look alike).
void twoFundedAccounts(Store &store)
{
    for (const QString &id : {QStringLiteral("alice"), QStringLiteral("bob")}) {
        QVERIFY(store.createAccount(id, id.toUpper(), QStringLiteral("tester")).ok());
        NewTransaction n;
        n.id = QStringLiteral("fund-") + id;
        n.legs = twoLegs(kWorldAccount, id, 10'000);
        QVERIFY(store.insertTransaction(n).ok());
        QVERIFY(store.hold(n.id, kWorldAccount, LegSide::Debit, n.legs.first().amount).ok());
        QVERIFY(store.hold(n.id, id, LegSide::Credit, n.legs.first().amount).ok());
        QVERIFY(store.post(n.id, kWorldAccount).ok());
        QVERIFY(store.post(n.id, id).ok());
    }
}

// The write under test, on a store with alice and bob funded (and whatever `prepare` made);
// returns its outcome as text.
using Write = std::function<QString(Store &)>;

struct Case {
    Write prepare;
    Write write;
};

QString legText(const Result<LegOutcome> &r)
{
    return r.ok() ? QStringLiteral("%1 changed=%2").arg(nameOf(r->status)).arg(r->changed) : r.error().toString();
}
QString casText(const Result<CasOutcome> &r)
{
    return r.ok() ? QStringLiteral("applied=%1 %2 epoch=%3").arg(r->applied).arg(nameOf(r->tx.state)).arg(r->tx.epoch)
                  : r.error().toString();
}

QMap<QString, Case> cases()
{
    const auto none = [](Store &) { return QString(); };
    const auto held = [](Store &s) { return legText(s.hold(kTx, QStringLiteral("alice"), LegSide::Debit, 250)); };
    const auto inserted = [](Store &s) {
        auto r = s.insertTransaction(newTx());
        return r.ok() ? QStringLiteral("inserted=%1").arg(r->inserted) : r.error().toString();
    };
    QMap<QString, Case> c;
    c.insert(QStringLiteral("create account"), {none, [](Store &s) {
                                                    auto r = s.createAccount(QStringLiteral("carol"), QStringLiteral("Carol"),
                                                                             QStringLiteral("tester"));
                                                    return r.ok() ? r->id : r.error().toString();
                                                }});
    c.insert(QStringLiteral("freeze account"), {none, [](Store &s) {
                                                    auto r = s.setAccountStatus(QStringLiteral("alice"), AccountStatus::Frozen,
                                                                                QStringLiteral("tester"), QStringLiteral("why"));
                                                    return r.ok() ? nameOf(r->status) : r.error().toString();
                                                }});
    c.insert(QStringLiteral("hold"), {none, held});
    c.insert(QStringLiteral("post"), {held, [](Store &s) { return legText(s.post(kTx, QStringLiteral("alice"))); }});
    c.insert(QStringLiteral("void held"),
             {held, [](Store &s) { return legText(s.voidLeg(kTx, QStringLiteral("alice"), LegSide::Debit, 250)); }});
    c.insert(QStringLiteral("void tombstone"),
             {none, [](Store &s) { return legText(s.voidLeg(kTx, QStringLiteral("bob"), LegSide::Credit, 250)); }});
    c.insert(QStringLiteral("insert transaction"), {none, inserted});
    c.insert(QStringLiteral("claim"),
             {inserted, [](Store &s) {
                  return casText(s.updateTransaction(kTx, TxGuard{TxState::Initial, QString(), 0}, claimBy(QStringLiteral("worker-1"))));
              }});
    c.insert(QStringLiteral("link compensation"), {inserted, [](Store &s) {
                                                       return casText(s.linkCompensation(kTx, QString(), QStringLiteral("tx-comp"),
                                                                                         QStringLiteral("tester"), QString(), QString()));
                                                   }});
    c.insert(QStringLiteral("touch version"), {none, [](Store &s) {
                                                   auto r = extrasOf(s).touchAccountIfVersion(QStringLiteral("bob"),
                                                                                              s.account(QStringLiteral("bob"))->version);
                                                   return r.ok() ? QStringLiteral("touched=%1").arg(*r) : r.error().toString();
                                               }});
    return c;
}

// Breaks the connection once, at the `nth` statement that is a commit point (or the first
// statement of all when `nth` is 0).
class OneCut {
public:
    OneCut(pgfaults::Cut cut, int nth)
    {
        auto seen = std::make_shared<int>(0);
        auto done = std::make_shared<bool>(false);
        pgfaults::setFaultHook([cut, nth, seen, done](const char *, bool commits) {
            if (*done || (nth > 0 && !commits))
                return pgfaults::Cut::None;
            if (++*seen < qMax(1, nth))
                return pgfaults::Cut::None;
            *done = true;
            return cut;
        });
        m_done = done;
    }
    ~OneCut() { pgfaults::setFaultHook({}); }
    bool happened() const { return *m_done; }

private:
    std::shared_ptr<bool> m_done;
};

} // namespace

void TestPgOutcomes::initTestCase()
{
    if (!onPostgres())
        QSKIP("runs against the PostgreSQL test cluster only (tst_pgoutcomes@pg)");
}

void TestPgOutcomes::cleanup() { pgfaults::setFaultHook({}); }

void TestPgOutcomes::eachWriteOnce_data()
{
    QTest::addColumn<QString>("write");
    QTest::addColumn<pgfaults::Cut>("cut");
    QTest::addColumn<int>("nth");
    for (const QString &name : cases().keys()) {
        QTest::newRow(qPrintable(name + QStringLiteral(": break before the first statement"))) << name << pgfaults::Cut::BeforeSending << 0;
        QTest::newRow(qPrintable(name + QStringLiteral(": break before the commit"))) << name << pgfaults::Cut::BeforeSending << 1;
        QTest::newRow(qPrintable(name + QStringLiteral(": break after the commit"))) << name << pgfaults::Cut::AfterResult << 1;
    }
}

void TestPgOutcomes::eachWriteOnce()
{
    QFETCH(QString, write);
    QFETCH(pgfaults::Cut, cut);
    QFETCH(int, nth);
    const Case c = cases().value(write);

    TempStore plain;
    twoFundedAccounts(plain.store());
    c.prepare(plain.store());
    const QString expected = c.write(plain.store());

    TempStore faulty;
    twoFundedAccounts(faulty.store());
    c.prepare(faulty.store());
    QString got;
    {
        OneCut once(cut, nth);
        got = c.write(faulty.store());
        QVERIFY(once.happened());
    }
    QCOMPARE(got, expected);
    QCOMPARE(picture(faulty.store()), picture(plain.store()));
}

void TestPgOutcomes::transferWithABreakAtEveryWrite_data()
{
    QTest::addColumn<pgfaults::Cut>("cut");
    QTest::addColumn<int>("nth");
    // A transfer is 8 writes (insert, claim, 2 holds, applied, 2 posts, done).
    for (int nth = 1; nth <= 8; ++nth) {
        QTest::addRow("break after commit point %d", nth) << pgfaults::Cut::AfterResult << nth;
        QTest::addRow("break before commit point %d", nth) << pgfaults::Cut::BeforeSending << nth;
    }
}

void TestPgOutcomes::transferWithABreakAtEveryWrite()
{
    QFETCH(pgfaults::Cut, cut);
    QFETCH(int, nth);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);
    TransferRequest request;
    request.source = QStringLiteral("alice");
    request.destination = QStringLiteral("bob");
    request.amount = 1234;
    request.idempotencyKey = QStringLiteral("once");
    TxOutcome outcome;
    {
        OneCut once(cut, nth);
        outcome = Coordinator(ts.store(), {}).transfer(request);
        QVERIFY(once.happened());
    }
    QVERIFY2(outcome.ok(), qPrintable(outcome.error.toString()));
    QCOMPARE(outcome.tx->state, TxState::Done);
    QVERIFY(!outcome.byOther); // our own write, resolved as ours: not "someone else"
    QCOMPARE(balanceOf(ts.store(), QStringLiteral("alice")), 10'000 - 1234);
    QCOMPARE(balanceOf(ts.store(), QStringLiteral("bob")), 10'000 + 1234);
    QCOMPARE(*ts.store().transactionCount({}), qint64(3)); // two fundings and this transfer
    // Exactly one journal row per write of the transfer: none written twice.
    QCOMPARE(ts.store().journal(DocKind::Transaction, outcome.tx->id)->size(), 4); // created, claimed, applied, done
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
}

void TestPgOutcomes::killedSessionsLoseNothing()
{
    TempStore ts;
    const QStringList accounts{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d")};
    openAccounts(ts.store(), accounts, 1'000'000);
    std::atomic<bool> stop{false};
    std::atomic<int> kills{0};
    QAtomicInt done{0};
    QAtomicInt failed{0};
    std::vector<std::thread> workers;
    for (int w = 0; w < 4; ++w) {
        workers.emplace_back([&, w] {
            auto store = ts.openAnother();
            Coordinator coordinator(*store, {});
            // At least 60 transfers each, and on until 20 sessions were ended (bounded: a killer
            // that ends none fails the test below instead of hanging it).
            for (int i = 0; (i < 60 || kills < 20) && i < 20'000; ++i) {
                TransferRequest r;
                r.source = accounts.at((w + i) % 4);
                r.destination = accounts.at((w + i + 1) % 4);
                r.amount = 1 + i;
                r.idempotencyKey = QStringLiteral("w%1-%2").arg(w).arg(i);
                const TxOutcome o = coordinator.transfer(r);
                (o.ok() && o.tx->state == TxState::Done ? done : failed).fetchAndAddRelaxed(1);
                if (!o.ok())
                    qWarning("%s", qPrintable(o.error.toString()));
            }
        });
    }
    // Meanwhile: end every other session on the store, again and again.
    std::thread killer([&] {
        RawSql raw(ts.path());
        while (!stop) {
            // Counted only when a session was really ended (pg_terminate_backend said so).
            kills += raw.scalar(QStringLiteral("SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                                               " WHERE datname = current_database() AND pid <> pg_backend_pid()"))
                         .toInt();
            QThread::msleep(40);
        }
    });
    for (auto &t : workers)
        t.join();
    stop = true;
    killer.join();
    QVERIFY(kills >= 20);
    QCOMPARE(failed.loadRelaxed(), 0); // every break was reconnected and resolved
    QVERIFY(done.loadRelaxed() >= 240);
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
    qint64 sum = 0;
    for (const QString &a : accounts)
        sum += balanceOf(ts.store(), a);
    QCOMPARE(sum, 4 * 1'000'000);
}

void TestPgOutcomes::racingTombstonesOnAMissingAccount()
{
    // No account row to lock: eight voids of the same leg race to insert its tombstone. One
    // inserts it; the others meet the unique key (23505), decide again and find it there.
    TempStore ts;
    for (int round = 0; round < 10; ++round) {
        const QString tx = QStringLiteral("tx-ghost-%1").arg(round);
        std::atomic<int> ready{0};
        QAtomicInt changed{0};
        QAtomicInt failed{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; ++t) {
            threads.emplace_back([&] {
                auto store = ts.openAnother();
                ++ready;
                while (ready < 8)
                    std::this_thread::yield();
                const auto r = store->voidLeg(tx, QStringLiteral("ghost"), LegSide::Credit, 100);
                if (!r.ok() || r->status != LegStatus::Voided)
                    failed.fetchAndAddRelaxed(1);
                else if (r->changed)
                    changed.fetchAndAddRelaxed(1);
            });
        }
        for (auto &t : threads)
            t.join();
        QCOMPARE(failed.loadRelaxed(), 0);
        QCOMPARE(changed.loadRelaxed(), 1);
        QCOMPARE(ts.store().legsOfTransaction(tx)->size(), 1);
    }
}

QTEST_GUILESS_MAIN(TestPgOutcomes)
#include "tst_pgoutcomes.moc"
