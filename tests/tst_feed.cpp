// The change feed (changefeed.h, ledgerctl feed, ledgerctl serve --ws): every transaction that
// reached done or canceled comes out exactly once, in commit order, with its legs and the
// balances they left; a cursor resumes with no gap and no duplicate — on one file and on a
// sharded store; while ledgerctl processes make transfers at the same time; pushed live to
// real WebSocket clients; and the hub that pushes it, paging a slow reader and cutting one that
// stopped.
#include "interchange/changefeed.h"
#include "interchange/feedhub.h"
#include "store/open/storeconfig.h"
#include "ledger/money.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QElapsedTimer>
#include <QProcess>
#include <QTcpServer>
#include <QWebSocket>

#include <deque>
#include <functional>

using namespace ledger;
using namespace ledger::test;

namespace {

// The ids of every finished transaction of a store, with their states.
QMap<QString, TxState> finishedInStore(Store &s)
{
    QMap<QString, TxState> finished;
    for (const Transaction &t : *s.transactions({})) {
        if (isTerminal(t.state))
            finished.insert(t.id, t.state);
    }
    return finished;
}

QList<FeedEvent> readAll(Store &s, FeedCursor from, int page = 7)
{
    QList<FeedEvent> all;
    for (;;) {
        auto events = readFeed(s, from, page);
        if (!events.ok()) {
            qWarning("%s", qPrintable(events.error().toString()));
            return all;
        }
        all += *events;
        if (events->isEmpty())
            return all;
        from = events->last().cursor;
    }
}

// The feed from `from` once it holds at least `atLeast` events. On DynamoDB a finish is in the
// feed once its seq has settled behind the store's clock, a moment after its write (longer on a
// busy machine): a test waits for what it just wrote instead of reading at once. The deadline
// only bounds a hang; the caller checks the count itself.
QList<FeedEvent> readSettled(Store &s, FeedCursor from, qint64 atLeast, int page = 7)
{
    QList<FeedEvent> all;
    if (!QTest::qWaitFor([&] { return (all = readAll(s, from, page)).size() >= atLeast; }, 60'000))
        qWarning("the feed held %lld of the %lld events waited for after a minute", qint64(all.size()), atLeast);
    return all;
}

// Ledgerctl processes run as `workers` queues side by side, each one command after another.
class ProcessPool {
public:
    // Every protocol write of the transfers pauses a little, so that they overlap each other
    // and the readers (a ledgerctl transfer alone takes a few milliseconds).
    ProcessPool(QProcessEnvironment env, int workers)
        : m_env(std::move(env))
        , m_queues(workers)
    {
        m_env.insert(QStringLiteral("LEDGER_STEP_DELAY_MS"), QStringLiteral("3"));
    }
    void add(int worker, const QStringList &args) { m_queues[worker].push_back(args); }

    // Runs everything, calling `meanwhile` every few milliseconds (with the event loop running).
    void run(const std::function<void()> &meanwhile)
    {
        std::vector<std::unique_ptr<QProcess>> running(m_queues.size());
        for (;;) {
            bool busy = false;
            for (size_t w = 0; w < m_queues.size(); ++w) {
                if (running[w] && running[w]->state() != QProcess::NotRunning) {
                    busy = true;
                    continue;
                }
                if (running[w]) {
                    exitCodes << running[w]->exitCode();
                    running[w].reset();
                }
                if (m_queues[w].empty())
                    continue;
                running[w] = std::make_unique<QProcess>();
                running[w]->setProcessEnvironment(m_env);
                running[w]->setStandardErrorFile(QProcess::nullDevice()); // refusals and injected crashes are expected
                running[w]->setStandardOutputFile(QProcess::nullDevice());
                running[w]->start(QStringLiteral(LEDGERCTL_PATH), m_queues[w].front());
                m_queues[w].pop_front();
                busy = true;
            }
            if (!busy)
                return;
            meanwhile();
            QTest::qWait(5);
        }
    }

    QList<int> exitCodes;

private:
    QProcessEnvironment m_env;
    std::vector<std::deque<QStringList>> m_queues;
};

QProcessEnvironment envFor(const QString &store) { return storeEnvironment(store, {QStringLiteral("LEDGERDESK_OPERATOR=feedtest")}); }

// Fills the pool with transfers among `accounts`: some paid, some refused (canceled), some
// crashed half-way (finished later by recover).
void addTransfers(ProcessPool &pool, int workers, int perWorker)
{
    for (int w = 0; w < workers; ++w) {
        for (int i = 0; i < perWorker; ++i) {
            const QString from = QStringLiteral("acc%1").arg((w + i) % 4);
            const QString to = QStringLiteral("acc%1").arg((w + i + 1) % 4);
            QStringList args{QStringLiteral("transfer"), from, to,
                             i % 5 == 4 ? QStringLiteral("999999") : QStringLiteral("1.%1").arg(i % 10)};
            if (i % 7 == 3)
                args.prepend(QStringLiteral("--crash-after=hold-credit"));
            pool.add(w, args);
        }
    }
}

} // namespace

class TestFeed : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cursors_data();
    void cursors();
    void everyFinishOnceInCommitOrder();
    void resumesFromEveryCursor();
    void balancesLeftByEachLeg();
    void shardedStore();
    void feedWhileProcessesTransfer();
    void followWaitsForFinishes();
    void webSocketClients();
    void serveRefusesAPortInUse();
    void hubPagesASlowReader();
    void hubCutsAReaderThatStopped();
    void hubEndsAFeedReadOnce();
};

void TestFeed::cursors_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("shards");
    QTest::addColumn<QString>("parsed"); // "" for invalid-cursor
    QTest::newRow("start of one file") << "0" << 1 << "0";
    QTest::newRow("start of four shards") << "0" << 4 << "0,0,0,0";
    QTest::newRow("a position") << "1234" << 1 << "1234";
    QTest::newRow("one per shard") << "5,0,17" << 3 << "5,0,17";
    QTest::newRow("too few") << "5,0" << 3 << "";
    QTest::newRow("too many") << "5,0" << 1 << "";
    QTest::newRow("empty: the start (a recipe before anything finished)") << "" << 1 << "0";
    QTest::newRow("empty, sharded: the start") << "" << 3 << "0,0,0";
    QTest::newRow("empty position") << "5,,1" << 3 << "";
    QTest::newRow("negative") << "-3" << 1 << "";
    QTest::newRow("plus sign") << "+3" << 1 << "";
    QTest::newRow("spaces") << " 3" << 1 << "";
    QTest::newRow("not digits") << "abc" << 1 << "";
    QTest::newRow("too long") << QString(19, QLatin1Char('9')) << 1 << "";
    QTest::newRow("non-ASCII digits") << "٣" << 1 << "";
}

