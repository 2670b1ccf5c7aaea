// The data lake (lake/, ledgerctl lake sync|status): every finished transaction once, in gzip
// JSON-lines files under dt=YYYY-MM-DD/, the same lines as the change feed's (without cursor);
// files named by the feed positions they hold, in one chain per shard; a sync killed at each of
// its crash points and run again leaves every transaction exactly once; bad input writes
// nothing. On one file, file shards, PostgreSQL (@pg, @pgshards) and DynamoDB (@dynamo).
#include "interchange/changefeed.h"
#include "lake/foldersink.h"
#include "lake/gzipstream.h"
#include "lake/lakelayout.h"
#include "lake/lakelocation.h"
#include "lake/lakeoptions.h"
#include "lake/lakesync.h"
#include "protocol/coordinator.h"
#include "protocol/faults.h"
#include "store/dynamodb/dynamoclient.h"
#include "store/dynamodb/dynamostore.h"
#include "aws/s3client.h"
#include "lakesupport.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QUuid>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace ledger;
using namespace ledger::lake;
using namespace ledger::test;

namespace {

// Done, canceled (refused: funds) and compensated transfers, and a compensation.
void makeHistory(Store &s, int transfers)
{
    Coordinator c(s, {});
    for (int i = 0; i < transfers; ++i) {
        const TxOutcome o =
            c.transfer({i % 2 ? QStringLiteral("alice") : QStringLiteral("bob"), i % 2 ? QStringLiteral("bob") : QStringLiteral("alice"),
                        100 + i, QStringLiteral("lake %1").arg(i), QString()});
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
        if (i % 7 == 3)
            QVERIFY(c.compensate(o.tx->id, QStringLiteral("test")).ok());
    }
    const TxOutcome refused = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1'000'000'000, QString(), QString()});
    QCOMPARE(refused.error.code, ErrorCode::InsufficientFunds);
}

ProcessResult runLake(const TempStore &ts, const QStringList &args, const QStringList &env = {})
{
    return runLedgerctl(QStringList{QStringLiteral("--store"), ts.path(), QStringLiteral("lake")} + args, storeEnvironment(ts.path(), env));
}

void verifyLake(Store &s, const QString &dir)
{
    const QString problems = lakeProblems(s, dir);
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

// The test run's s3rver (tests/CMakeLists.txt, S3), "" when there is none.
QString s3Endpoint()
{
    QFile file(qEnvironmentVariable("LEDGER_TEST_S3_DIR") + QStringLiteral("/endpoint"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()).trimmed() : QString();
}

// A lake of its own on the test s3rver's bucket "lake".
QString s3Lake(const QString &prefix) { return QStringLiteral("s3://lake/%1?endpoint=%2").arg(prefix, s3Endpoint()); }

QString newPrefix() { return QStringLiteral("t-") + QUuid::createUuid().toString(QUuid::WithoutBraces).left(13); }

std::unique_ptr<aws::S3Client> s3Client()
{
    auto client = aws::S3Client::open(aws::S3Target{QStringLiteral("lake"), s3Endpoint(), QString(), QString()});
    if (!client.ok())
        qFatal("%s", qPrintable(client.error().toString()));
    return std::move(*client);
}

// Every object of a lake on S3, by its name in the lake (the key without the prefix).
QMap<QString, QByteArray> objectsOf(const QString &prefix)
{
    auto client = s3Client();
    QMap<QString, QByteArray> objects;
    auto listed = client->list(prefix + QLatin1Char('/'));
    if (!listed.ok())
        qFatal("%s", qPrintable(listed.error().toString()));
    for (const aws::S3Object &o : *listed) {
        auto bytes = client->get(o.key);
        if (!bytes.ok())
            qFatal("%s", qPrintable(bytes.error().toString()));
        objects.insert(o.key.mid(prefix.size() + 1), *bytes);
    }
    return objects;
}

// An S3 lake copied into a folder, to be checked as one (lakeProblems).
QString copiedToFolder(const QString &prefix, const QString &dir)
{
    const QMap<QString, QByteArray> objects = objectsOf(prefix);
    for (auto o = objects.cbegin(); o != objects.cend(); ++o) {
        const QString path = dir + QLatin1Char('/') + o.key();
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(o.value()) != o.value().size())
            qFatal("cannot write %s", qPrintable(path));
    }
    return dir;
}

QStringList temporaryFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, {QStringLiteral(".*.tmp")}, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}

// A folder whose first `lose` creates land but answer an error, as a PUT whose answer was lost
// (or a folder's fsync that failed after its rename): the file is visible all the same.
class LosingSink final : public LakeSink {
public:
    LosingSink(const QString &dir, int lose)
        : m_folder(dir)
        , m_lose(lose)
    {}
    Error open() override { return m_folder.open(); }
    Error probe() override { return m_folder.probe(); }
    Result<QStringList> list(const QString &fromDay) override { return m_folder.list(fromDay); }
    Result<std::optional<QByteArray>> read(const QString &name) override { return m_folder.read(name); }
    Error create(const QString &name, const QByteArray &bytes) override
    {
        const Error e = m_folder.create(name, bytes);
        if (e.ok() && name != kSchemaName && m_lose-- > 0)
            return makeError(ErrorCode::LakeUnavailable, QStringLiteral("the answer was lost"));
        return e;
    }
    Error replace(const QString &name, const QByteArray &bytes) override { return m_folder.replace(name, bytes); }
    Result<int> clearLeftovers() override { return m_folder.clearLeftovers(); }

private:
    FolderSink m_folder;
    int m_lose;
};

} // namespace

