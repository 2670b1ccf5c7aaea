#pragma once
// The navigator: Overview, Accounts, Transactions split by state, Stuck, Compensations, Awaiting
// approval (four eyes: the requests pending), Audit and Operator actions, each transaction entry
// and the pending requests with their live count.
//
// Threading: GUI thread only.

#include "operations/overview.h"
#include "widgets/tones.h"

#include <QStandardItemModel>

namespace ledger::app {

class NavigatorModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum class View { Overview, Accounts, Transactions, State, Stuck, Compensations, Audit, Actions, Approvals };
    enum Role { ViewRole = Qt::UserRole + 1, StateRole, CountRole };

    explicit NavigatorModel(QObject *parent = nullptr);

    void setCounts(const Overview &counts);
    // One entry's count (a table that lists exactly that entry counted it); an estimate is shown
    // as one ("≈ 9.8 M"), a count that stopped short with a plus ("10,000+").
    void setCount(View view, std::optional<TxState> state, const Tally &count);
    // The count an entry shows (a count or an estimate); none before its first reading.
    std::optional<qint64> countOf(View view, std::optional<TxState> state = std::nullopt) const;
    // The index of an entry (a state for View::State).
    QModelIndex indexOf(View view, std::optional<TxState> state = std::nullopt) const;

    static View viewOf(const QModelIndex &index);
    // A state as the navigator names it (translated).
    static QString stateLabel(TxState state);
    static std::optional<TxState> stateOf(const QModelIndex &index);

private:
    QStandardItem *add(QStandardItem *parent, View view, const QString &label, std::optional<TxState> state = std::nullopt);
    void setLabel(View view, std::optional<TxState> state, const QString &label, const Tally &counted);
    // An entry in bold, in `tone` (what needs someone), or as the others (nullopt).
    void standOut(View view, std::optional<Tone> tone);

    QHash<QString, QStandardItem *> m_items; // by "<view>/<state>"
};

} // namespace ledger::app
