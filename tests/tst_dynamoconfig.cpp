// A DynamoDB store's location and how credentials, region and endpoint are found (the AWS CLI's
// order), for DynamoDB and for S3, each on a table of cases; nothing here talks to a server.
#include "aws/awsconfig.h"
#include "store/dynamodb/dynamolocation.h"
#include "store/location.h"
#include "store/open/storeconfig.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ledger;
using namespace ledger::aws;

Q_DECLARE_METATYPE(ledger::ErrorCode)

namespace {

void write(const QString &path, const QByteArray &text)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(text);
}

// The columns of a table of resolveConfig's cases, and their check.
void credentialsColumns()
{
    QTest::addColumn<QString>("locationProfile");
    QTest::addColumn<QString>("locationRegion");
    QTest::addColumn<QString>("locationEndpoint");
    QTest::addColumn<QStringList>("environment"); // NAME=value
    QTest::addColumn<QByteArray>("credentialsFile");
    QTest::addColumn<QByteArray>("configFile");
    // What comes out, or the error's code and a word of its message.
    QTest::addColumn<QString>("keyId");
    QTest::addColumn<QString>("token");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<ErrorCode>("error");
    QTest::addColumn<QString>("saying");
}

void checkResolved(Service service);

} // namespace

class TestDynamoConfig : public QObject {
    Q_OBJECT
private slots:
    void locations_data();
    void locations();
    void badLocations_data();
    void badLocations();
    void locationKindAndNames();
    void credentials_data();
    void credentials();
    void s3Credentials_data();
    void s3Credentials();
};

void TestDynamoConfig::locations_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("region");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<QString>("profile");
    QTest::addColumn<int>("maxAttempts");
    QTest::addColumn<int>("readTimeoutMs");
    QTest::newRow("plain") << "dynamodb://eu-west-1/ledger"
                           << "eu-west-1"
                           << "ledger"
                           << ""
                           << "" << 10 << 10000;
    QTest::newRow("region from the environment") << "dynamodb:///prod.ledger"
                                                 << ""
                                                 << "prod.ledger"
                                                 << ""
                                                 << "" << 10 << 10000;
    QTest::newRow("dynalite") << "dynamodb://us-east-1/t1?endpoint=http://127.0.0.1:8000/"
                              << "us-east-1"
                              << "t1"
                              << "http://127.0.0.1:8000"
                              << "" << 10 << 10000;
    QTest::newRow("every option") << "dynamodb://ap-south-1/a_b-c?endpoint_url=https://alternator.local:8043&profile=ops&max_attempts=3&"
                                     "read_timeout=30&connect_timeout=2"
                                  << "ap-south-1"
                                  << "a_b-c"
                                  << "https://alternator.local:8043"
                                  << "ops" << 3 << 30000;
}

void TestDynamoConfig::locations()
{
    QFETCH(QString, location);
    const auto parsed = parseDynamoLocation(location);
    QVERIFY2(parsed.ok(), qPrintable(parsed.error().toString()));
    QTEST(parsed->region, "region");
    QTEST(parsed->prefix, "prefix");
    QTEST(parsed->endpoint, "endpoint");
    QTEST(parsed->profile, "profile");
    QTEST(parsed->maxAttempts, "maxAttempts");
    QTEST(parsed->readTimeoutMs, "readTimeoutMs");
    QCOMPARE(tableName(*parsed, "accounts"), parsed->prefix + QStringLiteral("-accounts"));
}

