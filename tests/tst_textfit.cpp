// Text cut to fit and kept from breaking (app/widgets/textfit.h): literal texts, widths in
// characters (each character one unit, "…" one), literal results. Then the rule where it is used:
// a table's delegate (its cell and its tooltip) and a document that must not wrap inside a token.

#include "exports/incidentpdf.h"
#include "interchange/incidentreport.h"
#include "ledger/documents.h"
#include "widgets/elidingdelegate.h"
#include "widgets/textfit.h"

#include <QAbstractTextDocumentLayout>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextLayout>

using namespace ledger;
using namespace ledger::app;

namespace {

int characters(const QString &s) { return int(s.size()); }

QDateTime at(const char *utc) { return QDateTime::fromString(QString::fromLatin1(utc), Qt::ISODateWithMs); }

// Every line of every block of `document` as laid out, word joiners dropped, no-break spaces as spaces.
QStringList linesOf(QTextDocument &document)
{
    document.documentLayout()->documentSize(); // lays it out: a block has no lines before
    QStringList lines;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        for (int i = 0; i < block.layout()->lineCount(); ++i) {
            const QTextLine line = block.layout()->lineAt(i);
            lines << block.text().mid(line.textStart(), line.textLength()).remove(QChar(0x2060)).replace(QChar(0xa0), QLatin1Char(' '));
        }
    }
    return lines;
}

// The tokens some of whose occurrences in `document` are split over two lines.
QStringList brokenTokens(QTextDocument &document, const QStringList &tokens)
{
    const QStringList lines = linesOf(document);
    const QString text = document.toPlainText().remove(QChar(0x2060));
    QStringList out;
    for (const QString &token : tokens) {
        qsizetype whole = 0;
        for (const QString &line : lines)
            whole += line.count(token);
        if (whole != text.count(token) || whole == 0)
            out << token;
    }
    return out;
}

} // namespace

class TestTextFit : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pieces_data();
    void pieces();
    void joints_data();
    void joints();
    void unbreakable();
    void wrappable();
    void elide_data();
    void elide();
    void elideKeepingTail_data();
    void elideKeepingTail();
    void elideLocation_data();
    void elideLocation();
    void aTableCellIsCutBetweenTokens();
    void aDocumentDoesNotWrapInsideATokenWhenKeptWhole();
    void theIncidentReportOnPaper();
};

void TestTextFit::pieces_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("words") << QStringLiteral("a  b c") << QStringList{QStringLiteral("a  "), QStringLiteral("b "), QStringLiteral("c")};
    QTest::newRow("leading spaces go with the first")
        << QStringLiteral("  lead on") << QStringList{QStringLiteral("  lead "), QStringLiteral("on")};
    QTest::newRow("an amount and an id are one token each")
        << QStringLiteral("has 20806.35 in tx-01KX.rev")
        << QStringList{QStringLiteral("has "), QStringLiteral("20806.35 "), QStringLiteral("in "), QStringLiteral("tx-01KX.rev")};
    QTest::newRow("Chinese: one ideograph each, numbers whole with their unit")
        << QStringLiteral("余额12.00元，bob")
        << QStringList{QStringLiteral("余"), QStringLiteral("额"), QStringLiteral("12.00元"), QStringLiteral("，"), QStringLiteral("bob")};
    QTest::newRow("a duration is one value") << QStringLiteral("1m 28s ago")
                                             << QStringList{QStringLiteral("1m 28s "), QStringLiteral("ago")};
    QTest::newRow("a Chinese duration too") << QStringLiteral("1分28秒前") << QStringList{QStringLiteral("1分28秒"), QStringLiteral("前")};
    QTest::newRow("a local time with its zone")
        << QStringLiteral("at 2026-11-28 06:39:39 UTC (14h ago)")
        << QStringList{QStringLiteral("at "), QStringLiteral("2026-11-28 06:39:39 UTC "), QStringLiteral("(14h "), QStringLiteral("ago)")};
    QTest::newRow("a no-break space joins") << QStringLiteral("by\u00a0dana now")
                                            << QStringList{QStringLiteral("by\u00a0dana "), QStringLiteral("now")};
    QTest::newRow("empty") << QString() << QStringList{};
}

void TestTextFit::pieces()
{
    QFETCH(QString, text);
    QFETCH(QStringList, expected);
    QCOMPARE(textfit::pieces(text), expected);
}