class TestLake : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fileNames_data();
    void fileNames();
    void locations_data();
    void locations();
    void sizes_data();
    void sizes();
    void gzipIsWholeAndTheSameEachTime();
    void everyFinishedTransactionOnce();
    void everyShardHasItsChain();
    void filesRollByDayAndSize();
    void aKilledSyncLeavesEachOnce_data();
    void aKilledSyncLeavesEachOnce();
    void badInputWritesNothing_data();
    void badInputWritesNothing();
    void aLakeOfAnotherStoreIsRefused();
    void oneWriterAtATime();
    void statusSaysHowFarBehind();
    void aFinishGivenTwiceIsKeptOnce();
    void anS3LakeIsTheFolderLakeByteForByte();
    void anS3SyncKilledLeavesEachOnce_data();
    void anS3SyncKilledLeavesEachOnce();
    void aBucketThatDoesNotAnswerWritesNothing_data();
    void aBucketThatDoesNotAnswerWritesNothing();
    void aFileWhoseCreateFailedIsNotWrittenTwice();
    void backdatedHistoryKilledAnywhereIsKeptOnce_data();
    void backdatedHistoryKilledAnywhereIsKeptOnce();
};

void TestLake::fileNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::newRow("first") << "dt=2026-11-22/s00-0000000000000000000-0000000000000000456.ndjson.gz" << true;
    QTest::newRow("shard 63") << "dt=2026-11-22/s63-0000000000000000120-0000000000000000456.ndjson.gz" << true;
    QTest::newRow("empty range") << "dt=2026-11-22/s00-0000000000000000456-0000000000000000456.ndjson.gz" << false;
    QTest::newRow("short position") << "dt=2026-11-22/s00-0-456.ndjson.gz" << false;
    QTest::newRow("temporary") << "dt=2026-11-22/.s00-0000000000000000000-0000000000000000456.ndjson.gz.tmp" << false;
    QTest::newRow("checkpoint") << "_checkpoint.json" << false;
    QTest::newRow("no day") << "s00-0000000000000000000-0000000000000000456.ndjson.gz" << false;
}

void TestLake::fileNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    const auto parsed = LakeFileName::parse(name);
    QCOMPARE(bool(parsed), valid);
    if (parsed)
        QCOMPARE(parsed->name(), name); // the same name back: names come from positions alone
}

