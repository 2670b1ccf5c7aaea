// tst_approvalrules: ledgerd.conf's [approvals] section read strictly (operations/approvalrules.h):
// every key, its errors by line with their code words, other sections left alone; and which
// actions wait, at each threshold's boundary (just under, at, over: "over" is strictly more).
#include "operations/approvalrules.h"

#include <QTest>

using namespace ledger;

Q_DECLARE_METATYPE(ledger::ErrorCode)
Q_DECLARE_METATYPE(ledger::ApprovalAction)

class TestApprovalRules : public QObject {
    Q_OBJECT
private slots:
    void readsEverySetting();
    void readsTheDefaultsAndNothingElse();
    void refuses_data();
    void refuses();
    void repairBoundaries_data();
    void repairBoundaries();
    void transferBoundaries_data();
    void transferBoundaries();
    void noRuleNeverAsks();
    void describedRulesReadBack();
};

void TestApprovalRules::readsEverySetting()
{
    const auto rules = parseApprovalRules(QStringLiteral("# ledgerd.conf\n"
                                                         "[approvals]\n"
                                                         "compensate-over = 10000.00   # large returns\n"
                                                         "cancel-over=500\n"
                                                         "  resume-over = 0.01\n"
                                                         "world-over = 0\n"
                                                         "transfer-over = 1000000.00\n"
                                                         "expire-after = 2h30m\n"
                                                         "approvers = operator\n"),
                                          2);
    QVERIFY2(rules.ok(), qPrintable(rules.error().toString()));
    QCOMPARE(rules->compensateOver, std::optional<qint64>(1'000'000));
    QCOMPARE(rules->cancelOver, std::optional<qint64>(50'000));
    QCOMPARE(rules->resumeOver, std::optional<qint64>(1));
    QCOMPARE(rules->worldOver, std::optional<qint64>(0));
    QCOMPARE(rules->transferOver, std::optional<qint64>(100'000'000));
    QCOMPARE(rules->expireAfterMs, qint64(9'000'000));
    QCOMPARE(rules->approvers, Approvers::AnyOperator);
    QVERIFY(rules->any());
}

void TestApprovalRules::readsTheDefaultsAndNothingElse()
{
    // Comments, blank lines and a byte-order mark are nothing; the defaults stand for what is not said.
    const auto rules = parseApprovalRules(QStringLiteral("\uFEFF# rules\n\n[approvals]\ncancel-over = 1\n"), 2);
    QVERIFY2(rules.ok(), qPrintable(rules.error().toString()));
    QCOMPARE(rules->cancelOver, std::optional<qint64>(100));
    QVERIFY(!rules->compensateOver);
    QCOMPARE(rules->expireAfterMs, qint64(24) * 60 * 60 * 1000); // the default
    QCOMPARE(rules->approvers, Approvers::ApproverRole);         // the default
    QVERIFY(!parseApprovalRules(QString(), 2)->any());
}

void TestApprovalRules::refuses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("says");
    QTest::newRow("unknown key") << "[approvals]\n\ncompensate-above = 1\n"
                                 << ErrorCode::InvalidArgument << "line 3: no setting compensate-above";
    QTest::newRow("no equals") << "[approvals]\ncancel-over 10\n" << ErrorCode::InvalidArgument << "line 2: a setting is key = value";
    QTest::newRow("bad section") << "[approvals\n" << ErrorCode::InvalidArgument << "line 1: a section is [name]";
    QTest::newRow("misspelt section") << "# four eyes\n[approval]\ncancel-over = 1\n"
                                      << ErrorCode::InvalidArgument << "line 2: no section [approval]";
    QTest::newRow("outside a section") << "cancel-over = 1\n"
                                       << ErrorCode::InvalidArgument << "line 1: cancel-over = 1 is outside any section";
    QTest::newRow("bad amount") << "[approvals]\ncancel-over = 10,000\n" << ErrorCode::InvalidAmount << "line 2:";
    QTest::newRow("negative amount") << "[approvals]\ncancel-over = -1\n" << ErrorCode::InvalidAmount << "line 2:";
    QTest::newRow("too many decimals") << "[approvals]\ncancel-over = 1.001\n" << ErrorCode::InvalidAmount << "line 2:";
    QTest::newRow("bad duration") << "[approvals]\nexpire-after = soon\n" << ErrorCode::InvalidDuration << "line 2:";
    QTest::newRow("zero duration") << "[approvals]\nexpire-after = 0s\n" << ErrorCode::InvalidDuration << "line 2:";
    QTest::newRow("bad approvers") << "[approvals]\napprovers = anyone\n" << ErrorCode::InvalidArgument << "line 2: approvers is approver";
}

void TestApprovalRules::refuses()
{
    QFETCH(QString, text);
    QFETCH(ErrorCode, code);
    QFETCH(QString, says);
    const auto rules = parseApprovalRules(text, 2);
    QVERIFY(!rules.ok());
    QCOMPARE(rules.error().code, code);
    QVERIFY2(rules.error().message.startsWith(says), qPrintable(rules.error().message));
}

void TestApprovalRules::repairBoundaries_data()
{
    QTest::addColumn<ApprovalAction>("action");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<bool>("waits");
    // compensate-over 100.00, cancel-over 50.00, resume-over 20.00 (minor units at scale 2)
    const QList<std::pair<ApprovalAction, qint64>> thresholds{
        {ApprovalAction::Compensate, 10'000}, {ApprovalAction::Cancel, 5'000}, {ApprovalAction::Resume, 2'000}};
    for (const auto &[action, at] : thresholds) {
        const QByteArray name = nameOf(action).toLatin1();
        QTest::newRow(name + " just under") << action << at - 1 << false;
        QTest::newRow(name + " at") << action << at << false;
        QTest::newRow(name + " just over") << action << at + 1 << true;
    }
}

void TestApprovalRules::repairBoundaries()
{
    QFETCH(ApprovalAction, action);
    QFETCH(qint64, amount);
    QFETCH(bool, waits);
    const auto rules = parseApprovalRules(QStringLiteral("[approvals]\ncompensate-over = 100\ncancel-over = 50\nresume-over = 20\n"), 2);
    QVERIFY(rules.ok());
    QCOMPARE(rules->repairWaits(action, amount), waits);
}

void TestApprovalRules::transferBoundaries_data()
{
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<bool>("fromWorld");
    QTest::addColumn<bool>("waits");
    // world-over 10.00, transfer-over 1000.00
    QTest::newRow("world just under") << qint64(999) << true << false;
    QTest::newRow("world at") << qint64(1000) << true << false;
    QTest::newRow("world just over") << qint64(1001) << true << true;
    QTest::newRow("not world over world-over") << qint64(1001) << false << false;
    QTest::newRow("any just under") << qint64(99'999) << false << false;
    QTest::newRow("any at") << qint64(100'000) << false << false;
    QTest::newRow("any just over") << qint64(100'001) << false << true;
}

void TestApprovalRules::transferBoundaries()
{
    QFETCH(qint64, amount);
    QFETCH(bool, fromWorld);
    QFETCH(bool, waits);
    const auto rules = parseApprovalRules(QStringLiteral("[approvals]\nworld-over = 10\ntransfer-over = 1000\n"), 2);
    QVERIFY(rules.ok());
    QCOMPARE(rules->transferWaits(amount, fromWorld), waits);
}

void TestApprovalRules::noRuleNeverAsks()
{
    const ApprovalRules none;
    QVERIFY(!none.any());
    for (ApprovalAction a : {ApprovalAction::Compensate, ApprovalAction::Cancel, ApprovalAction::Resume})
        QVERIFY(!none.repairWaits(a, std::numeric_limits<qint64>::max()));
    QVERIFY(!none.transferWaits(std::numeric_limits<qint64>::max(), true));
    // world-over 0: every transfer from @world asks, none other does.
    auto world = parseApprovalRules(QStringLiteral("[approvals]\nworld-over = 0\n"), 2);
    QVERIFY(world->transferWaits(1, true));
    QVERIFY(!world->transferWaits(1, false));
}

void TestApprovalRules::describedRulesReadBack()
{
    const QString text =
        QStringLiteral("[approvals]\ncompensate-over = 10000.00\nworld-over = 0.00\nexpire-after = 90m\napprovers = operator\n");
    const auto rules = parseApprovalRules(text, 2);
    QVERIFY(rules.ok());
    const auto again = parseApprovalRules(describeRules(*rules, 2), 2);
    QVERIFY2(again.ok(), qPrintable(describeRules(*rules, 2)));
    QCOMPARE(again->compensateOver, rules->compensateOver);
    QCOMPARE(again->worldOver, rules->worldOver);
    QCOMPARE(again->expireAfterMs, rules->expireAfterMs);
    QCOMPARE(again->approvers, rules->approvers);
}

QTEST_GUILESS_MAIN(TestApprovalRules)
#include "tst_approvalrules.moc"
