#include "ledgerdsupport.h"

#include <QDir>

#include "testsupport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QUrl>

#include <algorithm>
#include <csignal>
#include <sys/prctl.h>

namespace ledger::test {

// Every answer a test got, for checking against the schemas of /openapi.json at the end
// (tools/openapi/check-responses.mjs): one JSON line each.
namespace {
QFile *g_responses = nullptr;
}

static QString routeOf(const QString &url)
{
    QString path = QUrl(url).path();
    // (/v1/approvals/rules is a route of its own, not an approval's id.)
    static const QRegularExpression id(QStringLiteral("^/v1/(transactions|accounts|recoveries|exports|approvals)/(?!rules$)[^/]+"));
    path.replace(id, QStringLiteral("/v1/\\1/{id}"));
    return path;
}

// One answer as a line of the log (the method and the route it answered, its status, type,
// headers — lower-case names —, size and JSON body), when a log is kept.
static void logAnswer(const QString &method, const QString &route, int status, const QString &contentType, const QJsonObject &headers,
                      const QByteArray &body)
{
    if (!g_responses)
        return;
    QJsonObject line{{QStringLiteral("method"), method},   {QStringLiteral("route"), route},
                     {QStringLiteral("status"), status},   {QStringLiteral("contentType"), contentType},
                     {QStringLiteral("headers"), headers}, {QStringLiteral("size"), body.size()}};
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    if (!doc.isNull())
        line.insert(QStringLiteral("body"), doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()));
    g_responses->write(QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n');
    g_responses->flush();
}

QString writeToken(const QString &dir, const QString &name, const QString &token)
{
    const QString path = QDir(dir).filePath(name + QStringLiteral(".token"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return {};
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    file.write(token.toUtf8() + '\n');
    return path;
}

AddedToken addToken(const QString &file, const QString &name, const QString &role)
{
    QProcess p;
    p.start(QStringLiteral(LEDGERD_PATH), {QStringLiteral("token"), QStringLiteral("add"), name, role, QStringLiteral("--tokens"), file});
    if (!p.waitForFinished(10'000) || p.exitStatus() != QProcess::NormalExit)
        return {};
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()).trimmed()};
}

// curl, as an application would call: the status and the JSON body.
Http curl(const QString &method, const QString &url, const QByteArray &body, const QStringList &headers)
{
    // The answer's headers as JSON on stderr (curl's own errors are silenced by -s), for the log.
    QStringList args{QStringLiteral("-s"), QStringLiteral("-X"), method, QStringLiteral("-w"),
                     QStringLiteral("%{stderr}%{header_json}%{stdout}\n%{content_type}\n%{http_code}")};
    for (const QString &h : headers)
        args << QStringLiteral("-H") << h;
    const bool typed = std::any_of(headers.begin(), headers.end(),
                                   [](const QString &h) { return h.startsWith(QLatin1String("content-type:"), Qt::CaseInsensitive); });
    if (!body.isNull())
        args << QStringLiteral("--data-binary") << QStringLiteral("@-");
    if (!body.isNull() && !typed) // JSON unless the caller says otherwise
        args << QStringLiteral("-H") << QStringLiteral("Content-Type: application/json");
    args << url;
    QProcess p;
    p.start(QStringLiteral("curl"), args);
    p.write(body);
    p.closeWriteChannel();
    p.waitForFinished(30'000);
    const QByteArray out = p.readAllStandardOutput();
    Http h;
    const qsizetype nl = out.lastIndexOf('\n');
    const qsizetype typeStart = out.lastIndexOf('\n', nl - 1);
    h.status = out.mid(nl + 1).toInt();
    const QByteArray contentType = out.mid(typeStart + 1, nl - typeStart - 1);
    h.raw = out.left(typeStart);
    const QJsonDocument doc = QJsonDocument::fromJson(h.raw);
    h.body = doc.object();
    if (g_responses && h.status != 0) {
        // curl gives each header's values as an array (lower-case names): joined as one field.
        QJsonObject headers;
        const QJsonObject received = QJsonDocument::fromJson(p.readAllStandardError()).object();
        for (auto it = received.begin(); it != received.end(); ++it) {
            QStringList values;
            for (const QJsonValue &v : it.value().toArray())
                values << v.toString();
            headers.insert(it.key(), values.join(QStringLiteral(", ")));
        }
        logAnswer(method, routeOf(url), h.status, QString::fromUtf8(contentType), headers, h.raw);
    }
    return h;
}

Ledgerd::Ledgerd(const QStringList &args, const QStringList &env)
{
    QProcessEnvironment e = storeEnvironment(QString());
    for (const QString &kv : env)
        e.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    m_process.setProcessEnvironment(e);
    // Killed with its parent: a test program that crashes or aborts leaves no ledgerd behind.
    m_process.setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGKILL); });
    m_process.start(QStringLiteral(LEDGERD_PATH), args);
    if (!m_process.waitForReadyRead(20'000))
        return;
    const QString line = QString::fromUtf8(m_process.readLine()).trimmed();
    if (line.startsWith(QLatin1String("listening on ")))
        url = line.mid(13);
}

Ledgerd::~Ledgerd()
{
    if (m_process.state() != QProcess::NotRunning) {
        ::kill(pid_t(m_process.processId()), SIGTERM);
        if (!m_process.waitForFinished(15'000))
            m_process.kill();
    }
}

// A process that has ended has no id (0): kill(0, …) would signal this whole process group —
// the test, ctest and the shell that runs them. Only a running ledgerd is signalled.
int Ledgerd::stop()
{
    if (m_process.state() != QProcess::NotRunning) {
        ::kill(pid_t(m_process.processId()), SIGTERM);
        if (!m_process.waitForFinished(15'000))
            return -1;
    }
    return m_process.exitStatus() == QProcess::NormalExit ? m_process.exitCode() : -1;
}

bool Ledgerd::kill()
{
    if (m_process.state() == QProcess::NotRunning)
        return true;
    ::kill(pid_t(m_process.processId()), SIGKILL);
    return m_process.waitForFinished(15'000);
}

QString Ledgerd::errors()
{
    m_errors += QString::fromUtf8(m_process.readAllStandardError());
    return m_errors;
}

quint16 Ledgerd::port() const { return quint16(url.section(QLatin1Char(':'), -1).toUInt()); }

bool throughLedgerd() { return qEnvironmentVariable("LEDGER_TEST_REMOTE") == QLatin1String("1"); }

namespace {
// The tokens every ServedStore of this program serves, and a token file per operator's name.
struct Tokens {
    QTemporaryDir dir;
    QMap<QString, QString> files;
    QString list() const { return dir.filePath(QStringLiteral("tokens")); }
};
Tokens &tokens()
{
    static Tokens t;
    return t;
}
} // namespace

QString operatorTokenFile(const QString &name)
{
    Tokens &t = tokens();
    if (const auto it = t.files.constFind(name); it != t.files.cend())
        return *it;
    const AddedToken added = addToken(t.list(), name, QStringLiteral("operator"));
    if (added.exitCode != 0) {
        qWarning("ledgerd token add %s failed", qPrintable(name));
        return {};
    }
    const QString file = writeToken(t.dir.path(), name, added.token);
    t.files.insert(name, file);
    return file;
}

ServedStore::ServedStore(const QString &location, const QStringList &env, quint16 port)
    : m_ledgerd({QStringLiteral("--store"), location, QStringLiteral("--listen"), QStringLiteral("127.0.0.1:%1").arg(port),
                 QStringLiteral("--tokens"), tokens().list(), QStringLiteral("--recover-every"), QStringLiteral("off")},
                env)
{
    if (m_ledgerd.url.isEmpty())
        qWarning("ledgerd over %s did not start: %s", qPrintable(location), qPrintable(m_ledgerd.errors()));
}

void logAnswersTo(QFile *log) { g_responses = log; }

QList<int> logRawAnswers(const QString &method, const QString &path, const QByteArray &bytes, bool log)
{
    QList<int> statuses;
    qsizetype at = 0;
    while (at < bytes.size()) {
        const qsizetype end = bytes.indexOf("\r\n\r\n", at);
        if (!bytes.mid(at).startsWith("HTTP/1.1 ") || end < 0)
            return statuses << -1; // not a whole message
        const QList<QByteArray> lines = bytes.mid(at, end - at).split('\n');
        const int status = lines.first().mid(9, 3).toInt();
        statuses << status;
        QJsonObject headers;
        qint64 length = 0;
        QString contentType;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray line = lines.at(i).trimmed();
            const qsizetype colon = line.indexOf(':');
            const QString name = QString::fromLatin1(line.left(colon)).toLower();
            const QString value = QString::fromLatin1(line.mid(colon + 1).trimmed());
            headers.insert(name, value);
            if (name == QLatin1String("content-length"))
                length = value.toLongLong();
            if (name == QLatin1String("content-type"))
                contentType = value;
        }
        const QByteArray body = bytes.mid(end + 4, length);
        at = end + 4 + length;
        if (!log)
            continue;
        logAnswer(method, routeOf(path), status, contentType, headers, body);
    }
    return statuses;
}

QString checkAnswersAgainstOpenApi(const QString &log, Coverage coverage)
{
    const QString tools = QStringLiteral(LEDGER_SOURCE_DIR "/tools/openapi");
    if (!QFileInfo::exists(tools + QStringLiteral("/node_modules/@apidevtools/swagger-parser")))
        return QStringLiteral("tools/openapi/node_modules is missing: run scripts/install-deps.sh (npm ci there)");
    const QString document = QStringLiteral(LEDGER_SOURCE_DIR "/src/ledgerd/openapi.json");
    // The validator can say no: a document without its info's title and version.
    QFile broken(log + QStringLiteral(".broken.json"));
    if (!broken.open(QIODevice::WriteOnly))
        return QStringLiteral("cannot write %1").arg(broken.fileName());
    broken.write(R"({"openapi":"3.1.0","info":{},"paths":{}})");
    broken.close();
    QProcess refuse;
    refuse.start(QStringLiteral("node"), {tools + QStringLiteral("/validate.mjs"), broken.fileName()});
    if (!refuse.waitForFinished(60'000) || refuse.exitCode() != 1)
        return QStringLiteral("the validator took a broken document");
    QProcess validate;
    validate.start(QStringLiteral("node"), {tools + QStringLiteral("/validate.mjs"), document});
    if (!validate.waitForFinished(60'000) || validate.exitCode() != 0)
        return QString::fromUtf8(validate.readAllStandardError());
    QProcess check;
    QStringList args{tools + QStringLiteral("/check-responses.mjs")};
    if (coverage == Coverage::EveryOperation)
        args << QStringLiteral("--every-operation");
    check.start(QStringLiteral("node"), args << document << log);
    check.waitForFinished(60'000);
    const QString out = QString::fromUtf8(check.readAllStandardOutput() + check.readAllStandardError());
    if (check.exitCode() != 0 || !out.contains(QLatin1String("responses checked")) || out.startsWith(QLatin1String("0 responses"))) {
        // A line each: QTest cuts a long failure message short, and every failure matters.
        for (const QString &line : out.trimmed().split(QLatin1Char('\n')))
            qWarning("%s", qPrintable(line));
        return out;
    }
    qInfo("%s", qPrintable(out.trimmed()));
    return {};
}

} // namespace ledger::test
