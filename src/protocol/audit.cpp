#include "protocol/audit.h"

#include "ledger/identifiers.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "protocol/commitpoint.h"

#include <QHash>
#include <QSet>

namespace ledger {

namespace {

// A transaction's markers, as found (at most one per account: the markers' key).
using TxMarkers = QList<LegMarker>;

struct AccountSums {
    qint64 heldDebits = 0;
    qint64 heldCredits = 0;
    qint64 postedCredits = 0;
    qint64 postedDebits = 0;
};

struct CompensationInfo {
    QString compensates;
    TxState state;
    QList<TxLeg> legs;
};

class Auditor {
public:
    Auditor(DocumentStore &store, const std::function<bool()> &shouldStop)
        : m_store(store)
        , m_scale(store.scale())
        , m_shouldStop(shouldStop)
    {}

    AuditReport run()
    {
        // One snapshot for everything: on a live store, separate reads would see transfers
        // half-way between them and report findings that are not there.
        const Error e = m_store.withSnapshot([this]() -> Error {
            if (Error e = m_store.scanLegs([this](const LegMarker &m) { addLeg(m); }, m_shouldStop); !e.ok() || stopped())
                return stopped() ? stoppedError() : e;
            if (Error e = m_store.scanAccounts([this](const Account &a) { checkAccount(a); }, m_shouldStop); !e.ok() || stopped())
                return stopped() ? stoppedError() : e;
            checkLegAccountsExist();
            if (Error e = m_store.scanTransactions([this](const Transaction &t) { checkTransaction(t); }, m_shouldStop);
                !e.ok() || stopped())
                return stopped() ? stoppedError() : e;
            checkOrphanLegs();
            checkConservation();
            return checkCompensationLinks();
        });
        if (!e.ok())
            return failed(e);
        return std::move(m_report);
    }

private:
    bool stopped() const { return m_shouldStop && m_shouldStop(); }
    static Error stoppedError()
    {
        return makeError(ErrorCode::Interrupted, Message::translate("ledger", "the audit was stopped before the end"));
    }

    AuditReport failed(const Error &e)
    {
        AuditReport r;
        r.error = e;
        return r;
    }

    QString amount(qint64 minor) const { return money::format(minor, m_scale); }

    void find(int invariant, const QString &code, const Message &message, const QStringList &transactions, const QStringList &accounts = {})
    {
        m_report.findings.append(AuditFinding{invariant, code, message.english(), transactions + accounts, transactions, accounts,
                                              message.local() == message.english() ? QString() : message.local()});
    }

    void addLeg(const LegMarker &m)
    {
        ++m_report.legs;
        m_legs[m.txId].append(m);
        AccountSums &sums = m_sums[m.accountId];
        if (m.status == LegStatus::Held)
            (m.side == LegSide::Debit ? sums.heldDebits : sums.heldCredits) += m.amount;
        else if (m.status == LegStatus::Posted)
            (m.side == LegSide::Debit ? sums.postedDebits : sums.postedCredits) += m.amount;
    }

    void checkAccount(const Account &a)
    {
        ++m_report.accounts;
        m_accounts.insert(a.id);
        m_report.balanceSum += a.balance; // wraps only past ±9.2e18 minor units, which holds forbid
        const AccountSums sums = m_sums.value(a.id);
        if (a.pendingDebits != sums.heldDebits || a.pendingCredits != sums.heldCredits)
            find(2, QStringLiteral("pending-mismatch"),
                 Message::translate("ledger", "account %1 shows pending debits %2 and credits %3, but its held markers sum to %4 and %5")
                     .arg(a.id, amount(a.pendingDebits), amount(a.pendingCredits), amount(sums.heldDebits), amount(sums.heldCredits)),
                 {}, {a.id});
        // Balances change only when a marker is posted, so each balance is its posted history.
        if (a.balance != sums.postedCredits - sums.postedDebits) {
            m_mismatchedAccounts << a.id;
            find(1, QStringLiteral("balance-mismatch"),
                 Message::translate("ledger", "account %1 has balance %2, but its posted markers sum to %3")
                     .arg(a.id, amount(a.balance), amount(sums.postedCredits - sums.postedDebits)),
                 {}, {a.id});
        }
        if (a.id != kWorldAccount && (a.balance < 0 || a.available() < 0))
            find(3, QStringLiteral("negative-balance"),
                 Message::translate("ledger", "account %1 has balance %2 and available %3; only @world may go negative")
                     .arg(a.id, amount(a.balance), amount(a.available())),
                 {}, {a.id});
    }

