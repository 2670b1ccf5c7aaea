// tst_ledgerd: the real ledgerd binary, called by real clients — curl, Python's standard urllib
// and Qt's WebSocket client — on a store of its own (one file, three shard files; @pg on the test
// cluster, @pgshards on three of its databases): transfers with idempotency keys, the problems of
// bad input with nothing written, paging by key, the feed both ways, pipelined answers in order,
// a graceful stop with a request in flight, the recovery sweeper finishing what a crash left;
// every answer checked against /openapi.json.
#include "ledgerdsupport.h"
#include "routes.h"
#include "interchange/tableexport.h"
#include "ledger/identifiers.h"
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
#include <thread>
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
    void queriesAndOpeningsReadAsAClientMeansThem();
    void pipelinedRequestsAnsweredInOrder();
    void stopsGracefullyWithARequestInFlight();
    void finishesWhatACrashLeft();
    void aRetryLeavesAnOperatorsClaimAlone();
    void everyWriteAskedAgainIsDoneOnce_data();
    void everyWriteAskedAgainIsDoneOnce();
    void aRepairWhoseAnswerDiedIsAnsweredOnceItIsBack_data();
    void aRepairWhoseAnswerDiedIsAnsweredOnceItIsBack();
    void theSameRequestTwiceAtOnceIsDoneOnce();
    void inFlightIsAcceptedNotFinished();
    void recoveryOptionsAreChecked_data();
    void recoveryOptionsAreChecked();
    void openApiDescribesEveryRoute();
    void feedOverWebSocketAndNdjson();
    void theFeedTellsOfEveryWriteWhenAsked();
    void everyRouteAnswersAsDocumented();
    void consoleRoutesAnswerAsDocumented();
    void exportsStreamAsDocumented_data();
    void exportsStreamAsDocumented();
    void recoveriesAreJobs();
    void stoppingStopsARecoveryJob();
    void approvalRoutesAnswerAsDocumented();
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

void TestLedgerd::queriesAndOpeningsReadAsAClientMeansThem()
{
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    const auto get = [&](const QString &pathAndQuery) { return curl(QStringLiteral("GET"), d.url + pathAndQuery); };

    // A parameter given twice is refused on every route, not read as the first of the two.
    for (const auto &[query, name] :
         {std::pair{"/v1/transactions?limit=10&limit=20", "limit"}, std::pair{"/v1/accounts?limit=1&filter=a&limit=2", "limit"},
          std::pair{"/v1/transactions?lim%69t=1&limit=2", "limit"}, std::pair{"/v1/balances?x=1&x=1", "x"},
          std::pair{"/v1/transactions?state=initial&state=posted", "state"}, std::pair{"/v1/feed?since=0&follow=false&since=1", "since"},
          std::pair{"/healthz?x=1&x=2", "x"}}) {
        const Http h = get(QLatin1String(query));
        QCOMPARE(h.status, 400);
        QCOMPARE(h.body.value(QStringLiteral("code")).toString(), QStringLiteral("invalid-argument"));
        QCOMPARE(h.body.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("parameter \"%1\" is given twice; give each parameter once").arg(QLatin1String(name)));
    }
    QCOMPARE(get(QStringLiteral("/v1/transactions?limit=10")).status, 200);

    // The accounts' cursor is checked as the transactions' is: an id of a row that exists.
    for (const char *query : {"/v1/accounts?after=zzz", "/v1/transactions?after=tx-NOSUCH"}) {
        const Http h = get(QLatin1String(query));
        QCOMPARE(h.status, 400);
        QCOMPARE(h.body.value(QStringLiteral("code")).toString(), QStringLiteral("invalid-cursor"));
    }
    QCOMPARE(get(QStringLiteral("/v1/accounts?after=zzz")).body.value(QStringLiteral("detail")).toString(),
             QStringLiteral("after: no account zzz"));
    QCOMPARE(get(QStringLiteral("/v1/accounts?after=a%01b")).body.value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-cursor"));
    // Paging by the cursor it hands out still goes through every account, each once.
    QStringList seen;
    QString after;
    do {
        const Http page = get(QStringLiteral("/v1/accounts?limit=1") + (after.isEmpty() ? QString() : QStringLiteral("&after=") + after));
        QCOMPARE(page.status, 200);
        for (const QJsonValue &a : page.body.value(QStringLiteral("accounts")).toArray())
            seen << a.toObject().value(QStringLiteral("id")).toString();
        after = page.body.value(QStringLiteral("next")).toString();
    } while (!after.isEmpty() && seen.size() < 10);
    seen.sort(); // in the store's order, which a backend's collation decides
    QCOMPARE(seen, QStringList({QStringLiteral("@world"), QStringLiteral("acme"), QStringLiteral("bob")}));

    // An opening of "0" is no opening: the account, and no transfer from @world.
    const qint64 before = t.store().transactionCount({}).value();
    for (const char *opening : {"0", "0.00"}) {
        const QString id = QStringLiteral("zero-%1").arg(QLatin1String(opening));
        const Http h = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/accounts"),
                            QStringLiteral(R"({"id":"%1","opening":"%2"})").arg(id, QLatin1String(opening)).toUtf8());
        QCOMPARE(h.status, 201);
        QCOMPARE(h.body.value(QStringLiteral("balance")).toString(), QStringLiteral("0.00"));
    }
    QCOMPARE(t.store().transactionCount({}).value(), before);
    const Http tooFine = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/accounts"), R"({"id":"carol","opening":"0.000"})");
    QCOMPARE(tooFine.status, 400);
    QCOMPARE(tooFine.body.value(QStringLiteral("code")).toString(), QStringLiteral("invalid-amount"));
    QCOMPARE(t.store().account(QStringLiteral("carol")).code(), ErrorCode::UnknownAccount); // nothing written
    const Http funded = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/accounts"), R"({"id":"carol","opening":"5"})");
    QCOMPARE(funded.status, 201);
    QCOMPARE(funded.body.value(QStringLiteral("balance")).toString(), QStringLiteral("5.00"));
    QCOMPARE(t.store().transactionCount({}).value(), before + 1);
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

void TestLedgerd::everyWriteAskedAgainIsDoneOnce_data()
{
    // Each write with its Idempotency-Key, asked twice (its first answer lost): the second answers
    // from what the first did — a success, not "already done" — and writes nothing.
    QTest::addColumn<QString>("path"); // TX: the stuck transaction's id
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("document"); // whose journal must not grow: TX or an account id
    QTest::addColumn<int>("firstStatus");
    QTest::newRow("resume") << "/v1/transactions/TX/resume" << QByteArray(R"({"reason":"the bank confirmed"})") << "TX" << 200;
    QTest::newRow("cancel") << "/v1/transactions/TX/cancel" << QByteArray() << "TX" << 200;
    QTest::newRow("claim") << "/v1/transactions/TX/claim" << QByteArray(R"({"note":"mine"})") << "TX" << 200;
    QTest::newRow("note") << "/v1/transactions/TX/notes" << QByteArray(R"({"text":"asked the bank"})") << "TX" << 201;
    QTest::newRow("repairs") << "/v1/repairs" << QByteArray(R"({"action":"resume","ids":["TX"],"reason":"batch"})") << "TX" << 200;
    QTest::newRow("new account") << "/v1/accounts" << QByteArray(R"({"id":"carol","opening":"5.00"})") << "carol" << 201;
    QTest::newRow("freeze") << "/v1/accounts/bob/freeze" << QByteArray(R"({"reason":"fraud check"})") << "bob" << 200;
}

void TestLedgerd::everyWriteAskedAgainIsDoneOnce()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, body);
    QFETCH(QString, document);
    QFETCH(int, firstStatus);
    TempStore t;
    openAccounts(t);
    const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 700, {}, {}});
    QVERIFY(left.tx);
    const QString tx = left.tx->id;
    path.replace(QLatin1String("TX"), tx);
    body.replace("TX", tx.toUtf8());
    const DocKind kind = document == QLatin1String("TX") ? DocKind::Transaction : DocKind::Account;
    if (document == QLatin1String("TX"))
        document = tx;
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QStringList keyed{QStringLiteral("Idempotency-Key: 7d3e-asked-once")};
    const Http first = curl(QStringLiteral("POST"), d.url + path, body, keyed);
    QVERIFY2(first.status == firstStatus, first.raw.constData());
    const auto rows = t.store().journal(kind, document);
    QVERIFY(rows.ok());
    const qint64 acme = balanceOf(t.store(), QStringLiteral("acme"));

    const Http again = curl(QStringLiteral("POST"), d.url + path, body, keyed);
    QVERIFY2(again.status >= 200 && again.status < 300, again.raw.constData());
    QCOMPARE(t.store().journal(kind, document)->size(), rows->size());
    QCOMPARE(balanceOf(t.store(), QStringLiteral("acme")), acme);
    // The same answer: the same document, the same row.
    for (const char *field : {"id", "state", "seq", "status", "previousStatus", "event"})
        QCOMPARE(again.body.value(QLatin1String(field)), first.body.value(QLatin1String(field)));
    if (path == QLatin1String("/v1/repairs"))
        QCOMPARE(again.body.value(QStringLiteral("items")).toArray().first().toObject().value(QStringLiteral("outcome")),
                 first.body.value(QStringLiteral("items")).toArray().first().toObject().value(QStringLiteral("outcome")));

    // Without a key, or with another, the same write is a new request, as it always was (a second
    // freeze changes nothing; a second note is another note).
    const Http fresh = curl(QStringLiteral("POST"), d.url + path, body, {QStringLiteral("Idempotency-Key: another-request")});
    QVERIFY2(fresh.status != 0, fresh.raw.constData());
    // The key on another write of the same document: 409 key-conflict, nothing written.
    if (kind == DocKind::Transaction) {
        const auto before = t.store().journal(kind, document)->size();
        const bool noted = path.endsWith(QLatin1String("/notes"));
        const Http conflict =
            curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/%2").arg(tx, noted ? "claim" : "notes"),
                 noted ? R"({"note":"x"})" : R"({"text":"x"})", keyed);
        QCOMPARE(conflict.status, 409);
        QCOMPARE(conflict.body.value(QStringLiteral("code")).toString(), QStringLiteral("key-conflict"));
        QCOMPARE(t.store().journal(kind, document)->size(), before);
    }
    // A key that is no key: 400 invalid-key, nothing written.
    const Http bad = curl(QStringLiteral("POST"), d.url + path, body, {QStringLiteral("Idempotency-Key: has spaces in it")});
    QCOMPARE(bad.status, 400);
    QCOMPARE(bad.body.value(QStringLiteral("code")).toString(), QStringLiteral("invalid-key"));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::aRepairWhoseAnswerDiedIsAnsweredOnceItIsBack_data()
{
    QTest::addColumn<QString>("crashAfter"); // LEDGER_CRASH_AFTER: the process exits right after this write
    QTest::newRow("after its claim, before the money moved") << "claim";
    QTest::newRow("after its last write, before the answer") << "done";
}