void TestLake::locations_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("display"); // "" when refused (invalid-location)
    QTest::addColumn<QString>("endpoint");
    QTest::newRow("folder") << "/tmp/lake/"
                            << "/tmp/lake"
                            << "";
    QTest::newRow("bucket and prefix") << "s3://ledger-lake/prod/tx"
                                       << "s3://ledger-lake/prod/tx"
                                       << "";
    QTest::newRow("bucket alone") << "s3://ledger-lake"
                                  << "s3://ledger-lake/"
                                  << "";
    QTest::newRow("endpoint") << "s3://lake/p?endpoint=http://127.0.0.1:4569&region=us-east-1"
                              << "s3://lake/p"
                              << "http://127.0.0.1:4569";
    QTest::newRow("file scheme") << "file:///tmp/lake"
                                 << ""
                                 << "";
    QTest::newRow("gcs") << "gs://bucket/p"
                         << ""
                         << "";
    QTest::newRow("http") << "http://127.0.0.1:4569/lake"
                          << ""
                          << "";
    QTest::newRow("upper-case bucket") << "s3://Ledger/p"
                                       << ""
                                       << "";
    QTest::newRow("short bucket") << "s3://ab/p"
                                  << ""
                                  << "";
    QTest::newRow("secret in URL") << "s3://AKIA:secret@lake/p"
                                   << ""
                                   << "";
    QTest::newRow("unknown key") << "s3://lake/p?acl=public"
                                 << ""
                                 << "";
    QTest::newRow("twice") << "s3://lake/p?region=a1&region=b2"
                           << ""
                           << "";
    QTest::newRow("endpoint with path") << "s3://lake/p?endpoint=http://h:1/x"
                                        << ""
                                        << "";
    QTest::newRow("endpoint ftp") << "s3://lake/p?endpoint=ftp://h"
                                  << ""
                                  << "";
    QTest::newRow("dot-dot prefix") << "s3://lake/a/../b"
                                    << ""
                                    << "";
    QTest::newRow("empty") << ""
                           << ""
                           << "";
}

void TestLake::locations()
{
    QFETCH(QString, text);
    QFETCH(QString, display);
    QFETCH(QString, endpoint);
    const auto parsed = LakeLocation::parse(text);
    if (display.isEmpty()) {
        QVERIFY2(!parsed.ok(), qPrintable(text));
        QCOMPARE(parsed.error().code, ErrorCode::InvalidLocation);
        return;
    }
    QVERIFY2(parsed.ok(), qPrintable(parsed.error().toString()));
    QCOMPARE(parsed->display(), display);
    QCOMPARE(parsed->endpoint, endpoint);
}

void TestLake::sizes_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("bytes"); // 0: refused
    QTest::newRow("64MB") << "64MB" << qint64(64'000'000);
    QTest::newRow("64MiB") << "64MiB" << (qint64(64) << 20);
    QTest::newRow("lower case") << "512kib" << qint64(512 * 1024);
    QTest::newRow("bytes") << "4096" << qint64(4096);
    QTest::newRow("1GB") << "1GB" << qint64(1'000'000'000);
    QTest::newRow("too small") << "100B" << qint64(0);
    QTest::newRow("unit only") << "MB" << qint64(0);
    QTest::newRow("fraction") << "1.5MB" << qint64(0);
    QTest::newRow("unknown unit") << "3TB" << qint64(0);
}

void TestLake::sizes()
{
    QFETCH(QString, text);
    QFETCH(qint64, bytes);
    const auto parsed = parseByteSize(text, QStringLiteral("--max-file-size"));
    if (bytes == 0) {
        QVERIFY(!parsed.ok());
        QCOMPARE(parsed.error().code, ErrorCode::InvalidArgument);
        QVERIFY(parsed.error().message.contains(QStringLiteral("--max-file-size")));
        return;
    }
    QVERIFY2(parsed.ok(), qPrintable(parsed.error().toString()));
    QCOMPARE(*parsed, bytes);
}

void TestLake::gzipIsWholeAndTheSameEachTime()
{
    QByteArray text;
    for (int i = 0; i < 20000; ++i)
        text += QByteArray::number(i * 7919) + " a line of the lake\n";
    const auto compress = [&] {
        GzipWriter w;
        for (qsizetype at = 0; at < text.size(); at += 1000)
            w.append(text.mid(at, 1000));
        return w.finish();
    };
    const QByteArray once = compress();
    QCOMPARE(compress(), once);
    QVERIFY(once.startsWith("\x1f\x8b")); // gzip's magic, not zlib's
    QVERIFY(once.size() < text.size() / 2);
    QCOMPARE(gunzip(once).value_or(QByteArray()), text);
    QVERIFY(!gunzip(once.left(once.size() - 10))); // cut short: not whole
}

