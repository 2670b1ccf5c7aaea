// The lake's S3 client (aws/s3client.h) against s3rver (the ctest fixture: $LEDGER_TEST_S3_DIR,
// keys S3RVER): probing, put/get/list/remove with keys as the lake names them, listings of many
// pages, multipart uploads, a lost Complete settled, and S3 gone; and S3's refusals as our errors
// (no server needed). s3rver checks no signature: tst_awssigv4 checks ours against AWS's examples.
#include "aws/s3client.h"
#include "aws/s3wire.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace ledger;
using namespace ledger::aws;

Q_DECLARE_METATYPE(ledger::ErrorCode)

namespace {

QString s3Endpoint()
{
    QFile file(qEnvironmentVariable("LEDGER_TEST_S3_DIR") + QStringLiteral("/endpoint"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll()).trimmed();
}

// A prefix no other test function (or run) uses.
QString freshPrefix(const char *name)
{
    return QStringLiteral("t/%1-%2/").arg(QLatin1String(name)).arg(QDateTime::currentMSecsSinceEpoch());
}

std::unique_ptr<S3Client> openClient(const QString &endpoint, const QString &bucket = QStringLiteral("lake"),
                                     const Environment &env = Environment::ofProcess())
{
    auto client = S3Client::open(S3Target{bucket, endpoint, QString(), QString()}, env);
    if (!client.ok())
        qFatal("%s", qPrintable(client.error().toString()));
    S3Options options;
    options.maxAttempts = 4; // a failure is reported after a few quick retries
    (*client)->setOptions(options);
    return std::move(client.value());
}

QStringList keysOf(const QList<S3Object> &objects)
{
    QStringList keys;
    for (const S3Object &object : objects)
        keys << object.key;
    return keys;
}

} // namespace

class TestS3Client : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void refusalsAsErrors_data();
    void refusalsAsErrors();
    void completeNamesEachPartsEtag();
    void badTargets_data();
    void badTargets();
    void probeFindsTheBucket();
    void probeOfAMissingBucketNamesIt();
    void anUnknownKeyIdIsUnauthorized();
    void putGetListRemove();
    void listingFollowsContinuationTokens_data();
    void listingFollowsContinuationTokens();
    void listingWithADelimiter();
    void getOfAMissingKeyIsNotFound();
    void multipartOfThreeParts();
    void aLostCompleteIsSettledByListing();
    void s3GoneIsUnavailableAfterRetries();

private:
    QString m_endpoint;
};

void TestS3Client::initTestCase() { m_endpoint = s3Endpoint(); }

void TestS3Client::refusalsAsErrors_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::addColumn<ErrorCode>("error");
    QTest::addColumn<bool>("retried");
    QTest::addColumn<QString>("saying");
    QTest::newRow("no such bucket") << 404 << "NoSuchBucket" << ErrorCode::NotFound << false << "bucket lake does not exist";
    QTest::newRow("no such key") << 404 << "NoSuchKey" << ErrorCode::NotFound << false << "S3 NoSuchKey: it said so (p/k)";
    QTest::newRow("unknown key id") << 403 << "InvalidAccessKeyId" << ErrorCode::Unauthorized << false
                                    << "S3 refused the credentials (InvalidAccessKeyId)";
    QTest::newRow("bad signature") << 403 << "SignatureDoesNotMatch" << ErrorCode::Unauthorized << false
                                   << "S3 refused the credentials (SignatureDoesNotMatch)";
    QTest::newRow("no permission") << 403 << "AccessDenied" << ErrorCode::Unauthorized << false << "(AccessDenied)";
    QTest::newRow("the key exists (If-None-Match)")
        << 412 << "PreconditionFailed" << ErrorCode::Conflict << false << "S3 PreconditionFailed: it said so (p/k)";
    QTest::newRow("throttled") << 503 << "SlowDown" << ErrorCode::StoreUnavailable << true << "S3 SlowDown";
    QTest::newRow("S3's own failure") << 500 << "InternalError" << ErrorCode::StoreUnavailable << true << "S3 InternalError";
    QTest::newRow("a request too slow") << 400 << "RequestTimeout" << ErrorCode::StoreUnavailable << true << "S3 RequestTimeout";
    QTest::newRow("anything else") << 400 << "EntityTooSmall" << ErrorCode::StoreError << false << "S3 EntityTooSmall: it said so (p/k)";
}

