#include "aws/awsconfig.h"

#include "ledger/message.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>

namespace ledger::aws {

namespace {

using Section = QHash<QString, QString>;

// An INI file as the AWS tools read it: "[section]", "key = value", '#' and ';' comments.
// Indented lines continue a nested block (s3 = …); those keys are read as their own.
QHash<QString, Section> readIni(const QString &path)
{
    QHash<QString, Section> sections;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return sections;
    QString current;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1Char('[')) && line.endsWith(QLatin1Char(']'))) {
            current = line.mid(1, line.size() - 2).simplified();
            sections[current];
            continue;
        }
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq > 0 && !current.isNull())
            sections[current].insert(line.left(eq).trimmed().toLower(), line.mid(eq + 1).trimmed());
    }
    return sections;
}

QString expandHome(const QString &path, const Environment &env)
{
    if (path.startsWith(QLatin1String("~/")))
        return env.home + path.mid(1);
    return path;
}

QString credentialsFile(const Environment &env)
{
    const QString named = env.value(QStringLiteral("AWS_SHARED_CREDENTIALS_FILE"));
    return named.isEmpty() ? env.home + QStringLiteral("/.aws/credentials") : expandHome(named, env);
}

QString configFile(const Environment &env)
{
    const QString named = env.value(QStringLiteral("AWS_CONFIG_FILE"));
    return named.isEmpty() ? env.home + QStringLiteral("/.aws/config") : expandHome(named, env);
}

// A file as people write it in messages: ~/.aws/credentials.
QString shown(const QString &path, const Environment &env)
{
    if (!env.home.isEmpty() && path.startsWith(env.home + QLatin1Char('/')))
        return QStringLiteral("~") + path.mid(env.home.size());
    return path;
}

struct Profile {
    Section fromCredentials; // [NAME] in the credentials file
    Section fromConfig;      // [profile NAME] (or [default]) in the config file
    bool found = false;
};

Profile readProfile(const QString &name, const Environment &env)
{
    Profile profile;
    const auto credentials = readIni(credentialsFile(env));
    const auto config = readIni(configFile(env));
    if (credentials.contains(name)) {
        profile.fromCredentials = credentials.value(name);
        profile.found = true;
    }
    const QString configName = name == QLatin1String("default") ? name : QStringLiteral("profile ") + name;
    if (config.contains(configName)) {
        profile.fromConfig = config.value(configName);
        profile.found = true;
    }
    return profile;
}

Error notFound(const Message &what) { return makeError(ErrorCode::StoreUnavailable, what); }

// What differs between the services: where their endpoint is named, their host, and the words
// of what their location lacks.
struct ServiceWords {
    const char *endpointVariable;
    const char *host;
    const char *noCredentials; // %1: the credentials file
    const char *noRegion;
};

const ServiceWords &wordsOf(Service service)
{
    static const ServiceWords dynamodb{
        "AWS_ENDPOINT_URL_DYNAMODB", "dynamodb",
        QT_TRANSLATE_NOOP("ledger", "no AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a profile of %1 with "
                                    "profile= in the location or AWS_PROFILE"),
        QT_TRANSLATE_NOOP("ledger", "no AWS region: name it in the location (dynamodb://REGION/PREFIX), or set AWS_REGION, or region "
                                    "in the profile")};
    static const ServiceWords s3{
        "AWS_ENDPOINT_URL_S3", "s3",
        QT_TRANSLATE_NOOP("ledger", "no AWS credentials for S3: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or name a profile of "
                                    "%1 with profile= in the location or AWS_PROFILE"),
        QT_TRANSLATE_NOOP("ledger", "no AWS region for S3: name it in the location (s3://BUCKET/PREFIX?region=REGION), or set "
                                    "AWS_REGION, or region in the profile")};
    return service == Service::S3 ? s3 : dynamodb;
}

} // namespace

Environment Environment::ofProcess()
{
    Environment env;
    const auto process = QProcessEnvironment::systemEnvironment();
    for (const QString &key : process.keys())
        env.variables.insert(key, process.value(key));
    env.home = QDir::homePath();
    return env;
}

QString defaultEndpoint(const QString &region, Service service)
{
    const QString domain = region.startsWith(QLatin1String("cn-")) ? QStringLiteral("amazonaws.com.cn") : QStringLiteral("amazonaws.com");
    return QStringLiteral("https://%1.%2.%3").arg(QLatin1String(wordsOf(service).host), region, domain);
}

