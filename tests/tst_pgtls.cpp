// Real TLS to PostgreSQL: a throwaway CA signs a certificate for "localhost", a server of its own
// (scripts/pg-cluster.sh --tls) takes TCP connections only over TLS, and a store is used with
// sslmode=verify-full — by ledgerctl, by the store's own connection (the session shows up in
// pg_stat_ssl) and by the change listener (its non-blocking connect does the handshake too). A
// name that does not match the certificate, a certificate of another CA and a client that does
// not ask for TLS are each refused, with libpq's reason and nothing written.
#include "store/postgres/pgconnection.h"
#include "store/postgres/pglistener.h"
#include "testsupport.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>

using namespace ledger;
using namespace ledger::test;

class TestPgTls : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void verifiedStoreWorks();
    void refused_data();
    void refused();

private:
    QString location(const QString &host, const QString &rootCert, const QString &db,
                     const QString &mode = QStringLiteral("verify-full")) const;
    QTemporaryDir m_dir;
    QString m_cluster;
    quint16 m_port = 0;
    bool m_started = false;
};

namespace {

bool run(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    if (!p.waitForFinished(120'000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning().noquote() << program << args.join(QLatin1Char(' ')) << "failed:" << p.readAll();
        return false;
    }
    return true;
}

// A CA (its certificate `name`.crt) and, when `serverName` is set, a server key and certificate
// it signs for that DNS name.
bool makeCa(const QString &dir, const QString &name)
{
    return run(QStringLiteral("openssl"), {QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-new"), QStringLiteral("-nodes"),
                                           QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-days"),
                                           QStringLiteral("2"), QStringLiteral("-subj"), QStringLiteral("/CN=LedgerDesk test CA ") + name,
                                           QStringLiteral("-keyout"), dir + QLatin1Char('/') + name + QStringLiteral(".key"),
                                           QStringLiteral("-out"), dir + QLatin1Char('/') + name + QStringLiteral(".crt")});
}

bool makeServerCertificate(const QString &dir, const QString &ca, const QString &dnsName)
{
    QFile ext(dir + QStringLiteral("/server.ext"));
    if (!ext.open(QIODevice::WriteOnly))
        return false;
    ext.write("subjectAltName=DNS:" + dnsName.toUtf8() + "\n");
    ext.close();
    return run(QStringLiteral("openssl"),
               {QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-nodes"), QStringLiteral("-newkey"),
                QStringLiteral("rsa:2048"), QStringLiteral("-subj"), QStringLiteral("/CN=") + dnsName, QStringLiteral("-keyout"),
                dir + QStringLiteral("/server.key"), QStringLiteral("-out"), dir + QStringLiteral("/server.csr")})
        && run(QStringLiteral("openssl"),
               {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), dir + QStringLiteral("/server.csr"),
                QStringLiteral("-CA"), dir + QLatin1Char('/') + ca + QStringLiteral(".crt"), QStringLiteral("-CAkey"),
                dir + QLatin1Char('/') + ca + QStringLiteral(".key"), QStringLiteral("-CAcreateserial"), QStringLiteral("-days"),
                QStringLiteral("2"), QStringLiteral("-extfile"), ext.fileName(), QStringLiteral("-out"),
                dir + QStringLiteral("/server.crt")});
}

quint16 freePort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

} // namespace

void TestPgTls::initTestCase()
{
    if (QStandardPaths::findExecutable(QStringLiteral("openssl")).isEmpty())
        QSKIP("openssl is not installed");
    QVERIFY(m_dir.isValid());
    openToServerUser(m_dir.path());
    QVERIFY(makeCa(m_dir.path(), QStringLiteral("ca")));
    QVERIFY(makeCa(m_dir.path(), QStringLiteral("other-ca")));
    QVERIFY(makeServerCertificate(m_dir.path(), QStringLiteral("ca"), QStringLiteral("localhost")));
    m_cluster = m_dir.filePath(QStringLiteral("cluster"));
    m_port = freePort();
    QVERIFY(m_port > 0);
    QVERIFY(runPgCluster(
        {QStringLiteral("start"), m_cluster, QStringLiteral("--port"), QString::number(m_port), QStringLiteral("--tls"), m_dir.path()}));
    m_started = true;
}

void TestPgTls::cleanupTestCase()
{
    if (m_started)
        runPgCluster({QStringLiteral("stop"), m_cluster});
}

