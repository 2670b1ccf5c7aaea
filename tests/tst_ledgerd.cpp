// tst_ledgerd: the real ledgerd binary, called by real clients — curl, Python's standard urllib
// and Qt's WebSocket client — on a store of its own (one file, three shard files; @pg on the test
// cluster, @pgshards on three of its databases): transfers with idempotency keys, the problems of
// bad input with nothing written, paging by key, the feed both ways, pipelined answers in order,
// a graceful stop with a request in flight, the recovery sweeper finishing what a crash left;
// every answer checked against /openapi.json.
#include "ledgerdsupport.h"
#include "testsupport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkRequest>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QWebSocket>

#include <memory>
#include <vector>

using namespace ledger;
using namespace ledger::test;

class TestLedgerd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void transfersWithKeys();
    void onShards();
    void badInputIsAProblemAndWritesNothing_data();
    void badInputIsAProblemAndWritesNothing();
    void pythonClientPagesByKey();
    void pipelinedRequestsAnsweredInOrder();
    void stopsGracefullyWithARequestInFlight();
    void finishesWhatACrashLeft();
    void aRetryLeavesAnOperatorsClaimAlone();
    void recoveryOptionsAreChecked_data();
    void recoveryOptionsAreChecked();
    void openApiDescribesEveryRoute();
    void feedOverWebSocketAndNdjson();
    void everyAnswerMatchesTheOpenApiDocument(); // last: it checks what the others were answered

private:
    void openAccounts(TempStore &t);
    QTemporaryDir m_work;
    QFile m_responses;
};

void TestLedgerd::initTestCase()
{
    m_responses.setFileName(m_work.filePath(QStringLiteral("responses.jsonl")));
    QVERIFY(m_responses.open(QIODevice::WriteOnly));
    logAnswersTo(&m_responses);
}

void TestLedgerd::openAccounts(TempStore &t)
{
    ledger::test::openAccounts(t.store(), {QStringLiteral("acme"), QStringLiteral("bob")}, 100000);
}

void TestLedgerd::transfersWithKeys()
{
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY2(d.url.startsWith(QLatin1String("http://127.0.0.1:")), qPrintable(d.url + d.errors()));
    const QByteArray request = R"({"source":"acme","destination":"bob","amount":"12.34","memo":"invoice 1042"})";
    const Http first =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, {QStringLiteral("Idempotency-Key: inv-1042")});
    QCOMPARE(first.status, 201);
    QCOMPARE(first.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(first.body.value(QStringLiteral("amount")).toString(), QStringLiteral("12.34"));
    QCOMPARE(first.body.value(QStringLiteral("legs")).toArray().size(), 2);
    // The same key and request: the same transaction, 200, paid once.
    const Http again =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, {QStringLiteral("Idempotency-Key: inv-1042")});
    QCOMPARE(again.status, 200);
    QCOMPARE(again.body.value(QStringLiteral("id")), first.body.value(QStringLiteral("id")));
    // The same key, another request: 409 key-conflict.
    const Http other = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                            R"({"source":"acme","destination":"bob","amount":"1"})", {QStringLiteral("Idempotency-Key: inv-1042")});
    QCOMPARE(other.status, 409);
    QCOMPARE(other.body.value(QStringLiteral("code")).toString(), QStringLiteral("key-conflict"));
    // Legs, and a ledger rule's refusal (422, the canceled document beside it).
    const Http legs = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                           R"({"legs":[{"account":"acme","side":"debit","amount":"3"},{"account":"bob","side":"credit","amount":"3"}]})");
    QCOMPARE(legs.status, 201);
    const Http poor =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), R"({"source":"bob","destination":"acme","amount":"99999"})");
    QCOMPARE(poor.status, 422);
    QCOMPARE(poor.body.value(QStringLiteral("code")).toString(), QStringLiteral("insufficient-funds"));
    QCOMPARE(poor.raw.contains("\"type\""), true);
    QCOMPARE(poor.body.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("state")).toString(),
             QStringLiteral("canceled"));
    // Read back: the transaction with its journal, the balances whole and summing to zero.
    const Http shown =
        curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/transactions/") + first.body.value(QStringLiteral("id")).toString());
    QCOMPARE(shown.status, 200);
    QVERIFY(!shown.body.value(QStringLiteral("journal")).toArray().isEmpty());
    QCOMPARE(shown.body.value(QStringLiteral("journal")).toArray().first().toObject().value(QStringLiteral("actor")).toString(),
             QStringLiteral("local"));
    const Http balances = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/balances"));
    QCOMPARE(balances.status, 200);
    QCOMPARE(balances.body.value(QStringLiteral("total")).toString(), QStringLiteral("0.00"));
    const Http missing = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/accounts/nobody"));
    QCOMPARE(missing.status, 404);
    QCOMPARE(missing.body.value(QStringLiteral("code")).toString(), QStringLiteral("unknown-account"));
    // An id in another letter case is named, as ledgerctl names it.
    const Http otherCase = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/accounts/BOB"));
    QCOMPARE(otherCase.status, 404);
    QVERIFY2(
        otherCase.body.value(QStringLiteral("detail")).toString().endsWith(QLatin1String("did you mean bob? (ids are case-sensitive)")),
        otherCase.raw.constData());
    const Http lowerTx = curl(QStringLiteral("GET"),
                              d.url + QStringLiteral("/v1/transactions/") + first.body.value(QStringLiteral("id")).toString().toLower());
    QCOMPARE(lowerTx.status, 404);
    QVERIFY(lowerTx.body.value(QStringLiteral("detail")).toString().contains(first.body.value(QStringLiteral("id")).toString()));
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/audit")).body.value(QStringLiteral("ok")).toBool(), true);
}