void TestS3Client::refusalsAsErrors()
{
    QFETCH(int, status);
    QFETCH(QString, code);
    QFETCH(ErrorCode, error);
    QFETCH(bool, retried);
    QFETCH(QString, saying);
    const Error e = s3wire::errorOf(QStringLiteral("lake"), status, code, QStringLiteral("it said so"), QStringLiteral("p/k"));
    QCOMPARE(e.code, error);
    QVERIFY2(e.message.contains(saying), qPrintable(e.message));
    QCOMPARE(s3wire::retryable(status, code), retried);
    // The error as S3 writes it is read back.
    const auto body = s3wire::errorBodyOf("<?xml version=\"1.0\"?><Error><Code>" + code.toUtf8()
                                          + "</Code><Message>it said so</Message><Key>p/k</Key></Error>");
    QVERIFY(body);
    QCOMPARE(body->code, code);
    QCOMPARE(body->message, QStringLiteral("it said so"));
}

void TestS3Client::completeNamesEachPartsEtag()
{
    // AWS checks each part's etag against its number (s3rver does not): part 1 first, quoted
    // (&quot; is a quote in XML text).
    const QByteArray xml = s3wire::completeBody({QStringLiteral("e1"), QStringLiteral("e2")});
    QVERIFY2(xml.contains("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                          "<Part><PartNumber>1</PartNumber><ETag>&quot;e1&quot;</ETag></Part>"
                          "<Part><PartNumber>2</PartNumber><ETag>&quot;e2&quot;</ETag></Part></CompleteMultipartUpload>"),
             xml.constData());
    QCOMPARE(s3wire::unquoted(QStringLiteral("\"e1\"")), QStringLiteral("e1"));
}

void TestS3Client::badTargets_data()
{
    QTest::addColumn<QString>("bucket");
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<ErrorCode>("error");
    QTest::addColumn<QString>("saying");
    QTest::newRow("capitals") << "Lake"
                              << "http://127.0.0.1:1" << ErrorCode::InvalidLocation << "Lake is not an S3 bucket name";
    QTest::newRow("too short") << "la"
                               << "http://127.0.0.1:1" << ErrorCode::InvalidLocation << "not an S3 bucket name";
    QTest::newRow("an address") << "10.1.2.3"
                                << "http://127.0.0.1:1" << ErrorCode::InvalidLocation << "not an S3 bucket name";
    QTest::newRow("ftp") << "lake"
                         << "ftp://127.0.0.1:1" << ErrorCode::InvalidLocation << "the S3 endpoint ftp://127.0.0.1:1 is not";
    QTest::newRow("a path") << "lake"
                            << "http://127.0.0.1:1/x" << ErrorCode::InvalidLocation << "is not an http:// or https:// address";
}

void TestS3Client::badTargets()
{
    QFETCH(QString, bucket);
    QFETCH(QString, endpoint);
    QFETCH(ErrorCode, error);
    QFETCH(QString, saying);
    Environment env;
    env.variables = {{QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("K")},
                     {QStringLiteral("AWS_SECRET_ACCESS_KEY"), QStringLiteral("S")},
                     {QStringLiteral("AWS_REGION"), QStringLiteral("us-east-1")}};
    const auto client = S3Client::open(S3Target{bucket, endpoint, QString(), QString()}, env);
    QVERIFY(!client.ok());
    QCOMPARE(client.code(), error);
    QVERIFY2(client.error().message.contains(saying), qPrintable(client.error().message));
    // AWS's own endpoint takes the bucket in the host name; a given one in the path.
    const auto aws = S3Client::open(S3Target{QStringLiteral("lake"), QString(), QString(), QString()}, env);
    QVERIFY(aws.ok());
    QVERIFY(!(*aws)->pathStyle());
    QCOMPARE((*aws)->endpoint(), QStringLiteral("https://s3.us-east-1.amazonaws.com"));
}

void TestS3Client::probeFindsTheBucket()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    QVERIFY(client->pathStyle());
    const Error e = client->probe();
    QVERIFY2(e.ok(), qPrintable(e.toString()));
}

void TestS3Client::probeOfAMissingBucketNamesIt()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint, QStringLiteral("no-such-lake"));
    const Error e = client->probe();
    QCOMPARE(e.code, ErrorCode::NotFound);
    QCOMPARE(e.message, QStringLiteral("bucket no-such-lake does not exist"));
    QCOMPARE(client->retries(), qint64(0)); // an answer, not a failure to retry
}

void TestS3Client::anUnknownKeyIdIsUnauthorized()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    Environment env = Environment::ofProcess();
    env.variables.insert(QStringLiteral("AWS_ACCESS_KEY_ID"), QStringLiteral("NOTS3RVER"));
    const auto client = openClient(m_endpoint, QStringLiteral("lake"), env);
    const Error e = client->probe();
    QCOMPARE(e.code, ErrorCode::Unauthorized);
    QCOMPARE(e.message, QStringLiteral("S3 refused the credentials (InvalidAccessKeyId)"));
    QCOMPARE(client->put(freshPrefix("unauthorized") + QStringLiteral("x"), "x", false).code, ErrorCode::Unauthorized);
}