void TestTextFit::joints_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QList<int>>("expected");
    QTest::newRow("inside each word") << QStringLiteral("ab cd") << QList<int>{1, 4};
    QTest::newRow("an amount") << QStringLiteral("12.5") << QList<int>{1, 2, 3};
    QTest::newRow("a duration, its space too") << QStringLiteral("1m 28s") << QList<int>{1, 2, 3, 4, 5};
    QTest::newRow("between ideographs: none") << QStringLiteral("中文a") << QList<int>{};
    QTest::newRow("spaces only") << QStringLiteral("   ") << QList<int>{};
}

void TestTextFit::joints()
{
    QFETCH(QString, text);
    QFETCH(QList<int>, expected);
    QCOMPARE(textfit::joints(text), expected);
}

void TestTextFit::unbreakable()
{
    QCOMPARE(textfit::unbreakable(QStringLiteral("可用 2.5")), QStringLiteral("可\u2060用\u2060\u00a0\u20602\u2060.\u20605"));
    QCOMPARE(textfit::unbreakable(QString()), QString());
}

void TestTextFit::wrappable()
{
    // Lines may end at the spaces between tokens only: joiners inside "has" and "2,080.35", the
    // duration's inner space a no-break one.
    QCOMPARE(textfit::wrappable(QStringLiteral("has 2,080.35 for 1m 28s")),
             QStringLiteral("h\u2060a\u2060s 2\u2060,\u20600\u20608\u20600\u2060.\u20603\u20605 f\u2060o\u2060r "
                            "1\u2060m\u2060\u00a0\u20602\u20608\u2060s"));
    QCOMPARE(textfit::wrappable(QString()), QString());
}

void TestTextFit::elide_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("expected");
    const QString has = QStringLiteral("mallory has 20806.35 available");
    QTest::newRow("fits exactly") << has << 30 << has;
    QTest::newRow("the amount stays whole") << has << 29 << QStringLiteral("mallory has 20806.35…");
    QTest::newRow("or goes whole (not 'mallory has 2080…')") << has << 20 << QStringLiteral("mallory has…");
    QTest::newRow("a refusal") << QStringLiteral("insufficient-funds: mallory has 20806.35 available (balance 20806.35, 0.00 held)") << 40
                               << QStringLiteral("insufficient-funds: mallory has…");
    QTest::newRow("the separator goes with the cut (not 'transfer, com…')")
        << QStringLiteral("transfer, compensated") << 15 << QStringLiteral("transfer…");
    QTest::newRow("an arrow too") << QStringLiteral("alice → bob") << 8 << QStringLiteral("alice…");
    QTest::newRow("a word wider than the room") << QStringLiteral("compensation") << 11 << QStringLiteral("…");
    QTest::newRow("a time wider than the room") << QStringLiteral("2026-11-28T12:15:03.123Z") << 23 << QStringLiteral("…");
    QTest::newRow("an id wider than the room") << QStringLiteral("tx-01KXYZABCDEFGHJKMNPQRS.rev") << 20 << QStringLiteral("…");
    QTest::newRow("a time is never cut at its spaces")
        << QStringLiteral("created 2026-11-28 06:39:39 UTC (14h ago)") << 31 << QStringLiteral("created…");
    QTest::newRow("a path is one token") << QStringLiteral("Opened /home/alice/ledgers/ledger.db") << 20 << QStringLiteral("Opened…");
    QTest::newRow("no room even for …") << QStringLiteral("compensation") << 0 << QString();
    QTest::newRow("Chinese, by ideograph, the amount whole")
        << QStringLiteral("余额不足：mallory有20806.35可用") << 20 << QStringLiteral("余额不足：mallory有…");
    QTest::newRow("Chinese, the full-width colon goes with the cut")
        << QStringLiteral("余额不足：mallory有20806.35可用") << 12 << QStringLiteral("余额不足…");
}

void TestTextFit::elide()
{
    QFETCH(QString, text);
    QFETCH(int, width);
    QFETCH(QString, expected);
    QCOMPARE(textfit::elide(text, width, characters), expected);
}