void TestDynamoConfig::badLocations_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<QString>("saying");
    QTest::newRow("no prefix") << "dynamodb://eu-west-1"
                               << "prefix";
    QTest::newRow("empty prefix") << "dynamodb://eu-west-1/"
                                  << "prefix";
    QTest::newRow("prefix with a slash") << "dynamodb://eu-west-1/a/b"
                                         << "prefix";
    QTest::newRow("credentials in it") << "dynamodb://AKID:secret@eu-west-1/ledger"
                                       << "no credentials";
    QTest::newRow("region in capitals") << "dynamodb://EU-WEST-1/ledger"
                                        << "region";
    QTest::newRow("endpoint not http") << "dynamodb://eu-west-1/l?endpoint=ftp://x"
                                       << "endpoint=ftp://x";
    QTest::newRow("endpoint with a password") << "dynamodb://eu-west-1/l?endpoint=http://u:p@localhost:8000"
                                              << "credentials";
    QTest::newRow("unknown option") << "dynamodb://eu-west-1/l?consistent=yes"
                                    << "no option consistent";
    QTest::newRow("attempts not a number") << "dynamodb://eu-west-1/l?max_attempts=many"
                                           << "max_attempts=many";
    QTest::newRow("timeout too long") << "dynamodb://eu-west-1/l?read_timeout=601"
                                      << "read_timeout=601";
}

void TestDynamoConfig::badLocations()
{
    QFETCH(QString, location);
    QFETCH(QString, saying);
    const auto parsed = parseDynamoLocation(location);
    QVERIFY(!parsed.ok());
    QCOMPARE(parsed.error().code, ErrorCode::InvalidLocation);
    QVERIFY2(parsed.error().message.contains(saying), qPrintable(parsed.error().message));
}

void TestDynamoConfig::locationKindAndNames()
{
    const QString location = QStringLiteral("dynamodb://eu-west-1/ledger?endpoint=http://localhost:8000");
    QCOMPARE(locationKind(location), LocationKind::DynamoDb);
    QVERIFY(!isServerLocation(location)); // not a PostgreSQL database
    QVERIFY(checkLocation(location).ok());
    QCOMPARE(storeDisplayName(location), location); // nothing secret in it to hide
    QCOMPARE(storeShortName(location), QStringLiteral("ledger"));
    QVERIFY(serverDatabasesOf(location).isEmpty());
    QVERIFY(changeSourcesOf(location).files); // polled: nothing announces a commit
    // Still refused: what LedgerDesk does not know.
    QCOMPARE(checkLocation(QStringLiteral("dynamo://x/y")).code, ErrorCode::InvalidLocation);
}

