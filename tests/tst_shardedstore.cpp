// The sharded store: several SQLite files behind one Store, named by a topology file. Creating
// and opening (and refusing) them, the placement function, transfers between shards, crashes
// and recovery, listings that must equal a single file's, idempotency keys, audit while
// transfers run, and ledgerctl end to end.
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "protocol/recovery.h"
#include "store/sharded/shardedstore.h"
#include "interchange/tableexport.h"
#include "testsupport.h"

#include <QBuffer>
#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <atomic>
#include <thread>

using namespace ledger;
using namespace ledger::test;

namespace {

// A fresh sharded store (ledger.json + ledger.shard-<i>.db) in its own temporary directory.
class TempShards {
public:
    explicit TempShards(int shards, int scale = 2)
    {
        m_config.location = m_dir.filePath(QStringLiteral("ledger.json"));
        m_config.shards = shards;
        auto store = createStore(m_config, scale);
        if (!store.ok())
            qFatal("cannot create a sharded test store: %s", qPrintable(store.error().toString()));
        m_store = std::move(store).value();
    }
    const StoreConfig &config() const { return m_config; }
    QString dir() const { return m_dir.path(); }
    QString shardPath(int i) const { return m_dir.filePath(QStringLiteral("ledger.shard-%1.db").arg(i)); }
    Store &store() { return *m_store; }
    void close() { m_store.reset(); }

private:
    QTemporaryDir m_dir;
    StoreConfig m_config;
    std::unique_ptr<Store> m_store;
};

// Every file of a directory with its content: to show that a refusal changed nothing on disk.
QByteArray dirFingerprint(const QString &path)
{
    QByteArray print;
    const QDir dir(path);
    for (const QString &name : dir.entryList(QDir::Files | QDir::Hidden, QDir::Name)) {
        QFile file(dir.filePath(name));
        print += name.toUtf8() + '=';
        if (file.open(QIODevice::ReadOnly))
            print += QCryptographicHash::hash(file.readAll(), QCryptographicHash::Sha256).toHex();
        print += ' ';
    }
    return print;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

void writeJson(const QString &path, const QJsonObject &o) { writeBytes(path, QJsonDocument(o).toJson()); }

QProcessEnvironment cleanEnv() { return storeEnvironment(QString(), {QStringLiteral("LEDGERDESK_OPERATOR=tester")}); }

// Accounts of a 4-shard store, one on each shard (pinned by placementIsPinned).
const QStringList kOnePerShardOf4{QStringLiteral("bob"), QStringLiteral("erin"), QStringLiteral("carol"), QStringLiteral("alice")};

} // namespace

// How a row of `refusals` spoils a freshly made 3-shard store (closed) before it is opened or
// made again.
enum class Spoil {
    MissingShard,
    SwappedShards,
    FewerShardsListed,
    ShardOfAnotherStore,
    ScaleEdited,
    ShardAlone,
    InitAgain,
    InitOverLeftoverShard,
    InitNotJson,
    InitTooManyShards,
    InitInReadOnlyDir,
    BadJson,
    NewerVersion,
    VersionNotNumber,
    EmptyShardList,
    DuplicateShards,
    OtherJson,
    UnknownSchemeShard,
};
Q_DECLARE_METATYPE(Spoil)

class TestShardedStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void createAndReopen();
    void placementIsPinned_data();
    void placementIsPinned();
    void refusals_data();
    void refusals();
    void transfersBetweenShards();
    void crashAfterEveryStepThenRecovery_data();
    void crashAfterEveryStepThenRecovery();
    void listingsEqualASingleFile_data();
    void listingsEqualASingleFile();
    void accountsAndCountsEqualASingleFile();
    void journalAcrossShards();
    void sameKeyTwiceIsOneTransaction();
    void realFindingsAreStillReported();
    void auditWhileTransfersRunFindsNothing();
    void changeMarkerMovesWhenAnyShardDoes();
    void ledgerctlEndToEnd();

private:
    void fillTwins();
    std::unique_ptr<TempStore> m_single;   // the same documents in one file ...
    std::unique_ptr<TempShards> m_sharded; // ... and over three shards
};

void TestShardedStore::initTestCase()
{
    QVERIFY2(QFile::exists(QStringLiteral(LEDGERCTL_PATH)), LEDGERCTL_PATH);
    m_single = std::make_unique<TempStore>();
    m_sharded = std::make_unique<TempShards>(3);
    fillTwins();
}

