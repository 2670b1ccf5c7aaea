#pragma once
// One account as the account panel shows it (HTML): the document (status, balance, available,
// pending), the holds it carries for transactions in flight with links to them ("tx:<id>"), and
// its history (who froze, unfroze or closed it, when and why).
// Threading: GUI thread (its colours come from the application's palette, widgets/tones.h).

#include "operations/accountdetail.h"
#include "timestyle.h"

namespace ledger::app {

QString accountHtml(const AccountDetail &detail, int scale, TimeStyle times = TimeStyle::Local);

} // namespace ledger::app