void TestTextFit::elideKeepingTail_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("tail");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("expected");
    const QString claim = QStringLiteral("operator · 1m 28s ago");
    const QString age = QStringLiteral(" · 1m 28s ago");
    QTest::newRow("fits") << claim << age << 21 << claim;
    QTest::newRow("the name goes, the age stays") << claim << age << 20 << QStringLiteral("… · 1m 28s ago");
    QTest::newRow("a name of words is cut between them")
        << QStringLiteral("night shift lead · 1m 28s ago") << age << 25 << QStringLiteral("night shift… · 1m 28s ago");
    QTest::newRow("a lease") << QStringLiteral("recovery:alice-workstation-7 · lease expired 4m 12s ago")
                             << QStringLiteral(" · lease expired 4m 12s ago") << 30 << QStringLiteral("… · lease expired 4m 12s ago");
    QTest::newRow("no room for the name: the age alone") << claim << age << 11 << QStringLiteral("1m 28s ago");
    QTest::newRow("nor for the whole age: cut between its tokens") << claim << age << 8 << QStringLiteral("1m 28s…");
    QTest::newRow("a tail that does not end the text is none")
        << QStringLiteral("mallory has 20806.35 available") << QStringLiteral(" · 1m") << 20 << QStringLiteral("mallory has…");
}

void TestTextFit::elideKeepingTail()
{
    QFETCH(QString, text);
    QFETCH(QString, tail);
    QFETCH(int, width);
    QFETCH(QString, expected);
    QCOMPARE(textfit::elideKeepingTail(text, tail, width, characters), expected);
}

void TestTextFit::elideLocation_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("keep");
    QTest::addColumn<int>("width");
    QTest::addColumn<QString>("expected");
    const QString conninfo = QStringLiteral("dbname=walkthrough host=/tmp/ldk-pg-abcdef user=operator");
    QTest::newRow("fits") << conninfo << QStringLiteral("walkthrough") << 56 << conninfo;
    QTest::newRow("the database's name whole (not 'dbname=wal…r')")
        << conninfo << QStringLiteral("walkthrough") << 30 << QStringLiteral("dbname=walkthrough host=/tmp/…");
    QTest::newRow("narrower") << conninfo << QStringLiteral("walkthrough") << 22 << QStringLiteral("dbname=walkthrough …");
    QTest::newRow("too narrow for it and …: so all the same")
        << conninfo << QStringLiteral("walkthrough") << 10 << QStringLiteral("dbname=walkthrough …");
    QTest::newRow("a path keeps its file's name")
        << QStringLiteral("/home/alice/ledgers/ledger.db") << QStringLiteral("ledger.db") << 20 << QStringLiteral("/…ledgers/ledger.db");
    QTest::newRow("a URI keeps its database") << QStringLiteral(
        "postgresql://alice@db1.example.com,db2.example.com/ledger?target_session_attrs=read-write")
                                              << QStringLiteral("ledger") << 38 << QStringLiteral("postgresql://…db2.example.com/ledger?…");
    QTest::newRow("nothing to keep: cut in the middle between pieces")
        << QStringLiteral("/srv/ledgers/eu/west/ledger.db") << QString() << 20 << QStringLiteral("/srv/…west/ledger.db");
}

void TestTextFit::elideLocation()
{
    QFETCH(QString, location);
    QFETCH(QString, keep);
    QFETCH(int, width);
    QFETCH(QString, expected);
    QCOMPARE(textfit::elideLocation(location, keep, width, characters), expected);
}

void TestTextFit::aTableCellIsCutBetweenTokens()
{
    // The delegate every table has: the cell shows whole tokens and "…", the tooltip the whole.
    QStandardItemModel model(2, 1);
    const QString error = QStringLiteral("insufficient-funds: mallory has 20806.35 available");
    model.setData(model.index(0, 0), error);
    model.setData(model.index(1, 0), QStringLiteral("bob"));
    QTableView view;
    view.setModel(&model);
    auto *delegate = new ElidingDelegate(0, &view);
    view.setItemDelegate(delegate);
    const QFontMetrics metrics(view.font());
    const int margin = view.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &view) + 1;
    // Room for "insufficient-funds: mallory has 2080" and a little more, not for the amount whole.
    const int room = metrics.horizontalAdvance(QStringLiteral("insufficient-funds: mallory has 20806.3…"));
    QStyleOptionViewItem option;
    option.initFrom(view.viewport());
    option.widget = &view;
    option.rect = QRect(0, 0, room + 2 * margin, 24);
    QCOMPARE(delegate->shownText(option, model.index(0, 0)), QStringLiteral("insufficient-funds: mallory has…"));
    QCOMPARE(delegate->toolTipText(option, model.index(0, 0)), error);
    // A cell shown whole has no tooltip of its own.
    QCOMPARE(delegate->shownText(option, model.index(1, 0)), QStringLiteral("bob"));
    QCOMPARE(delegate->toolTipText(option, model.index(1, 0)), QString());
}

