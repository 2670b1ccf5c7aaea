// Our SigV4 signer against the known-answer vectors AWS published (third_party/aws-sig-v4-test-suite):
// every case there signed and compared byte for byte; S3's own published examples (the only check
// of S3 signing: s3rver checks none); then the DynamoDB request as the client builds it.
#include "aws/awssigv4.h"

#include <QDir>
#include <QFile>
#include <QtTest>

using namespace ledger::aws;

namespace {

const Credentials kSuiteCredentials{QStringLiteral("AKIDEXAMPLE"), QStringLiteral("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"), QString()};
const Scope kSuiteScope{QStringLiteral("us-east-1"), QStringLiteral("service")};

QByteArray readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return file.readAll();
}

// A .req file: "METHOD PATH?QUERY HTTP/1.1", header lines "Name:value", a blank line, the body.
SigningRequest parseRequest(const QByteArray &text, QByteArray *amzDate)
{
    SigningRequest r;
    const int blank = text.indexOf("\n\n");
    const QByteArray head = blank < 0 ? text : text.left(blank);
    r.body = blank < 0 ? QByteArray() : text.mid(blank + 2);
    const QList<QByteArray> lines = head.split('\n');
    const QByteArray requestLine = lines.first();
    const int firstSpace = requestLine.indexOf(' ');
    const int lastSpace = requestLine.lastIndexOf(' ');
    r.method = requestLine.left(firstSpace);
    const QByteArray target = requestLine.mid(firstSpace + 1, lastSpace - firstSpace - 1);
    const int question = target.indexOf('?');
    r.path = question < 0 ? target : target.left(question);
    r.query = question < 0 ? QByteArray() : target.mid(question + 1);
    for (int i = 1; i < lines.size(); ++i) {
        const int colon = lines[i].indexOf(':');
        const QByteArray name = lines[i].left(colon);
        const QByteArray value = lines[i].mid(colon + 1);
        r.headers.append({name, value});
        if (name.compare("X-Amz-Date", Qt::CaseInsensitive) == 0)
            *amzDate = value.trimmed();
    }
    return r;
}

} // namespace

class TestAwsSigV4 : public QObject {
    Q_OBJECT
private slots:
    void suite_data();
    void suite();
    void s3Examples_data();
    void s3Examples();
    void s3PathIsEncodedOnce_data();
    void s3PathIsEncodedOnce();
    void dynamoRequestCarriesTheTargetAndToken();
    void amzDateIsUtcBasicFormat();
};

void TestAwsSigV4::suite_data()
{
    QTest::addColumn<QString>("folder");
    const QDir root(QStringLiteral(LEDGER_SOURCE_DIR "/third_party/aws-sig-v4-test-suite"));
    const QStringList cases = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    QVERIFY2(cases.size() >= 14, "the vectors are missing");
    for (const QString &name : cases)
        QTest::newRow(qPrintable(name)) << root.filePath(name);
}

void TestAwsSigV4::suite()
{
    QFETCH(QString, folder);
    const QString name = QFileInfo(folder).fileName();
    QByteArray amzDate;
    SigningRequest request = parseRequest(readAll(folder + QLatin1Char('/') + name + QStringLiteral(".req")), &amzDate);
    QCOMPARE(amzDate, QByteArray("20150830T123600Z"));
    Credentials credentials = kSuiteCredentials;
    for (const auto &[header, value] : request.headers) {
        if (header.compare("X-Amz-Security-Token", Qt::CaseInsensitive) == 0)
            credentials.sessionToken = QString::fromLatin1(value);
    }
    const QByteArray expected = readAll(folder + QLatin1Char('/') + name + QStringLiteral(".authz")).trimmed();
    const QByteArray got = authorization(request, amzDate, kSuiteScope, credentials);
    QVERIFY2(got == expected,
             qPrintable(QStringLiteral("canonical request:\n%1\n\ngot      %2\nexpected %3")
                            .arg(QString::fromUtf8(canonicalRequest(request)), QString::fromLatin1(got), QString::fromLatin1(expected))));
}

