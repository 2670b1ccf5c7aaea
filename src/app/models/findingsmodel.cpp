#include "findingsmodel.h"

#include "widgets/tooltiptext.h"

namespace ledger::app {

FindingsModel::FindingsModel(QObject *parent)
    : QAbstractTableModel(parent)
{}

void FindingsModel::setFindings(const QList<AuditFinding> &findings)
{
    beginResetModel();
    m_findings = findings;
    endResetModel();
}

int FindingsModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(m_findings.size()); }

int FindingsModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant FindingsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return QVariant();
    const AuditFinding &f = m_findings.at(index.row());
    if (role == TransactionIdsRole)
        return f.transactions;
    if (role == AccountIdsRole)
        return f.accounts;
    if (role == Qt::ToolTipRole && index.column() == MessageColumn)
        return toolTipText(f.localized()); // a finding's message can be longer than the screen is wide
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (index.column()) {
    case InvariantColumn: return f.invariant;
    case CodeColumn: return f.code;
    case MessageColumn: return f.localized();
    case IdsColumn: return f.ids.join(QStringLiteral(", "));
    }
    return QVariant();
}

QVariant FindingsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case InvariantColumn: return tr("Invariant");
    case CodeColumn: return tr("Finding");
    case MessageColumn: return tr("What is wrong");
    case IdsColumn: return tr("Documents");
    }
    return QVariant();
}

} // namespace ledger::app
