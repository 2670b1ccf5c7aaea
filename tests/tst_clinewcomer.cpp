// tst_clinewcomer: ledgerctl as a newcomer meets it — a slip in a command, an option, an id's
// letter case, a location of a kind it does not know, a request half of which it cannot do — on
// the real binary. Each gets a clear error that says what was meant, and nothing is written.
#include "testsupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using ledger::test::ProcessResult;

class TestCliNewcomer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void didYouMean_data();
    void didYouMean();
    void anUnknownSchemeCreatesNothing_data();
    void anUnknownSchemeCreatesNothing();
    void errorsNeedsNoStore();
    void idsInAnotherCase_data();
    void idsInAnotherCase();
    void anOpeningThatCannotBePaidCreatesNothing();

private:
    QProcessEnvironment environment(const QString &store) const
    {
        return ledger::test::ledgerctlEnvironment(m_home.path(), store, QStringLiteral("newcomer"),
                                                  QStringList{QStringLiteral("LC_ALL=C.UTF-8")});
    }
    ProcessResult ctl(const QString &store, const QStringList &args) const { return ledger::test::runLedgerctl(args, environment(store)); }
    // Runs ledgerctl on `store` and fails the test unless it exits 0.
    void ok(const QString &store, const QStringList &args, QString *out = nullptr)
    {
        const ProcessResult r = ctl(store, args);
        QVERIFY2(r.exitCode == 0, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + r.err));
        if (out)
            *out = r.out.trimmed();
    }

    QTemporaryDir m_home;
    QTemporaryDir m_work;
};

void TestCliNewcomer::anUnknownSchemeCreatesNothing_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("variable"); // the location given by LEDGERDESK_STORE instead of --store
    QTest::newRow("init https") << QStringList{"--store", "https://example/x.db", "init"} << QString();
    QTest::newRow("demo cassandra") << QStringList{"--store", "cassandra://h/ledger", "demo"} << QString();
    QTest::newRow("accounts mongodb") << QStringList{"--store", "mongodb://host/ledger", "accounts"} << QString();
    QTest::newRow("init from the environment") << QStringList{"init"} << QStringLiteral("mysql://h/ledger");
    // Every command that reaches a store.
    for (const char *command : {"balances", "list", "audit", "recover", "feed", "actions", "accounts"})
        QTest::newRow(command) << QStringList{"--store", "https://example/x.db", command} << QString();
    QTest::newRow("transfer") << QStringList{"--store", "s3://bucket/x.db", "transfer", "alice", "bob", "1"} << QString();
    QTest::newRow("account create") << QStringList{"--store", "sqlite://x.db", "account", "create", "zed"} << QString();
    QTest::newRow("bench") << QStringList{"--store", "https://example/x.db", "bench", "raw", "--raw-commits", "10"} << QString();
}

