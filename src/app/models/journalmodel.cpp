#include "journalmodel.h"

namespace ledger::app {

JournalModel::JournalModel(QObject *parent) : PagedTableModel(parent) {}

QStringList JournalModel::operatorEvents()
{
    return {QStringLiteral("created"), QStringLiteral("cancel"), QStringLiteral("resume"), QStringLiteral("recovered"),
            QStringLiteral("linked"), QStringLiteral("frozen"), QStringLiteral("unfrozen"), QStringLiteral("closed")};
}

int JournalModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant JournalModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case AtColumn: return tr("When");
    case ActorColumn: return tr("Who");
    case ActionColumn: return tr("Did");
    case DocumentColumn: return tr("To");
    case StateColumn: return tr("State");
    case ReasonColumn: return tr("Why / detail");
    }
    return QVariant();
}

void JournalModel::fetchCount(CountDone done)
{
    JournalQuery query;
    query.events = operatorEvents();
    jobRunner()->run<Result<qint64>>(this, [query](Store &s) { return s.journalCount(query); }, done);
}

void JournalModel::fetchRows(qint64 offset, int limit, RowsDone done)
{
    JournalQuery query;
    query.events = operatorEvents();
    query.offset = offset;
    query.limit = limit;
    jobRunner()->run<Result<QList<QVariant>>>(
        this,
        [query](Store &s) -> Result<QList<QVariant>> {
            auto list = s.journalEntries(query);
            if (!list.ok())
                return list.error();
            QList<QVariant> rows;
            for (const JournalEntry &j : *list)
                rows << QVariant::fromValue(j);
            return rows;
        },
        done);
}

QVariant JournalModel::cell(const QVariant &row, int column, int role) const
{
    const JournalEntry j = row.value<JournalEntry>();
    switch (role) {
    case EntryRole: return row;
    case DocKindRole: return j.docKind;
    case DocIdRole: return j.docId;
    case Qt::ToolTipRole: return j.worker.isEmpty() ? QVariant() : QVariant(tr("worker %1").arg(j.worker));
    case Qt::DisplayRole: break;
    default: return QVariant();
    }
    switch (column) {
    case AtColumn: return formatTimestamp(j.at);
    case ActorColumn: return j.actor;
    case ActionColumn: return j.event;
    case DocumentColumn: return j.docKind == QLatin1String("account") ? tr("account %1").arg(j.docId) : j.docId;
    case StateColumn:
        return j.fromState.isEmpty() || j.fromState == j.toState ? j.toState : QStringLiteral("%1 → %2").arg(j.fromState, j.toState);
    case ReasonColumn: return j.detail;
    }
    return QVariant();
}

QString JournalModel::keyOf(const QVariant &row) const { return QString::number(row.value<JournalEntry>().seq); }

} // namespace ledger::app