void TestLedgerd::onShards()
{
    // Three shard files here (three databases under @pg): transfers across shards, balances read
    // whole, the feed's per-shard cursor.
    TempStore t(TempStore::Sharded{3});
    ledger::test::openAccounts(t.store(), {QStringLiteral("a1"), QStringLiteral("a2"), QStringLiteral("a3"), QStringLiteral("a4")}, 10000);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    for (
        const char *body :
        {R"({"source":"a1","destination":"a2","amount":"5"})", R"({"source":"a3","destination":"a4","amount":"7"})",
         R"({"legs":[{"account":"a2","side":"debit","amount":"3"},{"account":"a3","side":"credit","amount":"1"},{"account":"a4","side":"credit","amount":"2"}]})"})
        QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), body).status, 201);
    const Http balances = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/balances"));
    QCOMPARE(balances.body.value(QStringLiteral("total")).toString(), QStringLiteral("0.00"));
    QProcess feed;
    feed.start(QStringLiteral("curl"), {QStringLiteral("-s"), d.url + QStringLiteral("/v1/feed?since=0&follow=false")});
    QVERIFY(feed.waitForFinished(30'000));
    const QList<QByteArray> lines = feed.readAllStandardOutput().trimmed().split('\n');
    QCOMPARE(lines.size(), 7); // four openings and three transfers
    // A position per shard (per part of the by-finish index on DynamoDB).
    QCOMPARE(QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("cursor")).toString().count(QLatin1Char(',')),
             t.store().shardCount() - 1);
}

