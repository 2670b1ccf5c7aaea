// PgStore: opening, the clock, accounts and their leg markers (hold, post, void).
// Transaction documents are in pgstore_transactions.cpp, lists and scans in pgstore_reads.cpp.
#include "store/postgres/pgstore.h"

#include "ledger/money.h"
#include "store/postgres/pgrows.h"

namespace ledger {

PgStore::PgStore(std::unique_ptr<PgConnection> conn)
    : m_conn(std::move(conn))
    , m_approvals(*m_conn)
{}

Result<std::unique_ptr<PgStore>> PgStore::open(const QString &uri, const PgOptions &options)
{
    auto conn = PgConnection::open(uri, PgConnection::Mode::OpenExisting, options);
    if (!conn.ok())
        return conn.error();
    std::unique_ptr<PgStore> store(new PgStore(std::move(conn).value()));
    if (Error e = store->readDurability(); !e.ok())
        return e;
    return store;
}

Result<std::unique_ptr<PgStore>> PgStore::create(const QString &uri, int scale, const PgOptions &options)
{
    if (!money::isValidScale(scale))
        return makeError(ErrorCode::InvalidScale,
                         Message::translate("ledger", "scale %1 is out of range; use 0 to %2").arg(scale).arg(money::kMaxScale));
    auto conn = PgConnection::open(uri, PgConnection::Mode::Create, options, scale);
    if (!conn.ok())
        return conn.error();
    std::unique_ptr<PgStore> store(new PgStore(std::move(conn).value()));
    if (Error e = store->readDurability(); !e.ok())
        return e;
    return store;
}

Error PgStore::readDurability()
{
    // A commit returns once it is flushed (synchronous_commit is on in our sessions), unless the
    // server runs with fsync off: then a crash of the machine may still lose commits.
    auto full = m_conn->reading<bool>([&]() -> Result<bool> {
        auto r = m_conn->run("SELECT current_setting('synchronous_commit') <> 'off' AND current_setting('fsync') = 'on'");
        if (!r.ok())
            return r.error();
        return r->flag(0, 0);
    });
    if (!full.ok())
        return full.error();
    m_durability = *full ? Durability::Full : Durability::Normal;
    return {};
}

Error PgStore::dropStore()
{
    for (const char *sql : {"DROP TABLE IF EXISTS journal, transactions, tx_accounts, legs, accounts, feed_counter, meta CASCADE",
                            "DROP SEQUENCE IF EXISTS change_counter",
                            "DROP FUNCTION IF EXISTS ledger_announce(), ledger_now(), ledger_ms(timestamptz),"
                            " ledger_leg_write(text, text, text, text, int8, text)"}) {
        auto dropped = m_conn->runDynamic(QString::fromLatin1(sql));
        if (!dropped.ok())
            return dropped.error();
    }
    return {};
}

QString PgStore::location() const { return m_conn->location(); }

int PgStore::scale() const { return m_conn->scale(); }

Durability PgStore::durability() const { return m_durability; }

Result<QDateTime> PgStore::now()
{
    return m_conn->reading<QDateTime>([&]() -> Result<QDateTime> {
        auto r = m_conn->run("SELECT ledger_ms(clock_timestamp())");
        if (!r.ok())
            return r.error();
        return r->time(0, 0);
    });
}

Result<std::optional<Account>> PgStore::readAccountWithToken(const QString &id, QString *token)
{
    auto r = m_conn->run("SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts WHERE id = $1", PgParams{id});
    if (!r.ok())
        return r.error();
    if (r->isEmpty())
        return std::optional<Account>();
    if (token)
        *token = pgrows::accountToken(*r);
    auto account = pgrows::account(*r);
    if (!account.ok())
        return account.error();
    return std::optional<Account>(std::move(account).value());
}

Result<Account> PgStore::createAccount(const QString &id, const QString &name, const Acting &by)
{
    const QString token = PgConnection::newWriteToken();
    return m_conn->writing<Account>(
        [&]() -> Result<Account> {
            auto r =
                m_conn->run("WITH a AS (INSERT INTO accounts (id, name, status, created_at, last_modified, write_token)"
                            " VALUES ($1, $2, 'open', ledger_now(), ledger_now(), $3) ON CONFLICT (id) DO NOTHING"
                            " RETURNING " LEDGER_PG_ACCOUNT_COLUMNS ", created_at AS at),"
                            " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT 'account', id, at, $4, '', 'created', '', 'open', 0, $2, $5 FROM a)"
                            " SELECT * FROM a",
                            PgParams{id, name, token, by.actor}.nullIfEmpty(by.request), true);
            if (!r.ok())
                return r.error();
            if (r->isEmpty())
                return makeError(ErrorCode::AccountExists, Message::translate("ledger", "account %1 already exists").arg(id));
            return pgrows::account(*r);
        },
        [&]() -> Result<std::optional<Account>> {
            QString found;
            auto a = readAccountWithToken(id, &found);
            if (!a.ok())
                return a.error();
            if (!a->has_value())
                return std::optional<Account>();
            if (found != token)
                return makeError(ErrorCode::AccountExists, Message::translate("ledger", "account %1 already exists").arg(id));
            return a;
        });
}

Result<Account> PgStore::setAccountStatus(const QString &id, AccountStatus status, const Acting &by, const QString &reason)
{
    const QString token = PgConnection::newWriteToken();
    return m_conn->writing<Account>(
        [&]() -> Result<Account> {
            return m_conn->inTransaction<Account>([&]() -> Result<Account> {
                auto locked = m_conn->run("SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts WHERE id = $1 FOR UPDATE", PgParams{id});
                if (!locked.ok())
                    return locked.error();
                std::optional<Account> current;
                if (!locked->isEmpty()) {
                    auto row = pgrows::account(*locked);
                    if (!row.ok())
                        return row.error();
                    current = std::move(row).value();
                }
                const rules::StatusDecision decision = rules::statusChange(id, current, status, scale());
                if (!decision.refusal.ok())
                    return decision.refusal;
                if (decision.unchanged)
                    return *current;
                auto r = m_conn->run(
                    "WITH a AS (UPDATE accounts SET status = $2, version = version + 1, last_modified = ledger_now(),"
                    " write_token = $3 WHERE id = $1 RETURNING " LEDGER_PG_ACCOUNT_COLUMNS ", last_modified AS at),"
                    " j AS (" LEDGER_PG_JOURNAL_INSERT " SELECT 'account', id, at, $4, '', $5, $6, $2, 0, $7, $8 FROM a)"
                    " SELECT * FROM a",
                    PgParams{id, nameOf(status), token, by.actor, decision.event, nameOf(current->status), reason}.nullIfEmpty(by.request));
                if (!r.ok())
                    return r.error();
                return pgrows::account(*r);
            });
        },
        [&]() -> Result<std::optional<Account>> {
            QString found;
            auto a = readAccountWithToken(id, &found);
            if (!a.ok())
                return a.error();
            if (a->has_value() && found == token)
                return a;
            return std::optional<Account>(); // not written: decide again
        });
}

Result<Account> PgStore::account(const QString &id)
{
    return m_conn->reading<Account>([&]() -> Result<Account> {
        auto found = readAccountWithToken(id, nullptr);
        if (!found.ok())
            return found.error();
        if (!found->has_value())
            return rules::unknownAccount(id);
        return **found;
    });
}

Result<QList<Account>> PgStore::accountsNamed(const QStringList &ids)
{
    return m_conn->reading<QList<Account>>([&]() -> Result<QList<Account>> {
        auto r =
            m_conn->run("SELECT " LEDGER_PG_ACCOUNT_COLUMNS " FROM accounts WHERE id = ANY($1::text[])", PgParams{pgrows::textArray(ids)});
        if (!r.ok())
            return r.error();
        auto rows = pgrows::all(*r, pgrows::account);
        if (!rows.ok())
            return rows.error();
        QList<Account> inOrder;
        for (const QString &id : ids) {
            const auto it = std::find_if(rows->cbegin(), rows->cend(), [&](const Account &a) { return a.id == id; });
            if (it == rows->cend())
                return rules::unknownAccount(id);
            inOrder << *it;
        }
        return inOrder;
    });
}

Result<LegOutcome> PgStore::legWrite(const char *operation, const QString &txId, const QString &accountId,
                                     const std::function<rules::LegDecision(const Found &)> &decide, LegSide side, qint64 amount,
                                     LegStatus newStatus)
{
    const QString token = PgConnection::newWriteToken();
    const auto attempt = [&]() -> Result<LegOutcome> {
        // One round trip, its own commit: the server locks the account, reads the marker, decides
        // and writes (pgschema.cpp, ledger_leg_write), and says what it found.
        auto r = m_conn->run("SELECT * FROM ledger_leg_write($1, $2, $3, $4, $5::int8, $6)",
                             PgParams{QString::fromLatin1(operation), txId, accountId, nameOf(side)} << amount << token, true);
        if (!r.ok())
            return r.error();
        Found found;
        if (!r->isNull(0, 4)) {
            auto account = pgrows::accountAt(*r, 0, 4);
            if (!account.ok())
                return account.error();
            found.account = std::move(account).value();
        }
        if (!r->isNull(0, 14)) {
            auto marker = pgrows::legAt(*r, 0, 14);
            if (!marker.ok())
                return marker.error();
            found.marker = std::move(marker).value();
        }
        // The rules' own decision on what the server found: the answer, the refusal and its words
        // come from there, and the server's verdict must be the same one.
        const rules::LegDecision d = decide(found);
        const QString verdict = r->text(0, 0);
        const bool agree = verdict == QLatin1String("write")
                             ? d.writes() && r->int64(0, 1) == d.deltaBalance && r->int64(0, 2) == d.deltaPendingDebits
                                   && r->int64(0, 3) == d.deltaPendingCredits
                         : verdict == QLatin1String("answer") ? d.answer.has_value()
                                                              : !d.writes() && !d.answer;
        if (!agree)
            return makeError(ErrorCode::Internal,
                             QStringLiteral("%1 of %2 on %3: the server's leg rule said %4, LedgerDesk's rules say %5 "
                                            "(schema function ledger_leg_write out of step with store/documentrules.cpp)")
                                 .arg(QLatin1String(operation), txId, accountId, verdict,
                                      d.writes() ? QStringLiteral("write")
                                      : d.answer ? QStringLiteral("answer")
                                                 : QStringLiteral("refuse")));
        if (!d.writes())
            return d.withoutWriting();
        return LegOutcome{newStatus, true};
    };
    const auto resolve = [&]() -> Result<std::optional<LegOutcome>> {
        auto m = m_conn->run("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE tx_id = $1 AND account_id = $2", PgParams{txId, accountId});
        if (!m.ok())
            return m.error();
        if (!m->isEmpty() && pgrows::legToken(*m) == token) {
            auto marker = pgrows::leg(*m);
            if (!marker.ok())
                return marker.error();
            return std::optional<LegOutcome>(LegOutcome{marker->status, true});
        }
        return std::optional<LegOutcome>(); // not written: decide again (every leg write is idempotent)
    };
    // A marker inserted by someone else between our read and our insert (only possible for a
    // tombstone on an account that does not exist, which has no row to lock): decide again.
    for (int tries = 0;; ++tries) {
        Result<LegOutcome> r = m_conn->writing<LegOutcome>(attempt, resolve);
        if (r.ok() || m_conn->lastSqlState() != "23505" || tries == 3)
            return r;
    }
}

Result<LegOutcome> PgStore::hold(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    const int scale = this->scale();
    return legWrite(
        "hold", txId, accountId, [&](const Found &f) { return rules::hold(txId, accountId, f.marker, f.account, side, amount, scale); },
        side, amount, LegStatus::Held);
}

Result<LegOutcome> PgStore::post(const QString &txId, const QString &accountId)
{
    return legWrite(
        "post", txId, accountId, [&](const Found &f) { return rules::post(txId, accountId, f.marker, f.account); }, LegSide::Debit, 0,
        LegStatus::Posted);
}

Result<LegOutcome> PgStore::voidLeg(const QString &txId, const QString &accountId, LegSide side, qint64 amount)
{
    return legWrite(
        "void", txId, accountId, [&](const Found &f) { return rules::voidLeg(txId, accountId, f.marker); }, side, amount,
        LegStatus::Voided);
}

Result<bool> PgStore::touchAccountIfVersion(const QString &accountId, qint64 expectedVersion)
{
    const QString token = PgConnection::newWriteToken();
    return m_conn->writing<bool>(
        [&]() -> Result<bool> {
            auto r = m_conn->run("UPDATE accounts SET version = version + 1, write_token = $3 WHERE id = $1 AND version = $2::int8",
                                 PgParams{accountId} << expectedVersion << token, true);
            if (!r.ok())
                return r.error();
            return r->affected() == 1;
        },
        [&]() -> Result<std::optional<bool>> {
            QString found;
            auto a = readAccountWithToken(accountId, &found);
            if (!a.ok())
                return a.error();
            if (a->has_value() && found == token)
                return std::optional<bool>(true);
            return std::optional<bool>();
        });
}

Result<QList<LegMarker>> PgStore::legsOfTransaction(const QString &txId)
{
    return m_conn->reading<QList<LegMarker>>([&]() -> Result<QList<LegMarker>> {
        auto r = m_conn->run("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE tx_id = $1 ORDER BY side DESC", PgParams{txId});
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::leg);
    });
}

Result<QList<LegMarker>> PgStore::legsOfTransactions(const QStringList &txIds)
{
    return m_conn->reading<QList<LegMarker>>([&]() -> Result<QList<LegMarker>> {
        auto r =
            m_conn->run("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE tx_id = ANY($1::text[])", PgParams{pgrows::textArray(txIds)});
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::leg);
    });
}

Result<QList<LegMarker>> PgStore::legsOfAccount(const QString &accountId, std::optional<LegStatus> status)
{
    return m_conn->reading<QList<LegMarker>>([&]() -> Result<QList<LegMarker>> {
        auto r = status ? m_conn->run("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE account_id = $1 AND status = $2 ORDER BY at",
                                      PgParams{accountId, nameOf(*status)})
                        : m_conn->run("SELECT " LEDGER_PG_LEG_COLUMNS " FROM legs WHERE account_id = $1 ORDER BY at", PgParams{accountId});
        if (!r.ok())
            return r.error();
        return pgrows::all(*r, pgrows::leg);
    });
}

} // namespace ledger
