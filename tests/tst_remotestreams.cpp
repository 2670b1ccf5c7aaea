// tst_remotestreams: what streams through ledgerd — exports (GET /v1/exports/{table}: ledgerctl's
// --csv of list, accounts and actions, and RemoteLedgerService::exportTable in CSV and JSON) and
// the change feed (ledgerctl feed --server) — is byte for byte what the store opened here gives;
// a stream cut on the way is said, never taken for the whole.
#include "ledgerdsupport.h"
#include "testsupport.h"

#include "protocol/coordinator.h"
#include "operations/operatoractions.h"
#include "protocol/faults.h"
#include "service/remoteledgerservice.h"
#include "store/fixtures/consolefixture.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

Q_DECLARE_METATYPE(ledger::ExportSpec)

using namespace ledger;
using namespace ledger::test;

namespace {

QByteArray readToken(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().trimmed() : QByteArray();
}

ExportSpec transactionsSpec(const TxQuery &query)
{
    ExportSpec spec;
    spec.table = ExportSpec::Table::Transactions;
    spec.transactions = query;
    return spec;
}

} // namespace

class TestRemoteStreams : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void csvSaysWhatTheStoreSays_data();
    void csvSaysWhatTheStoreSays();
    void exportsAreTheLocalFile_data();
    void exportsAreTheLocalFile();
    void feedSaysWhatTheStoreSays_data();
    void feedSaysWhatTheStoreSays();
    void aFollowedFeedEndsOnCtrlC();
    void aFeedWhoseServerIsGoneSaysSo();
    void aFeedIsTakenUpAgainAfterARestart();
    void aCutExportIsSaid_data();
    void aCutExportIsSaid();

private:
    ProcessResult run(const QStringList &args);
    ProcessResult ctl(const QStringList &args);
    QProcess *startCtl(const QStringList &args);
    void startLedgerd(const QString &store, const QString &listen = QStringLiteral("127.0.0.1:0"));

    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<Ledgerd> m_ledgerd;
    QTemporaryDir m_dir;
    QString m_tokens;
    QString m_viewer; // a read token's file: every stream is a read
};

void TestRemoteStreams::init()
{
    m_store = std::make_unique<TempStore>();
    openAccounts(m_store->store(), {QStringLiteral("acme"), QStringLiteral("bob"), QStringLiteral("carol")}, 100000);
    Coordinator coordinator(m_store->store(), CoordinatorOptions{});
    // A memo CSV must quote (a comma, quotes) and one that is not ASCII (a chunk may end inside it).
    QVERIFY(coordinator.transfer({QStringLiteral("acme"), QStringLiteral("bob"), 250, QStringLiteral("rent, \"May\""), QString()}).ok());
    QVERIFY(coordinator.transfer({QStringLiteral("bob"), QStringLiteral("carol"), 125, QStringLiteral("午餐 lunch"), QString()}).ok());
    QCOMPARE(abandonedAfter(m_store->store(), Step::HoldDebit, {QStringLiteral("carol"), QStringLiteral("acme"), 100, QString(), QString()})
                 .error.code,
             ErrorCode::Interrupted);
    m_tokens = m_dir.filePath(QStringLiteral("tokens"));
    QFile::remove(m_tokens);
    const AddedToken viewer = addToken(m_tokens, QStringLiteral("viewer"), QStringLiteral("read"));
    const AddedToken ann = addToken(m_tokens, QStringLiteral("ann"), QStringLiteral("operator"));
    QCOMPARE(viewer.exitCode + ann.exitCode, 0);
    m_viewer = writeToken(m_dir.path(), QStringLiteral("viewer"), viewer.token);
    // Something in the operator actions: ann claims the stuck one, through the server.
    startLedgerd(m_store->path());
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    TxQuery pending;
    pending.state = TxState::Pending;
    auto stuck = m_store->store().transactions(pending);
    QVERIFY(stuck.ok() && stuck->size() == 1);
    RemoteLedgerService asAnn(ServerLocation{QUrl(m_ledgerd->url), ann.token.toUtf8(), QString()});
    QVERIFY(asAnn.remark(stuck->first().id, Remark::Claim, QStringLiteral("mine, \"for now\"")).ok());
}

