#include "statusline.h"
#include "textfit.h"

#include <QHelpEvent>
#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>
#include <QToolTip>

namespace ledger::app {

namespace {
// The labels beside the message: while a message shows, QStatusBar hides all but the permanent ones.
QList<QWidget *> labelsShown(const QStatusBar *bar)
{
    QList<QWidget *> out;
    for (QWidget *w : bar->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (w->isVisible() && !w->isWindow() && !qobject_cast<QSizeGrip *>(w))
            out << w;
    }
    return out;
}
} // namespace

StatusLine::StatusLine(QWidget *parent)
    : QStatusBar(parent)
{}

QRect StatusLine::messageRect() const
{
    // As QStatusBar places it (6 px in), but ending an "M" before the labels rather than 2 px.
    const int gap = fontMetrics().horizontalAdvance(QLatin1Char('M'));
    int left = 6;
    int right = width() - 12;
    for (const QWidget *w : labelsShown(this)) {
        if (layoutDirection() == Qt::RightToLeft)
            left = qMax(left, w->geometry().right() + 1 + gap);
        else
            right = qMin(right, w->x() - gap);
    }
    return QRect(left, 0, qMax(0, right - left), height());
}

QString StatusLine::shownMessage() const
{
    const QString message = currentMessage();
    return message.isEmpty() ? message : textfit::elide(message, messageRect().width(), fontMetrics());
}

bool StatusLine::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const QString message = currentMessage();
        if (!message.isEmpty() && messageRect().contains(help->pos()) && shownMessage() != message) {
            QToolTip::showText(help->globalPos(), message, this, messageRect());
            return true;
        }
    }
    return QStatusBar::event(event);
}

void StatusLine::paintEvent(QPaintEvent *event)
{
    const QString message = currentMessage();
    if (message.isEmpty()) {
        QStatusBar::paintEvent(event);
        return;
    }
    // QStatusBar's own painting, but for the message's room and how it is cut.
    QPainter p(this);
    QStyleOption panel;
    panel.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &panel, &p, this);
    for (QWidget *w : labelsShown(this)) {
        QStyleOption frame;
        frame.rect = w->geometry().adjusted(-2, -1, 2, 1);
        frame.palette = palette();
        frame.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &p, w);
    }
    p.setPen(palette().windowText().color());
    p.drawText(messageRect(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine, shownMessage());
}

} // namespace ledger::app