void TestDynamoConfig::credentials_data()
{
    credentialsColumns();
    const QByteArray creds = "[default]\naws_access_key_id = DEFAULTKEY\naws_secret_access_key = sekrit1\n\n"
                             "# a comment\n[dev]\naws_access_key_id=DEVKEY\naws_secret_access_key=sekrit2\naws_session_token=tok\n";
    const QByteArray config = "[default]\nregion = eu-central-1\n\n[profile dev]\nregion = us-west-2\n"
                              "endpoint_url = http://localhost:8000\n\n[profile sso]\nsso_session = corp\n\n"
                              "[profile cfgonly]\naws_access_key_id = CFGKEY\naws_secret_access_key = sekrit3\nregion = sa-east-1\n";
    const QStringList envKeys{QStringLiteral("AWS_ACCESS_KEY_ID=ENVKEY"), QStringLiteral("AWS_SECRET_ACCESS_KEY=envsekrit"),
                              QStringLiteral("AWS_SESSION_TOKEN=etok")};
    const QString none;
    QTest::newRow("environment first") << none << none << none << (envKeys + QStringList{QStringLiteral("AWS_REGION=eu-north-1")}) << creds
                                       << config << "ENVKEY"
                                       << "etok"
                                       << "eu-north-1"
                                       << "https://dynamodb.eu-north-1.amazonaws.com" << ErrorCode::None << none;
    QTest::newRow("the location's profile beats the environment") << "dev" << none << none << envKeys << creds << config << "DEVKEY"
                                                                  << "tok"
                                                                  << "us-west-2"
                                                                  << "http://localhost:8000" << ErrorCode::None << none;
    QTest::newRow("AWS_PROFILE") << none << none << none << QStringList{QStringLiteral("AWS_PROFILE=dev")} << creds << config << "DEVKEY"
                                 << "tok"
                                 << "us-west-2"
                                 << "http://localhost:8000" << ErrorCode::None << none;
    QTest::newRow("default profile, region from config") << none << none << none << QStringList{} << creds << config << "DEFAULTKEY"
                                                         << ""
                                                         << "eu-central-1"
                                                         << "https://dynamodb.eu-central-1.amazonaws.com" << ErrorCode::None << none;
    QTest::newRow("the location's region and endpoint win")
        << "dev"
        << "ap-northeast-1"
        << "http://127.0.0.1:9000" << QStringList{QStringLiteral("AWS_REGION=eu-north-1")} << creds << config << "DEVKEY"
        << "tok"
        << "ap-northeast-1"
        << "http://127.0.0.1:9000" << ErrorCode::None << none;
    QTest::newRow("AWS_DEFAULT_REGION, AWS_ENDPOINT_URL_DYNAMODB (not S3's)")
        << none << none << none
        << (envKeys
            + QStringList{QStringLiteral("AWS_DEFAULT_REGION=cn-north-1"), QStringLiteral("AWS_ENDPOINT_URL=http://general:1"),
                          QStringLiteral("AWS_ENDPOINT_URL_DYNAMODB=http://dynamo:2"), QStringLiteral("AWS_ENDPOINT_URL_S3=http://s3:3")})
        << QByteArray() << QByteArray() << "ENVKEY"
        << "etok"
        << "cn-north-1"
        << "http://dynamo:2" << ErrorCode::None << none;
    QTest::newRow("China's domain") << none << "cn-northwest-1" << none << envKeys << QByteArray() << QByteArray() << "ENVKEY"
                                    << "etok"
                                    << "cn-northwest-1"
                                    << "https://dynamodb.cn-northwest-1.amazonaws.com.cn" << ErrorCode::None << none;
    QTest::newRow("keys in the config file only") << "cfgonly" << none << none << QStringList{} << creds << config << "CFGKEY"
                                                  << ""
                                                  << "sa-east-1"
                                                  << "https://dynamodb.sa-east-1.amazonaws.com" << ErrorCode::None << none;
    QTest::newRow("no such profile") << "nope" << none << none << envKeys << creds << config << none << none << none << none
                                     << ErrorCode::StoreUnavailable << "profile nope is in neither";
    QTest::newRow("SSO is not run") << "sso"
                                    << "eu-west-1" << none << QStringList{} << creds << config << none << none << none << none
                                    << ErrorCode::StoreUnavailable << "export-credentials";
    QTest::newRow("nothing at all") << none << "eu-west-1" << none << QStringList{} << QByteArray() << QByteArray() << none << none << none
                                    << none << ErrorCode::StoreUnavailable << "no AWS credentials";
    QTest::newRow("no region") << none << none << none << envKeys << QByteArray() << QByteArray() << none << none << none << none
                               << ErrorCode::StoreUnavailable << "no AWS region";
    QTest::newRow("a key without its secret") << none << "eu-west-1" << none << QStringList{}
                                              << QByteArray("[default]\naws_access_key_id=K\n") << QByteArray() << none << none << none
                                              << none << ErrorCode::StoreUnavailable << "no aws_secret_access_key";
}

void TestDynamoConfig::credentials() { checkResolved(Service::DynamoDB); }

