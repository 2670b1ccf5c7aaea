// tst_httpframing: where ledgerd's framer says each request ends, and what it refuses — a table of
// byte strings, each fed whole, byte by byte and in two halves (the framer must say the same
// whatever the reads were), with the expected heads and refusal written out, not computed.
#include "httpframing.h"

#include <QTest>

using namespace ledger::api;

namespace {

struct Outcome {
    QList<FramedHead> heads;
    std::optional<FramingRefusal> refusal;
    qint64 refusedAt = 0;
    qint64 received = 0;
};

Outcome frame(const QByteArray &bytes, int step)
{
    RequestFramer f;
    if (step <= 0) {
        f.feed(bytes);
    } else {
        for (qsizetype i = 0; i < bytes.size(); i += step)
            f.feed(QByteArrayView(bytes).sliced(i, qMin<qsizetype>(step, bytes.size() - i)));
    }
    Outcome o;
    while (f.hasHead())
        o.heads << f.takeHead();
    o.refusal = f.refusal();
    o.refusedAt = f.refusedAt();
    o.received = f.received();
    return o;
}

// "1.1 keep 0" → HTTP/1.1, keep-alive, no upgrade, Content-Length 0; "1.0 close 5 upgrade" …
QString describe(const FramedHead &h)
{
    return QStringLiteral("1.%1 %2 %3%4")
        .arg(h.minorVersion)
        .arg(h.keepAlive ? QStringLiteral("keep") : QStringLiteral("close"))
        .arg(h.contentLength)
        .arg(h.upgrade ? QStringLiteral(" upgrade") : QString());
}

} // namespace

class TestHttpFraming : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void frames_data();
    void frames();
    void boundariesOfPipelinedRequests();
    void nothingIsReadAfterTheEnd();
    void headLimits();
};

