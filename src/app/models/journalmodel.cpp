#include "journalmodel.h"
#include "store/tallies.h"
#include "store/paging.h"

#include <algorithm>

namespace ledger::app {

JournalModel::JournalModel(StoreSession *session, QObject *parent)
    : PagedTableModel(session, parent)
{}

void JournalModel::setFilter(Preset preset, const QString &text)
{
    m_preset = preset;
    m_text = text;
    restart();
}

JournalQuery JournalModel::query() const { return operatorActionsQuery(m_preset, m_text); }

int JournalModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant JournalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case AtColumn: return tr("When");
    case ActorColumn: return tr("Who");
    case ActionColumn: return tr("Did");
    case DocumentColumn: return tr("Acted on"); // the transaction or account (not a payee)
    case StateColumn: return tr("State");
    case ReasonColumn: return tr("Why / detail");
    }
    return QVariant();
}

void JournalModel::fetchCount(CountDone done)
{
    const JournalQuery q = query();
    // On a store that counts by reading, a long journal is "10,000+" (store/tallies.h).
    loads().runAlongside<Result<Tally>>([q](LedgerService &ledger) { return ledger.tallyJournal(q); }, done);
}

void JournalModel::fetchRows(qint64 offset, int limit, RowsDone done)
{
    JournalWindowRequest request; // a jump: near its place by time (service/listingwindows.h)
    request.query = query();
    request.offset = offset;
    request.total = rowCount();
    request.limit = limit;
    fetchDocuments([request](LedgerService &ledger) { return ledger.journalWindow(request); }, done);
}

bool JournalModel::exactAt(qint64 offset) const
{
    // Read from the end, a page is where the listing has it only when the count is a count (not
    // an estimate, not "10,000+"): else two pages that meet, one read from each end, would show
    // a gap or a repeat as one listing (as TransactionTableModel::exactAt).
    if (!countIsExact() && 2 * offset + kPageSize > rowCount())
        return false;
    return nearAnEnd(offset, kPageSize, rowCount(), exactRows());
}

void JournalModel::fetchPage(const PageAnchor &anchor, int limit, RowsDone done)
{
    if (anchor.kind == PageAnchor::Kind::Position) {
        fetchRows(anchor.offset, limit, std::move(done));
        return;
    }
    JournalWindowRequest request;
    request.query = query();
    request.from = pageFrom(anchor.kind);
    request.row = anchor.row.value<JournalEntry>();
    request.limit = limit;
    fetchDocuments([request](LedgerService &ledger) { return ledger.journalWindow(request); }, done);
}

QVariant JournalModel::cell(const QVariant &row, int column, int role) const
{
    const JournalEntry j = row.value<JournalEntry>();
    switch (role) {
    case EntryRole: return row;
    case DocKindRole: return int(j.docKind);
    case DocIdRole: return j.docId;
    case SeqRole: return keyOf(row);
    case Qt::ToolTipRole:
        // What a narrow column cut, whole (the state, who, why); elsewhere the worker.
        if (column == ReasonColumn || column == StateColumn || column == ActorColumn)
            return cell(row, column, Qt::DisplayRole);
        return j.worker.isEmpty() ? QVariant() : QVariant(tr("worker %1").arg(j.worker));
    case Qt::DisplayRole: break;
    default: return QVariant();
    }
    switch (column) {
    case AtColumn: return shownTime(j.at, m_times);
    case ActorColumn: return j.actor;
    case ActionColumn: return actionWordOf(j); // "compensate" where the journal says "linked"
    case DocumentColumn: return j.docKind == DocKind::Account ? tr("account %1").arg(j.docId) : j.docId;
    case StateColumn:
        return j.fromState.isEmpty() || j.fromState == j.toState ? j.toState : QStringLiteral("%1 → %2").arg(j.fromState, j.toState);
    case ReasonColumn: return actionDetailOf(j); // an account's name says it is one
    }
    return QVariant();
}

QString JournalModel::keyOf(const QVariant &row) const
{
    // Seqs are per shard: a sharded store's row is its shard and its seq.
    const JournalEntry j = row.value<JournalEntry>();
    return QStringLiteral("%1/%2").arg(j.shard).arg(j.seq);
}

void JournalModel::setTimeStyle(TimeStyle style)
{
    m_times = style;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0, AtColumn), index(rowCount() - 1, AtColumn), {Qt::DisplayRole});
}

} // namespace ledger::app
