#pragma once
// New account: its id, its name and an opening balance (a transfer from @world, as `ledgerctl
// account create ID --name N --balance X` makes it), each checked as typed with the ledger's own
// rules; created in the background; a refusal (the id is taken) stays in the dialog.
//
// Threading: GUI thread only; the account is created as a job.

#include "../jobrunner.h"
#include "../storesession.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;

namespace ledger::app {

class NewAccountDialog : public QDialog {
    Q_OBJECT
public:
    // Of the store `session` has open (its jobs and scale); made only while one is.
    explicit NewAccountDialog(StoreSession *session, QWidget *parent = nullptr);

    QLineEdit *idEdit() const { return m_id; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *balanceEdit() const { return m_balance; }
    QPushButton *createButton() const { return m_create; }
    // Creates the account (what the Create button does).
    void create();

Q_SIGNALS:
    // The account exists now.
    void created(const QString &accountId);

private:
    // The first problem with what is typed, or ok.
    Error problem() const;
    void update();

    JobRunner *m_jobs;
    int m_scale;
    QLineEdit *m_id;
    QLineEdit *m_name;
    QLineEdit *m_balance;
    QLabel *m_error;
    QPushButton *m_create;
    bool m_running = false;
};

} // namespace ledger::app