void TestHttpFraming::frames_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("heads"); // describe() of each head read whole
    QTest::addColumn<int>("status");        // of the refusal, 0: none
    QTest::addColumn<QString>("code");      // of the refusal
    QTest::addColumn<qint64>("refusedAt");  // where the refused request began

    const QByteArray get = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"; // 34 bytes
    QCOMPARE(get.size(), 34);
    QTest::newRow("one GET") << get << QStringList{"1.1 keep 0"} << 0 << QString() << qint64(0);
    QTest::newRow("a POST with its body") << QByteArray("POST /v1/transfers HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}")
                                          << QStringList{"1.1 keep 2"} << 0 << QString() << qint64(0);
    QTest::newRow("blank lines before a request are skipped")
        << QByteArray("\r\n\r\n" + get) << QStringList{"1.1 keep 0"} << 0 << QString() << qint64(0);
    QTest::newRow("Connection: close") << QByteArray("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") << QStringList{"1.1 close 0"} << 0
                                       << QString() << qint64(0);
    QTest::newRow("Connection: Keep-Alive, CLOSE") << QByteArray("GET / HTTP/1.1\r\nConnection: Keep-Alive, CLOSE\r\n\r\n")
                                                   << QStringList{"1.1 close 0"} << 0 << QString() << qint64(0);
    QTest::newRow("HTTP/1.0 closes") << QByteArray("GET / HTTP/1.0\r\n\r\n") << QStringList{"1.0 close 0"} << 0 << QString() << qint64(0);
    QTest::newRow("HTTP/1.0 keep-alive") << QByteArray("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") << QStringList{"1.0 keep 0"} << 0
                                         << QString() << qint64(0);
    QTest::newRow("an upgrade") << QByteArray("GET /v1/feed HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
                                << QStringList{"1.1 keep 0 upgrade"} << 0 << QString() << qint64(0);
    // Only a WebSocket leaves HTTP (as Qt reads it): after any other "upgrade" the next request is
    // framed, and refused like any.
    const QByteArray twoLengths = "GET / HTTP/1.1\r\nContent-Length: 0\r\nContent-Length: 9\r\n\r\n";
    QTest::newRow("Connection: upgrade without Upgrade")
        << QByteArray("GET / HTTP/1.1\r\nConnection: upgrade\r\n\r\n" + twoLengths) << QStringList{"1.1 keep 0"} << 400
        << QStringLiteral("bad-content-length") << qint64(39);
    QTest::newRow("Upgrade: h2c") << QByteArray("GET / HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: h2c\r\n\r\n" + twoLengths)
                                  << QStringList{"1.1 keep 0"} << 400 << QStringLiteral("bad-content-length") << qint64(53);
    QTest::newRow("Connection: x-noupgrade") << QByteArray("GET / HTTP/1.1\r\nConnection: x-noupgrade\r\nUpgrade: websocket\r\n\r\n"
                                                           + twoLengths)
                                             << QStringList{"1.1 keep 0 upgrade"} << 0 << QString() << qint64(0);
    QTest::newRow("Upgrade twice") << QByteArray("GET / HTTP/1.1\r\nConnection: upgrade\r\nUpgrade: websocket\r\nUpgrade: websocket\r\n\r\n"
                                                 + twoLengths)
                                   << QStringList{"1.1 keep 0"} << 400 << QStringLiteral("bad-content-length") << qint64(79);
    QTest::newRow("the same Content-Length twice") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 2\r\ncontent-length: 02\r\n\r\n{}")
                                                   << QStringList{"1.1 keep 2"} << 0 << QString() << qint64(0);

    // Refused: two readers could frame these differently.
    QTest::newRow("two Content-Lengths") << QByteArray(get + "POST / HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 60\r\n\r\nhello")
                                         << QStringList{"1.1 keep 0"} << 400 << QStringLiteral("bad-content-length") << qint64(34);
    QTest::newRow("a negative Content-Length") << QByteArray("POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n" + get) << QStringList{} << 400
                                               << QStringLiteral("bad-content-length") << qint64(0);
    QTest::newRow("Content-Length: +5") << QByteArray("POST / HTTP/1.1\r\nContent-Length: +5\r\n\r\nhello") << QStringList{} << 400
                                        << QStringLiteral("bad-content-length") << qint64(0);
    QTest::newRow("Content-Length: 5, 5") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5, 5\r\n\r\nhello") << QStringList{} << 400
                                          << QStringLiteral("bad-content-length") << qint64(0);
    QTest::newRow("Content-Length with Transfer-Encoding")
        << QByteArray("POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n") << QStringList{} << 400
        << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("chunked") << QByteArray("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n") << QStringList{}
                             << 411 << QStringLiteral("length-required") << qint64(0);
    QTest::newRow("a body over 64 KiB, before it is sent") << QByteArray("POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n")
                                                           << QStringList{} << 413 << QStringLiteral("request-too-large") << qint64(0);
    QTest::newRow("a Content-Length of 40 digits") << QByteArray("POST / HTTP/1.1\r\nContent-Length: " + QByteArray(40, '9') + "\r\n\r\n")
                                                   << QStringList{} << 413 << QStringLiteral("request-too-large") << qint64(0);
    QTest::newRow("space before the colon") << QByteArray("POST / HTTP/1.1\r\nContent-Length : 5\r\n\r\nhello") << QStringList{} << 400
                                            << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("a folded field") << QByteArray("GET / HTTP/1.1\r\nX-A: 1\r\n 2\r\n\r\n") << QStringList{} << 400
                                    << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("bare LF") << QByteArray("GET / HTTP/1.1\nContent-Length: 5\n\nhello") << QStringList{} << 400
                             << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("a bare CR inside a field") << QByteArray("GET / HTTP/1.1\r\nX-A: 1\rContent-Length: 5\r\n\r\nhello") << QStringList{}
                                              << 400 << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("HTTP/2.0") << QByteArray("GET / HTTP/2.0\r\n\r\n") << QStringList{} << 505
                              << QStringLiteral("http-version-not-supported") << qint64(0);
    QTest::newRow("no version") << QByteArray("GET /\r\n\r\n") << QStringList{} << 400 << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("two spaces") << QByteArray("GET  / HTTP/1.1\r\n\r\n") << QStringList{} << 400 << QStringLiteral("bad-request")
                                << qint64(0);
    QTest::newRow("a control character in the target")
        << QByteArray("GET /a\x01 HTTP/1.1\r\n\r\n") << QStringList{} << 400 << QStringLiteral("bad-request") << qint64(0);
    QTest::newRow("a field without a colon") << QByteArray("GET / HTTP/1.1\r\nHost x\r\n\r\n") << QStringList{} << 400
                                             << QStringLiteral("bad-request") << qint64(0);
}