    void checkLegAccountsExist()
    {
        for (auto it = m_sums.cbegin(); it != m_sums.cend(); ++it) {
            const AccountSums &s = it.value();
            const bool live = s.heldDebits || s.heldCredits || s.postedDebits || s.postedCredits;
            if (live && !m_accounts.contains(it.key()))
                find(2, QStringLiteral("leg-without-account"),
                     Message::translate("ledger", "held or posted markers name account %1, which does not exist").arg(it.key()), {},
                     {it.key()});
        }
    }

    void checkTransaction(const Transaction &t)
    {
        ++m_report.transactions;
        if (!isTerminal(t.state))
            ++m_report.inFlight;
        const TxMarkers markers = m_legs.take(t.id);
        QHash<QString, LegMarker> byAccount;
        for (const LegMarker &m : markers)
            byAccount.insert(m.accountId, m);
        // "debit on alice held, credit on bob missing": every leg of the document with its marker.
        const auto legStates = [&]() {
            QStringList parts;
            for (const TxLeg &leg : t.legs) {
                const auto m = byAccount.constFind(leg.accountId);
                parts << Message::translate("ledger", "%1 on %2 %3")
                             .arg(Message(nameOf(leg.side)), Message(leg.accountId),
                                  m == byAccount.cend() ? Message::translate("ledger", "missing") : Message(nameOf(m->status)))
                             .local();
            }
            return parts.join(QStringLiteral(", "));
        };
        int posted = 0;
        int live = 0; // held or posted
        for (const TxLeg &leg : t.legs) {
            const auto m = byAccount.constFind(leg.accountId);
            if (m == byAccount.cend())
                continue;
            posted += m->status == LegStatus::Posted;
            live += m->status != LegStatus::Voided;
        }
        const QStringList accounts = accountsOf(t.legs);

        for (const LegMarker &m : markers) {
            const auto leg = t.legOn(m.accountId);
            if (!leg)
                find(4, QStringLiteral("leg-mismatch"),
                     Message::translate("ledger", "%1 has a %2 marker on %3, which is not one of its accounts")
                         .arg(t.id, nameOf(m.side), m.accountId),
                     {t.id}, {m.accountId});
            else if (leg->side != m.side || leg->amount != m.amount)
                find(4, QStringLiteral("leg-mismatch"),
                     Message::translate("ledger", "%1's %2 marker is on %3 for %4; the document says %5 for %6")
                         .arg(t.id, nameOf(m.side), m.accountId, amount(m.amount), nameOf(leg->side), amount(leg->amount)),
                     {t.id}, {m.accountId});
        }

        switch (t.state) {
        case TxState::Initial:
            if (!markers.isEmpty())
                find(4, QStringLiteral("initial-has-marker"),
                     Message::translate("ledger", "%1 is initial but has leg markers (%2)").arg(t.id, legStates()), {t.id});
            break;
        case TxState::Done:
            if (posted != t.legs.size())
                find(4, QStringLiteral("done-not-posted"),
                     Message::translate("ledger", "%1 is done but not every leg is posted (%2)").arg(t.id, legStates()), {t.id}, accounts);
            break;
        case TxState::Applied:
            if (live != t.legs.size())
                find(4, QStringLiteral("applied-not-held"),
                     Message::translate("ledger", "%1 is applied but not every leg is held or posted (%2)").arg(t.id, legStates()), {t.id},
                     accounts);
            break;
        case TxState::Pending:
        case TxState::Canceling:
        case TxState::Canceled:
            if (posted > 0)
                find(4, QStringLiteral("posted-before-applied"),
                     Message::translate("ledger", "%1 is %2 but has a posted leg (%3)").arg(t.id, nameOf(t.state), legStates()), {t.id},
                     accounts);
            break;
        }

        if (isTerminal(t.state)) {
            for (const LegMarker &m : markers) {
                if (m.status == LegStatus::Held)
                    find(5, QStringLiteral("hold-on-terminal"),
                         Message::translate("ledger", "%1 is %2 but still holds %3 on %4")
                             .arg(t.id, nameOf(t.state), amount(m.amount), m.accountId),
                         {t.id}, {m.accountId});
            }
        }

        // Every transaction counts whole at its commit point: once one of its legs is posted (or
        // it is applied or done), its legs not posted yet are counted as if they were, so that
        // the sum of balances comes back to zero while transfers are half-way.
        qint64 adjust = 0;
        if (isCommitted(t.state, posted > 0)) {
            for (const TxLeg &leg : t.legs) {
                const auto m = byAccount.constFind(leg.accountId);
                if (m == byAccount.cend() || m->status != LegStatus::Posted)
                    adjust += unpostedEffect(leg);
            }
        }
        m_report.halfPostedAdjust += adjust;
        if (adjust != 0)
            m_report.committedInFlight << t.id;
        // What this transaction's posted legs add to the sum of balances, once adjusted, must be
        // zero; a transaction for which it is not is what breaks conservation.
        qint64 net = adjust;
        for (const LegMarker &m : markers) {
            if (m.status == LegStatus::Posted)
                net += m.side == LegSide::Credit ? m.amount : -m.amount;
        }
        if (net != 0)
            m_unbalanced << t.id;

        if (t.kind == TxKind::Compensation)
            m_compensations.insert(t.id, CompensationInfo{t.compensates, t.state, t.legs});
        if (!t.compensatedBy.isEmpty())
            m_linkedOriginals.insert(t.id, t.compensatedBy);
    }