void TestLedgerd::aRepairWhoseAnswerDiedIsAnsweredOnceItIsBack()
{
    // ledgerd dies mid-resume (its journal row written, no answer sent); started again, the
    // client's retry with the same key finishes it or answers what was done, never twice.
    QFETCH(QString, crashAfter);
    TempStore t;
    openAccounts(t);
    const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 700, {}, {}});
    QVERIFY(left.tx);
    const QString path = QStringLiteral("/v1/transactions/%1/resume").arg(left.tx->id);
    const QStringList keyed{QStringLiteral("Idempotency-Key: resume-once")};
    {
        Ledgerd dying({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                       QStringLiteral("--recover-every"), QStringLiteral("off")},
                      {QStringLiteral("LEDGER_CRASH_AFTER=") + crashAfter});
        QVERIFY2(!dying.url.isEmpty(), qPrintable(dying.errors()));
        QCOMPARE(curl(QStringLiteral("POST"), dying.url + path, {}, keyed).status, 0); // no answer
    }
    const auto journal = [&] { return *t.store().journal(DocKind::Transaction, left.tx->id); };
    const auto rowsOf = [&](const QString &event) {
        const auto rows = journal();
        return std::count_if(rows.cbegin(), rows.cend(), [&](const JournalEntry &j) { return j.event == event || j.toState == event; });
    };
    QCOMPARE(rowsOf(QStringLiteral("resume")), 1); // its first write happened
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const Http retry = curl(QStringLiteral("POST"), d.url + path, {}, keyed);
    QVERIFY2(retry.status == 200, retry.raw.constData()); // not 422 invalid-state "it is finished"
    QCOMPARE(retry.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(rowsOf(QStringLiteral("resume")), 1); // the operator's action once in the journal
    QCOMPARE(rowsOf(QStringLiteral("done")), 1);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(100000 + 700));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::theSameRequestTwiceAtOnceIsDoneOnce()
{
    // A client that gave up waiting sends its resume again while the first is still being driven:
    // the second waits for the first and answers from it — one resume, no takeover of itself.
    // (@pg shows it: ledgerd answers a file store's writes one at a time anyway.)
    TempStore t;
    openAccounts(t);
    const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 700, {}, {}});
    QVERIFY(left.tx);
    const QString id = left.tx->id;
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")},
              {QStringLiteral("LEDGER_STEP_DELAY_MS=300")}); // a resume of several writes takes seconds
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QString url = d.url + QStringLiteral("/v1/transactions/%1/resume").arg(id);
    const QStringList keyed{QStringLiteral("Idempotency-Key: twice-at-once")};
    const auto rowsOf = [&](const QString &event) {
        const auto rows = *t.store().journal(DocKind::Transaction, id);
        return std::count_if(rows.cbegin(), rows.cend(), [&](const JournalEntry &j) { return j.event == event || j.toState == event; });
    };
    logAnswersTo(nullptr); // one log, one writer: these two are not checked against the document
    Http first;
    Http second;
    std::thread a([&] { first = curl(QStringLiteral("POST"), url, {}, keyed); });
    const bool underWay = QTest::qWaitFor([&] { return rowsOf(QStringLiteral("resume")) == 1; }, 30'000);
    std::thread b([&] { second = curl(QStringLiteral("POST"), url, {}, keyed); });
    a.join();
    b.join();
    logAnswersTo(&m_responses);
    QVERIFY(underWay);
    QVERIFY2(first.status == 200 && second.status == 200, qPrintable(QString::fromUtf8(first.raw + '\n' + second.raw)));
    QCOMPARE(second.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(rowsOf(QStringLiteral("resume")), 1);
    QCOMPARE(rowsOf(QStringLiteral("recovered")), 0);
    QCOMPARE(rowsOf(QStringLiteral("done")), 1);
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(100000 + 700));
}

