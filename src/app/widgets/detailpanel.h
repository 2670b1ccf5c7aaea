#pragma once
// The detail panel: one transaction's document, legs, accounts and journal timeline, loaded in
// the background whenever the selection changes (or the store does), with links to the related
// transaction and the accounts. Ages and leases tick on between loads.
//
// Threading: GUI thread only.

#include "../jobrunner.h"
#include "operations/transactiondetail.h"

#include <QElapsedTimer>
#include <QTimer>
#include "timestyle.h"

#include <QWidget>
#include <optional>

class QTextBrowser;

namespace ledger::app {

class DetailPanel : public QWidget {
    Q_OBJECT
public:
    explicit DetailPanel(QWidget *parent = nullptr);

    void setJobRunner(JobRunner *jobs, int scale);
    void showTransaction(const QString &txId);
    // Reloads what is shown (after a change in the store).
    void refresh();
    const QString &transactionId() const { return m_txId; }
    QString shownHtml() const;
    // Local time or UTC (View ▸ Times in UTC); shows what is there again in it.
    void setTimeStyle(TimeStyle style);

Q_SIGNALS:
    void transactionLinkActivated(const QString &txId);
    void accountLinkActivated(const QString &accountId);
    void loaded();

private:
    void showMessage(const QString &text);
    void render();

    JobRunner *m_jobs = nullptr;
    int m_scale = 2;
    TimeStyle m_times = TimeStyle::Local;
    QString m_txId;
    quint64 m_generation = 0;
    QTextBrowser *m_browser;
    std::optional<TransactionDetail> m_detail; // what is shown, while a transaction is
    QElapsedTimer m_sinceLoad;
    QTimer m_tick;
};

} // namespace ledger::app
