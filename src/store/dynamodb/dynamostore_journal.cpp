// DynamoStore: the journal of every document (the console's operator actions, `ledgerctl
// actions`, journal exports), read by key from the indexes where they give it (DESIGN §10, "The
// journal by key").
//
// The rows an operator listing asks for come from three places, each already in the listing's
// order, and are merged: a transaction's creation from the by-state index (a document's
// creation is its age there), its other rows but its protocol steps, and every row of an
// account, from the by-acted indexes (a document under the time of its newest such row: rows are
// taken from the documents read so far once no document still to come can hold a newer one).
// Protocol steps ("state", "claimed") have no index: a listing that asks for them, a store made
// before schema 2, and the rows of named documents are read as before, every item.

#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/dynamodb/indexstream.h"
#include "store/txorder.h"

#include <QJsonArray>
#include <algorithm>
#include <memory>
#include <vector>

namespace ledger {

using namespace dynamo;

namespace {

bool journalMatches(const JournalEntry &e, const JournalQuery &q)
{
    if (!q.events.isEmpty() && !q.events.contains(e.event))
        return false;
    if (!q.docIds.isEmpty() && !q.docIds.contains(e.docId))
        return false;
    if (q.docKind && e.docKind != *q.docKind)
        return false;
    if (!q.text.isEmpty() && !e.actor.contains(q.text) && !e.docId.contains(q.text))
        return false;
    // Beyond `after`/`afterTime` in the listing's direction, by (at, seq).
    const auto beyond = [&](const QDateTime &at, std::optional<qint64> seq, bool inclusive, std::optional<QString> docId = std::nullopt) {
        const int c = e.at < at ? -1 : at < e.at ? 1 : 0;
        const int dir = q.newestFirst ? -c : c;
        if (dir != 0)
            return dir > 0;
        if (!seq)
            return inclusive;
        int s = e.seq < *seq ? -1 : *seq < e.seq ? 1 : 0;
        // Seqs count each document's rows: two documents' rows in one millisecond are told
        // apart by their document (the listing's order below).
        if (s == 0 && docId)
            s = compareBinary(e.docId, *docId);
        return (q.newestFirst ? -s : s) > 0;
    };
    if (q.after && !beyond(q.after->at, q.after->seq, false, q.after->docId))
        return false;
    if (q.afterTime && !beyond(q.afterTime->at, q.afterTime->seq, q.afterTime->inclusive))
        return false;
    return true;
}

// The listing's order: by time, then seq, then document, newest first or oldest first.
bool listedBefore(const JournalEntry &a, const JournalEntry &b, bool newestFirst)
{
    if (a.at != b.at)
        return newestFirst ? b.at < a.at : a.at < b.at;
    if (a.seq != b.seq)
        return newestFirst ? b.seq < a.seq : a.seq < b.seq;
    const int d = compareBinary(a.docId, b.docId);
    return newestFirst ? d > 0 : d < 0;
}

// The milliseconds of an index key made by ageOf ("000001764000000000#id").
qint64 msOfKey(const QString &key) { return key.left(key.indexOf(QLatin1Char('#'))).toLongLong(); }

// The time a listing starts from (its `after` row, or `afterTime`), when it has one.
std::optional<QDateTime> startOf(const JournalQuery &q)
{
    if (q.after)
        return q.after->at;
    if (q.afterTime)
        return q.afterTime->at;
    return std::nullopt;
}

// A source of journal rows in the listing's order.
class RowSource {
public:
    virtual ~RowSource() = default;
    virtual Result<const JournalEntry *> head() = 0;
    virtual void pop() = 0;
};

// Transactions' creations: their documents in the by-state index by age (creation time, id), a
// row each — in the listing's order, since a creation is its document's first row (seq 1).
class CreatedRows final : public RowSource {
public:
    explicit CreatedRows(MergedStreams items)
        : m_items(std::move(items))
    {}
    Result<const JournalEntry *> head() override
    {
        while (!m_row) {
            auto item = m_items.head();
            if (!item.ok())
                return item.error();
            if (!*item)
                return static_cast<const JournalEntry *>(nullptr);
            auto rows = journalOfItem(**item, DocKind::Transaction);
            if (!rows.ok())
                return rows.error();
            for (const JournalEntry &e : std::as_const(*rows)) {
                if (e.event == QLatin1String("created")) {
                    m_row = e;
                    break;
                }
            }
            if (!m_row)
                m_items.pop(); // none (a document older than its creation row): nothing to give
        }
        return &*m_row;
    }
    void pop() override
    {
        m_row.reset();
        m_items.pop();
    }

private:
    MergedStreams m_items;
    std::optional<JournalEntry> m_row;
};

// The rows of the by-acted index's documents: each document is there under the time of its
// newest indexed row, so newest first a row can be given once the next document's time is older;
// oldest first every document is read before the first row is given (a document's oldest row
// can be older than every other's).
class ActedRows final : public RowSource {
public:
    ActedRows(MergedStreams documents, DocKind kind, bool newestFirst)
        : m_documents(std::move(documents))
        , m_kind(kind)
        , m_newestFirst(newestFirst)
    {}
    Result<const JournalEntry *> head() override
    {
        for (;;) {
            auto document = m_documents.head();
            if (!document.ok())
                return document.error();
            if (!*document)
                break;
            if (m_newestFirst && !m_rows.isEmpty() && msOf(m_rows.first().at) > msOfKey(m_documents.headSortValue()))
                break;
            auto rows = journalOfItem(**document, m_kind);
            if (!rows.ok())
                return rows.error();
            for (const JournalEntry &e : std::as_const(*rows)) {
                if (actedEvent(m_kind, e.event))
                    m_rows.append(e);
            }
            m_documents.pop();
            std::sort(m_rows.begin(), m_rows.end(),
                      [this](const JournalEntry &a, const JournalEntry &b) { return listedBefore(a, b, m_newestFirst); });
        }
        return m_rows.isEmpty() ? nullptr : &m_rows.first();
    }
    void pop() override { m_rows.removeFirst(); }

private:
    MergedStreams m_documents;
    DocKind m_kind;
    bool m_newestFirst;
    QList<JournalEntry> m_rows; // read, not given yet, in the listing's order
};

// The first Limit of each of `streams` index parts for a page of `q`.
int firstChunkOfJournal(const JournalQuery &q, int streams)
{
    if (q.limit < 0)
        return 1000;
    const qint64 need = std::max<qint64>(q.offset, 0) + q.limit + 1;
    return int(std::min<qint64>(1000, need / std::max(streams, 1) + 2));
}

} // namespace

bool DynamoStore::journalByKey(const JournalQuery &query) const
{
    if (m_schema < 2 || !query.docIds.isEmpty())
        return false;
    // Protocol steps are in no index.
    if (query.docKind == DocKind::Account)
        return true;
    if (query.events.isEmpty())
        return false;
    return std::all_of(query.events.cbegin(), query.events.cend(),
                       [](const QString &event) { return event == QLatin1String("created") || actedEvent(DocKind::Transaction, event); });
}

Result<QList<JournalEntry>> DynamoStore::journalEntries(const JournalQuery &query)
{
    if (!journalByKey(query))
        return journalEntriesWhole(query);
    const bool down = query.newestFirst;
    const std::optional<QDateTime> start = startOf(query);
    const bool transactions = query.docKind != DocKind::Account;
    const bool accounts = query.docKind != DocKind::Transaction;
    const bool created = transactions && (query.events.isEmpty() || query.events.contains(QStringLiteral("created")));
    const bool acted = transactions && std::any_of(query.events.cbegin(), query.events.cend(), [](const QString &event) {
                           return actedEvent(DocKind::Transaction, event);
                       });
    std::vector<std::unique_ptr<RowSource>> sources;
    if (created) {
        // Every state's parts, from the start's millisecond on (the rows of that millisecond
        // are sorted out by journalMatches below).
        QString from;
        if (start) {
            const qint64 ms = msOf(*start) + (down ? 1 : -1);
            from =
                QStringLiteral("%1").arg(std::max<qint64>(ms, 0), 15, 10, QLatin1Char('0')) + (down ? QLatin1Char('#') : QLatin1Char('$'));
        }
        QList<IndexStream> streams;
        const int parts = int(allTxStates().size()) * kIndexParts;
        for (TxState state : allTxStates()) {
            for (int part = 0; part < kIndexParts; ++part) {
                QJsonObject request = byStateQuery(state, part);
                if (!from.isEmpty()) {
                    QJsonObject values = request.value(QStringLiteral("ExpressionAttributeValues")).toObject();
                    values.insert(QStringLiteral(":from"), S(from));
                    request.insert(QStringLiteral("ExpressionAttributeValues"), values);
                    request.insert(QStringLiteral("KeyConditionExpression"), down ? QStringLiteral("statePart = :p AND age < :from")
                                                                                  : QStringLiteral("statePart = :p AND age > :from"));
                }
                request.insert(QStringLiteral("ScanIndexForward"), !down);
                streams << IndexStream(*m_client, request, QStringLiteral("age"), firstChunkOfJournal(query, parts));
            }
        }
        sources.push_back(std::make_unique<CreatedRows>(MergedStreams(std::move(streams), down)));
    }
    const auto actedSource = [&](const char *which, DocKind kind) {
        // Newest first the walk starts at the top whatever the start: a document acted on after
        // it can hold rows before it.
        QList<IndexStream> streams;
        for (int part = 0; part < kIndexParts; ++part) {
            const QJsonObject request{
                {QStringLiteral("TableName"), table(which)},
                {QStringLiteral("IndexName"), QStringLiteral("by-acted")},
                {QStringLiteral("KeyConditionExpression"), QStringLiteral("actedPart = :p")},
                {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":p"), S(QString::number(part))}}},
                {QStringLiteral("ScanIndexForward"), !down}};
            streams << IndexStream(*m_client, request, QStringLiteral("acted"), firstChunkOfJournal(query, kIndexParts));
        }
        sources.push_back(std::make_unique<ActedRows>(MergedStreams(std::move(streams), down), kind, down));
    };
    if (acted)
        actedSource("transactions", DocKind::Transaction);
    if (accounts)
        actedSource("accounts", DocKind::Account);

    QList<JournalEntry> rows;
    qint64 skip = std::max<qint64>(0, query.offset);
    for (;;) {
        RowSource *best = nullptr;
        const JournalEntry *bestRow = nullptr;
        for (const auto &source : sources) {
            auto head = source->head();
            if (!head.ok())
                return head.error();
            if (*head && (!bestRow || listedBefore(**head, *bestRow, down))) {
                best = source.get();
                bestRow = *head;
            }
        }
        if (!best)
            break;
        const JournalEntry row = *bestRow;
        best->pop();
        if (!journalMatches(row, query))
            continue;
        if (skip > 0) {
            --skip;
            continue;
        }
        rows << row;
        if (query.limit >= 0 && rows.size() >= query.limit)
            break;
    }
    return rows;
}

