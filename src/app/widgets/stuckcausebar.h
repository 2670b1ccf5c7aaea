#pragma once
// The Stuck view's grouping (operations/stuckcauses.h): a list of causes — state and last
// error's code word, with counts — to narrow the table to one group, and a button that repairs
// every transaction shown (resume or cancel) through the usual repair dialog.
// Threading: GUI thread only.

#include "ledger/statemachine.h"
#include "operations/stuckcauses.h"

#include <QWidget>
#include <optional>

class QAction;
class QComboBox;
class QToolButton;

namespace ledger::app {

class StuckCauseBar : public QWidget {
    Q_OBJECT
public:
    // The list of causes keeps room for this many characters of the chosen one.
    static constexpr int kCauseMinChars = 24;

    explicit StuckCauseBar(QWidget *parent = nullptr);

    // Shows these groups, keeping the chosen one when it is still there (else: every cause).
    void setCauses(const StuckCauses &causes);
    // The group chosen; nullopt: every cause.
    std::optional<StuckCause> chosen() const;
    // Chooses the group of (state, cause), if listed.
    bool choose(TxState state, const QString &cause);
    QComboBox *combo() const { return m_combo; }
    QToolButton *repairButton() const { return m_repair; }
    // A cause as the operator reads it: "insufficient-funds", "no error (its worker stopped)",
    // "other errors (…)".
    static QString causeText(const QString &cause);

    // The group repairs offered for what is shown (resume, cancel): only what its state allows.
    QAction *resumeAction() const { return m_resume; }
    QAction *cancelAction() const { return m_cancel; }

Q_SIGNALS:
    void chosenChanged();
    void repairRequested(OperatorAction action);

private:
    void updateRepairs();
    static QString repairTip();

    QComboBox *m_combo;
    QAction *m_resume;
    QAction *m_cancel;
    QToolButton *m_repair;
    QList<StuckCause> m_groups;
};

} // namespace ledger::app