void TestRemoteStreams::cleanup()
{
    m_ledgerd.reset();
    m_store.reset();
}

void TestRemoteStreams::startLedgerd(const QString &store, const QString &listen)
{
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), store, QStringLiteral("--listen"), listen,
                                                      QStringLiteral("--tokens"), m_tokens, QStringLiteral("--recover-every"),
                                                      QStringLiteral("off")});
}

ProcessResult TestRemoteStreams::run(const QStringList &args)
{
    return runLedgerctl(args, ledgerctlEnvironment(m_dir.path(), QString(), QString(), {QStringLiteral("LEDGERDESK_LANGUAGE=en")}));
}

ProcessResult TestRemoteStreams::ctl(const QStringList &args)
{
    return run(QStringList{QStringLiteral("--server"), m_ledgerd->url, QStringLiteral("--token-file"), m_viewer} + args);
}

QProcess *TestRemoteStreams::startCtl(const QStringList &args)
{
    auto *p = new QProcess(this);
    p->setProcessEnvironment(ledgerctlEnvironment(m_dir.path(), QString(), QString(), {QStringLiteral("LEDGERDESK_LANGUAGE=en")}));
    p->start(QStringLiteral(LEDGERCTL_PATH),
             QStringList{QStringLiteral("--server"), m_ledgerd->url, QStringLiteral("--token-file"), m_viewer} + args);
    return p;
}

void TestRemoteStreams::csvSaysWhatTheStoreSays_data()
{
    QTest::addColumn<QStringList>("args");
    const auto row = [](const char *name, const QStringList &args) { QTest::newRow(name) << args; };
    row("list", {QStringLiteral("list"), QStringLiteral("--csv")});
    row("list state account", {QStringLiteral("list"), QStringLiteral("--state"), QStringLiteral("done"), QStringLiteral("--account"),
                               QStringLiteral("bob"), QStringLiteral("--csv")});
    row("list newest stuck",
        {QStringLiteral("list"), QStringLiteral("--newest"), QStringLiteral("--stuck-for"), QStringLiteral("0s"), QStringLiteral("--csv")});
    row("list limit", {QStringLiteral("list"), QStringLiteral("--limit"), QStringLiteral("2"), QStringLiteral("--csv")});
    row("list all", {QStringLiteral("list"), QStringLiteral("--all"), QStringLiteral("--newest"), QStringLiteral("--csv")});
    row("list none", {QStringLiteral("list"), QStringLiteral("--state"), QStringLiteral("canceled"), QStringLiteral("--csv")});
    row("accounts", {QStringLiteral("accounts"), QStringLiteral("--csv")});
    row("accounts filter limit", {QStringLiteral("accounts"), QStringLiteral("--filter"), QStringLiteral("o"), QStringLiteral("--limit"),
                                  QStringLiteral("1"), QStringLiteral("--csv")});
    row("actions", {QStringLiteral("actions"), QStringLiteral("--csv")});
    row("actions all filter", {QStringLiteral("actions"), QStringLiteral("--kind"), QStringLiteral("all"), QStringLiteral("--filter"),
                               QStringLiteral("ann"), QStringLiteral("--csv")});
    row("bad state", {QStringLiteral("list"), QStringLiteral("--state"), QStringLiteral("lost"), QStringLiteral("--csv")});
}

void TestRemoteStreams::csvSaysWhatTheStoreSays()
{
    QFETCH(QStringList, args);
    const ProcessResult here = run(QStringList{QStringLiteral("--store"), m_store->path()} + args);
    const ProcessResult there = ctl(args);
    QCOMPARE(there.exitCode, here.exitCode);
    QCOMPARE(there.out, here.out);
    QCOMPARE(there.err, here.err);
    if (here.exitCode == 0)
        QVERIFY2(here.out.count(QLatin1Char('\n')) >= 1, qPrintable(here.out)); // the header, at least
}

