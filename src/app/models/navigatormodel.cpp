#include "navigatormodel.h"

#include <QBrush>
#include "widgets/counttext.h"
#include "widgets/tones.h"
#include <QFont>

namespace ledger::app {

namespace {
QString keyFor(NavigatorModel::View view, std::optional<TxState> state)
{
    return QStringLiteral("%1/%2").arg(int(view)).arg(state ? int(*state) : -1);
}
} // namespace

NavigatorModel::NavigatorModel(QObject *parent)
    : QStandardItemModel(parent)
{
    QStandardItem *root = invisibleRootItem();
    add(root, View::Overview, tr("Overview"));
    add(root, View::Accounts, tr("Accounts"));
    QStandardItem *transactions = add(root, View::Transactions, tr("Transactions"));
    for (TxState s : allTxStates())
        add(transactions, View::State, stateLabel(s), s);
    add(transactions, View::Stuck, tr("Stuck"));
    add(transactions, View::Compensations, tr("Compensations"));
    add(root, View::Approvals, tr("Awaiting approval"));
    add(root, View::Audit, tr("Audit"));
    add(root, View::Actions, tr("Operator actions"));
}

QStandardItem *NavigatorModel::add(QStandardItem *parent, View view, const QString &label, std::optional<TxState> state)
{
    auto *item = new QStandardItem(label);
    item->setEditable(false);
    item->setData(int(view), ViewRole);
    item->setData(state ? int(*state) : -1, StateRole);
    item->setData(label, Qt::AccessibleTextRole);
    parent->appendRow(item);
    m_items.insert(keyFor(view, state), item);
    return item;
}

QString NavigatorModel::stateLabel(TxState state)
{
    // One rule for the protocol's words in every language: states are shown as ledgerctl prints
    // them, the same in the navigator, the badges, the charts and the journal (a Chinese navigator
    // said 进行中 beside badges saying "pending").
    return nameOf(state);
}

void NavigatorModel::setLabel(View view, std::optional<TxState> state, const QString &label, const Tally &counted)
{
    QStandardItem *item = m_items.value(keyFor(view, state));
    if (!item)
        return;
    // Not counted (the overview's reading), after the entry's table counted it: what the table
    // last counted, as an estimate, rather than a "?" that flickers with the table's count.
    Tally count = counted;
    if (!count.counted() && item->data(CountRole).isValid() && item->data(CountRole).toLongLong() > 0)
        count = Tally{item->data(CountRole).toLongLong(), false};
    const QString text = QStringLiteral("%1  (%2)").arg(label, countText(count));
    if (item->text() != text)
        item->setText(text);
    item->setToolTip(count.counted() ? QString()
                                     : tr("Not counted: this store would have to read its whole table to count them. "
                                          "The list shows them as it reads them."));
    item->setData(count.count, CountRole);
}

std::optional<qint64> NavigatorModel::countOf(View view, std::optional<TxState> state) const
{
    const QStandardItem *item = m_items.value(keyFor(view, state));
    if (!item || !item->data(CountRole).isValid())
        return std::nullopt;
    return item->data(CountRole).toLongLong();
}

void NavigatorModel::setCounts(const Overview &counts)
{
    setCount(View::Accounts, std::nullopt, counts.accounts);
    setCount(View::Transactions, std::nullopt, counts.transactions);
    for (TxState s : allTxStates())
        setCount(View::State, s, counts.byState.value(s));
    setCount(View::Stuck, std::nullopt, counts.stuck);
    setCount(View::Compensations, std::nullopt, counts.compensations);
}

void NavigatorModel::setCount(View view, std::optional<TxState> state, const Tally &count)
{
    switch (view) {
    case View::Accounts: setLabel(view, state, tr("Accounts"), count); break;
    case View::Transactions: setLabel(view, state, tr("Transactions"), count); break;
    case View::State:
        if (state)
            setLabel(view, state, stateLabel(*state), count);
        break;
    case View::Stuck:
        setLabel(view, state, tr("Stuck"), count);
        standOut(view, count.count > 0 ? std::optional<Tone>(Tone::Bad) : std::nullopt); // stuck work stands out
        break;
    case View::Approvals:
        setLabel(view, state, tr("Awaiting approval"), count);
        standOut(view, count.count > 0 ? std::optional<Tone>(Tone::Warn) : std::nullopt); // someone must decide
        break;
    case View::Compensations: setLabel(view, state, tr("Compensations"), count); break;
    case View::Overview:
    case View::Audit:
    case View::Actions: break;
    }
}

void NavigatorModel::standOut(View view, std::optional<Tone> tone)
{
    QStandardItem *item = m_items.value(keyFor(view, std::nullopt));
    QFont font = item->font();
    font.setBold(tone.has_value());
    item->setFont(font);
    item->setForeground(tone ? QBrush(toneColor(*tone)) : QBrush());
}

QModelIndex NavigatorModel::indexOf(View view, std::optional<TxState> state) const
{
    QStandardItem *item = m_items.value(keyFor(view, state));
    return item ? item->index() : QModelIndex();
}

NavigatorModel::View NavigatorModel::viewOf(const QModelIndex &index) { return View(index.data(ViewRole).toInt()); }

std::optional<TxState> NavigatorModel::stateOf(const QModelIndex &index)
{
    const int s = index.data(StateRole).toInt();
    return s < 0 ? std::nullopt : std::optional<TxState>(TxState(s));
}

} // namespace ledger::app
