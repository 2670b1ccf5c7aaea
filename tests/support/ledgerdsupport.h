#pragma once
// What tst_ledgerd and tst_ledgerdaccess share: a ledgerd process on a free port, curl as a client,
// and the log of every answer curl got, checked at the end against the schemas of /openapi.json
// (tools/openapi: npm swagger-parser validates the document, ajv each answer).

#include <QByteArray>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace ledger::test {

struct Http {
    int status = 0;
    QJsonObject body;
    QByteArray raw;
};

// One ledgerd process for a test: started on the arguments given, stopped (SIGTERM) at the end.
// `url` is what it printed ("http://127.0.0.1:PORT"), empty when it did not start. A test program
// that dies (a crash, qFatal, QtTest's watchdog) takes it along: the kernel kills it when its
// parent goes, so no ledgerd outlives its test.
class Ledgerd {
public:
    explicit Ledgerd(const QStringList &args, const QStringList &env = {});
    ~Ledgerd();
    Ledgerd(const Ledgerd &) = delete;
    Ledgerd &operator=(const Ledgerd &) = delete;
    // SIGTERM, then its exit status (-1: it did not exit normally within 15 s).
    int stop();
    // SIGKILL, as a crash or an OOM kill would end it: nothing is finished or closed. True once it
    // is gone (within 15 s).
    bool kill();
    // What it wrote to stderr so far (all of it, on every call).
    QString errors();
    quint16 port() const;
    // Its process id while it runs (0 once it ended: never signal that).
    qint64 pid() const { return m_process.state() == QProcess::NotRunning ? 0 : m_process.processId(); }
    QString url;

private:
    QProcess m_process;
    QString m_errors;
};

// `ledgerd token add NAME ROLE --tokens FILE`: its exit status and what it printed (the token).
struct AddedToken {
    int exitCode = -1;
    QString token;
};
AddedToken addToken(const QString &file, const QString &name, const QString &role);
// `token` in DIR/NAME.token that only its owner may read (as --token-file wants): its path, "" when
// it could not be written.
QString writeToken(const QString &dir, const QString &name, const QString &token);

// Whether this run goes through ledgerd: the "@remote" and "@remotepg" variants of
// tests/CMakeLists.txt ($LEDGER_TEST_REMOTE=1), where the console signs in to a ledgerd over the
// test's store and ledgerctl calls one with --server instead of opening the store.
bool throughLedgerd();

// The token file (for --token-file) of an operator named `name`, in the tokens file every
// ServedStore of this test program serves: made once per name, "" when it could not be.
QString operatorTokenFile(const QString &name);

// A ledgerd over `location` for a test that runs through one: on loopback, with this program's
// tokens (make the operators' tokens it will need before: operatorTokenFile), and no recovery of
// its own (the test decides what stays stuck), `env` ("NAME=value" each) added to its environment,
// on `port` (0: a free one). Stopped when it ends.
class ServedStore {
public:
    explicit ServedStore(const QString &location, const QStringList &env = {}, quint16 port = 0);
    // "http://127.0.0.1:PORT", empty when it did not start (errors() says why).
    const QString &url() const { return m_ledgerd.url; }
    quint16 port() const { return m_ledgerd.port(); }
    QString errors() { return m_ledgerd.errors(); }

private:
    Ledgerd m_ledgerd;
};

// curl, as an application would call: the status and the JSON body (logged, see below).
Http curl(const QString &method, const QString &url, const QByteArray &body = {}, const QStringList &headers = {});

// Every answer curl() gets from now on is appended to `log` (nullptr: stop logging).
void logAnswersTo(QFile *log);
// The answers a raw client read (whole HTTP/1.1 messages, one after another, each with its
// Content-Length): their statuses in order (-1 for bytes that are not a whole message), and,
// when `log`, logged like curl's as answers to METHOD PATH — for the clients that write what
// curl never would (tst_ledgerdhostile).
QList<int> logRawAnswers(const QString &method, const QString &path, const QByteArray &bytes, bool log);
// The document ledgerd serves through a real validator, and every logged answer against its
// operation's response schema, headers and status (tools/openapi/check-responses.mjs): "" when all
// hold, else what node printed. At least one answer must have been logged; with EveryOperation,
// every operation of the document must have been answered with a 2xx at least once.
enum class Coverage { AnyOperations, EveryOperation };
QString checkAnswersAgainstOpenApi(const QString &log, Coverage coverage = Coverage::AnyOperations);

} // namespace ledger::test
