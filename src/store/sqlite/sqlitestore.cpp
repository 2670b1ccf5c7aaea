// SqliteStore: opening, the clock, accounts and their leg markers (hold, post, void).
// Transaction documents are in sqlitestore_transactions.cpp.
#include "store/sqlite/sqlitestore.h"

#include "ledger/money.h"
#include "store/documentrules.h"
#include "store/sqlite/sqlitedialect.h"
#include "store/sqlite/sqliterows.h"

namespace ledger {

SqliteStore::SqliteStore(std::unique_ptr<SqliteConnection> conn)
    : m_conn(std::move(conn))
    , m_approvals(*m_conn)
{}

Result<std::unique_ptr<SqliteStore>> SqliteStore::open(const QString &path, const SqliteOptions &options)
{
    auto conn = SqliteConnection::open(path, SqliteConnection::Mode::OpenExisting, options);
    if (!conn.ok())
        return conn.error();
    return std::unique_ptr<SqliteStore>(new SqliteStore(std::move(conn).value()));
}

Result<std::unique_ptr<SqliteStore>> SqliteStore::create(const QString &path, int scale, const SqliteOptions &options)
{
    if (!money::isValidScale(scale))
        return makeError(ErrorCode::InvalidScale,
                         Message::translate("ledger", "scale %1 is out of range; use 0 to %2").arg(scale).arg(money::kMaxScale));
    auto conn = SqliteConnection::open(path, SqliteConnection::Mode::Create, options, scale);
    if (!conn.ok())
        return conn.error();
    return std::unique_ptr<SqliteStore>(new SqliteStore(std::move(conn).value()));
}

QString SqliteStore::location() const { return m_conn->path(); }

int SqliteStore::scale() const { return m_conn->scale(); }

QString SqliteStore::amountText(qint64 minor) const { return money::format(minor, m_conn->scale()); }

Result<QDateTime> SqliteStore::now()
{
    auto c = m_conn->clock();
    if (!c.ok())
        return c.error();
    return parseTimestamp(c->now);
}

Durability SqliteStore::durability() const { return m_conn->durability(); }

QString SqliteStore::lockWarning() const
{
    if (m_conn->ofdLocks())
        return {};
    return Message::translate("ledger", "POSIX locks: open-file-description locks were refused here, so a program in this "
                                        "process that opens and closes the store's files drops its locks")
        .local();
}

Result<std::optional<Account>> SqliteStore::readAccount(SqliteConnection &c, const QString &id)
{
    return c.firstRow(c.run("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts WHERE id = ?", {id}), sqliterows::account);
}

Result<std::optional<LegMarker>> SqliteStore::readLeg(SqliteConnection &c, const QString &txId, const QString &accountId)
{
    return c.firstRow(c.run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE tx_id = ? AND account_id = ?", {txId, accountId}),
                      sqliterows::leg);
}

Error SqliteStore::appendJournal(SqliteConnection &c, DocKind kind, const JournalEntry &e, const QString &now)
{
    auto q = c.run(
        "INSERT INTO journal (doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail, request)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        {nameOf(kind), e.docId, now, e.actor, e.worker, e.event, e.fromState, e.toState, e.epoch, e.detail, SqlArg::orNull(e.request)});
    return q.ok() ? Error{} : q.error();
}

Error SqliteStore::touchAccount(SqliteConnection &c, const QString &id, qint64 deltaBalance, qint64 deltaPendingDebits,
                                qint64 deltaPendingCredits, const QString &now)
{
    auto q = c.run("UPDATE accounts SET balance = balance + ?, pending_debits = pending_debits + ?,"
                   " pending_credits = pending_credits + ?, version = version + 1, last_modified = ? WHERE id = ?",
                   {deltaBalance, deltaPendingDebits, deltaPendingCredits, now, id});
    if (!q.ok())
        return q.error();
    if ((*q)->rowsChanged() != 1)
        return makeError(ErrorCode::Internal, QStringLiteral("account %1 vanished during a write").arg(id));
    return {};
}

Result<Account> SqliteStore::createAccount(const QString &id, const QString &name, const Acting &by)
{
    return m_conn->write<Account>([&](SqliteConnection &c) -> Result<Account> {
        auto existing = readAccount(c, id);
        if (!existing.ok())
            return existing.error();
        if (existing->has_value())
            return makeError(ErrorCode::AccountExists, Message::translate("ledger", "account %1 already exists").arg(id));
        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        auto ins = c.run("INSERT INTO accounts (id, name, status, created_at, last_modified) VALUES (?, ?, 'open', ?, ?)",
                         {id, name, clock->now, clock->now});
        if (!ins.ok())
            return ins.error();
        JournalEntry created;
        created.docId = id;
        created.actor = by.actor;
        created.request = by.request;
        created.event = QStringLiteral("created");
        created.toState = nameOf(AccountStatus::Open);
        created.detail = name;
        if (Error e = appendJournal(c, DocKind::Account, created, clock->now); !e.ok())
            return e;
        Account a;
        a.id = id;
        a.name = name;
        a.version = 1;
        a.createdAt = a.lastModified = parseTimestamp(clock->now);
        return a;
    });
}

Result<Account> SqliteStore::setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason)
{
    return m_conn->write<Account>([&](SqliteConnection &c) -> Result<Account> {
        auto found = readAccount(c, id);
        if (!found.ok())
            return found.error();
        const rules::StatusDecision decision = rules::statusChange(id, *found, status, scale());
        if (!decision.refusal.ok())
            return decision.refusal;
        Account a = **found;
        if (decision.unchanged)
            return a;
        auto clock = c.clock();
        if (!clock.ok())
            return clock.error();
        auto up = c.run("UPDATE accounts SET status = ?, version = version + 1, last_modified = ? WHERE id = ?",
                        {nameOf(status), clock->now, id});
        if (!up.ok())
            return up.error();
        JournalEntry changed;
        changed.docId = id;
        changed.actor = by.actor;
        changed.request = by.request;
        changed.event = decision.event;
        changed.fromState = nameOf(a.status);
        changed.toState = nameOf(status);
        changed.detail = reason;
        if (Error e = appendJournal(c, DocKind::Account, changed, clock->now); !e.ok())
            return e;
        a.status = status;
        a.version += 1;
        a.lastModified = parseTimestamp(clock->now);
        return a;
    });
}

Result<Account> SqliteStore::account(const QString &id)
{
    auto found = readAccount(*m_conn, id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return rules::unknownAccount(id);
    return **found;
}

Result<QList<Account>> SqliteStore::accounts(const AccountQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addAccountFilter(query, where);
    QList<SqlArg> binds = sqliteArgs(where);
    const QString sql = QStringLiteral("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts") + where.clause() + accountOrder(query)
                      + QStringLiteral(" LIMIT ? OFFSET ?");
    binds << query.limit << query.offset;
    return m_conn->allRows(m_conn->runDynamic(sql, binds), sqliterows::account);
}

Result<qint64> SqliteStore::accountCount(const AccountQuery &query)
{
    SqlWhere where(SqliteDialect::instance());
    addAccountFilter(query, where);
    return countRows("accounts", where);
}

Result<qint64> SqliteStore::countRows(const char *table, const SqlWhere &where)
{
    const QString sql = QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)) + where.clause();
    auto count = m_conn->firstRow(m_conn->runDynamic(sql, sqliteArgs(where)), [](const SqliteStatement &q) { return q.int64(0); });
    if (!count.ok())
        return count.error();
    return count->value_or(0);
}

