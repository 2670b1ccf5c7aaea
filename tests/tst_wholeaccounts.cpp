// A page of accounts counted whole (operations/wholeaccounts.h), on every store: a transfer
// stopped after each of its writes counts on every account of any page the same as in the
// reading of every account — whole once committed, not at all before — whichever of its accounts
// the page holds. On DynamoDB a page's reading finds its candidates on the page's own items
// (DynamoStore::commitCandidatesOn), not by a Scan of the documents; this is where that is
// checked against the reading of everything.
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

QTEST_MAIN(TestWholeAccounts)
#include "tst_wholeaccounts.moc"
