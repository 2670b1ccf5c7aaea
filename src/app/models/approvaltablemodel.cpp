#include "approvaltablemodel.h"

#include "../approvalwords.h"
#include "../widgets/tones.h"
#include "ledger/money.h"

namespace ledger::app {

ApprovalTableModel::ApprovalTableModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void ApprovalTableModel::setRequests(const QList<ApprovalRequest> &requests, const QDateTime &now, int scale)
{
    beginResetModel();
    m_requests = requests;
    m_now = now;
    m_scale = scale;
    endResetModel();
}

void ApprovalTableModel::clear() { setRequests({}, {}, m_scale); }

void ApprovalTableModel::setTimeStyle(TimeStyle style)
{
    m_timeStyle = style;
    if (!m_requests.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

int ApprovalTableModel::rowOf(const QString &id) const
{
    for (int i = 0; i < m_requests.size(); ++i)
        if (m_requests.at(i).id == id)
            return i;
    return -1;
}

std::optional<ApprovalRequest> ApprovalTableModel::request(const QString &id) const
{
    const int row = rowOf(id);
    return row < 0 ? std::nullopt : std::optional<ApprovalRequest>(m_requests.at(row));
}

int ApprovalTableModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_requests.size()); }

int ApprovalTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString ApprovalTableModel::text(const ApprovalRequest &r, int column) const
{
    switch (Column(column)) {
    case IdColumn: return r.id;
    case StateColumn: return approvalStateText(r, m_now);
    case ActionColumn: return nameOf(r.action);
    case DocumentColumn: return r.docId;
    case AmountColumn: return money::format(r.amount, m_scale);
    case RequestedByColumn: return r.requestedBy;
    case RequestedAtColumn: return shownTime(r.requestedAt, m_timeStyle);
    case ExpiresColumn: return shownTime(r.expiresAt, m_timeStyle);
    case DecidedByColumn: return r.decidedBy;
    case ColumnCount: break;
    }
    return {};
}

QVariant ApprovalTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_requests.size())
        return {};
    const ApprovalRequest &r = m_requests.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole: return text(r, index.column());
    case IdRole: return r.id;
    case Qt::TextAlignmentRole: return index.column() == AmountColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::ForegroundRole:
        // A request someone must decide stands out; one past its expiry is muted (it never runs).
        if (index.column() != StateColumn)
            return {};
        if (r.state == ApprovalState::Pending)
            return toneColor(r.expiredAt(m_now) ? Tone::Muted : Tone::Warn);
        if (r.state == ApprovalState::Done)
            return toneColor(Tone::Good);
        if (r.state == ApprovalState::Failed || r.state == ApprovalState::Rejected)
            return toneColor(Tone::Bad);
        return {};
    default: return {};
    }
}

QVariant ApprovalTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (Column(section)) {
    case IdColumn: return tr("Request");
    case StateColumn: return tr("State");
    case ActionColumn: return tr("Action");
    case DocumentColumn: return tr("On");
    case AmountColumn: return tr("Amount");
    case RequestedByColumn: return tr("Asked by");
    case RequestedAtColumn: return tr("Asked");
    case ExpiresColumn: return tr("Expires");
    case DecidedByColumn: return tr("Decided by");
    case ColumnCount: break;
    }
    return {};
}

} // namespace ledger::app
