#include "strayclickguard.h"

#include <QAbstractButton>
#include <QCoreApplication>
#include <QGuiApplication>
#include <QMouseEvent>
#include <QStyleHints>
#include <QTimer>

namespace ledger::app {

StrayClickGuard::StrayClickGuard(QAbstractButton *button)
    : QObject(button)
    , m_button(button)
{
    button->installEventFilter(this);
}

void StrayClickGuard::arm()
{
    const int interval = QGuiApplication::styleHints()->mouseDoubleClickInterval();
    QWidget *dialog = m_button ? m_button->window() : nullptr;
    m_beneath = dialog && dialog->parentWidget() ? dialog->parentWidget()->window() : nullptr;
    if (!m_pressed || !m_since.isValid() || m_since.elapsed() > interval || !m_beneath) {
        deleteLater(); // not closed by a click, or too long ago to be half of a double click
        return;
    }
    m_button->removeEventFilter(this);
    m_armed = true;
    setParent(nullptr); // the dialog goes; the guard stays until the double click would be over
    QCoreApplication::instance()->installEventFilter(this);
    QTimer::singleShot(interval, this, &QObject::deleteLater);
}

bool StrayClickGuard::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if (type != QEvent::MouseButtonPress && type != QEvent::MouseButtonDblClick && type != QEvent::MouseButtonRelease)
        return QObject::eventFilter(watched, event);
    const auto *mouse = static_cast<QMouseEvent *>(event);
    if (!m_armed) {
        if (watched == m_button && type == QEvent::MouseButtonPress) {
            m_pressed = true;
            m_pressedAt = mouse->globalPosition();
            m_since.start();
        }
        return QObject::eventFilter(watched, event);
    }
    // Only the window the dialog stood over: another window (the next dialog) is not under it. An
    // event reaches a window, then its widget: eaten once, at the widget.
    const auto *widget = qobject_cast<QWidget *>(watched);
    if (!widget || widget->window() != m_beneath)
        return QObject::eventFilter(watched, event);
    if (type == QEvent::MouseButtonRelease) {
        if (m_eaten == 0)
            return QObject::eventFilter(watched, event);
        --m_eaten;
        return true;
    }
    const QPointF moved = mouse->globalPosition() - m_pressedAt;
    const int distance = QGuiApplication::styleHints()->mouseDoubleClickDistance();
    if (qMax(qAbs(moved.x()), qAbs(moved.y())) > distance)
        return QObject::eventFilter(watched, event);
    if (type == QEvent::MouseButtonPress)
        ++m_eaten;
    return true;
}

} // namespace ledger::app