void TestS3Client::putGetListRemove()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    const QString prefix = freshPrefix("putGetListRemove");
    // Keys as the lake names them ('=' goes on the wire as %3D), and bytes of every value.
    const QString first = prefix + QStringLiteral("dt=2026-11-22/s00-0000000000000000000-0000000000000000120.ndjson.gz");
    const QString second = prefix + QStringLiteral("dt=2026-11-23/s01-0000000000000000120-0000000000000000456.ndjson.gz");
    QByteArray binary;
    for (int i = 0; i < 3 * 256; ++i)
        binary += char(i % 256);
    QVERIFY(client->put(second, "second", true).ok());
    QVERIFY(client->put(first, binary, false).ok());
    const auto got = client->get(first);
    QVERIFY2(got.ok(), qPrintable(got.error().toString()));
    QCOMPARE(*got, binary);
    const auto listed = client->list(prefix);
    QVERIFY2(listed.ok(), qPrintable(listed.error().toString()));
    QCOMPARE(keysOf(*listed), (QStringList{first, second}));
    QCOMPARE(listed->first().size, qint64(binary.size()));
    QCOMPARE(listed->first().etag, QString::fromLatin1(QCryptographicHash::hash(binary, QCryptographicHash::Md5).toHex()));
    // Keys after one (the lake starts its listing at the day before its checkpoint's).
    QCOMPARE(keysOf(*client->list(prefix, prefix + QStringLiteral("dt=2026-11-22/"))), (QStringList{first, second}));
    QCOMPARE(keysOf(*client->list(prefix, first)), QStringList{second});
    // Removed, it is gone; removing what is absent is fine.
    QVERIFY(client->remove(first).ok());
    QCOMPARE(client->get(first).code(), ErrorCode::NotFound);
    QVERIFY(client->remove(first).ok());
    QCOMPARE(keysOf(*client->list(prefix)), QStringList{second});
}

void TestS3Client::listingFollowsContinuationTokens_data()
{
    QTest::addColumn<int>("pageSize");
    QTest::newRow("one key a page") << 1;
    QTest::newRow("seven a page") << 7;
    QTest::newRow("S3's thousand") << 1000;
}

void TestS3Client::listingFollowsContinuationTokens()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    QFETCH(int, pageSize);
    const auto client = openClient(m_endpoint);
    const QString prefix = freshPrefix("pages") + QString::number(pageSize) + QLatin1Char('/');
    QStringList keys;
    for (int i = 0; i < 30; ++i)
        keys << prefix + QStringLiteral("dt=2026-11-%1/s00.ndjson.gz").arg(i + 1, 2, 10, QLatin1Char('0'));
    for (const QString &key : std::as_const(keys))
        QVERIFY(client->put(key, key.toUtf8(), true).ok());
    client->setListPageSize(pageSize);
    const qint64 retriesBefore = client->retries();
    const auto listed = client->list(prefix);
    QVERIFY2(listed.ok(), qPrintable(listed.error().toString()));
    QCOMPARE(keysOf(*listed), keys);
    QCOMPARE(keysOf(*client->list(prefix, keys[9])), keys.mid(10));
    QCOMPARE(client->retries(), retriesBefore);
}

void TestS3Client::listingWithADelimiter()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    const QString prefix = freshPrefix("delimiter");
    for (const char *name : {"_checkpoint.json", "dt=2026-11-22/a", "dt=2026-11-22/b", "dt=2026-11-23/a"})
        QVERIFY(client->put(prefix + QLatin1String(name), "x", false).ok());
    const auto listed = client->list(prefix, QString(), QStringLiteral("/"));
    QVERIFY2(listed.ok(), qPrintable(listed.error().toString()));
    QCOMPARE(keysOf(*listed), (QStringList{prefix + QStringLiteral("_checkpoint.json"), prefix + QStringLiteral("dt=2026-11-22/"),
                                           prefix + QStringLiteral("dt=2026-11-23/")}));
    QVERIFY(!listed->at(0).commonPrefix);
    QVERIFY(listed->at(1).commonPrefix);
}

void TestS3Client::getOfAMissingKeyIsNotFound()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    const QString key = freshPrefix("missing") + QStringLiteral("dt=2026-11-22/none");
    const auto got = client->get(key);
    QCOMPARE(got.code(), ErrorCode::NotFound);
    QVERIFY2(got.error().message.startsWith(QStringLiteral("S3 NoSuchKey: ")), qPrintable(got.error().message));
    QVERIFY2(got.error().message.endsWith(QLatin1Char('(') + key + QLatin1Char(')')), qPrintable(got.error().message));
}