Result<QList<JournalEntry>> DynamoStore::journalEntriesWhole(const JournalQuery &query)
{
    QList<JournalEntry> rows;
    Error failure;
    const auto take = [&](const QJsonObject &item, DocKind kind) {
        if (query.docKind && *query.docKind != kind)
            return true;
        auto entries = journalOfItem(item, kind);
        if (!entries.ok()) {
            failure = entries.error();
            return false;
        }
        for (const JournalEntry &e : std::as_const(*entries)) {
            if (journalMatches(e, query))
                rows.append(e);
        }
        return true;
    };
    for (const auto &table_kind : {std::pair{"transactions", DocKind::Transaction}, std::pair{"accounts", DocKind::Account}}) {
        // Not a structured binding: C++17 lets no lambda capture one (clang refuses).
        const DocKind kind = table_kind.second;
        if (query.docKind && *query.docKind != kind)
            continue;
        if (!query.docIds.isEmpty()) {
            // Named documents (the claims of a page's rows): their items, not the table.
            for (const QString &id : std::as_const(query.docIds)) {
                auto item = kind == DocKind::Transaction ? readTransactionItem(id) : getItem("accounts", QStringLiteral("id"), id);
                if (!item.ok())
                    return item.error();
                if (item->has_value() && !take(**item, kind))
                    return failure;
            }
            continue;
        }
        if (Error e = paged("Scan", scanOf(table(table_kind.first)), [&](const QJsonObject &item) { return take(item, kind); }); !e.ok())
            return e;
        if (!failure.ok())
            return failure;
    }
    std::sort(rows.begin(), rows.end(),
              [&](const JournalEntry &a, const JournalEntry &b) { return listedBefore(a, b, query.newestFirst); });
    return window(rows, query.offset, query.limit);
}

Result<qint64> DynamoStore::journalCount(const JournalQuery &query)
{
    return lengthOf(query, [this](const JournalQuery &q) { return journalEntries(q); });
}

} // namespace ledger
