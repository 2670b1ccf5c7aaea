#pragma once
// Where a lake's files go: a folder (FolderSink) or an S3 bucket (S3Sink). Names are relative to
// the lake's root ("dt=2026-11-22/s00-….ndjson.gz", "_checkpoint.json").
//
// A file becomes visible whole or not at all: a folder's is written under a temporary name,
// synced and renamed; an object is one PUT or one completed multipart upload. That is what makes
// the lake exactly once (lakesync.h): a name seen is a file whole.
//
// Thread-safety: one thread at a time per sink.

#include "ledger/result.h"

#include <QByteArray>
#include <QStringList>

#include <optional>

namespace ledger::lake {

class LakeSink {
public:
    virtual ~LakeSink() = default;
    // Ready to write: the folder exists (made when its parent does) and this process holds its
    // lock (lake-busy when another does), or the bucket answers. Writes no file of the lake.
    // lake-unavailable when it cannot be written or reached, naming why.
    virtual Error open() = 0;
    // Whether there is a lake to read (lake status): the folder is there, or the bucket answers.
    // lake-unavailable otherwise. Takes no lock, writes nothing.
    virtual Error probe() = 0;
    // The lake's visible file names under `dt=` (sorted), those of days from `fromDay` on
    // ("" for all), and the names at the root (the checkpoint, the schema).
    virtual Result<QStringList> list(const QString &fromDay) = 0;
    // A file's bytes; nothing when there is no such file.
    virtual Result<std::optional<QByteArray>> read(const QString &name) = 0;
    // Makes `name` visible with `bytes`, whole. A name that is visible already is left as it is
    // (the same name holds the same transactions): success.
    virtual Error create(const QString &name, const QByteArray &bytes) = 0;
    // Makes `name` hold `bytes` from now on, whole (the checkpoint).
    virtual Error replace(const QString &name, const QByteArray &bytes) = 0;
    // Removes what writes cut short left behind (temporary files, unfinished uploads); how many.
    virtual Result<int> clearLeftovers() = 0;
};

} // namespace ledger::lake
