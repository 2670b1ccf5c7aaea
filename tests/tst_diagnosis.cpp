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
    void recommendationSaysWhatIsLeft_data();
    void recommendationSaysWhatIsLeft();
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

void TestDiagnosis::recommendationSaysWhatIsLeft_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<QString>("recommendation");
    const QString undo = QStringLiteral(" It cannot be canceled any more; to undo it, compensate it once it is done.");
    QTest::newRow("applied") << Step::Applied << "Resume it: both legs are posted and 3.01 moves from alice to bob." + undo;
    QTest::newRow("debit posted") << Step::PostDebit << "Resume it: both legs are posted and 3.01 moves from alice to bob." + undo;
    QTest::newRow("credit posted too")
        << Step::PostCredit
        << "Resume it: both legs are already posted, so 3.01 has moved from alice to bob; resuming only marks it done." + undo;
}

void TestDiagnosis::recommendationSaysWhatIsLeft()
{
    // Both legs posted, the money moved: the guided repair's preview shows no account changing,
    // and the recommendation beside it must not say the money is still to move.
    QFETCH(Step, stopAfter);
    QFETCH(QString, recommendation);
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QString id = stuckAfter(t.store(), stopAfter, 301);
    QVERIFY(!id.isEmpty());
    auto d = diagnose(t.store(), id, 30 * 60 * 1000);
    QVERIFY2(d.ok(), qPrintable(d.error().toString()));
    QCOMPARE(d->tx.state, TxState::Applied);
    QCOMPARE(d->recommendation, recommendation);
}

QTEST_GUILESS_MAIN(TestDiagnosis)
#include "tst_diagnosis.moc"