void TestLake::everyFinishedTransactionOnce()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 40);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const ProcessResult first = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--json")});
    QVERIFY2(first.exitCode == 0, qPrintable(first.err));
    const QJsonObject said = QJsonDocument::fromJson(first.out.toUtf8()).object();
    QCOMPARE(said.value(QStringLiteral("events")).toInteger(), qint64(finishedCount(ts.store())));
    verifyLake(ts.store(), dir);
    QVERIFY(QFile::exists(dir + QStringLiteral("/_schema.json")));
    const QJsonObject schema = QJsonDocument::fromJson([&] {
                                   QFile f(dir + QStringLiteral("/_schema.json"));
                                   return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
                               }())
                                   .object();
    QCOMPARE(schema.value(QStringLiteral("$id")).toString(), QStringLiteral("ledgerdesk-lake-line-v1"));

    // Again: nothing new, nothing written twice.
    const ProcessResult again = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--json")});
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(again.out.toUtf8()).object().value(QStringLiteral("events")).toInteger(), qint64(0));
    // More history, and a sync adds exactly it.
    const int before = int(linesOf(dir).size());
    makeHistory(ts.store(), 9);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const ProcessResult more = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--json")});
    QCOMPARE(more.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(more.out.toUtf8()).object().value(QStringLiteral("events")).toInteger(),
             qint64(finishedCount(ts.store()) - before));
    verifyLake(ts.store(), dir);
}

void TestLake::everyShardHasItsChain()
{
    if (onPostgres() || onDynamo())
        QSKIP("file shards here; @pgshards shards PostgreSQL, and DynamoDB's four parts are every @dynamo case");
    TempStore ts(TempStore::Sharded{3});
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 30);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const ProcessResult r = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    verifyLake(ts.store(), dir);
    QSet<int> shards;
    for (const LakeLine &l : linesOf(dir))
        shards.insert(LakeFileName::parse(l.file)->shard);
    QCOMPARE(shards.size(), 3);
}

void TestLake::filesRollByDayAndSize()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 40);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    // 1 KB before compression: a few lines a file.
    const ProcessResult r =
        runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--max-file-size"), QStringLiteral("1KB")});
    QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    verifyLake(ts.store(), dir);
    QMap<QString, int> perFile;
    for (const LakeLine &l : linesOf(dir))
        ++perFile[l.file];
    QVERIFY2(perFile.size() >= 10, qPrintable(QString::number(perFile.size())));
    // A file is closed once it reaches the size: none holds more than what passes 1 KB.
    for (auto f = perFile.cbegin(); f != perFile.cend(); ++f) {
        QFile file(dir + QLatin1Char('/') + f.key());
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = gunzip(file.readAll()).value_or(QByteArray());
        const QByteArray withoutLast = text.left(text.lastIndexOf('\n', text.size() - 2) + 1);
        QVERIFY2(withoutLast.size() < 1024, qPrintable(f.key()));
    }
}

void TestLake::aKilledSyncLeavesEachOnce_data()
{
    QTest::addColumn<QString>("crashAt");
    QTest::addColumn<QString>("maxFileSize");
    QTest::addColumn<int>("moreBetween"); // transfers made between the kill and the next run
    QTest::newRow("a file written, not renamed") << "tmp-written"
                                                 << "1KB" << 0;
    QTest::newRow("the third file written, not renamed") << "tmp-written:3"
                                                         << "1KB" << 0;
    QTest::newRow("a file visible, no checkpoint") << "published"
                                                   << "1KB" << 0;
    QTest::newRow("the fifth file visible, no checkpoint") << "published:5"
                                                           << "1KB" << 0;
    QTest::newRow("the checkpoint written") << "checkpoint-written"
                                            << "1KB" << 0;
    // Closed at the run's end, not by its size: the next run, with more to read, would cut the
    // same positions elsewhere. The visible file is adopted, not overlapped.
    QTest::newRow("the last file visible, more finished since") << "published"
                                                                << "64MB" << 6;
    QTest::newRow("the last file written, more finished since") << "tmp-written"
                                                                << "64MB" << 6;
}

void TestLake::aKilledSyncLeavesEachOnce()
{
    QFETCH(QString, crashAt);
    QFETCH(QString, maxFileSize);
    QFETCH(int, moreBetween);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 40);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const QStringList args{QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--max-file-size"), maxFileSize};
    const ProcessResult killed = runLake(ts, args, {QStringLiteral("LEDGER_LAKE_CRASH_AT=") + crashAt});
    QCOMPARE(killed.exitCode, kCrashExitStatus);
    if (crashAt.startsWith(QLatin1String("tmp-written")))
        QCOMPARE(temporaryFiles(dir).size(), 1);
    if (moreBetween > 0) {
        makeHistory(ts.store(), moreBetween);
        QVERIFY(feedHasEveryFinish(ts.store()));
    }
    const ProcessResult again = runLake(ts, args);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    QVERIFY2(temporaryFiles(dir).isEmpty(), qPrintable(temporaryFiles(dir).join(QLatin1Char(' '))));
    verifyLake(ts.store(), dir);
}

