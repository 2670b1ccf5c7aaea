// `ledgerctl check`, the monitoring-plugins check: its line for literal summaries (a table; the
// expected lines are written out, not built by the code under test), and the real ledgerctl on
// each kind of store, one row per exit status: 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN.

#include "monitorcheck.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::cli;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::StuckSummary)
Q_DECLARE_METATYPE(ledger::cli::CheckThresholds)
Q_DECLARE_METATYPE(std::optional<qint64>)

class TestCheck : public QObject {
    Q_OBJECT

private slots:
    void theLine_data();
    void theLine();
    void anErrorIsUnknownOnOneLine();
    void onTheStore_data();
    void onTheStore();
    void anAuditFindingIsCritical();
};

namespace {

constexpr qint64 kMinute = 60'000;
constexpr qint64 kHour = 60 * kMinute;

StuckSummary summaryOf(qint64 stuck, std::optional<qint64> oldestIdleMs, QList<StuckCause> groups = {})
{
    StuckSummary s;
    s.stuck = stuck;
    s.oldestIdleMs = oldestIdleMs;
    s.causes.groups = std::move(groups);
    s.causes.read = stuck;
    return s;
}

CheckThresholds thresholds(qint64 warn = 0, qint64 crit = 9, std::optional<qint64> ageWarn = {}, std::optional<qint64> ageCrit = {})
{
    CheckThresholds t;
    t.stuckWarn = warn;
    t.stuckCrit = crit;
    t.ageWarnMs = ageWarn;
    t.ageCritMs = ageCrit;
    return t;
}

} // namespace

void TestCheck::theLine_data()
{
    QTest::addColumn<StuckSummary>("summary");
    QTest::addColumn<CheckThresholds>("thresholds");
    QTest::addColumn<std::optional<qint64>>("findings");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("line");

    const QList<StuckCause> two{{TxState::Pending, QString(), 7}, {TxState::Canceling, QStringLiteral("insufficient-funds"), 5}};
    QTest::newRow("nothing stuck") << summaryOf(0, std::nullopt) << thresholds() << std::optional<qint64>() << 0
                                   << "LEDGER OK - 0 stuck (idle 30m or lease expired) | stuck=0;0;9;0; oldest_idle=0s;;;0;";
    QTest::newRow("one stuck warns by default")
        << summaryOf(1, 40 * kMinute, {{TxState::Applied, QString(), 1}}) << thresholds() << std::optional<qint64>() << 1
        << "LEDGER WARNING - 1 stuck (idle 30m or lease expired), oldest idle 40m: 1 applied (no error) | stuck=1;0;9;0; "
           "oldest_idle=2400s;;;0;";
    QTest::newRow("more than the critical count")
        << summaryOf(12, 2 * kHour + 3 * kMinute, two) << thresholds() << std::optional<qint64>() << 2
        << "LEDGER CRITICAL - 12 stuck (idle 30m or lease expired), oldest idle 2h 3m: 7 pending (no error), 5 canceling "
           "(insufficient-funds) | stuck=12;0;9;0; oldest_idle=7380s;;;0;";
    QTest::newRow("exactly the critical count is a warning")
        << summaryOf(9, kHour, two) << thresholds() << std::optional<qint64>() << 1
        << "LEDGER WARNING - 9 stuck (idle 30m or lease expired), oldest idle 1h: 7 pending (no error), 5 canceling "
           "(insufficient-funds) | stuck=9;0;9;0; oldest_idle=3600s;;;0;";
    QTest::newRow("few, but old: a warning by age")
        << summaryOf(2, 2 * kHour, two) << thresholds(5, 9, kHour) << std::optional<qint64>() << 1
        << "LEDGER WARNING - 2 stuck (idle 30m or lease expired), oldest idle 2h: 7 pending (no error), 5 canceling "
           "(insufficient-funds) | stuck=2;5;9;0; oldest_idle=7200s;3600;;0;";
    QTest::newRow("few, but older than critical")
        << summaryOf(2, 5 * kHour, two) << thresholds(5, 9, kHour, 4 * kHour) << std::optional<qint64>() << 2
        << "LEDGER CRITICAL - 2 stuck (idle 30m or lease expired), oldest idle 5h: 7 pending (no error), 5 canceling "
           "(insufficient-funds) | stuck=2;5;9;0; oldest_idle=18000s;3600;14400;0;";
    QTest::newRow("young enough") << summaryOf(2, 20 * kMinute, two) << thresholds(5, 9, kHour, 4 * kHour) << std::optional<qint64>() << 0
                                  << "LEDGER OK - 2 stuck (idle 30m or lease expired), oldest idle 20m: 7 pending (no error), 5 "
                                     "canceling (insufficient-funds) | stuck=2;5;9;0; oldest_idle=1200s;3600;14400;0;";
    QTest::newRow("audit clean") << summaryOf(0, std::nullopt) << thresholds() << std::optional<qint64>(0) << 0
                                 << "LEDGER OK - 0 stuck (idle 30m or lease expired); audit clean | stuck=0;0;9;0; oldest_idle=0s;;;0; "
                                    "audit_findings=0;;0;0;";
    QTest::newRow("audit findings") << summaryOf(0, std::nullopt) << thresholds() << std::optional<qint64>(2) << 2
                                    << "LEDGER CRITICAL - 0 stuck (idle 30m or lease expired); audit: 2 findings | stuck=0;0;9;0; "
                                       "oldest_idle=0s;;;0; audit_findings=2;;0;0;";
    QTest::newRow("three groups at most")
        << summaryOf(10, kHour,
                     {{TxState::Pending, QString(), 4},
                      {TxState::Canceling, QStringLiteral("account-frozen"), 3},
                      {TxState::Applied, QString(), 2},
                      {TxState::Initial, QString(), 1}})
        << thresholds() << std::optional<qint64>() << 2
        << "LEDGER CRITICAL - 10 stuck (idle 30m or lease expired), oldest idle 1h: 4 pending (no error), 3 canceling "
           "(account-frozen), 2 applied (no error), … | stuck=10;0;9;0; oldest_idle=3600s;;;0;";
}

