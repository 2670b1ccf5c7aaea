// Exports (tableexport.h) and the incident report (incidentreport.h): CSV read back with the
// RFC 4180 reader and compared with the store, JSON parsed and checked, pages crossed, a stop
// honoured, a failing device reported, and the report's sections and escaping.
#include "interchange/csv.h"
#include "interchange/incidentreport.h"
#include "ledger/money.h"
#include "operations/operatoractions.h"
#include "protocol/faults.h"
#include "interchange/tableexport.h"
#include "testsupport.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace ledger;
using namespace ledger::test;

Q_DECLARE_METATYPE(ledger::ExportSpec::Table)

namespace {

// A device whose writes fail after `room` bytes: a full disk.
class FullDevice : public QIODevice {
public:
    explicit FullDevice(qint64 room)
        : m_room(room)
    {
        open(QIODevice::WriteOnly);
        setErrorString(QStringLiteral("No space left on device"));
    }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *, qint64 size) override
    {
        if (size > m_room)
            return -1;
        m_room -= size;
        return size;
    }

private:
    qint64 m_room;
};

QByteArray exportToBytes(Store &s, const ExportSpec &spec, ExportFormat format, qint64 *rows = nullptr)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    auto written = exportTable(s, spec, format, buffer);
    if (!written.ok())
        qWarning("%s", qPrintable(written.error().toString()));
    if (rows)
        *rows = written.ok() ? *written : -1;
    return buffer.data();
}

} // namespace

class TestExports : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void csvMatchesTheStore_data();
    void csvMatchesTheStore();
    void jsonIsValidAndAgreesWithCsv_data();
    void jsonIsValidAndAgreesWithCsv();
    void transactionsCarryTheirClaims_data();
    void transactionsCarryTheirClaims();
    void crossesPagesWithoutGapsOrRepeats();
    void pagesByKeyInEveryOrder_data();
    void pagesByKeyInEveryOrder();
    void limitAndOffset();
    void stopsWhenAsked_data();
    void stopsWhenAsked();
    void fullDiskIsAnError();
    void findings();
    void incidentReport();
    void incidentReportOfManyLegs();
    void incidentReportKeepsNumbersWhole();

private:
    std::unique_ptr<TempStore> m_store;
    QString m_doneId;
    QString m_canceledId;
};

void TestExports::initTestCase()
{
    m_store = std::make_unique<TempStore>();
    Store &s = m_store->store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 100000);
    QVERIFY(s.createAccount(QStringLiteral("comma"), QStringLiteral("Smith, \"Jr\"\nline two"), QStringLiteral("op")).ok());
    Coordinator c(s, {});
    for (int i = 0; i < 30; ++i)
        c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 100 + i, QStringLiteral("memo, \"%1\"").arg(i), QString()});
    m_doneId = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 7, QStringLiteral("<b>bold</b> & co"), QString()}).tx->id;
    m_canceledId = c.transfer({QStringLiteral("bob"), QStringLiteral("alice"), 99'999'999, QString(), QString()}).tx->id;
    QVERIFY(c.compensate(m_doneId, QStringLiteral("duplicate <payment>")).ok());
    QVERIFY(s.setAccountStatus(QStringLiteral("bob"), AccountStatus::Frozen, QStringLiteral("carol"), QStringLiteral("fraud check")).ok());
}

void TestExports::csvMatchesTheStore_data()
{
    QTest::addColumn<ExportSpec::Table>("table");
    QTest::newRow("accounts") << ExportSpec::Table::Accounts;
    QTest::newRow("transactions") << ExportSpec::Table::Transactions;
    QTest::newRow("operator actions") << ExportSpec::Table::Journal;
}

