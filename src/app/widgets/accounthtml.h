#pragma once
// One account as the account panel shows it (HTML): the document (status, balance, available,
// pending), the holds it carries for transactions in flight with links to them ("tx:<id>"), and
// its history (who froze, unfroze or closed it, when and why).
// Thread-safety: a pure function.

#include "operations/accountdetail.h"

namespace ledger::app {

QString accountHtml(const AccountDetail &detail, int scale);

} // namespace ledger::app