void TestFeed::cursors()
{
    QFETCH(QString, text);
    QFETCH(int, shards);
    QFETCH(QString, parsed);
    auto cursor = FeedCursor::parse(text, shards);
    if (parsed.isEmpty()) {
        QCOMPARE(cursor.code(), ErrorCode::InvalidCursor);
    } else {
        QVERIFY(cursor.ok());
        QCOMPARE(cursor->toString(), parsed);
    }
}

void TestFeed::everyFinishOnceInCommitOrder()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    Coordinator c(s, {});
    const QString done = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    const QString refused = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 5000, QString(), QString()}).tx->id;
    QVERIFY(c.compensate(done, QStringLiteral("oops")).ok()); // a link on a done document is no second finish
    CoordinatorOptions stall;
    stall.hook = abandonAfterHook(Step::HoldDebit);
    const QString stuck = Coordinator(s, stall).transfer({QStringLiteral("bob"), QStringLiteral("alice"), 1, QString(), QString()}).tx->id;

    QMap<QString, TxState> expected = finishedInStore(s);
    const QList<FeedEvent> events = readSettled(s, FeedCursor::start(s.shardCount()), expected.size());
    QVERIFY(!expected.contains(stuck));
    QCOMPARE(events.size(), expected.size());
    // Commit order within each shard (a DynamoDB store has a part of its finish index per
    // position, one file or database has one).
    QList<qint64> lastSeq(s.shardCount(), 0);
    for (const FeedEvent &e : events) {
        QVERIFY(e.finish.seq > lastSeq[e.shard]);
        lastSeq[e.shard] = e.finish.seq;
        QCOMPARE(e.cursor.positions.at(e.shard), e.finish.seq);
        QCOMPARE(nameOf(expected.take(e.tx.id)), e.finish.toState);
        const QJsonObject o = feedEventJson(e, s.scale());
        QCOMPARE(o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString(), e.tx.id);
        for (const QJsonValue &leg : o.value(QStringLiteral("legs")).toArray()) {
            const bool posted = leg.toObject().value(QStringLiteral("status")) == QLatin1String("posted");
            QCOMPARE(posted, e.finish.toState == QLatin1String("done"));
            QCOMPARE(leg.toObject().value(QStringLiteral("balanceAfter")).isString(), posted);
        }
    }
    QVERIFY(expected.isEmpty());
    QVERIFY(std::any_of(events.cbegin(), events.cend(),
                        [&](const FeedEvent &e) { return e.tx.id == refused && e.finish.toState == QLatin1String("canceled"); }));

    // The end of the feed is the last finish, though the journal goes on (the stuck one's
    // rows, the compensation's link on a done document).
    for (int shard = 0; shard < s.shardCount(); ++shard)
        QCOMPARE(*s.lastFinishedSeq(shard), lastSeq.at(shard));
    QCOMPARE(feedEnd(s, FeedCursor::start(s.shardCount()))->toString(), events.last().cursor.toString());
    QCOMPARE(feedEnd(s, events.last().cursor)->toString(), events.last().cursor.toString());

    // The stuck one appears once it finishes, after everything before.
    QVERIFY(Coordinator(s, {}).resume(stuck, QString()).ok());
    const QList<FeedEvent> more = readSettled(s, events.last().cursor, 1, 100);
    QCOMPARE(more.size(), 1);
    QCOMPARE(more.first().tx.id, stuck);
}

