// The audit: clean stores stay clean in every intermediate state; each invariant, broken by
// tampering underneath the store, is reported with its number, code and the ids involved.
#include "operations/demo.h"
#include "ledger/identifiers.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

namespace {

// A store with something of every kind: done, compensated, pending (stopped after its debit
// hold, lease running), initial, and canceled transfers.
struct Fixture {
    TempStore t;
    QString done;        // alice → bob 300, done
    QString compensated; // alice → bob 200, done, compensated by <id>.rev
    QString pending;     // alice → carol 50, pending, debit held
    QString initial;     // bob → carol 10, initial
    QString canceled;    // carol → alice 5000, canceled (insufficient funds)

    Fixture()
    {
        Store &s = t.store();
        openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}, 1000);
        Coordinator c(s, {});
        done = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 300, QString(), QString()}).tx->id;
        compensated = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 200, QString(), QString()}).tx->id;
        c.compensate(compensated, QStringLiteral("fixture"));
        canceled = c.transfer({QStringLiteral("carol"), QStringLiteral("alice"), 5000, QString(), QString()}).tx->id;
        CoordinatorOptions stop;
        stop.hook = abandonAfterHook(Step::HoldDebit);
        pending = Coordinator(s, stop).transfer({QStringLiteral("alice"), QStringLiteral("carol"), 50, QString(), QString()}).tx->id;
        stop.hook = abandonAfterHook(Step::Insert);
        initial = Coordinator(s, stop).transfer({QStringLiteral("bob"), QStringLiteral("carol"), 10, QString(), QString()}).tx->id;
    }

    QString expand(QString sql) const
    {
        return sql.replace(QStringLiteral("$DONE"), done)
            .replace(QStringLiteral("$COMPENSATED"), compensated)
            .replace(QStringLiteral("$PENDING"), pending)
            .replace(QStringLiteral("$INITIAL"), initial)
            .replace(QStringLiteral("$CANCELED"), canceled);
    }
};

} // namespace

class TestAudit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fixtureIsClean();
    void demoStoreIsClean();
    void findings_data();
    void findings();
    void storeFailureIsAnErrorNotACleanReport();
};

void TestAudit::fixtureIsClean()
{
    Fixture f;
    const AuditReport r = audit(f.t.store());
    QVERIFY2(r.clean(), qPrintable(describeFindings(r)));
    QCOMPARE(r.accounts, qint64(4));
    QCOMPARE(r.inFlight, qint64(2));
    QCOMPARE(r.balanceSum, qint64(0)); // nothing half-posted
}

void TestAudit::demoStoreIsClean()
{
    TempStore t;
    DemoOptions options;
    options.transfers = 300;
    options.stuck = 20;
    auto report = fillDemo(t.store(), options);
    QVERIFY2(report.ok(), qPrintable(report.error().toString()));
    QCOMPARE(report->stuckByState.value(TxState::Initial) + report->stuckByState.value(TxState::Pending)
                 + report->stuckByState.value(TxState::Applied) + report->stuckByState.value(TxState::Canceling),
             20);
    QVERIFY(report->compensations > 0);
    QVERIFY(report->canceled > 0);
    const AuditReport r = audit(t.store());
    QVERIFY2(r.clean(), qPrintable(describeFindings(r)));
    // Half-posted stuck transfers make the raw sum non-zero; the adjustment brings it back.
    QCOMPARE(r.balanceSum + r.halfPostedAdjust, qint64(0));
}