void TestLake::badInputWritesNothing_data()
{
    QTest::addColumn<QString>("to"); // %1: a file in the test's folder
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("status");
    QTest::newRow("unknown scheme") << "file:///tmp/x"
                                    << "invalid-location" << 2;
    QTest::newRow("bad bucket") << "s3://A_B/x"
                                << "invalid-location" << 2;
    QTest::newRow("the folder is a file") << "%1"
                                          << "lake-unavailable" << 3;
    QTest::newRow("its parent is a file") << "%1/lake"
                                          << "lake-unavailable" << 3;
    QTest::newRow("its parent is missing") << "%1-none/a/lake"
                                           << "lake-unavailable" << 3;
}

void TestLake::badInputWritesNothing()
{
    QFETCH(QString, to);
    QFETCH(QString, code);
    QFETCH(int, status);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 3);
    const QString file = ts.dir() + QStringLiteral("/plain-file");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a folder");
    f.close();
    const QStringList before = QDir(ts.dir()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
    const ProcessResult r =
        runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), to.contains(QLatin1String("%1")) ? to.arg(file) : to});
    QCOMPARE(r.exitCode, status);
    QVERIFY2(r.err.startsWith(QStringLiteral("error: %1: ").arg(code)), qPrintable(r.err));
    QCOMPARE(QDir(ts.dir()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot), before);
    QFile same(file);
    QVERIFY(same.open(QIODevice::ReadOnly));
    QCOMPARE(same.readAll(), QByteArray("not a folder"));
}

void TestLake::aLakeOfAnotherStoreIsRefused()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 20);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    QCOMPARE(runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir}).exitCode, 0);
    // A new store (fewer finishes) pointed at the same lake: its positions mean other transactions.
    TempStore other;
    openAccounts(other.store(), {QStringLiteral("alice")}, 100);
    const QString checkpoint = dir + QStringLiteral("/_checkpoint.json");
    QFile c(checkpoint);
    QVERIFY(c.open(QIODevice::ReadOnly));
    const QByteArray was = c.readAll();
    c.close();
    const ProcessResult r = runLake(other, {QStringLiteral("sync"), QStringLiteral("--to"), dir});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.startsWith(QLatin1String("error: lake-mismatch: ")), qPrintable(r.err));
    QVERIFY(c.open(QIODevice::ReadOnly));
    QCOMPARE(c.readAll(), was);
    verifyLake(ts.store(), dir);
}

void TestLake::oneWriterAtATime()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    FolderSink holder(dir);
    QVERIFY(holder.open().ok());
    const ProcessResult r = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.startsWith(QLatin1String("error: lake-busy: ")), qPrintable(r.err));
    QVERIFY(!QFile::exists(dir + QStringLiteral("/_checkpoint.json")));
}

void TestLake::statusSaysHowFarBehind()
{
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const ProcessResult none = runLake(ts, {QStringLiteral("status"), QStringLiteral("--to"), dir});
    QCOMPARE(none.exitCode, 3);
    QVERIFY2(none.err.startsWith(QLatin1String("error: lake-unavailable: there is no data lake at ")), qPrintable(none.err));
    QCOMPARE(runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir}).exitCode, 0);
    makeHistory(ts.store(), 5);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const int behind = finishedCount(ts.store()) - int(linesOf(dir).size());
    QVERIFY(behind > 0);
    const ProcessResult status = runLake(ts, {QStringLiteral("status"), QStringLiteral("--to"), dir, QStringLiteral("--json")});
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    const QJsonObject s = QJsonDocument::fromJson(status.out.toUtf8()).object();
    QCOMPARE(s.value(QStringLiteral("lagEvents")).toInteger(), qint64(behind));
    QVERIFY(s.value(QStringLiteral("problems")).toArray().isEmpty());
    QVERIFY(s.value(QStringLiteral("checkpoint")).toBool());
    // A file missing from the middle of a chain is said.
    QCOMPARE(runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--max-file-size"), QStringLiteral("1KB")})
                 .exitCode,
             0);
    makeHistory(ts.store(), 10);
    QVERIFY(feedHasEveryFinish(ts.store()));
    QCOMPARE(runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--max-file-size"), QStringLiteral("1KB")})
                 .exitCode,
             0);
    // Per shard, its files in chain order; one with files after it loses one from the middle.
    QMap<int, QMap<qint64, QString>> chains;
    for (const LakeLine &l : linesOf(dir)) {
        const LakeFileName f = *LakeFileName::parse(l.file);
        chains[f.shard].insert(f.after, l.file);
    }
    QString middle;
    for (const auto &chain : std::as_const(chains)) {
        if (chain.size() >= 3)
            middle = chain.values().at(chain.size() / 2);
    }
    QVERIFY(!middle.isEmpty());
    QVERIFY(QFile::remove(dir + QLatin1Char('/') + middle));
    const ProcessResult gap = runLake(ts, {QStringLiteral("status"), QStringLiteral("--to"), dir});
    QVERIFY2(gap.out.contains(QLatin1String("a gap before")), qPrintable(gap.out));
}