QString TestPgTls::location(const QString &host, const QString &rootCert, const QString &db, const QString &mode) const
{
    return QStringLiteral("host=%1 port=%2 user=ledger dbname=%3 sslmode=%4 sslrootcert=%5 connect_timeout=10")
        .arg(host)
        .arg(m_port)
        .arg(db, mode, m_dir.filePath(rootCert));
}

void TestPgTls::verifiedStoreWorks()
{
    const QString store = location(QStringLiteral("localhost"), QStringLiteral("ca.crt"), QStringLiteral("tlsledger"));
    QTemporaryDir home;
    const QProcessEnvironment env = ledgerctlEnvironment(home.path(), store, QStringLiteral("tester"));
    const auto ctl = [&](const QStringList &args) { return runLedgerctl(args, env); };
    ProcessResult r = ctl({QStringLiteral("init")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    for (const char *id : {"alice", "bob"})
        QCOMPARE(ctl({QStringLiteral("account"), QStringLiteral("create"), QLatin1String(id)}).exitCode, 0);

    // The listener's non-blocking connect does the handshake and hears a transfer.
    PgListener listener(store);
    QSignalSpy ready(&listener, &PgListener::listening);
    QSignalSpy lost(&listener, &PgListener::lost);
    QSignalSpy heard(&listener, &PgListener::notified);
    listener.start();
    QTRY_VERIFY2_WITH_TIMEOUT(ready.count() > 0, qPrintable(lost.isEmpty() ? QString() : lost.first().at(0).toString()), 15'000);
    r = ctl({QStringLiteral("transfer"), QStringLiteral("@world"), QStringLiteral("alice"), QStringLiteral("10.00")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    QTRY_VERIFY_WITH_TIMEOUT(heard.count() > 0, 5000);
    QCOMPARE(ctl({QStringLiteral("audit")}).exitCode, 0);

    // The store's own session is encrypted (the server says so, not the client).
    auto conn = PgConnection::open(store, PgConnection::Mode::OpenExisting, PgOptions{});
    QVERIFY2(conn.ok(), qPrintable(conn.ok() ? QString() : conn.error().message));
    auto rows = (*conn)->runDynamic(QStringLiteral("SELECT ssl, version FROM pg_stat_ssl WHERE pid = pg_backend_pid()"));
    QVERIFY(rows.ok());
    QCOMPARE(rows->size(), 1);
    QVERIFY(rows->flag(0, 0));
    QVERIFY2(rows->text(0, 1).startsWith(QLatin1String("TLS")), qPrintable(rows->text(0, 1)));
}

void TestPgTls::refused_data()
{
    QTest::addColumn<QString>("host");
    QTest::addColumn<QString>("rootCert");
    QTest::addColumn<QString>("mode");
    QTest::addColumn<QString>("because");
    // The certificate names localhost; 127.0.0.1 is the same server under a name it does not carry.
    // clang-format off
    QTest::newRow("name does not match") << "127.0.0.1" << "ca.crt" << "verify-full" << "does not match host name";
    QTest::newRow("another CA") << "localhost" << "other-ca.crt" << "verify-full" << "certificate verify failed";
    QTest::newRow("no TLS asked for") << "localhost" << "ca.crt" << "disable" << "no encryption";
    // clang-format on
}

void TestPgTls::refused()
{
    QFETCH(QString, host);
    QFETCH(QString, rootCert);
    QFETCH(QString, mode);
    QFETCH(QString, because);
    const QString db = QStringLiteral("refused_%1").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_'));
    QTemporaryDir home;
    const ProcessResult r = runLedgerctl({QStringLiteral("init")},
                                         ledgerctlEnvironment(home.path(), location(host, rootCert, db, mode), QStringLiteral("tester")));
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.contains(QLatin1String("store-unavailable")) && r.err.contains(because), qPrintable(r.err));
    // Nothing was made: the database does not exist (asked over the socket, which needs no TLS).
    auto conn =
        PgConnection::open(QStringLiteral("host=%1 port=%2 user=ledger dbname=postgres").arg(pgClusterSocketDir(m_cluster)).arg(m_port),
                           PgConnection::Mode::Raw, PgOptions{});
    QVERIFY(conn.ok());
    auto rows = (*conn)->runDynamic(QStringLiteral("SELECT count(*) FROM pg_database WHERE datname = $1"), PgParams{db});
    QVERIFY(rows.ok());
    QCOMPARE(rows->int64(0, 0), 0);
}

QTEST_GUILESS_MAIN(TestPgTls)
#include "tst_pgtls.moc"
