#pragma once
// For tests only (tst_pgoutcomes): breaking a PostgreSQL connection at chosen statements, to
// show that every unknown outcome is resolved. Kept out of PgConnection's interface: in src/ only
// pgconnection.cpp includes this header, to ask; nothing there sets a hook. When none is set, a
// statement pays one relaxed atomic load.
//
// Thread-safety: process-wide; set it while no store is in use, or from any thread (a mutex
// guards the hook).

#include <functional>

namespace ledger::pgfaults {

// Asked before every statement: the connection may break before the statement is sent (nothing
// happens) or right after its result came back (it happened, but the caller never hears so).
enum class Cut { None, BeforeSending, AfterResult };
using FaultHook = std::function<Cut(const char *sql, bool commits)>;
// Null removes it.
void setFaultHook(FaultHook hook);
// What the hook says for this statement (None without one).
Cut askFaultHook(const char *sql, bool commits);

} // namespace ledger::pgfaults
