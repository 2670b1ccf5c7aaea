#pragma once
// The preview of a repair: which transactions will be repaired and how they should end, which
// are skipped and why, and every account's balance, pending and available before and after.
// Used by the repair dialog and the guided repair; Recover all shows its accounts alike.
// Threading: GUI thread only.

#include "operations/repairplan.h"
#include "tones.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace ledger::app {

// "100.00 → 90.00", or "100.00" when nothing changes: how a preview shows an amount's before
// and after (the repair preview, and Recover all's accounts).
QString changeText(qint64 before, qint64 after, int scale);
// What a claim said, as the repair dialogs quote it after who claimed it: " (“on the phone”)".
QString claimWordsHtml(const QString &text);
// Who else claimed which of the plan's eligible transactions recently (ledger/remarks.h), as the
// repair dialogs warn before repairing: "" when nobody but `operatorName`.
QString claimWarningHtml(const RepairPlan &plan, const QString &operatorName);

class RepairPreview : public QWidget {
    Q_OBJECT
public:
    explicit RepairPreview(QWidget *parent = nullptr);
    void setPlan(const RepairPlan &plan, int scale);
    void showMessage(const QString &text);
    // After the repair: the summary no longer speaks of a plan ("nothing has been changed yet").
    void setRepaired();
    // After the repair: what each transaction really became, in the tone of how it went.
    void setOutcome(const QString &txId, const QString &outcome, Tone tone);
    // What setOutcome said of `txId` ("" before the repair, or for an id not in the plan).
    QString outcomeOf(const QString &txId) const;
    const RepairPlan &plan() const { return m_plan; }
    // What the accounts part says when no account changes ("" while the table shows).
    QString noAccountsText() const;

private:
    RepairPlan m_plan;
    QLabel *m_summary;
    QTableWidget *m_transactions;
    QTableWidget *m_accounts;
    QLabel *m_accountsTitle;
    QLabel *m_noAccounts; // said instead of an empty table: nothing held, no money moves
};

} // namespace ledger::app