void TestShardedStore::createAndReopen()
{
    TempShards t(3, 4);
    QCOMPARE(t.store().shardCount(), 3);
    QCOMPARE(t.store().durability(), Durability::Full);
    QCOMPARE(t.store().scale(), 4);
    QCOMPARE(t.store().location(), t.config().location);
    const QJsonObject topology = readJson(t.config().location);
    QCOMPARE(topology.value(QStringLiteral("format")).toString(), QStringLiteral("ledgerdesk-topology"));
    QCOMPARE(topology.value(QStringLiteral("version")).toInt(), 1);
    QCOMPARE(topology.value(QStringLiteral("scale")).toInt(), 4);
    QCOMPARE(topology.value(QStringLiteral("shards")).toArray().toVariantList(),
             (QVariantList{"ledger.shard-0.db", "ledger.shard-1.db", "ledger.shard-2.db"}));
    const QString id = topology.value(QStringLiteral("id")).toString();
    QVERIFY(!id.isEmpty());
    QVERIFY(t.store().createAccount(QStringLiteral("dave"), QStringLiteral("Dave"), QStringLiteral("op")).ok());
    t.close();

    // Each shard records its place; @world lives on its home shard only (shard 2 of 3).
    for (int i = 0; i < 3; ++i) {
        RawSql raw(t.shardPath(i));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'topology_id'")).toString(), id);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'shard_index'")).toInt(), i);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'shard_count'")).toInt(), 3);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'topology'")).toString(), QStringLiteral("ledger.json"));
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM accounts WHERE id = '@world'")).toInt(), i == 2 ? 1 : 0);
        QCOMPARE(raw.scalar(QStringLiteral("SELECT COUNT(*) FROM accounts WHERE id = 'dave'")).toInt(), i == 1 ? 1 : 0);
    }

    auto again = openStore(t.config());
    QVERIFY2(again.ok(), qPrintable(again.error().toString()));
    QCOMPARE((*again)->shardCount(), 3);
    QCOMPARE((*again)->scale(), 4);
    QCOMPARE(idsOf(*(*again)->accounts({})), (QStringList{QStringLiteral("@world"), QStringLiteral("dave")}));
    QCOMPARE((*again)->account(QStringLiteral("dave"))->name, QStringLiteral("Dave"));
    QVERIFY((*again)->now().ok());
    LEDGER_VERIFY_AUDIT_CLEAN(**again);
}

void TestShardedStore::placementIsPinned_data()
{
    // FNV-1a-32 of the UTF-8 bytes, modulo the shard count. These numbers are the placement of
    // every existing store's documents: if this test fails, the change breaks them all.
    QTest::addColumn<QString>("text");
    QTest::addColumn<uint>("hash");
    QTest::addColumn<QList<int>>("shardOf"); // for 2, 3, 4, 7 and 64 shards
    QTest::newRow("empty") << "" << 0x811c9dc5u << QList<int>{1, 1, 1, 2, 5};
    QTest::newRow("a") << "a" << 0xe40c292cu << QList<int>{0, 1, 0, 5, 44};
    QTest::newRow("foobar") << "foobar" << 0xbf9cf968u << QList<int>{0, 1, 0, 0, 40};
    QTest::newRow("@world") << "@world" << 0x83390e3du << QList<int>{1, 2, 1, 5, 61};
    QTest::newRow("alice") << "alice" << 0x872213e7u << QList<int>{1, 2, 3, 6, 39};
    QTest::newRow("bob") << "bob" << 0x86c6a0d4u << QList<int>{0, 2, 0, 3, 20};
    QTest::newRow("paid-once") << "paid-once" << 0x5a7bafdbu << QList<int>{1, 1, 3, 2, 27};
}

void TestShardedStore::placementIsPinned()
{
    QFETCH(QString, text);
    QFETCH(uint, hash);
    QFETCH(QList<int>, shardOf);
    QCOMPARE(ShardedStore::fnv1a32(text.toUtf8()), quint32(hash));
    const QList<int> counts{2, 3, 4, 7, 64};
    for (int i = 0; i < counts.size(); ++i)
        QCOMPARE(ShardedStore::shardOf(text, counts.at(i)), shardOf.at(i));
}

void TestShardedStore::refusals_data()
{
    QTest::addColumn<Spoil>("spoil");
    QTest::addColumn<ErrorCode>("code");
    QTest::addColumn<QString>("says"); // a part of the message
    QTest::newRow("a shard file missing") << Spoil::MissingShard << ErrorCode::StoreUnavailable << "shard 1 of 3";
    QTest::newRow("two shards swapped") << Spoil::SwappedShards << ErrorCode::TopologyMismatch << "is shard 1 of 3, but";
    QTest::newRow("topology edited to 2 shards") << Spoil::FewerShardsListed << ErrorCode::TopologyMismatch << "as shard 0 of 2";
    QTest::newRow("a shard of another store") << Spoil::ShardOfAnotherStore << ErrorCode::TopologyMismatch << "another sharded store";
    QTest::newRow("topology scale edited") << Spoil::ScaleEdited << ErrorCode::TopologyMismatch << "has scale 2";
    QTest::newRow("a shard opened alone") << Spoil::ShardAlone << ErrorCode::StoreIsShard << "is shard 1 of 3 of the store";
    QTest::newRow("init over the store") << Spoil::InitAgain << ErrorCode::StoreExists << "refuses to overwrite";
    QTest::newRow("init over a leftover shard") << Spoil::InitOverLeftoverShard << ErrorCode::StoreExists << "ledger.shard-2.db";
    QTest::newRow("init --shards with a .db path") << Spoil::InitNotJson << ErrorCode::InvalidArgument << "must end in .json";
    QTest::newRow("init with 65 shards") << Spoil::InitTooManyShards << ErrorCode::InvalidArgument << "1 to 64 shards";
    QTest::newRow("init in a read-only directory") << Spoil::InitInReadOnlyDir << ErrorCode::StoreReadOnly << "read-only";
    QTest::newRow("topology not JSON") << Spoil::BadJson << ErrorCode::StoreCorrupt << "not valid JSON";
    QTest::newRow("topology version 2") << Spoil::NewerVersion << ErrorCode::StoreTooNew << "version 2";
    QTest::newRow("topology version a string") << Spoil::VersionNotNumber << ErrorCode::StoreCorrupt << "\"version\"";
    QTest::newRow("topology with no shards") << Spoil::EmptyShardList << ErrorCode::StoreCorrupt << "list of shards is empty";
    QTest::newRow("topology naming a shard twice") << Spoil::DuplicateShards << ErrorCode::StoreCorrupt << "same file";
    QTest::newRow("another JSON file") << Spoil::OtherJson << ErrorCode::StoreNotLedger << "not a LedgerDesk topology";
    QTest::newRow("a shard of an unknown scheme") << Spoil::UnknownSchemeShard << ErrorCode::InvalidLocation << "the scheme https://";
}

