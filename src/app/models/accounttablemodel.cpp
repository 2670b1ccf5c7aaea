#include "accounttablemodel.h"
#include "store/paging.h"
#include "store/tallies.h"

#include "ledger/money.h"
#include "operations/wholeaccounts.h"

#include <QBrush>
#include <algorithm>
#include "widgets/tones.h"

namespace ledger::app {

AccountTableModel::AccountTableModel(StoreSession *session, QObject *parent)
    : PagedTableModel(session, parent)
{}

void AccountTableModel::setFilterText(const QString &text)
{
    m_query.text = text;
    restart();
}

int AccountTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant AccountTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        // The two figures, in the same words as the account panel, ledgerctl and the exports.
        if (section == BalanceColumn)
            return tr("Balance counted whole: the posted balance plus what transactions past their commit point will still post");
        if (section == NotPostedColumn)
            return tr("Committed to this account but not posted yet: balance − posted");
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case IdColumn: return tr("Account");
    case NameColumn: return tr("Name");
    case StatusColumn: return tr("Status");
    case BalanceColumn: return tr("Balance");
    case NotPostedColumn: return tr("Not posted yet");
    case AvailableColumn: return tr("Available");
    case PendingDebitsColumn: return tr("Pending debits");
    case PendingCreditsColumn: return tr("Pending credits");
    }
    return QVariant();
}

void AccountTableModel::fetchCount(CountDone done)
{
    const AccountQuery query = m_query;
    // On a store that counts by reading, a long list is "10,000+" (store/tallies.h).
    loads().runAlongside<Result<Tally>>([query](LedgerService &ledger) { return ledger.tallyAccounts(query); }, done);
}

void AccountTableModel::fetchRows(qint64 offset, int limit, RowsDone done)
{
    AccountWindowRequest request; // a jump: near its place by id (service/listingwindows.h)
    request.query = m_query;
    request.offset = offset;
    request.total = rowCount();
    request.limit = limit;
    fetchDocuments([request](LedgerService &ledger) { return ledger.accountWindow(request); }, done);
}

bool AccountTableModel::exactAt(qint64 offset) const
{
    // Read from the end, a page is where the listing has it only when the count is a count (not
    // an estimate, not "10,000+"): else two pages that meet, one read from each end, would show
    // a gap or a repeat as one listing (as TransactionTableModel::exactAt).
    if (!countIsExact() && 2 * offset + kPageSize > rowCount())
        return false;
    return nearAnEnd(offset, kPageSize, rowCount(), exactRows());
}

QString AccountTableModel::placeOfRow(const QVariant &row) const { return row.value<AccountCountedWhole>().account.id; }

void AccountTableModel::fetchPage(const PageAnchor &anchor, int limit, RowsDone done)
{
    if (anchor.kind == PageAnchor::Kind::Position) {
        fetchRows(anchor.offset, limit, std::move(done));
        return;
    }
    AccountWindowRequest request;
    request.query = m_query;
    request.from = pageFrom(anchor.kind);
    request.rowId = anchor.row.value<AccountCountedWhole>().account.id;
    request.limit = limit;
    fetchDocuments([request](LedgerService &ledger) { return ledger.accountWindow(request); }, done);
}

QVariant AccountTableModel::cell(const QVariant &row, int column, int role) const
{
    const AccountCountedWhole whole = row.value<AccountCountedWhole>();
    const Account &a = whole.account;
    if (role == AccountRole)
        return QVariant::fromValue(a);
    if (role == WholeRole)
        return row;
    if (role == IdRole)
        return a.id;
    const bool amount = column >= BalanceColumn;
    if (role == Qt::TextAlignmentRole && amount)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole) {
        if (amount && ((column == BalanceColumn && whole.wholeBalance < 0) || (column == AvailableColumn && a.available() < 0)))
            return QBrush(toneColor(Tone::Bad));
        if (column == StatusColumn && a.status != AccountStatus::Open)
            return QBrush(toneColor(a.status == AccountStatus::Frozen ? Tone::Info : Tone::Muted));
        return QVariant();
    }
    if (role != Qt::DisplayRole)
        return QVariant();
    switch (column) {
    case IdColumn: return a.id;
    case NameColumn: return a.name;
    case StatusColumn: return nameOf(a.status);
    case BalanceColumn: return money::format(whole.wholeBalance, scale());
    // Blank when everything is posted: a column of zeros would hide the rows that matter.
    case NotPostedColumn: return whole.notPostedYet() == 0 ? QString() : money::format(whole.notPostedYet(), scale());
    case AvailableColumn: return money::format(a.available(), scale());
    case PendingDebitsColumn: return money::format(a.pendingDebits, scale());
    case PendingCreditsColumn: return money::format(a.pendingCredits, scale());
    }
    return QVariant();
}

QString AccountTableModel::keyOf(const QVariant &row) const { return row.value<AccountCountedWhole>().account.id; }

} // namespace ledger::app