Result<ResolvedConfig> resolveConfig(const QString &profileName, const QString &region, const QString &endpoint, const Environment &env,
                                     Service service)
{
    const ServiceWords &words = wordsOf(service);
    ResolvedConfig config;
    const QString envKey = env.value(QStringLiteral("AWS_ACCESS_KEY_ID"));
    const QString envSecret = env.value(QStringLiteral("AWS_SECRET_ACCESS_KEY"));
    const bool fromEnvironment = profileName.isEmpty() && !envKey.isEmpty() && !envSecret.isEmpty();
    QString name = profileName;
    if (name.isEmpty())
        name = env.value(QStringLiteral("AWS_PROFILE"));
    if (name.isEmpty())
        name = QStringLiteral("default");
    const Profile profile = readProfile(name, env);
    if (!profileName.isEmpty() && !profile.found)
        return notFound(Message::translate("ledger", "AWS profile %1 is in neither %2 nor %3")
                            .arg(profileName, shown(credentialsFile(env), env), shown(configFile(env), env)));

    // A profile's key in either file; the credentials file wins, as with the CLI.
    const auto setting = [&](const QString &key) {
        const QString inCredentials = profile.fromCredentials.value(key);
        return inCredentials.isEmpty() ? profile.fromConfig.value(key) : inCredentials;
    };

    if (fromEnvironment) {
        config.credentials = Credentials{envKey, envSecret, env.value(QStringLiteral("AWS_SESSION_TOKEN"))};
        config.credentialSource = QStringLiteral("environment");
    } else if (!setting(QStringLiteral("aws_access_key_id")).isEmpty()) {
        config.credentials = Credentials{setting(QStringLiteral("aws_access_key_id")), setting(QStringLiteral("aws_secret_access_key")),
                                         setting(QStringLiteral("aws_session_token"))};
        if (config.credentials.secretAccessKey.isEmpty())
            return notFound(Message::translate("ledger", "AWS profile %1 has aws_access_key_id but no aws_secret_access_key").arg(name));
        config.credentialSource = QStringLiteral("profile %1").arg(name);
    } else {
        for (const QString &helper : {QStringLiteral("sso_session"), QStringLiteral("sso_start_url"), QStringLiteral("credential_process"),
                                      QStringLiteral("role_arn"), QStringLiteral("web_identity_token_file")}) {
            if (!setting(helper).isEmpty())
                return notFound(Message::translate("ledger", "AWS profile %1 gets its credentials by %2, which LedgerDesk does not run: "
                                                             "export them first (eval \"$(aws configure export-credentials "
                                                             "--profile %1 --format env)\")")
                                    .arg(name, helper));
        }
        return notFound(Message::translate("ledger", words.noCredentials).arg(shown(credentialsFile(env), env)));
    }

    config.region = region;
    for (const QString &variable : {QStringLiteral("AWS_REGION"), QStringLiteral("AWS_DEFAULT_REGION")}) {
        if (config.region.isEmpty())
            config.region = env.value(variable);
    }
    if (config.region.isEmpty())
        config.region = setting(QStringLiteral("region"));
    if (config.region.isEmpty())
        return notFound(Message::translate("ledger", words.noRegion));
    static const QRegularExpression regionForm(QStringLiteral("^[a-z0-9-]{1,40}$"));
    if (!regionForm.match(config.region).hasMatch())
        return makeError(ErrorCode::InvalidLocation, Message::translate("ledger", "%1 is not an AWS region name").arg(config.region));

    config.endpoint = endpoint;
    for (const QString &variable : {QString::fromLatin1(words.endpointVariable), QStringLiteral("AWS_ENDPOINT_URL")}) {
        if (config.endpoint.isEmpty())
            config.endpoint = env.value(variable);
    }
    if (config.endpoint.isEmpty())
        config.endpoint = setting(QStringLiteral("endpoint_url"));
    if (config.endpoint.isEmpty())
        config.endpoint = defaultEndpoint(config.region, service);
    while (config.endpoint.endsWith(QLatin1Char('/')))
        config.endpoint.chop(1);
    return config;
}

} // namespace ledger::aws
