#pragma once
// The Operator actions page: the journal's operator actions (repairs, account changes, transfers
// issued, or all, claims and notes included) with a text filter; Enter on a row shows the
// transaction or account it acted on.
//
// Threading: GUI thread only.

#include "../consoleactions.h"
#include "../widgets/timestyle.h"

#include <QHash>
#include <QWidget>

class QComboBox;

namespace ledger::app {

class JournalModel;
class StoreSession;
class TablePage;

class ActionsPage : public QWidget {
    Q_OBJECT
public:
    ActionsPage(StoreSession *session, ConsoleActions *actions, QWidget *parent = nullptr);

    TablePage *list() const { return m_list; }
    JournalModel *model() const { return m_model; }
    QComboBox *kindChoice() const { return m_kind; }
    void refresh();
    void setTimeStyle(TimeStyle style);
    bool isBusy() const;

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void accountLinkActivated(const QString &accountId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    static constexpr int kWhyMinChars = 20;  // Why keeps this much in sight, …
    static constexpr int kWordsMinChars = 9; // … taken from who and the state, down to this
    void applyFilter();
    // Gives Why a readable width inside the viewport (the table's viewport resized).
    void keepWhyInSight();

    QHash<int, int> m_preferredWidths; // by column: what it holds whole, in the font in use
    ConsoleActions *m_actions;
    JournalModel *m_model;
    TablePage *m_list;
    QComboBox *m_kind;
};

} // namespace ledger::app
