// The DynamoDB store against dynalite, for what only it has: throttling and its retries, answers
// lost after the write landed (resolved by the item's token, never written twice), markers that
// outgrow their account item and move to the legs table, tombstones of accounts not made yet,
// a planted marker the audit finds, init over tables that are there, and the server killed and
// restarted on its data while transfers run. (The protocol's own tests run @dynamo too.)
#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "protocol/recovery.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/open/storeconfig.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QProcess>
#include <QScopeGuard>
#include <QThread>
#include <QtTest>
#include <arpa/inet.h>
#include <atomic>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

// An account item as it is in the table.
QJsonObject accountItem(DynamoStore &store, const QString &location, const QString &id)
{
    auto got = store.client().call("GetItem", QJsonObject{{QStringLiteral("TableName"), dynamoTable(location, "accounts")},
                                                          {QStringLiteral("Key"), QJsonObject{{QStringLiteral("id"), dynamo::S(id)}}},
                                                          {QStringLiteral("ConsistentRead"), true}});
    if (!got.ok())
        qFatal("%s", qPrintable(got.error().toString()));
    return got->body.value(QStringLiteral("Item")).toObject();
}

int markersInItem(const QJsonObject &item)
{
    return item.value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject().size();
}

QString runDynalite(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(LEDGER_SOURCE_DIR "/scripts/dynalite.sh"), args);
    if (!p.waitForFinished(60'000) || p.exitCode() != 0)
        qWarning().noquote() << "dynalite.sh" << args << "failed:" << p.readAllStandardError();
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

// A server on a loopback port of its own that reads every request, closes the connection without
// a word (as a server that crashed on it would) and counts them, on a thread of its own (the
// store's calls block the test's thread).
class DroppingServer {
public:
    DroppingServer()
    {
        m_socket = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_socket < 0 || ::bind(m_socket, reinterpret_cast<sockaddr *>(&address), length) != 0 || ::listen(m_socket, 16) != 0
            || ::getsockname(m_socket, reinterpret_cast<sockaddr *>(&address), &length) != 0)
            qFatal("DroppingServer: no loopback socket");
        m_port = ntohs(address.sin_port);
        m_thread = std::thread([this] {
            while (!m_stop) {
                pollfd ready{m_socket, POLLIN, 0};
                if (::poll(&ready, 1, 50) <= 0)
                    continue;
                const int client = ::accept(m_socket, nullptr, nullptr);
                if (client < 0)
                    continue;
                ++m_connections;
                char request[4096];
                [[maybe_unused]] const ssize_t got = ::read(client, request, sizeof request); // the request's head, at least
                ::close(client);
            }
        });
    }
    ~DroppingServer()
    {
        m_stop = true;
        m_thread.join();
        ::close(m_socket);
    }
    quint16 port() const { return m_port; }
    int connections() const { return m_connections; }

private:
    int m_socket = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_connections{0};
    std::thread m_thread;
};

} // namespace

class TestDynamoStore : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (!onDynamo())
            QSKIP("runs against a dynalite only: ctest's tst_dynamostore@dynamo starts one");
    }
    void throttledCallsAreSentAgain();
    void throttledPastTheAttemptsIsBusyAndWritesNothing();
    void lostAnswersWriteOnce();
    void markersMoveOutOfTheAccountItem();
    void tombstoneBeforeTheAccount();
    void anotherWriterBetweenLostAnswerAndResend();
    void markersMovedAfterASnapshotReadAreNotInIt();
    void feedGivesFinishesOnceTheyAreOld();
    void journalPagesByKeyAcrossDocuments();
    void auditFindsAPlantedHold();
    void initRefusesTablesThatAreThere();
    void openWithoutTablesSaysSo();
    void serverRestartedWhileTransfersRun();
};

void TestDynamoStore::throttledCallsAreSentAgain()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    DynamoStore &d = dynamoOf(t.store());
    const qint64 before = d.client().retries();
    d.client().throttleNextCalls(5);
    const TxOutcome o = Coordinator(t.store(), {}).transfer({kAlice, kBob, 100, QString(), QString()});
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QCOMPARE(o.tx->state, TxState::Done);
    QCOMPARE(d.client().retries() - before, qint64(5));
    QCOMPARE(balanceOf(t.store(), kBob), qint64(1100));
}