void TestS3Client::multipartOfThreeParts()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    const QString key = freshPrefix("multipart") + QStringLiteral("dt=2026-11-22/s02-0-9.ndjson.gz");
    // s3rver does not ask for AWS's 5 MiB least part: parts of a few hundred KiB, each other bytes.
    const QList<QByteArray> parts{QByteArray(300 * 1024, 'a'), QByteArray(300 * 1024, 'b'), QByteArray(1000, 'c')};
    const auto upload = client->createMultipart(key);
    QVERIFY2(upload.ok(), qPrintable(upload.error().toString()));
    QVERIFY(!upload->isEmpty());
    QStringList etags;
    for (int i = 0; i < parts.size(); ++i) {
        const auto etag = client->uploadPart(key, *upload, i + 1, parts[i]);
        QVERIFY2(etag.ok(), qPrintable(etag.error().toString()));
        QCOMPARE(*etag, QString::fromLatin1(QCryptographicHash::hash(parts[i], QCryptographicHash::Md5).toHex()));
        etags << *etag;
    }
    QCOMPARE(client->list(key)->size(), 0); // nothing visible before the Complete
    const Error completed = client->completeMultipart(key, *upload, etags, true);
    QVERIFY2(completed.ok(), qPrintable(completed.toString()));
    const auto got = client->get(key);
    QVERIFY2(got.ok(), qPrintable(got.error().toString()));
    QCOMPARE(*got, parts[0] + parts[1] + parts[2]);
    // s3rver has no AbortMultipartUpload: best effort, and nothing to report.
    client->abortMultipart(key, *upload);
}

void TestS3Client::aLostCompleteIsSettledByListing()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    const auto client = openClient(m_endpoint);
    const QString key = freshPrefix("lostComplete") + QStringLiteral("dt=2026-11-22/s00-0-1.ndjson.gz");
    const auto upload = client->createMultipart(key);
    QVERIFY(upload.ok());
    const auto etag = client->uploadPart(key, *upload, 1, "the only part");
    QVERIFY(etag.ok());
    // The Complete lands and its answer is lost: sent again, the upload is gone (AWS says
    // NoSuchUpload; s3rver fails with InternalError), and the key is there, so it is done.
    client->loseAnswersOfNextCalls(1);
    const Error completed = client->completeMultipart(key, *upload, {*etag}, true);
    QVERIFY2(completed.ok(), qPrintable(completed.toString()));
    QVERIFY(client->retries() >= 1);
    QCOMPARE(*client->get(key), QByteArray("the only part"));
    // An upload that never completed is not settled so: the key is not there.
    const auto other = client->createMultipart(key + QStringLiteral(".other"));
    QVERIFY(other.ok());
    const Error never = client->completeMultipart(key + QStringLiteral(".other"), QStringLiteral("no-such-upload"), {*etag}, true);
    QVERIFY(!never.ok());
}

void TestS3Client::s3GoneIsUnavailableAfterRetries()
{
    if (m_endpoint.isEmpty())
        QSKIP("no s3rver ($LEDGER_TEST_S3_DIR): run through ctest");
    // An s3rver of this test's own, stopped under the client.
    QTemporaryDir dir;
    const QString script = QStringLiteral(LEDGER_SOURCE_DIR "/scripts/s3rver.sh");
    const QString folder = dir.filePath(QStringLiteral("s3rver"));
    QProcess start;
    start.start(script, {QStringLiteral("start"), folder});
    QVERIFY(start.waitForFinished(120000));
    QVERIFY2(start.exitCode() == 0, start.readAllStandardError().constData());
    const auto client = openClient(QString::fromUtf8(start.readAllStandardOutput()).trimmed());
    QVERIFY(client->probe().ok());
    QProcess stop;
    stop.start(script, {QStringLiteral("stop"), folder});
    QVERIFY(stop.waitForFinished(120000));
    QCOMPARE(stop.exitCode(), 0);
    const Error e = client->put(QStringLiteral("dt=2026-11-22/x"), "x", true);
    QCOMPARE(e.code, ErrorCode::StoreUnavailable);
    QVERIFY2(e.message.contains(QStringLiteral("did not answer PUT dt=2026-11-22/x")), qPrintable(e.message));
    QCOMPARE(client->retries(), qint64(client->options().maxAttempts - 1)); // bounded: then it says so
}

QTEST_GUILESS_MAIN(TestS3Client)
#include "tst_s3client.moc"
