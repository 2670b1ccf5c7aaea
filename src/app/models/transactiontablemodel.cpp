#include "transactiontablemodel.h"

#include "ledger/duration.h"
#include "ledger/legs.h"
#include "ledger/money.h"
#include "operations/claims.h"
#include "store/paging.h"
#include "widgets/tooltiptext.h"

#include <QColor>
#include <QPointer>

namespace ledger::app {

namespace {
// A page of transactions with the store's clock at the moment it was read (for the ages).
struct TimedRows {
    QList<QVariant> rows;
    QDateTime now;
    QHash<QString, OperatorClaim> claims;
    QHash<QString, TxState> compensationStates;
};
} // namespace

TransactionTableModel::TransactionTableModel(StoreSession *session, QObject *parent)
    : PagedTableModel(session, parent)
{
    m_query.sortKey = TxSortKey::CreatedAt;
    m_query.descending = true; // newest first until the operator sorts otherwise
    m_sinceStoreNow.start();
    // Ages, leases and claims move while one watches: repaint those columns every second (only
    // visible cells paint).
    m_ageTimer.setInterval(1000);
    connect(&m_ageTimer, &QTimer::timeout, this, [this] {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, AgeColumn), index(rowCount() - 1, ClaimColumn), {Qt::DisplayRole});
    });
    m_ageTimer.start();
}

void TransactionTableModel::setFilter(const TxQuery &filter, std::optional<qint64> known)
{
    const TxSortKey key = m_query.sortKey;
    const bool descending = m_query.descending;
    m_query = filter;
    m_query.sortKey = key;
    m_query.descending = descending;
    // Another listing (or another store): the compensations' states of the last one are not kept,
    // so that they grow only with what one listing shows.
    m_compensationStates.clear();
    restart(known);
}

int TransactionTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TransactionTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Transaction");
    case StateColumn: return tr("State");
    case KindColumn: return tr("Kind");
    case SourceColumn: return tr("Source");
    case DestinationColumn: return tr("Destination");
    case AmountColumn: return tr("Amount");
    case AgeColumn: return tr("Age");
    case OwnerColumn: return tr("Owner / lease");
    case LastErrorColumn: return tr("Last error");
    case ClaimColumn: return tr("Claimed by");
    }
    return QVariant();
}

std::optional<TxSortKey> TransactionTableModel::sortKeyOf(int column)
{
    switch (column) {
    case IdColumn: return TxSortKey::Id;
    case StateColumn: return TxSortKey::State;
    case AmountColumn: return TxSortKey::Amount;
    case AgeColumn: return TxSortKey::CreatedAt;
    default: return std::nullopt;
    }
}

bool TransactionTableModel::isSortable(int column) const
{
    const auto key = sortKeyOf(column);
    return key && session()->openedStore().indexedSorts.contains(*key);
}

void TransactionTableModel::sort(int column, Qt::SortOrder order)
{
    if (!isSortable(column))
        return; // not on the store's indexes
    const bool ascending = order == Qt::AscendingOrder;
    m_query.sortKey = *sortKeyOf(column);
    // Youngest first is "ascending age", which is the newest creation time first.
    m_query.descending = column == AgeColumn ? ascending : !ascending;
    restart();
}

std::optional<Transaction> TransactionTableModel::transactionAt(int row) const
{
    const QVariant v = rowValue(row);
    if (!v.isValid())
        return std::nullopt;
    return v.value<Transaction>();
}

void TransactionTableModel::storeOpened()
{
    if (session()->openedStore().indexedSorts.contains(m_query.sortKey))
        return;
    m_query.sortKey = TxSortKey::CreatedAt;
    m_query.descending = true;
}

void TransactionTableModel::fetchCount(CountDone done)
{
    const TxQuery query = m_query;
    // A long ledger's every transaction (or every done one) is estimated, not counted (tallies.h).
    loads().runAlongside<Result<Tally>>([query](LedgerService &ledger) { return ledger.tallyTransactions(query); }, done);
}

void TransactionTableModel::fetchRows(qint64 offset, int limit, RowsDone done)
{
    PageAnchor anchor;
    anchor.offset = offset;
    fetchPage(anchor, limit, std::move(done));
}

void TransactionTableModel::fetchPage(const PageAnchor &anchor, int limit, RowsDone done)
{
    TxWindowRequest request;
    request.query = m_query;
    request.from = pageFrom(anchor.kind);
    request.offset = anchor.offset;
    request.total = rowCount();
    if (anchor.kind != PageAnchor::Kind::Position)
        request.row = anchor.row.value<Transaction>();
    request.limit = limit;
    QPointer<TransactionTableModel> self(this);
    loads().runAlongside<Result<TimedRows>>(
        [request](LedgerService &ledger) -> Result<TimedRows> {
            auto window = ledger.transactionWindow(request);
            if (!window.ok())
                return window.error();
            TimedRows page;
            page.now = window->now;
            page.claims = window->claims;
            page.compensationStates = window->compensationStates;
            for (const Transaction &t : std::as_const(window->rows))
                page.rows << QVariant::fromValue(t);
            return page;
        },
        [self, done](Result<TimedRows> page) {
            if (!page.ok()) {
                done(page.error());
                return;
            }
            self->m_storeNow = page->now;
            self->m_sinceStoreNow.restart();
            // The claims of the page's rows as they are now (a released one is gone).
            for (const QVariant &row : std::as_const(page->rows))
                self->m_claims.remove(row.value<Transaction>().id);
            self->m_claims.insert(page->claims);
            for (auto it = page->compensationStates.cbegin(); it != page->compensationStates.cend(); ++it)
                self->m_compensationStates.insert(it.key(), it.value());
            done(page->rows);
        });
}

