// A page of accounts counted whole (operations/wholeaccounts.h), on every store: a transfer
// stopped after each of its writes counts on every account of any page the same as in the
// reading of every account — whole once committed, not at all before — whichever of its accounts
// the page holds; and a reading whose accounts are read on either side of a transfer's writes
// (DynamoDB reads each item at its own moment) counts it once on both. On DynamoDB a page's
// reading finds its candidates on the page's own items (DynamoStore::commitCandidatesOn), not by
// a Scan of the documents; this is where that is checked.
#include "operations/accountdetail.h"
#include "operations/wholeaccounts.h"
#include "protocol/commitpoint.h"
#include "protocol/faults.h"
#include "testsupport.h"

#include <QtTest>

using namespace ledger;
using namespace ledger::test;

class TestWholeAccounts : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aPageCountsATransferAsTheWholeReadingDoes_data();
    void aPageCountsATransferAsTheWholeReadingDoes();
    void aReadingAcrossATransferCountsItOnce_data();
    void aReadingAcrossATransferCountsItOnce();
};

void TestWholeAccounts::aPageCountsATransferAsTheWholeReadingDoes_data()
{
    QTest::addColumn<Step>("step");
    QTest::addColumn<int>("occurrence");
    QTest::addColumn<bool>("multiLeg");
    QTest::addColumn<bool>("committed");
    // alice → bob 300 (or alice → bob 100 + carol 200), stopped after each write.
    QTest::newRow("inserted") << Step::Insert << 1 << false << false;
    QTest::newRow("claimed") << Step::Claim << 1 << false << false;
    QTest::newRow("debit held") << Step::HoldDebit << 1 << false << false;
    QTest::newRow("both held") << Step::HoldCredit << 1 << false << false;
    QTest::newRow("applied") << Step::Applied << 1 << false << true;
    QTest::newRow("debit posted") << Step::PostDebit << 1 << false << true;
    QTest::newRow("many legs: one credit held") << Step::HoldCredit << 1 << true << false;
    QTest::newRow("many legs: applied") << Step::Applied << 1 << true << true;
    QTest::newRow("many legs: one credit posted") << Step::PostCredit << 1 << true << true;
}