void TestLedgerd::aRetryLeavesAnOperatorsClaimAlone()
{
    TempStore t;
    openAccounts(t);
    // A keyed transfer whose client died after the debit hold (its lease is over), claimed by an
    // operator through the API: resume or cancel is theirs to choose, not the client's retry's.
    const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit,
                                          {QStringLiteral("acme"), QStringLiteral("bob"), 400, QString(), QStringLiteral("order-7")});
    QCOMPARE(left.error.code, ErrorCode::Interrupted);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QString tx = d.url + QStringLiteral("/v1/transactions/") + left.tx->id;
    QCOMPARE(curl(QStringLiteral("POST"), tx + QStringLiteral("/claim"), R"({"note":"asking the bank"})").status, 200);
    const QByteArray request = R"({"source":"acme","destination":"bob","amount":"4.00"})";
    const QStringList keyed{QStringLiteral("Idempotency-Key: order-7")};
    const Http heldOff = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), request, keyed);
    QCOMPARE(heldOff.status, 202); // accepted, not finished: never the 200 of a finished one
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

void TestLedgerd::inFlightIsAcceptedNotFinished()
{
    TempStore t;
    openAccounts(t);
    // Transfers whose driver is alive elsewhere (its lease runs for an hour), stopped before the
    // commit point and after it, and a compensation likewise: each asked for again is 202 Accepted
    // with the transaction as it stands, never the 200 of a finished one.
    CoordinatorOptions elsewhere;
    elsewhere.leaseMs = 3'600'000;
    elsewhere.hook = abandonAfterHook(Step::HoldDebit);
    const TxOutcome pending = Coordinator(t.store(), elsewhere)
                                  .transfer({QStringLiteral("acme"), QStringLiteral("bob"), 400, QString(), QStringLiteral("order-8")});
    QCOMPARE(pending.error.code, ErrorCode::Interrupted);
    CoordinatorOptions committed = elsewhere;
    committed.hook = abandonAfterHook(Step::Applied);
    const TxOutcome applied = Coordinator(t.store(), committed)
                                  .transfer({QStringLiteral("acme"), QStringLiteral("bob"), 500, QString(), QStringLiteral("order-9")});
    QCOMPARE(applied.error.code, ErrorCode::Interrupted);
    const TxOutcome paid = Coordinator(t.store()).transfer({QStringLiteral("acme"), QStringLiteral("bob"), 600, QString(), QString()});
    QVERIFY(paid.ok());
    CoordinatorOptions reverse = elsewhere;
    reverse.hook = abandonAfterHook(Step::HoldDebit); // a hook counts its own occurrences: a fresh one
    const TxOutcome reversing = Coordinator(t.store(), reverse).compensate(paid.tx->id, QString());
    QCOMPARE(reversing.error.code, ErrorCode::Interrupted);

    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const Http driven = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                             R"({"source":"acme","destination":"bob","amount":"4.00"})", {QStringLiteral("Idempotency-Key: order-8")});
    QCOMPARE(driven.status, 202);
    QCOMPARE(driven.body.value(QStringLiteral("id")).toString(), pending.tx->id);
    QCOMPARE(driven.body.value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    QCOMPARE(driven.body.value(QStringLiteral("note")).toString(), QStringLiteral("in progress, driven by ") + pending.tx->owner);
    const Http late = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                           R"({"source":"acme","destination":"bob","amount":"5.00"})", {QStringLiteral("Idempotency-Key: order-9")});
    QCOMPARE(late.status, 202);
    QCOMPARE(late.body.value(QStringLiteral("state")).toString(), QStringLiteral("applied"));
    const Http again =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/") + paid.tx->id + QStringLiteral("/compensate"), "{}");
    QCOMPARE(again.status, 202);
    QCOMPARE(again.body.value(QStringLiteral("id")).toString(), reversing.tx->id);
    QCOMPARE(again.body.value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    // Nothing posted for the unfinished ones: bob has his opening and the 6.00 (the reversal's debit
    // is only held, the 5.00 past its commit point not posted yet).
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), qint64(100000 + 600));
    // An operator finishes the first; its retry is then a finished one's: 200, done.
    QCOMPARE(
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/") + pending.tx->id + QStringLiteral("/resume"), "{}").status,
        200);
    const Http finished = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                               R"({"source":"acme","destination":"bob","amount":"4.00"})", {QStringLiteral("Idempotency-Key: order-8")});
    QCOMPARE(finished.status, 200);
    QCOMPARE(finished.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(d.stop(), 0);
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
    // Every line of the route table, its method under its path; and no path the table lacks.
    const QJsonObject paths = doc.body.value(QStringLiteral("paths")).toObject();
    QSet<QString> routed;
    for (const api::RouteSpec &route : api::routeTable()) {
        const QString path = QString::fromLatin1(route.pattern);
        routed.insert(path);
        QVERIFY2(paths.value(path).toObject().contains(QString::fromLatin1(route.method).toLower()),
                 qPrintable(QStringLiteral("%1 %2").arg(QLatin1String(route.method), path)));
    }
    for (auto it = paths.constBegin(); it != paths.constEnd(); ++it)
        QVERIFY2(routed.contains(it.key()), qPrintable(it.key() + QStringLiteral(" is in /openapi.json, not in the route table")));
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

void TestLedgerd::theFeedTellsOfEveryWriteWhenAsked()
{
    // ?changes=true (a console's feed): besides the finishes, {"changed":true} once the store
    // commits any other write — a note, a claim — (gathered: at most one per tenth of a second);
    // without it, finishes only.
    TempStore t;
    openAccounts(t);
    const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 700, {}, {}});
    QVERIFY(left.tx);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY(!d.url.isEmpty());
    const QString ws = QString(d.url).replace(QLatin1String("http://"), QLatin1String("ws://")) + QStringLiteral("/v1/feed");
    QStringList told;
    QStringList finishesOnly;
    QWebSocket console;
    QWebSocket plain;
    connect(&console, &QWebSocket::textMessageReceived, this, [&](const QString &m) { told << m; });
    connect(&plain, &QWebSocket::textMessageReceived, this, [&](const QString &m) { finishesOnly << m; });
    console.open(QUrl(ws + QStringLiteral("?changes=true")));
    plain.open(QUrl(ws));
    QTRY_COMPARE_WITH_TIMEOUT(console.state(), QAbstractSocket::ConnectedState, 10'000);
    QTRY_COMPARE_WITH_TIMEOUT(plain.state(), QAbstractSocket::ConnectedState, 10'000);
    const QString changed = QStringLiteral(R"({"changed":true})");
    const auto note = [&](const QString &text) {
        return curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/notes").arg(left.tx->id),
                    QStringLiteral(R"({"text":"%1"})").arg(text).toUtf8())
            .status;
    };
    QCOMPARE(note(QStringLiteral("asked the bank")), 201);
    QTRY_VERIFY_WITH_TIMEOUT(told.contains(changed), 10'000);
    // A finish: the event to both; to the console also the change its writes made.
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/resume").arg(left.tx->id)).status, 200);
    QTRY_COMPARE_WITH_TIMEOUT(finishesOnly.size(), 1, 10'000);
    QTRY_VERIFY_WITH_TIMEOUT(told.contains(finishesOnly.first()), 10'000);
    QVERIFY(!finishesOnly.contains(changed));
    // Anything but true or false: said, and closed.
    QWebSocket bad;
    QString refusal;
    connect(&bad, &QWebSocket::textMessageReceived, this, [&](const QString &m) { refusal = m; });
    bad.open(QUrl(ws + QStringLiteral("?changes=yes")));
    QTRY_VERIFY_WITH_TIMEOUT(refusal.contains(QLatin1String("invalid-argument")), 10'000);
}

void TestLedgerd::everyRouteAnswersAsDocumented()
{
    // Every route the tests above do not call through curl(), and the answers of a route for what
    // is not its own (another method, a path that is none, a body that is not JSON), so that the
    // last test checks each against the document: the statuses asserted here, the shapes there.
    TempStore t;
    openAccounts(t);
    // Two transfers a client left after the debit hold, their lease over: one to resume, one to cancel.
    QStringList stuck;
    for (const char *key : {"left-1", "left-2"}) {
        const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit,
                                              {QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QString::fromLatin1(key)});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        stuck << left.tx->id;
    }
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const auto get = [&](const QString &path) { return curl(QStringLiteral("GET"), d.url + path); };
    const auto post = [&](const QString &path, const QByteArray &body) { return curl(QStringLiteral("POST"), d.url + path, body); };

    QCOMPARE(get(QStringLiteral("/healthz")).status, 200);
    QCOMPARE(get(QStringLiteral("/readyz")).status, 200);
    // Accounts: opened, read, listed by pages, frozen (a transfer then refused), closed.
    QCOMPARE(post(QStringLiteral("/v1/accounts"), R"({"id":"carol","name":"Carol","opening":"10"})").status, 201);
    QCOMPARE(post(QStringLiteral("/v1/accounts"), R"({"id":"carol"})").body.value(QStringLiteral("code")).toString(),
             QStringLiteral("account-exists"));
    QCOMPARE(post(QStringLiteral("/v1/accounts"), R"({"id":"dave"})").status, 201);
    const Http carol = get(QStringLiteral("/v1/accounts/carol"));
    QCOMPARE(carol.status, 200);
    QCOMPARE(carol.body.value(QStringLiteral("balance")).toString(), QStringLiteral("10.00"));
    const Http page = get(QStringLiteral("/v1/accounts?limit=2"));
    QCOMPARE(page.status, 200);
    QVERIFY(page.body.value(QStringLiteral("next")).isString());
    QCOMPARE(get(QStringLiteral("/v1/accounts?limit=0")).status, 400);
    QCOMPARE(post(QStringLiteral("/v1/accounts/carol/freeze"), R"({"reason":"asked by the bank"})").status, 200);
    const Http frozen = post(QStringLiteral("/v1/transfers"), R"({"source":"carol","destination":"bob","amount":"1"})");
    QCOMPARE(frozen.status, 422);
    QVERIFY(frozen.body.contains(QStringLiteral("transaction")));
    QCOMPARE(post(QStringLiteral("/v1/accounts/carol/unfreeze"), "{}").status, 200);
    QCOMPARE(post(QStringLiteral("/v1/accounts/carol/close"), "{}").body.value(QStringLiteral("code")).toString(),
             QStringLiteral("account-not-empty"));
    QCOMPARE(post(QStringLiteral("/v1/accounts/dave/close"), "{}").status, 200);
    QCOMPARE(post(QStringLiteral("/v1/accounts/nobody/freeze"), "{}").status, 404);
    // Transactions: listed, repaired, claimed and noted.
    const Http list = get(QStringLiteral("/v1/transactions?limit=2"));
    QCOMPARE(list.status, 200);
    QVERIFY(list.body.value(QStringLiteral("next")).isString());
    QCOMPARE(get(QStringLiteral("/v1/transactions?state=lost")).body.value(QStringLiteral("code")).toString(),
             QStringLiteral("unknown-state"));
    // In the console's orders, with the total: the openings of acme, bob and carol (dave had
    // none), the two left, and the transfer refused by carol's freeze (recorded canceled).
    const Http byAmount = get(QStringLiteral("/v1/transactions?sort=amount&order=newest&count=true&limit=3"));
    QCOMPARE(byAmount.status, 200);
    QCOMPARE(byAmount.body.value(QStringLiteral("total")).toInt(), 6);
    const QJsonArray largest = byAmount.body.value(QStringLiteral("transactions")).toArray();
    QCOMPARE(largest.size(), 3);
    QVERIFY(largest.at(0).toObject().value(QStringLiteral("amount")).toString().toDouble()
            >= largest.at(2).toObject().value(QStringLiteral("amount")).toString().toDouble());
    QVERIFY(largest.at(0).toObject().contains(QStringLiteral("claimedBy")));
    QCOMPARE(get(QStringLiteral("/v1/transactions?sort=size")).body.value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-argument"));
    QCOMPARE(get(QStringLiteral("/v1/transactions?order=up")).status, 400);
    QCOMPARE(get(QStringLiteral("/v1/transactions?count=yes")).status, 400);
    // Who did what: the repairs above, newest first, a page of one and the next by its cursor.
    const Http actions = get(QStringLiteral("/v1/actions?kind=all&limit=1"));
    QCOMPARE(actions.status, 200);
    QCOMPARE(actions.body.value(QStringLiteral("actions")).toArray().size(), 1);
    const QString next = actions.body.value(QStringLiteral("next")).toString();
    QVERIFY(!next.isEmpty());
    const Http second = get(QStringLiteral("/v1/actions?kind=all&limit=1&after=") + QString::fromUtf8(QUrl::toPercentEncoding(next)));
    QCOMPARE(second.status, 200);
    QVERIFY(second.body.value(QStringLiteral("actions")).toArray().first()
            != actions.body.value(QStringLiteral("actions")).toArray().first());
    QCOMPARE(get(QStringLiteral("/v1/actions?after=yesterday")).body.value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-cursor"));
    QCOMPARE(get(QStringLiteral("/v1/actions?kind=everything")).status, 400);
    const Http mine = get(QStringLiteral("/v1/whoami"));
    QCOMPARE(mine.status, 200);
    QCOMPARE(mine.body.value(QStringLiteral("name")).toString(), QStringLiteral("local")); // no tokens file: a local program
    QCOMPARE(mine.body.value(QStringLiteral("role")).toString(), QStringLiteral("operator"));
    QCOMPARE(mine.body.value(QStringLiteral("scale")).toInt(), 2);
    const QString tx = QStringLiteral("/v1/transactions/");
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/claim"), R"({"note":"looking"})").status, 200);
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/notes"), R"({"text":"the bank confirmed"})").status, 201);
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/notes"), "{}").status, 400);
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/release"), "{}").status, 200);
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/release"), "{}").status, 409); // nobody's claim
    const Http resumed = post(tx + stuck.at(0) + QStringLiteral("/resume"), R"({"reason":"confirmed"})");
    QCOMPARE(resumed.status, 200);
    QCOMPARE(resumed.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    const Http canceled = post(tx + stuck.at(1) + QStringLiteral("/cancel"), "{}");
    QCOMPARE(canceled.status, 200);
    QCOMPARE(canceled.body.value(QStringLiteral("state")).toString(), QStringLiteral("canceled"));
    QCOMPARE(post(tx + stuck.at(1) + QStringLiteral("/claim"), "{}").status, 409); // finished
    const Http compensated = post(tx + stuck.at(0) + QStringLiteral("/compensate"), "{}");
    QCOMPARE(compensated.status, 201);
    QCOMPARE(compensated.body.value(QStringLiteral("compensates")).toString(), stuck.at(0));
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/compensate"), "{}").status, 200); // the one made before
    QCOMPARE(post(tx + QStringLiteral("tx-NOSUCH/resume"), "{}").status, 404);
    // The feed as it is now, NDJSON.
    const Http feed = get(QStringLiteral("/v1/feed?since=0&follow=false"));
    QCOMPARE(feed.status, 200);
    QVERIFY(feed.raw.count('\n') >= 4);
    // What is no route's: another method (405 with Allow), a path that is none (404), a form (415).
    QCOMPARE(curl(QStringLiteral("PUT"), d.url + QStringLiteral("/v1/transfers"), "{}").status, 405);
    QCOMPARE(curl(QStringLiteral("DELETE"), d.url + QStringLiteral("/v1/accounts")).status, 405);
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/healthz"), "{}").status, 405);
    QCOMPARE(get(QStringLiteral("/v1/nothing")).status, 404);
    QCOMPARE(post(tx + stuck.at(0) + QStringLiteral("/explode"), "{}").status, 404);
    QCOMPARE(
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), "source=acme", {QStringLiteral("Content-Type: text/plain")})
            .status,
        415);
    QCOMPARE(d.stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::consoleRoutesAnswerAsDocumented()
{
    // What the console reads and does through ledgerd, each route answered 2xx (its shape checked
    // by the last test) and its bad input refused with the word a client can act on.
    TempStore t;
    openAccounts(t);
    QStringList stuck;
    for (const char *key : {"left-1", "left-2", "left-3"}) {
        const TxOutcome left = abandonedAfter(t.store(), Step::HoldDebit,
                                              {QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QString::fromLatin1(key)});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        stuck << left.tx->id;
    }
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const auto get = [&](const QString &path) { return curl(QStringLiteral("GET"), d.url + path); };
    const auto post = [&](const QString &path, const QByteArray &body) { return curl(QStringLiteral("POST"), d.url + path, body); };
    const auto code = [](const Http &h) { return h.body.value(QStringLiteral("code")).toString(); };
    QCOMPARE(post(QStringLiteral("/v1/transactions/") + stuck.at(0) + QStringLiteral("/claim"), R"({"note":"mine"})").status, 200);

    // Tallies: the two openings and three left; the stuck ones by a filter.
    const Http all = get(QStringLiteral("/v1/tallies/transactions"));
    QCOMPARE(all.status, 200);
    QCOMPARE(all.body.value(QStringLiteral("count")).toInt(), 5);
    QCOMPARE(all.body.value(QStringLiteral("exact")).toBool(), true);
    QCOMPARE(get(QStringLiteral("/v1/tallies/transactions?state=pending&stuckFor=0s")).body.value(QStringLiteral("count")).toInt(), 3);
    // acme alone; a store that reads only by key (DynamoDB, as whoami says) does not count a filter
    // by text and says it did not (atLeast, 0).
    const Http ac = get(QStringLiteral("/v1/tallies/accounts?filter=ac"));
    const bool byKey = !get(QStringLiteral("/v1/whoami")).body.value(QStringLiteral("readsByPosition")).toBool();
    QCOMPARE(ac.body.value(QStringLiteral("atLeast")).toBool(), byKey);
    QCOMPARE(ac.body.value(QStringLiteral("count")).toInt(), byKey ? 0 : 1);
    QCOMPARE(get(QStringLiteral("/v1/tallies/actions?kind=all")).body.value(QStringLiteral("count")).toInt(),
             get(QStringLiteral("/v1/actions?kind=all&limit=1000")).body.value(QStringLiteral("actions")).toArray().size());
    QCOMPARE(code(get(QStringLiteral("/v1/tallies/transactions?state=lost"))), QStringLiteral("unknown-state"));
    QCOMPARE(code(get(QStringLiteral("/v1/tallies/accounts?limit=3"))), QStringLiteral("invalid-argument"));
    // Windows: near a position, then after its last row, by amount.
    const Http near = get(QStringLiteral("/v1/windows/transactions?sort=amount&order=oldest&from=near&offset=1&total=5&limit=2"));
    QCOMPARE(near.status, 200);
    const QJsonArray rows = near.body.value(QStringLiteral("transactions")).toArray();
    QCOMPARE(rows.size(), 2);
    const Http after = get(QStringLiteral("/v1/windows/transactions?sort=amount&order=oldest&from=after&limit=10&row=")
                           + rows.last().toObject().value(QStringLiteral("id")).toString());
    QCOMPARE(after.status, 200);
    QCOMPARE(after.body.value(QStringLiteral("transactions")).toArray().size(), 2); // 1 + 2 read, 2 after them
    const Http claimed = get(QStringLiteral("/v1/windows/transactions?text=") + stuck.at(0));
    QCOMPARE(claimed.body.value(QStringLiteral("transactions")).toArray().first().toObject().value(QStringLiteral("claimedBy")).toString(),
             QStringLiteral("local"));
    QCOMPARE(code(get(QStringLiteral("/v1/windows/transactions?from=after"))), QStringLiteral("invalid-cursor"));
    QCOMPARE(code(get(QStringLiteral("/v1/windows/transactions?from=after&row=tx-NOSUCH"))), QStringLiteral("invalid-cursor"));
    QCOMPARE(code(get(QStringLiteral("/v1/windows/transactions?from=above&row=x"))), QStringLiteral("invalid-argument"));
    const Http accounts = get(QStringLiteral("/v1/windows/accounts?from=near&offset=0&total=3&limit=2"));
    QCOMPARE(accounts.body.value(QStringLiteral("accounts")).toArray().size(), 2);
    const Http more =
        get(QStringLiteral("/v1/windows/accounts?from=after&limit=5&row=")
            + accounts.body.value(QStringLiteral("accounts")).toArray().last().toObject().value(QStringLiteral("id")).toString());
    QCOMPARE(more.status, 200);
    QCOMPARE(more.body.value(QStringLiteral("accounts")).toArray().size(), 1);
    QCOMPARE(code(get(QStringLiteral("/v1/windows/accounts?from=after&row=nobody"))), QStringLiteral("invalid-cursor"));
    // An account in a filter as a client sends it, percent-encoded: @world's openings.
    QVERIFY(get(QStringLiteral("/v1/tallies/transactions?account=%40world")).body.value(QStringLiteral("count")).toInt() >= 2);
    // Operator actions: a page near the top, then the rest after its last row's place.
    const int allActions = get(QStringLiteral("/v1/tallies/actions?kind=all")).body.value(QStringLiteral("count")).toInt();
    QVERIFY(allActions > 3);
    const Http actions = get(QStringLiteral("/v1/windows/actions?kind=all&limit=3"));
    QCOMPARE(actions.body.value(QStringLiteral("actions")).toArray().size(), 3);
    const QString place =
        actions.body.value(QStringLiteral("actions")).toArray().last().toObject().value(QStringLiteral("place")).toString();
    QCOMPARE(
        get(QStringLiteral("/v1/windows/actions?kind=all&limit=1000&from=after&row=") + QString::fromUtf8(QUrl::toPercentEncoding(place)))
            .body.value(QStringLiteral("actions"))
            .toArray()
            .size(),
        allActions - 3);
    QCOMPARE(code(get(QStringLiteral("/v1/windows/actions?from=after&row=yesterday"))), QStringLiteral("invalid-cursor"));
    // The overview, the counts, stuck causes, what nobody else claimed.
    const Http overview = get(QStringLiteral("/v1/overview?stuckFor=0s"));
    QCOMPARE(overview.status, 200);
    QCOMPARE(overview.body.value(QStringLiteral("stuck")).toObject().value(QStringLiteral("count")).toInt(), 3);
    QCOMPARE(get(QStringLiteral("/v1/counts")).status, 200);
    QCOMPARE(code(get(QStringLiteral("/v1/counts?stuckFor=soon"))), QStringLiteral("invalid-duration"));
    const Http causes = get(QStringLiteral("/v1/stuck/causes?stuckFor=0s"));
    QCOMPARE(causes.body.value(QStringLiteral("read")).toInt(), 3);
    QCOMPARE(get(QStringLiteral("/v1/stuck/watch?stuckFor=0s")).body.value(QStringLiteral("ids")).toArray().size(), 3); // its own claim
    // An account's detail, the incident report, account documents, ids by position.
    const Http acme = get(QStringLiteral("/v1/accounts/acme/detail"));
    QCOMPARE(acme.status, 200);
    QCOMPARE(acme.body.value(QStringLiteral("held")).toArray().size(), 3);
    QCOMPARE(get(QStringLiteral("/v1/accounts/ACME/detail")).status, 404);
    const Http incident = get(QStringLiteral("/v1/transactions/") + stuck.at(0) + QStringLiteral("/incident"));
    QCOMPARE(incident.status, 200);
    QStringList events; // on it and its accounts: their openings, the claim
    for (const QJsonValue &v : incident.body.value(QStringLiteral("operatorActions")).toArray())
        events << v.toObject().value(QStringLiteral("event")).toString();
    QVERIFY2(events.contains(QStringLiteral("operator-claim")), qPrintable(events.join(QLatin1Char(' '))));
    QCOMPARE(incident.body.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("accounts")).toArray().size(), 2);
    QCOMPARE(get(QStringLiteral("/v1/transactions/tx-NOSUCH/incident")).status, 404);
    QCOMPARE(get(QStringLiteral("/v1/account-documents?ids=acme,bob")).body.value(QStringLiteral("accounts")).toArray().size(), 2);
    QCOMPARE(get(QStringLiteral("/v1/account-documents?filter=b&limit=5")).body.value(QStringLiteral("accounts")).toArray().size(), 1);
    QCOMPARE(code(get(QStringLiteral("/v1/account-documents?ids=acme&limit=2"))), QStringLiteral("invalid-argument"));
    const Http ids = get(QStringLiteral("/v1/transaction-ids?sort=id&order=oldest&ranges=0:2,4:1"));
    QCOMPARE(ids.body.value(QStringLiteral("ids")).toArray().size(), 3);
    QCOMPARE(code(get(QStringLiteral("/v1/transaction-ids?ranges=0:20000"))), QStringLiteral("invalid-argument"));
    QCOMPARE(code(get(QStringLiteral("/v1/transaction-ids?ranges=x"))), QStringLiteral("invalid-argument"));
    // A plan (nothing written), then the batch it previews.
    const QByteArray batch = QJsonDocument(QJsonObject{{QStringLiteral("action"), QStringLiteral("cancel")},
                                                       {QStringLiteral("ids"), QJsonArray::fromStringList(stuck.mid(1))}})
                                 .toJson(QJsonDocument::Compact);
    const Http plan = post(QStringLiteral("/v1/plans"), batch);
    QCOMPARE(plan.status, 200);
    QCOMPARE(plan.body.value(QStringLiteral("items")).toArray().size(), 2);
    QVERIFY(plan.body.value(QStringLiteral("items")).toArray().first().toObject().value(QStringLiteral("eligible")).toBool());
    QCOMPARE(get(QStringLiteral("/v1/tallies/transactions?state=pending")).body.value(QStringLiteral("count")).toInt(), 3);
    QCOMPARE(code(post(QStringLiteral("/v1/plans"), R"({"action":"undo","ids":["x"]})")), QStringLiteral("invalid-argument"));
    QCOMPARE(code(post(QStringLiteral("/v1/plans"), R"({"action":"cancel","ids":[]})")), QStringLiteral("invalid-argument"));
    QCOMPARE(code(post(QStringLiteral("/v1/repairs"), R"({"action":"cancel","ids":["tx-A"],"why":"x"})")),
             QStringLiteral("invalid-argument"));
    const Http repaired = post(QStringLiteral("/v1/repairs"), batch);
    QCOMPARE(repaired.status, 200);
    const QJsonArray items = repaired.body.value(QStringLiteral("items")).toArray();
    QCOMPARE(items.size(), 2);
    for (const QJsonValue &item : items)
        QCOMPARE(item.toObject().value(QStringLiteral("transaction")).toObject().value(QStringLiteral("state")).toString(),
                 QStringLiteral("canceled"));
    QCOMPARE(get(QStringLiteral("/v1/tallies/transactions?state=pending")).body.value(QStringLiteral("count")).toInt(), 1);
    QCOMPARE(d.stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::exportsStreamAsDocumented_data()
{
    // A bad table, format or parameter is a 400 with its word before anything is read.
    QTest::addColumn<QString>("pathAndQuery");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("mentions");
    const auto bad = [](const char *name, const char *pathAndQuery, const char *code, const char *mentions) {
        QTest::newRow(name) << QString::fromLatin1(pathAndQuery) << 400 << QString::fromLatin1(code) << QString::fromLatin1(mentions);
    };
    const auto good = [](const char *name, const char *pathAndQuery, int rows) {
        QTest::newRow(name) << QString::fromLatin1(pathAndQuery) << 200 << QString() << QString::number(rows);
    };
    good("transactions, csv by default", "/v1/exports/transactions", 4);
    good("transactions, json", "/v1/exports/transactions?format=json", 4);
    good("filtered, json", "/v1/exports/transactions?format=json&state=done&account=bob&sort=amount&order=oldest", 3);
    good("limited, csv", "/v1/exports/transactions?format=csv&limit=1", 1);
    good("accounts, json", "/v1/exports/accounts?format=json&filter=b", 1);
    good("actions, csv", "/v1/exports/actions?kind=all", 6); // two accounts opened, four transfers issued
    bad("no such table", "/v1/exports/ledger", "invalid-argument", "no table \"ledger\" to export");
    bad("no such format", "/v1/exports/transactions?format=xml", "invalid-argument", "format must be csv or json");
    bad("format in capitals", "/v1/exports/accounts?format=CSV", "invalid-argument", "format must be csv or json");
    bad("unknown parameter", "/v1/exports/transactions?colour=red", "invalid-argument", "unknown parameter \"colour\"");
    bad("another listing's parameter", "/v1/exports/accounts?state=done", "invalid-argument", "unknown parameter \"state\"");
    bad("paging is not an export's", "/v1/exports/transactions?after=tx-1", "invalid-argument", "unknown parameter \"after\"");
    bad("no such state", "/v1/exports/transactions?state=lost", "unknown-state", "lost");
    bad("limit 0", "/v1/exports/transactions?limit=0", "invalid-argument", "limit must be");
    bad("no such kind", "/v1/exports/actions?kind=everything", "invalid-argument", "kind must be");
}

void TestLedgerd::exportsStreamAsDocumented()
{
    QFETCH(QString, pathAndQuery);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(QString, mentions);
    TempStore t;
    openAccounts(t); // two openings
    QVERIFY(Coordinator(t.store(), CoordinatorOptions{})
                .transfer({QStringLiteral("acme"), QStringLiteral("bob"), 300, QString(), QString()})
                .ok());
    QVERIFY(Coordinator(t.store(), CoordinatorOptions{})
                .transfer({QStringLiteral("bob"), QStringLiteral("acme"), 100, QString(), QString()})
                .ok());
    // With tokens: a read token is enough, none is not.
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const AddedToken viewer = addToken(tokens, QStringLiteral("viewer"), QStringLiteral("read"));
    QCOMPARE(viewer.exitCode, 0);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
               tokens, QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    QCOMPARE(curl(QStringLiteral("GET"), d.url + pathAndQuery).status, 401);
    const Http h = curl(QStringLiteral("GET"), d.url + pathAndQuery, {}, {QStringLiteral("Authorization: Bearer ") + viewer.token});
    QCOMPARE(h.status, status);
    if (status != 200) {
        QCOMPARE(h.body.value(QStringLiteral("code")).toString(), code);
        QVERIFY2(h.body.value(QStringLiteral("detail")).toString().contains(mentions), h.raw.constData());
        return;
    }
    const int rows = mentions.toInt();
    if (pathAndQuery.contains(QLatin1String("format=json"))) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(h.raw, &error);
        QVERIFY2(doc.isArray(), qPrintable(error.errorString()));
        QCOMPARE(doc.array().size(), rows);
        QVERIFY(h.raw.endsWith("]\n"));
    } else {
        // RFC 4180: the header (the JSON field names), then a record a row.
        const QList<QByteArray> records = h.raw.split('\n');
        QCOMPARE(records.size(), rows + 2); // and the empty piece after the last CRLF
        const QString table = pathAndQuery.section(QLatin1Char('/'), 3, 3).section(QLatin1Char('?'), 0, 0);
        const ExportSpec::Table named = table == QLatin1String("accounts") ? ExportSpec::Table::Accounts
                                      : table == QLatin1String("actions")  ? ExportSpec::Table::Journal
                                                                           : ExportSpec::Table::Transactions;
        QCOMPARE(records.first(), exportColumns(named).join(QLatin1Char(',')).toUtf8() + '\r');
    }
}

void TestLedgerd::recoveriesAreJobs()
{
    // Recover all as a job, with every status of its routes: a read token may neither start nor
    // stop one nor read it (403), a bad body is 400, a second start while one runs 409 naming it,
    // an unknown id 404, another method 405. On a slowed store (every write 500 ms later: the job
    // cannot be over before the next request) it is stopped part way and says what it did.
    TempStore t;
    openAccounts(t);
    QStringList stuck;
    for (int i = 0; i < 12; ++i) {
        const TxOutcome left = abandonedAfter(
            t.store(), Step::HoldDebit, {QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QStringLiteral("left-%1").arg(i)});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        stuck << left.tx->id;
    }
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const AddedToken ann = addToken(tokens, QStringLiteral("ann"), QStringLiteral("operator"));
    const AddedToken viewer = addToken(tokens, QStringLiteral("viewer"), QStringLiteral("read"));
    QCOMPARE(ann.exitCode + viewer.exitCode, 0);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
               tokens, QStringLiteral("--recover-every"), QStringLiteral("off")},
              {QStringLiteral("LEDGER_STEP_DELAY_MS=500")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const auto as = [&](const AddedToken &who, const QString &method, const QString &path, const QByteArray &body = {}) {
        return curl(method, d.url + path, body, {QStringLiteral("Authorization: Bearer ") + who.token});
    };
    const QString post = QStringLiteral("POST");
    const QString get = QStringLiteral("GET");
    const QString jobs = QStringLiteral("/v1/recoveries");

    QCOMPARE(as(viewer, post, jobs, "{}").status, 403);
    QCOMPARE(as(ann, post, jobs, R"({"olderThan":"soon"})").body.value(QStringLiteral("code")).toString(),
             QStringLiteral("invalid-duration"));
    QCOMPARE(as(ann, post, jobs, R"({"takeClaimed":"yes"})").status, 400);
    QCOMPARE(as(ann, post, jobs, R"({"when":"now"})").status, 400);
    QCOMPARE(as(ann, post, jobs, R"({"reason":5})").status, 400);
    QCOMPARE(as(ann, post, jobs, QByteArray(R"({"reason":")") + QByteArray(kMaxReasonLength + 1, 'x') + QByteArray(R"("})")).status, 400);
    QCOMPARE(as(ann, get, jobs).status, 405);
    const QByteArray startBody = R"({"olderThan":"0s","takeClaimed":false,"reason":"bank confirmed"})";
    const QStringList keyed{QStringLiteral("Authorization: Bearer ") + ann.token, QStringLiteral("Idempotency-Key: recover-once")};
    const Http started = curl(post, d.url + jobs, startBody, keyed);
    QCOMPARE(started.status, 202);
    // Its answer lost, asked again under its key: the same job, not "one is running" (nor a second).
    const Http startedAgain = curl(post, d.url + jobs, startBody, keyed);
    QCOMPARE(startedAgain.status, 202);
    QCOMPARE(startedAgain.body.value(QStringLiteral("id")), started.body.value(QStringLiteral("id")));
    QCOMPARE(started.body.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    const QString id = started.body.value(QStringLiteral("id")).toString();
    QVERIFY(!id.isEmpty());
    const QString job = jobs + QLatin1Char('/') + id;
    const Http second = as(ann, post, jobs, "{}");
    QCOMPARE(second.status, 409);
    QCOMPARE(second.body.value(QStringLiteral("code")).toString(), QStringLiteral("conflict"));
    QVERIFY2(second.body.value(QStringLiteral("detail")).toString().contains(id), second.raw.constData());
    QCOMPARE(as(viewer, get, job).status, 403);
    QCOMPARE(as(viewer, post, job + QStringLiteral("/stop"), "{}").status, 403);
    QCOMPARE(as(ann, get, jobs + QStringLiteral("/nosuch")).status, 404);
    QCOMPARE(as(ann, post, jobs + QStringLiteral("/nosuch/stop"), "{}").status, 404);
    const Http running = as(ann, get, job);
    QCOMPARE(running.status, 200);
    QCOMPARE(running.body.value(QStringLiteral("state")).toString(), QStringLiteral("running"));
    QVERIFY(!running.body.contains(QStringLiteral("report")));
    QCOMPARE(as(ann, post, job + QStringLiteral("/stop"), "{}").status, 202);
    Http ended;
    QTRY_VERIFY_WITH_TIMEOUT((ended = as(ann, get, job)).body.value(QStringLiteral("state")).toString() != QLatin1String("running"),
                             120'000);
    QCOMPARE(ended.body.value(QStringLiteral("state")).toString(), QStringLiteral("stopped"));
    const QJsonObject report = ended.body.value(QStringLiteral("report")).toObject();
    const qint64 recovered = report.value(QStringLiteral("items")).toArray().size();
    QCOMPARE(report.value(QStringLiteral("candidates")).toInt(), 12);
    QVERIFY(report.value(QStringLiteral("notStarted")).toInt() > 0);
    QCOMPARE(recovered + report.value(QStringLiteral("notStarted")).toInt(), 12);
    QCOMPARE(report.value(QStringLiteral("done")).toInt(), recovered);
    QCOMPARE(ended.body.value(QStringLiteral("done")).toInt(), recovered);
    QCOMPARE(ended.body.value(QStringLiteral("total")).toInt(), 12);
    // What a job moved is journaled under the token's name with the job's reason (the stop may
    // have come before the first: then the next job's first shows it).
    const auto journaledAs = [&](const QJsonObject &of, const QString &reason) {
        const QString first = of.value(QStringLiteral("items")).toArray().at(0).toObject().value(QStringLiteral("id")).toString();
        auto journal = t.store().journal(DocKind::Transaction, first);
        QVERIFY(journal.ok() && !journal->isEmpty());
        QCOMPARE(journal->last().actor, QStringLiteral("recovery:ann")); // the token's name
        QVERIFY(std::any_of(journal->cbegin(), journal->cend(), [&](const JournalEntry &j) { return j.detail.contains(reason); }));
    };
    if (recovered > 0)
        journaledAs(report, QStringLiteral("bank confirmed"));
    const Http again = as(ann, post, job + QStringLiteral("/stop"), "{}"); // it stays as it ended
    QCOMPARE(again.status, 202);
    QCOMPARE(again.body.value(QStringLiteral("state")).toString(), QStringLiteral("stopped"));
    // The rest, by the next job.
    const Http next = as(ann, post, jobs, R"({"olderThan":"0s","reason":"the rest"})");
    QCOMPARE(next.status, 202);
    const QString nextJob = jobs + QLatin1Char('/') + next.body.value(QStringLiteral("id")).toString();
    QTRY_VERIFY_WITH_TIMEOUT((ended = as(ann, get, nextJob)).body.value(QStringLiteral("state")).toString() != QLatin1String("running"),
                             120'000);
    QCOMPARE(ended.body.value(QStringLiteral("state")).toString(), QStringLiteral("finished"));
    QCOMPARE(ended.body.value(QStringLiteral("report")).toObject().value(QStringLiteral("done")).toInt(), 12 - recovered);
    journaledAs(ended.body.value(QStringLiteral("report")).toObject(), QStringLiteral("the rest"));
    QCOMPARE(d.stop(), 0);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::stoppingStopsARecoveryJob()
{
    // SIGTERM with a recovery job running on a slowed store (every write 500 ms later: 40 stuck
    // transfers are half a minute of work): the job is asked to stop with the server, ends between
    // transactions, and ledgerd exits cleanly within the stop's bound (Ledgerd::stop waits 15 s; a
    // job left to run, or joined without being asked, would take the half minute).
    TempStore t;
    openAccounts(t);
    for (int i = 0; i < 40; ++i) {
        QCOMPARE(abandonedAfter(t.store(), Step::HoldDebit,
                                {QStringLiteral("acme"), QStringLiteral("bob"), 1, QString(), QStringLiteral("left-%1").arg(i)})
                     .error.code,
                 ErrorCode::Interrupted);
    }
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--recover-every"), QStringLiteral("off")},
              {QStringLiteral("LEDGER_STEP_DELAY_MS=500")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const Http started = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/recoveries"), R"({"olderThan":"0s"})");
    QCOMPARE(started.status, 202);
    QCOMPARE(d.stop(), 0);
    QVERIFY2(!d.errors().contains(QLatin1String("still waiting for the store")), qPrintable(d.errors()));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestLedgerd::approvalRoutesAnswerAsDocumented()
{
    // Each four-eyes route answered once with a 2xx (the flows and refusals are
    // tst_ledgerdapprovals'): an operator's large compensation waits, an approver approves it,
    // another's cancel is rejected. DynamoDB keeps no requests: there ledgerd refuses rules (exit
    // 1, unsupported), and the routes' answers are checked on a store file beside.
    TempStore t;
    QTemporaryDir beside;
    std::unique_ptr<Store> file;
    Store *store = &t.store();
    QString location = t.path();
    if (location.startsWith(QLatin1String("dynamodb:"))) {
        QFile rules(beside.filePath(QStringLiteral("rules.conf")));
        QVERIFY(rules.open(QIODevice::WriteOnly));
        rules.write("[approvals]\ncancel-over = 10\n");
        rules.close();
        const QString tokensFile = beside.filePath(QStringLiteral("tokens"));
        QCOMPARE(addToken(tokensFile, QStringLiteral("ann"), QStringLiteral("operator")).exitCode, 0);
        QProcess refused;
        refused.start(QStringLiteral(LEDGERD_PATH),
                      {QStringLiteral("--store"), location, QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                       QStringLiteral("--tokens"), tokensFile, QStringLiteral("--config"), rules.fileName()});
        QVERIFY(refused.waitForFinished(60'000));
        QCOMPARE(refused.exitCode(), 1);
        QVERIFY(QString::fromUtf8(refused.readAllStandardError()).startsWith(QStringLiteral("error: unsupported: ")));
        location = beside.filePath(QStringLiteral("beside.db"));
        auto made = createStore(resolveStoreConfig(location).value(), 2);
        QVERIFY2(made.ok(), qPrintable(made.error().toString()));
        file = std::move(made).value();
        store = file.get();
    }
    ledger::test::openAccounts(*store, {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const TxOutcome done =
        Coordinator(*store, CoordinatorOptions{}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 5000, QString(), QString()});
    QVERIFY(done.ok());
    const QString stuck = stuckAfter(*store, Step::HoldDebit, 3000);
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const QString ann =
        QStringLiteral("Authorization: Bearer ") + addToken(tokens, QStringLiteral("ann"), QStringLiteral("operator")).token;
    const QString bob =
        QStringLiteral("Authorization: Bearer ") + addToken(tokens, QStringLiteral("bob"), QStringLiteral("approver")).token;
    QFile config(dir.filePath(QStringLiteral("ledgerd.conf")));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write("[approvals]\ncompensate-over = 10\ncancel-over = 10\n");
    config.close();
    Ledgerd d({QStringLiteral("--store"), location, QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
               tokens, QStringLiteral("--config"), config.fileName(), QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/rules"), {}, {ann}).status, 200);
    const Http compensation =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/compensate").arg(done.tx->id), {}, {ann});
    QCOMPARE(compensation.status, 202);
    const Http cancel = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/cancel").arg(stuck), {}, {ann});
    QCOMPARE(cancel.status, 202);
    const QString first = compensation.body.value(QStringLiteral("approval")).toObject().value(QStringLiteral("id")).toString();
    const QString second = cancel.body.value(QStringLiteral("approval")).toObject().value(QStringLiteral("id")).toString();
    const Http listed = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals?limit=1"), {}, {bob});
    QCOMPARE(listed.status, 200);
    QCOMPARE(listed.body.value(QStringLiteral("approvals")).toArray().size(), 1);
    QVERIFY(listed.body.value(QStringLiteral("next")).isString()); // two in all: a next page
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/") + first, {}, {bob}).status, 200);
    const Http approved = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/approve").arg(first), {}, {bob});
    QCOMPARE(approved.status, 200);
    QCOMPARE(approved.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    const Http rejected =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/reject").arg(second), R"({"reason":"resume it"})", {bob});
    QCOMPARE(rejected.status, 200);
    QCOMPARE(rejected.body.value(QStringLiteral("state")).toString(), QStringLiteral("rejected"));
    QCOMPARE(d.stop(), 0);
}

void TestLedgerd::everyAnswerMatchesTheOpenApiDocument()
{
    logAnswersTo(nullptr);
    m_responses.close();
    // Every operation answered at least once with a 2xx (everyRouteAnswersAsDocumented sees to
    // the ones the others do not call), so that none goes unchecked.
    const QString problem = checkAnswersAgainstOpenApi(m_responses.fileName(), Coverage::EveryOperation);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestLedgerd)
#include "tst_ledgerd.moc"