void TestAwsSigV4::s3Examples_data()
{
    // AWS's examples in the S3 API Reference, "Signature Calculations for the Authorization Header:
    // Transferring Payload in a Single Chunk (AWS Signature Version 4)", section "Examples: Signature
    // Calculations": bucket examplebucket, us-east-1, 20130524T000000Z, AWS's example keys, each
    // request as the page gives it and the signature it prints. The payload's hash is given as S3
    // sends it (x-amz-content-sha256), not hashed from the body (left empty).
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("query");
    QTest::addColumn<QList<QByteArray>>("extraHeaders"); // "name:value", besides host, x-amz-date, x-amz-content-sha256
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<QByteArray>("signedHeaders");
    QTest::addColumn<QByteArray>("signature");
    QTest::newRow("GET Object, with a Range") << QByteArray("GET") << QByteArray("/test.txt") << QByteArray()
                                              << QList<QByteArray>{"Range:bytes=0-9"} << QByteArray()
                                              << QByteArray("host;range;x-amz-content-sha256;x-amz-date")
                                              << QByteArray("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
    QTest::newRow("PUT Object") << QByteArray("PUT") << QByteArray("/test$file.text") << QByteArray()
                                << QList<QByteArray>{"Date:Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class:REDUCED_REDUNDANCY"}
                                << QByteArray("Welcome to Amazon S3.")
                                << QByteArray("date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class")
                                << QByteArray("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
    QTest::newRow("GET Bucket Lifecycle") << QByteArray("GET") << QByteArray("/") << QByteArray("lifecycle") << QList<QByteArray>{}
                                          << QByteArray() << QByteArray("host;x-amz-content-sha256;x-amz-date")
                                          << QByteArray("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    QTest::newRow("GET Bucket (List Objects)") << QByteArray("GET") << QByteArray("/") << QByteArray("max-keys=2&prefix=J")
                                               << QList<QByteArray>{} << QByteArray() << QByteArray("host;x-amz-content-sha256;x-amz-date")
                                               << QByteArray("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
}

void TestAwsSigV4::s3Examples()
{
    QFETCH(QByteArray, method);
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, query);
    QFETCH(QList<QByteArray>, extraHeaders);
    QFETCH(QByteArray, payload);
    QFETCH(QByteArray, signedHeaders);
    QFETCH(QByteArray, signature);
    const QByteArray amzDate = "20130524T000000Z";
    SigningRequest r;
    r.method = method;
    r.path = path;
    r.query = query;
    r.payloadHash = sha256Hex(payload);
    r.headers = {{"Host", "examplebucket.s3.amazonaws.com"}, {"x-amz-date", amzDate}, {"x-amz-content-sha256", r.payloadHash}};
    for (const QByteArray &header : std::as_const(extraHeaders))
        r.headers.append({header.left(header.indexOf(':')), header.mid(header.indexOf(':') + 1)});
    const Credentials aws{QStringLiteral("AKIAIOSFODNN7EXAMPLE"), QStringLiteral("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), QString()};
    const QByteArray got = authorization(r, amzDate, Scope{QStringLiteral("us-east-1"), QStringLiteral("s3")}, aws);
    const QByteArray expected = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders="
                              + signedHeaders + ", Signature=" + signature;
    QVERIFY2(got == expected,
             qPrintable(QStringLiteral("canonical request:\n%1\n\ngot      %2\nexpected %3")
                            .arg(QString::fromUtf8(canonicalRequest(r)), QString::fromLatin1(got), QString::fromLatin1(expected))));
    // The body itself is not hashed when its hash is given: a part is hashed once.
    r.body = "not the payload";
    QCOMPARE(authorization(r, amzDate, Scope{QStringLiteral("us-east-1"), QStringLiteral("s3")}, aws), expected);
}

void TestAwsSigV4::s3PathIsEncodedOnce_data()
{
    // What the S3 client puts in its request line is uriEncode(key, keepSlash): the path it signed.
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<QByteArray>("wire");
    QTest::newRow("a lake file") << QByteArray("/lake/p/dt=2026-11-22/s00-0000000000000000000-0000000000000000120.ndjson.gz")
                                 << QByteArray("/lake/p/dt%3D2026-11-22/s00-0000000000000000000-0000000000000000120.ndjson.gz");
    QTest::newRow("unreserved kept") << QByteArray("/a-b.c_d~e/F9") << QByteArray("/a-b.c_d~e/F9");
    QTest::newRow("space, plus, percent") << QByteArray("/a b+c%d") << QByteArray("/a%20b%2Bc%25d");
    QTest::newRow("UTF-8, upper-case hex") << QByteArray("/\xc3\xa9t\xc3\xa9") << QByteArray("/%C3%A9t%C3%A9");
}

void TestAwsSigV4::s3PathIsEncodedOnce()
{
    QFETCH(QByteArray, raw);
    QFETCH(QByteArray, wire);
    QCOMPARE(uriEncode(raw, true), wire);
    SigningRequest r;
    r.method = "GET";
    r.path = raw;
    QCOMPARE(canonicalRequest(r).split('\n').value(1), wire);
    // Outside a path (a query value), '/' is encoded too.
    QCOMPARE(uriEncode("a/b", false), QByteArray("a%2Fb"));
}

void TestAwsSigV4::dynamoRequestCarriesTheTargetAndToken()
{
    // What the client signs: every header it sends, X-Amz-Target and the session token included
    // (DynamoDB refuses a token left out of the signature).
    SigningRequest r;
    r.method = "POST";
    r.body = "{}";
    r.headers = {{"Host", "dynamodb.eu-west-1.amazonaws.com"},
                 {"Content-Type", "application/x-amz-json-1.0"},
                 {"X-Amz-Date", "20261127T101112Z"},
                 {"X-Amz-Target", "DynamoDB_20120810.GetItem"},
                 {"X-Amz-Security-Token", "token"}};
    QCOMPARE(signedHeaderNames(r), QByteArray("content-type;host;x-amz-date;x-amz-security-token;x-amz-target"));
    const QByteArray auth = authorization(r, "20261127T101112Z", Scope{QStringLiteral("eu-west-1"), QStringLiteral("dynamodb")},
                                          Credentials{QStringLiteral("AKID"), QStringLiteral("secret"), QStringLiteral("token")});
    QVERIFY(auth.startsWith("AWS4-HMAC-SHA256 Credential=AKID/20261127/eu-west-1/dynamodb/aws4_request, SignedHeaders="));
    // A different body is a different signature (the body's hash is signed).
    SigningRequest other = r;
    other.body = "{ }";
    QVERIFY(authorization(other, "20261127T101112Z", Scope{QStringLiteral("eu-west-1"), QStringLiteral("dynamodb")},
                          Credentials{QStringLiteral("AKID"), QStringLiteral("secret"), QStringLiteral("token")})
            != auth);
}

void TestAwsSigV4::amzDateIsUtcBasicFormat()
{
    const QDateTime t(QDate(2026, 11, 27), QTime(1, 2, 3, 456), Qt::UTC);
    QCOMPARE(amzDateOf(t), QByteArray("20261127T010203Z"));
    QCOMPARE(amzDateOf(t.toOffsetFromUtc(3600)), QByteArray("20261127T010203Z"));
}

QTEST_GUILESS_MAIN(TestAwsSigV4)
#include "tst_awssigv4.moc"