void TestLedgerd::badInputIsAProblemAndWritesNothing_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("mentions"); // the field named in the detail
    QTest::newRow("not JSON") << QByteArray("{\"source\":") << 400 << "invalid-argument"
                              << "not JSON";
    QTest::newRow("an array") << QByteArray("[]") << 400 << "invalid-argument"
                              << "object";
    QTest::newRow("unknown field") << QByteArray(R"({"source":"acme","destination":"bob","amount":"1","colour":"red"})") << 400
                                   << "invalid-argument"
                                   << "colour";
    QTest::newRow("amount as a number") << QByteArray(R"({"source":"acme","destination":"bob","amount":1.5})") << 400 << "invalid-argument"
                                        << "amount";
    QTest::newRow("too many decimals") << QByteArray(R"({"source":"acme","destination":"bob","amount":"1.234"})") << 400 << "invalid-amount"
                                       << "1.234";
    QTest::newRow("beyond int64") << QByteArray(R"({"source":"acme","destination":"bob","amount":"92233720368547758.08"})") << 400
                                  << "invalid-amount"
                                  << "";
    QTest::newRow("missing destination") << QByteArray(R"({"source":"acme","amount":"1"})") << 400 << "missing-argument"
                                         << "destination";
    QTest::newRow("control character in an id")
        << QByteArray("{\"source\":\"ac\\u0001me\",\"destination\":\"bob\",\"amount\":\"1\"}") << 400 << "invalid-account-id"
        << "";
    QTest::newRow("same account") << QByteArray(R"({"source":"acme","destination":"acme","amount":"1"})") << 400 << "same-account"
                                  << "";
    QTest::newRow("legs that do not balance") << QByteArray(
        R"({"legs":[{"account":"acme","side":"debit","amount":"3"},{"account":"bob","side":"credit","amount":"2"}]})")
                                              << 400 << "invalid-amount"
                                              << "";
    QTest::newRow("a leg's side") << QByteArray(R"({"legs":[{"account":"acme","side":"left","amount":"3"}]})") << 400 << "invalid-argument"
                                  << "legs[0].side";
    QTest::newRow("a field twice") << QByteArray(R"({"source":"acme","destination":"bob","amount":"1","amount":"1000"})") << 400
                                   << "invalid-argument"
                                   << "given twice";
    QTest::newRow("a leg's field twice, escaped") << QByteArray(
        R"({"legs":[{"account":"acme","side":"debit","amount":"3","\u0061mount":"4"},{"account":"bob","side":"credit","amount":"3"}]})")
                                                  << 400 << "invalid-argument"
                                                  << "amount";
    QTest::newRow("legs with a source") << QByteArray(R"({"source":"acme","legs":[]})") << 400 << "invalid-argument"
                                        << "source";
    QTest::newRow("over 64 KiB") << (QByteArray(R"({"source":"acme","destination":"bob","amount":"1","memo":")") + QByteArray(70'000, 'x')
                                     + QByteArray(R"("})"))
                                 << 413 << "request-too-large"
                                 << "65536";
}

void TestLedgerd::badInputIsAProblemAndWritesNothing()
{
    QFETCH(QByteArray, body);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, mentions);
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    const qint64 before = t.store().transactionCount({}).value();
    const Http h = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), body);
    QCOMPARE(h.status, status);
    QCOMPARE(h.body.value(QStringLiteral("code")).toString(), code);
    QCOMPARE(h.body.value(QStringLiteral("status")).toInt(), status);
    QVERIFY2(h.body.value(QStringLiteral("detail")).toString().contains(mentions), qPrintable(QString::fromUtf8(h.raw)));
    QCOMPARE(t.store().transactionCount({}).value(), before); // nothing written
}

