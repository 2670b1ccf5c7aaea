// DynamoStore: the journal of every document (the console's operator actions, `ledgerctl
// actions`, journal exports), read by key from the indexes where they give it (DESIGN §10, "The
// journal by key").
//
// The rows an operator listing asks for come from three places, each already in the listing's
// order, and are merged: a transaction's creation from the by-state index (a document's
// creation is its age there), its other rows but its protocol steps, and every row of an
// account, from the by-acted indexes (a document under the time of its newest such row: rows are
// taken from the documents read so far once no document still to come can hold a newer one).
// The protocol's own rows ("state", "claimed", "refused", "error") have no index: a listing
// that asks for them and a store made before schema 2 read every item as before, and the rows of
// named documents (claims) read those documents by id.

#include "ledger/journalevents.h"
#include "store/dynamodb/dynamoitems.h"
#include "store/dynamodb/dynamostore.h"
#include "store/dynamodb/indexstream.h"
#include "store/txorder.h"

#include <QJsonArray>
#include <QSet>
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

// The milliseconds of an index key made by ageOf ("001764000000000#id").
qint64 msOfKey(const QString &key) { return key.left(key.indexOf(QLatin1Char('#'))).toLongLong(); }

// The exclusive bound of an index key made by ageOf that takes in every key of `at`'s millisecond
// and beyond it in the listing's direction ('#' < '$': "ms#id" lies between "(ms-1)$" and
// "(ms+1)#").
QString boundBefore(const QDateTime &at, bool newestFirst)
{
    const qint64 ms = std::max<qint64>(msOf(at) + (newestFirst ? 1 : -1), 0);
    return QStringLiteral("%1").arg(ms, 15, 10, QLatin1Char('0')) + (newestFirst ? QLatin1Char('#') : QLatin1Char('$'));
}

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
            // A document that changed state while the parts were read is in two of them under
            // one key (its age), and the merge gives both copies one after the other: one row.
            if (m_items.headSortValue() == m_lastKey) {
                m_items.pop();
                continue;
            }
            auto rows = journalOfItem(**item, DocKind::Transaction);
            if (!rows.ok())
                return rows.error();
            for (const JournalEntry &e : std::as_const(*rows)) {
                if (e.event == QLatin1String("created")) {
                    m_row = e;
                    break;
                }
            }
            if (!m_row) {
                m_lastKey = m_items.headSortValue();
                m_items.pop(); // none (a document without its creation row): nothing to give
            }
        }
        return &*m_row;
    }
    void pop() override
    {
        m_row.reset();
        m_lastKey = m_items.headSortValue();
        m_items.pop();
    }

private:
    MergedStreams m_items;
    std::optional<JournalEntry> m_row;
    QString m_lastKey;
};

// The rows of the by-acted index's documents: each document is there under the time of its
// newest indexed row, so newest first a row can be given once the next document's time is older;
// oldest first every document from the start on is read before the first row is given (a
// document's oldest row can be older than every other's).
class ActedRows final : public RowSource {
public:
    ActedRows(MergedStreams documents, DocKind kind, bool newestFirst)
        : m_documents(std::move(documents))
        , m_kind(kind)
        , m_newestFirst(newestFirst)
    {}
    Result<const JournalEntry *> head() override
    {
        const auto before = [this](const JournalEntry &a, const JournalEntry &b) { return listedBefore(a, b, m_newestFirst); };
        bool added = false;
        for (;;) {
            auto document = m_documents.head();
            if (!document.ok())
                return document.error();
            if (!*document)
                break;
            if (m_newestFirst && m_next < m_rows.size() && msOf(m_rows.at(m_next).at) > msOfKey(m_documents.headSortValue()))
                break;
            // A document acted on while the index was read can be met twice (under its old key
            // and its new one): its rows once, as first read.
            const QString id = str(**document, QStringLiteral("id"));
            if (!m_seen.contains(id)) {
                m_seen.insert(id);
                auto rows = journalOfItem(**document, m_kind);
                if (!rows.ok())
                    return rows.error();
                const qsizetype from = m_rows.size();
                for (const JournalEntry &e : std::as_const(*rows)) {
                    if (actedEvent(m_kind, e.event))
                        m_rows.append(e);
                }
                if (m_newestFirst && m_rows.size() > from) {
                    // The rows not given yet stay in order: this document's are merged in.
                    std::sort(m_rows.begin() + from, m_rows.end(), before);
                    std::inplace_merge(m_rows.begin() + m_next, m_rows.begin() + from, m_rows.end(), before);
                }
                added = added || m_rows.size() > from;
            }
            m_documents.pop();
        }
        if (!m_newestFirst && added)
            std::sort(m_rows.begin() + m_next, m_rows.end(), before); // read to the end: sorted once
        return m_next < m_rows.size() ? &m_rows.at(m_next) : nullptr;
    }
    void pop() override { ++m_next; }

private:
    MergedStreams m_documents;
    DocKind m_kind;
    bool m_newestFirst;
    QList<JournalEntry> m_rows; // read; from m_next on not given yet, in the listing's order
    qsizetype m_next = 0;
    QSet<QString> m_seen;
};

} // namespace