    void checkOrphanLegs()
    {
        // Whatever is left in m_legs has no transaction document.
        for (auto it = m_legs.cbegin(); it != m_legs.cend(); ++it) {
            for (const LegMarker &m : *it) {
                if (m.status == LegStatus::Posted)
                    m_unbalanced << it.key();
                if (m.status != LegStatus::Voided)
                    find(5, QStringLiteral("orphan-hold"),
                         Message::translate("ledger", "a %1 %2 marker of %3 on %4 belongs to no transaction")
                             .arg(nameOf(m.status), nameOf(m.side), amount(m.amount), m.accountId),
                         {it.key()}, {m.accountId});
            }
        }
    }

    void checkConservation()
    {
        const auto total = money::add(m_report.balanceSum, m_report.halfPostedAdjust);
        if (!total || *total != 0) {
            // Name the culprits: transactions whose posted legs do not cancel out, and accounts
            // whose balance is not their posted history.
            QStringList transactions = m_unbalanced;
            transactions.removeDuplicates();
            find(1, QStringLiteral("conservation"),
                 Message::translate("ledger", "the balances of all accounts sum to %1 (with %2 for the legs of committed transactions "
                                              "not posted yet); they must sum to zero")
                     .arg(amount(m_report.balanceSum), amount(m_report.halfPostedAdjust)),
                 transactions, m_mismatchedAccounts);
        }
    }