void TestHttpFraming::frames()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, heads);
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(qint64, refusedAt);
    for (int step : {0, 1, int(bytes.size() / 2) + 1}) {
        const Outcome o = frame(bytes, step);
        QStringList got;
        for (const FramedHead &h : o.heads)
            got << describe(h);
        QCOMPARE(got, heads);
        QCOMPARE(o.refusal ? o.refusal->status : 0, status);
        if (status) {
            QCOMPARE(o.refusal->code, code);
            QVERIFY(!o.refusal->detail.isEmpty());
            QCOMPARE(o.refusedAt, refusedAt);
        }
    }
}

void TestHttpFraming::boundariesOfPipelinedRequests()
{
    // Three requests in one read, then half of a fourth: Qt's parser reads one request at a time
    // from where it stands; the framer says where each read ends.
    const QByteArray a = "GET /a HTTP/1.1\r\n\r\n";                              // 0..19
    const QByteArray b = "\r\nPOST /b HTTP/1.1\r\nContent-Length: 3\r\n\r\nxyz"; // 19..63
    const QByteArray c = "GET /c HTTP/1.1\r\n\r\n";                              // 63..82
    const QByteArray d = "GET /d HT";                                            // 82..91
    QCOMPARE(a.size(), 19);
    QCOMPARE(b.size(), 44);
    RequestFramer f;
    f.feed(a + b + c + d);
    QCOMPARE(f.received(), qint64(91));
    QCOMPARE(f.consumedFrom(0), qint64(19));
    QCOMPARE(f.consumedFrom(19), qint64(63)); // the blank line before b is read with b
    QCOMPARE(f.consumedFrom(30), qint64(63)); // from inside b: to its end
    QCOMPARE(f.consumedFrom(63), qint64(82));
    QCOMPARE(f.consumedFrom(82), qint64(91)); // d is not whole: all there is
    f.feed("TP/1.1\r\n\r\n");
    QCOMPARE(f.consumedFrom(91), qint64(101));
    QStringList got;
    while (f.hasHead())
        got << describe(f.takeHead());
    QCOMPARE(got, (QStringList{"1.1 keep 0", "1.1 keep 3", "1.1 keep 0", "1.1 keep 0"}));
}

void TestHttpFraming::nothingIsReadAfterTheEnd()
{
    // After Connection: close, or an upgrade, what follows is not looked at: no head, no refusal.
    for (const QByteArray &first :
         {QByteArray("GET / HTTP/1.1\r\nConnection: close\r\n\r\n"),
          QByteArray("GET /v1/feed HTTP/1.1\r\nConnection: upgrade\r\nUpgrade: websocket\r\n\r\n"), QByteArray("GET / HTTP/1.0\r\n\r\n")}) {
        RequestFramer f;
        f.feed(first + "GET /again HTTP/1.1\r\n\r\nPOST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n");
        QVERIFY(f.done());
        QVERIFY(!f.refusal());
        QCOMPARE(f.received(), qint64(first.size()));
        f.takeHead();
        QVERIFY(!f.hasHead());
    }
}

void TestHttpFraming::headLimits()
{
    // 100 fields pass, 101 do not; a head of 16 KiB passes, one byte more does not.
    QByteArray fields;
    for (int i = 0; i < 100; ++i)
        fields += "X-" + QByteArray::number(i) + ": v\r\n";
    QCOMPARE(frame("GET / HTTP/1.1\r\n" + fields + "\r\n", 0).heads.size(), 1);
    const Outcome tooMany = frame("GET / HTTP/1.1\r\n" + fields + "X-100: v\r\n\r\n", 0);
    QCOMPARE(tooMany.refusal ? tooMany.refusal->status : 0, 431);
    QCOMPARE(tooMany.refusal->code, QStringLiteral("head-too-large"));

    const QByteArray line = "GET / HTTP/1.1\r\n";
    const QByteArray filler =
        "X-A: " + QByteArray(16 * 1024 - line.size() - 7 - 2, 'a') + "\r\n"; // the head, its blank line included: 16 KiB
    QCOMPARE(line.size() + filler.size() + 2, 16 * 1024);
    QCOMPARE(frame(line + filler + "\r\n", 0).heads.size(), 1);
    const Outcome over = frame(line + "X" + filler + "\r\n", 7);
    QCOMPARE(over.refusal ? over.refusal->status : 0, 431);
}

QTEST_GUILESS_MAIN(TestHttpFraming)
#include "tst_httpframing.moc"
