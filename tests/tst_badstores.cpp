// Bad stores met by the real ledgerctl that the table of tst_cli (errorCodes) cannot set up in one
// step: a write-ahead log deleted after a kill, and hostile bytes that are not UTF-8 on the
// command line. Each is refused with its code, and the store is byte-for-byte unchanged.
// (The other bad stores — not a store, newer schema, truncated, overwritten, read-only file or
// directory, locked by another process, a full disk in the middle of a transfer — are rows of
// tst_cli::errorCodes and tst_sqlitestore.)
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QProcess>

using namespace ledger;
using namespace ledger::test;

namespace {

// Everything, -shm included: after a kill nothing may even open the store.
QByteArray filesOf(const QString &store)
{
    return storeFingerprint(store, {QString(), QStringLiteral("-wal"), QStringLiteral("-shm"), QStringLiteral("-journal")});
}

QProcessEnvironment envFor(const QString &store) { return storeEnvironment(store, {QStringLiteral("LEDGERDESK_OPERATOR=tester")}); }

#define CTL_EXPECT(result, store, status, ...) \
    const ProcessResult result = runLedgerctl(QStringList __VA_ARGS__, envFor(store)); \
    QVERIFY2( \
        result.exitCode == (status), \
        qPrintable( \
            QStringLiteral("exit %1, expected %2\nstdout: %3\nstderr: %4").arg(result.exitCode).arg(status).arg(result.out, result.err)))

} // namespace

class TestBadStores : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void deletedWalAfterAKill();
    void nonUtf8Arguments_data();
    void nonUtf8Arguments();
};

void TestBadStores::deletedWalAfterAKill()
{
    QTemporaryDir dir;
    const QString s = dir.filePath(QStringLiteral("ledger.db"));
    CTL_EXPECT(init, s, 0, {"init"});
    CTL_EXPECT(alice, s, 0, {"account", "create", "alice", "--opening", "100"});
    CTL_EXPECT(bob, s, 0, {"account", "create", "bob"});
    CTL_EXPECT(paid, s, 0, {"transfer", "alice", "bob", "7.00", "--key", "told-done"});
    // Killed half-way: no clean close, so the log is not checkpointed into the main file.
    CTL_EXPECT(crash, s, kCrashExitStatus, {"--crash-after", "hold-credit", "transfer", "alice", "bob", "5.00"});
    QVERIFY(QFile::exists(s + QStringLiteral("-wal")));
    QVERIFY(QFile::exists(s + QStringLiteral("-shm")));

    // Someone deletes the log. Opening would silently forget the writes it held (the transfer
    // its client was told is done among them): refused, and nothing is touched.
    const QString saved = dir.filePath(QStringLiteral("saved-wal"));
    QVERIFY(QFile::rename(s + QStringLiteral("-wal"), saved));
    const QByteArray before = filesOf(s);
    for (const QStringList &args : {QStringList{"audit"}, QStringList{"list"}, QStringList{"transfer", "alice", "bob", "1.00"},
                                    QStringList{"recover", "--older-than", "0s"}}) {
        const ProcessResult r = runLedgerctl(args, envFor(s));
        QVERIFY2(r.exitCode == 3, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": exit %1: %2").arg(r.exitCode).arg(r.err)));
        QVERIFY2(r.err.startsWith(QStringLiteral("error: store-corrupt: the write-ahead log of ")), qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("Put the -wal file back")), qPrintable(r.err));
    }
    QCOMPARE(filesOf(s), before);

    // Put back, the store is whole: the done transfer is there, recovery finishes the other one.
    QVERIFY(QFile::rename(saved, s + QStringLiteral("-wal")));
    CTL_EXPECT(recover, s, 0, {"recover", "--older-than", "0s"});
    CTL_EXPECT(audit, s, 0, {"audit"});
    CTL_EXPECT(shown, s, 0, {"account", "show", "bob", "--json"});
    QVERIFY2(shown.out.contains(QStringLiteral("\"balance\": \"12.00\"")), qPrintable(shown.out));
}

