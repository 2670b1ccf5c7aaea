// tst_ledgerdaccess: who may call ledgerd, and what a hostile client can do to it — tokens and
// roles (revoked on a running server), the loopback rule, HTTPS, browsers without tokens, stalled
// clients against one worker, the connection limit, the store busy (503), the man page.
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

class TestLedgerdAccess : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void tokensAndRoles();
    void mintingNeedsTheOperatorRole();
    void offLoopbackNeedsTlsAndTokens();
    void browsersCannotCallInWithoutTokens();
    void helpAndManPageAgree();
    void servesHttpsWithTokensOffLoopback();
    void aTlsKeyOthersMayReadIsRefused();
    void hostileClientsHoldNoWorker();
    void connectionLimit();
    void storeBusyIs503WithRetryAfter();
    void everyAnswerMatchesTheOpenApiDocument(); // last: it checks what the others were answered

private:
    void openAccounts(TempStore &t);
    QTemporaryDir m_work;
    QFile m_responses;
};

void TestLedgerdAccess::initTestCase()
{
    m_responses.setFileName(m_work.filePath(QStringLiteral("responses.jsonl")));
    QVERIFY(m_responses.open(QIODevice::WriteOnly));
    logAnswersTo(&m_responses);
}

void TestLedgerdAccess::openAccounts(TempStore &t)
{
    ledger::test::openAccounts(t.store(), {QStringLiteral("acme"), QStringLiteral("bob")}, 100000);
}

