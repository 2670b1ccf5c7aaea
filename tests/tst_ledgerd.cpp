// tst_ledgerd: the real ledgerd binary, called by real clients — curl and Python's standard
// urllib — on a store of its own (SQLite here; @pg on the test cluster, @pgshards on three of its
// databases). Transfers with idempotency keys, the problems of bad input with nothing written,
// paging by key, tokens and roles, the loopback rule, hostile clients, a graceful stop with a
// request in flight.
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QNetworkRequest>
#include <QWebSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace ledger;
using ledger::test::TempStore;

namespace {

struct Http {
    int status = 0;
    QJsonObject body;
    QByteArray raw;
};

// Every answer a test got, for checking against the schemas of /openapi.json at the end
// (tools/openapi/check-responses.mjs): one JSON line each.
QFile *g_responses = nullptr;

QString routeOf(const QString &url)
{
    QString path = QUrl(url).path();
    static const QRegularExpression id(QStringLiteral("^/v1/(transactions|accounts)/[^/]+"));
    path.replace(id, QStringLiteral("/v1/\\1/{id}"));
    return path;
}

// One ledgerd process for a test: started on a free port, stopped (SIGTERM) at the end.
class Ledgerd {
public:
    explicit Ledgerd(const QStringList &args, const QStringList &env = {})
    {
        QProcessEnvironment e = ledger::test::storeEnvironment(QString());
        for (const QString &kv : env)
            e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
        m_process.setProcessEnvironment(e);
        m_process.start(QStringLiteral(LEDGERD_PATH), args);
        if (!m_process.waitForReadyRead(20'000))
            return;
        const QString line = QString::fromUtf8(m_process.readLine()).trimmed();
        if (line.startsWith(QLatin1String("listening on ")))
            url = line.mid(13);
    }
    ~Ledgerd()
    {
        if (m_process.state() != QProcess::NotRunning) {
            ::kill(pid_t(m_process.processId()), SIGTERM);
            if (!m_process.waitForFinished(15'000))
                m_process.kill();
        }
    }
    int stop()
    {
        ::kill(pid_t(m_process.processId()), SIGTERM);
        if (!m_process.waitForFinished(15'000))
            return -1;
        return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
    }
    QString errors() { return QString::fromUtf8(m_process.readAllStandardError()); }
    quint16 port() const { return quint16(url.section(QLatin1Char(':'), -1).toUInt()); }
    QString url;

private:
    QProcess m_process;
};

// curl, as an application would call: the status and the JSON body.
Http curl(const QString &method, const QString &url, const QByteArray &body = {}, const QStringList &headers = {})
{
    QStringList args{QStringLiteral("-s"), QStringLiteral("-X"), method, QStringLiteral("-w"),
                     QStringLiteral("\n%{content_type}\n%{http_code}")};
    for (const QString &h : headers)
        args << QStringLiteral("-H") << h;
    if (!body.isNull())
        args << QStringLiteral("--data-binary") << QStringLiteral("@-") << QStringLiteral("-H")
             << QStringLiteral("Content-Type: application/json");
    args << url;
    QProcess p;
    p.start(QStringLiteral("curl"), args);
    p.write(body);
    p.closeWriteChannel();
    p.waitForFinished(30'000);
    const QByteArray out = p.readAllStandardOutput();
    Http h;
    const qsizetype nl = out.lastIndexOf('\n');
    const qsizetype typeStart = out.lastIndexOf('\n', nl - 1);
    h.status = out.mid(nl + 1).toInt();
    const QByteArray contentType = out.mid(typeStart + 1, nl - typeStart - 1);
    h.raw = out.left(typeStart);
    const QJsonDocument doc = QJsonDocument::fromJson(h.raw);
    h.body = doc.object();
    if (g_responses && h.status != 0) {
        QJsonObject line{{QStringLiteral("method"), method},
                         {QStringLiteral("route"), routeOf(url)},
                         {QStringLiteral("status"), h.status},
                         {QStringLiteral("contentType"), QString::fromUtf8(contentType)}};
        if (!doc.isNull())
            line.insert(QStringLiteral("body"), doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
        g_responses->write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
        g_responses->flush();
    }
    return h;
}

} // namespace

class TestLedgerd : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void transfersWithKeys();
    void onShards();
    void badInputIsAProblemAndWritesNothing_data();
    void badInputIsAProblemAndWritesNothing();
    void pythonClientPagesByKey();
    void tokensAndRoles();
    void offLoopbackNeedsTlsAndTokens();
    void browsersCannotCallInWithoutTokens();
    void helpAndManPageAgree();
    void servesHttpsWithTokensOffLoopback();
    void hostileClientsHoldNoWorker();
    void connectionLimit();
    void pipelinedRequestsAnsweredInOrder();
    void storeBusyIs503WithRetryAfter();
    void stopsGracefullyWithARequestInFlight();
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
    g_responses = &m_responses;
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
    QCOMPARE(QJsonDocument::fromJson(lines.last()).object().value(QStringLiteral("cursor")).toString().count(QLatin1Char(',')), 2);
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

void TestLedgerd::tokensAndRoles()
{
    TempStore t;
    openAccounts(t);
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const auto add = [&](const QString &name, const QString &role) {
        QProcess p;
        p.start(QStringLiteral(LEDGERD_PATH),
                {QStringLiteral("token"), QStringLiteral("add"), name, role, QStringLiteral("--tokens"), tokens});
        p.waitForFinished(10'000);
        return std::pair{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()).trimmed()};
    };
    const auto [readStatus, reader] = add(QStringLiteral("dashboard"), QStringLiteral("read"));
    const auto [payStatus, payer] = add(QStringLiteral("billing"), QStringLiteral("transfer"));
    QCOMPARE(readStatus, 0);
    QCOMPARE(payStatus, 0);
    QVERIFY(reader.startsWith(QLatin1String("ldk_")) && !reader.contains(QLatin1Char('\n'))); // the token, and nothing else
    QCOMPARE(add(QStringLiteral("billing"), QStringLiteral("read")).first, 2);                // a name is used once
    QCOMPARE(QFile(tokens).permissions() & (QFileDevice::ReadGroup | QFileDevice::ReadOther), QFileDevice::Permissions());
    QFile file(tokens);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(!file.readAll().contains(reader.toUtf8())); // only its hash is kept

    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
               tokens});
    QVERIFY(!d.url.isEmpty());
    const QByteArray transfer = R"({"source":"acme","destination":"bob","amount":"1"})";
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), transfer).status, 401);
    QCOMPARE(
        curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/balances"), {}, {QStringLiteral("Authorization: Bearer ldk_wrong")}).status,
        401);
    QCOMPARE(
        curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/balances"), {}, {QStringLiteral("Authorization: Bearer ") + reader}).status,
        200);
    const Http forbidden = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), transfer,
                                {QStringLiteral("Authorization: Bearer ") + reader});
    QCOMPARE(forbidden.status, 403);
    QCOMPARE(forbidden.body.value(QStringLiteral("code")).toString(), QStringLiteral("forbidden"));
    const Http paid =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), transfer, {QStringLiteral("Authorization: Bearer ") + payer});
    QCOMPARE(paid.status, 201);
    // Journaled under the token's name.
    const Http shown =
        curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/transactions/") + paid.body.value(QStringLiteral("id")).toString(), {},
             {QStringLiteral("Authorization: Bearer ") + reader});
    QCOMPARE(shown.body.value(QStringLiteral("journal")).toArray().first().toObject().value(QStringLiteral("actor")).toString(),
             QStringLiteral("billing"));
    // An operator's action needs the operator role.
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/accounts/bob/freeze"), "{}",
                  {QStringLiteral("Authorization: Bearer ") + payer})
                 .status,
             403);
    // /healthz needs no token.
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/healthz")).status, 200);
    // The feed's WebSocket upgrade asks for a token like any route: without one it is answered 401
    // and never switches; with a reader's it opens.
    const QString ws = QString(d.url).replace(QLatin1String("http://"), QLatin1String("ws://")) + QStringLiteral("/v1/feed?since=0");
    QWebSocket anonymous;
    QStringList leaked;
    connect(&anonymous, &QWebSocket::textMessageReceived, this, [&](const QString &m) { leaked << m; });
    anonymous.open(QUrl(ws));
    QTest::qWait(1500);
    QVERIFY(anonymous.state() != QAbstractSocket::ConnectedState);
    QVERIFY(leaked.isEmpty());
    QWebSocket dashboard;
    QStringList events;
    connect(&dashboard, &QWebSocket::textMessageReceived, this, [&](const QString &m) { events << m; });
    QNetworkRequest withToken{QUrl(ws)};
    withToken.setRawHeader("Authorization", "Bearer " + reader.toUtf8());
    dashboard.open(withToken);
    QTRY_VERIFY_WITH_TIMEOUT(!events.isEmpty(), 10'000);
    // A token revoked (or added) takes effect on the running server within a second or two.
    QProcess revoke;
    revoke.start(QStringLiteral(LEDGERD_PATH),
                 {QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("billing"), QStringLiteral("--tokens"), tokens});
    QVERIFY(revoke.waitForFinished(10'000));
    QCOMPARE(revoke.exitCode(), 0);
    QTRY_COMPARE_WITH_TIMEOUT(
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), transfer, {QStringLiteral("Authorization: Bearer ") + payer})
            .status,
        401, 10'000);
    QCOMPARE(
        curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/balances"), {}, {QStringLiteral("Authorization: Bearer ") + reader}).status,
        200);
    revoke.start(QStringLiteral(LEDGERD_PATH),
                 {QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("billing"), QStringLiteral("--tokens"), tokens});
    QVERIFY(revoke.waitForFinished(10'000));
    QCOMPARE(revoke.exitCode(), 1); // not-found: it is gone already

    // A tokens file others may read is refused, as ssh refuses such a key.
    QVERIFY(QFile(tokens).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther));
    QProcess refused;
    refused.start(QStringLiteral(LEDGERD_PATH), {QStringLiteral("--store"), t.path(), QStringLiteral("--listen"),
                                                 QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"), tokens});
    QVERIFY(refused.waitForFinished(10'000));
    QCOMPARE(refused.exitCode(), 2);
    QVERIFY2(refused.readAllStandardError().contains("may be read by others"), "no reason given");
}

void TestLedgerd::offLoopbackNeedsTlsAndTokens()
{
    TempStore t;
    QProcess p;
    p.start(QStringLiteral(LEDGERD_PATH), {QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0")});
    QVERIFY(p.waitForFinished(10'000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.startsWith(QLatin1String("error: invalid-argument: 0.0.0.0 is not a loopback address")), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("TLS")) && err.contains(QLatin1String("--tokens")), qPrintable(err));
}

void TestLedgerd::browsersCannotCallInWithoutTokens()
{
    // Without a tokens file every local program is the operator: a web page open in the
    // operator's browser must not be one. A cross-site form (not JSON), a request a browser
    // marks with Origin, and a name that is not loopback (DNS rebinding) are refused.
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")});
    QVERIFY(!d.url.isEmpty());
    const auto post = [&](const QStringList &headers) {
        QProcess p;
        QStringList args{QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"), QStringLiteral("-w"),
                         QStringLiteral("%{http_code}")};
        for (const QString &h : headers)
            args << QStringLiteral("-H") << h;
        args << QStringLiteral("--data") << QStringLiteral(R"({"source":"acme","destination":"bob","amount":"1"})")
             << d.url + QStringLiteral("/v1/transfers");
        p.start(QStringLiteral("curl"), args);
        p.waitForFinished(30'000);
        return p.readAllStandardOutput().toInt();
    };
    QCOMPARE(post({QStringLiteral("Content-Type: text/plain")}), 415);
    QCOMPARE(post({}), 415); // curl's form default
    QCOMPARE(post({QStringLiteral("Content-Type: application/json"), QStringLiteral("Origin: https://evil.example")}), 403);
    QCOMPARE(post({QStringLiteral("Content-Type: application/json"), QStringLiteral("Host: evil.example:80")}), 403);
    QCOMPARE(t.store().transactionCount({}).value(), qint64(2)); // the two openings only
    QCOMPARE(post({QStringLiteral("Content-Type: application/json"), QStringLiteral("Host: localhost")}), 201);
}

void TestLedgerd::helpAndManPageAgree()
{
    QProcess help;
    help.start(QStringLiteral(LEDGERD_PATH), {QStringLiteral("--help")});
    QVERIFY(help.waitForFinished(10'000));
    QCOMPARE(help.exitCode(), 0);
    const QString text = QString::fromUtf8(help.readAllStandardOutput());
    QFile man(QStringLiteral(LEDGER_SOURCE_DIR "/packaging/man/ledgerd.1"));
    QVERIFY(man.open(QIODevice::ReadOnly));
    const QString page = QString::fromUtf8(man.readAll())
                             .replace(QLatin1String("\\-"), QLatin1String("-"))
                             .remove(QLatin1String("\\fB"))
                             .remove(QLatin1String("\\fR"));
    static const QRegularExpression option(QStringLiteral("--[a-z][a-z-]+"));
    QStringList missing;
    for (auto it = option.globalMatch(text); it.hasNext();) {
        const QString name = it.next().captured();
        if (!page.contains(name) && !missing.contains(name))
            missing << name;
    }
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("ledgerd.1 lacks: ") + missing.join(QStringLiteral(", "))));
    for (const char *word : {"token add", "token revoke", "SIGTERM", "/v1/transfers", "/v1/feed", "ledgerd.conf"})
        QVERIFY2(page.contains(QLatin1String(word)), word);
}

void TestLedgerd::servesHttpsWithTokensOffLoopback()
{
    // A throwaway certificate for 127.0.0.1; with it and a tokens file ledgerd may listen on every
    // interface. curl trusts only that certificate; plain HTTP to the port gets nothing.
    QTemporaryDir dir;
    const QString cert = dir.filePath(QStringLiteral("server.crt"));
    const QString key = dir.filePath(QStringLiteral("server.key"));
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                   QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                   QStringLiteral("/CN=ledgerd test"), QStringLiteral("-addext"), QStringLiteral("subjectAltName=IP:127.0.0.1"),
                   QStringLiteral("-keyout"), key, QStringLiteral("-out"), cert});
    QVERIFY(openssl.waitForFinished(60'000));
    QCOMPARE(openssl.exitCode(), 0);
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    QProcess add;
    add.start(QStringLiteral(LEDGERD_PATH), {QStringLiteral("token"), QStringLiteral("add"), QStringLiteral("ops"),
                                             QStringLiteral("operator"), QStringLiteral("--tokens"), tokens});
    QVERIFY(add.waitForFinished(10'000));
    const QString token = QString::fromUtf8(add.readAllStandardOutput()).trimmed();
    TempStore t;
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("0.0.0.0:0"), QStringLiteral("--tls-cert"),
               cert, QStringLiteral("--tls-key"), key, QStringLiteral("--tokens"), tokens});
    QVERIFY2(d.url.startsWith(QLatin1String("https://0.0.0.0:")), qPrintable(d.url + d.errors()));
    const QString base = QStringLiteral("https://127.0.0.1:%1").arg(d.port());
    QProcess trusted;
    trusted.start(QStringLiteral("curl"),
                  {QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"), QStringLiteral("-w"),
                   QStringLiteral("%{http_code}"), QStringLiteral("--cacert"), cert, QStringLiteral("-H"),
                   QStringLiteral("Authorization: Bearer ") + token, QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                   QStringLiteral("Content-Type: application/json"), QStringLiteral("--data"),
                   QStringLiteral(R"({"source":"acme","destination":"bob","amount":"1"})"), base + QStringLiteral("/v1/transfers")});
    QVERIFY(trusted.waitForFinished(30'000));
    QCOMPARE(trusted.readAllStandardOutput(), QByteArray("201"));
    QProcess untrusted; // the system's CAs do not know this certificate
    untrusted.start(QStringLiteral("curl"),
                    {QStringLiteral("-s"), QStringLiteral("-o"), QStringLiteral("/dev/null"), base + QStringLiteral("/healthz")});
    QVERIFY(untrusted.waitForFinished(30'000));
    QCOMPARE(untrusted.exitCode(), 60); // curl: peer certificate cannot be authenticated
    const Http plain = curl(QStringLiteral("GET"), QStringLiteral("http://127.0.0.1:%1/healthz").arg(d.port()));
    QVERIFY(plain.status != 200);
}

void TestLedgerd::hostileClientsHoldNoWorker()
{
    TempStore t;
    openAccounts(t);
    // One worker thread: if a stalled client held it, nothing else would be answered.
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--threads"),
               QStringLiteral("1")});
    QVERIFY(!d.url.isEmpty());
    std::vector<std::unique_ptr<QTcpSocket>> stalled;
    for (int i = 0; i < 50; ++i) {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost(QStringLiteral("127.0.0.1"), d.port());
        QVERIFY(s->waitForConnected(5'000));
        // Half a head, or a body that never ends.
        s->write(i % 2 ? QByteArray("POST /v1/transfers HTTP/1.1\r\nHost: x\r\nContent-Le")
                       : QByteArray("POST /v1/transfers HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"sou"));
        s->flush();
        stalled.push_back(std::move(s));
    }
    QElapsedTimer timer;
    timer.start();
    const Http paid =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), R"({"source":"acme","destination":"bob","amount":"1"})");
    QCOMPARE(paid.status, 201);
    QVERIFY2(timer.elapsed() < 5'000, "a stalled client held up an ordinary request");
    // The stalled ones are cut after the request deadline (10 s).
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(stalled.begin(), stalled.end(), [](const auto &s) { return s->state() == QAbstractSocket::UnconnectedState; }), 20'000);
    const Http metrics = curl(QStringLiteral("GET"), d.url + QStringLiteral("/metrics"));
    QVERIFY2(metrics.raw.contains("ledgerd_requests_timed_out_total 50"), metrics.raw.constData());
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

void TestLedgerd::connectionLimit()
{
    TempStore t;
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
               QStringLiteral("--max-connections"), QStringLiteral("3")});
    QVERIFY(!d.url.isEmpty());
    std::vector<std::unique_ptr<QTcpSocket>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<QTcpSocket>());
        held.back()->connectToHost(QStringLiteral("127.0.0.1"), d.port());
        QVERIFY(held.back()->waitForConnected(5'000));
    }
    QTest::qWait(200); // accepted and counted
    // The fourth is accepted by the kernel and closed at once, unanswered.
    QTcpSocket fourth;
    fourth.connectToHost(QStringLiteral("127.0.0.1"), d.port());
    QVERIFY(fourth.waitForConnected(5'000));
    fourth.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(fourth.state(), QAbstractSocket::UnconnectedState, 5'000);
    QVERIFY(fourth.readAll().isEmpty());
    // Once one lets go, a new client is served, and the refusal was counted.
    held.front()->disconnectFromHost();
    held.erase(held.begin());
    QTest::qWait(200);
    const Http metrics = curl(QStringLiteral("GET"), d.url + QStringLiteral("/metrics"));
    QCOMPARE(metrics.status, 200);
    QVERIFY2(metrics.raw.contains("ledgerd_connections_refused_total 1"), metrics.raw.constData());
}

void TestLedgerd::storeBusyIs503WithRetryAfter()
{
    TempStore t;
    if (t.config().location.endsWith(QLatin1String(".json")) || !t.config().location.endsWith(QLatin1String(".db")))
        QSKIP("an SQLite file's lock is what this holds");
    openAccounts(t);
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0")},
              {QStringLiteral("LEDGERDESK_BUSY_TIMEOUT_MS=300")});
    QVERIFY(!d.url.isEmpty());
    ledger::test::RawSql holder(t.path());
    QVERIFY(holder.exec(QStringLiteral("BEGIN EXCLUSIVE")));
    QProcess client;
    client.start(QStringLiteral("curl"),
                 {QStringLiteral("-s"), QStringLiteral("-i"), QStringLiteral("-X"), QStringLiteral("POST"), QStringLiteral("-H"),
                  QStringLiteral("Content-Type: application/json"), QStringLiteral("--data"),
                  QStringLiteral(R"({"source":"acme","destination":"bob","amount":"1"})"), d.url + QStringLiteral("/v1/transfers")});
    QVERIFY(client.waitForFinished(30'000));
    const QString answer = QString::fromUtf8(client.readAllStandardOutput());
    QVERIFY(holder.exec(QStringLiteral("ROLLBACK")));
    QVERIFY2(answer.startsWith(QLatin1String("HTTP/1.1 503")), qPrintable(answer));
    QVERIFY2(answer.contains(QLatin1String("Retry-After: 1")), qPrintable(answer));
    QVERIFY2(answer.contains(QLatin1String("\"code\":\"store-busy\"")), qPrintable(answer));
    // Once the lock is gone, the same request goes through.
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), R"({"source":"acme","destination":"bob","amount":"1"})")
                 .status,
             201);
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
    QTest::qWait(700);
    QCOMPARE(client.state(), QProcess::Running); // still waiting for its answer
    QCOMPARE(d.stop(), 0);
    QVERIFY(client.state() == QProcess::NotRunning || client.waitForFinished(15'000));
    QCOMPARE(client.readAllStandardOutput(), QByteArray("201")); // answered before the exit
    QCOMPARE(t.store().transactionCount({}).value(), qint64(3)); // two openings and the transfer, done
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
    // A real OpenAPI validator (npm @apidevtools/swagger-parser, installed by install-deps into
    // tools/openapi) on the document ledgerd serves, then every answer the tests above got —
    // successes and problems — against its operation's response schema (ajv, JSON Schema 2020-12).
    const QString tools = QStringLiteral(LEDGER_SOURCE_DIR "/tools/openapi");
    QVERIFY2(QFileInfo::exists(tools + QStringLiteral("/node_modules/@apidevtools/swagger-parser")),
             "tools/openapi/node_modules is missing: run scripts/install-deps.sh (npm ci there)");
    g_responses = nullptr;
    m_responses.close();
    const QString document = QStringLiteral(LEDGER_SOURCE_DIR "/src/ledgerd/openapi.json");
    QProcess validate;
    validate.start(QStringLiteral("node"), {tools + QStringLiteral("/validate.mjs"), document});
    QVERIFY(validate.waitForFinished(60'000));
    QVERIFY2(validate.exitCode() == 0, validate.readAllStandardError().constData());
    // And the validator can say no: a document without its info's title and version.
    QFile broken(m_work.filePath(QStringLiteral("broken.json")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write(R"({"openapi":"3.1.0","info":{},"paths":{}})");
    broken.close();
    QProcess refuse;
    refuse.start(QStringLiteral("node"), {tools + QStringLiteral("/validate.mjs"), broken.fileName()});
    QVERIFY(refuse.waitForFinished(60'000));
    QCOMPARE(refuse.exitCode(), 1);
    QProcess check;
    check.start(QStringLiteral("node"), {tools + QStringLiteral("/check-responses.mjs"), document, m_responses.fileName()});
    QVERIFY(check.waitForFinished(60'000));
    const QByteArray out = check.readAllStandardOutput() + check.readAllStandardError();
    QVERIFY2(check.exitCode() == 0, out.constData());
    QVERIFY2(out.contains("responses checked") && !out.startsWith("0 responses"), out.constData());
    qInfo("%s", out.trimmed().constData());
}

QTEST_GUILESS_MAIN(TestLedgerd)
#include "tst_ledgerd.moc"