void TestCliNewcomer::anUnknownSchemeCreatesNothing()
{
    // Once, `--store https://example/x.db init` made the folders ./https:/example/ and an SQLite
    // store in them. Refused with invalid-location (exit 2), the known schemes named, nothing made.
    QFETCH(QStringList, args);
    QFETCH(QString, variable);
    QTemporaryDir cwd;
    QProcess process;
    QProcessEnvironment env = environment(m_work.filePath(QStringLiteral("unused.db")));
    if (!variable.isEmpty())
        env.insert(QStringLiteral("LEDGERDESK_STORE"), variable);
    else
        env.remove(QStringLiteral("LEDGERDESK_STORE"));
    process.setProcessEnvironment(env);
    process.setWorkingDirectory(cwd.path());
    process.start(QStringLiteral(LEDGERCTL_PATH), args);
    QVERIFY(process.waitForFinished(30'000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    QCOMPARE(process.exitCode(), 2);
    QVERIFY2(err.contains(QLatin1String("error: invalid-location: ")), qPrintable(err));
    QVERIFY2(err.contains(QLatin1String("postgresql://")), qPrintable(err)); // what is known
    QVERIFY2(QDir(cwd.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).isEmpty(), "something was created");
    QVERIFY(!QFileInfo::exists(m_work.filePath(QStringLiteral("unused.db"))));
}

void TestCliNewcomer::didYouMean_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("suggests"); // "" = no suggestion
    QTest::newRow("two letters swapped") << QStringList{"tranfser", "alice", "bob", "1"} << "unknown-command"
                                         << "transfer";
    QTest::newRow("a letter missed") << QStringList{"lst"} << "unknown-command"
                                     << "list";
    QTest::newRow("capitals") << QStringList{"Audit"} << "unknown-command"
                              << "audit";
    QTest::newRow("a subcommand") << QStringList{"account", "crate", "zed"} << "unknown-command"
                                  << "account create";
    QTest::newRow("help of a slip") << QStringList{"help", "recovr"} << "unknown-command"
                                    << "recover";
    QTest::newRow("an option") << QStringList{"list", "--jsn"} << "unknown-option"
                               << "--json";
    QTest::newRow("a global option") << QStringList{"--stroe", "x.db", "list"} << "unknown-option"
                                     << "--store";
    QTest::newRow("nothing near") << QStringList{"frobnicate"} << "unknown-command"
                                  << "";
}

void TestCliNewcomer::didYouMean()
{
    // A newcomer's slip is answered with what they most likely meant; nothing is run.
    QFETCH(QStringList, args);
    QFETCH(QString, code);
    QFETCH(QString, suggests);
    const QString s = m_work.filePath(QStringLiteral("ledger.db"));
    const ProcessResult r = ctl(s, args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(QStringLiteral("error: %1: ").arg(code)), qPrintable(r.err));
    if (suggests.isEmpty())
        QVERIFY2(!r.err.contains(QStringLiteral("did you mean")), qPrintable(r.err));
    else
        QVERIFY2(r.err.contains(QStringLiteral("did you mean %1?").arg(suggests)), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(s));
}

void TestCliNewcomer::errorsNeedsNoStore()
{
    // `errors` reads no store: a LEDGERDESK_STORE the program cannot use does not stop it (it did:
    // invalid-location, exit 2). A --store given on its command line is still checked.
    const ProcessResult listed = ctl(QStringLiteral("cassandra://h/ledger"), {QStringLiteral("errors")});
    QCOMPARE(listed.exitCode, 0);
    QVERIFY2(listed.out.contains(QLatin1String("invalid-location")), qPrintable(listed.out));
    const ProcessResult given =
        ctl(QString(), {QStringLiteral("--store"), QStringLiteral("cassandra://h/ledger"), QStringLiteral("errors")});
    QCOMPARE(given.exitCode, 2);
    QVERIFY2(given.err.startsWith(QLatin1String("error: invalid-location: ")), qPrintable(given.err));
}

void TestCliNewcomer::idsInAnotherCase_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("hint"); // "" = no hint; "TX" = the transaction's id
    QTest::newRow("account show") << QStringList{"account", "show", "BOB"} << "unknown-account"
                                  << "bob";
    QTest::newRow("a transfer's source") << QStringList{"transfer", "Acme", "bob", "1"} << "unknown-account"
                                         << "acme";
    QTest::newRow("a leg") << QStringList{"transfer", "--from", "acme:1", "--to", "BOB:1"} << "unknown-account"
                           << "bob";
    QTest::newRow("freeze") << QStringList{"account", "freeze", "ACME"} << "unknown-account"
                            << "acme";
    QTest::newRow("list --account") << QStringList{"list", "--account", "Bob"} << ""
                                    << "";
    QTest::newRow("show, lower case") << QStringList{"show", "lower"} << "not-found"
                                      << "TX";
    QTest::newRow("resume, lower case") << QStringList{"resume", "lower"} << "not-found"
                                        << "TX";
    QTest::newRow("unknown in any case") << QStringList{"account", "show", "carol"} << "unknown-account"
                                         << "";
    QTest::newRow("a typo is not a case") << QStringList{"show", "tx-0NOSUCH"} << "not-found"
                                          << "";
}