void TestLake::aFinishGivenTwiceIsKeptOnce()
{
    if (!onDynamo())
        QSKIP("DynamoDB alone gives a finish twice (a finish acknowledged late is stamped again)");
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 8);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    QCOMPARE(runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir}).exitCode, 0);
    const QList<LakeLine> before = linesOf(dir);
    // Two finishes stamped again as restampFinish does: one the lake has (it must not come
    // twice), one made after the sync and stamped before the lake saw it (it must come once).
    const QString synced = before.first().line.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
    Coordinator c(ts.store(), {});
    const TxOutcome fresh = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 7, QString(), QString()});
    QVERIFY(fresh.ok());
    DynamoStore &dynamo = dynamoOf(ts.store());
    QMap<QString, qint64> stamped;
    for (const QString &id : {synced, fresh.tx->id}) {
        const qint64 seq = QDateTime::currentMSecsSinceEpoch() * 1000 + 3;
        stamped.insert(id, seq);
        const auto up = dynamo.client().call(
            "UpdateItem", QJsonObject{{QStringLiteral("TableName"), dynamoTable(ts.path(), "transactions")},
                                      {QStringLiteral("Key"), QJsonObject{{QStringLiteral("id"), QJsonObject{{QStringLiteral("S"), id}}}}},
                                      {QStringLiteral("UpdateExpression"), QStringLiteral("SET finishSeq = :s")},
                                      {QStringLiteral("ExpressionAttributeValues"),
                                       QJsonObject{{QStringLiteral(":s"), QJsonObject{{QStringLiteral("N"), QString::number(seq)}}}}}});
        QVERIFY2(up.ok(), qPrintable(up.error().toString()));
    }
    // Once the feed gives both at their new positions (after its delay), a sync keeps each once.
    const auto givenAgain = [&](const QString &id, qint64 seq) {
        for (int part = 0; part < ts.store().shardCount(); ++part) {
            auto events = readShardFeed(ts.store(), part, seq - 1, 1);
            if (events.ok() && !events->isEmpty() && events->first().tx.id == id)
                return true;
        }
        return false;
    };
    QVERIFY(QTest::qWaitFor(
        [&] { return givenAgain(synced, stamped.value(synced)) && givenAgain(fresh.tx->id, stamped.value(fresh.tx->id)); }, 60'000));
    // Through a location with a feed delay, as a real one has: only such a store stamps again
    // (the tests' locations read the feed at once, feed_delay_ms=0).
    QString delayed = ts.path();
    delayed.replace(QStringLiteral("feed_delay_ms=0"), QStringLiteral("feed_delay_ms=1000"));
    QVERIFY(delayed != ts.path());
    QTest::qWait(1500); // the stamps above settle past that delay
    const ProcessResult again = runLedgerctl({QStringLiteral("--store"), delayed, QStringLiteral("lake"), QStringLiteral("sync"),
                                              QStringLiteral("--to"), dir, QStringLiteral("--json")},
                                             storeEnvironment(delayed));
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    const QJsonObject said = QJsonDocument::fromJson(again.out.toUtf8()).object();
    QCOMPARE(said.value(QStringLiteral("repeatsSkipped")).toInteger(), qint64(1));
    QCOMPARE(said.value(QStringLiteral("events")).toInteger(), qint64(1));
    QSet<QString> ids;
    for (const LakeLine &l : linesOf(dir)) {
        const QString id = l.line.value(QStringLiteral("transaction")).toObject().value(QStringLiteral("id")).toString();
        QVERIFY2(!ids.contains(id), qPrintable(id + QStringLiteral(" twice")));
        ids.insert(id);
    }
    QCOMPARE(ids.size(), finishedCount(ts.store()));
}

void TestLake::anS3LakeIsTheFolderLakeByteForByte()
{
    if (s3Endpoint().isEmpty())
        QSKIP("no s3rver (LEDGER_TEST_S3_DIR)");
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 40);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const QString prefix = newPrefix();
    const QStringList size{QStringLiteral("--max-file-size"), QStringLiteral("2KB")};
    QCOMPARE(runLake(ts, QStringList{QStringLiteral("sync"), QStringLiteral("--to"), dir} + size).exitCode, 0);
    const ProcessResult s3 = runLake(ts, QStringList{QStringLiteral("sync"), QStringLiteral("--to"), s3Lake(prefix)} + size);
    QVERIFY2(s3.exitCode == 0, qPrintable(s3.err));
    // The same files, name for name and byte for byte (the checkpoints differ by who wrote them, when).
    const QMap<QString, QByteArray> objects = objectsOf(prefix);
    QStringList files;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << QDir(dir).relativeFilePath(it.next());
    files.removeAll(kCheckpointName);
    QStringList keys = objects.keys();
    keys.removeAll(kCheckpointName);
    files.sort();
    QCOMPARE(keys, files);
    for (const QString &name : std::as_const(files)) {
        QFile f(dir + QLatin1Char('/') + name);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY2(f.readAll() == objects.value(name), qPrintable(name));
    }
    QVERIFY(keys.size() > 5);
    const QString problems = lakeProblems(ts.store(), copiedToFolder(prefix, ts.dir() + QStringLiteral("/copy")));
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
    // lake status reads it there too.
    const ProcessResult status = runLake(ts, {QStringLiteral("status"), QStringLiteral("--to"), s3Lake(prefix), QStringLiteral("--json")});
    QVERIFY2(status.exitCode == 0, qPrintable(status.err));
    const QJsonObject said = QJsonDocument::fromJson(status.out.toUtf8()).object();
    QCOMPARE(said.value(QStringLiteral("files")).toInteger(), qint64(keys.size() - 1)); // the schema is no file of a chain
    QCOMPARE(said.value(QStringLiteral("lagEvents")).toInteger(), qint64(0));
}

