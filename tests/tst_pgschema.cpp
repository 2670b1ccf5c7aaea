// The PostgreSQL store's schema functions (runs as tst_pgschema@pg): ledger_leg_write, the one
// round trip of a hold, post or void, decides in the server what store/documentrules.cpp decides
// in the client — every case of the rules' table (each operation × marker × account status and
// funds, at the int64 edges) ends exactly as the rules say, with the rules' own words (the rules
// themselves are held to values written out by hand in tst_documentrules) — a store of
// schema 1 (before the function, announcing by triggers) is migrated when it is opened, and a
// transfer is nine round trips whose writes are announced after their commits, not inside them.
#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "store/documentrules.h"
#include "store/postgres/pgconnection.h"
#include "store/postgres/pgstore.h"
#include "testsupport.h"

#include <QRegularExpression>
#include <limits>

using namespace ledger;
using namespace ledger::test;

class TestPgSchema : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void legRulesAgree_data();
    void legRulesAgree();
    void migratesAnOlderSchema_data();
    void migratesAnOlderSchema();
    void writesAreAnnouncedAfterTheirCommit();

private:
    std::unique_ptr<TempStore> m_store;
};

void TestPgSchema::initTestCase()
{
    if (!onPostgres() || qEnvironmentVariableIntValue("LEDGER_TEST_PG_SHARDS") > 0)
        QSKIP("runs against the PostgreSQL test cluster only (tst_pgschema@pg)");
    m_store = std::make_unique<TempStore>();
}

void TestPgSchema::cleanupTestCase() { m_store.reset(); }

