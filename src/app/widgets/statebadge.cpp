#include "statebadge.h"

#include <QPainter>
#include <QPainterPath>

namespace ledger::app {

StateBadgeDelegate::StateBadgeDelegate(int stateRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_stateRole(stateRole)
{}

void StateBadgeDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const auto state = txStateFromString(index.data(m_stateRole).toString());
    if (!state) { // still loading: the usual placeholder
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem background = option;
    initStyleOption(&background, index);
    background.text.clear();
    option.widget->style()->drawControl(QStyle::CE_ItemViewItem, &background, painter, option.widget);

    const QString text = nameOf(*state);
    QFont font = option.font;
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 0.9);
    const QFontMetrics metrics(font);
    const int width = metrics.horizontalAdvance(text) + 14;
    const int height = qMin(option.rect.height() - 4, metrics.height() + 4);
    const QRect badge(option.rect.left() + 4, option.rect.center().y() - height / 2, width, height);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath path;
    path.addRoundedRect(badge, height / 2.0, height / 2.0);
    painter->fillPath(path, stateColor(*state));
    painter->setPen(badgeTextColor());
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter, text);
    painter->restore();
}

QSize StateBadgeDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(qMax(size.width(), option.fontMetrics.horizontalAdvance(QStringLiteral("canceling")) + 30));
    return size;
}

} // namespace ledger::app
