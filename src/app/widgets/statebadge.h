#pragma once
// The delegate that draws a state as a coloured badge (its colours: widgets/tones.h).
// Threading: GUI thread only.

#include "ledger/documents.h"

#include "tones.h"

#include <QStyledItemDelegate>

namespace ledger::app {

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