Error SqliteStore::writeLeg(SqliteConnection &c, const QString &txId, const QString &accountId, bool exists, LegSide side, qint64 amount,
                            LegStatus status, const rules::LegDecision &decision, std::optional<qint64> balanceAfter)
{
    auto clock = c.clock();
    if (!clock.ok())
        return clock.error();
    auto marker = exists ? c.run("UPDATE legs SET status = ?, at = ?, balance_after = ? WHERE tx_id = ? AND account_id = ?",
                                 {nameOf(status), clock->now, balanceAfter, txId, accountId})
                         : c.run("INSERT INTO legs (" LEDGER_LEG_COLUMNS ") VALUES (?, ?, ?, ?, ?, ?)",
                                 {txId, accountId, nameOf(side), amount, nameOf(status), clock->now});
    if (!marker.ok())
        return marker.error();
    if (decision.deltaBalance == 0 && decision.deltaPendingDebits == 0 && decision.deltaPendingCredits == 0)
        return {}; // a tombstone: the account is not touched (it may not even exist)
    return touchAccount(c, accountId, decision.deltaBalance, decision.deltaPendingDebits, decision.deltaPendingCredits, clock->now);
}

Result<LegOutcome> SqliteStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return m_conn->write<LegOutcome>([&](SqliteConnection &c) -> Result<LegOutcome> {
        auto marker = readLeg(c, txId, accountId);
        if (!marker.ok())
            return marker.error();
        std::optional<Account> account;
        if (!marker->has_value()) {
            auto found = readAccount(c, accountId);
            if (!found.ok())
                return found.error();
            account = *found;
        }
        const rules::LegDecision d = rules::hold(txId, accountId, *marker, account, side, amount, scale());
        if (!d.writes())
            return d.withoutWriting();
        if (Error e = writeLeg(c, txId, accountId, false, side, amount, LegStatus::Held, d); !e.ok())
            return e;
        return LegOutcome{LegStatus::Held, true};
    });
}