void TestLake::anS3SyncKilledLeavesEachOnce_data()
{
    QTest::addColumn<QString>("crashAt");
    QTest::addColumn<int>("moreBetween");
    QTest::newRow("a part sent, the upload not completed") << "part-uploaded" << 0;
    QTest::newRow("the third part sent") << "part-uploaded:3" << 5;
    QTest::newRow("a file visible, no checkpoint") << "published" << 5;
    QTest::newRow("the checkpoint written") << "checkpoint-written" << 0;
}

void TestLake::anS3SyncKilledLeavesEachOnce()
{
    QFETCH(QString, crashAt);
    QFETCH(int, moreBetween);
    if (s3Endpoint().isEmpty())
        QSKIP("no s3rver (LEDGER_TEST_S3_DIR)");
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 60);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString prefix = newPrefix();
    // Parts of 2 KiB: a file of a few kilobytes goes up in several.
    const QStringList env{QStringLiteral("LEDGER_LAKE_PART_BYTES=2048")};
    const QStringList args{QStringLiteral("sync"), QStringLiteral("--to"), s3Lake(prefix)};
    const ProcessResult killed = runLake(ts, args, env + QStringList{QStringLiteral("LEDGER_LAKE_CRASH_AT=") + crashAt});
    QCOMPARE(killed.exitCode, kCrashExitStatus);
    if (moreBetween > 0) {
        makeHistory(ts.store(), moreBetween);
        QVERIFY(feedHasEveryFinish(ts.store()));
    }
    const ProcessResult again = runLake(ts, args, env);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    const QString problems = lakeProblems(ts.store(), copiedToFolder(prefix, ts.dir() + QStringLiteral("/copy")));
    QVERIFY2(problems.isEmpty(), qPrintable(problems));
}

void TestLake::aBucketThatDoesNotAnswerWritesNothing_data()
{
    QTest::addColumn<QString>("bucket");
    QTest::addColumn<QString>("keyId");
    QTest::addColumn<QString>("said");
    QTest::newRow("no such bucket") << "no-such-bucket"
                                    << "S3RVER"
                                    << "bucket no-such-bucket does not exist";
    QTest::newRow("credentials refused") << "lake"
                                         << "NOT-A-KEY"
                                         << "S3 refused the credentials";
}

