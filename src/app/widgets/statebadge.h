#pragma once
// The colour of each transaction state (badges in tables, the dashboard's bars, the detail
// panel), and the delegate that draws a state as a coloured badge.
// Threading: GUI thread only.

#include "ledger/documents.h"

#include <QColor>
#include <QStyledItemDelegate>

namespace ledger::app {

QColor stateColor(TxState state);

class StateBadgeDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    // `stateRole` is the model role that holds the state's name.
    explicit StateBadgeDelegate(int stateRole, QObject *parent = nullptr);
    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    int m_stateRole;
};

} // namespace ledger::app