void TestCliNewcomer::idsInAnotherCase()
{
    // Ids are case-sensitive (Bob and bob may be two accounts). "no account BOB" said nothing of
    // the bob that exists; now the error names it, and nothing is written.
    QFETCH(QStringList, args);
    QFETCH(QString, code);
    QFETCH(QString, hint);
    const QString store =
        m_work.filePath(QStringLiteral("case-%1.db").arg(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
    ok(store, {QStringLiteral("init")});
    ok(store,
       {QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("acme"), QStringLiteral("--opening"), QStringLiteral("50")});
    ok(store, {QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("bob")});
    QString txId;
    ok(store, {QStringLiteral("transfer"), QStringLiteral("acme"), QStringLiteral("bob"), QStringLiteral("5"), QStringLiteral("--json")},
       &txId);
    if (QTest::currentTestFailed())
        return;
    txId = QJsonDocument::fromJson(txId.toUtf8()).object().value(QStringLiteral("id")).toString();
    QVERIFY(txId.startsWith(QLatin1String("tx-")));
    for (QString &a : args)
        if (a == QLatin1String("lower"))
            a = txId.toLower();
    if (hint == QLatin1String("TX"))
        hint = txId;
    QString before;
    ok(store, {QStringLiteral("balances"), QStringLiteral("--json")}, &before);

    const ProcessResult r = ctl(store, args);
    if (code.isEmpty()) { // a filter, not a lookup: no rows, no error
        QCOMPARE(r.exitCode, 0);
    } else {
        QCOMPARE(r.exitCode, 1); // both unknown-account and not-found
        QVERIFY2(r.err.startsWith(QStringLiteral("error: %1: ").arg(code)), qPrintable(r.err));
        if (hint.isEmpty())
            QVERIFY2(!r.err.contains(QLatin1String("did you mean")), qPrintable(r.err));
        else
            QVERIFY2(r.err.contains(QStringLiteral("; did you mean %1? (ids are case-sensitive)").arg(hint)), qPrintable(r.err));
    }
    QString after;
    ok(store, {QStringLiteral("balances"), QStringLiteral("--json")}, &after);
    QCOMPARE(after, before);
}

void TestCliNewcomer::anOpeningThatCannotBePaidCreatesNothing()
{
    // At scale 18 an int64 holds at most 9.223372036854775807. A second opening of that size
    // cannot be paid out of @world; it used to create the account without its opening (exit 1:
    // half of one request done). Now it is refused before anything is written.
    const QString store = m_work.filePath(QStringLiteral("scale18.db"));
    ok(store, {QStringLiteral("init"), QStringLiteral("--scale"), QStringLiteral("18")});
    ok(store, {QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("x"), QStringLiteral("--opening"),
               QStringLiteral("9.223372036854775807")});
    const ProcessResult r = ctl(store, {QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("y"),
                                        QStringLiteral("--opening"), QStringLiteral("9.223372036854775807")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(QLatin1String("error: amount-overflow: ")), qPrintable(r.err));
    const ProcessResult y = ctl(store, {QStringLiteral("account"), QStringLiteral("show"), QStringLiteral("y")});
    QVERIFY2(y.err.startsWith(QLatin1String("error: unknown-account: ")), qPrintable(y.err));
    QString list;
    ok(store, {QStringLiteral("list"), QStringLiteral("--all"), QStringLiteral("--csv")}, &list);
    QCOMPARE(list.split(QLatin1Char('\n')).size(), 2); // the header and x's opening
}

QTEST_GUILESS_MAIN(TestCliNewcomer)
#include "tst_clinewcomer.moc"
