#pragma once
// How a lake's files are cut, and the size words of its options ("64MB", "512KiB").
//
// Thread-safety: plain values and pure functions; any thread.

#include "ledger/result.h"

#include <QString>

namespace ledger::lake {

struct LakeOptions {
    qint64 maxFileBytes = 64'000'000;        // before compression, as Firehose counts ("64MB")
    qint64 maxAgeMs = 5 * 60 * 1000;         // an open file is closed this long after its first line
    qint64 maxOpenBytes = qint64(256) << 20; // compressed, every shard's open file together
    int page = 1000;
    int level = 6; // gzip's
};

inline constexpr qint64 kMinFileBytes = 1000;

// Bytes: a whole number with an optional unit B, KB, MB, GB (powers of 1000) or KiB, MiB, GiB
// (of 1024), case-insensitive; invalid-argument naming `option` otherwise, or below 1 KB.
Result<qint64> parseByteSize(const QString &text, const QString &option);

} // namespace ledger::lake
