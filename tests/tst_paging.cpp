// Pages read from the nearer end of a listing are exactly the pages read from its start: for
// every sort the console offers, both directions, ties in the sort key (broken by id), pages
// that run past the end, and a filter. Pages read from a row (key paging) are exactly the rows
// after or before it; a page read near a deep position lands near it, and exactly at the ends.
#include "store/paging.h"
#include "testsupport.h"

#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {
constexpr int kRows = 137;

// The listing a row of samePages_data() names: its sort, direction and filter.
TxQuery listingOfRow()
{
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(bool, filtered);
    TxQuery base;
    base.sortKey = TxSortKey(sortKey);
    base.descending = descending;
    if (filtered)
        base.state = TxState::Done;
    return base;
}
} // namespace

class TestPaging : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void samePages_data();
    void samePages();
    void whichEnd_data();
    void whichEnd();
    void pagesFromARow_data() { samePages_data(); }
    void pagesFromARow();
    void nearAPosition_data();
    void nearAPosition();
    void nearAPositionOfUnevenValues();
    void idsBetween_data();
    void idsBetween();
    void accountsNearAPosition_data();
    void accountsNearAPosition();
    void journalNearAPosition_data() { accountsNearAPosition_data(); }
    void journalNearAPosition();

private:
    std::unique_ptr<TempStore> m_store;
};

void TestPaging::initTestCase()
{
    m_store = std::make_unique<TempStore>();
    RawSql raw(m_store->path());
    // Times repeat every 10 rows and amounts every 7, so most sort keys tie and the id decides.
    QVERIFY(raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                    "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                    "last_modified, owner, epoch, attempts) "
                                    "SELECT printf('tx-page-%03d', (i * 37) % 1000), 'transfer', 'a', 'b', 100 + (i % 7), '', "
                                    "CASE WHEN i % 3 = 0 THEN 'done' WHEN i % 3 = 1 THEN 'canceled' ELSE 'pending' END, "
                                    "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 10) || ' seconds'), "
                                    "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i % 10) || ' seconds'), 'seed', 1, 1 FROM n")
                         .arg(kRows)));
}

void TestPaging::samePages_data()
{
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<bool>("filtered");
    const QList<QPair<const char *, TxSortKey>> keys{{"created", TxSortKey::CreatedAt},
                                                     {"modified", TxSortKey::LastModified},
                                                     {"amount", TxSortKey::Amount},
                                                     {"state", TxSortKey::State},
                                                     {"id", TxSortKey::Id}};
    for (const auto &[name, key] : keys) {
        for (bool descending : {false, true}) {
            for (bool filtered : {false, true})
                QTest::addRow("%s %s%s", name, descending ? "desc" : "asc", filtered ? " done only" : "")
                    << int(key) << descending << filtered;
        }
    }
}

void TestPaging::samePages()
{
    const TxQuery base = listingOfRow();
    Store &store = m_store->store();
    const qint64 total = *store.transactionCount(base);
    QVERIFY(total > 40);
    QStringList whole;
    for (const Transaction &t : *store.transactions(base))
        whole << t.id;
    for (qint64 limit : {1, 10, 25}) {
        for (qint64 offset = 0; offset < total + 3; offset += 3) {
            QStringList page;
            for (const Transaction &t : *readPage(store, base, offset, limit, total))
                page << t.id;
            QCOMPARE(page, whole.mid(offset, limit));
        }
    }
}