void TestRemoteStreams::exportsAreTheLocalFile_data()
{
    QTest::addColumn<ExportSpec>("spec");
    QTest::addColumn<int>("format");
    TxQuery byAmount;
    byAmount.sortKey = TxSortKey::Amount;
    byAmount.descending = true;
    TxQuery done;
    done.state = TxState::Done;
    done.account = QStringLiteral("bob");
    done.limit = 1;
    TxQuery text;
    text.text = QStringLiteral("carol");
    text.cause = QString(); // no error
    ExportSpec accounts;
    accounts.table = ExportSpec::Table::Accounts;
    accounts.accounts.text = QStringLiteral("a");
    ExportSpec actions;
    actions.table = ExportSpec::Table::Journal;
    actions.journal = operatorActionsQuery(ActionsPreset::All, QStringLiteral("ann"));
    for (const ExportFormat format : {ExportFormat::Csv, ExportFormat::Json}) {
        const QByteArray f = nameOf(format).toLatin1();
        QTest::newRow("transactions " + f) << transactionsSpec(TxQuery{}) << int(format);
        QTest::newRow("by amount " + f) << transactionsSpec(byAmount) << int(format);
        QTest::newRow("done on bob, one " + f) << transactionsSpec(done) << int(format);
        QTest::newRow("text, no error " + f) << transactionsSpec(text) << int(format);
        QTest::newRow("accounts " + f) << accounts << int(format);
        QTest::newRow("actions " + f) << actions << int(format);
    }
}

void TestRemoteStreams::exportsAreTheLocalFile()
{
    // The console's File › Export through ledgerd: the same bytes as on the store opened here.
    QFETCH(ExportSpec, spec);
    QFETCH(int, format);
    QBuffer here;
    QVERIFY(here.open(QIODevice::WriteOnly));
    auto hereRows = exportTable(m_store->store(), spec, ExportFormat(format), here);
    QVERIFY2(hereRows.ok(), qPrintable(hereRows.error().toString()));
    RemoteLedgerService service(ServerLocation{QUrl(m_ledgerd->url), readToken(m_viewer), QString()});
    QBuffer there;
    QVERIFY(there.open(QIODevice::WriteOnly));
    qint64 told = -1;
    ExportProgress progress;
    progress.rowsWritten = [&](qint64 rows) { told = rows; };
    auto thereRows = service.exportTable(spec, ExportFormat(format), there, progress);
    QVERIFY2(thereRows.ok(), qPrintable(thereRows.error().toString()));
    QCOMPARE(there.data(), here.data());
    QCOMPARE(*thereRows, *hereRows);
    QCOMPARE(told, *hereRows);
    QVERIFY(*hereRows > 0);
}

void TestRemoteStreams::feedSaysWhatTheStoreSays_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("from the start") << QStringList{QStringLiteral("feed")};
    QTest::newRow("limit") << QStringList{QStringLiteral("feed"), QStringLiteral("--limit"), QStringLiteral("2")};
    QTest::newRow("since") << QStringList{QStringLiteral("feed"), QStringLiteral("--since"), QStringLiteral("CURSOR")};
    QTest::newRow("since the end") << QStringList{QStringLiteral("feed"), QStringLiteral("--since"), QStringLiteral("END")};
    QTest::newRow("bad cursor") << QStringList{QStringLiteral("feed"), QStringLiteral("--since"), QStringLiteral("x1")};
}