bool DynamoStore::journalByKey(const JournalQuery &query) const
{
    if (m_schema < 2 || !query.docIds.isEmpty())
        return false;
    // Every row of an account is indexed; of a transaction, its creation and its operator events.
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
    if (query.limit == 0)
        return QList<JournalEntry>();
    const bool down = query.newestFirst;
    const std::optional<QDateTime> start = startOf(query);
    const QString from = start ? boundBefore(*start, down) : QString();
    // A source only where the events asked for can be.
    const auto asks = [&](const QStringList &events) {
        return query.events.isEmpty()
            || std::any_of(events.cbegin(), events.cend(), [&](const QString &e) { return query.events.contains(e); });
    };
    const bool transactions = query.docKind != DocKind::Account;
    std::vector<std::unique_ptr<RowSource>> sources;
    if (transactions && asks({QStringLiteral("created")})) {
        // Every state's parts, from the start's millisecond on (the rows of that millisecond
        // are sorted out by journalMatches below).
        const int chunk = firstChunkOf(query.offset, query.limit, int(allTxStates().size()) * kIndexParts);
        QList<IndexStream> streams;
        for (TxState state : allTxStates()) {
            for (int part = 0; part < kIndexParts; ++part)
                streams << IndexStream(
                    *m_client, onward(byStateQuery(state, part), QStringLiteral("statePart = :p"), QStringLiteral("age"), from, down),
                    QStringLiteral("age"), chunk);
        }
        sources.push_back(std::make_unique<CreatedRows>(MergedStreams(std::move(streams), down)));
    }
    const auto actedSource = [&](const char *which, DocKind kind) {
        // Newest first the walk starts at the top whatever the start: a document acted on after
        // it can hold rows before it. Oldest first it starts at the start: a document whose
        // newest row is older holds none beyond it.
        QList<IndexStream> streams;
        for (int part = 0; part < kIndexParts; ++part) {
            const QJsonObject request{
                {QStringLiteral("TableName"), table(which)},
                {QStringLiteral("IndexName"), QStringLiteral("by-acted")},
                {QStringLiteral("ExpressionAttributeValues"), QJsonObject{{QStringLiteral(":p"), S(QString::number(part))}}}};
            streams << IndexStream(
                *m_client, onward(request, QStringLiteral("actedPart = :p"), QStringLiteral("acted"), down ? QString() : from, down),
                QStringLiteral("acted"), firstChunkOf(query.offset, query.limit, kIndexParts));
        }
        sources.push_back(std::make_unique<ActedRows>(MergedStreams(std::move(streams), down), kind, down));
    };
    if (transactions && asks(operatorEventsButCreation()))
        actedSource("transactions", DocKind::Transaction);
    if (query.docKind != DocKind::Transaction && asks(accountEvents()))
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