Result<LegOutcome> SqliteStore::post(const QString &txId, const QString &accountId)
{
    return m_conn->write<LegOutcome>([&](SqliteConnection &c) -> Result<LegOutcome> {
        auto marker = readLeg(c, txId, accountId);
        if (!marker.ok())
            return marker.error();
        std::optional<Account> account;
        if (marker->has_value() && (*marker)->status == LegStatus::Held) {
            auto found = readAccount(c, accountId);
            if (!found.ok())
                return found.error();
            account = *found;
        }
        const rules::LegDecision d = rules::post(txId, accountId, *marker, account);
        if (!d.writes())
            return d.withoutWriting();
        const LegMarker &m = **marker;
        // The feed replays balances: a post records the balance it leaves.
        if (Error e = writeLeg(c, txId, accountId, true, m.side, m.amount, LegStatus::Posted, d, account->balance + d.deltaBalance);
            !e.ok())
            return e;
        return LegOutcome{LegStatus::Posted, true};
    });
}

Result<LegOutcome> SqliteStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return m_conn->write<LegOutcome>([&](SqliteConnection &c) -> Result<LegOutcome> {
        auto marker = readLeg(c, txId, accountId);
        if (!marker.ok())
            return marker.error();
        const rules::LegDecision d = rules::voidLeg(txId, accountId, *marker);
        if (!d.writes())
            return d.withoutWriting();
        if (Error e = writeLeg(c, txId, accountId, marker->has_value(), side, amount, LegStatus::Voided, d); !e.ok())
            return e;
        return LegOutcome{LegStatus::Voided, true};
    });
}

Result<bool> SqliteStore::touchAccountIfVersion(const QString &accountId, qint64 expectedVersion)
{
    return m_conn->write<bool>([&](SqliteConnection &c) -> Result<bool> {
        auto up = c.run("UPDATE accounts SET version = version + 1 WHERE id = ? AND version = ?", {accountId, expectedVersion});
        if (!up.ok())
            return up.error();
        return (*up)->rowsChanged() == 1;
    });
}

Result<QList<LegMarker>> SqliteStore::legsOfTransaction(const QString &txId)
{
    return m_conn->allRows(m_conn->run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE tx_id = ? ORDER BY side DESC", {txId}),
                           sqliterows::leg);
}

Result<QList<LegMarker>> SqliteStore::legsOfTransactions(const QStringList &txIds)
{
    QList<LegMarker> all;
    constexpr qsizetype kChunk = 200;
    for (qsizetype from = 0; from < txIds.size(); from += kChunk) {
        const QStringList chunk = txIds.mid(from, kChunk);
        QStringList marks;
        QList<SqlArg> binds;
        for (const QString &id : chunk) {
            marks << QStringLiteral("?");
            binds << SqlArg(id);
        }
        auto some = m_conn->allRows(
            m_conn->runDynamic(
                QStringLiteral("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE tx_id IN (%1)").arg(marks.join(QLatin1Char(','))), binds),
            sqliterows::leg);
        if (!some.ok())
            return some.error();
        all += *some;
    }
    return all;
}

Result<CommitCandidates> SqliteStore::commitCandidates(qint64 windowMs)
{
    CommitCandidates c;
    SqlWhere txWhere(SqliteDialect::instance());
    addCommitCandidateFilter(windowMs, txWhere);
    auto txs = m_conn->allRows(
        m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_TX_COLUMNS " FROM transactions") + txWhere.clause(), sqliteArgs(txWhere)),
        sqliterows::transaction);
    if (!txs.ok())
        return txs.error();
    c.transactions = *txs;
    SqlWhere legWhere(SqliteDialect::instance());
    addRecentlyPostedFilter(windowMs, legWhere);
    auto legs = m_conn->allRows(
        m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_LEG_SELECT " FROM legs") + legWhere.clause(), sqliteArgs(legWhere)),
        sqliterows::leg);
    if (!legs.ok())
        return legs.error();
    c.recentlyPosted = *legs;
    return c;
}

Result<QList<LegMarker>> SqliteStore::legsOfAccount(const QString &accountId, std::optional<LegStatus> status)
{
    auto q = status ? m_conn->run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE account_id = ? AND status = ? ORDER BY at",
                                  {accountId, nameOf(*status)})
                    : m_conn->run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE account_id = ? ORDER BY at", {accountId});
    return m_conn->allRows(std::move(q), sqliterows::leg);
}

Error SqliteStore::withSnapshot(const std::function<Error()> &work) { return m_conn->readSnapshot(work); }

Error SqliteStore::scanAccounts(const std::function<void(const Account &)> &visit, const StopCheck &shouldStop)
{
    return m_conn->visitRows(m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts ORDER BY id")),
                             sqliterows::account, visit, shouldStop);
}

Error SqliteStore::scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop)
{
    return m_conn->visitRows(m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_LEG_SELECT " FROM legs")), sqliterows::leg, visit,
                             shouldStop);
}

} // namespace ledger
