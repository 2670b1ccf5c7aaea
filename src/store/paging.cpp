#include "store/paging.h"
#include "store/tallies.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <tuple>

namespace ledger {

namespace {

// How far row `row` is on the way from row `first` to row `last` (0 to 1).
double placeBetween(qint64 row, qint64 first, qint64 last) { return double(row - first) / double(std::max<qint64>(1, last - first)); }

// The value `fraction` of the way from `a` to `b`, and the time.
qint64 valueBetween(qint64 a, qint64 b, double fraction) { return a + qint64(std::llround(double(b - a) * fraction)); }
QDateTime timeBetween(const QDateTime &a, const QDateTime &b, double fraction)
{
    return QDateTime::fromMSecsSinceEpoch(valueBetween(a.toMSecsSinceEpoch(), b.toMSecsSinceEpoch(), fraction), Qt::UTC);
}

// Rows [offset, offset + limit) of `total` as read from the listing's end, turned round: the
// offset and limit there; nullopt unless the page lies wholly inside the listing, nearer its end
// than its start.
std::optional<std::pair<qint64, qint64>> fromTheEnd(qint64 offset, qint64 limit, qint64 total)
{
    const qint64 end = std::min(offset + limit, total);
    if (limit <= 0 || offset >= total || end <= offset || offset <= total - end)
        return std::nullopt;
    return std::make_pair(total - end, end - offset);
}

} // namespace

PageRead pageFromNearerEnd(const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    PageRead read;
    read.query = base;
    read.query.offset = offset;
    read.query.limit = limit;
    // (Every sort breaks ties by id in the same direction, so the reversed order is exactly the
    // reverse.)
    if (const auto there = fromTheEnd(offset, limit, total)) {
        read.reversed = true;
        read.query.descending = !base.descending;
        std::tie(read.query.offset, read.query.limit) = *there;
    }
    return read;
}

Result<QList<Transaction>> readPage(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    const PageRead read = pageFromNearerEnd(base, offset, limit, total);
    auto rows = store.transactions(read.query);
    if (!rows.ok() || !read.reversed)
        return rows;
    QList<Transaction> list = std::move(rows).value();
    std::reverse(list.begin(), list.end());
    return list;
}

namespace {

// Sorted by state with no filter: where each state's rows begin is known from the tallies.
bool onlySortedByState(const TxQuery &base)
{
    return base.sortKey == TxSortKey::State && !base.state && !base.kind && !base.stuckOnly && !base.cause && base.account.isEmpty()
        && base.text.isEmpty();
}

// Sorted by state: the state whose rows hold position `offset` of the listing, and how far into
// them it is, from every state's tally (the database's estimates where it keeps them).
Result<std::pair<TxState, double>> stateAt(Store &store, const TxQuery &base, qint64 offset, qint64 total)
{
    if (base.state)
        return std::make_pair(*base.state, placeBetween(offset, 0, total - 1));
    auto tallies = tallyByStateRoughly(store);
    if (!tallies.ok())
        return tallies.error();
    // The states in the listing's order (the SQL stores compare their names byte by byte).
    QList<TxState> states = allTxStates();
    std::sort(states.begin(), states.end(), [](TxState a, TxState b) { return nameOf(a) < nameOf(b); });
    if (base.descending)
        std::reverse(states.begin(), states.end());
    qint64 before = 0;
    for (TxState state : states) {
        const qint64 count = tallies->value(state).count;
        if (count > 0 && offset < before + count)
            return std::make_pair(state, placeBetween(offset, before, before + count - 1));
        before += count;
    }
    return std::make_pair(states.last(), 1.0);
}

} // namespace

bool readsExactly(const TxQuery &base, qint64 offset, qint64 limit, qint64 total, qint64 exactRows)
{
    const bool interpolable = base.sortKey != TxSortKey::State || base.state || onlySortedByState(base);
    return !interpolable || nearAnEnd(offset, limit, total, exactRows);
}

Result<QList<Transaction>> readPageNear(Store &store, const TxQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    if (readsExactly(base, offset, limit, total, exactRowsOf(store.readsByPosition())))
        return readPage(store, base, offset, limit, total);
    std::optional<TxState> state; // sorted by state: the rows of this one
    double fraction = placeBetween(offset, 0, total - 1);
    if (base.sortKey == TxSortKey::State) {
        auto at = stateAt(store, base, offset, total);
        if (!at.ok())
            return at.error();
        state = at->first;
        fraction = at->second;
    }
    TxQuery ends = base;
    if (state)
        ends.state = state;
    ends.offset = 0;
    // A page, not one row: with LIMIT 1 SQLite's planner sorted the whole table (0.7 s at a
    // million rows) where a page's limit walks the index like every other page read.
    ends.limit = std::max<qint64>(limit, 1);
    ends.after = std::nullopt;
    auto first = store.transactions(ends);
    if (!first.ok())
        return first.error();
    ends.descending = !base.descending;
    auto last = store.transactions(ends);
    if (!last.ok())
        return last.error();
    if (first->isEmpty() || last->isEmpty())
        return readPage(store, base, offset, limit, total);
    // The key just before the value found: rows at it and after, in the listing's order ("" and
    // the largest id sort before and after every id).
    Transaction key;
    key.id = base.descending ? QStringLiteral("\U0010FFFF") : QString();
    const Transaction &a = first->first();
    const Transaction &b = last->first();
    switch (base.sortKey) {
    case TxSortKey::State: // a state's rows go by age (sqlfilters.cpp, txOrder)
        key.state = *state;
        [[fallthrough]];
    case TxSortKey::CreatedAt: key.createdAt = timeBetween(a.createdAt, b.createdAt, fraction); break;
    case TxSortKey::LastModified: key.lastModified = timeBetween(a.lastModified, b.lastModified, fraction); break;
    case TxSortKey::Id: key.id = idBetween(a.id, b.id, fraction); break;
    default: key.amount = valueBetween(a.amount, b.amount, fraction); break;
    }
    auto rows = readPageAfter(store, base, key, limit);
    // Short of a page though more than kExactRows lie beyond: the values are far from even
    // there (one huge amount among small ones), so the estimate is no place at all: read exactly.
    if (rows.ok() && rows->size() < limit)
        return readPage(store, base, offset, limit, total);
    return rows;
}

QString idBetween(const QString &a, const QString &b, double fraction)
{
    int common = 0;
    while (common < a.size() && common < b.size() && a.at(common) == b.at(common))
        ++common;
    // The alphabet: every class of character the two tails use, in code order.
    QString alphabet;
    const auto add = [&alphabet](QChar first, QChar last) {
        for (int c = first.unicode(); c <= int(last.unicode()); ++c)
            if (!alphabet.contains(QChar(c)))
                alphabet += QChar(c);
    };
    for (const QString &tail : {a.mid(common), b.mid(common)}) {
        for (QChar c : tail) {
            if (c.unicode() >= '0' && c.unicode() <= '9')
                add(QLatin1Char('0'), QLatin1Char('9'));
            else if (c.unicode() >= 'A' && c.unicode() <= 'Z')
                add(QLatin1Char('A'), QLatin1Char('Z'));
            else if (c.unicode() >= 'a' && c.unicode() <= 'z')
                add(QLatin1Char('a'), QLatin1Char('z'));
            else
                add(c, c);
        }
    }
    if (alphabet.isEmpty()) // the same id twice
        return a;
    std::sort(alphabet.begin(), alphabet.end());
    const int base = int(alphabet.size());
    // As many digits as a long double holds (64 bits of mantissa); a shorter tail counts as padded
    // with the alphabet's first character. (Where one id is the other's beginning plus such
    // characters, both read the same and the id found sorts past them: the read after it comes
    // back short and readPageNear reads exactly instead.)
    const int digits = std::max(1, int(63.0 / std::log2(double(std::max(base, 2)))));
    const auto value = [&](const QString &id) {
        long double v = 0, scale = 1;
        for (int i = 0; i < digits; ++i) {
            scale /= base;
            const int at = common + i < id.size() ? int(alphabet.indexOf(id.at(common + i))) : 0;
            v += at * scale;
        }
        return v;
    };
    const long double from = value(a);
    long double v = from + (value(b) - from) * (long double)std::clamp(fraction, 0.0, 1.0);
    QString id = a.left(common);
    for (int i = 0; i < digits; ++i) {
        v *= base;
        const int digit = std::clamp(int(v), 0, base - 1);
        id += alphabet.at(digit);
        v -= digit;
    }
    return id;
}

bool nearAnEnd(qint64 offset, qint64 limit, qint64 total, qint64 exactRows)
{
    return offset < exactRows || offset + limit > total - exactRows;
}

Result<AccountPageRead> accountPageNear(Store &store, const AccountQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    AccountPageRead read;
    read.query = base;
    read.query.offset = offset;
    read.query.limit = limit;
    const qint64 exactRows = exactRowsOf(store.readsByPosition());
    if (nearAnEnd(offset, limit, total, exactRows)) {
        if (const auto there = fromTheEnd(offset, limit, total)) { // nearer the end: from there
            read.query.descending = !base.descending;
            std::tie(read.query.offset, read.query.limit) = *there;
            read.reversed = true;
        }
        return read;
    }
    // Between the last id read exactly from the top and the first read exactly from the end, not
    // the very first and last: every store's first account is "@world", whose "@" interpolated
    // every jump to the top of the "acct-…" ids.
    AccountQuery ends = base;
    ends.offset = exactRows - 1;
    ends.limit = 1;
    auto first = store.accounts(ends);
    if (!first.ok())
        return first.error();
    ends.descending = !base.descending;
    auto last = store.accounts(ends);
    if (!last.ok())
        return last.error();
    if (first->isEmpty() || last->isEmpty())
        return read;
    const double fraction = placeBetween(offset, exactRows - 1, total - exactRows);
    const QString key = idBetween(first->first().id, last->first().id, fraction);
    read.query.offset = 0;
    // The accounts after the key in the listing's order: above it when listed last first.
    if (base.descending)
        read.query.beforeId = key;
    else
        read.query.afterId = key;
    read.exact = false;
    return read;
}

Result<JournalPageRead> journalPageNear(Store &store, const JournalQuery &base, qint64 offset, qint64 limit, qint64 total)
{
    JournalPageRead read;
    read.query = base;
    read.query.offset = offset;
    read.query.limit = limit;
    if (nearAnEnd(offset, limit, total, exactRowsOf(store.readsByPosition()))) {
        if (const auto there = fromTheEnd(offset, limit, total)) {
            read.query.newestFirst = !base.newestFirst;
            std::tie(read.query.offset, read.query.limit) = *there;
            read.reversed = true;
        }
        return read;
    }
    JournalQuery ends = base;
    ends.offset = 0;
    ends.limit = 1;
    ends.after = std::nullopt;
    auto first = store.journalEntries(ends);
    if (!first.ok())
        return first.error();
    ends.newestFirst = !base.newestFirst;
    auto last = store.journalEntries(ends);
    if (!last.ok())
        return last.error();
    if (first->isEmpty() || last->isEmpty())
        return read;
    read.query.offset = 0;
    read.query.afterTime =
        JournalQuery::TimeKey{timeBetween(first->first().at, last->first().at, placeBetween(offset, 0, total - 1)), std::nullopt, true};
    read.exact = false;
    return read;
}

Result<QList<Transaction>> readPageAfter(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    TxQuery query = base;
    query.offset = 0;
    query.limit = limit;
    query.after = row;
    return store.transactions(query);
}

Result<QList<Transaction>> readPageBefore(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    // The listing turned round (ties broken by id the same way), read after the row, turned back.
    TxQuery query = base;
    query.descending = !base.descending;
    query.offset = 0;
    query.limit = limit;
    query.after = row;
    auto rows = store.transactions(query);
    if (!rows.ok())
        return rows;
    QList<Transaction> list = std::move(rows).value();
    std::reverse(list.begin(), list.end());
    return list;
}

Result<QList<Transaction>> readPageFrom(Store &store, const TxQuery &base, const Transaction &row, qint64 limit)
{
    // A page before it, not one row: LIMIT 1 can make SQLite's planner sort the whole table.
    auto before = readPageBefore(store, base, row, std::max<qint64>(limit, 1));
    if (!before.ok())
        return before.error();
    if (before->isEmpty()) { // nothing before it: the top of the listing
        TxQuery query = base;
        query.offset = 0;
        query.limit = limit;
        query.after = std::nullopt;
        return store.transactions(query);
    }
    return readPageAfter(store, base, before->last(), limit);
}

} // namespace ledger