void TestDynamoConfig::s3Credentials_data()
{
    credentialsColumns();
    const QByteArray config = "[default]\nregion = eu-central-1\n\n[profile dev]\nregion = us-west-2\n"
                              "endpoint_url = http://localhost:9000\naws_access_key_id = DEVKEY\naws_secret_access_key = sekrit2\n";
    const QStringList envKeys{QStringLiteral("AWS_ACCESS_KEY_ID=S3RVER"), QStringLiteral("AWS_SECRET_ACCESS_KEY=S3RVER")};
    const QStringList everyEndpoint{QStringLiteral("AWS_ENDPOINT_URL_S3=http://s3:3/"), QStringLiteral("AWS_ENDPOINT_URL=http://general:1"),
                                    QStringLiteral("AWS_ENDPOINT_URL_DYNAMODB=http://dynamo:2")};
    const QString none;
    QTest::newRow("S3's host") << none << "eu-west-1" << none << envKeys << QByteArray() << QByteArray() << "S3RVER"
                               << ""
                               << "eu-west-1"
                               << "https://s3.eu-west-1.amazonaws.com" << ErrorCode::None << none;
    QTest::newRow("S3's host in China") << none << "cn-north-1" << none << envKeys << QByteArray() << QByteArray() << "S3RVER"
                                        << ""
                                        << "cn-north-1"
                                        << "https://s3.cn-north-1.amazonaws.com.cn" << ErrorCode::None << none;
    QTest::newRow("AWS_ENDPOINT_URL_S3 first, not DynamoDB's")
        << none << "us-east-1" << none << (envKeys + everyEndpoint) << QByteArray() << QByteArray() << "S3RVER"
        << ""
        << "us-east-1"
        << "http://s3:3" << ErrorCode::None << none;
    QTest::newRow("then AWS_ENDPOINT_URL") << none << "us-east-1" << none << (envKeys + everyEndpoint.mid(1)) << QByteArray()
                                           << QByteArray() << "S3RVER"
                                           << ""
                                           << "us-east-1"
                                           << "http://general:1" << ErrorCode::None << none;
    QTest::newRow("then the profile's endpoint_url") << "dev" << none << none << QStringList{} << QByteArray() << config << "DEVKEY"
                                                     << ""
                                                     << "us-west-2"
                                                     << "http://localhost:9000" << ErrorCode::None << none;
    QTest::newRow("the location's endpoint wins")
        << none << "us-east-1"
        << "http://127.0.0.1:4568" << (envKeys + everyEndpoint) << QByteArray() << QByteArray() << "S3RVER"
        << ""
        << "us-east-1"
        << "http://127.0.0.1:4568" << ErrorCode::None << none;
    QTest::newRow("no region, in S3's words") << none << none << none << envKeys << QByteArray() << QByteArray() << none << none << none
                                              << none << ErrorCode::StoreUnavailable
                                              << "no AWS region for S3: name it in the location (s3://";
    QTest::newRow("no credentials, in S3's words") << none << "eu-west-1" << none << QStringList{} << QByteArray() << QByteArray() << none
                                                   << none << none << none << ErrorCode::StoreUnavailable << "no AWS credentials for S3";
}

void TestDynamoConfig::s3Credentials() { checkResolved(Service::S3); }

namespace {

void checkResolved(Service service)
{
    QFETCH(QString, locationProfile);
    QFETCH(QString, locationRegion);
    QFETCH(QString, locationEndpoint);
    QFETCH(QStringList, environment);
    QFETCH(QByteArray, credentialsFile);
    QFETCH(QByteArray, configFile);
    QFETCH(ErrorCode, error);
    QTemporaryDir home;
    if (!credentialsFile.isEmpty())
        write(home.filePath(QStringLiteral(".aws/credentials")), credentialsFile);
    if (!configFile.isEmpty())
        write(home.filePath(QStringLiteral(".aws/config")), configFile);
    Environment env;
    env.home = home.path();
    for (const QString &pair : std::as_const(environment))
        env.variables.insert(pair.section(QLatin1Char('='), 0, 0), pair.section(QLatin1Char('='), 1));
    const auto resolved = resolveConfig(locationProfile, locationRegion, locationEndpoint, env, service);
    if (error != ErrorCode::None) {
        QVERIFY(!resolved.ok());
        QCOMPARE(resolved.error().code, error);
        QFETCH(QString, saying);
        QVERIFY2(resolved.error().message.contains(saying), qPrintable(resolved.error().message));
        // A secret never appears in a message.
        QVERIFY(!resolved.error().message.contains(QLatin1String("sekrit")));
        return;
    }
    QVERIFY2(resolved.ok(), qPrintable(resolved.error().toString()));
    QTEST(resolved->credentials.accessKeyId, "keyId");
    QTEST(resolved->credentials.sessionToken, "token");
    QTEST(resolved->region, "region");
    QTEST(resolved->endpoint, "endpoint");
    QVERIFY(!resolved->credentials.secretAccessKey.isEmpty());
}

} // namespace

QTEST_GUILESS_MAIN(TestDynamoConfig)
#include "tst_dynamoconfig.moc"
