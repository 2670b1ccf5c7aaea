#pragma once
// A lake in an S3 bucket, under a prefix (aws/s3client.h). A file becomes visible whole: one PUT,
// or past the part size one multipart upload completed; both create-only (If-None-Match: *), so
// a name that exists already is left as it is. The checkpoint is put over its last version.
//
// One writer per prefix: S3 has no lock, and two syncs of one lake at once (a cron `lake sync`
// beside `ledgerd --lake`) would each write the positions after the checkpoint under names of
// their own — README "The data lake" says to run one; `lake status` reports the overlaps. Uploads
// cut short by a kill stay unfinished (invisible, but billed): a bucket lifecycle rule
// (AbortIncompleteMultipartUpload) removes them.
//
// Thread-safety: one thread at a time.

#include "lake/lakelocation.h"
#include "lake/lakesink.h"

#include <memory>

namespace ledger::aws {
class S3Client;
}

namespace ledger::lake {

class S3Sink final : public LakeSink {
public:
    // Resolves the credentials (as the AWS CLI does); sends nothing. invalid-location for a bad
    // endpoint, lake-unavailable when no credentials or region are found.
    static Result<std::unique_ptr<S3Sink>> make(const LakeLocation &location);
    ~S3Sink() override;

    Error open() override;
    Error probe() override;
    Result<QStringList> list(const QString &fromDay) override;
    Result<std::optional<QByteArray>> read(const QString &name) override;
    Error create(const QString &name, const QByteArray &bytes) override;
    Error replace(const QString &name, const QByteArray &bytes) override;
    Result<int> clearLeftovers() override;

    // Files larger than this go up in parts of it (default 8 MiB; $LEDGER_LAKE_PART_BYTES for tests).
    qint64 partBytes() const { return m_partBytes; }

private:
    S3Sink(const LakeLocation &location, std::unique_ptr<aws::S3Client> client);
    Error unavailable(const Error &e) const;

    LakeLocation m_location;
    std::unique_ptr<aws::S3Client> m_client;
    qint64 m_partBytes;
};

} // namespace ledger::lake