std::optional<TxState> TransactionTableModel::compensationStateOf(const QString &txId) const
{
    return m_compensationStates.contains(txId) ? std::optional<TxState>(m_compensationStates.value(txId)) : std::nullopt;
}

qint64 TransactionTableModel::ageOf(const Transaction &tx) const
{
    if (!m_storeNow.isValid())
        return 0;
    return tx.createdAt.msecsTo(m_storeNow) + m_sinceStoreNow.elapsed();
}

QVariant TransactionTableModel::cell(const QVariant &row, int column, int role) const
{
    const Transaction tx = row.value<Transaction>();
    if (role == TransactionRole)
        return row;
    if (role == StateRole)
        return nameOf(tx.state);
    if (role == IdRole)
        return tx.id;
    if (role == KeptTailRole) {
        // The age or the lease left, after the name: never shortened (widgets/elidingdelegate.h).
        const QString text = cell(row, column, Qt::DisplayRole).toString();
        const int dot = text.lastIndexOf(QStringLiteral(" · "));
        return (column == OwnerColumn || column == ClaimColumn) && dot >= 0 ? text.mid(dot) : QString();
    }
    if (role == Qt::TextAlignmentRole && (column == AmountColumn || column == AgeColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        // Errors, owners and notes run long: as wrapping tooltips, they stay on screen.
        if (column == LastErrorColumn && !tx.lastError.isEmpty())
            return toolTipText(tx.lastError);
        if (column == OwnerColumn && !tx.owner.isEmpty())
            return toolTipText(tr("%1\nlease until %2").arg(tx.owner, shownTime(tx.leaseUntil, m_times)));
        if ((column == IdColumn || column == KindColumn) && tx.kind == TxKind::Compensation)
            return tr("Compensation of %1").arg(tx.compensates);
        if (column == KindColumn && !tx.compensatedBy.isEmpty())
            return tr("Compensated by %1").arg(tx.compensatedBy);
        if (column == ClaimColumn) {
            if (const auto claim = claimOn(tx, m_claims))
                return toolTipText(claim->text.isEmpty()
                                       ? tr("Claimed by %1 at %2").arg(claim->by, shownTime(claim->at, m_times))
                                       : tr("Claimed by %1 at %2: %3").arg(claim->by, shownTime(claim->at, m_times), claim->text));
            return QVariant();
        }
        if ((column == SourceColumn || column == DestinationColumn) && tx.isMultiLeg())
            return describeLegs(tx.legs, scale());
        return QVariant();
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (column) {
    case IdColumn: return tx.kind == TxKind::Compensation ? tx.id + QStringLiteral(" ↺") : tx.id;
    case StateColumn: return nameOf(tx.state);
    // The protocol's words, as ledgerctl prints them; "compensated" marks an original.
    case KindColumn:
        return tx.kind == TxKind::Compensation ? nameOf(tx.kind)
             : tx.compensatedBy.isEmpty()      ? nameOf(tx.kind)
                                               : tr("%1, compensated").arg(nameOf(tx.kind));
    case SourceColumn:
    case DestinationColumn:
        return accountsOf(tx.legs, column == SourceColumn ? LegSide::Debit : LegSide::Credit).join(QStringLiteral(", "));
    case AmountColumn: return money::format(tx.amount, scale());
    case AgeColumn: return duration::format(ageOf(tx));
    case OwnerColumn: {
        if (tx.owner.isEmpty())
            return QStringLiteral("—");
        const QString owner = tx.owner.section(QLatin1Char('/'), 0, 0);
        if (isTerminal(tx.state) || !tx.leaseUntil.isValid() || !m_storeNow.isValid())
            return owner;
        const qint64 left = m_storeNow.msecsTo(tx.leaseUntil) - m_sinceStoreNow.elapsed();
        return left < 0 ? tr("%1 · lease expired %2 ago").arg(owner, duration::format(-left))
                        : tr("%1 · %2 left").arg(owner, duration::format(left));
    }
    case LastErrorColumn: return tx.lastError;
    case ClaimColumn: {
        const auto claim = claimOn(tx, m_claims);
        if (!claim)
            return QString();
        const qint64 since = m_storeNow.isValid() ? claim->at.msecsTo(m_storeNow) + m_sinceStoreNow.elapsed() : 0;
        return tr("%1 · %2 ago").arg(claim->by, duration::format(since));
    }
    }
    return QVariant();
}

bool TransactionTableModel::exactAt(qint64 offset) const
{
    // A page counted from the end is where the listing has it only when the count is a count: with
    // an estimate (a long ledger's every transaction) it is off by the estimate's error, and two
    // pages that meet, one read from each end, would show a gap or a repeat as one listing.
    if (!countIsExact() && pageFromNearerEnd(m_query, offset, kPageSize, rowCount()).reversed)
        return false;
    return readsExactly(m_query, offset, kPageSize, rowCount(), exactRows());
}

QString TransactionTableModel::placeOfRow(const QVariant &row) const
{
    const Transaction tx = row.value<Transaction>();
    switch (m_query.sortKey) {
    case TxSortKey::CreatedAt: return tr("created %1").arg(shownTime(tx.createdAt, m_times));
    case TxSortKey::LastModified: return tr("changed %1").arg(shownTime(tx.lastModified, m_times));
    case TxSortKey::Amount: return tr("amount %1").arg(money::format(tx.amount, scale()));
    case TxSortKey::State: return nameOf(tx.state);
    case TxSortKey::Id: return tx.id;
    }
    return QString();
}

QString TransactionTableModel::keyOf(const QVariant &row) const { return row.value<Transaction>().id; }

} // namespace ledger::app
