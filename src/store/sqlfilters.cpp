#include "store/sqlfilters.h"

namespace ledger {

QString SqlWhere::bind(const SqlValue &value)
{
    m_values << value;
    return m_dialect.placeholder(int(m_values.size()), value);
}

QString SqlWhere::clause() const
{
    return m_conditions.isEmpty() ? QString() : QStringLiteral(" WHERE ") + m_conditions.join(QStringLiteral(" AND "));
}

QString unfinishedStatesSql()
{
    QStringList names;
    for (TxState state : allTxStates()) {
        if (!isTerminal(state))
            names << QStringLiteral("'%1'").arg(nameOf(state));
    }
    return names.join(QLatin1Char(','));
}

namespace {

// The sort column's value in `tx`, as a bound SQL value.
QString sortValueOf(const Transaction &tx, TxSortKey key, SqlWhere &where)
{
    switch (key) {
    case TxSortKey::CreatedAt: return where.dialect().timeValue(tx.createdAt, where);
    case TxSortKey::LastModified: return where.dialect().timeValue(tx.lastModified, where);
    case TxSortKey::Amount: return where.bind(tx.amount);
    case TxSortKey::State: return where.bind(nameOf(tx.state));
    case TxSortKey::Id: return where.bind(tx.id);
    }
    return where.bind(tx.id);
}

} // namespace

void addTxFilter(const TxQuery &query, SqlWhere &where)
{
    const SqlDialect &sql = where.dialect();
    // State and kind literally, not bound: SQLite's indexes of done transactions by last change
    // and of compensations cover only those (partial indexes), and SQLite uses one only when the
    // query names its condition itself. Both are names of ours, never an operator's text.
    if (query.state)
        where.add(QStringLiteral("state = '%1'").arg(nameOf(*query.state)));
    if (query.kind)
        where.add(QStringLiteral("kind = '%1'").arg(nameOf(*query.kind)));
    if (query.stuckOnly) {
        const QString old = sql.olderThan(QStringLiteral("last_modified"), query.stuckForMs, where);
        where.add(QStringLiteral("state IN (%1) AND ((lease_until IS NOT NULL AND %2) OR %3)")
                      .arg(unfinishedStatesSql(), sql.leaseExpired(), old));
    }
    if (query.cause) {
        // Errors are written "word: message" (protocol/coordinator_drive.cpp). An exact prefix,
        // compared case by case the same in every SQL store (LIKE is not: SQLite's ignores case).
        const auto startsWith = [&where](const QString &word) {
            const QString prefix = word + QLatin1Char(':');
            // The length is ours, not the operator's: a literal (PostgreSQL has no substr(text, int, int8)).
            return QStringLiteral("substr(last_error, 1, %1) = %2").arg(QString::number(prefix.size()), where.bind(prefix));
        };
        if (query.cause->isEmpty()) {
            where.add(QStringLiteral("last_error = ''"));
        } else if (*query.cause == kOtherCause) {
            QStringList known;
            for (const QString &word : causeWords())
                known << startsWith(word);
            where.add(QStringLiteral("(last_error <> '' AND NOT (%1))").arg(known.join(QStringLiteral(" OR "))));
        } else {
            where.add(startsWith(*query.cause));
        }
    }
    if (!query.account.isEmpty()) {
        const QString p = where.bind(query.account);
        // A many-legged transaction names its other accounts in tx_accounts (written with it).
        where.add(
            QStringLiteral("(source = %1 OR destination = %1 OR id IN (SELECT tx_id FROM tx_accounts WHERE account_id = %1))").arg(p));
    }
    if (!query.text.isEmpty()) {
        const QString p = where.bind(query.text);
        where.add(QStringLiteral("(%1 OR %2 OR %3 OR (legs IS NOT NULL AND %4))")
                      .arg(sql.contains(QStringLiteral("id"), p), sql.contains(QStringLiteral("source"), p),
                           sql.contains(QStringLiteral("destination"), p), sql.contains(QStringLiteral("legs"), p)));
    }
    if (query.after) {
        // Rows after the last one read, in the listing's order: (sort column, id) beyond it. The
        // plain comparison of the column before the row value lets the planners start the index
        // scan there.
        const QString id = where.bind(query.after->id);
        const QString beyond = query.descending ? QStringLiteral("<") : QStringLiteral(">");
        if (query.sortKey == TxSortKey::Id) {
            where.add(QStringLiteral("id %1 %2").arg(beyond, id));
        } else if (query.sortKey == TxSortKey::State) {
            // By state, then age (txOrder): the index of states by creation time serves it, from
            // where the row is when both its columns bound the range — "state >= ?" alone made
            // SQLite walk the state's rows up to the row (1.5 s into ten million).
            const QString state = sortValueOf(*query.after, query.sortKey, where);
            const QString created = where.dialect().timeValue(query.after->createdAt, where);
            where.add(QStringLiteral("(state, created_at) %1= (%2, %3) AND (state, created_at, id) %1 (%2, %3, %4)")
                          .arg(beyond, state, created, id));
        } else {
            const QString column = sortColumnOf(query.sortKey);
            const QString value = sortValueOf(*query.after, query.sortKey, where);
            where.add(QStringLiteral("%1 %2= %3 AND (%1, id) %2 (%3, %4)").arg(column, beyond, value, id));
        }
    }
}

void addAccountFilter(const AccountQuery &query, SqlWhere &where)
{
    if (!query.text.isEmpty()) {
        const QString p = where.bind(query.text);
        where.add(QStringLiteral("(%1 OR %2)")
                      .arg(where.dialect().contains(QStringLiteral("id"), p), where.dialect().contains(QStringLiteral("name"), p)));
    }
    if (!query.afterId.isEmpty())
        where.add(QStringLiteral("id > %1").arg(where.bind(query.afterId)));
    if (!query.beforeId.isEmpty())
        where.add(QStringLiteral("id < %1").arg(where.bind(query.beforeId)));
    if (!query.fromId.isEmpty())
        where.add(QStringLiteral("id >= %1").arg(where.bind(query.fromId)));
}

void addJournalFilter(const JournalQuery &query, SqlWhere &where)
{
    if (!query.events.isEmpty()) {
        QStringList marks;
        for (const QString &event : query.events)
            marks << where.bind(event);
        where.add(QStringLiteral("event IN (%1)").arg(marks.join(QLatin1Char(','))));
    }
    if (query.docKind)
        where.add(QStringLiteral("doc_kind = %1").arg(where.bind(nameOf(*query.docKind))));
    if (!query.docIds.isEmpty()) {
        QStringList marks;
        for (const QString &id : query.docIds)
            marks << where.bind(id);
        where.add(QStringLiteral("doc_id IN (%1)").arg(marks.join(QLatin1Char(','))));
    }
    if (!query.text.isEmpty()) {
        const QString p = where.bind(query.text);
        where.add(QStringLiteral("(%1 OR %2)")
                      .arg(where.dialect().contains(QStringLiteral("actor"), p), where.dialect().contains(QStringLiteral("doc_id"), p)));
    }
    const QString beyond = query.newestFirst ? QStringLiteral("<") : QStringLiteral(">");
    // The listing's order is the rows' time, then seq (journalOrder): the key is both.
    if (query.after) {
        const QString at = where.dialect().timeValue(query.after->at, where);
        where.add(QStringLiteral("at %1= %2 AND (at, seq) %1 (%2, %3)").arg(beyond, at, where.bind(query.after->seq)));
    }
    if (query.afterTime) {
        const QString at = where.dialect().timeValue(query.afterTime->at, where);
        if (query.afterTime->seq)
            where.add(QStringLiteral("at %1= %2 AND (at, seq) %1 (%2, %3)").arg(beyond, at, where.bind(*query.afterTime->seq)));
        else
            where.add(QStringLiteral("at %1%2 %3").arg(beyond, query.afterTime->inclusive ? QStringLiteral("=") : QString(), at));
    }
}

QString txOrder(const TxQuery &query)
{
    const QString direction = query.descending ? QStringLiteral("DESC") : QStringLiteral("ASC");
    if (query.sortKey == TxSortKey::Id)
        return QStringLiteral(" ORDER BY id %1").arg(direction);
    // A state's rows by age: "ORDER BY state, id" had no index to walk (the first page of ten
    // million sorted them all: 0.8 s on PostgreSQL, 32 s on SQLite); (state, created_at) has one.
    if (query.sortKey == TxSortKey::State)
        return QStringLiteral(" ORDER BY state %1, created_at %1, id %1").arg(direction);
    return QStringLiteral(" ORDER BY %1 %2, id %2").arg(sortColumnOf(query.sortKey), direction);
}

void addCommitCandidateFilter(qint64 windowMs, SqlWhere &where)
{
    const QString recent = where.dialect().newerThan(QStringLiteral("last_modified"), windowMs, where);
    where.add(QStringLiteral("(state IN (%1) OR (state = 'done' AND %2))").arg(unfinishedStatesSql(), recent));
}

void addRecentlyPostedFilter(qint64 windowMs, SqlWhere &where)
{
    const QString recentLeg = where.dialect().newerThan(QStringLiteral("at"), windowMs, where);
    const QString recentAccount = where.dialect().newerThan(QStringLiteral("last_modified"), windowMs, where);
    where.add(
        QStringLiteral("status = 'posted' AND %1 AND account_id IN (SELECT id FROM accounts WHERE %2)").arg(recentLeg, recentAccount));
}

QString accountOrder(const AccountQuery &query)
{
    return query.descending ? QStringLiteral(" ORDER BY id DESC") : QStringLiteral(" ORDER BY id");
}

QString journalOrder(const JournalQuery &query)
{
    // In time order (then seq, for rows of one instant): seq is commit order, and a journal whose
    // times were moved (the demo's week of history, rows copied from another store) is read by
    // operators as a timeline.
    return QStringLiteral(" ORDER BY at %1, seq %1").arg(query.newestFirst ? QStringLiteral("DESC") : QStringLiteral("ASC"));
}

QString ageBucketSql(const QList<qint64> &upperBoundsMs, SqlWhere &where)
{
    QString bucket = QStringLiteral("CASE");
    for (int i = 0; i < upperBoundsMs.size(); ++i)
        bucket += QStringLiteral(" WHEN %1 < %2 THEN %3").arg(where.dialect().ageMs(), where.bind(upperBoundsMs.at(i))).arg(i);
    bucket += QStringLiteral(" ELSE %1 END").arg(upperBoundsMs.size());
    where.add(QStringLiteral("state IN (%1)").arg(unfinishedStatesSql()));
    return bucket;
}

QList<qint64> bucketCounts(int buckets, const QList<QPair<qint64, qint64>> &rows)
{
    QList<qint64> counts(buckets, 0);
    for (const auto &[bucket, count] : rows) {
        if (bucket >= 0 && bucket < buckets)
            counts[int(bucket)] = count;
    }
    return counts;
}

} // namespace ledger
