#pragma once
// The detail panel: one transaction's document, legs, accounts and journal timeline
// (operations/transactiondetail.h), with links to the related transaction and the accounts.
//
// Threading: GUI thread only.

#include "documentpanel.h"
#include "operations/transactiondetail.h"

#include <optional>

namespace ledger::app {

class DetailPanel : public DocumentPanel {
    Q_OBJECT
public:
    explicit DetailPanel(StoreSession *session, QWidget *parent = nullptr);

    void showTransaction(const QString &txId) { showDocument(txId); }
    const QString &transactionId() const { return documentId(); }

protected:
    void load(BackgroundJob &job, const QString &id) override;
    QString html(qint64 sinceLoadMs) const override;
    void forget() override { m_detail.reset(); }

private:
    std::optional<TransactionDetail> m_detail;
};

} // namespace ledger::app
