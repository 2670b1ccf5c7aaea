#pragma once
// The store on DynamoDB (or anything that speaks its API: DynamoDB Local, dynalite, ScyllaDB
// Alternator): the tables PREFIX-meta, -accounts, -transactions, -keys, -txaccounts and -legs
// (docs/DESIGN.md §10 has every attribute and index).
//
// Every protocol write is one conditional PutItem of one item, decided the way the SQL stores
// decide (documentrules.h): read the item (a consistent read), decide, and write it back on
// condition that its `version` (accounts) or its guard (transactions: state, owner, epoch) is
// still what was read. A condition that fails means someone wrote in between: read again and
// decide again (accounts), or answer "someone else moved it" (transactions) — never overwrite.
// Each write puts a fresh token in the item; when an answer is lost (the connection broke, the
// call was sent again), the item is read and the token says whether the write landed.
//
// Threading: one DynamoStore per thread (see Store); its client is one connection.

#include "store/documentrules.h"
#include "store/dynamodb/dynamoclient.h"
#include "store/dynamodb/dynamolocation.h"
#include "store/store.h"
#include "store/storeextras.h"

namespace ledger {

namespace dynamo {
class IndexStream;
}

class DynamoStore final : public Store, public StoreExtras {
public:
    struct Options {
        // How long a call keeps trying a server that does not answer.
        int retryForMs = 30000;
    };
    static Result<std::unique_ptr<DynamoStore>> open(const QString &location, const Options &options);
    // Creates the tables (on-demand capacity) and waits until they are active; refuses a prefix
    // whose tables already hold a store (store-exists).
    static Result<std::unique_ptr<DynamoStore>> create(const QString &location, int scale, const Options &options);
    // Deletes the store's tables (tests; `ledgerctl` never does).
    Error dropTables();

    QString location() const override { return m_locationText; }
    int scale() const override { return m_scale; }
    Result<QDateTime> now() override { return m_client->now(); }
    // DynamoDB acknowledges a write once it is durable in several places.
    Durability durability() const override { return Durability::Full; }
    // Every account item is read at its own moment (there is no snapshot): as on a sharded store,
    // the whole-balance reading and the audit work from what each read saw. The change feed has
    // a cursor per part of the by-finish index, as it has one per shard.
    int shardCount() const override;

    Result<Account> createAccount(const QString &id, const QString &name, const Acting &by) override;
    Result<Account> setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason) override;
    Result<Account> account(const QString &id) override;
    Result<QList<Account>> accounts(const AccountQuery &query) override;
    Result<qint64> accountCount(const AccountQuery &query) override;
    Result<qint64> accountCountUpTo(const AccountQuery &query, qint64 cap) override;
    Result<std::optional<qint64>> accountTotalEstimate() override;