namespace {

enum class Op { Hold, Post, Void };
constexpr qint64 kMax = std::numeric_limits<qint64>::max();
constexpr qint64 kMin = std::numeric_limits<qint64>::min();

struct AccountCase {
    const char *name;
    bool exists;
    const char *status;
    qint64 balance, pendingDebits, pendingCredits;
};

// Funds that pass, fail, and sit at each edge the rules check.
const AccountCase kAccounts[] = {
    {"missing", false, "open", 0, 0, 0},
    {"rich", true, "open", 10'000, 0, 0},
    {"poor", true, "open", 50, 0, 0},
    {"exact", true, "open", 150, 50, 0},
    {"frozen", true, "frozen", 10'000, 0, 0},
    {"closed", true, "closed", 0, 0, 0},
    {"near max", true, "open", kMax - 50, 0, 60},
    {"at max pending", true, "open", 10'000, kMax - 10, kMax - 10},
    {"near min", true, "open", kMin + 50, 0, 0},
    {"world", true, "open", -5'000, 0, 0}, // its own row standing in for @world (id @world)
};

struct MarkerCase {
    const char *name;
    bool exists;
    LegSide side;
    const char *status;
};

const MarkerCase kMarkers[] = {
    {"no marker", false, LegSide::Debit, "held"},       {"held debit", true, LegSide::Debit, "held"},
    {"held credit", true, LegSide::Credit, "held"},     {"posted debit", true, LegSide::Debit, "posted"},
    {"voided credit", true, LegSide::Credit, "voided"},
};

} // namespace

void TestPgSchema::legRulesAgree_data()
{
    QTest::addColumn<int>("op");
    QTest::addColumn<int>("side");
    QTest::addColumn<int>("account");
    QTest::addColumn<int>("marker");
    const struct {
        const char *name;
        Op op;
        LegSide side;
    } ops[] = {{"hold debit", Op::Hold, LegSide::Debit},
               {"hold credit", Op::Hold, LegSide::Credit},
               {"post", Op::Post, LegSide::Debit},
               {"void debit", Op::Void, LegSide::Debit},
               {"void credit", Op::Void, LegSide::Credit}};
    for (const auto &o : ops) {
        for (int a = 0; a < int(std::size(kAccounts)); ++a) {
            for (int m = 0; m < int(std::size(kMarkers)); ++m)
                QTest::addRow("%s, %s, %s", o.name, kAccounts[a].name, kMarkers[m].name) << int(o.op) << int(o.side) << a << m;
        }
    }
}

void TestPgSchema::legRulesAgree()
{
    QFETCH(int, op);
    QFETCH(int, side);
    QFETCH(int, account);
    QFETCH(int, marker);
    static int caseNumber = 0;
    ++caseNumber;
    const AccountCase &ac = kAccounts[account];
    const MarkerCase &mc = kMarkers[marker];
    const bool world = QByteArray(ac.name) == "world";
    const QString accountId = world ? kWorldAccount : QStringLiteral("acct-%1").arg(caseNumber);
    const QString txId = QStringLiteral("tx-case-%1").arg(caseNumber);
    const qint64 amount = 100;
    Store &store = m_store->store();
    RawSql raw(m_store->path());
    // Consistent documents: a held marker's amount is in the account's pending on its side.
    const bool held = mc.exists && QByteArray(mc.status) == "held";
    const auto withHeld = [&](qint64 pending, LegSide onSide) {
        return held && mc.side == onSide ? (pending > kMax - amount ? kMax : pending + amount) : pending;
    };
    const qint64 pendingDebits = withHeld(ac.pendingDebits, LegSide::Debit);
    const qint64 pendingCredits = withHeld(ac.pendingCredits, LegSide::Credit);
    if (world) {
        QVERIFY(
            raw.exec(QStringLiteral(
                         "UPDATE accounts SET balance = ?::int8, pending_debits = ?::int8, pending_credits = ?::int8 WHERE id = '@world'"),
                     {ac.balance, pendingDebits, pendingCredits}));
    } else if (ac.exists) {
        QVERIFY(
            raw.exec(QStringLiteral("INSERT INTO accounts (id, status, balance, pending_debits, pending_credits, created_at, last_modified)"
                                    " VALUES (?, ?, ?::int8, ?::int8, ?::int8, ledger_now(), ledger_now())"),
                     {accountId, QString::fromLatin1(ac.status), ac.balance, pendingDebits, pendingCredits}));
    }
    if (mc.exists) {
        QVERIFY(raw.exec(
            QStringLiteral("INSERT INTO legs (tx_id, account_id, side, amount, status, at) VALUES (?, ?, ?, ?::int8, ?, ledger_now())"),
            {txId, accountId, nameOf(mc.side), amount, QString::fromLatin1(mc.status)}));
    }

    // What the rules say about these documents.
    std::optional<Account> before;
    if (ac.exists) {
        auto a = store.account(accountId);
        QVERIFY(a.ok());
        before = *a;
    }
    std::optional<LegMarker> markerBefore;
    if (auto legs = store.legsOfTransaction(txId); legs.ok() && !legs->isEmpty())
        markerBefore = legs->first();
    QCOMPARE(markerBefore.has_value(), mc.exists);
    const LegSide s = LegSide(side);
    rules::LegDecision expected;
    Result<LegOutcome> got = LegOutcome{};
    LegStatus newStatus = LegStatus::Held;
    switch (Op(op)) {
    case Op::Hold:
        expected = rules::hold(txId, accountId, markerBefore, before, s, amount, store.scale());
        got = store.hold(txId, accountId, s, amount);
        break;
    case Op::Post:
        expected = rules::post(txId, accountId, markerBefore, before);
        got = store.post(txId, accountId);
        newStatus = LegStatus::Posted;
        break;
    case Op::Void:
        expected = rules::voidLeg(txId, accountId, markerBefore);
        got = store.voidLeg(txId, accountId, s, amount);
        newStatus = LegStatus::Voided;
        break;
    }

    // The server did what the rules say (the store itself refuses a disagreement as internal).
    if (!expected.writes()) {
        const Result<LegOutcome> want = expected.withoutWriting();
        QCOMPARE(got.ok(), want.ok());
        if (want.ok()) {
            QCOMPARE(got->status, want->status);
            QVERIFY(!got->changed);
        } else {
            QCOMPARE(got.code(), want.code());
            QCOMPARE(got.error().message, want.error().message);
        }
    } else {
        QVERIFY2(got.ok(), qPrintable(got.ok() ? QString() : got.error().message));
        QCOMPARE(got->status, newStatus);
        QVERIFY(got->changed);
    }
    // The documents after: moved by exactly the rules' deltas, the marker as decided.
    if (ac.exists) {
        auto after = store.account(accountId);
        QVERIFY(after.ok());
        const bool moves = expected.writes() && (expected.deltaBalance || expected.deltaPendingDebits || expected.deltaPendingCredits);
        QCOMPARE(after->balance, before->balance + (moves ? expected.deltaBalance : 0));
        QCOMPARE(after->pendingDebits, before->pendingDebits + (moves ? expected.deltaPendingDebits : 0));
        QCOMPARE(after->pendingCredits, before->pendingCredits + (moves ? expected.deltaPendingCredits : 0));
        QCOMPARE(after->version, before->version + (moves ? 1 : 0));
    }
    auto legs = store.legsOfTransaction(txId);
    QVERIFY(legs.ok());
    if (expected.writes()) {
        QCOMPARE(legs->size(), 1);
        QCOMPARE(legs->first().status, newStatus);
        if (newStatus == LegStatus::Posted)
            QCOMPARE(legs->first().balanceAfter, std::optional<qint64>(before->balance + expected.deltaBalance));
    } else {
        QCOMPARE(legs->size(), mc.exists ? 1 : 0);
        if (mc.exists)
            QCOMPARE(legs->first().status, markerBefore->status);
    }
}

void TestPgSchema::migratesAnOlderSchema_data()
{
    QTest::addColumn<int>("version");
    for (int v = 1; v < PgConnection::kSchemaVersion; ++v)
        QTest::addRow("from schema %d", v) << v;
}

void TestPgSchema::migratesAnOlderSchema()
{
    // A store as schema N left it, with data in it; each step undoes one migration
    // (pgschema.cpp), newest first.
    QFETCH(int, version);
    TempStore ts;
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}, 10'000);
    {
        RawSql raw(ts.path());
        const QStringList steps[] = {
            // 6 → 5: no approval requests.
            {QStringLiteral("DROP TABLE approvals")},
            // 5 → 4: journal rows record no request.
            {QStringLiteral("ALTER TABLE journal DROP COLUMN request")},
            // 4 → 3: announced by statement triggers, inside each write.
            {QStringLiteral("CREATE FUNCTION ledger_announce() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM"
                            " nextval('change_counter'); PERFORM pg_notify('ledgerdesk', ''); RETURN NULL; END $$"),
             QStringLiteral("CREATE TRIGGER accounts_announce AFTER INSERT OR UPDATE OR DELETE ON accounts FOR EACH STATEMENT"
                            " EXECUTE FUNCTION ledger_announce()"),
             QStringLiteral("CREATE TRIGGER legs_announce AFTER INSERT OR UPDATE OR DELETE ON legs FOR EACH STATEMENT"
                            " EXECUTE FUNCTION ledger_announce()"),
             QStringLiteral("CREATE TRIGGER transactions_announce AFTER INSERT OR UPDATE OR DELETE ON transactions FOR EACH STATEMENT"
                            " EXECUTE FUNCTION ledger_announce()")},
            // 3 → 2: two legs only, the narrower leg index.
            {QStringLiteral("ALTER TABLE transactions DROP COLUMN legs"), QStringLiteral("DROP TABLE tx_accounts"),
             QStringLiteral("DROP INDEX legs_by_account"), QStringLiteral("CREATE INDEX legs_by_account ON legs (account_id, status)")},
            // 2 → 1: no leg function, ledger_now() in SQL.
            {QStringLiteral("DROP FUNCTION ledger_leg_write(text, text, text, text, int8, text)"),
             QStringLiteral("CREATE OR REPLACE FUNCTION ledger_now() RETURNS timestamptz LANGUAGE sql STABLE"
                            " AS $$ SELECT date_trunc('milliseconds', clock_timestamp()) $$")},
        };
        for (int from = PgConnection::kSchemaVersion; from > version; --from) {
            for (const QString &sql : steps[PgConnection::kSchemaVersion - from])
                QVERIFY(raw.exec(sql));
        }
        QVERIFY(raw.exec(QStringLiteral("UPDATE meta SET value = ? WHERE key = 'schema_version'"), {QString::number(version)}));
    }
    // Opening it migrates it (as every program does when it opens a store).
    auto reopened = openStore(ts.config());
    QVERIFY2(reopened.ok(), qPrintable(reopened.ok() ? QString() : reopened.error().message));
    RawSql raw(ts.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT value FROM meta WHERE key = 'schema_version'")).toString(),
             QString::number(PgConnection::kSchemaVersion));
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname = 'ledger_leg_write'")).toInt(), 1);
    QCOMPARE(
        raw.scalar(QStringLiteral("SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE proname = 'ledger_now'"))
            .toString(),
        QStringLiteral("plpgsql"));
    // Schema 4: the triggers are gone (the connection's doorbell announces).
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal")).toInt(), 0);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_proc WHERE proname = 'ledger_announce'")).toInt(), 0);
    // And it works as before: a transfer, its balances, audit clean.
    Coordinator coordinator(**reopened, {});
    TransferRequest r;
    r.source = QStringLiteral("alice");
    r.destination = QStringLiteral("bob");
    r.amount = 250;
    const TxOutcome o = coordinator.transfer(r);
    QVERIFY2(o.error.ok(), qPrintable(o.error.message));
    QCOMPARE(o.tx->state, TxState::Done);
    QCOMPARE(balanceOf(**reopened, QStringLiteral("bob")), 10'250);
    // Documents written before schema 3 read as two legs; one over three accounts works after it,
    // and is found by each of its accounts.
    auto opening = (*reopened)->transactionByKey(QStringLiteral("opening:carol"));
    QVERIFY(opening.ok() && opening->has_value());
    QCOMPARE((*opening)->legs, twoLegs(kWorldAccount, QStringLiteral("carol"), 10'000));
    TransferRequest split;
    split.legs = {{QStringLiteral("carol"), LegSide::Debit, 300},
                  {QStringLiteral("alice"), LegSide::Credit, 200},
                  {QStringLiteral("bob"), LegSide::Credit, 100}};
    const TxOutcome three = coordinator.transfer(split);
    QVERIFY2(three.ok(), qPrintable(three.error.toString()));
    QCOMPARE(three.tx->state, TxState::Done);
    QCOMPARE((*reopened)->transaction(three.tx->id)->legs, split.legs);
    TxQuery ofBob;
    ofBob.account = QStringLiteral("bob");
    ofBob.limit = 10;
    QCOMPARE((*reopened)->transactions(ofBob)->size(), 3); // its opening, alice's transfer, carol's split
    // Schema 6: approval requests, listed by their indexes.
    for (const char *index : {"approvals_listed", "approvals_by_state"})
        QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_indexes WHERE indexname = ?"), {QString::fromLatin1(index)}).toInt(),
                 1);
    QCOMPARE(*(*reopened)->approvalBook()->approvalCount(ApprovalState::Pending), qint64(0));
    const AuditReport report = audit(**reopened);
    QVERIFY2(report.clean(), qPrintable(describeFindings(report)));
}

void TestPgSchema::writesAreAnnouncedAfterTheirCommit()
{
    // A NOTIFY inside a write holds a database-wide lock from that write's commit until its
    // commit is on disk: every announcing write of every client then waits for the previous
    // one's flush. So no write of the store may notify: no trigger, no function of ours calls
    // pg_notify; the connection rings a doorbell after each commit point instead.
    TempStore ts;
    RawSql raw(ts.path());
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal")).toInt(), 0);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                                       " WHERE n.nspname = current_schema() AND p.prosrc ILIKE '%notify%'"))
                 .toInt(),
             0);
    openAccounts(ts.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 10'000);

    // Every kind of write moves the change counter another connection reads (the doorbell's
    // nextval), and a transfer on a connection that has prepared its statements is 9 round
    // trips: 8 writes, each sent with its doorbell and answered together, and one read.
    auto other = openStore(ts.config());
    QVERIFY(other.ok());
    const auto markerMoves = [&](const std::function<void()> &write) {
        const qint64 before = *(*other)->changeMarker();
        write();
        return *(*other)->changeMarker() > before;
    };
    Coordinator coordinator(ts.store(), {});
    TransferRequest r;
    r.source = QStringLiteral("alice");
    r.destination = QStringLiteral("bob");
    r.amount = 1;
    QVERIFY(markerMoves([&] { QVERIFY(coordinator.transfer(r).ok()); }));
    const std::optional<qint64> before = extrasOf(ts.store()).serverRoundTrips();
    QVERIFY(before.has_value());
    QVERIFY(markerMoves([&] { QVERIFY(coordinator.transfer(r).ok()); }));
    QCOMPARE(*extrasOf(ts.store()).serverRoundTrips() - *before, qint64(9));
    QVERIFY(markerMoves([&] { QVERIFY(ts.store().setAccountStatus(QStringLiteral("bob"), AccountStatus::Frozen, QString(), {}).ok()); }));
    const auto done = ts.store().transactionByKey(QStringLiteral("opening:alice"));
    QVERIFY(done.ok() && done->has_value());
    QVERIFY(
        markerMoves([&] { QVERIFY(ts.store().addRemark((*done)->id, Remark::Note, QStringLiteral("op"), QStringLiteral("seen")).ok()); }));
    QCOMPARE(balanceOf(ts.store(), QStringLiteral("bob")), 10'002);

    // A doorbell that cannot ring (its counter gone) loses no write: the write has committed
    // alone before it; the failure is only reported.
    QVERIFY(raw.exec(QStringLiteral("ALTER SEQUENCE change_counter RENAME TO change_counter_gone")));
    const QRegularExpression unannounced(QStringLiteral("committed but could not be announced"));
    QTest::ignoreMessage(QtWarningMsg, unannounced); // opening (its schema check commits)
    QTest::ignoreMessage(QtWarningMsg, unannounced); // the write
    {
        auto fresh = openStore(ts.config()); // a connection that has not prepared its doorbell yet
        QVERIFY(fresh.ok());
        auto unfrozen = (*fresh)->setAccountStatus(QStringLiteral("bob"), AccountStatus::Open, QString(), {});
        QVERIFY2(unfrozen.ok(), qPrintable(unfrozen.ok() ? QString() : unfrozen.error().toString()));
    }
    QCOMPARE(ts.store().account(QStringLiteral("bob"))->status, AccountStatus::Open);
    QVERIFY(raw.exec(QStringLiteral("ALTER SEQUENCE change_counter_gone RENAME TO change_counter")));
}

QTEST_GUILESS_MAIN(TestPgSchema)
#include "tst_pgschema.moc"
