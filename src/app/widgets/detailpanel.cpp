#include "detailpanel.h"

#include "detailhtml.h"

namespace ledger::app {

DetailPanel::DetailPanel(StoreSession *session, QWidget *parent)
    : DocumentPanel(session, tr("Transaction detail"), tr("Select a transaction to see its document, legs and timeline."), parent)
{}

void DetailPanel::load(BackgroundJob &job, const QString &id)
{
    job.run<Result<TransactionDetail>>([id](LedgerService &ledger) { return ledger.transaction(id); },
                                       [this](Result<TransactionDetail> detail) {
                                           if (!detail.ok())
                                               return loadFailed(detail.error().localized());
                                           m_detail = std::move(detail).value();
                                           loadedOk();
                                       });
}

QString DetailPanel::html(qint64 sinceLoadMs) const
{
    if (!m_detail)
        return QString();
    TransactionDetail d = *m_detail;
    d.now = d.now.addMSecs(sinceLoadMs);
    return detailHtml(d, scale(), timeStyle());
}

} // namespace ledger::app
