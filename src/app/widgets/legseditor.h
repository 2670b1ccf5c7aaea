#pragma once
// The legs of a transaction over several accounts, as the transfer dialog edits them: one row per
// leg (debit or credit, account, amount, remove), "Add leg" below, and one line that says what is
// wrong (a leg's field, or debits and credits that do not add up) with the same rules and words
// as `ledgerctl transfer --from/--to` (protocol/transferinput.h). The rows scroll: the editor asks
// for room for all of them, takes what its window can give (a dialog fitted to the screen), and a
// leg added is scrolled into sight.
//
// Threading: GUI thread only.

#include "protocol/transferinput.h"

#include <QPointer>
#include <QWidget>

class QAbstractItemModel;
class QGridLayout;
class QLabel;
class QPushButton;
class QScrollArea;

namespace ledger::app {

class LegsEditor : public QWidget {
    Q_OBJECT
public:
    explicit LegsEditor(int scale, QWidget *parent = nullptr);

    // Accounts to complete from (the dialog's list).
    void setCompletionModel(QAbstractItemModel *accounts);
    void setLegs(const QList<LegInput> &legs);
    QList<LegInput> legs() const;
    int legCount() const { return int(m_rows.size()); }
    // Adds an empty leg (a credit unless there is no debit yet) and puts the cursor in it.
    void addLeg();
    // What is wrong, shown under the rows ("" hides it); for tests, the text shown.
    void showProblem(const Error &problem);
    QString problem() const;
    // The code word of what is wrong ("" when nothing is).
    QString problemCode() const;
    // The sums of each side as typed (amounts that do not parse count as zero).
    QString totals() const;

    // The row of leg `index`'s account (for tests: the field a leg's focus goes to).
    QWidget *accountField(int index) const;

Q_SIGNALS:
    void changed();
    // A leg was added or removed: the editor wants another height.
    void rowsChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    struct Row;
    void removeLeg(int index);
    void relayout();

    int m_scale;
    QAbstractItemModel *m_completion = nullptr;
    QGridLayout *m_grid;
    QScrollArea *m_rowsArea;
    QList<Row *> m_rows;
    QPushButton *m_add;
    QLabel *m_totals;
    QLabel *m_problem;
    QPointer<QWidget> m_inSight; // the leg added last, kept in sight as the rows are laid out
};

} // namespace ledger::app
