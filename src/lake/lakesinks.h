#pragma once
// The sink of a lake location: a folder's or an S3 bucket's.
//
// Thread-safety: any thread; the sink is then used by one.

#include "lake/lakelocation.h"
#include "lake/lakesink.h"

#include <memory>

namespace ledger::lake {

Result<std::unique_ptr<LakeSink>> sinkOf(const LakeLocation &location);

} // namespace ledger::lake