void TestWholeAccounts::aPageCountsATransferAsTheWholeReadingDoes()
{
    QFETCH(Step, step);
    QFETCH(int, occurrence);
    QFETCH(bool, multiLeg);
    QFETCH(bool, committed);
    TempStore t;
    Store &store = t.store();
    const QStringList ids{QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"), QStringLiteral("dave")};
    openAccounts(store, ids, 1000);
    TransferRequest request;
    if (multiLeg)
        request.legs = {TxLeg{QStringLiteral("alice"), LegSide::Debit, 300}, TxLeg{QStringLiteral("bob"), LegSide::Credit, 100},
                        TxLeg{QStringLiteral("carol"), LegSide::Credit, 200}};
    else
        request.legs = {TxLeg{QStringLiteral("alice"), LegSide::Debit, 300}, TxLeg{QStringLiteral("bob"), LegSide::Credit, 300}};
    CoordinatorOptions stop;
    stop.hook = abandonAfterHook(step, occurrence);
    const TxOutcome o = Coordinator(store, stop).transfer(request);
    QVERIFY(o.tx);

    QHash<QString, qint64> expected{
        {QStringLiteral("alice"), 1000}, {QStringLiteral("bob"), 1000}, {QStringLiteral("carol"), 1000}, {QStringLiteral("dave"), 1000}};
    if (committed) {
        for (const TxLeg &leg : std::as_const(request.legs))
            expected[leg.accountId] += unpostedEffect(leg);
    }
    auto whole = readWholeBalances(store);
    QVERIFY2(whole.ok(), qPrintable(whole.error().toString()));
    QCOMPARE(whole->total, qint64(0));
    for (const WholeBalance &b : std::as_const(whole->accounts)) {
        if (expected.contains(b.accountId))
            QCOMPARE(b.balance, expected.value(b.accountId));
    }

    // Every page of these accounts, by one id, two, or a range: each account as in the whole.
    const QList<QStringList> pages{{QStringLiteral("alice")},
                                   {QStringLiteral("bob")},
                                   {QStringLiteral("carol")},
                                   {QStringLiteral("dave")},
                                   {QStringLiteral("alice"), QStringLiteral("bob")},
                                   {QStringLiteral("bob"), QStringLiteral("carol")}};
    for (const QStringList &page : pages) {
        AccountQuery q;
        q.fromId = page.first();
        q.limit = page.size();
        auto rows = accountsCountedWhole(store, q);
        QVERIFY2(rows.ok(), qPrintable(rows.error().toString()));
        QCOMPARE(rows->size(), page.size());
        for (const AccountCountedWhole &row : std::as_const(*rows))
            QVERIFY2(row.wholeBalance == expected.value(row.account.id), qPrintable(QStringLiteral("%1 on the page %2: %3, not %4")
                                                                                        .arg(row.account.id, page.join(QLatin1Char(',')))
                                                                                        .arg(row.wholeBalance)
                                                                                        .arg(expected.value(row.account.id))));
    }
    for (const QString &id : ids) {
        auto one = accountCountedWhole(store, id);
        QVERIFY2(one.ok(), qPrintable(one.error().toString()));
        QCOMPARE(one->wholeBalance, expected.value(id));
        auto detail = loadAccountDetail(store, id);
        QVERIFY2(detail.ok(), qPrintable(detail.error().toString()));
        QCOMPARE(detail->wholeBalance, expected.value(id));
    }
}

void TestWholeAccounts::aReadingAcrossATransferCountsItOnce_data()
{
    QTest::addColumn<Step>("step");
    QTest::addColumn<bool>("aliceFirst");
    QTest::addColumn<int>("moreTransfers");
    // alice → bob 300 on another connection, stopped after `step`, between the reading's read of
    // one account and of the other; then `moreTransfers` of alice → bob 1, done, so that alice's
    // and bob's finished markers move out of their items (DynamoDB keeps 32) before the second
    // read. Whatever was read when, alice and bob hold 2,000 between them, counted whole.
    for (bool aliceFirst : {false, true}) {
        const char *order = aliceFirst ? "alice read first" : "bob read first";
        QTest::addRow("%s, inserted", order) << Step::Insert << aliceFirst << 0;
        QTest::addRow("%s, both held", order) << Step::HoldCredit << aliceFirst << 0;
        QTest::addRow("%s, applied", order) << Step::Applied << aliceFirst << 0;
        QTest::addRow("%s, debit posted", order) << Step::PostDebit << aliceFirst << 0;
        QTest::addRow("%s, both posted, still applied", order) << Step::PostCredit << aliceFirst << 0;
        QTest::addRow("%s, done", order) << Step::Done << aliceFirst << 0;
        QTest::addRow("%s, debit posted, then 40 more", order) << Step::PostDebit << aliceFirst << 40;
        QTest::addRow("%s, done, then 40 more", order) << Step::Done << aliceFirst << 40;
    }
}

void TestWholeAccounts::aReadingAcrossATransferCountsItOnce()
{
    QFETCH(Step, step);
    QFETCH(bool, aliceFirst);
    QFETCH(int, moreTransfers);
    TempStore t;
    Store &reader = t.store();
    const QString alice = QStringLiteral("alice"), bob = QStringLiteral("bob");
    openAccounts(reader, {alice, bob}, 1000);
    auto writer = openStore(t.config());
    QVERIFY2(writer.ok(), qPrintable(writer.error().toString()));

    CommitPointReading reading;
    QList<Account> read;
    const Error e = reader.withSnapshot([&]() -> Error {
        auto first = reader.account(aliceFirst ? alice : bob);
        if (!first.ok())
            return first.error();
        read << *first;
        CoordinatorOptions stop;
        stop.hook = abandonAfterHook(step);
        if (!Coordinator(**writer, stop).transfer({alice, bob, 300, QString(), QString()}).tx)
            return makeError(ErrorCode::Internal, QStringLiteral("the transfer made no document"));
        Coordinator more(**writer, {});
        for (int i = 0; i < moreTransfers; ++i) {
            const TxOutcome o = more.transfer({alice, bob, 1, QString(), QString()});
            if (!o.ok())
                return o.error;
        }
        auto second = reader.account(aliceFirst ? bob : alice);
        if (!second.ok())
            return second.error();
        read << *second;
        return reading.readInSnapshot(reader, read);
    });
    QVERIFY2(e.ok(), qPrintable(e.toString()));
    const Error completed = reading.completeAfterSnapshot(reader);
    QVERIFY2(completed.ok(), qPrintable(completed.toString()));
    // One state the two accounts were in, counted whole: as before the transfer (a snapshot
    // taken at the first read, SQL), or as after everything — the 300 counted on both once the
    // transfer passed its commit point, on neither before; the others, done, on both. DynamoDB
    // reads each item as it is, so there it is after everything.
    const bool committed = step >= Step::Applied && step <= Step::Done;
    const qint64 moved = (committed ? 300 : 0) + moreTransfers;
    QHash<QString, qint64> whole;
    for (const Account &a : std::as_const(read))
        whole.insert(a.id, a.balance + reading.adjustments().value(a.id));
    const bool before = whole.value(alice) == 1000 && whole.value(bob) == 1000;
    const bool after = whole.value(alice) == 1000 - moved && whole.value(bob) == 1000 + moved;
    QVERIFY2(onDynamo() ? after : before || after,
             qPrintable(QStringLiteral("alice %1, bob %2 (%3 moved)").arg(whole.value(alice)).arg(whole.value(bob)).arg(moved)));
}

QTEST_MAIN(TestWholeAccounts)
#include "tst_wholeaccounts.moc"