void TestExports::csvMatchesTheStore()
{
    QFETCH(ExportSpec::Table, table);
    Store &s = m_store->store();
    ExportSpec spec;
    spec.table = table;
    spec.journal = operatorActionsQuery(ActionsPreset::All, QString());
    qint64 rows = 0;
    const QByteArray bytes = exportToBytes(s, spec, ExportFormat::Csv, &rows);
    const auto parsed = csv::parse(QString::fromUtf8(bytes));
    QVERIFY2(parsed, bytes.left(400).constData());
    QCOMPARE(parsed->first(), exportColumns(table));
    QCOMPARE(parsed->size() - 1, rows);

    // Every row against the store's own documents, field by field where it matters.
    const QList<QStringList> body = parsed->mid(1);
    switch (table) {
    case ExportSpec::Table::Accounts: {
        const QList<Account> accounts = *s.accounts({});
        QCOMPARE(body.size(), accounts.size());
        for (int i = 0; i < accounts.size(); ++i) {
            QCOMPARE(body[i][0], accounts[i].id);
            QCOMPARE(body[i][1], accounts[i].name); // commas, quotes and a line break survive
        }
        // The balances initTestCase leaves, worked out by hand: 1000.00 each from @world, 30
        // transfers alice → bob of 1.00 to 1.29 (34.35 in all), 0.07 paid and compensated, one
        // refused.
        QCOMPARE(body.size(), 4);
        const QList<QStringList> balances{{"@world", "-2000.00"}, {"alice", "965.65"}, {"bob", "1034.35"}, {"comma", "0.00"}};
        for (int i = 0; i < body.size(); ++i)
            QCOMPARE((QStringList{body[i][0], body[i][3]}), balances[i]);
        break;
    }
    case ExportSpec::Table::Transactions: {
        const QList<Transaction> txs = *s.transactions({});
        QCOMPARE(body.size(), txs.size());
        for (int i = 0; i < txs.size(); ++i) {
            QCOMPARE(body[i][0], txs[i].id);
            QCOMPARE(body[i][8], txs[i].memo);
            QCOMPARE(body[i][9], nameOf(txs[i].state));
        }
        break;
    }
    case ExportSpec::Table::Journal: {
        const QList<JournalEntry> entries = *s.journalEntries(spec.journal);
        QCOMPARE(body.size(), entries.size());
        for (int i = 0; i < entries.size(); ++i) {
            QCOMPARE(body[i][0], QString::number(entries[i].seq));
            QCOMPARE(body[i][10], entries[i].detail);
        }
        QVERIFY(std::any_of(body.cbegin(), body.cend(), [](const QStringList &r) { return r[10] == QLatin1String("fraud check"); }));
        break;
    }
    }
}

void TestExports::jsonIsValidAndAgreesWithCsv_data() { csvMatchesTheStore_data(); }

void TestExports::jsonIsValidAndAgreesWithCsv()
{
    QFETCH(ExportSpec::Table, table);
    ExportSpec spec;
    spec.table = table;
    spec.journal = operatorActionsQuery(ActionsPreset::All, QString());
    const QByteArray json = exportToBytes(m_store->store(), spec, ExportFormat::Json);
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QVERIFY(doc.isArray());
    const auto rows = *csv::parse(QString::fromUtf8(exportToBytes(m_store->store(), spec, ExportFormat::Csv)));
    const QJsonArray array = doc.array();
    QCOMPARE(array.size(), rows.size() - 1);
    const QStringList columns = exportColumns(table);
    for (int i = 0; i < array.size(); ++i) {
        const QJsonObject o = array.at(i).toObject();
        for (const QString &column : columns) {
            QVERIFY2(o.contains(column), qPrintable(column));
            const QJsonValue v = o.value(column);
            // A transaction's entries are "side:account:amount", space-separated, in a CSV cell.
            QStringList entries;
            for (const QJsonValue &e : v.toArray())
                entries << QStringLiteral("%1:%2:%3")
                               .arg(e[QLatin1String("side")].toString(), e[QLatin1String("accountId")].toString(),
                                    e[QLatin1String("amount")].toString());
            const QString asText = v.isString() ? v.toString()
                                 : v.isDouble() ? QString::number(v.toInteger())
                                 : v.isArray()  ? entries.join(QLatin1Char(' '))
                                                : QString();
            QCOMPARE(rows[i + 1][columns.indexOf(column)], asText);
        }
    }
}

void TestExports::transactionsCarryTheirClaims_data()
{
    QTest::addColumn<qint64>("pageRows");
    QTest::newRow("one page") << qint64(5000);
    QTest::newRow("a page per row") << qint64(1); // each page reads its own claims
}

