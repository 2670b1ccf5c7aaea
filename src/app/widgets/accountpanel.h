#pragma once
// The account panel: one account's document, its holds for transactions in flight (links to
// them) and its history (operations/accountdetail.h).
//
// Threading: GUI thread only.

#include "documentpanel.h"
#include "operations/accountdetail.h"

#include <optional>

namespace ledger::app {

class AccountPanel : public DocumentPanel {
    Q_OBJECT
public:
    explicit AccountPanel(StoreSession *session, QWidget *parent = nullptr);

    void showAccount(const QString &accountId) { showDocument(accountId); }
    const QString &accountId() const { return documentId(); }

protected:
    void load(BackgroundJob &job, const QString &id) override;
    QString html(qint64 sinceLoadMs) const override;
    void forget() override { m_detail.reset(); }

private:
    std::optional<AccountDetail> m_detail;
};

} // namespace ledger::app
