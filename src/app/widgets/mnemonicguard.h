#pragma once
// Alt+letter is the console's mnemonics (Add &leg, &Transfer, &Memo). When the control a letter
// belongs to is disabled (Add leg with sixteen legs, Transfer while the request is not valid) or
// none has it, Qt hands the key to the field with the focus, and a line edit typed the letter
// into the account, the amount or the memo. The guard, installed once on the application, eats an
// Alt+key press that reaches a text field; keys with Ctrl (AltGr on Windows) or none of Alt
// (AltGr on X11, which composes characters) are left alone, and so is macOS, whose Option key
// types characters.
//
// Threading: GUI thread only.

#include <QObject>

class QEvent;

namespace ledger::app {

class MnemonicGuard : public QObject {
    Q_OBJECT
public:
    // Installs one guard on the application (a second call does nothing).
    static void install();

    // Whether `event`, sent to `receiver`, is an Alt+key press that would be typed into a field.
    static bool wouldType(const QObject *receiver, const QEvent *event);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};

} // namespace ledger::app