void TestRemoteStreams::feedSaysWhatTheStoreSays()
{
    QFETCH(QStringList, args);
    const ProcessResult all = run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")});
    const QStringList lines = all.out.trimmed().split(QLatin1Char('\n'));
    QVERIFY2(lines.size() >= 4, qPrintable(all.out)); // three openings and two transfers finished
    const auto cursorOf = [](const QString &line) {
        return QJsonDocument::fromJson(line.toUtf8()).object().value(QStringLiteral("cursor")).toString();
    };
    args.replaceInStrings(QStringLiteral("CURSOR"), cursorOf(lines.at(1)));
    args.replaceInStrings(QStringLiteral("END"), cursorOf(lines.last()));
    const ProcessResult here = run(QStringList{QStringLiteral("--store"), m_store->path()} + args);
    const ProcessResult there = ctl(args);
    QCOMPARE(there.exitCode, here.exitCode);
    QCOMPARE(there.out, here.out);
    QCOMPARE(there.err, here.err);
}

void TestRemoteStreams::aFollowedFeedEndsOnCtrlC()
{
    // Followed through the server: what finishes later comes as it finishes, and Ctrl-C ends it
    // between lines with what a shell says of the local feed it interrupts (130).
    QProcess *follow = startCtl({QStringLiteral("feed"), QStringLiteral("--follow")});
    const int before = run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")}).out.count(QLatin1Char('\n'));
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += follow->readAllStandardOutput()).count('\n') == before, 60'000);
    QVERIFY(Coordinator(m_store->store(), CoordinatorOptions{})
                .transfer({QStringLiteral("acme"), QStringLiteral("carol"), 7, QString(), QString()})
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT((out += follow->readAllStandardOutput()).count('\n') == before + 1, 60'000);
    ::kill(pid_t(follow->processId()), SIGINT);
    QVERIFY(follow->waitForFinished(60'000));
    out += follow->readAllStandardOutput();
    QCOMPARE(follow->exitStatus(), QProcess::NormalExit);
    QCOMPARE(follow->exitCode(), 130);
    QCOMPARE(QString::fromUtf8(follow->readAllStandardError()), QString());
    QCOMPARE(QString::fromUtf8(out), run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")}).out);
}

void TestRemoteStreams::aFeedWhoseServerIsGoneSaysSo()
{
    // The server goes away and does not come back: after the few seconds a lost read is tried
    // again, the feed ends as the local one does when its store fails — the error, exit 3 — and
    // says where to go on from.
    QProcess *follow = startCtl({QStringLiteral("feed"), QStringLiteral("--follow")});
    const QString all = run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")}).out;
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += follow->readAllStandardOutput()).count('\n') == all.count(QLatin1Char('\n')), 60'000);
    QCOMPARE(m_ledgerd->stop(), 0);
    QVERIFY(follow->waitForFinished(120'000));
    out += follow->readAllStandardOutput();
    QCOMPARE(follow->exitCode(), 3);
    const QString last =
        QJsonDocument::fromJson(all.trimmed().split(QLatin1Char('\n')).last().toUtf8()).object().value(QStringLiteral("cursor")).toString();
    const QString err = QString::fromUtf8(follow->readAllStandardError());
    QVERIFY2(err.startsWith(QLatin1String("error: service-unavailable: ")), qPrintable(err));
    QVERIFY2(err.contains(QStringLiteral("go on with --since %1\n").arg(last)), qPrintable(err));
    QCOMPARE(QString::fromUtf8(out), all);
}

void TestRemoteStreams::aFeedIsTakenUpAgainAfterARestart()
{
    // ledgerd restarted under a followed feed (on the same port): the feed goes on after the last
    // line it printed — nothing twice, nothing missed.
    QProcess *follow = startCtl({QStringLiteral("feed"), QStringLiteral("--follow")});
    const int before = run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")}).out.count(QLatin1Char('\n'));
    QByteArray out;
    QTRY_VERIFY_WITH_TIMEOUT((out += follow->readAllStandardOutput()).count('\n') == before, 60'000);
    const QString listen = QStringLiteral("127.0.0.1:%1").arg(m_ledgerd->port());
    QCOMPARE(m_ledgerd->stop(), 0);
    QVERIFY(Coordinator(m_store->store(), CoordinatorOptions{})
                .transfer({QStringLiteral("acme"), QStringLiteral("carol"), 3, QString(), QString()})
                .ok()); // while it is down
    startLedgerd(m_store->path(), listen);
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    QVERIFY(Coordinator(m_store->store(), CoordinatorOptions{})
                .transfer({QStringLiteral("acme"), QStringLiteral("carol"), 4, QString(), QString()})
                .ok()); // once it is back
    QTRY_VERIFY_WITH_TIMEOUT((out += follow->readAllStandardOutput()).count('\n') >= before + 2, 60'000);
    ::kill(pid_t(follow->processId()), SIGINT);
    QVERIFY(follow->waitForFinished(60'000));
    out += follow->readAllStandardOutput();
    QCOMPARE(follow->exitCode(), 130);
    QCOMPARE(QString::fromUtf8(out), run({QStringLiteral("--store"), m_store->path(), QStringLiteral("feed")}).out);
}

void TestRemoteStreams::aCutExportIsSaid_data()
{
    QTest::addColumn<int>("format");
    QTest::newRow("csv") << int(ExportFormat::Csv);
    QTest::newRow("json") << int(ExportFormat::Json);
}

void TestRemoteStreams::aCutExportIsSaid()
{
    // An export far larger than what the sockets between them hold (80,000 rows, some 20 MB):
    // read slowly, the server waits for its client; stopped under it (SIGTERM ends what is in
    // flight), the stream ends without its last chunk, and the client says `truncated` — never
    // a short file that looks whole.
    QFETCH(int, format);
    TempStore big;
    const Error filled = fixtures::fillConsoleStore(big.config(), Durability::Normal, 80'000);
    QVERIFY2(filled.ok(), qPrintable(filled.toString()));
    m_ledgerd.reset();
    startLedgerd(big.path());
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    RemoteLedgerService service(ServerLocation{QUrl(m_ledgerd->url), readToken(m_viewer), QString()});
    QBuffer there;
    QVERIFY(there.open(QIODevice::WriteOnly));
    bool stopped = false;
    ExportProgress progress;
    progress.rowsWritten = [&](qint64) {
        if (stopped)
            return;
        stopped = true;
        QCOMPARE(m_ledgerd->stop(), 0); // while the client reads nothing: the server waits for it
    };
    auto rows = service.exportTable(transactionsSpec(TxQuery{}), ExportFormat(format), there, progress);
    QVERIFY(stopped);
    QVERIFY2(!rows.ok(), "a cut export was taken for the whole");
    QCOMPARE(rows.error().code, ErrorCode::Truncated);
    QVERIFY(there.data().size() > 0);
    if (ExportFormat(format) == ExportFormat::Json)
        QVERIFY(!there.data().endsWith("]\n"));
    QVERIFY2(m_ledgerd->errors().contains(QLatin1String("ledgerd: an export to 127.0.0.1 was cut: ")), qPrintable(m_ledgerd->errors()));

    // ledgerctl's --csv the same way: the rows that came, then `truncated`, exit 3. (Its output is
    // not read meanwhile: the pipe fills, ledgerctl stops reading the server, the server waits.)
    startLedgerd(big.path());
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    QProcess *csv = startCtl({QStringLiteral("list"), QStringLiteral("--all"), QStringLiteral("--csv")});
    QVERIFY(csv->waitForReadyRead(60'000)); // the export has begun
    QCOMPARE(m_ledgerd->stop(), 0);
    QVERIFY(csv->waitForFinished(120'000));
    QCOMPARE(csv->exitCode(), 3);
    const QString err = QString::fromUtf8(csv->readAllStandardError());
    QVERIFY2(err.startsWith(QLatin1String("error: truncated: the answer of the ledger service at http://127.0.0.1:")), qPrintable(err));
}

QTEST_GUILESS_MAIN(TestRemoteStreams)
#include "tst_remotestreams.moc"
