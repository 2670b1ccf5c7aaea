#include "mnemonicguard.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>

namespace ledger::app {

void MnemonicGuard::install()
{
#ifndef Q_OS_MACOS
    if (!qApp || qApp->findChild<MnemonicGuard *>(QString(), Qt::FindDirectChildrenOnly))
        return;
    qApp->installEventFilter(new MnemonicGuard(qApp));
#endif
}

bool MnemonicGuard::wouldType(const QObject *receiver, const QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return false;
    const auto *key = static_cast<const QKeyEvent *>(event);
    const Qt::KeyboardModifiers modifiers = key->modifiers() & ~(Qt::ShiftModifier | Qt::KeypadModifier);
    if (modifiers != Qt::AltModifier || key->text().isEmpty() || !key->text().at(0).isPrint())
        return false;
    const auto *widget = qobject_cast<const QWidget *>(receiver);
    if (!widget)
        return false;
    if (const auto *edit = qobject_cast<const QLineEdit *>(widget))
        return !edit->isReadOnly();
    if (const auto *edit = qobject_cast<const QTextEdit *>(widget))
        return !edit->isReadOnly();
    if (const auto *edit = qobject_cast<const QPlainTextEdit *>(widget))
        return !edit->isReadOnly();
    // A spin box or an editable combo box types into a line edit of its own, which the key is
    // sent to first; their own widget is not a field.
    return false;
}

bool MnemonicGuard::eventFilter(QObject *watched, QEvent *event)
{
    // Eaten: no shortcut took the key (they come first), so it would only be typed.
    if (wouldType(watched, event))
        return true;
    return QObject::eventFilter(watched, event);
}

} // namespace ledger::app