void TestTextFit::aDocumentDoesNotWrapInsideATokenWhenKeptWhole()
{
    // Rich text in a table narrower than its tokens broke them anywhere ("2026-11-28T1" / "2:15",
    // "….re" / "v", "208" / "27." / "73"), white-space:nowrap or not; kept whole, it does not.
    const QString html =
        QStringLiteral("<table border='1' width='100%'><tr><td><span style='white-space:nowrap'>2026-11-28T12:15:03.123Z</span></td>"
                       "<td>tx-01KXYZABCDEFGHJKMNPQRS.rev</td><td>20827.73</td><td>acme-corp</td><td>11-28 20:53:40 UTC</td></tr></table>"
                       "<p>held by recovery:alice-workstation-7/4711 since 2026-11-28T12:15:03.123Z</p>");
    const QStringList tokens{QStringLiteral("2026-11-28T12:15:03.123Z"),
                             QStringLiteral("tx-01KXYZABCDEFGHJKMNPQRS.rev"),
                             QStringLiteral("20827.73"),
                             QStringLiteral("acme-corp"),
                             QStringLiteral("recovery:alice-workstation-7/4711"),
                             QStringLiteral("11-28 20:53:40 UTC")};
    QTextDocument plain;
    plain.setHtml(html);
    plain.setTextWidth(QFontMetrics(plain.defaultFont()).horizontalAdvance(QStringLiteral("2026-11-28T12:15:03.123Z")));
    QVERIFY2(!brokenTokens(plain, tokens).isEmpty(), "Qt kept them whole anyway: the test shows nothing");
    QTextDocument kept;
    kept.setHtml(html);
    textfit::keepTokensWhole(kept);
    kept.setTextWidth(plain.textWidth());
    QVERIFY2(brokenTokens(kept, tokens).isEmpty(), qPrintable(brokenTokens(kept, tokens).join(QLatin1String(", ")) + QLatin1String(" in: ")
                                                              + linesOf(kept).join(QLatin1String(" | "))));
    // And nothing but the joiners was added (toPlainText() gives no-break spaces as spaces).
    QCOMPARE(kept.toPlainText().remove(QChar(0x2060)), plain.toPlainText());
}