void TestLedgerd::pythonClientPagesByKey()
{
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    // Python's standard library only, as the README's example: 25 transfers, then every one read
    // back in pages of 10 by the cursor each page hands out, none twice.
    const QString script = QStringLiteral(R"PY(
import json, sys, urllib.request, urllib.error
base = sys.argv[1]
def call(method, path, body=None, key=None):
    req = urllib.request.Request(base + path, method=method, data=None if body is None else json.dumps(body).encode())
    req.add_header("Content-Type", "application/json")
    if key: req.add_header("Idempotency-Key", key)
    try:
        with urllib.request.urlopen(req) as r: return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, json.load(e)
made = set()
for i in range(25):
    status, tx = call("POST", "/v1/transfers", {"source": "acme", "destination": "bob", "amount": "1.00"}, key=f"py-{i}")
    assert status == 201, (status, tx)
    made.add(tx["id"])
seen, after = [], None
while True:
    status, page = call("GET", "/v1/transactions?limit=10" + (f"&after={after}" if after else ""))
    assert status == 200, page
    seen += [t["id"] for t in page["transactions"]]
    after = page["next"]
    if after is None: break
# Every transfer made here (and the two openings before them), each once.
assert len(seen) == len(set(seen)) == 27 and made <= set(seen), (len(seen), len(set(seen)))
status, problem = call("GET", "/v1/transactions?after=tx-NOSUCH")
assert status == 400 and problem["code"] == "invalid-cursor", problem
print("ok")
)PY");
    QProcess p;
    p.start(QStringLiteral("python3"), {QStringLiteral("-c"), script, d.url});
    QVERIFY(p.waitForFinished(60'000));
    QVERIFY2(p.exitCode() == 0, qPrintable(QString::fromUtf8(p.readAllStandardError())));
    QCOMPARE(p.readAllStandardOutput().trimmed(), QByteArray("ok"));
}

void TestLedgerd::pipelinedRequestsAnsweredInOrder()
{
    // HTTP/1.1 answers a connection's requests in the order they came. A slow transfer (every write
    // 100 ms) then a quick read, sent together: the read runs on another worker and is done first,
    // but its answer must come second.
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")},
              {QStringLiteral("LEDGER_STEP_DELAY_MS=100")});
    QVERIFY(!d.url.isEmpty());
    QTcpSocket s;
    s.connectToHost(QStringLiteral("127.0.0.1"), d.port());
    QVERIFY(s.waitForConnected(5'000));
    const QByteArray body = R"({"source":"acme","destination":"bob","amount":"1"})";
    s.write("POST /v1/transfers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: "
            + QByteArray::number(body.size()) + "\r\n\r\n" + body + "GET /v1/accounts/acme HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
            + "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    QByteArray answers;
    QTRY_VERIFY_WITH_TIMEOUT((answers += s.readAll()).count("HTTP/1.1 ") >= 3, 20'000);
    const qsizetype created = answers.indexOf("HTTP/1.1 201");
    const qsizetype account = answers.indexOf("\"id\":\"acme\"");
    const qsizetype up = answers.indexOf("{\"status\":\"up\"}");
    QVERIFY2(created >= 0 && account > created && up > account, answers.constData());
}

void TestLedgerd::stopsGracefullyWithARequestInFlight()
{
    TempStore t;
    openAccounts(t);
    // Every protocol write takes 300 ms: a transfer is in flight for over two seconds.
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")},
              {QStringLiteral("LEDGER_STEP_DELAY_MS=300")});
    QVERIFY(!d.url.isEmpty());
    QProcess client;
    client.start(QStringLiteral("curl"),
                 {QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"), QStringLiteral("-w"),
                  QStringLiteral("%{http_code}"), QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                  QStringLiteral("Content-Type: application/json"), QStringLiteral("--data"),
                  QStringLiteral(R"({"source":"acme","destination":"bob","amount":"1"})"), d.url + QStringLiteral("/v1/transfers")});
    QVERIFY(client.waitForStarted(10'000));
    // In flight once its transaction is in the store (then its other steps take 300 ms each).
    QTRY_VERIFY_WITH_TIMEOUT(t.store().transactionCount({}).value() == 3, 60'000);
    QCOMPARE(client.state(), QProcess::Running); // still waiting for its answer
    QCOMPARE(d.stop(), 0);
    QVERIFY(client.state() == QProcess::NotRunning || client.waitForFinished(15'000));
    QCOMPARE(client.readAllStandardOutput(), QByteArray("201")); // answered before the exit
    QCOMPARE(t.store().transactionCount({}).value(), qint64(3)); // two openings and the transfer, done
}

void TestLedgerd::finishesWhatACrashLeft()
{
    TempStore t;
    openAccounts(t);
    const QByteArray request = R"({"source":"acme","destination":"bob","amount":"4.00"})";
    const QStringList keyed{QStringLiteral("Idempotency-Key: crash-1")};
    {
        // Dies right after holding the credit: the client gets no answer and does not retry.
        Ledgerd crashing({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                          QStringLiteral("--recover-every"), QStringLiteral("off")},
                         {QStringLiteral("LEDGER_CRASH_AFTER=hold-credit")});
        QVERIFY2(!crashing.url.isEmpty(), qPrintable(crashing.errors()));
        QVERIFY(crashing.errors().contains(QLatin1String("no recovery sweeper")));
        QCOMPARE(curl(QStringLiteral("POST"), crashing.url + QStringLiteral("/v1/transfers"), request, keyed).status, 0);
    }
    TxQuery pending;
    pending.state = TxState::Pending;
    auto left = t.store().transactions(pending);
    QVERIFY(left.ok());
    QCOMPARE(left->size(), 1);
    const QString id = left->first().id;

    // Started again, its sweeper finishes it (its lease has 30 s left: --recover-after 1s takes
    // it over once idle for a second), with no client and no operator asking.
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("200ms"), QStringLiteral("--recover-after"), QStringLiteral("1s")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    QVERIFY(d.errors().contains(QLatin1String("shorter than a lease")));
    // Well before its lease of 30 s runs out: it is --recover-after that lets the sweeper take it.
    QTRY_COMPARE_WITH_TIMEOUT(t.store().transaction(id)->state, TxState::Done, 15'000);
    const Http shown = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/transactions/") + id);
    QCOMPARE(shown.status, 200);
    const QJsonArray journal = shown.body.value(QStringLiteral("journal")).toArray();
    QVERIFY(std::any_of(journal.begin(), journal.end(), [](const QJsonValue &row) {
        return row.toObject().value(QStringLiteral("actor")).toString().startsWith(QLatin1String("recovery:ledgerd"));
    }));
    QTRY_VERIFY_WITH_TIMEOUT(d.errors().contains(QLatin1String("recovery: 1 stuck transaction(s): 1 done")), 10'000);
    // The client's retry, whenever it comes, gets the finished transaction, paid once.
    const Http retry = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, keyed);
    QCOMPARE(retry.status, 200);
    QCOMPARE(retry.body.value(QStringLiteral("id")).toString(), id);
    QCOMPARE(retry.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(100000 + 400));
    const Http metrics = curl(QStringLiteral("GET"), d.url + QStringLiteral("/metrics"));
    QVERIFY2(metrics.raw.contains("ledgerd_recovered_total{outcome=\"done\"} 1\n"), metrics.raw.constData());
    QVERIFY(metrics.raw.contains("ledgerd_recovery_sweeps_total "));
    QCOMPARE(d.stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::aRetryLeavesAnOperatorsClaimAlone()
{
    TempStore t;
    openAccounts(t);
    // A keyed transfer whose client died after the debit hold (its lease is over), claimed by an
    // operator through the API: resume or cancel is theirs to choose, not the client's retry's.
    CoordinatorOptions died;
    died.leaseMs = 1;
    died.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome left =
        Coordinator(t.store(), died).transfer({QStringLiteral("acme"), QStringLiteral("bob"), 400, QString(), QStringLiteral("order-7")});
    QCOMPARE(left.error.code, ErrorCode::Interrupted);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QString tx = d.url + QStringLiteral("/v1/transactions/") + left.tx->id;
    QCOMPARE(curl(QStringLiteral("POST"), tx + QStringLiteral("/claim"), R"({"note":"asking the bank"})").status, 200);
    const QByteArray request = R"({"source":"acme","destination":"bob","amount":"4.00"})";
    const QStringList keyed{QStringLiteral("Idempotency-Key: order-7")};
    const Http heldOff = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, keyed);
    QCOMPARE(heldOff.status, 200);
    QCOMPARE(heldOff.body.value(QStringLiteral("id")).toString(), left.tx->id);
    QCOMPARE(heldOff.body.value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    QVERIFY2(heldOff.body.value(QStringLiteral("note")).toString().contains(QLatin1String("claimed by")), heldOff.raw.constData());
    // Released: the next retry finishes it, paid once.
    QCOMPARE(curl(QStringLiteral("POST"), tx + QStringLiteral("/release"), "{}").status, 200);
    const Http finished = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, keyed);
    QCOMPARE(finished.status, 200);
    QCOMPARE(finished.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QVERIFY(!finished.body.contains(QStringLiteral("note")));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(100000 + 400));
    QCOMPARE(d.stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::recoveryOptionsAreChecked_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no unit") << QStringList{QStringLiteral("--recover-every"), QStringLiteral("5")}
                             << QStringLiteral("error: invalid-argument: --recover-every is a duration of at least 100ms");
    QTest::newRow("too often") << QStringList{QStringLiteral("--recover-every"), QStringLiteral("10ms")}
                               << QStringLiteral("error: invalid-argument: --recover-every is a duration of at least 100ms");
    QTest::newRow("negative") << QStringList{QStringLiteral("--recover-after"), QStringLiteral("-1s")}
                              << QStringLiteral("error: invalid-argument: --recover-after is a duration");
    QTest::newRow("words") << QStringList{QStringLiteral("--recover-after"), QStringLiteral("soon")}
                           << QStringLiteral("error: invalid-argument: --recover-after is a duration");
}

void TestLedgerd::recoveryOptionsAreChecked()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    TempStore t;
    QProcess p;
    p.start(QStringLiteral(LEDGERD_PATH),
            QStringList{QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")} + args);
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.startsWith(error), qPrintable(err));
}

void TestLedgerd::openApiDescribesEveryRoute()
{
    TempStore t;
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    const Http doc = curl(QStringLiteral("GET"), d.url + QStringLiteral("/openapi.json"));
    QCOMPARE(doc.status, 200);
    QCOMPARE(doc.body.value(QStringLiteral("openapi")).toString(), QStringLiteral("3.1.0"));
    const QJsonObject paths = doc.body.value(QStringLiteral("paths")).toObject();
    for (const char *path : {"/v1/transfers",
                             "/v1/transactions",
                             "/v1/transactions/{id}",
                             "/v1/transactions/{id}/resume",
                             "/v1/transactions/{id}/cancel",
                             "/v1/transactions/{id}/compensate",
                             "/v1/transactions/{id}/claim",
                             "/v1/transactions/{id}/release",
                             "/v1/transactions/{id}/notes",
                             "/v1/accounts",
                             "/v1/accounts/{id}",
                             "/v1/accounts/{id}/freeze",
                             "/v1/accounts/{id}/unfreeze",
                             "/v1/accounts/{id}/close",
                             "/v1/balances",
                             "/v1/audit",
                             "/healthz",
                             "/readyz",
                             "/metrics",
                             "/openapi.json"})
        QVERIFY2(paths.contains(QLatin1String(path)), path);
}

void TestLedgerd::feedOverWebSocketAndNdjson()
{
    // The change feed on the API's own port: a WebSocket client (Qt's) from the start and one live,
    // and a plain GET streaming NDJSON (curl), each getting every finished transaction once, in
    // commit order, with the cursor ledgerctl's feed hands out.
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    const QString ws = QString(d.url).replace(QLatin1String("http://"), QLatin1String("ws://")) + QStringLiteral("/v1/feed");
    QStringList fromStart;
    QStringList live;
    QWebSocket first;
    QWebSocket second;
    connect(&first, &QWebSocket::textMessageReceived, this, [&](const QString &m) { fromStart << m; });
    connect(&second, &QWebSocket::textMessageReceived, this, [&](const QString &m) { live << m; });
    first.open(QUrl(ws + QStringLiteral("?since=0")));
    second.open(QUrl(ws));
    QTRY_COMPARE_WITH_TIMEOUT(first.state(), QAbstractSocket::ConnectedState, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(second.state(), QAbstractSocket::ConnectedState, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(fromStart.size(), 2, 10'000); // the two openings
    QProcess stream;
    stream.start(QStringLiteral("curl"), {QStringLiteral("-sN"), d.url + QStringLiteral("/v1/feed?since=0")});
    QVERIFY(stream.waitForStarted());
    QStringList ids;
    for (int i = 0; i < 3; ++i) {
        const Http paid =
            curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), R"({"source":"acme","destination":"bob","amount":"1"})");
        QCOMPARE(paid.status, 201);
        ids << paid.body.value(QStringLiteral("id")).toString();
    }
    QTRY_COMPARE_WITH_TIMEOUT(fromStart.size(), 5, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(live.size(), 3, 10'000);
    QByteArray ndjson;
    QTRY_VERIFY_WITH_TIMEOUT((ndjson += stream.readAllStandardOutput()).count('\n') >= 5, 10'000);
    stream.kill();
    stream.waitForFinished();
    const QList<QByteArray> lines = ndjson.trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    for (int i = 0; i < 3; ++i) {
        const QJsonObject event = QJsonDocument::fromJson(live.at(i).toUtf8()).object();
        QCOMPARE(event.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString(), ids.at(i));
        QCOMPARE(QJsonDocument::fromJson(fromStart.at(i + 2).toUtf8()).object(), event);
        QCOMPARE(QJsonDocument::fromJson(lines.at(i + 2)).object(), event);
    }
    // A cursor of the wrong shape: 400 to a GET, an error message and a close to a WebSocket.
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/feed?since=x")).body.value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-cursor"));
    QWebSocket bad;
    QString refusal;
    connect(&bad, &QWebSocket::textMessageReceived, this, [&](const QString &m) { refusal = m; });
    bad.open(QUrl(ws + QStringLiteral("?since=x")));
    QTRY_VERIFY_WITH_TIMEOUT(refusal.contains(QLatin1String("invalid-cursor")), 10'000);
}

void TestLedgerd::everyAnswerMatchesTheOpenApiDocument()
{
    logAnswersTo(nullptr);
    m_responses.close();
    const QString problem = checkAnswersAgainstOpenApi(m_responses.fileName());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestLedgerd)
#include "tst_ledgerd.moc"