void TestLedgerdAccess::tokensAndRoles()
{
    TempStore t;
    openAccounts(t);
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const auto add = [&](const QString &name, const QString &role) {
        const AddedToken added = addToken(tokens, name, role);
        return std::pair{added.exitCode, added.token};
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
    QTRY_VERIFY_WITH_TIMEOUT(anonymous.state() == QAbstractSocket::UnconnectedState, 60'000); // refused, not opened
    QVERIFY(leaked.isEmpty());
    QWebSocket dashboard;
    QStringList events;
    connect(&dashboard, &QWebSocket::textMessageReceived, this, [&](const QString &m) { events << m; });
    QNetworkRequest withToken{QUrl(ws)};
    withToken.setRawHeader("Authorization", "Bearer " + reader.toUtf8());
    dashboard.open(withToken);
    QTRY_VERIFY_WITH_TIMEOUT(!events.isEmpty(), 10'000);
    QWebSocket billingFeed;
    QNetworkRequest withBilling{QUrl(ws)};
    withBilling.setRawHeader("Authorization", "Bearer " + payer.toUtf8());
    billingFeed.open(withBilling);
    QTRY_COMPARE_WITH_TIMEOUT(billingFeed.state(), QAbstractSocket::ConnectedState, 10'000);
    QProcess billingStream; // the same as NDJSON (curl, following)
    billingStream.start(QStringLiteral("curl"),
                        {QStringLiteral("-sN"), QStringLiteral("-H"), QStringLiteral("Authorization: Bearer ") + payer,
                         d.url + QStringLiteral("/v1/feed?since=0")});
    QByteArray streamed;
    QTRY_VERIFY_WITH_TIMEOUT((streamed += billingStream.readAllStandardOutput()).contains('\n'), 10'000);
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
    // Its feed, open since before, is closed by the server (a revoked token reads nothing more);
    // the reader's stays.
    QTRY_COMPARE_WITH_TIMEOUT(billingFeed.state(), QAbstractSocket::UnconnectedState, 10'000);
    QCOMPARE(billingFeed.closeCode(), QWebSocketProtocol::CloseCodePolicyViolated);
    QTRY_COMPARE_WITH_TIMEOUT(billingStream.state(), QProcess::NotRunning, 10'000); // cut
    QCOMPARE(dashboard.state(), QAbstractSocket::ConnectedState);
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

void TestLedgerdAccess::mintingNeedsTheOperatorRole()
{
    // A billing client's transfer token must not create money: a debit of @world (openings,
    // top-ups) is an operator's act, in both forms of a transfer; paying out to @world is not.
    TempStore t;
    openAccounts(t);
    QTemporaryDir dir;
    const QString tokens = dir.filePath(QStringLiteral("tokens"));
    const auto add = [&](const QString &name, const QString &role) {
        return QStringLiteral("Authorization: Bearer ") + addToken(tokens, name, role).token;
    };
    const QString billing = add(QStringLiteral("billing"), QStringLiteral("transfer"));
    const QString treasury = add(QStringLiteral("treasury"), QStringLiteral("operator"));
    Ledgerd d({QStringLiteral("--store"), t.path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"),
               tokens});
    QVERIFY(!d.url.isEmpty());
    const QString transfers = d.url + QStringLiteral("/v1/transfers");
    const qint64 before = t.store().transactionCount({}).value();

    const QByteArray mint = R"({"source":"@world","destination":"bob","amount":"1000000"})";
    const QByteArray mintByLegs =
        R"({"legs":[{"account":"@world","side":"debit","amount":"500"},{"account":"bob","side":"credit","amount":"500"}]})";
    for (const QByteArray &body : {mint, mintByLegs}) {
        const Http refused = curl(QStringLiteral("POST"), transfers, body, {billing});
        QCOMPARE(refused.status, 403);
        QCOMPARE(refused.body.value(QStringLiteral("code")).toString(), QStringLiteral("forbidden"));
        QCOMPARE(refused.body.value(QStringLiteral("detail")).toString(),
                 QStringLiteral("billing (role transfer) may not move money from @world: money enters the ledger (openings, top-ups) "
                                "only by the role operator; transfers to @world are allowed"));
    }
    // The same with a key, as a client that retries would send it: refused the same, nothing kept.
    QCOMPARE(curl(QStringLiteral("POST"), transfers, mint, {billing, QStringLiteral("Idempotency-Key: mint-1")}).status, 403);
    QCOMPARE(t.store().transactionCount({}).value(), before); // nothing written
    QCOMPARE(t.store().account(QStringLiteral("bob")).value().balance, qint64(100000));

    // Paying out to @world is an ordinary transfer.
    QCOMPARE(curl(QStringLiteral("POST"), transfers, R"({"source":"bob","destination":"@world","amount":"1"})", {billing}).status, 201);
    QCOMPARE(curl(QStringLiteral("POST"), transfers,
                  R"({"legs":[{"account":"bob","side":"debit","amount":"2"},{"account":"@world","side":"credit","amount":"2"}]})",
                  {billing})
                 .status,
             201);
    // The operator may mint, in both forms; the key the transfer token was refused for is free.
    QCOMPARE(curl(QStringLiteral("POST"), transfers, mint, {treasury, QStringLiteral("Idempotency-Key: mint-1")}).status, 201);
    QCOMPARE(curl(QStringLiteral("POST"), transfers, mintByLegs, {treasury}).status, 201);
    QCOMPARE(t.store().transactionCount({}).value(), before + 4);
    QCOMPARE(t.store().account(QStringLiteral("bob")).value().balance, qint64(100000 - 100 - 200 + 100000000 + 50000));
}

void TestLedgerdAccess::offLoopbackNeedsTlsAndTokens()
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

void TestLedgerdAccess::browsersCannotCallInWithoutTokens()
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

void TestLedgerdAccess::helpAndManPageAgree()
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

void TestLedgerdAccess::servesHttpsWithTokensOffLoopback()
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
    const AddedToken added = addToken(tokens, QStringLiteral("ops"), QStringLiteral("operator"));
    QCOMPARE(added.exitCode, 0);
    const QString token = added.token;
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

void TestLedgerdAccess::aTlsKeyOthersMayReadIsRefused()
{
    // As a tokens file others may read is refused (tokensAndRoles), so is a private key: either
    // lets whoever reads it be the server. Same check, same code word, same exit status.
    QTemporaryDir dir;
    const QString cert = dir.filePath(QStringLiteral("server.crt"));
    const QString key = dir.filePath(QStringLiteral("server.key"));
    QProcess openssl;
    openssl.start(QStringLiteral("openssl"),
                  {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                   QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                   QStringLiteral("/CN=ledgerd test"), QStringLiteral("-keyout"), key, QStringLiteral("-out"), cert});
    QVERIFY(openssl.waitForFinished(60'000));
    QCOMPARE(openssl.exitCode(), 0);
    TempStore t;
    const QStringList args{QStringLiteral("--store"),    t.path(), QStringLiteral("--listen"),  QStringLiteral("127.0.0.1:0"),
                           QStringLiteral("--tls-cert"), cert,     QStringLiteral("--tls-key"), key};
    for (const auto &[mode, shown] :
         {std::pair{QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther, "644"},
          std::pair{QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup, "640"}}) {
        QVERIFY(QFile(key).setPermissions(mode));
        QProcess refused;
        refused.start(QStringLiteral(LEDGERD_PATH), args);
        QVERIFY(refused.waitForFinished(10'000));
        QCOMPARE(refused.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(refused.readAllStandardError()),
                 QStringLiteral("error: invalid-argument: --tls-key %1 may be read by others (mode %2); make it private: chmod 600 %1\n")
                     .arg(key, QLatin1String(shown)));
    }
    // Made private, the same command line serves HTTPS.
    QVERIFY(QFile(key).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    Ledgerd d(args);
    QVERIFY2(d.url.startsWith(QLatin1String("https://127.0.0.1:")), qPrintable(d.url + d.errors()));
}

void TestLedgerdAccess::hostileClientsHoldNoWorker()
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
    const Http paid =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), R"({"source":"acme","destination":"bob","amount":"1"})");
    QCOMPARE(paid.status, 201);
    // Answered while the stalled ones still hang, none cut yet: a request they held up would wait
    // for the cut. (The 10 s deadline against an ordinary request's milliseconds, on loopback.)
    const Http during = curl(QStringLiteral("GET"), d.url + QStringLiteral("/metrics"));
    QVERIFY2(during.raw.contains("ledgerd_requests_timed_out_total 0\n"), during.raw.constData());
    // The stalled ones are cut after the request deadline (10 s).
    QTRY_VERIFY_WITH_TIMEOUT(
        std::all_of(stalled.begin(), stalled.end(), [](const auto &s) { return s->state() == QAbstractSocket::UnconnectedState; }), 20'000);
    const Http metrics = curl(QStringLiteral("GET"), d.url + QStringLiteral("/metrics"));
    QVERIFY2(metrics.raw.contains("ledgerd_requests_timed_out_total 50"), metrics.raw.constData());
}

void TestLedgerdAccess::connectionLimit()
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
    QVERIFY2(metrics.raw.contains("ledgerd_connections_refused_total{why=\"limit\"} 1\n"), metrics.raw.constData());
}

void TestLedgerdAccess::storeBusyIs503WithRetryAfter()
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

void TestLedgerdAccess::everyAnswerMatchesTheOpenApiDocument()
{
    logAnswersTo(nullptr);
    m_responses.close();
    const QString problem = checkAnswersAgainstOpenApi(m_responses.fileName());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestLedgerdAccess)
#include "tst_ledgerdaccess.moc"
