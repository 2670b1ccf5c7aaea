// Batch repairs: each transaction repaired once, progress after each, stopping between two.
#include "operations/batchrepair.h"
#include "testsupport.h"

using namespace ledger;
using namespace ledger::test;

class TestBatchRepair : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void repairsEachAndReportsProgress();
    void stopsBetweenTwo();
};

namespace {
QStringList stuck(Store &store, int n)
{
    QStringList ids;
    for (int i = 0; i < n; ++i) {
        CoordinatorOptions o;
        o.hook = abandonAfterHook(i % 2 ? Step::HoldDebit : Step::Claim);
        ids << Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 10, QString(), QString()}).tx->id;
    }
    return ids;
}
} // namespace

void TestBatchRepair::repairsEachAndReportsProgress()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList ids = stuck(t.store(), 6);
    const QString done =
        Coordinator(t.store(), {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1, QString(), QString()}).tx->id;
    QList<int> progress;
    BatchRepairOptions o;
    o.action = OperatorAction::Cancel;
    o.reason = QStringLiteral("batch");
    o.coordinator.actor = QStringLiteral("carol");
    o.progress = [&](int n, int total) {
        QCOMPARE(total, 7);
        progress << n;
    };
    const BatchRepairReport r = repairMany(t.store(), ids + QStringList{done}, o);
    QCOMPARE(progress, (QList<int>{1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(r.succeeded(), 6);
    QCOMPARE(r.failed(), 1);
    QCOMPARE(r.items.last().outcome.error.code, ErrorCode::InvalidState);
    for (const QString &id : ids) {
        QCOMPARE(t.store().transaction(id)->state, TxState::Canceled);
        const auto journal = *t.store().journal(DocKind::Transaction, id);
        QVERIFY(std::any_of(journal.cbegin(), journal.cend(), [](const JournalEntry &j) {
            return j.event == QLatin1String("cancel") && j.actor == QLatin1String("carol") && j.detail == QLatin1String("batch");
        }));
    }
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestBatchRepair::stopsBetweenTwo()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1000);
    const QStringList ids = stuck(t.store(), 5);
    int asked = 0;
    BatchRepairOptions o;
    o.action = OperatorAction::Resume;
    o.shouldStop = [&asked] { return ++asked > 2; };
    const BatchRepairReport r = repairMany(t.store(), ids, o);
    QVERIFY(r.stopped);
    QCOMPARE(r.items.size(), 2);
    QCOMPARE(t.store().transaction(ids[2])->state == TxState::Done, false);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

QTEST_GUILESS_MAIN(TestBatchRepair)
#include "tst_batchrepair.moc"
