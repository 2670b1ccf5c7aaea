#include "elidingdelegate.h"

#include <QApplication>
#include <QStyle>

namespace ledger::app {

ElidingDelegate::ElidingDelegate(int keptTailRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_keptTailRole(keptTailRole)
{}

QString ElidingDelegate::elideKeepingTail(const QString &text, const QString &tail, const QFontMetrics &metrics, int width)
{
    if (metrics.horizontalAdvance(text) <= width)
        return text;
    if (tail.isEmpty() || !text.endsWith(tail))
        return metrics.elidedText(text, Qt::ElideRight, width);
    const int tailWidth = metrics.horizontalAdvance(tail);
    const QString head = text.left(text.size() - tail.size());
    if (tailWidth >= width - metrics.horizontalAdvance(QStringLiteral("…")))
        return metrics.elidedText(tail.trimmed(), Qt::ElideLeft, width); // the number first: "…28s ago" beats "oper…"
    return metrics.elidedText(head, Qt::ElideRight, width - tailWidth) + tail;
}

QString ElidingDelegate::shownText(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem o = option;
    initStyleOption(&o, index);
    return o.text;
}

void ElidingDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    const QStyle *style = option->widget ? option->widget->style() : QApplication::style();
    // The room the style leaves for text: the cell less its margins on both sides.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, option->widget) + 1;
    const int width = option->rect.width() - 2 * margin;
    const QString tail = m_keptTailRole ? index.data(m_keptTailRole).toString() : QString();
    option->text = elideKeepingTail(option->text, tail, option->fontMetrics, width);
    option->textElideMode = Qt::ElideRight; // whatever is left over is cut at the end, never the middle
}

} // namespace ledger::app
