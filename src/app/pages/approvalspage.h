#pragma once
// The Awaiting approval page (four eyes, docs/DESIGN.md §11): the approval requests, newest first,
// pending ones by default or all of them; the one selected shown whole (what the requester was
// shown, both people's names and times, the reasons, the outcome) with Approve and Reject. The
// buttons are offered only where the service would take the decision: a console signed in to
// ledgerd (the embedded store decides none), a request pending and not expired, someone other
// than its requester, a role the rules let decide — else disabled, their tooltip saying why.
// Decisions run off the GUI thread; a refusal is said on the page with its code word
// (approval-stale with what changed, approval-decided, approval-expired, forbidden).
//
// The page also counts what is pending for the navigator (counted()), read again on every change
// the console is told of, as the other counts are.
//
// Threading: GUI thread only; every call to the ledger runs as a job.

#include "../backgroundjob.h"
#include "../widgets/timestyle.h"
#include "../widgets/tones.h"
#include "store/tallies.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSplitter;
class QTableView;
class QTextBrowser;

namespace ledger::app {

class ApprovalTableModel;
class DecisionDialog;

class ApprovalsPage : public QWidget {
    Q_OBJECT
public:
    // A listing reads at most this many requests (ledgerd's largest page); the count says
    // "1,000+" when the pending ones fill it.
    static constexpr int kListingLimit = 1000;

    explicit ApprovalsPage(StoreSession *session, QWidget *parent = nullptr);

    ApprovalTableModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QComboBox *stateChoice() const { return m_states; }
    QPushButton *approveButton() const { return m_approve; }
    QPushButton *rejectButton() const { return m_reject; }
    QSplitter *splitter() const { return m_splitter; }
    // The selected request as shown (plain text), and what the page last said of a decision.
    QString detailText() const;
    QString messageText() const;
    QString currentId() const { return m_current; }
    bool isBusy() const;

    // Reads the listing again (keeping the selected request selected while it is listed).
    void refresh();
    // Reads the pending count again (the navigator's).
    void refreshCount();
    void setTimeStyle(TimeStyle style);
    // Selects `id` when it is listed; true if so.
    bool selectRequest(const QString &id);
    // Selects `id` once the next listing has it (a request just made).
    void selectWhenListed(const QString &id) { m_wanted = id; }
    // Approve or Reject as the buttons do: the decision dialog for the selected request (null when
    // the button is disabled). Accepting it runs the decision.
    DecisionDialog *openDecision(bool approve);

Q_SIGNALS:
    void counted(const ledger::Tally &pending);
    void loaded();
    // A decision came back: ok, or refused (`message` says how, with its code word).
    void decided(bool ok, const QString &message);
    void transactionLinkActivated(const QString &txId);

private:
    void showCurrent();
    void updateButtons();
    void decide(const QString &id, bool approve, const QString &reason);
    void say(const QString &html, std::optional<Tone> tone);
    // Why the selected request cannot be decided here ("" when it can).
    QString cannotDecide() const;
    void clear();

    StoreSession *m_session;
    ApprovalTableModel *m_model;
    BackgroundJob m_listJob;
    BackgroundJob m_countJob;
    BackgroundJob m_decideJob;
    QComboBox *m_states;
    QLabel *m_summary;
    QSplitter *m_splitter;
    QTableView *m_table;
    QTextBrowser *m_detail;
    QPushButton *m_approve;
    QPushButton *m_reject;
    QLabel *m_message;
    QString m_current; // the selected request's id
    QString m_wanted;  // selectWhenListed's
    TimeStyle m_timeStyle = TimeStyle::Local;
};

} // namespace ledger::app
