#pragma once
// ledgerd's configuration file (--config FILE, "ledgerd.conf"): today its [approvals] section, the
// four-eyes rules (operations/approvalrules.h). Read at start — a file that does not read ends
// ledgerd before it listens — and again on SIGHUP, when a file that does not read keeps the rules
// in force (and says why on stderr). The rules in force are one value for the whole process.
//
// Threading: current() from any thread (the handlers' workers); load() and set() from the main thread.

#include "operations/approvalrules.h"

#include <QString>

namespace ledger::api {

class ApprovalConfig {
public:
    // The file's rules for a ledger of `scale`. Errors: `invalid-argument` (or the value's own code word)
    // naming the file and the line (a missing or unreadable file too).
    static Result<ApprovalRules> load(const QString &path, int scale);
    // The rules every handler holds repairs and transfers to from now on.
    static void set(const ApprovalRules &rules);
    static ApprovalRules current();
};

} // namespace ledger::api