void TestLake::aBucketThatDoesNotAnswerWritesNothing()
{
    QFETCH(QString, bucket);
    QFETCH(QString, keyId);
    QFETCH(QString, said);
    if (s3Endpoint().isEmpty())
        QSKIP("no s3rver (LEDGER_TEST_S3_DIR)");
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 3);
    const QString prefix = newPrefix();
    const ProcessResult r = runLake(
        ts, {QStringLiteral("sync"), QStringLiteral("--to"), QStringLiteral("s3://%1/%2?endpoint=%3").arg(bucket, prefix, s3Endpoint())},
        {QStringLiteral("AWS_ACCESS_KEY_ID=") + keyId});
    QCOMPARE(r.exitCode, 3);
    QVERIFY2(r.err.startsWith(QLatin1String("error: lake-unavailable: ")) && r.err.contains(said), qPrintable(r.err));
    QVERIFY(objectsOf(prefix).isEmpty());
}

void TestLake::aFileWhoseCreateFailedIsNotWrittenTwice()
{
    // ledgerd keeps one LakeSync for its life: after a create that failed, the next pass must find
    // the file if it landed, rather than write its positions again under another name.
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 20);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    auto sync = LakeSync::open(ts.store(), std::make_unique<LosingSink>(dir, 1), QStringLiteral("test"));
    QVERIFY2(sync.ok(), qPrintable(sync.error().toString()));
    const auto end = [&] { return *feedEnd(ts.store(), FeedCursor::start(ts.store().shardCount())); };
    QVERIFY((*sync)->pass(end()).ok());
    const auto lost = (*sync)->closeAll();
    QVERIFY(!lost.ok());
    QCOMPARE(lost.error().code, ErrorCode::LakeUnavailable);
    // More finishes meanwhile: the same positions would be cut elsewhere.
    makeHistory(ts.store(), 6);
    QVERIFY(feedHasEveryFinish(ts.store()));
    auto passed = (*sync)->pass(end());
    QVERIFY2(passed.ok(), qPrintable(passed.error().toString()));
    QVERIFY((*sync)->closeAll().ok());
    QCOMPARE((*sync)->adopted(), 1);
    verifyLake(ts.store(), dir);
}

void TestLake::backdatedHistoryKilledAnywhereIsKeptOnce_data()
{
    QTest::addColumn<QString>("crashAt");
    for (int n : {2, 5, 9, 12})
        QTest::newRow(qPrintable(QStringLiteral("file %1 visible, no checkpoint").arg(n))) << QStringLiteral("published:%1").arg(n);
}

void TestLake::backdatedHistoryKilledAnywhereIsKeptOnce()
{
    // The demo spreads a week over the files and backdates compensations to their originals' days:
    // a shard's finish times go back, and files are made on days before the newest. Killed
    // between any of those files and its checkpoint, the next run (with more finished) adopts it.
    QFETCH(QString, crashAt);
    TempStore ts;
    // A lake synced today first: a new run lists from yesterday on, and the week before is
    // found only where the checkpoint said a file was coming (LakeCheckpoint::lookFrom).
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 1'000'000);
    makeHistory(ts.store(), 5);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const QString dir = ts.dir() + QStringLiteral("/lake");
    const QStringList args{QStringLiteral("sync"), QStringLiteral("--to"), dir};
    QCOMPARE(runLake(ts, args).exitCode, 0);
    const ProcessResult demo = runLedgerctl({QStringLiteral("--store"), ts.path(), QStringLiteral("demo"), QStringLiteral("--transfers"),
                                             QStringLiteral("120"), QStringLiteral("--stuck"), QStringLiteral("0")},
                                            storeEnvironment(ts.path()));
    QVERIFY2(demo.exitCode == 0, qPrintable(demo.err));
    QVERIFY(feedHasEveryFinish(ts.store()));
    const ProcessResult killed = runLake(ts, args, {QStringLiteral("LEDGER_LAKE_CRASH_AT=") + crashAt});
    QCOMPARE(killed.exitCode, kCrashExitStatus);
    makeHistory(ts.store(), 4);
    QVERIFY(feedHasEveryFinish(ts.store()));
    const ProcessResult again = runLake(ts, args);
    QVERIFY2(again.exitCode == 0, qPrintable(again.err));
    verifyLake(ts.store(), dir);
}

QTEST_GUILESS_MAIN(TestLake)
#include "tst_lake.moc"