    Result<LegOutcome> hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<LegOutcome> post(const QString &txId, const QString &accountId) override;
    Result<LegOutcome> voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount) override;
    Result<QList<LegMarker>> legsOfTransaction(const QString &txId) override;
    // The documents by batches (the legs of one read before are reused: they never change), then
    // each leg's account item (inside a snapshot, by one batch first).
    Result<QList<LegMarker>> legsOfTransactions(const QStringList &txIds) override;
    Result<QList<TxLeg>> transactionLegs(const QString &id) override;
    // Found on the account items the reading reads (their held and recently posted markers), not
    // by a Scan of the documents (DESIGN §10).
    Result<CommitCandidates> commitCandidates(qint64 windowMs) override;
    Result<CommitCandidates> commitCandidatesOn(qint64 windowMs, const QStringList &accountIds) override;
    Result<QList<LegMarker>> legsOfAccount(const QString &accountId, std::optional<LegStatus> status) override;

    Result<InsertOutcome> insertTransaction(const NewTransaction &tx) override;
    Result<CasOutcome> updateTransaction(const QString &id, const TxGuard &guard, const TxChange &change) override;
    Result<CasOutcome> linkCompensation(const QString &originalId, const QString &expected, const QString &compensationId, const Acting &by,
                                        const QString &worker, const QString &detail) override;
    Result<Transaction> transaction(const QString &id) override;
    Result<std::optional<Transaction>> transactionByKey(const QString &key) override;
    Result<JournalEntry> addRemark(const QString &txId, Remark remark, const Acting &by, const QString &text) override;

    // Listings sorted by age or state are read by key from the indexes (dynamostore_listings.cpp).
    bool readsByPosition() const override { return false; }
    bool sortsByIndex(TxSortKey key) const override;
    Result<QList<Transaction>> transactions(const TxQuery &query) override;
    Result<qint64> transactionCount(const TxQuery &query) override;
    Result<QMap<TxState, qint64>> countByState() override;
    Result<std::optional<qint64>> transactionTotalEstimate() override;
    Result<QMap<TxState, qint64>> stateCountEstimates() override { return QMap<TxState, qint64>(); }
    Result<QList<JournalEntry>> journal(DocKind kind, const QString &docId) override;
    Result<QList<JournalEntry>> journalEntries(const JournalQuery &query) override;
    Result<qint64> journalCount(const JournalQuery &query) override;
    Result<QList<qint64>> ageHistogram(const QList<qint64> &upperBoundsMs) override;
    Result<QList<qint64>> createdPerMinute(int minutes) override;
    Result<QList<JournalEntry>> finishedAfter(int shard, qint64 afterSeq, int limit) override;
    Result<qint64> lastFinishedSeq(int shard) override;
    std::optional<Positions> earlierPositions(const JournalEntry &finish) const override;
    bool givesFinishesTwice() const override { return m_location.feedDelayMs > 0; }
    Result<qint64> changeMarker() override;

    // DynamoDB has no snapshot. Within `work`, each account item is read once and kept: its
    // balance and its markers are then one consistent reading of that item, as a member of a
    // sharded store is one snapshot — the whole-balance reading and the audit work from that
    // (DESIGN §10). Transaction documents are read as they are (their legs, which never change,
    // may come from m_legsKnown).
    Error withSnapshot(const std::function<Error()> &work) override;
    Error scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop = {}) override;
    Error scanTransactions(const std::function<void(const Transaction &)> &visit, const StopCheck &shouldStop = {}) override;

    Result<bool> touchAccountIfVersion(const QString &accountId, qint64 expectedVersion) override;
    std::optional<qint64> serverRoundTrips() const override { return m_client->roundTrips(); }
    std::optional<CapacityUnits> capacityUnits() const override { return CapacityUnits{m_client->readUnits(), m_client->writeUnits()}; }
    Error backdateForDemo(DocKind kind, const QString &id, qint64 ms) override;

    // For tests: the client under the store (throttling, retries, round trips).
    aws::DynamoClient &client() { return *m_client; }
    // How many finished markers an account item keeps before moving them to the legs table.
    static constexpr int kMarkersKept = 32;