void TestAudit::findings_data()
{
    QTest::addColumn<QStringList>("tampering");
    QTest::addColumn<int>("invariant");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("id"); // one id the finding must name
    QTest::newRow("balance edited") << QStringList{"UPDATE accounts SET balance = balance + 1 WHERE id = 'alice'"}
                                    << 1
                                    // clang-format off
                                    << "balance-mismatch" << "alice";
    QTest::newRow("money from nowhere")
        << QStringList{"INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES ('tx-ghost', 'alice', 'credit', 5, 'posted', '2026-01-01T00:00:00.000Z')",
                                                       // clang-format on
                                                       "UPDATE accounts SET balance = balance + 5 WHERE id = 'alice'"} // clang-format off
        << 1 << "conservation" << "tx-ghost";
    QTest::newRow("pending edited") << QStringList{"UPDATE accounts SET pending_debits = pending_debits + 7 WHERE id = 'alice'"} << 2
                                    << "pending-mismatch" << "alice";
    QTest::newRow("marker on a missing account")
        << QStringList{"INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES ('$INITIAL', 'ghost', 'debit', 10, 'held', '2026-01-01T00:00:00.000Z')"} << 2
        << "leg-without-account" << "ghost";
    QTest::newRow("negative balance") << QStringList{"UPDATE accounts SET balance = -5 WHERE id = 'carol'"} << 3
                                      << "negative-balance" << "carol";
    QTest::newRow("negative available") << QStringList{"UPDATE accounts SET pending_debits = 5000 WHERE id = 'bob'"} << 3
                                        << "negative-balance" << "bob";
    QTest::newRow("done with a held leg") << QStringList{"UPDATE legs SET status = 'held' WHERE tx_id = '$DONE' AND side = 'credit'"}
                                          << 4 << "done-not-posted" << "$DONE";
    QTest::newRow("done without legs") << QStringList{"DELETE FROM legs WHERE tx_id = '$DONE'"} << 4 << "done-not-posted" << "$DONE";
    QTest::newRow("canceled with a posted leg")
        << QStringList{"UPDATE legs SET status = 'posted' WHERE tx_id = '$CANCELED' AND side = 'debit'"} << 4
        << "posted-before-applied" << "$CANCELED";
    QTest::newRow("initial with a marker")
        << QStringList{"INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES ('$INITIAL', 'bob', 'debit', 10, 'voided', '2026-01-01T00:00:00.000Z')"} << 4
        << "initial-has-marker" << "$INITIAL";
    QTest::newRow("applied without its credit") << QStringList{"UPDATE transactions SET state = 'applied' WHERE id = '$PENDING'"} << 4
                                                << "applied-not-held" << "$PENDING";
    QTest::newRow("marker amount differs") << QStringList{"UPDATE legs SET amount = amount + 1 WHERE tx_id = '$DONE' AND side = 'debit'"}
                                           << 4 << "leg-mismatch" << "$DONE";
    QTest::newRow("hold left on a canceled transfer")
        << QStringList{"UPDATE transactions SET state = 'canceled' WHERE id = '$PENDING'"} << 5 << "hold-on-terminal" << "$PENDING";
    QTest::newRow("hold of no transaction")
        << QStringList{"INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES ('tx-ghost', 'alice', 'debit', 5, 'held', '2026-01-01T00:00:00.000Z')",
                                                                                                                       // clang-format on
                                                           "UPDATE accounts SET pending_debits = pending_debits + 5 WHERE id = 'alice'"}
                                            // clang-format off
        << 5 << "orphan-hold" << "tx-ghost";
    QTest::newRow("original lost its link") << QStringList{"UPDATE transactions SET compensated_by = NULL WHERE id = '$COMPENSATED'"}
                                            << 6 << "compensation-link" << "$COMPENSATED.rev";
    QTest::newRow("link to nowhere") << QStringList{"UPDATE transactions SET compensated_by = 'tx-nowhere' WHERE id = '$DONE'"} << 6
                                     << "compensation-link" << "$DONE";
    QTest::newRow("two live compensations")
        << QStringList{"INSERT INTO transactions (id, kind, compensates, source, destination, amount, state, created_at, last_modified)"
                       // clang-format on
                       " SELECT id || '2', kind, compensates, source, destination, amount, 'initial', created_at, last_modified"
                       " FROM transactions WHERE id = '$COMPENSATED.rev'"} // clang-format off
        << 6 << "double-compensation" << "$COMPENSATED";
                                                                           // clang-format on
}

void TestAudit::findings()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL; tst_dynamostore plants DynamoDB items");
    QFETCH(QStringList, tampering);
    QFETCH(int, invariant);
    QFETCH(QString, code);
    QFETCH(QString, id);
    Fixture f;
    {
        RawSql raw(f.t.path());
        for (const QString &sql : tampering)
            QVERIFY(raw.exec(f.expand(sql)));
    }
    const AuditReport r = audit(f.t.store());
    QVERIFY(r.error.ok());
    QVERIFY(!r.clean());
    const QString expectedId = f.expand(id);
    bool found = false;
    for (const AuditFinding &finding : r.findings) {
        if (finding.code == code && finding.invariant == invariant && finding.ids.contains(expectedId))
            found = true;
        QVERIFY(!finding.message.isEmpty());
    }
    QVERIFY2(
        found,
        qPrintable(QStringLiteral("expected [%1] %2 naming '%3'; got:\n%4").arg(invariant).arg(code, expectedId, describeFindings(r))));
}

void TestAudit::storeFailureIsAnErrorNotACleanReport()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL; tst_dynamostore plants DynamoDB items");
    Fixture f;
    QVERIFY(RawSql(f.t.path()).exec(QStringLiteral("DROP TABLE legs")));
    const AuditReport r = audit(f.t.store());
    QCOMPARE(r.error.code, ErrorCode::StoreError);
    QVERIFY(!r.clean());
}

QTEST_GUILESS_MAIN(TestAudit)
#include "tst_audit.moc"