void TestTextFit::theIncidentReportOnPaper()
{
    // The PDF broke ".re" / "v" and "2026-11-28T1" / "2:15": laid out as it is printed, on A4 at
    // the printer's resolution, every id, amount, time and account name of a report with long
    // ones is on one line, and nothing runs past the page's right edge (where it would be cut off).
    const QString id = QStringLiteral("tx-01KXYZ8M4Q7R2T6V9W3N5P0HJB");
    const QString rev = id + QStringLiteral(".rev");
    const QString worker = QStringLiteral("recovery:alice-workstation-7/4711");
    const QString refusal = QStringLiteral("insufficient-funds: mallory-holdings has 20806.35 available (balance 20806.35, 0.00 held); "
                                           "this transfer needs 20827.73");
    IncidentReport r;
    Transaction &t = r.detail.tx;
    t.id = id;
    t.idempotencyKey = QStringLiteral("invoice-2026-1142-retry");
    t.compensatedBy = rev;
    t.legs = {{QStringLiteral("acme-corp"), LegSide::Debit, 2082773}, {QStringLiteral("mallory-holdings"), LegSide::Credit, 2082773}};
    t.source = QStringLiteral("acme-corp");
    t.destination = QStringLiteral("mallory-holdings");
    t.amount = 2082773;
    t.memo = QStringLiteral("wire for invoice 2026-1142 (second try)");
    t.state = TxState::Canceling;
    t.createdAt = at("2026-11-28T12:15:03.123Z");
    t.lastModified = at("2026-11-28T12:15:09.456Z");
    t.owner = worker;
    t.leaseUntil = at("2026-11-28T12:16:09.456Z");
    t.epoch = 3;
    t.attempts = 3;
    t.lastError = refusal;
    r.detail.legs = {
        {id, QStringLiteral("acme-corp"), LegSide::Debit, 2082773, LegStatus::Held, at("2026-11-28T12:15:04.001Z"), {}},
        {id, QStringLiteral("mallory-holdings"), LegSide::Credit, 2082773, LegStatus::Voided, at("2026-11-28T12:15:05.002Z"), {}}};
    Account acme;
    acme.id = QStringLiteral("acme-corp");
    acme.name = QStringLiteral("Acme Corporation (EU treasury)");
    acme.balance = 1234567890;
    acme.pendingDebits = 2082773;
    Account mallory;
    mallory.id = QStringLiteral("mallory-holdings");
    mallory.name = QStringLiteral("Mallory Holdings");
    mallory.status = AccountStatus::Frozen;
    mallory.balance = 2080635;
    r.detail.accounts = {acme, mallory};
    const auto entry = [&](const char *when, const QString &actor, const QString &event, const QString &from, const QString &to,
                           const QString &detail) {
        JournalEntry j;
        j.docId = id;
        j.at = at(when);
        j.actor = actor;
        j.worker = worker;
        j.event = event;
        j.fromState = from;
        j.toState = to;
        j.epoch = 3;
        j.detail = detail;
        return j;
    };
    r.detail.journal = {
        entry("2026-11-28T12:15:03.123Z", QStringLiteral("dana.operator"), QStringLiteral("created"), QString(), QStringLiteral("initial"),
              QString()),
        entry("2026-11-28T12:15:04.001Z", worker, QStringLiteral("claimed"), QStringLiteral("initial"), QStringLiteral("pending"),
              QString()),
        entry("2026-11-28T12:15:05.002Z", worker, QStringLiteral("error"), QStringLiteral("pending"), QStringLiteral("canceling"), refusal),
        entry("2026-11-28T12:15:09.456Z", QStringLiteral("dana.operator"), QStringLiteral("linked"), QString(), QStringLiteral("canceling"),
              rev)};
    JournalEntry frozen = entry("2026-11-28T12:10:00.000Z", QStringLiteral("dana.operator"), QStringLiteral("frozen"),
                                QStringLiteral("open"), QStringLiteral("frozen"), QStringLiteral("fraud check on invoice 2026-1142"));
    frozen.docKind = DocKind::Account;
    frozen.docId = QStringLiteral("mallory-holdings");
    JournalEntry linked = entry("2026-11-28T12:15:09.456Z", QStringLiteral("dana.operator"), QStringLiteral("linked"), QString(),
                                QStringLiteral("initial"), QStringLiteral("paid twice"));
    linked.docId = rev;
    r.operatorActions = {frozen, r.detail.journal.last(), linked};
    r.storeLocation = QStringLiteral("host=/tmp/ldk-pg-abcdef port=5433 dbname=walkthrough_ledger_2026 user=operator");
    r.scale = 2;
    r.detail.now = at("2026-11-28T12:20:00.000Z");

    QTemporaryDir dir;
    QPdfWriter paper(dir.filePath(QStringLiteral("report.pdf")));
    QTextDocument document;
    layOutForPrint(document, incidentReportHtml(r, QStringLiteral("dana.operator")), paper);
    const QStringList lines = linesOf(document);
    QVERIFY(lines.size() > 20);
    const QStringList broken =
        brokenTokens(document, {id, rev, QStringLiteral("2026-11-28T12:15:03.123Z"), QStringLiteral("2026-11-28T12:16:09.456Z"),
                                QStringLiteral("20827.73"), QStringLiteral("12345678.90"), QStringLiteral("20806.35"),
                                QStringLiteral("acme-corp"), QStringLiteral("mallory-holdings"), worker,
                                QStringLiteral("insufficient-funds:"), QStringLiteral("invoice-2026-1142-retry"),
                                QStringLiteral("host=/tmp/ldk-pg-abcdef"), QStringLiteral("dbname=walkthrough_ledger_2026")});
    QVERIFY2(broken.isEmpty(),
             qPrintable(broken.join(QLatin1String(", ")) + QLatin1String(" broken in: ") + lines.join(QLatin1String(" | "))));
    // (A table as wide as the page has its border a device pixel past it: a hundredth of an inch is allowed.)
    QVERIFY2(document.size().width() <= paper.width() + paper.resolution() / 100,
             qPrintable(QStringLiteral("%1 wide on a page %2 wide").arg(document.size().width()).arg(paper.width())));
}

QTEST_MAIN(TestTextFit)
#include "tst_textfit.moc"