private:
    DynamoStore(aws::DynamoLocation location, QString locationText, std::unique_ptr<aws::DynamoClient> client);
    // A store object on the location's endpoint, nothing read yet.
    static Result<std::unique_ptr<DynamoStore>> connect(const QString &location, const Options &options);
    QString table(const char *name) const { return aws::tableName(m_location, name); }
    Error readMeta();

    // --- items ---
    // Cached: inside withSnapshot an account item read once is the one given again (readings);
    // Fresh: always read (every write reads so, or it would decide on an item it cannot change).
    enum class Read { Cached, Fresh };
    Result<std::optional<QJsonObject>> getItem(const char *table, const QString &keyName, const QString &key, Read read = Read::Cached);
    // PutItem on `condition`; false when the condition did not hold.
    Result<bool> putItem(const char *table, const QJsonObject &item, const QString &condition, const QJsonObject &names = {},
                         const QJsonObject &values = {});
    // Every item a Query or Scan gives (all pages), `visit` called for each; false from it stops.
    // putItem for a write stamped with `token`: true when it landed — the put succeeded, or its
    // condition failed because it had landed already (its answer lost, the call sent again: the
    // item, read again, carries the token).
    Result<bool> putOwn(const char *table, const QString &keyName, const QString &key, const QJsonObject &item, const QString &token,
                        const QString &condition, const QJsonObject &names = {}, const QJsonObject &values = {});
    // putOwn of a transaction document on condition that its token is still the one `read` has.
    Result<bool> putTransactionOver(const QJsonObject &read, const QJsonObject &item, const QString &token);
    Error paged(const char *operation, QJsonObject request, const std::function<bool(const QJsonObject &)> &visit);
    // How many items a Query gives (Select=COUNT, all pages), stopping once past `cap` (>= 0).
    Result<qint64> countOf(QJsonObject request, qint64 cap = -1);
    // DynamoDB's own figure for a table's items (DescribeTable's ItemCount: about six hours old).
    Result<std::optional<qint64>> itemCountOf(const char *table);
    QString newToken() const;

    // --- accounts and their markers ---
    struct AccountRead {
        std::optional<QJsonObject> item; // nullopt: no such account
        Account account;
        std::optional<LegMarker> marker;
    };
    // The account item and `txId`'s marker on it, looked for in the legs table too when the item
    // has moved markers there, or when there is no account (a tombstone).
    Result<AccountRead> readAccountFor(const QString &accountId, const QString &txId, Read read = Read::Cached);
    // `movedFrom`: the account item's version the marker was moved from (0: a tombstone).
    Result<std::optional<LegMarker>> archivedMarker(const QString &accountId, const QString &txId, qint64 *movedFrom = nullptr);
    // One leg write: read, decide, write on the version read; again when someone wrote between.
    Result<LegOutcome> legWrite(const QString &txId, const QString &accountId, LegStatus newStatus,
                                const std::function<rules::LegDecision(const AccountRead &)> &decide, LegSide side, qint64 amount);
    // Moves the finished markers past kMarkersKept of a written account item to the legs table.
    Error moveFinishedMarkers(const QJsonObject &item);

    // Items of the table `which` (one keyed by `id`: accounts, transactions) by id, consistent
    // BatchGetItems of up to 100 ids (what DynamoDB leaves unprocessed asked again, after a
    // pause); an id with no item is not in the answer.
    Result<QHash<QString, QJsonObject>> batchGet(const char *which, const QStringList &ids);
    // Account items by id, by batchGet (inside a snapshot, an item read before stands for its
    // account).
    Result<QHash<QString, QJsonObject>> getAccountItems(const QStringList &ids);
    // A Query of the by-id index in the query's direction from its bound (the other bound, when
    // there is one, is for visitAccountIds to end at).
    QJsonObject byIdQuery(const AccountQuery &query) const;
    // The ids of the accounts between the query's bounds in its direction (its text and offset
    // not applied); `firstChunk`: the first call's Limit; false from `visit` stops.
    Error visitAccountIds(const AccountQuery &query, int firstChunk, const std::function<bool(const QString &)> &visit);
    // The whole-balance reading's candidates on these account items, `since` the window's start.
    Result<CommitCandidates> candidatesOnItems(const QList<QJsonObject> &items, const QDateTime &since);

    // Every marker of the account in the legs table (moved ones, tombstones), a consistent read.
    Error visitMovedMarkers(const QString &accountId, const std::function<void(const LegMarker &)> &visit);

    // --- transactions ---
    Result<std::optional<QJsonObject>> readTransactionItem(const QString &id);
    // A Query of one part of one state in the by-state index (`ageFrom`: only those created since).
    QJsonObject byStateQuery(TxState state, int part, const QString &ageFrom = {}) const;
    // The transactions a filter needs read, in no promised order: what visitListing gives for its
    // state, stuck and account (an index narrows those), else every one (a consistent Scan).
    Error visitCandidates(const TxQuery &query, const std::function<void(const Transaction &)> &visit);
    // Whatever sorts them (the query's sort key), every matching one, sorted here.
    Result<QList<Transaction>> matching(const TxQuery &query);
    // A listing sorted by age or state (an account's: by age), the rows matching the filter in
    // the listing's order from the one after `query.after`, read by key from the indexes as
    // `visit` takes them; false from it stops.
    Error visitListing(const TxQuery &query, const std::function<bool(const Transaction &)> &visit);
    // The 4 parts of `state` in the by-state index, onward from age `from`, each with its share
    // of the first chunk among `streamsInAll`.
    QList<dynamo::IndexStream> stateStreams(TxState state, const QString &from, const TxQuery &query, int streamsInAll);
    Result<qint64> countInState(TxState state);
    // Whether the indexes give a journal listing (dynamostore_journal.cpp); else it is read whole.
    bool journalByKey(const JournalQuery &query) const;
    // The journal listing from every item of the tables, sorted here.
    Result<QList<JournalEntry>> journalEntriesWhole(const JournalQuery &query);
    // A finish acknowledged later than half the feed delay after its seq gets a new seq.
    void restampFinish(const QString &id, const QString &token);
    // The highest finishSeq the change feed may give now (feed_delay_ms behind the clock).
    qint64 settledFinishSeq();

    aws::DynamoLocation m_location;
    QString m_locationText;
    std::unique_ptr<aws::DynamoClient> m_client;
    int m_scale = 2;
    int m_schema = 1; // the meta item's: 2 has the by-acted indexes
    // Inside withSnapshot: the account items read so far, and whether every one has been.
    std::optional<QHash<QString, QJsonObject>> m_accountsRead;
    bool m_allAccountsRead = false;
    // The legs of documents read lately (they never change): a whole-balance reading reads a
    // held candidate's document for its state and wants its legs again for their markers, and a
    // recently posted one's for the markers and again to count it whole (completeAfterSnapshot).
    // Emptied when it holds kLegsKept, and when the tables are dropped.
    QHash<QString, QList<TxLeg>> m_legsKnown;
    void rememberLegs(const QString &id, const QList<TxLeg> &legs);
    // Every account item (from m_accountsRead inside a snapshot), in id order.
    Error visitAccountItems(const std::function<void(const QJsonObject &)> &visit, const StopCheck &shouldStop);
};

} // namespace ledger