void TestPaging::whichEnd_data()
{
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<qint64>("limit");
    QTest::addColumn<qint64>("total");
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<qint64>("readOffset");
    QTest::addColumn<qint64>("readLimit");
    QTest::newRow("first page") << qint64(0) << qint64(200) << qint64(1'000'000) << false << qint64(0) << qint64(200);
    QTest::newRow("last page") << qint64(999'800) << qint64(200) << qint64(1'000'000) << true << qint64(0) << qint64(200);
    QTest::newRow("last page, short") << qint64(999'900) << qint64(200) << qint64(1'000'000) << true << qint64(0) << qint64(100);
    QTest::newRow("just past the middle") << qint64(500'000) << qint64(200) << qint64(1'000'000) << true << qint64(499'800) << qint64(200);
    QTest::newRow("just before the middle") << qint64(499'800) << qint64(200) << qint64(1'000'000) << false << qint64(499'800)
                                            << qint64(200);
    QTest::newRow("past the end") << qint64(1'000'000) << qint64(200) << qint64(1'000'000) << false << qint64(1'000'000) << qint64(200);
    QTest::newRow("empty listing") << qint64(0) << qint64(200) << qint64(0) << false << qint64(0) << qint64(200);
}

void TestPaging::whichEnd()
{
    QFETCH(qint64, offset);
    QFETCH(qint64, limit);
    QFETCH(qint64, total);
    QFETCH(bool, reversed);
    QFETCH(qint64, readOffset);
    QFETCH(qint64, readLimit);
    TxQuery base;
    base.descending = true;
    const PageRead read = pageFromNearerEnd(base, offset, limit, total);
    QCOMPARE(read.reversed, reversed);
    QCOMPARE(read.query.descending, !reversed);
    QCOMPARE(read.query.offset, readOffset);
    QCOMPARE(read.query.limit, readLimit);
}

void TestPaging::pagesFromARow()
{
    const TxQuery base = listingOfRow();
    Store &store = m_store->store();
    const QList<Transaction> whole = *store.transactions(base);
    QStringList ids;
    for (const Transaction &t : whole)
        ids << t.id;
    const auto idsOf = [](const QList<Transaction> &rows) {
        QStringList list;
        for (const Transaction &t : rows)
            list << t.id;
        return list;
    };
    for (qint64 limit : {1, 10, 25}) {
        for (int i = 0; i < whole.size(); ++i) {
            QCOMPARE(idsOf(*readPageAfter(store, base, whole[i], limit)), ids.mid(i + 1, limit));
            const int from = std::max<int>(0, i - int(limit));
            QCOMPARE(idsOf(*readPageBefore(store, base, whole[i], limit)), ids.mid(from, i - from));
            QCOMPARE(idsOf(*readPageFrom(store, base, whole[i], limit)), ids.mid(i, limit));
        }
    }
}

void TestPaging::nearAPosition_data()
{
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<bool>("exact");
    const qint64 rows = 3 * kExactRows;
    QTest::newRow("age, newest first, middle") << int(TxSortKey::CreatedAt) << true << rows / 2 << false;
    QTest::newRow("age, oldest first, a third") << int(TxSortKey::CreatedAt) << false << rows / 3 << false;
    QTest::newRow("amount, largest first, middle") << int(TxSortKey::Amount) << true << rows / 2 << false;
    QTest::newRow("age, near the top") << int(TxSortKey::CreatedAt) << true << qint64(4'321) << true;
    QTest::newRow("age, near the end") << int(TxSortKey::CreatedAt) << true << rows - 4'000 << true;
    // Sorted by state, the first half of the ids canceled, the rest done: the state from the counts.
    QTest::newRow("state, canceled first, in canceled") << int(TxSortKey::State) << false << qint64(12'000) << false;
    QTest::newRow("state, canceled first, in done") << int(TxSortKey::State) << false << qint64(19'000) << false;
    QTest::newRow("state, done first, in canceled") << int(TxSortKey::State) << true << qint64(17'000) << false;
    QTest::newRow("id, largest first, middle") << int(TxSortKey::Id) << true << rows / 2 + 17 << false;
    QTest::newRow("id, smallest first, a third") << int(TxSortKey::Id) << false << rows / 3 << false;
}

void TestPaging::nearAPosition()
{
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(qint64, offset);
    QFETCH(bool, exact);
    // Evenly spread times and amounts (a second and a unit apart), with ties every other row; the
    // newer half done, the older canceled.
    static std::unique_ptr<TempStore> wide;
    if (!wide) {
        wide = std::make_unique<TempStore>();
        RawSql raw(wide->path());
        QVERIFY(raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                        "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                        "last_modified, owner, epoch, attempts) "
                                        "SELECT printf('tx-wide-%06d', i), 'transfer', 'a', 'b', 100 + i / 2, '', "
                                        "CASE WHEN i > %2 THEN 'canceled' ELSE 'done' END, "
                                        "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i / 2) || ' seconds'), "
                                        "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i / 2) || ' seconds'), 'seed', 1, 1 FROM n")
                             .arg(3 * kExactRows)
                             .arg(3 * kExactRows / 2)));
    }
    Store &store = wide->store();
    TxQuery base;
    base.sortKey = TxSortKey(sortKey);
    base.descending = descending;
    QStringList ids;
    for (const Transaction &t : *store.transactions(base))
        ids << t.id;
    const qint64 total = ids.size();
    QCOMPARE(readsExactly(base, offset, 200, total), exact); // by OFFSET, or from a value found
    const QList<Transaction> page = *readPageNear(store, base, offset, 200, total);
    QCOMPARE(page.size(), 200);
    const qsizetype at = ids.indexOf(page.first().id);
    QStringList pageIds;
    for (const Transaction &t : page)
        pageIds << t.id;
    QCOMPARE(pageIds, ids.mid(at, 200)); // a run of the listing, whatever its place
    if (exact)
        QCOMPARE(at, offset);
    else
        QVERIFY2(std::abs(at - offset) <= 2, qPrintable(QStringLiteral("landed at %1 for %2").arg(at).arg(offset)));
}

// One huge amount among small ones: the interpolated amount lies past nearly every row, the
// read from it comes back short, and the page is read exactly instead (never a short page).
void TestPaging::nearAPositionOfUnevenValues()
{
    TempStore uneven;
    RawSql raw(uneven.path());
    QVERIFY(raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                    "INSERT INTO transactions (id, kind, source, destination, amount, memo, state, created_at, "
                                    "last_modified, owner, epoch, attempts) "
                                    "SELECT printf('tx-uneven-%06d', i), 'transfer', 'a', 'b', "
                                    "CASE WHEN i = 1 THEN 1000000000000 ELSE 100 + i % 1000 END, '', 'done', "
                                    "strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'seed', 1, 1 FROM n")
                         .arg(3 * kExactRows)));
    TxQuery base;
    base.sortKey = TxSortKey::Amount;
    QStringList ids;
    for (const Transaction &t : *uneven.store().transactions(base))
        ids << t.id;
    const qint64 middle = ids.size() / 2;
    QStringList page;
    for (const Transaction &t : *readPageNear(uneven.store(), base, middle, 200, ids.size()))
        page << t.id;
    QCOMPARE(page, ids.mid(middle, 200));
}

void TestPaging::idsBetween_data()
{
    QTest::addColumn<QString>("a");
    QTest::addColumn<QString>("b");
    QTest::addColumn<double>("fraction");
    QTest::addColumn<QString>("after");  // the id found sorts after this one…
    QTest::addColumn<QString>("before"); // …and before this one
    QTest::newRow("decimal, half") << "tx-00000001"
                                   << "tx-10000000" << 0.5 << "tx-05000000"
                                   << "tx-05000001";
    QTest::newRow("decimal, a quarter, the other way") << "tx-10000000"
                                                       << "tx-00000000" << 0.75 << "tx-02499999"
                                                       << "tx-02500001";
    QTest::newRow("decimal, the start") << "tx-00000000"
                                        << "tx-10000000" << 0.0 << "tx-"
                                        << "tx-00000001";
    QTest::newRow("decimal, past the end: clamped") << "tx-00000000"
                                                    << "tx-10000000" << 1.5 << "tx-09999999"
                                                    << "tx-10000001";
    QTest::newRow("shorter against longer") << "tx-5"
                                            << "tx-59999" << 0.5 << "tx-54999"
                                            << "tx-55000";
    // Time-ordered ids (identifiers.h): the middle of two times is between them, near its half.
    QTest::newRow("ULIDs") << "tx-01JQ0000000000000000000000"
                           << "tx-01JR0000000000000000000000" << 0.5 << "tx-01JQH"
                           << "tx-01JQZ";
    QTest::newRow("small letters") << "acct-aaaa"
                                   << "acct-zzzz" << 0.5 << "acct-m"
                                   << "acct-n";
    QTest::newRow("one id") << "tx-7"
                            << "tx-7" << 0.3 << "tx-6"
                            << "tx-8";
}

void TestPaging::idsBetween()
{
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(double, fraction);
    QFETCH(QString, after);
    QFETCH(QString, before);
    const QString id = idBetween(a, b, fraction);
    QVERIFY2(id > after && id < before, qPrintable(QStringLiteral("%1 not between %2 and %3").arg(id, after, before)));
}

void TestPaging::accountsNearAPosition_data()
{
    QTest::addColumn<bool>("descending");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<bool>("exact");
    const qint64 rows = 3 * kExactRows;
    QTest::newRow("middle") << false << rows / 2 + 13 << false;
    QTest::newRow("a third, last first") << true << rows / 3 << false;
    QTest::newRow("near the top") << false << qint64(1'234) << true;
    QTest::newRow("near the end: from there") << false << rows - 2'345 << true;
    QTest::newRow("the last page") << false << rows - 150 << true;
}

// Accounts are listed by id: a jump deep in the list reads after an interpolated id, near the
// place; near either end, exactly there.
void TestPaging::accountsNearAPosition()
{
    QFETCH(bool, descending);
    QFETCH(qint64, offset);
    QFETCH(bool, exact);
    static std::unique_ptr<TempStore> many;
    if (!many) {
        many = std::make_unique<TempStore>();
        RawSql raw(many->path());
        QVERIFY(raw.exec(QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                                        "INSERT INTO accounts (id, name, status, created_at, last_modified) "
                                        "SELECT printf('acct-%06d', i), 'n', 'open', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), "
                                        "strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n")
                             .arg(3 * kExactRows)));
    }
    Store &store = many->store();
    AccountQuery base;
    base.descending = descending;
    QStringList ids;
    for (const Account &a : *store.accounts(base))
        ids << a.id;
    const qint64 total = ids.size();
    QCOMPARE(nearAnEnd(offset, 200, total), exact);
    auto read = accountPageNear(store, base, offset, 200, total);
    QVERIFY2(read.ok(), qPrintable(read.error().toString()));
    QCOMPARE(read->exact, exact);
    QList<Account> page = *store.accounts(read->query);
    if (read->reversed)
        std::reverse(page.begin(), page.end());
    QCOMPARE(page.size(), int(qMin<qint64>(200, total - offset)));
    QStringList pageIds;
    for (const Account &a : page)
        pageIds << a.id;
    const qsizetype at = ids.indexOf(pageIds.first());
    QCOMPARE(pageIds, ids.mid(at, pageIds.size())); // a run of the listing
    if (exact)
        QCOMPARE(at, offset);
    else
        QVERIFY2(std::abs(at - offset) <= 2, qPrintable(QStringLiteral("landed at %1 for %2").arg(at).arg(offset)));
}

// The journal is listed by time (then seq): a jump deep in it reads from an interpolated time.
void TestPaging::journalNearAPosition()
{
    QFETCH(bool, descending); // here: oldest first
    QFETCH(qint64, offset);
    QFETCH(bool, exact);
    static std::unique_ptr<TempStore> acted;
    if (!acted) {
        acted = std::make_unique<TempStore>();
        RawSql raw(acted->path());
        // A second apart, and two at each second: the seq orders the pair.
        QVERIFY(raw.exec(
            QStringLiteral("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %1) "
                           "INSERT INTO journal (doc_kind, doc_id, at, actor, event) "
                           "SELECT 'tx', printf('tx-%06d', i), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (i / 2) || ' seconds'), "
                           "'op', 'resume' FROM n")
                .arg(3 * kExactRows)));
    }
    Store &store = acted->store();
    JournalQuery base;
    base.newestFirst = !descending;
    QStringList seqs;
    for (const JournalEntry &e : *store.journalEntries(base))
        seqs << QString::number(e.seq);
    const qint64 total = seqs.size();
    QCOMPARE(total, 3 * kExactRows);
    auto read = journalPageNear(store, base, offset, 200, total);
    QVERIFY2(read.ok(), qPrintable(read.error().toString()));
    QCOMPARE(read->exact, exact);
    QList<JournalEntry> page = *store.journalEntries(read->query);
    if (read->reversed)
        std::reverse(page.begin(), page.end());
    QCOMPARE(page.size(), int(qMin<qint64>(200, total - offset)));
    QStringList pageSeqs;
    for (const JournalEntry &e : page)
        pageSeqs << QString::number(e.seq);
    const qsizetype at = seqs.indexOf(pageSeqs.first());
    QCOMPARE(pageSeqs, seqs.mid(at, pageSeqs.size())); // a run of the listing
    if (exact)
        QCOMPARE(at, offset);
    else
        QVERIFY2(std::abs(at - offset) <= 2, qPrintable(QStringLiteral("landed at %1 for %2").arg(at).arg(offset)));
}

QTEST_GUILESS_MAIN(TestPaging)
#include "tst_paging.moc"
