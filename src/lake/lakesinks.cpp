#include "lake/lakesinks.h"

#include "lake/foldersink.h"
#include "lake/s3sink.h"

namespace ledger::lake {

Result<std::unique_ptr<LakeSink>> sinkOf(const LakeLocation &location)
{
    if (location.kind == LakeLocation::Kind::Folder)
        return std::unique_ptr<LakeSink>(std::make_unique<FolderSink>(location.folder));
    auto s3 = S3Sink::make(location);
    if (!s3.ok())
        return s3.error();
    return std::unique_ptr<LakeSink>(std::move(*s3));
}

} // namespace ledger::lake
