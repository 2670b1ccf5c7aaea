#include "accountpanel.h"

#include "accounthtml.h"

namespace ledger::app {

AccountPanel::AccountPanel(StoreSession *session, QWidget *parent)
    : DocumentPanel(session, tr("Account detail"), tr("Select an account to see its holds and history."), parent)
{}

void AccountPanel::load(BackgroundJob &job, const QString &id)
{
    job.run<Result<AccountDetail>>([id](LedgerService &ledger) { return ledger.accountDetail(id); },
                                   [this](Result<AccountDetail> detail) {
                                       if (!detail.ok())
                                           return loadFailed(detail.error().localized());
                                       m_detail = std::move(detail).value();
                                       loadedOk();
                                   });
}

QString AccountPanel::html(qint64 sinceLoadMs) const
{
    if (!m_detail)
        return QString();
    // The HTML takes its colours from the palette: made here, on the GUI thread.
    AccountDetail d = *m_detail;
    d.now = d.now.addMSecs(sinceLoadMs);
    return accountHtml(d, scale(), timeStyle());
}

} // namespace ledger::app