void TestShardedStore::refusals()
{
    QFETCH(Spoil, spoil);
    QFETCH(ErrorCode, code);
    QFETCH(QString, says);
    TempShards t(3);
    openAccounts(t.store(), {QStringLiteral("ivan"), QStringLiteral("dave")}, 500);
    t.close();
    StoreConfig config = t.config();
    QJsonObject topology = readJson(config.location);
    bool create = false;
    switch (spoil) {
    case Spoil::MissingShard: QVERIFY(QFile::remove(t.shardPath(1))); break;
    case Spoil::SwappedShards:
        QVERIFY(QFile::rename(t.shardPath(0), t.shardPath(0) + QStringLiteral(".tmp")));
        QVERIFY(QFile::rename(t.shardPath(1), t.shardPath(0)));
        QVERIFY(QFile::rename(t.shardPath(0) + QStringLiteral(".tmp"), t.shardPath(1)));
        break;
    case Spoil::FewerShardsListed:
        topology.insert(QStringLiteral("shards"), QJsonArray{"ledger.shard-0.db", "ledger.shard-1.db"});
        writeJson(config.location, topology);
        break;
    case Spoil::ShardOfAnotherStore: {
        TempShards other(3);
        other.close();
        QVERIFY(QFile::remove(t.shardPath(1)));
        QVERIFY(QFile::copy(other.shardPath(1), t.shardPath(1)));
        break;
    }
    case Spoil::ScaleEdited:
        topology.insert(QStringLiteral("scale"), 3);
        writeJson(config.location, topology);
        break;
    case Spoil::ShardAlone: config.location = t.shardPath(1); break;
    case Spoil::InitAgain: create = true; break;
    case Spoil::InitOverLeftoverShard:
        create = true;
        for (const QString &name : QDir(t.dir()).entryList(QDir::Files)) {
            if (name != QLatin1String("ledger.shard-2.db"))
                QVERIFY(QFile::remove(QDir(t.dir()).filePath(name)));
        }
        break;
    case Spoil::InitNotJson:
        create = true;
        config.location = QDir(t.dir()).filePath(QStringLiteral("new.db"));
        break;
    case Spoil::InitTooManyShards:
        create = true;
        config.location = QDir(t.dir()).filePath(QStringLiteral("new.json"));
        config.shards = 65;
        break;
    case Spoil::InitInReadOnlyDir: {
        create = true;
        const QString ro = QDir(t.dir()).filePath(QStringLiteral("ro"));
        QVERIFY(QDir(t.dir()).mkdir(QStringLiteral("ro")));
        QVERIFY(QFile::setPermissions(ro, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
        config.location = QDir(ro).filePath(QStringLiteral("new.json"));
        break;
    }
    case Spoil::BadJson: writeBytes(config.location, QJsonDocument(topology).toJson().left(60)); break;
    case Spoil::NewerVersion:
        topology.insert(QStringLiteral("version"), 2);
        writeJson(config.location, topology);
        break;
    case Spoil::VersionNotNumber:
        topology.insert(QStringLiteral("version"), QStringLiteral("1"));
        writeJson(config.location, topology);
        break;
    case Spoil::EmptyShardList:
        topology.insert(QStringLiteral("shards"), QJsonArray{});
        writeJson(config.location, topology);
        break;
    case Spoil::DuplicateShards:
        topology.insert(QStringLiteral("shards"), QJsonArray{"ledger.shard-0.db", "ledger.shard-1.db", "./ledger.shard-1.db"});
        writeJson(config.location, topology);
        break;
    case Spoil::OtherJson: writeJson(config.location, QJsonObject{{QStringLiteral("name"), QStringLiteral("package.json, say")}}); break;
    case Spoil::UnknownSchemeShard: // read as written, not taken for the folder "https:"
        topology.insert(QStringLiteral("shards"), QJsonArray{"ledger.shard-0.db", "https://example/x.db", "ledger.shard-2.db"});
        writeJson(config.location, topology);
        break;
    }

    // The store's directory, and the one a refused init would have written to.
    const QString target = QFileInfo(config.location).path();
    const QByteArray before = dirFingerprint(t.dir()) + dirFingerprint(target);
    const Error e = create ? createStore(config, 2).error() : openStore(config).error();
    QFile::setPermissions(target, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QCOMPARE(e.code, code);
    QVERIFY2(e.message.contains(says), qPrintable(e.message));
    QCOMPARE(dirFingerprint(t.dir()) + dirFingerprint(target), before);
}

void TestShardedStore::transfersBetweenShards()
{
    TempShards t(4);
    Store &s = t.store();
    for (int i = 0; i < kOnePerShardOf4.size(); ++i)
        QCOMPARE(ShardedStore::shardOf(kOnePerShardOf4.at(i), 4), i);
    openAccounts(s, kOnePerShardOf4, 1000);
    QMap<QString, qint64> expected;
    for (const QString &id : kOnePerShardOf4)
        expected[id] = 1000;
    Coordinator c(s, {});
    for (int i = 0; i < 12; ++i) {
        const QString from = kOnePerShardOf4.at(i % 4);
        const QString to = kOnePerShardOf4.at((i + 1 + i / 4) % 4);
        const TxOutcome o = c.transfer({from, to, 10 + i, QString(), i % 2 ? QStringLiteral("key-%1").arg(i) : QString()});
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
        QCOMPARE(o.tx->state, TxState::Done);
        expected[from] -= 10 + i;
        expected[to] += 10 + i;
    }
    // The refusals of the holds and the reverse transfers work across shards as well.
    const TxOutcome poor = c.transfer({QStringLiteral("bob"), QStringLiteral("alice"), 1'000'000, QString(), QString()});
    QCOMPARE(poor.error.code, ErrorCode::InsufficientFunds);
    QCOMPARE(poor.tx->state, TxState::Canceled);
    const TxOutcome paid = c.transfer({QStringLiteral("erin"), QStringLiteral("carol"), 250, QString(), QStringLiteral("pay-carol")});
    const TxOutcome back = c.compensate(paid.tx->id, QStringLiteral("paid twice"));
    QVERIFY2(back.ok(), qPrintable(back.error.toString()));
    QCOMPARE(back.tx->state, TxState::Done);

    // A fresh connection (nothing remembered) finds every document and its legs.
    auto fresh = openStore(t.config());
    QVERIFY(fresh.ok());
    Store &f = **fresh;
    QCOMPARE(f.transaction(paid.tx->id)->compensatedBy, back.tx->id);
    const QList<LegMarker> legs = *f.legsOfTransaction(paid.tx->id);
    QCOMPARE(legs.size(), 2);
    QCOMPARE(legs[0].side, LegSide::Debit);
    QCOMPARE(legs[0].accountId, QStringLiteral("erin"));
    QCOMPARE(legs[1].accountId, QStringLiteral("carol"));
    QCOMPARE(f.journal(DocKind::Transaction, paid.tx->id)->first().event, QStringLiteral("created"));
    QCOMPARE(f.journal(DocKind::Account, QStringLiteral("carol"))->first().event, QStringLiteral("created"));
    QCOMPARE(f.transaction(QStringLiteral("tx-missing")).code(), ErrorCode::NotFound);
    for (auto it = expected.cbegin(); it != expected.cend(); ++it)
        QCOMPARE(balanceOf(f, it.key()), it.value());
    QCOMPARE(balanceOf(f, ledger::kWorldAccount), qint64(-4000));
    LEDGER_VERIFY_AUDIT_CLEAN(f);
}

void TestShardedStore::crashAfterEveryStepThenRecovery_data()
{
    QTest::addColumn<Step>("stopAfter");
    QTest::addColumn<qint64>("amount");
    QTest::addColumn<TxState>("final");
    for (Step s : {Step::Insert, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit})
        QTest::addRow("transfer stopped after %s", qPrintable(nameOf(s))) << s << qint64(100) << TxState::Done;
    for (Step s : {Step::Canceling, Step::VoidDebit, Step::VoidCredit})
        QTest::addRow("refused transfer stopped after %s", qPrintable(nameOf(s))) << s << qint64(5000) << TxState::Canceled;
    QTest::addRow("compensation stopped after link") << Step::Link << qint64(100) << TxState::Done;
}

void TestShardedStore::crashAfterEveryStepThenRecovery()
{
    QFETCH(Step, stopAfter);
    QFETCH(qint64, amount);
    QFETCH(TxState, final);
    // ivan, dave and @world: one on each of the three shards.
    const QString ivan = QStringLiteral("ivan");
    const QString dave = QStringLiteral("dave");
    TempShards t(3);
    openAccounts(t.store(), {ivan, dave}, 1000);
    CoordinatorOptions stopping;
    stopping.hook = abandonAfterHook(stopAfter);
    TxOutcome o;
    if (stopAfter == Step::Link) {
        const TxOutcome original = Coordinator(t.store(), {}).transfer({ivan, dave, amount, QString(), QString()});
        QVERIFY(original.ok());
        o = Coordinator(t.store(), stopping).compensate(original.tx->id, QStringLiteral("drill"));
    } else {
        o = Coordinator(t.store(), stopping).transfer({ivan, dave, amount, QString(), QStringLiteral("crash-%1").arg(nameOf(stopAfter))});
    }
    QCOMPARE(o.error.code, ErrorCode::Interrupted);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store()); // every intermediate state satisfies the invariants
    t.close();

    RecoveryOptions options;
    options.olderThanMs = 0;
    const RecoveryReport r = recoverStuck(connectorOf(t.config()), options);
    QVERIFY2(r.error.ok(), qPrintable(r.error.toString()));
    QCOMPARE(r.candidates, qint64(1));
    auto store = openStore(t.config());
    QVERIFY(store.ok());
    QCOMPARE((*store)->transaction(o.tx->id)->state, final);
    QCOMPARE(heldMarkerCount(**store), qint64(0));
    const qint64 moved = final == TxState::Done && stopAfter != Step::Link ? amount : 0;
    QCOMPARE(balanceOf(**store, ivan), 1000 - moved);
    QCOMPARE(balanceOf(**store, dave), 1000 + moved);
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
}

void TestShardedStore::fillTwins()
{
    const auto account = [](int i) { return QStringLiteral("acct-%1").arg(i % 12, 2, 10, QLatin1Char('0')); };
    for (Store *s : {&m_single->store(), &m_sharded->store()}) {
        for (int i = 0; i < 12; ++i) {
            const QString name = i % 3 ? QStringLiteral("Name %1").arg(i) : QStringLiteral("Holder %1").arg(i);
            QVERIFY(s->createAccount(account(i), name, QStringLiteral("op")).ok());
        }
        for (int i = 0; i < 36; ++i) {
            NewTransaction n;
            n.id = QStringLiteral("tx-%1").arg(i, 2, 10, QLatin1Char('0'));
            n.idempotencyKey = i % 3 == 0 ? QStringLiteral("key-%1").arg(i) : QString();
            n.kind = i % 5 == 4 ? TxKind::Compensation : TxKind::Transfer;
            n.compensates = n.kind == TxKind::Compensation ? QStringLiteral("tx-00") : QString();
            n.legs = twoLegs(account(i), account(i * 5 + 1), 100 * (1 + (i * 7) % 5)); // ties, so that the id decides
            auto ins = s->insertTransaction(n);
            QVERIFY(ins.ok() && ins->inserted);
            Transaction tx = ins->tx;
            // i % 4: 0 stays initial, 1 pending, 2 applied, 3 done.
            const QList<TxState> path{TxState::Pending, TxState::Applied, TxState::Done};
            for (int step = 0; step < i % 4; ++step) {
                TxChange change;
                change.newState = path.at(step);
                change.claim = step == 0;
                change.newOwner = QStringLiteral("w");
                auto moved = s->updateTransaction(tx.id, TxGuard::of(tx), change);
                QVERIFY(moved.ok() && moved->applied);
                tx = moved->tx;
            }
        }
    }
    // Fixed times: created in threes (ties), modified in another order.
    const QDateTime base = parseTimestamp(QStringLiteral("2024-03-01T12:00:00.000Z"));
    QStringList files{m_single->path()};
    for (int i = 0; i < 3; ++i)
        files << m_sharded->shardPath(i);
    for (const QString &file : std::as_const(files)) {
        RawSql raw(file);
        for (int i = 0; i < 36; ++i) {
            QVERIFY(
                raw.exec(QStringLiteral("UPDATE transactions SET created_at = ?, last_modified = ? WHERE id = ?"),
                         {formatTimestamp(base.addMSecs((i / 3) * 1000)), formatTimestamp(base.addMSecs(3'600'000 + ((i * 7) % 36) * 500)),
                          QStringLiteral("tx-%1").arg(i, 2, 10, QLatin1Char('0'))}));
        }
    }
}

Q_DECLARE_METATYPE(ledger::TxQuery)

void TestShardedStore::listingsEqualASingleFile_data()
{
    QTest::addColumn<TxQuery>("query");
    const QList<QPair<TxSortKey, const char *>> keys{{TxSortKey::CreatedAt, "createdAt"},
                                                     {TxSortKey::LastModified, "lastModified"},
                                                     {TxSortKey::Amount, "amount"},
                                                     {TxSortKey::State, "state"},
                                                     {TxSortKey::Id, "id"}};
    const QList<QPair<qint64, qint64>> pages{{0, -1}, {0, 5}, {4, 7}, {30, 10}, {40, 5}};
    for (const auto &key : keys) {
        for (bool descending : {false, true}) {
            for (const auto &page : pages) {
                TxQuery q;
                q.sortKey = key.first;
                q.descending = descending;
                q.offset = page.first;
                q.limit = page.second;
                QTest::addRow("%s %s, rows %lld+%lld", key.second, descending ? "desc" : "asc", page.first, page.second) << q;
            }
        }
    }
    for (const auto &page : QList<QPair<qint64, qint64>>{{0, -1}, {2, 3}}) {
        TxQuery q;
        q.offset = page.first;
        q.limit = page.second;
        TxQuery pending = q;
        pending.state = TxState::Pending;
        TxQuery compensations = q;
        compensations.kind = TxKind::Compensation;
        TxQuery ofAccount = q;
        ofAccount.account = QStringLiteral("acct-03");
        ofAccount.descending = true;
        TxQuery text = q;
        text.text = QStringLiteral("tx-1");
        text.sortKey = TxSortKey::Amount;
        TxQuery stuck = q;
        stuck.stuckOnly = true;
        TxQuery leaseExpired = stuck;
        leaseExpired.stuckForMs = 3'600'000'000;
        for (const auto &row :
             {qMakePair("pending", pending), qMakePair("compensations", compensations), qMakePair("of acct-03", ofAccount),
              qMakePair("text tx-1", text), qMakePair("stuck", stuck), qMakePair("lease expired", leaseExpired)})
            QTest::addRow("%s, rows %lld+%lld", row.first, page.first, page.second) << row.second;
    }
}

void TestShardedStore::listingsEqualASingleFile()
{
    QFETCH(TxQuery, query);
    const auto single = m_single->store().transactions(query);
    const auto sharded = m_sharded->store().transactions(query);
    QVERIFY(single.ok() && sharded.ok());
    QCOMPARE(idsOf(*sharded), idsOf(*single));
    QCOMPARE(*m_sharded->store().transactionCount(query), *m_single->store().transactionCount(query));
    // Paged by key (how exports read), pages of 3 merged from the shards add up to the listing.
    if (query.offset == 0 && query.limit < 0) {
        QList<Transaction> keyed;
        for (;;) {
            TxQuery page = query;
            page.limit = 3;
            if (!keyed.isEmpty())
                page.after = keyed.last();
            const QList<Transaction> rows = *m_sharded->store().transactions(page);
            keyed += rows;
            if (rows.size() < 3)
                break;
        }
        QCOMPARE(idsOf(keyed), idsOf(*sharded));
    }
}

void TestShardedStore::accountsAndCountsEqualASingleFile()
{
    Store &single = m_single->store();
    Store &sharded = m_sharded->store();
    QCOMPARE(sharded.shardCount(), 3);
    for (const QString &text : {QString(), QStringLiteral("Holder"), QStringLiteral("acct-1"), QStringLiteral("@")}) {
        for (const auto &page : QList<QPair<qint64, qint64>>{{0, -1}, {0, 4}, {3, 5}, {11, 10}, {20, 1}}) {
            const AccountQuery q{text, page.first, page.second};
            QCOMPARE(idsOf(*sharded.accounts(q)), idsOf(*single.accounts(q)));
            QCOMPARE(*sharded.accountCount(q), *single.accountCount(q));
        }
    }
    QCOMPARE(idsOf(*sharded.accounts({})).size(), 13); // @world once
    QCOMPARE(*sharded.countByState(), *single.countByState());
    const QList<qint64> bounds{60'000, 3'600'000, 86'400'000};
    QCOMPARE(*sharded.ageHistogram(bounds), *single.ageHistogram(bounds));
    QCOMPARE(*sharded.createdPerMinute(30), *single.createdPerMinute(30));
    for (const QString &id : {QStringLiteral("tx-04"), QStringLiteral("tx-09")}) {
        QCOMPARE(sharded.transaction(id)->state, single.transaction(id)->state);
        QCOMPARE(sharded.journal(DocKind::Transaction, id)->size(), single.journal(DocKind::Transaction, id)->size());
    }
}

void TestShardedStore::journalAcrossShards()
{
    // Sequence numbers are per file, so the merged order is (at, shard, seq): the same rows as
    // one file, in time order, and pages that add up to the whole.
    Store &single = m_single->store();
    Store &sharded = m_sharded->store();
    const auto rowsOf = [](const QList<JournalEntry> &entries) {
        QStringList rows;
        for (const JournalEntry &e : entries)
            rows << QStringLiteral("%1/%2/%3/%4").arg(nameOf(e.docKind), e.docId, e.event, e.toState);
        return rows;
    };
    QList<JournalQuery> queries{JournalQuery{}, JournalQuery{{QStringLiteral("claimed")}, {}, {}, 0, -1, false, {}},
                                JournalQuery{{}, DocKind::Account, {}, 0, -1, true, {}},
                                JournalQuery{{}, {}, QStringLiteral("acct-0"), 0, -1, false, {}}};
    for (const JournalQuery &q : queries) {
        const QList<JournalEntry> all = *sharded.journalEntries(q);
        QCOMPARE(qint64(all.size()), *sharded.journalCount(q));
        QCOMPARE(*sharded.journalCount(q), *single.journalCount(q));
        QStringList mine = rowsOf(all);
        QStringList theirs = rowsOf(*single.journalEntries(q));
        mine.sort();
        theirs.sort();
        QCOMPARE(mine, theirs);
        for (int i = 1; i < all.size(); ++i)
            QVERIFY(q.newestFirst ? all[i - 1].at >= all[i].at : all[i - 1].at <= all[i].at);
        QList<JournalEntry> paged;
        for (qint64 offset = 0; offset < all.size(); offset += 7) {
            JournalQuery page = q;
            page.offset = offset;
            page.limit = 7;
            paged += *sharded.journalEntries(page);
        }
        QCOMPARE(rowsOf(paged), rowsOf(all));
        // By key too (how exports page): each page what lies past the last row read, by (at,
        // shard, seq) — rows at the same millisecond on several shards included.
        QList<JournalEntry> keyed;
        for (;;) {
            JournalQuery page = q;
            page.limit = 7;
            if (!keyed.isEmpty())
                page.after = keyed.last();
            const QList<JournalEntry> rows = *sharded.journalEntries(page);
            keyed += rows;
            if (rows.size() < 7)
                break;
        }
        QCOMPARE(rowsOf(keyed), rowsOf(all));
    }
    // The export, in pages of 5, on three shards and on one.
    TempShards one(1);
    openAccounts(one.store(), {QStringLiteral("a"), QStringLiteral("b")}, 1000);
    Coordinator toOne(one.store());
    for (int i = 0; i < 4; ++i)
        QVERIFY(toOne.transfer({QStringLiteral("a"), QStringLiteral("b"), 10, {}, {}}).ok());
    for (Store *store : {&sharded, &one.store()}) {
        ExportSpec spec;
        spec.table = ExportSpec::Table::Journal;
        spec.journal.newestFirst = false;
        spec.pageRows = 5;
        QBuffer buffer;
        buffer.open(QIODevice::WriteOnly);
        const auto written = exportTable(*store, spec, ExportFormat::Json, buffer);
        QVERIFY2(written.ok(), qPrintable(written.error().toString()));
        const QJsonArray rows = QJsonDocument::fromJson(buffer.data()).array();
        const QList<JournalEntry> all = *store->journalEntries(spec.journal);
        QVERIFY(all.size() > 10);
        QCOMPARE(rows.size(), all.size());
        for (int i = 0; i < all.size(); ++i) {
            const QJsonObject row = rows.at(i).toObject();
            QCOMPARE(row.value(QStringLiteral("docId")).toString() + row.value(QStringLiteral("event")).toString(),
                     all.at(i).docId + all.at(i).event);
        }
    }
}

void TestShardedStore::sameKeyTwiceIsOneTransaction()
{
    TempShards t(3);
    openAccounts(t.store(), {QStringLiteral("ivan"), QStringLiteral("dave")}, 1000);
    auto other = openStore(t.config()); // another connection, with nothing remembered
    QVERIFY(other.ok());
    const TransferRequest request{QStringLiteral("ivan"), QStringLiteral("dave"), 125, QStringLiteral("rent"),
                                  QStringLiteral("rent-march")};
    const TxOutcome first = Coordinator(t.store(), {}).transfer(request);
    const TxOutcome second = Coordinator(**other, {}).transfer(request);
    QVERIFY(first.ok() && second.ok());
    QVERIFY(!first.existing && second.existing);
    QCOMPARE(second.tx->id, first.tx->id);
    TransferRequest different = request;
    different.amount = 126;
    QCOMPARE(Coordinator(**other, {}).transfer(different).error.code, ErrorCode::KeyConflict);
    QCOMPARE(*t.store().transactionCount({}), qint64(3)); // two openings and the rent
    QCOMPARE(balanceOf(t.store(), QStringLiteral("dave")), qint64(1125));
    // The key's unique index is one file's: the document lives on shardOf(key).
    const int home = ShardedStore::shardOf(request.idempotencyKey, 3);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(
            RawSql(t.shardPath(i)).scalar(QStringLiteral("SELECT COUNT(*) FROM transactions WHERE idempotency_key = 'rent-march'")).toInt(),
            i == home ? 1 : 0);
    QCOMPARE((*(*other)->transactionByKey(request.idempotencyKey))->id, first.tx->id);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestShardedStore::realFindingsAreStillReported()
{
    // Findings are confirmed by running again; real ones, which stay, must come through.
    TempShards t(3);
    openAccounts(t.store(), {QStringLiteral("ivan"), QStringLiteral("dave")}, 1000);
    const TxOutcome o = Coordinator(t.store(), {}).transfer({QStringLiteral("ivan"), QStringLiteral("dave"), 40, QString(), QString()});
    QVERIFY(o.ok());
    const auto codesOf = [](const AuditReport &r) {
        QStringList codes;
        for (const AuditFinding &f : r.findings)
            codes << f.code;
        codes.sort();
        return codes;
    };
    // A balance raised behind the ledger's back, on shard 0.
    QVERIFY(RawSql(t.shardPath(0)).exec(QStringLiteral("UPDATE accounts SET balance = balance + 1 WHERE id = 'ivan'")));
    QCOMPARE(codesOf(audit(t.store())), (QStringList{QStringLiteral("balance-mismatch"), QStringLiteral("conservation")}));
    QVERIFY(RawSql(t.shardPath(0)).exec(QStringLiteral("UPDATE accounts SET balance = balance - 1 WHERE id = 'ivan'")));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    // A done transfer whose credit (on shard 1) is held again, consistently within that shard:
    // only the document on another shard shows that it is wrong.
    QVERIFY(
        RawSql(t.shardPath(1)).exec(QStringLiteral("UPDATE legs SET status = 'held' WHERE tx_id = ? AND account_id = 'dave'"), {o.tx->id}));
    QVERIFY(
        RawSql(t.shardPath(1))
            .exec(QStringLiteral("UPDATE accounts SET balance = balance - 40, pending_credits = pending_credits + 40 WHERE id = 'dave'")));
    QCOMPARE(codesOf(audit(t.store())), (QStringList{QStringLiteral("done-not-posted"), QStringLiteral("hold-on-terminal")}));
}

void TestShardedStore::auditWhileTransfersRunFindsNothing()
{
    TempShards t(4);
    openAccounts(t.store(), kOnePerShardOf4, 1'000'000);
    std::atomic<bool> stop{false};
    std::atomic<int> transfers{0};
    QString failure; // written by the worker, read after join
    std::thread worker([&]() {
        auto store = openStore(t.config()); // its own connection, on its own thread
        if (!store.ok()) {
            failure = store.error().toString();
            return;
        }
        Coordinator c(**store, {});
        for (int i = 0; !stop; ++i) {
            // Mostly transfers between shards; every 7th is refused by its hold (cancel path),
            // every 5th done one is compensated.
            const qint64 amount = i % 7 == 6 ? 1'000'000'000 : 1 + i % 50;
            const TxOutcome o = c.transfer({kOnePerShardOf4.at(i % 4), kOnePerShardOf4.at((i + 1 + i / 4 % 3) % 4), amount, QString(),
                                            i % 3 ? QString() : QStringLiteral("k-%1").arg(i)});
            if (!o.ok() && o.error.code != ErrorCode::InsufficientFunds) {
                failure = o.error.toString();
                return;
            }
            if (o.ok() && i % 5 == 0 && !c.compensate(o.tx->id, QStringLiteral("again")).ok()) {
                failure = QStringLiteral("compensation of %1 failed").arg(o.tx->id);
                return;
            }
            ++transfers;
        }
    });
    // Until 40 transfers are done and 20 audits ran while transfers went on (a transfer finished
    // during each): conditions, not a time; two minutes only bound a hang.
    QElapsedTimer hang;
    hang.start();
    int audits = 0;
    QStringList found;
    while ((transfers < 40 || audits < 20) && hang.elapsed() < 120'000 && found.isEmpty()) {
        const int before = transfers;
        const AuditReport report = audit(t.store());
        if (!report.clean())
            found << describeFindings(report);
        if (transfers > before)
            ++audits;
    }
    stop = true;
    worker.join();
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QLatin1Char('\n'))));
    QVERIFY2(transfers >= 40 && audits >= 20, qPrintable(QStringLiteral("%1 transfers, %2 audits").arg(transfers.load()).arg(audits)));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestShardedStore::changeMarkerMovesWhenAnyShardDoes()
{
    TempShards t(3);
    auto other = openStore(t.config());
    QVERIFY(other.ok());
    qint64 marker = *t.store().changeMarker();
    // ivan, dave, alice: shards 0, 1 and 2.
    for (const QString &id : {QStringLiteral("ivan"), QStringLiteral("dave"), QStringLiteral("alice")}) {
        QVERIFY((*other)->createAccount(id, QString(), QStringLiteral("op")).ok());
        const qint64 now = *t.store().changeMarker();
        QVERIFY2(now != marker, qPrintable(id));
        marker = now;
    }
    QCOMPARE(*t.store().changeMarker(), marker); // and stays put while nothing happens
}

void TestShardedStore::ledgerctlEndToEnd()
{
    QTemporaryDir dir;
    const QString store = dir.filePath(QStringLiteral("books.json"));
    const auto ctl = [&](const QStringList &args) {
        return runLedgerctl(QStringList{QStringLiteral("--store"), store} + args, cleanEnv());
    };
    const auto expect = [&](const QStringList &args, int status) {
        const ProcessResult r = ctl(args);
        if (r.exitCode != status)
            qWarning("ledgerctl %s: exit %d\n%s%s", qPrintable(args.join(QLatin1Char(' '))), r.exitCode, qPrintable(r.out),
                     qPrintable(r.err));
        return r;
    };
    QCOMPARE(expect({"init", "--shards", "3"}, 0).exitCode, 0);
    for (int i = 0; i < 3; ++i)
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("books.shard-%1.db").arg(i))));
    QCOMPARE(expect({"account", "create", "ivan", "--opening", "100.00"}, 0).exitCode, 0);
    QCOMPARE(expect({"account", "create", "dave"}, 0).exitCode, 0);
    const ProcessResult paid = expect({"transfer", "ivan", "dave", "12.50", "--key", "lunch", "--json"}, 0);
    QCOMPARE(paid.exitCode, 0);
    const QString id = QJsonDocument::fromJson(paid.out.toUtf8()).object().value(QStringLiteral("id")).toString();
    QVERIFY(!id.isEmpty());
    QCOMPARE(expect({"--crash-after", "hold-credit", "transfer", "dave", "ivan", "2.00"}, kCrashExitStatus).exitCode, kCrashExitStatus);
    QCOMPARE(expect({"recover", "--older-than", "0s"}, 0).exitCode, 0);
    const ProcessResult list = expect({"list", "--json"}, 0);
    QCOMPARE(QJsonDocument::fromJson(list.out.toUtf8()).array().size(), 3);
    QVERIFY(list.out.contains(id));
    const ProcessResult accounts = expect({"accounts"}, 0);
    QVERIFY2(accounts.out.contains(QStringLiteral("89.50")) && accounts.out.contains(QStringLiteral("10.50")), qPrintable(accounts.out));
    const ProcessResult audited = expect({"audit"}, 0);
    QVERIFY2(audited.out.contains(QStringLiteral("clean")), qPrintable(audited.out));

    const QByteArray before = dirFingerprint(dir.path());
    const ProcessResult again = expect({"init", "--shards", "3"}, 1);
    QCOMPARE(again.exitCode, 1);
    QVERIFY2(again.err.startsWith(QStringLiteral("error: store-exists: ")), qPrintable(again.err));
    const ProcessResult alone =
        runLedgerctl({QStringLiteral("--store"), dir.filePath(QStringLiteral("books.shard-0.db")), QStringLiteral("accounts")}, cleanEnv());
    QCOMPARE(alone.exitCode, 3);
    QVERIFY2(alone.err.contains(QStringLiteral("store-is-shard")) && alone.err.contains(store), qPrintable(alone.err));
    QCOMPARE(dirFingerprint(dir.path()), before);
}

QTEST_GUILESS_MAIN(TestShardedStore)
#include "tst_shardedstore.moc"