void TestBadStores::nonUtf8Arguments_data()
{
    // Arguments as raw bytes (a shell passes them on untouched): invalid UTF-8 in every kind of
    // field. Each is bad input: exit 2, its code, and the store unchanged.
    QTest::addColumn<QByteArrayList>("args");
    QTest::addColumn<QString>("code");
    QTest::newRow("source account") << QByteArrayList{"transfer", "al\xffice", "bob", "1.00"} << "invalid-account-id";
    QTest::newRow("destination account") << QByteArrayList{"transfer", "alice", "\xc3\x28", "1.00"} << "invalid-account-id";
    QTest::newRow("amount") << QByteArrayList{"transfer", "alice", "bob", "1\xfe"} << "invalid-amount";
    QTest::newRow("idempotency key") << QByteArrayList{"transfer", "alice", "bob", "1.00", "--key", "k\x80"} << "invalid-key";
    QTest::newRow("memo") << QByteArrayList{"transfer", "alice", "bob", "1.00", "--memo", "rent \xed\xa0\x80"} << "invalid-text";
    QTest::newRow("new account id") << QByteArrayList{"account", "create", "\xf0\x28\x8c\x28"} << "invalid-account-id";
    QTest::newRow("account name") << QByteArrayList{"account", "create", "erin", "--name", "Er\xffin"} << "invalid-text";
    QTest::newRow("transaction id") << QByteArrayList{"cancel", "tx-\xff"} << "invalid-tx-id";
    QTest::newRow("reason") << QByteArrayList{"resume", "tx-1", "--reason", "\xc0\xaf"} << "invalid-text";
    QTest::newRow("state") << QByteArrayList{"list", "--state", "d\xf6ne"} << "unknown-state";
    QTest::newRow("duration") << QByteArrayList{"recover", "--older-than", "5\xb5s"} << "invalid-duration";
    QTest::newRow("command") << QByteArrayList{"tr\xe4nsfer"} << "unknown-command";
    QTest::newRow("flag") << QByteArrayList{"list", "--j\xa7son"} << "unknown-option";
}

void TestBadStores::nonUtf8Arguments()
{
    QFETCH(QByteArrayList, args);
    QFETCH(QString, code);
    QTemporaryDir dir;
    const QString s = dir.filePath(QStringLiteral("ledger.db"));
    CTL_EXPECT(init, s, 0, {"init"});
    CTL_EXPECT(alice, s, 0, {"account", "create", "alice", "--opening", "100"});
    CTL_EXPECT(bob, s, 0, {"account", "create", "bob"});
    const QByteArray before = filesOf(s);

    // QProcess would encode the arguments as UTF-8; /bin/sh hands the bytes over as they are.
    QStringList script{QStringLiteral("exec \"$LEDGERCTL\"")};
    QProcess p;
    QProcessEnvironment env = envFor(s);
    env.insert(QStringLiteral("LEDGERCTL"), QStringLiteral(LEDGERCTL_PATH));
    p.setProcessEnvironment(env);
    for (const QByteArray &arg : args) {
        QString octal; // every byte but letters and digits as a printf octal escape
        for (char c : arg) {
            const uchar b = uchar(c);
            octal += (b < 0x80 && QChar(b).isLetterOrNumber()) ? QString(QChar(b)) : QStringLiteral("\\%1").arg(b, 3, 8, QLatin1Char('0'));
        }
        script << QStringLiteral("\"$(printf '%1')\"").arg(octal);
    }
    p.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script.join(QLatin1Char(' '))});
    QVERIFY(p.waitForFinished(30'000));
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 2, qPrintable(QStringLiteral("exit %1: %2").arg(p.exitCode()).arg(err)));
    QVERIFY2(err.startsWith(QStringLiteral("error: %1: ").arg(code)), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1); // one line
    QCOMPARE(filesOf(s), before);
}

QTEST_GUILESS_MAIN(TestBadStores)
#include "tst_badstores.moc"
