#pragma once
// The second click of a double click on a button whose first click closes its dialog lands on
// whatever was under the dialog: the transfer dialog's Transfer double-clicked selected the table
// row beneath it, while the status bar named the transaction just made (the window selects that
// one). Armed once the dialog closes on a click of the button, the guard eats what completes that
// double click — a press or double-click within the platform's double-click interval and distance
// of the button's press, on the window the dialog stood over, and its release — and nothing else;
// then it goes.
// Threading: GUI thread only.

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QPointer>

class QAbstractButton;
class QWidget;

namespace ledger::app {

class StrayClickGuard : public QObject {
    Q_OBJECT
public:
    // Watches the presses on `button` (a child of the dialog, as the guard is until armed).
    explicit StrayClickGuard(QAbstractButton *button);
    // The dialog closes: from now on, for the double-click interval, if the button was pressed by
    // the mouse (a keyboard's Return leaves nothing to guard). The guard outlives the dialog.
    void arm();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QPointer<QAbstractButton> m_button;
    QPointer<QWidget> m_beneath; // the window the dialog stood over
    QPointF m_pressedAt;         // global
    bool m_pressed = false;
    bool m_armed = false;
    int m_eaten = 0; // presses eaten whose release is still to come
    QElapsedTimer m_since;
};

} // namespace ledger::app
