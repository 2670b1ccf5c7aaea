// Our SigV4 signer against the known-answer vectors AWS published (third_party/aws-sig-v4-test-suite):
// every case there signed and compared byte for byte, then the DynamoDB request as the client
// builds it.
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
