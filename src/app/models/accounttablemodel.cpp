#include "accounttablemodel.h"

#include "ledger/money.h"

#include <QBrush>
#include <QColor>

namespace ledger::app {

AccountTableModel::AccountTableModel(QObject *parent) : PagedTableModel(parent) {}

void AccountTableModel::setFilterText(const QString &text)
{
    m_query.text = text;
    restart();
}

void AccountTableModel::setScale(int scale) { m_scale = scale; }

int AccountTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AccountTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Account");
    case NameColumn: return tr("Name");
    case StatusColumn: return tr("Status");
    case BalanceColumn: return tr("Balance");
    case AvailableColumn: return tr("Available");
    case PendingDebitsColumn: return tr("Pending debits");
    case PendingCreditsColumn: return tr("Pending credits");
    }
    return QVariant();
}

void AccountTableModel::fetchCount(CountDone done)
{
    const AccountQuery query = m_query;
    jobRunner()->run<Result<qint64>>(this, [query](Store &s) { return s.accountCount(query); }, done);
}

void AccountTableModel::fetchRows(qint64 offset, int limit, RowsDone done)
{
    AccountQuery query = m_query;
    query.offset = offset;
    query.limit = limit;
    fetchDocuments([query](Store &s) { return s.accounts(query); }, done);
}

QVariant AccountTableModel::cell(const QVariant &row, int column, int role) const
{
    const Account a = row.value<Account>();
    if (role == AccountRole)
        return row;
    if (role == IdRole)
        return a.id;
    const bool amount = column >= BalanceColumn;
    if (role == Qt::TextAlignmentRole && amount)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (amount && ((column == BalanceColumn && a.balance < 0) || (column == AvailableColumn && a.available() < 0)))
            return QBrush(QColor(0xb0, 0x24, 0x18));
        if (column == StatusColumn && a.status != AccountStatus::Open)
            return QBrush(a.status == AccountStatus::Frozen ? QColor(0x1f, 0x5f, 0xb0) : QColor(0x70, 0x70, 0x70));
        return QVariant();
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (column) {
    case IdColumn: return a.id;
    case NameColumn: return a.name;
    case StatusColumn: return nameOf(a.status);
    case BalanceColumn: return money::format(a.balance, m_scale);
    case AvailableColumn: return money::format(a.available(), m_scale);
    case PendingDebitsColumn: return money::format(a.pendingDebits, m_scale);
    case PendingCreditsColumn: return money::format(a.pendingCredits, m_scale);
    }
    return QVariant();
}

QString AccountTableModel::keyOf(const QVariant &row) const { return row.value<Account>().id; }

} // namespace ledger::app