    Error checkCompensationLinks()
    {
        // Compensations are few: their originals are looked up one by one rather than keeping
        // every transaction of a big store in memory.
        QHash<QString, QStringList> liveByOriginal;
        for (auto it = m_compensations.cbegin(); it != m_compensations.cend(); ++it) {
            const QString &id = it.key();
            const CompensationInfo &c = it.value();
            auto original = m_store.transaction(c.compensates);
            if (!original.ok() && original.code() != ErrorCode::NotFound)
                return original.error();
            if (!original.ok() || original->kind != TxKind::Transfer) {
                find(6, QStringLiteral("compensation-link"),
                     Message::translate("ledger", "compensation %1 names %2 as its original, which is not a transfer in this store")
                         .arg(id, c.compensates),
                     {id, c.compensates});
                continue;
            }
            if (c.legs != reversedLegs(original->legs))
                find(6, QStringLiteral("compensation-link"),
                     Message::translate("ledger", "compensation %1 does not reverse %2 (its legs are %3)")
                         .arg(id, c.compensates, describeLegs(c.legs, m_scale)),
                     {id, c.compensates});
            if (c.state == TxState::Canceled)
                continue;
            liveByOriginal[c.compensates].append(id);
            // A compensation is linked before it is first claimed, so only an unclaimed one may
            // still lack its back-link.
            if (c.state != TxState::Initial && original->compensatedBy != id)
                find(6, QStringLiteral("compensation-link"),
                     Message::translate("ledger", "compensation %1 is %2 but %3 links to \"%4\"")
                         .arg(id, nameOf(c.state), c.compensates, original->compensatedBy),
                     {id, c.compensates});
            if (original->state != TxState::Done)
                find(6, QStringLiteral("compensation-link"),
                     Message::translate("ledger", "compensation %1 reverses %2, which is %3, not done")
                         .arg(id, c.compensates, nameOf(original->state)),
                     {id, c.compensates});
        }
        for (auto it = m_linkedOriginals.cbegin(); it != m_linkedOriginals.cend(); ++it) {
            const auto c = m_compensations.constFind(it.value());
            if (c == m_compensations.cend() || c->compensates != it.key())
                find(6, QStringLiteral("compensation-link"),
                     Message::translate("ledger", "%1 links to compensation %2, which does not link back").arg(it.key(), it.value()),
                     {it.key(), it.value()});
        }
        for (auto it = liveByOriginal.cbegin(); it != liveByOriginal.cend(); ++it) {
            if (it->size() > 1)
                find(6, QStringLiteral("double-compensation"),
                     Message::translate("ledger", "%1 has %2 compensations that are not canceled: %3")
                         .arg(it.key())
                         .arg(it->size())
                         .arg(it->join(QStringLiteral(", "))),
                     QStringList{it.key()} + *it);
        }
        return {};
    }

    DocumentStore &m_store;
    int m_scale;
    std::function<bool()> m_shouldStop;
    AuditReport m_report;
    QHash<QString, TxMarkers> m_legs;
    QHash<QString, AccountSums> m_sums;
    QSet<QString> m_accounts;
    QHash<QString, CompensationInfo> m_compensations;
    QHash<QString, QString> m_linkedOriginals; // original → compensatedBy
    QStringList m_unbalanced;                  // transactions whose posted legs do not net out
    QStringList m_mismatchedAccounts;          // accounts whose balance is not their posted history
};

} // namespace

namespace {

// What makes two runs' findings "the same": the invariant's code and the documents involved.
// Conservation names whatever transactions did not net out in that run, so it is matched by its
// code alone (there is at most one per run).
QString findingKey(const AuditFinding &f)
{
    if (f.code == QLatin1String("conservation"))
        return f.code;
    return f.code + QLatin1Char('\x1f') + f.ids.join(QLatin1Char('\x1f'));
}

// Runs of the audit on a sharded store before a finding is believed.
constexpr int kShardedAuditRuns = 3;

} // namespace

AuditReport audit(DocumentStore &store, const std::function<bool()> &shouldStop)
{
    AuditReport report = Auditor(store, shouldStop).run();
    if (store.shardCount() <= 1 || !report.error.ok() || report.findings.isEmpty())
        return report;
    // The shards' snapshots are taken one after another, so a busy store can be seen with a
    // document on one shard a write ahead of a leg on another: a finding that is not there.
    // Such a finding needs a write to land between the snapshots, on that very transaction;
    // a real violation is the same documents found wrong in every run. So: run again, and
    // report only what every run found (a clean run is the answer at once). Per account
    // findings, and conservation of a quiet store, come out exactly as for one file, because
    // each shard's own snapshot is consistent.
    QSet<QString> confirmed;
    for (const AuditFinding &f : std::as_const(report.findings))
        confirmed.insert(findingKey(f));
    for (int run = 1; run < kShardedAuditRuns; ++run) {
        AuditReport again = Auditor(store, shouldStop).run();
        if (!again.error.ok() || again.findings.isEmpty())
            return again;
        QSet<QString> keys;
        for (const AuditFinding &f : std::as_const(again.findings))
            keys.insert(findingKey(f));
        confirmed.intersect(keys);
        report = std::move(again);
    }
    QList<AuditFinding> kept;
    for (const AuditFinding &f : std::as_const(report.findings)) {
        if (confirmed.contains(findingKey(f)))
            kept.append(f);
    }
    report.findings = kept;
    return report;
}

} // namespace ledger
