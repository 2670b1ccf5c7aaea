#include "elidingdelegate.h"
#include "textfit.h"
#include "tooltiptext.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHelpEvent>
#include <QStyle>
#include <QTextDocumentFragment>
#include <QToolTip>

namespace ledger::app {

ElidingDelegate::ElidingDelegate(int keptTailRole, QObject *parent)
    : QStyledItemDelegate(parent)
    , m_keptTailRole(keptTailRole)
{}

QString ElidingDelegate::shownText(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    QStyleOptionViewItem o = option;
    initStyleOption(&o, index);
    return o.text;
}

QString ElidingDelegate::toolTipText(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QString own = index.data(Qt::ToolTipRole).toString();
    const QString whole = index.data(Qt::DisplayRole).toString();
    if (wraps(index) || shownText(option, index) == whole || own.contains(whole) || own.contains(whole.toHtmlEscaped()))
        return own;
    if (own.isEmpty())
        return app::toolTipText(whole);
    // The model's tooltip says something else ("Compensation of …"): the whole text first.
    const QString ownText = Qt::mightBeRichText(own) ? QTextDocumentFragment::fromHtml(own).toPlainText() : own;
    return app::toolTipText(whole + QLatin1Char('\n') + ownText);
}

bool ElidingDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (!event || !view || event->type() != QEvent::ToolTip)
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    const QString tip = toolTipText(option, index);
    if (tip.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
        return false;
    }
    QToolTip::showText(event->globalPos(), tip, view);
    return true;
}

QSize ElidingDelegate::sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    if (wraps(index)) // as tall as its lines at the column's width (the view gives it)
        return QStyledItemDelegate::sizeHint(option, index);
    QStyleOptionViewItem whole = option;
    whole.rect = QRect(); // initStyleOption cuts nothing then
    return QStyledItemDelegate::sizeHint(whole, index);
}

void ElidingDelegate::initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (!option->text.isEmpty() && wraps(index)) {
        option->features |= QStyleOptionViewItem::WrapText;
        option->text = textfit::wrappable(option->text);
        return;
    }
    if (option->text.isEmpty() || !option->rect.isValid()) // a size hint: the whole text
        return;
    const QWidget *widget = option->widget;
    const QStyle *style = widget ? widget->style() : QApplication::style();
    // The room the style leaves for text (beside an icon or a check box), less the margins it
    // keeps on both sides.
    const int margin = style->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, widget) + 1;
    const int width = style->subElementRect(QStyle::SE_ItemViewItemText, option, widget).width() - 2 * margin;
    const QString tail = m_keptTailRole ? index.data(m_keptTailRole).toString() : QString();
    const QFontMetrics &metrics = option->fontMetrics;
    option->text =
        textfit::elideKeepingTail(option->text, tail, width, [&metrics](const QString &s) { return metrics.horizontalAdvance(s); });
    option->textElideMode = Qt::ElideNone; // cut here, between tokens; never again by the style
}

} // namespace ledger::app