void TestDynamoStore::throttledPastTheAttemptsIsBusyAndWritesNothing()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    StoreConfig few = t.config();
    few.location += QStringLiteral("&max_attempts=3");
    auto opened = openStore(few);
    QVERIFY2(opened.ok(), qPrintable(opened.error().toString()));
    DynamoStore &d = dynamoOf(**opened);
    d.client().throttleNextCalls(3);
    auto refused = d.createAccount(QStringLiteral("carol"), QStringLiteral("Carol"), QStringLiteral("op"));
    QVERIFY(!refused.ok());
    QCOMPARE(refused.error().code, ErrorCode::StoreBusy);
    QVERIFY(refused.error().message.contains(QLatin1String("throttl")));
    QCOMPARE(t.store().account(QStringLiteral("carol")).error().code, ErrorCode::UnknownAccount);
}

void TestDynamoStore::lostAnswersWriteOnce()
{
    // Every call's first answer lost after DynamoDB applied it: each write is sent twice, and the
    // second finds its own token (or its own marker) instead of writing again.
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob, QStringLiteral("fees")}, 1000);
    DynamoStore &d = dynamoOf(t.store());
    d.client().loseAnswersOfNextCalls(1'000'000);
    Coordinator c(t.store(), {});
    TransferRequest three;
    three.legs = {{kAlice, LegSide::Debit, 300}, {kBob, LegSide::Credit, 290}, {QStringLiteral("fees"), LegSide::Credit, 10}};
    three.idempotencyKey = QStringLiteral("once");
    const TxOutcome o = c.transfer(three);
    QVERIFY2(o.ok(), qPrintable(o.error.toString()));
    QCOMPARE(o.tx->state, TxState::Done);
    const TxOutcome again = c.transfer(three);
    QVERIFY(again.ok() && again.existing);
    QCOMPARE(again.tx->id, o.tx->id);
    QVERIFY(c.compensate(o.tx->id, QStringLiteral("test")).ok());
    auto account = d.setAccountStatus(kBob, AccountStatus::Frozen, QStringLiteral("op"), QStringLiteral("test"));
    QVERIFY2(account.ok(), qPrintable(account.error().toString()));
    QVERIFY(d.addRemark(o.tx->id, Remark::Note, QStringLiteral("op"), QStringLiteral("seen")).ok());
    d.client().loseAnswersOfNextCalls(0);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000));
    QCOMPARE(balanceOf(t.store(), kBob), qint64(1000));
    // One journal row per event: nothing was appended twice.
    auto journal = t.store().journal(DocKind::Transaction, o.tx->id);
    QVERIFY(journal.ok());
    QStringList events;
    for (const JournalEntry &e : std::as_const(*journal))
        events << e.event + QLatin1Char(':') + e.toState;
    QCOMPARE(events.count(QStringLiteral("created:initial")), 1);
    QCOMPARE(events.filter(QRegularExpression(QStringLiteral("^note:"))).size(), 1);
    auto bob = t.store().journal(DocKind::Account, kBob);
    QVERIFY(bob.ok());
    QCOMPARE(bob->size(), 2); // created, frozen
    QVERIFY(d.client().retries() > 20);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestDynamoStore::markersMoveOutOfTheAccountItem()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100'000);
    Coordinator c(t.store(), {});
    QStringList ids;
    const int n = DynamoStore::kMarkersKept * 2 + 5;
    for (int i = 0; i < n; ++i) {
        const TxOutcome o = c.transfer({kAlice, kBob, 10, QString(), QString()});
        QVERIFY2(o.ok(), qPrintable(o.error.toString()));
        ids << o.tx->id;
    }
    DynamoStore &d = dynamoOf(t.store());
    const QJsonObject item = accountItem(d, t.path(), kAlice);
    QVERIFY2(markersInItem(item) <= DynamoStore::kMarkersKept + 1, qPrintable(QString::number(markersInItem(item))));
    QVERIFY(dynamo::num(item, QStringLiteral("moved")) > 0);
    // Every marker is still found: by account, by transaction, and by the audit's scan.
    auto legs = t.store().legsOfAccount(kAlice, LegStatus::Posted);
    QVERIFY(legs.ok());
    QCOMPARE(legs->size(), n + 1); // and its opening deposit
    auto first = t.store().legsOfTransaction(ids.first());
    QVERIFY(first.ok());
    QCOMPARE(first->size(), 2);
    // A late hold of a transaction whose marker moved answers with the marker: nothing held.
    auto late = t.store().hold(ids.first(), kAlice, LegSide::Debit, 10);
    QVERIFY(late.ok());
    QCOMPARE(late->status, LegStatus::Posted);
    QVERIFY(!late->changed);
    auto voided = t.store().voidLeg(ids.first(), kAlice, LegSide::Debit, 10);
    QCOMPARE(voided.error().code, ErrorCode::ProtocolViolation);
    QCOMPARE(t.store().account(kAlice)->pendingDebits, qint64(0));
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(100'000 - 10 * n));
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestDynamoStore::tombstoneBeforeTheAccount()
{
    TempStore t;
    const QString tx = QStringLiteral("tx-early");
    auto tomb = t.store().voidLeg(tx, QStringLiteral("carol"), LegSide::Credit, 5);
    QVERIFY2(tomb.ok(), qPrintable(tomb.error().toString()));
    QCOMPARE(tomb->status, LegStatus::Voided);
    QVERIFY(tomb->changed);
    QVERIFY(t.store().createAccount(QStringLiteral("carol"), QStringLiteral("Carol"), QStringLiteral("op")).ok());
    auto late = t.store().hold(tx, QStringLiteral("carol"), LegSide::Credit, 5);
    QVERIFY(late.ok());
    QCOMPARE(late->status, LegStatus::Voided);
    QVERIFY(!late->changed);
    QCOMPARE(t.store().account(QStringLiteral("carol"))->pendingCredits, qint64(0));
    // A second void of another transaction on an account that is not there, its first answer
    // lost: the tombstone it finds is its own, and the call returns.
    dynamoOf(t.store()).client().loseAnswersOfNextCalls(1'000'000);
    auto twice = t.store().voidLeg(QStringLiteral("tx-early-2"), QStringLiteral("dave"), LegSide::Debit, 7);
    auto again = t.store().voidLeg(QStringLiteral("tx-early-2"), QStringLiteral("dave"), LegSide::Debit, 7);
    dynamoOf(t.store()).client().loseAnswersOfNextCalls(0);
    QVERIFY2(twice.ok() && again.ok(), qPrintable(twice.ok() ? again.error().toString() : twice.error().toString()));
    QCOMPARE(again->status, LegStatus::Voided);
    QVERIFY(!again->changed);
    // The account made afterwards carries the tombstone in its own item.
    QVERIFY(t.store().createAccount(QStringLiteral("dave"), QStringLiteral("Dave"), QStringLiteral("op")).ok());
    auto daves = t.store().legsOfAccount(QStringLiteral("dave"), LegStatus::Voided);
    QVERIFY(daves.ok());
    QCOMPARE(daves->size(), 1);
    QCOMPARE(markersInItem(accountItem(dynamoOf(t.store()), t.path(), QStringLiteral("dave"))), 1);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestDynamoStore::anotherWriterBetweenLostAnswerAndResend()
{
    // The answer of our write is lost, and before it is sent again another connection writes the
    // same item: our write is still recognised (its token among the item's recent ones), not
    // written a second time nor taken for someone else's.
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    const TxOutcome o = Coordinator(t.store(), {}).transfer({kAlice, kBob, 10, QString(), QString()});
    QVERIFY(o.ok());
    auto other = t.openAnother();
    DynamoStore &d = dynamoOf(t.store());
    int between = 0; // the other writer writes once, whatever the resends
    d.client().setBetweenLostAndResent([&] {
        if (between++ > 0)
            return;
        QVERIFY(other->addRemark(o.tx->id, Remark::Note, QStringLiteral("bea"), QStringLiteral("between")).ok());
        QVERIFY(other->setAccountStatus(kBob, AccountStatus::Frozen, QStringLiteral("bea"), QStringLiteral("between")).ok());
    });
    d.client().loseAnswersOfNextCalls(1'000'000);
    auto note = d.addRemark(o.tx->id, Remark::Note, QStringLiteral("zoe"), QStringLiteral("mine"));
    d.client().loseAnswersOfNextCalls(0);
    d.client().setBetweenLostAndResent({});
    QVERIFY2(note.ok(), qPrintable(note.error().toString()));
    QVERIFY(between > 0);
    QCOMPARE(t.store().account(kBob)->status, AccountStatus::Frozen); // the other's write stands
    auto journal = t.store().journal(DocKind::Transaction, o.tx->id);
    QVERIFY(journal.ok());
    int mine = 0;
    for (const JournalEntry &e : std::as_const(*journal))
        mine += e.detail == QLatin1String("mine") ? 1 : 0;
    QCOMPARE(mine, 1);
    // The same for an account: frozen by us while another froze and unfroze it between.
    d.client().setBetweenLostAndResent(
        [&] { (void)other->setAccountStatus(kAlice, AccountStatus::Open, QStringLiteral("bea"), QStringLiteral("between")); });
    d.client().loseAnswersOfNextCalls(1);
    auto frozen = d.setAccountStatus(kAlice, AccountStatus::Frozen, QStringLiteral("zoe"), QStringLiteral("mine"));
    d.client().setBetweenLostAndResent({});
    QVERIFY2(frozen.ok(), qPrintable(frozen.error().toString()));
    QCOMPARE(t.store().account(kAlice)->status, AccountStatus::Frozen);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
}

void TestDynamoStore::markersMovedAfterASnapshotReadAreNotInIt()
{
    // Inside a reading, alice's item is read once; transfers on another connection then post on
    // her and move markers out of her item. The reading still sees alice as it read her: the new
    // transfers' markers are not hers there (their balance is not in the balance it read).
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 100'000);
    auto other = t.openAnother();
    QString late;
    const Error e = t.store().withSnapshot([&]() -> Error {
        auto seen = t.store().account(kAlice); // reads alice's item: kept for the reading
        if (!seen.ok())
            return seen.error();
        Coordinator c(*other, {});
        for (int i = 0; i < DynamoStore::kMarkersKept * 2; ++i) {
            const TxOutcome o = c.transfer({kAlice, kBob, 1, QString(), QString()});
            if (!o.ok())
                return o.error;
            if (i == 0)
                late = o.tx->id;
        }
        auto legs = t.store().legsOfTransaction(late);
        if (!legs.ok())
            return legs.error();
        for (const LegMarker &m : std::as_const(*legs)) {
            if (m.accountId == kAlice)
                return makeError(ErrorCode::Internal, QStringLiteral("a marker moved after alice was read is in the reading"));
        }
        return {};
    });
    QVERIFY2(e.ok(), qPrintable(e.toString()));
    // Outside a reading it is there (moved, read from the legs table).
    auto legs = t.store().legsOfTransaction(late);
    QVERIFY(legs.ok());
    QCOMPARE(legs->size(), 2);
    QVERIFY(dynamo::num(accountItem(dynamoOf(t.store()), t.path(), kAlice), QStringLiteral("moved")) > 0);
}

void TestDynamoStore::feedGivesFinishesOnceTheyAreOld()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    // Two readers of the same tables: one that gives a finish once it is 1.5 s old, one that
    // waits ten minutes. The second shows "not yet" with a margin no busy machine eats; the first
    // gives it by itself, waited for (a minute only bounds a hang).
    const auto withDelay = [&t](const char *ms) {
        StoreConfig config = t.config();
        config.location.replace(QStringLiteral("feed_delay_ms=0"), QStringLiteral("feed_delay_ms=") + QLatin1String(ms));
        return openStore(config);
    };
    auto store = withDelay("1500");
    QVERIFY(store.ok());
    auto patient = withDelay("600000");
    QVERIFY(patient.ok());
    const TxOutcome o = Coordinator(**store, {}).transfer({kAlice, kBob, 10, QString(), QString()});
    QVERIFY(o.ok());
    // The part of the feed a document's finish is in, and the cursor past it there (-1: not given).
    struct Found {
        int part = -1;
        qint64 cursor = 0;
    };
    const auto find = [](Store &reader, const QString &id) {
        Found found;
        for (int part = 0; part < reader.shardCount(); ++part) {
            auto rows = reader.finishedAfter(part, 0, 100);
            if (!rows.ok())
                qFatal("%s", qPrintable(rows.error().toString()));
            for (const JournalEntry &e : std::as_const(*rows)) {
                if (e.docId == id)
                    found.part = part;
                if (part == found.part)
                    found.cursor = std::max(found.cursor, e.seq);
            }
        }
        return found;
    };
    QCOMPARE(find(**patient, o.tx->id).part, -1); // not yet: younger than the delay
    Found original;
    QTRY_VERIFY_WITH_TIMEOUT((original = find(**store, o.tx->id)).part >= 0, 60'000);
    // A compensation links the original (a write of a finished document): the original does not
    // come again after the cursor that passed it — looked for once the compensation's own finish,
    // written after that link, is old enough to be given.
    const TxOutcome compensation = Coordinator(**store, {}).compensate(o.tx->id, QStringLiteral("test"));
    QVERIFY(compensation.ok() && compensation.tx);
    QTRY_VERIFY_WITH_TIMEOUT(find(**store, compensation.tx->id).part >= 0, 60'000);
    auto again = (*store)->finishedAfter(original.part, original.cursor, 100);
    QVERIFY(again.ok());
    for (const JournalEntry &e : std::as_const(*again))
        QVERIFY(e.docId != o.tx->id);
}

void TestDynamoStore::journalPagesByKeyAcrossDocuments()
{
    // Rows of several documents in the same milliseconds, each document counting its own seqs:
    // paging by key (the last row of a page) gives every row once.
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    Coordinator c(t.store(), {});
    QStringList txs;
    for (int i = 0; i < 3; ++i)
        txs << c.transfer({kAlice, kBob, 1, QString(), QString()}).tx->id;
    for (int i = 0; i < 30; ++i)
        QVERIFY(t.store().addRemark(txs[i % 3], Remark::Note, QStringLiteral("zoe"), QStringLiteral("n%1").arg(i)).ok());
    for (bool newestFirst : {true, false}) {
        JournalQuery all;
        all.newestFirst = newestFirst;
        auto whole = t.store().journalEntries(all);
        QVERIFY(whole.ok());
        QList<JournalEntry> paged;
        JournalQuery q = all;
        q.limit = 4;
        for (;;) {
            auto page = t.store().journalEntries(q);
            QVERIFY(page.ok());
            if (page->isEmpty())
                break;
            paged += *page;
            q.after = page->last();
        }
        QCOMPARE(paged.size(), whole->size());
        for (int i = 0; i < paged.size(); ++i) {
            QCOMPARE(paged[i].docId, whole->at(i).docId);
            QCOMPARE(paged[i].seq, whole->at(i).seq);
        }
    }
}

void TestDynamoStore::auditFindsAPlantedHold()
{
    TempStore t;
    openAccounts(t.store(), {kAlice, kBob}, 1000);
    LEDGER_VERIFY_AUDIT_CLEAN(t.store());
    DynamoStore &d = dynamoOf(t.store());
    // A held marker of no transaction, planted in alice's item with the pending it would add.
    QJsonObject item = accountItem(d, t.path(), kAlice);
    QJsonObject legs = item.value(QStringLiteral("legs")).toObject().value(QStringLiteral("M")).toObject();
    LegMarker ghost{QStringLiteral("tx-ghost"), kAlice, LegSide::Debit, 7, LegStatus::Held, QDateTime::currentDateTimeUtc(), std::nullopt};
    legs.insert(ghost.txId, dynamo::markerValue(ghost));
    item.insert(QStringLiteral("legs"), QJsonObject{{QStringLiteral("M"), legs}});
    item.insert(QStringLiteral("pendingDebits"), dynamo::N(7));
    auto put = d.client().call(
        "PutItem", QJsonObject{{QStringLiteral("TableName"), dynamoTable(t.path(), "accounts")}, {QStringLiteral("Item"), item}});
    QVERIFY(put.ok() && !put->conditionFailed);
    const AuditReport r = audit(t.store());
    QVERIFY(r.error.ok());
    QVERIFY(!r.clean());
    bool orphan = false;
    for (const AuditFinding &f : r.findings)
        orphan = orphan || (f.invariant == 5 && f.ids.contains(ghost.txId));
    QVERIFY2(orphan, qPrintable(describeFindings(r)));
}

void TestDynamoStore::initRefusesTablesThatAreThere()
{
    TempStore t;
    openAccounts(t.store(), {kAlice}, 1000);
    auto again = createStore(t.config(), 2);
    QVERIFY(!again.ok());
    QCOMPARE(again.error().code, ErrorCode::StoreExists);
    QCOMPARE(balanceOf(t.store(), kAlice), qint64(1000)); // nothing of it was touched
}

void TestDynamoStore::openWithoutTablesSaysSo()
{
    StoreConfig config;
    config.location = QStringLiteral("dynamodb://us-east-1/nothing-here?endpoint=") + dynamoTestEndpoint();
    auto opened = openStore(config);
    QVERIFY(!opened.ok());
    QCOMPARE(opened.error().code, ErrorCode::StoreNotLedger);
    QVERIFY2(opened.error().message.contains(QLatin1String("ledgerctl init")), qPrintable(opened.error().message));
    // And nothing listening: store-unavailable, after the retries.
    config.location = QStringLiteral("dynamodb://us-east-1/x?endpoint=http://127.0.0.1:1&max_attempts=2");
    auto refused = openStore(config);
    QCOMPARE(refused.error().code, ErrorCode::StoreUnavailable);
    // The retries are max_attempts, counted where they arrive (not timed): a server that drops
    // every call unanswered is sent the one call twice, then it is said.
    DroppingServer unavailable;
    config.location = QStringLiteral("dynamodb://us-east-1/x?endpoint=http://127.0.0.1:%1&max_attempts=2").arg(unavailable.port());
    const auto unanswered = openStore(config);
    QVERIFY2(unanswered.error().code == ErrorCode::StoreUnavailable, qPrintable(unanswered.error().toString()));
    QCOMPARE(unavailable.connections(), 2);
}

void TestDynamoStore::serverRestartedWhileTransfersRun()
{
    // A dynalite of its own, on disk, killed and started again on its data twice while two
    // threads transfer; each call keeps trying the server until it answers. Afterwards every
    // transfer is finished or recovered, and the money adds up.
    QTemporaryDir dir;
    const QString server = dir.filePath(QStringLiteral("dynalite"));
    const QString endpoint = runDynalite({QStringLiteral("start"), server, QStringLiteral("--disk")});
    QVERIFY(endpoint.startsWith(QLatin1String("http://")));
    StoreConfig config;
    config.location = QStringLiteral("dynamodb://us-east-1/restart?endpoint=%1&max_attempts=40").arg(endpoint);
    {
        auto created = createStore(config, 2);
        QVERIFY2(created.ok(), qPrintable(created.error().toString()));
        openAccounts(**created, {kAlice, kBob, QStringLiteral("carol")}, 1'000'000);
    }
    std::atomic<bool> stop{false};
    std::atomic<int> done{0};
    std::atomic<int> failed{0};
    QList<QThread *> workers;
    for (int w = 0; w < 2; ++w) {
        workers << QThread::create([&, w]() {
            auto store = openStore(config);
            if (!store.ok()) {
                ++failed;
                return;
            }
            Coordinator c(**store, {});
            const QStringList accounts{kAlice, kBob, QStringLiteral("carol")};
            for (int i = 0; !stop; ++i) {
                const TxOutcome o = c.transfer({accounts[(i + w) % 3], accounts[(i + w + 1) % 3], 1 + i % 7, QString(), QString()});
                o.ok() ? ++done : ++failed;
            }
        });
        workers.last()->start();
    }
    // Each restart once ten more transfers went through, and ten more after the last: the
    // transfers carry on across restarts (conditions; a minute each only bounds a hang).
    const auto tenMore = [&] {
        const int from = done;
        return QTest::qWaitFor([&] { return done >= from + 10 || failed > 0; }, 60'000) && failed == 0;
    };
    const auto stopped = qScopeGuard([&] { // also when a check below fails: the workers use this frame
        stop = true;
        for (QThread *w : std::as_const(workers))
            w->wait(120'000);
        qDeleteAll(workers);
        workers.clear();
    });
    for (int restart = 0; restart < 2; ++restart) {
        QVERIFY2(tenMore(), qPrintable(QStringLiteral("%1 done, %2 failed").arg(done.load()).arg(failed.load())));
        QVERIFY(!runDynalite({QStringLiteral("restart"), server}).isEmpty());
    }
    QVERIFY2(tenMore(), qPrintable(QStringLiteral("%1 done, %2 failed").arg(done.load()).arg(failed.load())));
    stop = true;
    for (QThread *w : std::as_const(workers))
        QVERIFY(w->wait(120'000));
    qDeleteAll(workers);
    workers.clear();
    QVERIFY2(done >= 30, qPrintable(QString::number(done)));
    QCOMPARE(failed.load(), 0);
    RecoveryOptions options;
    options.olderThanMs = 0;
    const RecoveryReport recovered = recoverStuck(connectorOf(config), options);
    QVERIFY2(recovered.error.ok(), qPrintable(recovered.error.toString()));
    auto store = openStore(config);
    QVERIFY(store.ok());
    LEDGER_VERIFY_AUDIT_CLEAN(**store);
    qint64 total = 0;
    for (const QString &id : {kAlice, kBob, QStringLiteral("carol")})
        total += balanceOf(**store, id);
    QCOMPARE(total, qint64(3'000'000));
    runDynalite({QStringLiteral("stop"), server});
}

QTEST_GUILESS_MAIN(TestDynamoStore)
#include "tst_dynamostore.moc"
