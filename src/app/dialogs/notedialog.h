#pragma once
// Add note: one line on a transaction, kept in its journal with the operator's name (as `ledgerctl
// note` takes it; ledger/remarks.h). How long a note may be is said while it is typed — a count
// against the limit beside the field — and Add waits while the note is empty, too long or holds
// what a note may not, with why in the ledger's words. A note refused by the store comes back in
// a new dialog with its text as typed, the cursor at its end and nothing selected (the next key
// must not erase it), and the refusal said until the note is edited.
//
// Threading: GUI thread only.

#include "ledger/errors.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace ledger::app {

class NoteDialog : public QDialog {
    Q_OBJECT
public:
    explicit NoteDialog(const QString &txId, QWidget *parent = nullptr);

    // The note as typed so far, kept whole, its cursor at its end, nothing selected.
    void setText(const QString &text);
    // Why the store refused this note; said until the note is edited.
    void setRefusal(const Error &refusal);

    QString text() const;
    QLineEdit *edit() const { return m_edit; }
    QPushButton *addButton() const { return m_add; }
    // For tests: the count beside the field ("12 / 500") and the problem said ("" when none).
    QString countText() const;
    QString problemText() const;

    void accept() override;

protected:
    void showEvent(QShowEvent *event) override;

Q_SIGNALS:
    // Add was pressed on a note that may be written (trimmed).
    void noteChosen(const QString &note);

private:
    void update();
    void growToFit();

    QLineEdit *m_edit;
    QLabel *m_count;
    QLabel *m_problem;
    QPushButton *m_add;
    Error m_refusal;
    QString m_refused; // the text the refusal was about
};

} // namespace ledger::app
