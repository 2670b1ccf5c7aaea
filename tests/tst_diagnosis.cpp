// The guided repair's diagnosis in plain words, its recommendation for every state, and the
// check after a repair.
#include "operations/diagnosis.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(std::optional<ledger::OperatorAction>)

class TestDiagnosis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyStop_data();
    void everyStop();
    void liveLeaseIsSaidToBeLive();
    void verification();
};

void TestDiagnosis::everyStop_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<QString>("legWords");
    QTest::addColumn<bool>("cancelAllowed");
    QTest::newRow("initial") << Step::Insert << qint64(10) << "is not held yet" << true;
    QTest::newRow("pending, debit held") << Step::HoldDebit << qint64(10) << "the debit on alice holds 0.10" << true;
    QTest::newRow("applied") << Step::Applied << qint64(10) << "the credit to bob holds 0.10" << false;
    QTest::newRow("half-posted") << Step::PostDebit << qint64(10) << "the debit on alice is posted" << false;
    QTest::newRow("canceling") << Step::Canceling << qint64(99'999) << "is not held yet" << false;
}

void TestDiagnosis::everyStop()
{
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    QFETCH(QString, legWords);
    QFETCH(bool, cancelAllowed);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    CoordinatorOptions o;
    o.leaseMs = 1;
    o.hook = abandonAfterHook(stopAfter);
    const QString id =
        Coordinator(t.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()}).tx->id;
    QTest::qWait(5);
    auto d = diagnose(t.store(), id, 30 * 60 * 1000);
    QVERIFY2(d.ok(), qPrintable(d.error().toString()));
    QVERIFY(d->stuck == (stopAfter != Step::Insert)); // initial has no lease; it is only young
    QVERIFY(d->state.startsWith(id));
    QVERIFY2(d->legsText.contains(legWords, Qt::CaseInsensitive), qPrintable(d->legsText));
    QCOMPARE(d->recommended, std::optional<OperatorAction>(OperatorAction::Resume));
    QVERIFY(!d->recommendation.isEmpty());
    QCOMPARE(d->allowed.contains(OperatorAction::Cancel), cancelAllowed);
    if (stopAfter != Step::Insert)
        QVERIFY2(d->owner.contains(QStringLiteral("lease ran out")), qPrintable(d->owner));
    else
        QCOMPARE(d->owner, QStringLiteral("No worker ever claimed it."));
}

void TestDiagnosis::liveLeaseIsSaidToBeLive()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    CoordinatorOptions o;
    o.hook = abandonAfterHook(Step::HoldDebit);
    const QString id =
        Coordinator(t.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    auto d = diagnose(t.store(), id, 30 * 60 * 1000);
    QVERIFY(!d->stuck);
    QVERIFY(!d->leaseExpired);
    QVERIFY(d->owner.contains(QStringLiteral("may still be at work")));
    QCOMPARE(diagnose(t.store(), QStringLiteral("tx-none"), 0).code(), ErrorCode::NotFound);
}

void TestDiagnosis::verification()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    CoordinatorOptions o;
    o.hook = abandonAfterHook(Step::HoldCredit);
    const QString id =
        Coordinator(t.store(), o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    Verification v = verifyFinished(t.store(), id);
    QVERIFY(!v.ok);
    QVERIFY(v.message.contains(QStringLiteral("still pending")));
    QVERIFY(Coordinator(t.store(), {}).resume(id, QString()).ok());
    v = verifyFinished(t.store(), id);
    QVERIFY2(v.ok, qPrintable(v.message));
    // A done transfer with a hold left behind (tampered) fails the check.
    QVERIFY(RawSql(t.path()).exec(QStringLiteral("UPDATE legs SET status = 'held' WHERE tx_id = ? AND side = 'credit'"), {id}));
    v = verifyFinished(t.store(), id);
    QVERIFY(!v.ok);
    QVERIFY(v.message.contains(QStringLiteral("still holds")));
}

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
