#include "lake/lakesinks.h"

#include "lake/foldersink.h"
#include "ledger/message.h"

namespace ledger::lake {

Result<std::unique_ptr<LakeSink>> sinkOf(const LakeLocation &location)
{
    if (location.kind == LakeLocation::Kind::Folder)
        return std::unique_ptr<LakeSink>(std::make_unique<FolderSink>(location.folder));
    return makeError(ErrorCode::Unsupported,
                     Message::translate("ledger", "S3 data lakes are not built yet: %1").arg(Message(location.display())));
}

} // namespace ledger::lake
