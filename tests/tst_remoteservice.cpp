// tst_remoteservice: what the console reads and does, asked of ledgerd (RemoteLedgerService) and
// of the same store in this process (LocalLedgerService), must be the same values: the overview,
// tallies, pages near a position and beside a row, stuck causes, an account's detail, a
// diagnosis, plans, ids at positions, account documents, the incident report; and a batch repair
// through ledgerd is journaled under the token's name. Each reading is compared as the JSON both
// sides share (service/consolejson.h), the ledger's clock left out (two reads, two instants).
#include "ledgerdsupport.h"
#include "testsupport.h"

#include "protocol/coordinator.h"
#include "protocol/faults.h"
#include "interchange/jsonformat.h"
#include "service/consolejson.h"
#include "service/localledgerservice.h"
#include "service/remoteledgerservice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {

// The JSON of a reading without the instants it was read at.
QByteArray withoutClock(QJsonObject o)
{
    o.remove(QStringLiteral("now"));
    if (o.value(QStringLiteral("transaction")).isObject()) {
        QJsonObject tx = o.value(QStringLiteral("transaction")).toObject();
        tx.remove(QStringLiteral("now"));
        o.insert(QStringLiteral("transaction"), tx);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray rowsOf(const Result<QList<JournalEntry>> &rows)
{
    if (!rows.ok())
        return QByteArray("error: ") + rows.error().toString().toUtf8();
    QJsonArray array;
    for (const JournalEntry &j : *rows) {
        QJsonObject row = json::journalEntry(j);
        row.insert(QStringLiteral("place"), journalCursor(j)); // the shard too
        array.append(row);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

template <typename T> QByteArray shown(const Result<T> &r, QJsonObject (*encode)(const T &))
{
    return r.ok() ? withoutClock(encode(*r)) : QByteArray("error: ") + r.error().toString().toUtf8();
}

template <typename T> QByteArray shown(const Result<T> &r, QJsonObject (*encode)(const T &, int))
{
    return r.ok() ? withoutClock(encode(*r, 2)) : QByteArray("error: ") + r.error().toString().toUtf8();
}

} // namespace

class TestRemoteService : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void readingsAreTheSame();
    void pagesAreTheSame_data();
    void pagesAreTheSame();
    void diagnosisIsWorkedOutAlike();
    void plansAndBatchRepairs();
    void aReadTokenCannotRepair();
    void whatIsTypedArrivesAsTyped();
    void aPlanLargerThanARequest();

private:
    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<Ledgerd> m_ledgerd;
    QTemporaryDir m_dir;
    AddedToken m_ann, m_viewer;
    QStringList m_stuck;
    QString m_done;
    std::unique_ptr<LocalLedgerService> m_local;
    std::unique_ptr<RemoteLedgerService> m_remote;
};

void TestRemoteService::initTestCase()
{
    m_store = std::make_unique<TempStore>();
    openAccounts(m_store->store(), {QStringLiteral("acme"), QStringLiteral("bob"), QStringLiteral("carol")}, 100000);
    CoordinatorOptions ok;
    ok.actor = QStringLiteral("ann");
    for (int i = 0; i < 12; ++i) {
        const TxOutcome paid = Coordinator(m_store->store(), ok)
                                   .transfer({i % 2 ? QStringLiteral("acme") : QStringLiteral("bob"), QStringLiteral("carol"), 100 + i * 7,
                                              QStringLiteral("invoice %1").arg(i), QString()});
        QVERIFY(paid.ok());
        m_done = paid.tx->id;
        if (i == 0) // a compensated transfer: its rows carry the compensation's state
            QVERIFY(Coordinator(m_store->store(), ok).compensate(paid.tx->id, QString()).ok());
    }
    for (int i = 0; i < 4; ++i) {
        const TxOutcome left =
            abandonedAfter(m_store->store(), i % 2 ? Step::HoldDebit : Step::Applied,
                           {QStringLiteral("acme"), QStringLiteral("bob"), 50 + i, QString(), QStringLiteral("left-%1").arg(i)});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        m_stuck << left.tx->id;
    }
    const QString tokens = m_dir.filePath(QStringLiteral("tokens"));
    m_ann = addToken(tokens, QStringLiteral("ann"), QStringLiteral("operator"));
    m_viewer = addToken(tokens, QStringLiteral("viewer"), QStringLiteral("read"));
    QCOMPARE(m_ann.exitCode + m_viewer.exitCode, 0);
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"),
                                                      QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"), tokens,
                                                      QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    m_remote = std::make_unique<RemoteLedgerService>(ServerLocation{QUrl(m_ledgerd->url), m_ann.token.toUtf8(), QString()});
    // A claim by someone else, one of ann's own (through the server), and the local side as ann.
    CoordinatorOptions asAnn;
    asAnn.actor = QStringLiteral("ann");
    m_local = std::make_unique<LocalLedgerService>(m_store->store(), asAnn, Role::Operator, false);
    QVERIFY(m_remote->remark(m_stuck.at(0), Remark::Claim, QStringLiteral("mine")).ok());
    CoordinatorOptions asBo;
    asBo.actor = QStringLiteral("bo");
    QVERIFY(LocalLedgerService(m_store->store(), asBo, Role::Operator, false).remark(m_stuck.at(1), Remark::Claim, QString()).ok());
}

void TestRemoteService::cleanupTestCase()
{
    m_remote.reset();
    m_ledgerd.reset();
    m_local.reset();
    m_store.reset();
}

void TestRemoteService::readingsAreTheSame()
{
    LocalLedgerService &l = *m_local;
    RemoteLedgerService &r = *m_remote;
    // How the store reads listings, as whoami tells a console through ledgerd (DynamoDB: by key only).
    const auto sortsOf = [](const Identity &me) {
        QList<int> keys;
        for (TxSortKey key : me.indexedSorts)
            keys << int(key);
        return keys;
    };
    const auto rme = r.whoami();
    const auto lme = l.whoami();
    QVERIFY(rme.ok() && lme.ok());
    QCOMPARE(rme->name, QStringLiteral("ann"));
    QCOMPARE(rme->readsByPosition, lme->readsByPosition);
    QCOMPARE(sortsOf(*rme), sortsOf(*lme));
    QCOMPARE(shown<Overview>(r.overview(0), consolejson::overview), shown<Overview>(l.overview(0), consolejson::overview));
    QCOMPARE(shown<Overview>(r.counts(60'000), consolejson::overview), shown<Overview>(l.counts(60'000), consolejson::overview));
    QCOMPARE(shown<StuckCauses>(r.stuckCauses(0), consolejson::stuckCauses),
             shown<StuckCauses>(l.stuckCauses(0), consolejson::stuckCauses));
    const auto watch = r.stuckWatch(0);
    QCOMPARE(shown<StuckWatch>(watch, consolejson::stuckWatch), shown<StuckWatch>(l.stuckWatch(0), consolejson::stuckWatch));
    QVERIFY(watch.ok() && watch->ids.contains(m_stuck.at(0)) && !watch->ids.contains(m_stuck.at(1))); // bo's is bo's
    QCOMPARE(shown<AccountDetail>(r.accountDetail(QStringLiteral("acme")), consolejson::accountDetail),
             shown<AccountDetail>(l.accountDetail(QStringLiteral("acme")), consolejson::accountDetail));
    QCOMPARE(r.accountDetail(QStringLiteral("nobody")).error().code, ErrorCode::UnknownAccount);
    for (const QString &id : {m_stuck.at(0), m_done}) { // the legs' accounts, the related transaction, the claim
        const auto detail = r.transaction(id);
        QVERIFY(detail.ok() && detail->accounts.size() == detail->tx.legs.size() && detail->accounts.first());
        QCOMPARE(shown<TransactionDetail>(detail, consolejson::transactionDetail),
                 shown<TransactionDetail>(l.transaction(id), consolejson::transactionDetail));
    }
    QCOMPARE(shown<IncidentReport>(r.incidentReport(m_stuck.at(1)), consolejson::incidentReport),
             shown<IncidentReport>(l.incidentReport(m_stuck.at(1)), consolejson::incidentReport));
    const QStringList names{QStringLiteral("carol"), QStringLiteral("acme"), QStringLiteral("nobody")};
    const auto named = r.accountsNamed(names);
    QCOMPARE(shown<QList<Account>>(named, consolejson::accountDocuments),
             shown<QList<Account>>(l.accountsNamed(names), consolejson::accountDocuments));
    AccountQuery firstOf;
    firstOf.text = QStringLiteral("o");
    firstOf.limit = 2;
    QCOMPARE(shown<QList<Account>>(r.accountDocuments(firstOf), consolejson::accountDocuments),
             shown<QList<Account>>(l.accountDocuments(firstOf), consolejson::accountDocuments));
    const Verification rv = r.verifyFinished(m_done);
    const Verification lv = l.verifyFinished(m_done);
    QVERIFY(rv.ok);
    QCOMPARE(rv.message, lv.message);
    QCOMPARE(r.verifyFinished(m_stuck.at(2)).message, l.verifyFinished(m_stuck.at(2)).message);
}

void TestRemoteService::pagesAreTheSame_data()
{
    QTest::addColumn<int>("sort");
    QTest::addColumn<bool>("descending");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("stuckOnly");
    QTest::newRow("by age, newest first") << int(TxSortKey::CreatedAt) << true << QString() << false;
    QTest::newRow("by amount, smallest first") << int(TxSortKey::Amount) << false << QString() << false;
    QTest::newRow("by state") << int(TxSortKey::State) << false << QString() << false;
    QTest::newRow("by id, a text") << int(TxSortKey::Id) << true << QStringLiteral("carol") << false;
    QTest::newRow("stuck, by last change") << int(TxSortKey::LastModified) << false << QString() << true;
}

void TestRemoteService::pagesAreTheSame()
{
    QFETCH(int, sort);
    QFETCH(bool, descending);
    QFETCH(QString, text);
    QFETCH(bool, stuckOnly);
    TxQuery q;
    q.sortKey = TxSortKey(sort);
    q.descending = descending;
    q.text = text;
    q.stuckOnly = stuckOnly;
    LocalLedgerService &l = *m_local;
    RemoteLedgerService &r = *m_remote;
    const auto tally = r.tallyTransactions(q);
    QVERIFY(tally.ok());
    QCOMPARE(shown<Tally>(tally, consolejson::tally), shown<Tally>(l.tallyTransactions(q), consolejson::tally));
    // A store that does not count a filter by text (DynamoDB: Tally::counted() is false) is read
    // from the top; the others near the middle. Then beside its first and last rows, and from its first.
    const qint64 count = tally->counted() ? tally->count : 0;
    TxWindowRequest near{q, PageFrom::Near, count / 2, count, std::nullopt, 3};
    const auto remoteNear = r.transactionWindow(near);
    QVERIFY2(remoteNear.ok(), qPrintable(remoteNear.error().toString()));
    QCOMPARE(shown<TxWindow>(remoteNear, consolejson::transactionWindow),
             shown<TxWindow>(l.transactionWindow(near), consolejson::transactionWindow));
    QVERIFY(!remoteNear->rows.isEmpty());
    for (PageFrom from : {PageFrom::After, PageFrom::Before, PageFrom::From}) {
        TxWindowRequest beside{q, from, 0, 0, from == PageFrom::Before ? remoteNear->rows.first() : remoteNear->rows.last(), 4};
        QCOMPARE(shown<TxWindow>(r.transactionWindow(beside), consolejson::transactionWindow),
                 shown<TxWindow>(l.transactionWindow(beside), consolejson::transactionWindow));
    }
    const qint64 last = std::max<qint64>(count - 2, 1);
    const QList<QPair<qint64, int>> ranges{{0, 1}, {last, 5}};
    const auto ids = r.transactionIdsAt(q, ranges);
    QVERIFY(ids.ok());
    QCOMPARE(*ids, *l.transactionIdsAt(q, ranges));
    if (tally->counted())
        QCOMPARE(ids->size(), 1 + (count - last));
    // Accounts and operator actions, near and beside.
    AccountQuery accounts;
    QCOMPARE(shown<Tally>(r.tallyAccounts(accounts), consolejson::tally), shown<Tally>(l.tallyAccounts(accounts), consolejson::tally));
    const AccountWindowRequest firstAccounts{accounts, PageFrom::Near, 1, 4, QString(), 2};
    const auto remoteAccounts = r.accountWindow(firstAccounts);
    QVERIFY(remoteAccounts.ok() && remoteAccounts->size() == 2);
    const AccountWindowRequest nextAccounts{accounts, PageFrom::After, 0, 0, remoteAccounts->last().account.id, 5};
    QCOMPARE(r.accountWindow(nextAccounts)->size(), l.accountWindow(nextAccounts)->size());
    QCOMPARE(r.accountWindow(nextAccounts)->first().account.id, l.accountWindow(nextAccounts)->first().account.id);
    const JournalQuery journal = operatorActionsQuery(ActionsPreset::All, QString());
    const auto actionTally = r.tallyJournal(journal);
    QCOMPARE(shown<Tally>(actionTally, consolejson::tally), shown<Tally>(l.tallyJournal(journal), consolejson::tally));
    const JournalWindowRequest topActions{journal, PageFrom::Near, 0, actionTally->count, std::nullopt, 3};
    const auto remoteActions = r.journalWindow(topActions);
    QVERIFY(remoteActions.ok() && remoteActions->size() == 3);
    QCOMPARE(rowsOf(remoteActions), rowsOf(l.journalWindow(topActions)));
    const JournalWindowRequest restActions{journal, PageFrom::After, 0, 0, remoteActions->last(), 1000};
    QCOMPARE(rowsOf(r.journalWindow(restActions)), rowsOf(l.journalWindow(restActions)));
}

void TestRemoteService::diagnosisIsWorkedOutAlike()
{
    for (const QString &id : m_stuck + QStringList{m_done}) {
        const auto remote = m_remote->diagnose(id, 0);
        const auto local = m_local->diagnose(id, 0);
        QVERIFY2(remote.ok(), qPrintable(remote.error().toString()));
        QCOMPARE(remote->stuck, local->stuck);
        QCOMPARE(remote->legsText, local->legsText);
        QCOMPARE(remote->recommendation, local->recommendation);
        QCOMPARE(remote->recommended, local->recommended);
        QCOMPARE(remote->allowed, local->allowed);
        QCOMPARE(remote->claim.has_value(), local->claim.has_value());
        QCOMPARE(remote->tx.id, id);
    }
    QCOMPARE(m_remote->diagnose(QStringLiteral("tx-NOSUCH"), 0).error().code, ErrorCode::NotFound);
}

void TestRemoteService::plansAndBatchRepairs()
{
    const QStringList ids{m_stuck.at(2), m_stuck.at(3), m_done};
    RepairPlan remote = m_remote->planRepair(OperatorAction::Cancel, ids);
    RepairPlan local = m_local->planRepair(OperatorAction::Cancel, ids);
    QVERIFY2(remote.error.ok(), qPrintable(remote.error.toString()));
    remote.now = local.now = {};
    QCOMPARE(consolejson::repairPlan(remote, 2), consolejson::repairPlan(local, 2));
    QCOMPARE(remote.eligibleCount(), local.eligibleCount());
    // Resumed through ledgerd in parts (more than one call's worth would be the same path): each
    // outcome back, the journal's actor the token's name whatever this side's options say.
    BatchRepairOptions options;
    options.action = OperatorAction::Resume;
    options.reason = QStringLiteral("batch");
    options.coordinator.actor = QStringLiteral("the-ceo");
    QList<int> progress;
    options.progress = [&](int done, int) { progress << done; };
    const BatchRepairReport report = m_remote->repairMany(m_stuck.mid(2), options);
    QVERIFY2(report.error.ok(), qPrintable(report.error.toString()));
    QCOMPARE(report.items.size(), 2);
    QCOMPARE(report.succeeded(), 2);
    QCOMPARE(progress, QList<int>{2});
    for (const BatchRepairItem &item : report.items) {
        QVERIFY(item.outcome.tx);
        QCOMPARE(item.outcome.tx->state, TxState::Done);
        auto journal = m_store->store().journal(DocKind::Transaction, item.id);
        QVERIFY(journal.ok());
        QCOMPARE(journal->last().actor, QStringLiteral("ann"));
    }
    // Stopped before the first part: nothing sent.
    options.shouldStop = [] { return true; };
    const BatchRepairReport stopped = m_remote->repairMany(m_stuck.mid(0, 1), options);
    QVERIFY(stopped.stopped);
    QVERIFY(stopped.items.isEmpty());
}

void TestRemoteService::aReadTokenCannotRepair()
{
    RemoteLedgerService viewer(ServerLocation{QUrl(m_ledgerd->url), m_viewer.token.toUtf8(), QString()});
    QVERIFY(viewer.overview(0).ok()); // reads are a reader's
    const BatchRepairReport refused = viewer.repairMany({m_stuck.at(0)}, BatchRepairOptions{});
    QCOMPARE(refused.error.code, ErrorCode::Forbidden);
    auto tx = m_store->store().transaction(m_stuck.at(0));
    QVERIFY(tx.ok());
    QVERIFY(!isTerminal(tx->state));
}

void TestRemoteService::whatIsTypedArrivesAsTyped()
{
    // Every parameter is sent percent-encoded and read fully decoded: "@world" is the account, "%61"
    // is three characters (not an "a"), "a&b" one filter.
    LocalLedgerService &l = *m_local;
    RemoteLedgerService &r = *m_remote;
    for (const QString &account : {QStringLiteral("@world"), QStringLiteral("acme")}) {
        TxQuery q;
        q.account = account;
        const auto tally = r.tallyTransactions(q);
        QVERIFY2(tally.ok(), qPrintable(tally.error().toString()));
        QCOMPARE(shown<Tally>(tally, consolejson::tally), shown<Tally>(l.tallyTransactions(q), consolejson::tally));
        QVERIFY(tally->count > 0);
        TxPageRequest page{q, true, false};
        QCOMPARE(r.transactions(page)->rows.size(), l.transactions(page)->rows.size());
    }
    for (const QString &text : {QStringLiteral("%61cme"), QStringLiteral("a&b"), QStringLiteral("100%"), QStringLiteral("ac+me")}) {
        TxQuery q;
        q.text = text;
        QCOMPARE(shown<Tally>(r.tallyTransactions(q), consolejson::tally), shown<Tally>(l.tallyTransactions(q), consolejson::tally));
        AccountQuery a;
        a.text = text;
        QCOMPARE(r.accounts(a, true)->rows.size(), l.accounts(a, true)->rows.size());
        QCOMPARE(shown<Tally>(r.tallyAccounts(a), consolejson::tally), shown<Tally>(l.tallyAccounts(a), consolejson::tally));
        ActionsRequest actions;
        actions.preset = ActionsPreset::All;
        actions.text = text;
        QCOMPARE(r.operatorActions(actions)->size(), l.operatorActions(actions)->size());
    }
}

void TestRemoteService::aPlanLargerThanARequest()
{
    // 2,100 ids of 29 characters are more than a request's body (64 KiB): the plan is asked in
    // parts and put together, the same as in process — the two stuck transfers in different
    // parts, both on acme and bob, their effects on the accounts added up.
    QStringList ids{m_stuck.at(0)};
    for (int i = 0; i < 2100; ++i)
        ids << QStringLiteral("tx-01M8FAKE%1").arg(i, 18, 10, QLatin1Char('0'));
    ids << m_stuck.at(1);
    RepairPlan remote = m_remote->planRepair(OperatorAction::Cancel, ids);
    RepairPlan local = m_local->planRepair(OperatorAction::Cancel, ids);
    QVERIFY2(remote.error.ok(), qPrintable(remote.error.toString()));
    QCOMPARE(remote.items.size(), ids.size());
    remote.now = local.now = {};
    QCOMPARE(consolejson::repairPlan(remote, 2), consolejson::repairPlan(local, 2));
    QVERIFY(remote.eligibleCount() >= 1);
    // And account documents by more names than a request's head carries (16 KiB): read in parts,
    // each answered — the first unknown name is said as in process, not a 431 of the whole.
    QStringList names{QStringLiteral("acme")};
    for (int i = 0; i < 900; ++i)
        names << QStringLiteral("customer-account-%1").arg(i, 5, 10, QLatin1Char('0'));
    const auto named = m_remote->accountsNamed(names);
    QCOMPARE(shown<QList<Account>>(named, consolejson::accountDocuments),
             shown<QList<Account>>(m_local->accountsNamed(names), consolejson::accountDocuments));
    QCOMPARE(named.error().code, ErrorCode::UnknownAccount);
}

QTEST_GUILESS_MAIN(TestRemoteService)
#include "tst_remoteservice.moc"
