#pragma once
// Crash points for the kill tests: LEDGER_LAKE_CRASH_AT=POINT[:N] ends the process at once
// (std::_Exit, status 86 as LEDGER_CRASH_AFTER) the Nth time (default the first) it reaches POINT:
//   tmp-written         a folder file written and synced under its temporary name, not renamed
//   part-uploaded       an S3 multipart upload's first part sent, not completed
//   published           a file visible, the checkpoint not yet written
//   checkpoint-written  the checkpoint written
// Unset, nothing happens. Thread-safety: any thread.

namespace ledger::lake {

void crashPoint(const char *point);

} // namespace ledger::lake
