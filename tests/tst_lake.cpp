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
#include "lakesupport.h"
#include "testsupport.h"

#include <QDirIterator>
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

QStringList temporaryFiles(const QString &dir)
{
    QStringList found;
    QDirIterator it(dir, {QStringLiteral(".*.tmp")}, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        found << it.next();
    return found;
}

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
    const ProcessResult again = runLake(ts, {QStringLiteral("sync"), QStringLiteral("--to"), dir, QStringLiteral("--json")});
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

QTEST_GUILESS_MAIN(TestLake)
#include "tst_lake.moc"
