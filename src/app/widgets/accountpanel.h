#pragma once
// The account panel: one account's document, its holds for transactions in flight (links to
// them) and its history, loaded in the background whenever the selection changes (or the store
// does).
//
// Threading: GUI thread only.

#include "../jobrunner.h"
#include "operations/accountdetail.h"
#include "timestyle.h"

#include <QWidget>
#include <optional>

class QTextBrowser;

namespace ledger::app {

class AccountPanel : public QWidget {
    Q_OBJECT
public:
    explicit AccountPanel(QWidget *parent = nullptr);

    void setJobRunner(JobRunner *jobs, int scale);
    void showAccount(const QString &accountId);
    // Reloads what is shown (after a change in the store).
    void refresh();
    const QString &accountId() const { return m_accountId; }
    QString shownHtml() const;
    // Local time or UTC (View ▸ Times in UTC); shows what is there again in it.
    void setTimeStyle(TimeStyle style);

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void loaded();

private:
    void showMessage(const QString &text);
    void render();

    JobRunner *m_jobs = nullptr;
    int m_scale = 2;
    TimeStyle m_times = TimeStyle::Local;
    std::optional<AccountDetail> m_detail; // what is shown, while an account is
    QString m_accountId;
    quint64 m_generation = 0;
    QTextBrowser *m_browser;
};

} // namespace ledger::app