void TestExports::transactionsCarryTheirClaims()
{
    // The Stuck view leads with who is on each; its export says it too: claimedBy, claimedAt and
    // claimNote, empty (null) where nobody is, and a finished transaction's claim ended with it.
    QFETCH(qint64, pageRows);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob")}, 100000);
    // Left after its debit was held, its worker gone (a hook of its own each: a hook counts).
    const auto leaveStuck = [&](qint64 amount) {
        CoordinatorOptions stuck;
        stuck.leaseMs = 1;
        stuck.hook = abandonAfterHook(Step::HoldDebit);
        return Coordinator(s, stuck).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()}).tx->id;
    };
    const QString claimed = leaveStuck(100);
    const QString quiet = leaveStuck(200);
    const QString note = leaveStuck(300);
    const QString finished =
        Coordinator(s, {}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), 400, QString(), QString()}).tx->id;
    const JournalEntry claim = *s.addRemark(claimed, Remark::Claim, QStringLiteral("dave"), QStringLiteral("on the phone, \"bank\""));
    QVERIFY(s.addRemark(quiet, Remark::Claim, QStringLiteral("erin"), QString()).ok());
    QVERIFY(s.addRemark(quiet, Remark::Release, QStringLiteral("erin"), QString()).ok());
    QVERIFY(s.addRemark(note, Remark::Claim, QStringLiteral("frank"), QString()).ok());
    QVERIFY(s.addRemark(finished, Remark::Claim, QStringLiteral("grace"), QStringLiteral("too late")).ok()); // it is done

    ExportSpec spec;
    spec.table = ExportSpec::Table::Transactions;
    spec.pageRows = pageRows;
    const auto csv = csv::parse(QString::fromUtf8(exportToBytes(s, spec, ExportFormat::Csv)));
    QVERIFY(csv);
    const QStringList header = csv->first();
    const int by = int(header.indexOf(QStringLiteral("claimedBy")));
    const int at = int(header.indexOf(QStringLiteral("claimedAt")));
    const int text = int(header.indexOf(QStringLiteral("claimNote")));
    QVERIFY(by >= 0 && at >= 0 && text >= 0);
    QHash<QString, QStringList> rows;
    for (const QStringList &row : csv->mid(1))
        rows.insert(row.first(), QStringList{row[by], row[at], row[text]});
    const qint64 all = *s.transactionCount({}); // with the accounts' openings
    QCOMPARE(rows.size(), all);
    QCOMPARE(rows.value(claimed),
             (QStringList{QStringLiteral("dave"), formatTimestamp(claim.at), QStringLiteral("on the phone, \"bank\"")}));
    QCOMPARE(rows.value(quiet), (QStringList{QString(), QString(), QString()}));
    QCOMPARE(rows.value(note).at(0), QStringLiteral("frank"));
    QCOMPARE(rows.value(note).at(2), QString());
    QCOMPARE(rows.value(finished), (QStringList{QString(), QString(), QString()}));

    const QJsonArray json = QJsonDocument::fromJson(exportToBytes(s, spec, ExportFormat::Json)).array();
    QCOMPARE(json.size(), all);
    for (const QJsonValue &v : json) {
        const QJsonObject o = v.toObject();
        const QString id = o.value(QLatin1String("id")).toString();
        if (id == claimed) {
            QCOMPARE(o.value(QLatin1String("claimedBy")).toString(), QStringLiteral("dave"));
            QCOMPARE(o.value(QLatin1String("claimedAt")).toString(), formatTimestamp(claim.at));
            QCOMPARE(o.value(QLatin1String("claimNote")).toString(), QStringLiteral("on the phone, \"bank\""));
        } else if (id == note) {
            QCOMPARE(o.value(QLatin1String("claimedBy")).toString(), QStringLiteral("frank"));
            QVERIFY(o.value(QLatin1String("claimNote")).isNull());
        } else {
            for (const char *key : {"claimedBy", "claimedAt", "claimNote"})
                QVERIFY2(o.contains(QLatin1String(key)) && o.value(QLatin1String(key)).isNull(),
                         qPrintable(id + QLatin1Char(' ') + QLatin1String(key)));
        }
    }
}