void TestFeed::resumesFromEveryCursor()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    Coordinator c(s, {});
    for (int i = 0; i < 20; ++i)
        c.transfer({i % 2 ? QStringLiteral("alice") : QStringLiteral("bob"), i % 2 ? QStringLiteral("bob") : QStringLiteral("alice"),
                    i % 6 == 5 ? 1'000'000 : 3, QString(), QString()});
    const QList<FeedEvent> all = readSettled(s, FeedCursor::start(s.shardCount()), 22, 1000);
    QCOMPARE(all.size(), 22);
    for (int i = 0; i < all.size(); ++i) {
        const QList<FeedEvent> rest = readAll(s, all[i].cursor, 4);
        QCOMPARE(rest.size(), all.size() - i - 1);
        for (int j = 0; j < rest.size(); ++j)
            QCOMPARE(rest[j].finish.seq, all[i + 1 + j].finish.seq);
    }
}

void TestFeed::balancesLeftByEachLeg()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    Coordinator c(s, {});
    for (qint64 amount : {100, 250, 5})
        QVERIFY(c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()}).ok());
    // (On DynamoDB a finish is in the feed once its seq has settled behind the store's clock:
    // waited for, not assumed at once.)
    QList<FeedEvent> events;
    QVERIFY(QTest::qWaitFor([&] { return (events = readAll(s, FeedCursor::start(s.shardCount()))).size() >= 5; }, 60'000));
    QCOMPARE(events.size(), 5); // two openings, three transfers
    const QList<qint64> aliceAfter{900, 650, 645};
    const QList<qint64> bobAfter{1100, 1350, 1355};
    for (int i = 0; i < 3; ++i) {
        for (const LegMarker &m : events[i + 2].legs) {
            QVERIFY(m.balanceAfter);
            QCOMPARE(*m.balanceAfter, m.accountId == QLatin1String("alice") ? aliceAfter[i] : bobAfter[i]);
        }
    }
    // A transaction over three accounts: one event, every leg with the balance it left.
    openAccounts(s, {QStringLiteral("carol")}, 0);
    TransferRequest split;
    split.legs = {{QStringLiteral("alice"), LegSide::Debit, 45},
                  {QStringLiteral("bob"), LegSide::Credit, 40},
                  {QStringLiteral("carol"), LegSide::Credit, 5}};
    const TxOutcome splitOutcome = c.transfer(split);
    QVERIFY(splitOutcome.ok() && splitOutcome.tx && splitOutcome.tx->state == TxState::Done);
    QList<FeedEvent> after;
    QVERIFY(QTest::qWaitFor([&] { return !(after = readAll(s, events.last().cursor)).isEmpty(); }, 60'000));
    QCOMPARE(after.size(), 1);
    QCOMPARE(after.first().legs.size(), 3);
    const QMap<QString, qint64> left{{QStringLiteral("alice"), 600}, {QStringLiteral("bob"), 1395}, {QStringLiteral("carol"), 5}};
    for (const LegMarker &m : after.first().legs) {
        QVERIFY(m.balanceAfter);
        QCOMPARE(*m.balanceAfter, left.value(m.accountId));
    }
}

void TestFeed::shardedStore()
{
    QTemporaryDir dir;
    StoreConfig config;
    config.location = dir.filePath(QStringLiteral("ledger.json"));
    config.shards = 3;
    auto created = createStore(config, 2);
    QVERIFY2(created.ok(), qPrintable(created.error().toString()));
    Store &s = **created;
    QStringList ids;
    for (int i = 0; i < 8; ++i)
        ids << QStringLiteral("acc%1").arg(i);
    openAccounts(s, ids, 10000);
    Coordinator c(s, {});
    for (int i = 0; i < 40; ++i)
        c.transfer({ids[i % 8], ids[(i + 3) % 8], i % 9 == 8 ? 10'000'000 : 7, QString(), QStringLiteral("k%1").arg(i)});
    const QMap<QString, TxState> expected = finishedInStore(s);
    const QList<FeedEvent> all = readSettled(s, FeedCursor::start(3), expected.size(), 5);
    QCOMPARE(all.size(), expected.size());
    QSet<QString> seen;
    QList<qint64> lastSeq(3, 0);
    QSet<int> shardsSeen;
    for (const FeedEvent &e : all) {
        QVERIFY2(!seen.contains(e.tx.id), qPrintable(e.tx.id));
        seen.insert(e.tx.id);
        QVERIFY(e.finish.seq > lastSeq[e.shard]); // each shard in its commit order
        lastSeq[e.shard] = e.finish.seq;
        shardsSeen.insert(e.shard);
        QCOMPARE(e.cursor.positions.size(), 3);
        QCOMPARE(e.cursor.positions[e.shard], e.finish.seq);
    }
    QCOMPARE(shardsSeen.size(), 3);
    // Where a follower without a cursor starts: each shard's last finish, read from the end.
    QCOMPARE(feedEnd(s, FeedCursor::start(3))->positions, lastSeq);
    QCOMPARE(s.lastFinishedSeq(3).code(), ErrorCode::InvalidCursor);
    // Resuming from the middle gives exactly the rest.
    const QList<FeedEvent> rest = readAll(s, all[all.size() / 2].cursor, 3);
    QCOMPARE(rest.size(), all.size() - all.size() / 2 - 1);
    for (int j = 0; j < rest.size(); ++j)
        QCOMPARE(rest[j].tx.id, all[all.size() / 2 + 1 + j].tx.id);
    QCOMPARE(readFeed(s, FeedCursor::start(1), 10).code(), ErrorCode::InvalidCursor);

    // ledgerctl on the sharded store: the cursor has a position per shard.
    auto r =
        runLedgerctl({QStringLiteral("--store"), config.location, QStringLiteral("feed"), QStringLiteral("--limit"), QStringLiteral("2")});
    QCOMPARE(r.exitCode, 0);
    const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 2);
    QCOMPARE(QJsonDocument::fromJson(lines[1].toUtf8()).object().value(QStringLiteral("cursor")).toString(), all[1].cursor.toString());
}

void TestFeed::feedWhileProcessesTransfer()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("acc0"), QStringLiteral("acc1"), QStringLiteral("acc2"), QStringLiteral("acc3")}, 100000);
    const QProcessEnvironment env = envFor(t.path());
    ProcessPool pool(env, 4);
    addTransfers(pool, 4, 14);

    // A reader that runs `ledgerctl feed --since <last cursor>` again and again while they run.
    QStringList lines;
    QString cursor = QStringLiteral("0");
    int reads = 0;
    const auto readMore = [&] {
        QProcess feed;
        feed.setProcessEnvironment(env);
        feed.start(QStringLiteral(LEDGERCTL_PATH), {QStringLiteral("feed"), QStringLiteral("--since"), cursor});
        QVERIFY(feed.waitForFinished(30'000));
        QCOMPARE(feed.exitCode(), 0);
        for (const QString &line : QString::fromUtf8(feed.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            lines << line;
            cursor = QJsonDocument::fromJson(line.toUtf8()).object().value(QStringLiteral("cursor")).toString();
        }
        ++reads;
    };
    pool.run(readMore);
    QVERIFY(pool.exitCodes.contains(86)); // some crashed half-way...
    auto recovered = runLedgerctl({QStringLiteral("recover"), QStringLiteral("--older-than"), QStringLiteral("0s")}, env);
    QCOMPARE(recovered.exitCode, 0); // ...and are finished now
    readMore();
    QVERIFY2(reads > 3, "the reader should have read while the transfers ran");

    QMap<QString, TxState> expected = finishedInStore(t.store());
    QCOMPARE(expected.size(), 4 + 4 * 14 /* openings, transfers */);
    QMap<int, qint64> lastSeq; // by shard
    for (const QString &line : lines) {
        const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
        const QString id = o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(expected.contains(id), qPrintable(QStringLiteral("%1 twice or unknown").arg(id)));
        QCOMPARE(o.value(QStringLiteral("state")).toString(), nameOf(expected.take(id)));
        const qint64 seq = o.value(QStringLiteral("seq")).toInteger();
        const int shard = o.value(QStringLiteral("shard")).toInt();
        QVERIFY(seq > lastSeq.value(shard));
        lastSeq[shard] = seq;
    }
    QVERIFY2(expected.isEmpty(), qPrintable(QStringLiteral("missing: ") + QStringList(expected.keys()).join(QLatin1Char(' '))));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestFeed::followWaitsForFinishes()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    // `feed --follow` waits on the store's change notifier (a PostgreSQL store announces each
    // commit; a file's change marker is polled) and prints each finish as it comes, once.
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("acc0"), QStringLiteral("acc1")}, 100000);
    const QProcessEnvironment env = envFor(t.path());
    QProcess follower;
    follower.setProcessEnvironment(env);
    follower.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    follower.start(QStringLiteral(LEDGERCTL_PATH),
                   {QStringLiteral("feed"), QStringLiteral("--follow"), QStringLiteral("--since"), QStringLiteral("0")});
    QVERIFY(follower.waitForStarted(10'000));
    QStringList lines;
    const auto readLines = [&]() {
        while (follower.canReadLine())
            lines << QString::fromUtf8(follower.readLine()).trimmed();
    };
    QTRY_COMPARE_WITH_TIMEOUT((readLines(), lines.size()), 2, 10'000); // the two openings
    QTest::qWait(300);
    readLines();
    QCOMPARE(lines.size(), 2); // and then it waits
    QCOMPARE(follower.state(), QProcess::Running);

    QStringList ids;
    for (int i = 0; i < 3; ++i) {
        const ProcessResult r = runLedgerctl(
            {QStringLiteral("transfer"), QStringLiteral("acc0"), QStringLiteral("acc1"), QStringLiteral("1.00"), QStringLiteral("--json")},
            env);
        QCOMPARE(r.exitCode, 0);
        ids << QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("id")).toString();
        // Each finish comes out while the follower keeps running.
        QTRY_COMPARE_WITH_TIMEOUT((readLines(), lines.size()), 3 + i, 10'000);
        const QJsonObject o = QJsonDocument::fromJson(lines.last().toUtf8()).object();
        QCOMPARE(o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString(), ids.last());
    }
    QTest::qWait(300); // a duplicate would come now
    readLines();
    QCOMPARE(lines.size(), 5);
    QCOMPARE(follower.state(), QProcess::Running);
    if (onPostgres()) {
        // The follower's LISTEN session ends (a server restart, a failover): a finish committed
        // before it listens again was never announced, and must still come out.
        RawSql raw(t.path());
        QVERIFY(raw.exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                        "WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()")));
        const ProcessResult r = runLedgerctl(
            {QStringLiteral("transfer"), QStringLiteral("acc1"), QStringLiteral("acc0"), QStringLiteral("2.00"), QStringLiteral("--json")},
            env);
        QCOMPARE(r.exitCode, 0);
        QTRY_COMPARE_WITH_TIMEOUT((readLines(), lines.size()), 6, 15'000);
        QCOMPARE(QJsonDocument::fromJson(lines.last().toUtf8())
                     .object()
                     .value(QStringLiteral("transaction"))
                     .toObject()
                     .value(QStringLiteral("id"))
                     .toString(),
                 QJsonDocument::fromJson(r.out.toUtf8()).object().value(QStringLiteral("id")).toString());
    }
    follower.kill();
    follower.waitForFinished(10'000);

    // With --limit it ends after that many, following until they are there.
    const ProcessResult limited =
        runLedgerctl({QStringLiteral("feed"), QStringLiteral("--follow"), QStringLiteral("--limit"), QStringLiteral("5")}, env);
    QCOMPARE(limited.exitCode, 0);
    QCOMPARE(limited.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts).size(), 5);
}

void TestFeed::webSocketClients()
{
    if (onDynamo())
        QSKIP("connects its clients while finishes stream in; DynamoDB's change marker moves once a second, so they come in bursts");
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("acc0"), QStringLiteral("acc1"), QStringLiteral("acc2"), QStringLiteral("acc3")}, 100000);
    const QProcessEnvironment env = envFor(t.path());

    QProcess server;
    server.setProcessEnvironment(env);
    server.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    server.start(QStringLiteral(LEDGERCTL_PATH), {QStringLiteral("serve"), QStringLiteral("--ws"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(server.waitForReadyRead(30'000));
    const QString banner = QString::fromUtf8(server.readLine()).trimmed();
    QVERIFY2(banner.startsWith(QStringLiteral("listening on ws://127.0.0.1:")), qPrintable(banner));
    const QString base = banner.mid(QStringLiteral("listening on ").size());

    struct Client {
        QWebSocket socket;
        QList<QJsonObject> events;
    };
    const auto connectClient = [&](Client &c, const QString &query, bool stays = true) {
        QObject::connect(&c.socket, &QWebSocket::textMessageReceived, &c.socket,
                         [&c](const QString &message) { c.events << QJsonDocument::fromJson(message.toUtf8()).object(); });
        c.socket.open(QUrl(base + QStringLiteral("/") + query));
        if (stays)
            QTRY_VERIFY2_WITH_TIMEOUT(c.socket.state() == QAbstractSocket::ConnectedState, qPrintable(c.socket.errorString()), 10'000);
    };
    Client fromStart, live, resumed;
    connectClient(fromStart, QStringLiteral("?since=0"));
    QTRY_COMPARE_WITH_TIMEOUT(fromStart.events.size(), 4, 10'000); // the four openings, already there

    ProcessPool pool(env, 4);
    addTransfers(pool, 4, 12);
    int tick = 0;
    bool liveConnected = false;
    bool resumedConnected = false;
    QString resumedFrom;
    pool.run([&] {
        ++tick;
        if (!liveConnected && fromStart.events.size() >= 10) {
            liveConnected = true;
            connectClient(live, QString());
        }
        if (!resumedConnected && fromStart.events.size() >= 20) {
            resumedConnected = true;
            resumedFrom = fromStart.events[5].value(QStringLiteral("cursor")).toString();
            connectClient(resumed, QStringLiteral("?since=") + resumedFrom);
        }
    });
    QCOMPARE(runLedgerctl({QStringLiteral("recover"), QStringLiteral("--older-than"), QStringLiteral("0s")}, env).exitCode, 0);

    const QMap<QString, TxState> finished = finishedInStore(t.store());
    QCOMPARE(finished.size(), 4 + 4 * 12);
    QTRY_COMPARE_WITH_TIMEOUT(fromStart.events.size(), finished.size(), 20'000);
    QTest::qWait(300); // a duplicate would come now
    QCOMPARE(fromStart.events.size(), finished.size());

    QStringList order;
    QMap<QString, TxState> expected = finished;
    for (const QJsonObject &o : fromStart.events) {
        const QString id = o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(expected.contains(id), qPrintable(QStringLiteral("%1 twice or unknown").arg(id)));
        QCOMPARE(o.value(QStringLiteral("state")).toString(), nameOf(expected.take(id)));
        order << id;
    }
    QVERIFY(expected.isEmpty());

    // The resumed client got exactly what came after its cursor; the live one a tail, once each.
    QVERIFY(resumedConnected && liveConnected);
    QStringList resumedIds;
    for (const QJsonObject &o : resumed.events)
        resumedIds << o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
    QCOMPARE(resumedIds, order.mid(6));
    QStringList liveIds;
    for (const QJsonObject &o : live.events)
        liveIds << o.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
    QVERIFY(!liveIds.isEmpty());
    QCOMPARE(liveIds, order.mid(order.size() - liveIds.size()));

    // A bad cursor is refused in the stream, with its code.
    Client bad;
    connectClient(bad, QStringLiteral("?since=1,2"), false);
    QTRY_COMPARE_WITH_TIMEOUT(bad.events.size(), 1, 10'000);
    QCOMPARE(bad.events[0].value(QStringLiteral("error")).toObject().value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-cursor"));

    server.kill();
    server.waitForFinished();
}

void TestFeed::serveRefusesAPortInUse()
{
    TempStore t;
    QTcpServer holder;
    QVERIFY(holder.listen(QHostAddress::LocalHost, 0));
    auto r = runLedgerctl({QStringLiteral("--store"), t.path(), QStringLiteral("serve"), QStringLiteral("--ws"),
                           QStringLiteral("127.0.0.1:%1").arg(holder.serverPort())});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.startsWith(QStringLiteral("error: listen-failed: ")), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
}

namespace {

// A subscriber standing in for a socket whose peer reads when the test says: what it was sent
// waits in `unsent` until drain().
struct SlowReader {
    QStringList lines;
    qint64 unsent = 0;
    qint64 mostUnsent = 0;
    int cuts = 0;
    int caughtUps = 0;
    bool followed = true;

    FeedHub::Sink sink()
    {
        FeedHub::Sink s;
        s.send = [this](const QByteArray &line) {
            lines.append(QString::fromUtf8(line));
            unsent += line.size();
            mostUnsent = std::max(mostUnsent, unsent);
            return true;
        };
        s.unsent = [this] { return unsent; };
        s.cut = [this] { ++cuts; };
        s.caughtUp = [this] {
            ++caughtUps;
            return followed;
        };
        return s;
    }
    void drain(FeedHub &hub, int id)
    {
        unsent = 0;
        hub.drained(id);
    }
};

QString txIdOf(const QString &line)
{
    return QJsonDocument::fromJson(line.toUtf8())
        .object()
        .value(QStringLiteral("transaction"))
        .toObject()
        .value(QStringLiteral("id"))
        .toString();
}

void fillFeed(Store &s, int transfers)
{
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    Coordinator c(s, {});
    for (int i = 0; i < transfers; ++i)
        QVERIFY(c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1, QString(), QString()}).ok());
}

} // namespace

// A reader from the start of a long feed is read on the hub's own thread, a page at a time, and
// no further while it holds more than the high-water mark unsent: the process holds at most the
// mark and a page for it, however far behind it is, and it still gets every event once, in order.
void TestFeed::hubPagesASlowReader()
{
    TempStore t;
    fillFeed(t.store(), 600);
    const QList<FeedEvent> all = readSettled(t.store(), FeedCursor::start(t.store().shardCount()), 602, 1000);
    QCOMPARE(all.size(), 602); // the two openings too

    FeedHub::Limits limits;
    limits.highWater = 4 * 1024; // less than a page of events
    limits.page = 50;
    FeedHub hub(connectorOf(t.config()), limits);
    QVERIFY(hub.start().ok());

    // A reader that takes everything at once: nothing is read before subscribe() returns (the
    // event loop never waits for the store), then all of it comes, on the loop's thread.
    SlowReader fast;
    FeedHub::Sink fastSink = fast.sink();
    fastSink.unsent = nullptr;
    bool sentOnLoopThread = true;
    const auto send = fastSink.send;
    fastSink.send = [&](const QByteArray &line) {
        sentOnLoopThread = sentOnLoopThread && QThread::currentThread() == hub.thread();
        return send(line);
    };
    QVERIFY(hub.subscribe(QStringLiteral("0"), fastSink).ok());
    QCOMPARE(fast.lines.size(), 0);
    // 600 events read back a document and its legs each: seconds on a server store under load.
    QTRY_COMPARE_WITH_TIMEOUT(fast.lines.size(), all.size(), 30'000);
    QVERIFY(sentOnLoopThread);
    for (int i = 0; i < all.size(); ++i)
        QCOMPARE(txIdOf(fast.lines[i]), all[i].tx.id);

    // One that does not read: after its first page, nothing more is read for it.
    SlowReader reader;
    auto id = hub.subscribe(QStringLiteral("0"), reader.sink());
    QVERIFY(id.ok());
    QTRY_COMPARE(reader.lines.size(), 50);
    QTest::qWait(300);
    QCOMPARE(reader.lines.size(), 50);

    qint64 largestPage = 0;
    while (reader.lines.size() < all.size()) {
        const qsizetype before = reader.lines.size();
        reader.drain(hub, *id);
        QTRY_VERIFY2(reader.lines.size() > before, "a drained reader is read on");
        largestPage = std::max(largestPage, reader.unsent);
        QCOMPARE(reader.lines.size() - before, std::min<qsizetype>(limits.page, all.size() - before)); // one page a drain
    }
    QVERIFY(reader.mostUnsent <= limits.highWater + largestPage);
    for (int i = 0; i < all.size(); ++i)
        QCOMPARE(txIdOf(reader.lines[i]), all[i].tx.id);
    QTRY_COMPARE(reader.caughtUps, 1);
    QCOMPARE(reader.cuts, 0);

    // Live: new finishes reach both when the owner says the store changed.
    Coordinator(t.store(), {}).transfer({QStringLiteral("bob"), QStringLiteral("alice"), 2, QString(), QString()});
    reader.drain(hub, *id);
    hub.catchUpAll();
    QTRY_COMPARE(reader.lines.size(), all.size() + 1);
    QTRY_COMPARE(fast.lines.size(), all.size() + 1);
    QCOMPARE(hub.subscribers(), 2);
}

// Over the mark with nothing written for the stall limit: cut and forgotten. One whose socket
// keeps writing, however slowly, is not.
void TestFeed::hubCutsAReaderThatStopped()
{
    TempStore t;
    fillFeed(t.store(), 200);
    FeedHub::Limits limits;
    limits.highWater = 4 * 1024;
    limits.page = 50;
    // A stall is a time, so this observes time, as it must: 2 s, forty times the slow reader's
    // 50 ms between writes (a busy machine would have to stop this thread for seconds).
    limits.stallMs = 2000;
    FeedHub hub(connectorOf(t.config()), limits);
    QVERIFY(hub.start().ok());
    SlowReader stopped;
    SlowReader slow;
    auto stoppedId = hub.subscribe(QStringLiteral("0"), stopped.sink());
    auto slowId = hub.subscribe(QStringLiteral("0"), slow.sink());
    QVERIFY(stoppedId.ok() && slowId.ok());

    // Until the stopped one is cut (a minute only bounds a hang).
    QElapsedTimer hang;
    hang.start();
    while (stopped.cuts == 0 && hang.elapsed() < 60'000) {
        slow.unsent -= std::min<qint64>(slow.unsent, 2048); // a socket writing a little at a time
        hub.drained(*slowId);
        QTest::qWait(50);
    }
    QCOMPARE(stopped.cuts, 1);
    QCOMPARE(stopped.lines.size(), 50);
    QCOMPARE(slow.cuts, 0);
    QCOMPARE(hub.subscribers(), 1);
    QVERIFY(slow.lines.size() > stopped.lines.size());
    hub.unsubscribe(*stoppedId); // forgotten already: a socket's late disconnect changes nothing
    QCOMPARE(hub.subscribers(), 1);
}

// A feed read once (ledgerd's follow=false): every event there, then caughtUp() ends it. And what
// the hub refuses: a cursor of the wrong shape at once, a store it cannot open at start().
void TestFeed::hubEndsAFeedReadOnce()
{
    TempStore t;
    fillFeed(t.store(), 120);
    FeedHub::Limits limits;
    limits.page = 50;
    FeedHub hub(connectorOf(t.config()), limits);
    QVERIFY(hub.start().ok());
    SlowReader once;
    once.followed = false;
    QVERIFY(hub.subscribe(QStringLiteral("0"), once.sink()).ok());
    QTRY_COMPARE(once.caughtUps, 1);
    QCOMPARE(once.lines.size(), 122);
    QCOMPARE(hub.subscribers(), 0);

    SlowReader empty; // from now on: nothing, then the end
    empty.followed = false;
    QVERIFY(hub.subscribe(std::nullopt, empty.sink()).ok());
    QTRY_COMPARE(empty.caughtUps, 1);
    QVERIFY(empty.lines.isEmpty());
    QCOMPARE(hub.subscribers(), 0);

    SlowReader bad;
    const auto refused = hub.subscribe(QStringLiteral("x1"), bad.sink());
    QVERIFY(!refused.ok());
    QCOMPARE(refused.code(), ErrorCode::InvalidCursor);
    QCOMPARE(hub.subscribers(), 0);

    StoreConfig missing = t.config();
    missing.location = t.dir() + QStringLiteral("/nothing-here.db");
    FeedHub nowhere(connectorOf(missing));
    QVERIFY(!nowhere.start().ok());
}

QTEST_GUILESS_MAIN(TestFeed)
#include "tst_feed.moc"
