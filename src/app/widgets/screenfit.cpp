#include "screenfit.h"

#include <QScreen>
#include <QStyle>
#include <QWidget>

namespace ledger::app {

QRect fitWithin(const QRect &wanted, const QRect &available)
{
    if (available.isEmpty())
        return wanted;
    QRect fitted(wanted.topLeft(), wanted.size().boundedTo(available.size()));
    // In from the right and the bottom first, then from the left and the top: a window as large
    // as the screen ends at its top-left corner, where its title bar is.
    if (fitted.right() > available.right())
        fitted.moveRight(available.right());
    if (fitted.bottom() > available.bottom())
        fitted.moveBottom(available.bottom());
    if (fitted.left() < available.left())
        fitted.moveLeft(available.left());
    if (fitted.top() < available.top())
        fitted.moveTop(available.top());
    return fitted;
}

QMargins frameAllowance(const QWidget *window)
{
    const QRect frame = window->frameGeometry();
    const QRect client = window->geometry();
    if (frame != client)
        return {client.left() - frame.left(), client.top() - frame.top(), frame.right() - client.right(), frame.bottom() - client.bottom()};
    const int border = window->style()->pixelMetric(QStyle::PM_MdiSubWindowFrameWidth, nullptr, window);
    const int title = window->style()->pixelMetric(QStyle::PM_TitleBarHeight, nullptr, window);
    return {border, title + border, border, border};
}

void fitToScreen(QWidget *window)
{
    if (!window->isWindow() || (window->windowState() & (Qt::WindowMaximized | Qt::WindowFullScreen)))
        return;
    const QMargins frame = frameAllowance(window);
    const QRect wanted = window->geometry().marginsAdded(frame);
    const QRect fitted = fitWithin(wanted, window->screen()->availableGeometry());
    if (fitted == wanted)
        return;
    // A window's position is its frame's; its size is its client area's.
    window->resize(fitted.size().shrunkBy(frame));
    window->move(fitted.topLeft());
}

} // namespace ledger::app