void TestExports::crossesPagesWithoutGapsOrRepeats()
{
    // More rows than one page (5000): every id once, in the listing's order.
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("a")}, 1);
    for (int i = 0; i < 12'003; ++i)
        QVERIFY(s.createAccount(QStringLiteral("x%1").arg(i, 6, 10, QLatin1Char('0')), QString(), QStringLiteral("op")).ok());
    ExportSpec spec;
    spec.table = ExportSpec::Table::Accounts;
    QList<qint64> progress;
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    ExportProgress p;
    p.rowsWritten = [&](qint64 rows) { progress << rows; };
    auto rows = exportTable(s, spec, ExportFormat::Csv, buffer, p);
    QVERIFY(rows.ok());
    QCOMPARE(*rows, qint64(12'005)); // + a and @world
    QCOMPARE(progress, (QList<qint64>{5000, 10000, 12005}));
    const auto parsed = *csv::parse(QString::fromUtf8(buffer.data()));
    QSet<QString> ids;
    for (int i = 1; i < parsed.size(); ++i)
        ids.insert(parsed[i][0]);
    QCOMPARE(ids.size(), 12'005);
}

void TestExports::pagesByKeyInEveryOrder_data()
{
    QTest::addColumn<int>("sortKey");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<int>("offset");
    for (TxSortKey key : {TxSortKey::CreatedAt, TxSortKey::LastModified, TxSortKey::Amount, TxSortKey::State, TxSortKey::Id}) {
        for (bool descending : {false, true}) {
            const QString name =
                QStringLiteral("%1 %2").arg(sortColumnOf(key), descending ? QStringLiteral("desc") : QStringLiteral("asc"));
            QTest::newRow(qPrintable(name)) << int(key) << descending << 0;
            QTest::newRow(qPrintable(name + QStringLiteral(", from row 5"))) << int(key) << descending << 5;
        }
    }
}

void TestExports::pagesByKeyInEveryOrder()
{
    if (onDynamo())
        QSKIP("plants its rows by SQL");
    // Pages of 4 rows, each read after the last row of the one before (not by OFFSET): the same
    // rows in the same order as one read of the whole listing — with ties in every sort column
    // across page boundaries (amounts repeat, several documents share one created_at).
    QFETCH(int, sortKey);
    QFETCH(bool, descending);
    QFETCH(int, offset);
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("a"), QStringLiteral("b")}, 100'000);
    Coordinator c(s);
    for (int i = 0; i < 23; ++i)
        QVERIFY(c.transfer({i % 2 ? QStringLiteral("a") : QStringLiteral("b"),
                            i % 2 ? QStringLiteral("b") : QStringLiteral("a"),
                            100 * (1 + i % 3),
                            {},
                            {}})
                    .ok());
    QVERIFY(!c.transfer({QStringLiteral("a"), QStringLiteral("b"), 10'000'000, {}, {}}).ok()); // a canceled one
    {
        RawSql raw(t.path());
        QVERIFY(raw.exec(QStringLiteral("UPDATE transactions SET created_at = (SELECT MIN(created_at) FROM transactions) "
                                        "WHERE amount = 200")));
    }
    ExportSpec spec;
    spec.table = ExportSpec::Table::Transactions;
    spec.transactions.sortKey = TxSortKey(sortKey);
    spec.transactions.descending = descending;
    spec.transactions.offset = offset;
    spec.pageRows = 4;
    const QJsonArray rows = QJsonDocument::fromJson(exportToBytes(s, spec, ExportFormat::Json)).array();
    TxQuery whole = spec.transactions;
    const QList<Transaction> expected = *s.transactions(whole);
    QCOMPARE(expected.size(), 2 + 23 + 1 - offset); // the openings, the transfers, the refusal
    QStringList got, want;
    for (const QJsonValue &row : rows)
        got << row.toObject().value(QStringLiteral("id")).toString();
    for (const Transaction &tx : expected)
        want << tx.id;
    QCOMPARE(got, want);

    // Accounts (by id) and the journal (by seq, both directions) page by key too.
    spec = ExportSpec{};
    spec.pageRows = 2;
    spec.table = ExportSpec::Table::Accounts;
    QCOMPARE(QJsonDocument::fromJson(exportToBytes(s, spec, ExportFormat::Json)).array().size(), 3); // a, b, @world
    spec.table = ExportSpec::Table::Journal;
    spec.journal.newestFirst = descending;
    spec.pageRows = 7;
    const QJsonArray journal = QJsonDocument::fromJson(exportToBytes(s, spec, ExportFormat::Json)).array();
    const QList<JournalEntry> entries = *s.journalEntries(spec.journal);
    QCOMPARE(journal.size(), entries.size());
    for (int i = 0; i < entries.size(); ++i)
        QCOMPARE(journal.at(i).toObject().value(QStringLiteral("seq")).toInteger(), entries.at(i).seq);
}

void TestExports::limitAndOffset()
{
    ExportSpec spec;
    spec.table = ExportSpec::Table::Transactions;
    spec.transactions.state = TxState::Done;
    spec.transactions.offset = 3;
    spec.transactions.limit = 4;
    qint64 rows = 0;
    const auto parsed = *csv::parse(QString::fromUtf8(exportToBytes(m_store->store(), spec, ExportFormat::Csv, &rows)));
    QCOMPARE(rows, qint64(4));
    TxQuery q = spec.transactions;
    const QList<Transaction> expected = *m_store->store().transactions(q);
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(parsed[i + 1][0], expected[i].id);
        QCOMPARE(parsed[i + 1][9], QStringLiteral("done"));
    }
}

void TestExports::stopsWhenAsked_data()
{
    QTest::addColumn<ExportSpec::Table>("table");
    QTest::newRow("transactions") << ExportSpec::Table::Transactions;
    QTest::newRow("journal") << ExportSpec::Table::Journal;
}

void TestExports::stopsWhenAsked()
{
    // Pages of 4 rows, asked to stop once 8 are written: the export ends there, interrupted, with
    // the header and those two pages written (the rows a whole export begins with) and nothing after.
    QFETCH(ExportSpec::Table, table);
    Store &s = m_store->store();
    ExportSpec spec;
    spec.table = table;
    spec.pageRows = 4;
    const auto whole = *csv::parse(QString::fromUtf8(exportToBytes(s, spec, ExportFormat::Csv)));
    QVERIFY2(whole.size() > 13, qPrintable(QString::number(whole.size()))); // well past where it stops
    QList<qint64> reported;
    ExportProgress p;
    p.rowsWritten = [&](qint64 rows) { reported << rows; };
    p.shouldStop = [&] { return !reported.isEmpty() && reported.last() >= 8; };
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    auto rows = exportTable(s, spec, ExportFormat::Csv, buffer, p);
    QCOMPARE(rows.code(), ErrorCode::Interrupted);
    QCOMPARE(rows.error().message, QStringLiteral("the export was stopped after 8 rows"));
    QCOMPARE(reported, (QList<qint64>{4, 8}));
    QCOMPARE(*csv::parse(QString::fromUtf8(buffer.data())), whole.mid(0, 9));

    // Asked before anything is read: the header alone.
    p.shouldStop = [] { return true; };
    QBuffer none;
    none.open(QIODevice::WriteOnly);
    rows = exportTable(s, spec, ExportFormat::Csv, none, p);
    QCOMPARE(rows.code(), ErrorCode::Interrupted);
    QCOMPARE(rows.error().message, QStringLiteral("the export was stopped after 0 rows"));
    QCOMPARE(*csv::parse(QString::fromUtf8(none.data())), whole.mid(0, 1));
}

void TestExports::fullDiskIsAnError()
{
    ExportSpec spec;
    spec.table = ExportSpec::Table::Transactions;
    FullDevice device(300);
    auto rows = exportTable(m_store->store(), spec, ExportFormat::Csv, device);
    QCOMPARE(rows.code(), ErrorCode::OutputFailed);
    QVERIFY2(rows.error().message.contains(QStringLiteral("No space left")), qPrintable(rows.error().message));
}

void TestExports::findings()
{
    AuditFinding f;
    f.invariant = 2;
    f.code = QStringLiteral("pending-mismatch");
    f.message = QStringLiteral("alice: pending, debits \"3\" ≠ 4");
    f.transactions = {QStringLiteral("tx-1"), QStringLiteral("tx-2")};
    f.accounts = {QStringLiteral("alice")};
    QBuffer csvOut;
    csvOut.open(QIODevice::WriteOnly);
    QCOMPARE(*exportFindings({f}, ExportFormat::Csv, csvOut), qint64(1));
    const auto parsed = *csv::parse(QString::fromUtf8(csvOut.data()));
    QCOMPARE(parsed, (QList<QStringList>{findingColumns(), {"2", "pending-mismatch", f.message, "tx-1 tx-2", "alice"}}));
    QBuffer jsonOut;
    jsonOut.open(QIODevice::WriteOnly);
    QCOMPARE(*exportFindings({}, ExportFormat::Json, jsonOut), qint64(0));
    QCOMPARE(jsonOut.data(), QByteArray("[]\n"));

    // Two findings as JSON, written out: every field, the lists as lists, the message escaped.
    AuditFinding g;
    g.invariant = 5;
    g.code = QStringLiteral("orphan-leg");
    g.message = QStringLiteral("a leg of tx-9 on bob, and no tx-9");
    g.ids = {QStringLiteral("tx-9")};
    QBuffer two;
    two.open(QIODevice::WriteOnly);
    QCOMPARE(*exportFindings({f, g}, ExportFormat::Json, two), qint64(2));
    QCOMPARE(QString::fromUtf8(two.data()),
             QStringLiteral("[\n"
                            "{\"accounts\":[\"alice\"],\"code\":\"pending-mismatch\",\"ids\":[],\"invariant\":2,"
                            "\"message\":\"alice: pending, debits \\\"3\\\" \u2260 4\",\"transactions\":[\"tx-1\",\"tx-2\"]},\n"
                            "{\"accounts\":[],\"code\":\"orphan-leg\",\"ids\":[\"tx-9\"],\"invariant\":5,"
                            "\"message\":\"a leg of tx-9 on bob, and no tx-9\",\"transactions\":[]}\n"
                            "]\n"));
    // And as CSV, a row each.
    QBuffer twoCsv;
    twoCsv.open(QIODevice::WriteOnly);
    QCOMPARE(*exportFindings({f, g}, ExportFormat::Csv, twoCsv), qint64(2));
    QCOMPARE(*csv::parse(QString::fromUtf8(twoCsv.data())),
             (QList<QStringList>{{"invariant", "code", "message", "transactions", "accounts"},
                                 {"2", "pending-mismatch", "alice: pending, debits \"3\" \u2260 4", "tx-1 tx-2", "alice"},
                                 {"5", "orphan-leg", "a leg of tx-9 on bob, and no tx-9", "", ""}}));
}

void TestExports::incidentReport()
{
    Store &s = m_store->store();
    auto report = loadIncidentReport(s, m_doneId);
    QVERIFY(report.ok());
    QCOMPARE(report->detail.legs.size(), 2);
    // The compensation's link and bob's freeze are operator actions on it or its accounts.
    QStringList events;
    for (const JournalEntry &j : report->operatorActions)
        events << j.event;
    QVERIFY2(events.contains(QStringLiteral("linked")) && events.contains(QStringLiteral("frozen")), qPrintable(events.join(',')));
    const QString html = incidentReportHtml(*report, QStringLiteral("dana <ops>"));
    for (const QString &section : {QStringLiteral("The document"), QStringLiteral("Leg markers"), QStringLiteral("Accounts now"),
                                   QStringLiteral("Timeline"), QStringLiteral("Operator actions")})
        QVERIFY2(html.contains(section), qPrintable(section));
    QVERIFY(html.contains(m_doneId));
    QVERIFY(html.contains(QStringLiteral("&lt;b&gt;bold&lt;/b&gt; &amp; co"))); // the memo is text, not markup
    QVERIFY(html.contains(QStringLiteral("dana &lt;ops&gt;")));
    QVERIFY(html.contains(QStringLiteral("duplicate &lt;payment&gt;")));
    QVERIFY(!html.contains(QStringLiteral("<b>bold")));
    QCOMPARE(loadIncidentReport(s, QStringLiteral("tx-01NOSUCHTHING00000000000")).code(), ErrorCode::NotFound);
    // Operator actions in the console's words: "Acted on" (it said "To"), what the operator did
    // ("compensate", where the journal says "linked"), and an account's name said to be one
    // (it stood bare under "Why / detail", where a reason goes).
    const QRegularExpression header(QStringLiteral("<th[^>]*>([^<]*)</th>"));
    QStringList headers;
    for (const QRegularExpressionMatch &m : header.globalMatch(html))
        headers << m.captured(1);
    // (Who and why on a row of their own under each action, so that the table fits the page.)
    QVERIFY2(headers.join(QLatin1Char('|')).endsWith(QStringLiteral("At|Did|Acted on")), qPrintable(headers.join(QLatin1Char('|'))));
    QVERIFY2(html.contains(QStringLiteral(">compensate</span></td><td><span style='white-space:nowrap'>") + m_doneId), qPrintable(html));
    QVERIFY2(html.contains(QStringLiteral("<span style='color:#555'>Why / detail</span> name: BOB</td>")), qPrintable(html));
    QVERIFY2(html.contains(QStringLiteral("<span style='color:#555'>Who</span> ")), qPrintable(html));
    QVERIFY(!html.contains(QStringLiteral("<td>BOB</td></tr>")));
    // Money is aligned right, as in the console: the legs' amounts, the accounts' four sums.
    const QRegularExpression rightAmount(
        QStringLiteral("<td align='right'><span style='white-space:nowrap'>-?[0-9,]+\\.[0-9]{2}</span></td>"));
    int right = 0;
    for (auto it = rightAmount.globalMatch(html); it.hasNext(); it.next())
        ++right;
    QCOMPARE(right, 2 + 2 * 4);
}

void TestExports::incidentReportOfManyLegs()
{
    TempStore t;
    Store &s = t.store();
    openAccounts(s, {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}, 1000);
    TransferRequest split;
    split.legs = {{QStringLiteral("alice"), LegSide::Debit, 300},
                  {QStringLiteral("bob"), LegSide::Credit, 200},
                  {QStringLiteral("carol"), LegSide::Credit, 100}};
    const QString id = Coordinator(s, {}).transfer(split).tx->id;
    QVERIFY(s.setAccountStatus(QStringLiteral("carol"), AccountStatus::Frozen, QStringLiteral("dana"), QStringLiteral("audit")).ok());
    auto report = loadIncidentReport(s, id);
    QVERIFY(report.ok());
    QCOMPARE(report->detail.legs.size(), 3);
    QCOMPARE(report->detail.accounts.size(), 3);
    // Every leg's account, and the freeze of the third one, are in it.
    QStringList events;
    for (const JournalEntry &j : report->operatorActions)
        events << j.docId + QLatin1Char(':') + j.event;
    QVERIFY2(events.contains(QStringLiteral("carol:frozen")), qPrintable(events.join(',')));
    const QString html = incidentReportHtml(*report, QStringLiteral("dana"));
    QVERIFY(html.contains(QStringLiteral("alice -3.00, bob +2.00, carol +1.00")));
    for (const char *account : {"alice", "bob", "carol"})
        QVERIFY2(html.count(QLatin1String(account)) >= 3, account); // legs, markers, accounts now
}

void TestExports::incidentReportKeepsNumbersWhole()
{
    // Printed to PDF, the report broke inside values ("2026-11-17T0" / "5:44", "….re" / "v"): an
    // id, a time or an amount is an element of its own that does not wrap; only free text (a
    // memo, a name, a reason) may.
    Store &s = m_store->store();
    auto report = loadIncidentReport(s, m_doneId);
    QVERIFY(report.ok());
    const QString html = incidentReportHtml(*report, QStringLiteral("dana"));
    // `text` (escaped as the report escapes it) is the whole content of an element that does not wrap.
    const auto keptWhole = [&html](const QString &text) {
        const QRegularExpression whole(QStringLiteral("<[a-z]+\\b[^>]*(white-space:\\s*nowrap|\\snowrap\\b)[^>]*>\\s*%1\\s*<")
                                           .arg(QRegularExpression::escape(text.toHtmlEscaped())));
        return whole.match(html).hasMatch();
    };
    const Transaction &t = report->detail.tx;
    QVERIFY(!t.compensatedBy.isEmpty());
    for (const QString &whole : {t.id, t.compensatedBy, money::format(t.amount, s.scale()), formatTimestamp(t.createdAt)})
        QVERIFY2(keptWhole(whole), qPrintable(whole));
    // Every time of the timeline, every amount of the leg markers.
    QVERIFY(!report->detail.journal.isEmpty() && !report->detail.legs.isEmpty());
    for (const JournalEntry &j : report->detail.journal)
        QVERIFY2(keptWhole(formatTimestamp(j.at)), qPrintable(j.event));
    for (const LegMarker &m : report->detail.legs)
        QVERIFY2(keptWhole(money::format(m.amount, s.scale())), qPrintable(m.accountId));
    // The memo is free text: it wraps.
    QVERIFY(!keptWhole(t.memo));
    QVERIFY(html.contains(t.memo.toHtmlEscaped()));
}

QTEST_GUILESS_MAIN(TestExports)
#include "tst_exports.moc"
