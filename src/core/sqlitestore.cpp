// SqliteStore: opening, the clock, accounts and their leg markers (hold, post, void).
// Transaction documents are in sqlitestore_transactions.cpp.
#include "sqlitestore.h"

#include "identifiers.h"
#include "money.h"
#include "sqliterows.h"

namespace ledger {

SqliteStore::SqliteStore(std::unique_ptr<SqliteConnection> conn) : m_conn(std::move(conn)) {}

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
        return makeError(ErrorCode::InvalidScale, QStringLiteral("scale %1 is out of range; use 0 to %2").arg(scale).arg(money::kMaxScale));
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

Result<std::optional<Account>> SqliteStore::readAccount(const QString &id)
{
    return m_conn->firstRow(m_conn->run("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts WHERE id = ?", {id}), sqliterows::account);
}

Result<std::optional<LegMarker>> SqliteStore::readLeg(const QString &txId, const QString &accountId)
{
    return m_conn->firstRow(m_conn->run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE tx_id = ? AND account_id = ?", {txId, accountId}),
                            sqliterows::leg);
}

Error SqliteStore::appendJournal(const QString &docKind, const JournalEntry &e, const QString &now)
{
    auto q = m_conn->run("INSERT INTO journal (doc_kind, doc_id, at, actor, worker, event, from_state, to_state, epoch, detail)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         {docKind, e.docId, now, e.actor, e.worker, e.event, e.fromState, e.toState, e.epoch, e.detail});
    return q.ok() ? Error{} : q.error();
}

Error SqliteStore::touchAccount(const QString &id, qint64 deltaBalance, qint64 deltaPendingDebits,
                                qint64 deltaPendingCredits, const QString &now)
{
    auto q = m_conn->run("UPDATE accounts SET balance = balance + ?, pending_debits = pending_debits + ?,"
                         " pending_credits = pending_credits + ?, version = version + 1, last_modified = ? WHERE id = ?",
                         {deltaBalance, deltaPendingDebits, deltaPendingCredits, now, id});
    if (!q.ok())
        return q.error();
    if ((*q)->numRowsAffected() != 1)
        return makeError(ErrorCode::Internal, QStringLiteral("account %1 vanished during a write").arg(id));
    return {};
}

Result<Account> SqliteStore::createAccount(const QString &id, const QString &name, const QString &actor)
{
    return m_conn->write<Account>([&]() -> Result<Account> {
        auto existing = readAccount(id);
        if (!existing.ok())
            return existing.error();
        if (existing->has_value())
            return makeError(ErrorCode::AccountExists, QStringLiteral("account %1 already exists").arg(id));
        auto clock = m_conn->clock();
        if (!clock.ok())
            return clock.error();
        auto ins = m_conn->run("INSERT INTO accounts (id, name, status, created_at, last_modified) VALUES (?, ?, 'open', ?, ?)",
                               {id, name, clock->now, clock->now});
        if (!ins.ok())
            return ins.error();
        JournalEntry created;
        created.docId = id;
        created.actor = actor;
        created.event = QStringLiteral("created");
        created.toState = nameOf(AccountStatus::Open);
        created.detail = name;
        if (Error e = appendJournal(QStringLiteral("account"), created, clock->now); !e.ok())
            return e;
        Account a;
        a.id = id;
        a.name = name;
        a.version = 1;
        a.createdAt = a.lastModified = parseTimestamp(clock->now);
        return a;
    });
}

Result<Account> SqliteStore::setAccountStatus(const QString &id, AccountStatus status, const QString &actor,
                                              const QString &reason)
{
    return m_conn->write<Account>([&]() -> Result<Account> {
        auto found = readAccount(id);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return makeError(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(id));
        Account a = **found;
        if (id == kWorldAccount)
            return makeError(ErrorCode::SystemAccount, QStringLiteral("@world is the system account; it cannot be frozen or closed"));
        if (a.status == status)
            return a; // already so: nothing to write
        if (a.status == AccountStatus::Closed)
            return makeError(ErrorCode::AccountClosed, QStringLiteral("account %1 is closed; closed accounts stay closed").arg(id));
        if (status == AccountStatus::Closed && (a.balance != 0 || a.pendingDebits != 0 || a.pendingCredits != 0))
            return makeError(ErrorCode::AccountNotEmpty,
                             QStringLiteral("account %1 has balance %2, %3 pending debits and %4 pending credits; "
                                            "only an empty account can be closed")
                                 .arg(id, amountText(a.balance), amountText(a.pendingDebits), amountText(a.pendingCredits)));
        auto clock = m_conn->clock();
        if (!clock.ok())
            return clock.error();
        auto up = m_conn->run("UPDATE accounts SET status = ?, version = version + 1, last_modified = ? WHERE id = ?",
                              {nameOf(status), clock->now, id});
        if (!up.ok())
            return up.error();
        const QString event = status == AccountStatus::Frozen ? QStringLiteral("frozen")
            : status == AccountStatus::Open                  ? QStringLiteral("unfrozen")
                                                              : QStringLiteral("closed");
        JournalEntry changed;
        changed.docId = id;
        changed.actor = actor;
        changed.event = event;
        changed.fromState = nameOf(a.status);
        changed.toState = nameOf(status);
        changed.detail = reason;
        if (Error e = appendJournal(QStringLiteral("account"), changed, clock->now); !e.ok())
            return e;
        a.status = status;
        a.version += 1;
        a.lastModified = parseTimestamp(clock->now);
        return a;
    });
}

Result<Account> SqliteStore::account(const QString &id)
{
    auto found = readAccount(id);
    if (!found.ok())
        return found.error();
    if (!found->has_value())
        return makeError(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(id));
    return **found;
}

Result<QList<Account>> SqliteStore::accounts(const AccountQuery &query)
{
    QVariantList binds;
    QString sql = QStringLiteral("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts");
    if (!query.text.isEmpty()) {
        sql += QStringLiteral(" WHERE instr(id, ?) > 0 OR instr(name, ?) > 0");
        binds << query.text << query.text;
    }
    sql += QStringLiteral(" ORDER BY id LIMIT ? OFFSET ?");
    binds << query.limit << query.offset;
    return m_conn->allRows(m_conn->runDynamic(sql, binds), sqliterows::account);
}

Result<qint64> SqliteStore::accountCount(const AccountQuery &query)
{
    QVariantList binds;
    QString sql = QStringLiteral("SELECT COUNT(*) FROM accounts");
    if (!query.text.isEmpty()) {
        sql += QStringLiteral(" WHERE instr(id, ?) > 0 OR instr(name, ?) > 0");
        binds << query.text << query.text;
    }
    auto count = m_conn->firstRow(m_conn->runDynamic(sql, binds), [](const QSqlQuery &q) { return q.value(0).toLongLong(); });
    if (!count.ok())
        return count.error();
    return count->value_or(0);
}

Result<LegOutcome> SqliteStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return m_conn->write<LegOutcome>([&]() -> Result<LegOutcome> {
        auto marker = readLeg(txId, accountId);
        if (!marker.ok())
            return marker.error();
        if (marker->has_value())
            return LegOutcome{(*marker)->status, false}; // already there: report, never re-hold
        auto found = readAccount(accountId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return makeError(ErrorCode::UnknownAccount, QStringLiteral("no account %1").arg(accountId));
        const Account &a = **found;
        if (a.status == AccountStatus::Frozen)
            return makeError(ErrorCode::AccountFrozen, QStringLiteral("account %1 is frozen").arg(accountId));
        if (a.status == AccountStatus::Closed)
            return makeError(ErrorCode::AccountClosed, QStringLiteral("account %1 is closed").arg(accountId));
        const bool world = accountId == kWorldAccount;
        if (side == LegSide::Debit) {
            // @world may go negative, but never past what an int64 can hold.
            const auto available = money::subtract(a.balance, a.pendingDebits);
            const auto after = available ? money::subtract(*available, amount) : std::nullopt;
            if (!after || !money::add(a.pendingDebits, amount))
                return makeError(ErrorCode::AmountOverflow,
                                 QStringLiteral("holding %1 on %2 would overflow its balance").arg(amountText(amount), accountId));
            if (!world && *after < 0)
                return makeError(ErrorCode::InsufficientFunds,
                                 QStringLiteral("%1 has %2 available (balance %3, %4 held for other transfers); this transfer needs %5")
                                     .arg(accountId, amountText(a.available()), amountText(a.balance),
                                          amountText(a.pendingDebits), amountText(amount)));
        } else {
            // Every credit that could still post must fit, so that posting can never overflow.
            const auto pending = money::add(a.pendingCredits, amount);
            if (!pending || !money::add(a.balance, *pending))
                return makeError(ErrorCode::AmountOverflow,
                                 QStringLiteral("crediting %1 to %2 would overflow its balance").arg(amountText(amount), accountId));
        }
        auto clock = m_conn->clock();
        if (!clock.ok())
            return clock.error();
        auto ins = m_conn->run("INSERT INTO legs (" LEDGER_LEG_COLUMNS ") VALUES (?, ?, ?, ?, 'held', ?)",
                               {txId, accountId, nameOf(side), amount, clock->now});
        if (!ins.ok())
            return ins.error();
        const Error e = side == LegSide::Debit ? touchAccount(accountId, 0, amount, 0, clock->now)
                                               : touchAccount(accountId, 0, 0, amount, clock->now);
        if (!e.ok())
            return e;
        return LegOutcome{LegStatus::Held, true};
    });
}

Result<LegOutcome> SqliteStore::post(const QString &txId, const QString &accountId)
{
    return m_conn->write<LegOutcome>([&]() -> Result<LegOutcome> {
        auto marker = readLeg(txId, accountId);
        if (!marker.ok())
            return marker.error();
        if (!marker->has_value())
            return makeError(ErrorCode::ProtocolViolation,
                             QStringLiteral("post of %1 on %2: no leg marker there (the leg was never held)").arg(txId, accountId));
        const LegMarker m = **marker;
        if (m.status == LegStatus::Posted)
            return LegOutcome{LegStatus::Posted, false};
        if (m.status == LegStatus::Voided)
            return makeError(ErrorCode::ProtocolViolation,
                             QStringLiteral("post of %1 on %2: the leg was voided by a cancel").arg(txId, accountId));
        auto found = readAccount(accountId);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return makeError(ErrorCode::ProtocolViolation, QStringLiteral("post of %1: account %2 is gone").arg(txId, accountId));
        const Account &a = **found;
        const auto balance = m.side == LegSide::Debit ? money::subtract(a.balance, m.amount) : money::add(a.balance, m.amount);
        if (!balance)
            return makeError(ErrorCode::AmountOverflow, QStringLiteral("posting %1 on %2 would overflow its balance").arg(txId, accountId));
        auto clock = m_conn->clock();
        if (!clock.ok())
            return clock.error();
        auto up = m_conn->run("UPDATE legs SET status = 'posted', at = ?, balance_after = ? WHERE tx_id = ? AND account_id = ?",
                              {clock->now, *balance, txId, accountId});
        if (!up.ok())
            return up.error();
        const Error e = m.side == LegSide::Debit ? touchAccount(accountId, -m.amount, -m.amount, 0, clock->now)
                                                 : touchAccount(accountId, m.amount, 0, -m.amount, clock->now);
        if (!e.ok())
            return e;
        return LegOutcome{LegStatus::Posted, true};
    });
}

Result<LegOutcome> SqliteStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return m_conn->write<LegOutcome>([&]() -> Result<LegOutcome> {
        auto marker = readLeg(txId, accountId);
        if (!marker.ok())
            return marker.error();
        auto clock = m_conn->clock();
        if (!clock.ok())
            return clock.error();
        if (!marker->has_value()) {
            // The tombstone: a hold that arrives after this (from a stalled worker) finds a
            // marker and does nothing.
            auto ins = m_conn->run("INSERT INTO legs (" LEDGER_LEG_COLUMNS ") VALUES (?, ?, ?, ?, 'voided', ?)",
                                   {txId, accountId, nameOf(side), amount, clock->now});
            if (!ins.ok())
                return ins.error();
            return LegOutcome{LegStatus::Voided, true};
        }
        const LegMarker m = **marker;
        if (m.status == LegStatus::Voided)
            return LegOutcome{LegStatus::Voided, false};
        if (m.status == LegStatus::Posted)
            return makeError(ErrorCode::ProtocolViolation,
                             QStringLiteral("void of %1 on %2: the leg is already posted").arg(txId, accountId));
        auto up = m_conn->run("UPDATE legs SET status = 'voided', at = ? WHERE tx_id = ? AND account_id = ?",
                              {clock->now, txId, accountId});
        if (!up.ok())
            return up.error();
        const Error e = m.side == LegSide::Debit ? touchAccount(accountId, 0, -m.amount, 0, clock->now)
                                                 : touchAccount(accountId, 0, 0, -m.amount, clock->now);
        if (!e.ok())
            return e;
        return LegOutcome{LegStatus::Voided, true};
    });
}

Result<bool> SqliteStore::touchAccountIfVersion(const QString &accountId, qint64 expectedVersion)
{
    return m_conn->write<bool>([&]() -> Result<bool> {
        auto up = m_conn->run("UPDATE accounts SET version = version + 1 WHERE id = ? AND version = ?", {accountId, expectedVersion});
        if (!up.ok())
            return up.error();
        return (*up)->numRowsAffected() == 1;
    });
}

Result<QList<LegMarker>> SqliteStore::legsOfTransaction(const QString &txId)
{
    return m_conn->allRows(m_conn->run("SELECT " LEDGER_LEG_SELECT " FROM legs WHERE tx_id = ? ORDER BY side DESC", {txId}), sqliterows::leg);
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
    return m_conn->visitRows(m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_ACCOUNT_COLUMNS " FROM accounts ORDER BY id"), {}),
                             sqliterows::account, visit, shouldStop);
}

Error SqliteStore::scanLegs(const std::function<void(const LegMarker &)> &visit, const StopCheck &shouldStop)
{
    return m_conn->visitRows(m_conn->runDynamic(QStringLiteral("SELECT " LEDGER_LEG_SELECT " FROM legs"), {}), sqliterows::leg, visit, shouldStop);
}

} // namespace ledger