void TestCheck::theLine()
{
    QFETCH(StuckSummary, summary);
    QFETCH(CheckThresholds, thresholds);
    QFETCH(std::optional<qint64>, findings);
    QFETCH(int, status);
    QFETCH(QString, line);
    const CheckLine got = evaluateCheck(summary, thresholds, findings);
    QCOMPARE(got.text, line);
    QCOMPARE(int(got.status), status);
}

void TestCheck::anErrorIsUnknownOnOneLine()
{
    // The text before '|' is the plugin's output, the rest its performance data: an error's text
    // may carry neither a '|' nor a line break.
    const CheckLine got = unknownCheck(makeError(ErrorCode::StoreUnavailable, QStringLiteral("host a|b\nunreachable")));
    QCOMPARE(got.text, QStringLiteral("LEDGER UNKNOWN - error: store-unavailable: host a b unreachable"));
    QCOMPARE(int(got.status), 3);
}

void TestCheck::onTheStore_data()
{
    QTest::addColumn<int>("stuck"); // the demo's stuck ones: 4 days, 2 and 9 minutes idle, leases expired
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("begins");

    QTest::newRow("ok") << 0 << QStringList() << 0 << "LEDGER OK - 0 stuck (idle 30m or lease expired) | stuck=0;0;9;0;";
    QTest::newRow("warning") << 3 << QStringList() << 1 << "LEDGER WARNING - 3 stuck (idle 30m or lease expired), oldest idle 4d";
    QTest::newRow("critical by count") << 3 << QStringList{"--stuck-crit", "2"} << 2 << "LEDGER CRITICAL - 3 stuck";
    QTest::newRow("warning by age") << 3 << QStringList{"--stuck-warn", "5", "--age-warn", "1d"} << 1 << "LEDGER WARNING - 3 stuck";
    QTest::newRow("critical by age") << 3 << QStringList{"--stuck-warn", "5", "--age-crit", "3d"} << 2 << "LEDGER CRITICAL - 3 stuck";
    QTest::newRow("young enough") << 3 << QStringList{"--stuck-warn", "5", "--age-crit", "5d"} << 0 << "LEDGER OK - 3 stuck";
    QTest::newRow("bad number") << 0 << QStringList{"--stuck-warn", "x"} << 3 << "LEDGER UNKNOWN - error: invalid-argument: --stuck-warn";
    QTest::newRow("unknown option") << 0 << QStringList{"--bogus"} << 3 << "LEDGER UNKNOWN - error: unknown-option:";
    QTest::newRow("critical below warning") << 0 << QStringList{"--stuck-warn", "5", "--stuck-crit", "2"} << 3
                                            << "LEDGER UNKNOWN - error: usage: --stuck-crit must not be below --stuck-warn";
    QTest::newRow("no store") << -1 << QStringList() << 3 << "LEDGER UNKNOWN - error: store-unavailable:";
}

void TestCheck::onTheStore()
{
    QFETCH(int, stuck);
    QFETCH(QStringList, options);
    QFETCH(int, status);
    QFETCH(QString, begins);
    TempStore t;
    QString store = t.path();
    if (stuck < 0) {
        store = t.dir() + QStringLiteral("/none.db");
    } else {
        const ProcessResult demo = runLedgerctl(
            {QStringLiteral("demo"), QStringLiteral("--transfers"), QStringLiteral("5"), QStringLiteral("--stuck"), QString::number(stuck)},
            storeEnvironment(store));
        QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
    }
    const ProcessResult r = runLedgerctl(QStringList{QStringLiteral("check")} + options, storeEnvironment(store));
    QVERIFY2(r.out.startsWith(begins), qPrintable(r.out + r.err));
    QVERIFY2(r.out.endsWith(QLatin1Char('\n')) && r.out.count(QLatin1Char('\n')) == 1, qPrintable(r.out)); // one line
    QCOMPARE(r.exitCode, status);
}

void TestCheck::anAuditFindingIsCritical()
{
    if (onDynamo())
        QSKIP("a finding is planted with SQL (tst_audit finds them on DynamoDB)");
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice")}, 100);
    const ProcessResult clean = runLedgerctl({QStringLiteral("check"), QStringLiteral("--audit")}, storeEnvironment(t.path()));
    QVERIFY2(clean.out.startsWith(QLatin1String("LEDGER OK - 0 stuck (idle 30m or lease expired); audit clean")), qPrintable(clean.out));
    QCOMPARE(clean.exitCode, 0);
    RawSql sql(t.locationOfAccount(QStringLiteral("alice")));
    QVERIFY(sql.exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'alice'")));
    const ProcessResult r = runLedgerctl({QStringLiteral("check"), QStringLiteral("--audit")}, storeEnvironment(t.path()));
    QVERIFY2(r.out.startsWith(QLatin1String("LEDGER CRITICAL - 0 stuck (idle 30m or lease expired); audit: ")), qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QLatin1String(" audit_findings=")) && !r.out.contains(QLatin1String("audit_findings=0;")), qPrintable(r.out));
    QCOMPARE(r.exitCode, 2);
}

QTEST_GUILESS_MAIN(TestCheck)
#include "tst_check.moc"
