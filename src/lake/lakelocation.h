#pragma once
// Where a data lake is: a folder, or `s3://BUCKET/PREFIX?endpoint=URL&region=R&profile=P` (the
// credentials as the AWS CLI finds them; endpoint for an S3-compatible server such as MinIO or
// s3rver). Parsing checks the form only: nothing is opened or written.
//
// Thread-safety: plain values; any thread.

#include "ledger/result.h"

#include <QString>

namespace ledger::lake {

struct LakeLocation {
    enum class Kind { Folder, S3 };
    Kind kind = Kind::Folder;
    QString folder; // absolute, for Kind::Folder
    QString bucket;
    QString prefix; // without leading or trailing '/'; may be empty
    QString endpoint;
    QString region;
    QString profile;

    // invalid-location for an unknown scheme (file://, gs://, http://…), a bad bucket name, a
    // user or password in the URL, an unknown or repeated query key, an endpoint that is not an
    // http(s) URL of a server, or an empty text.
    static Result<LakeLocation> parse(const QString &text);
    // The folder, or s3://BUCKET/PREFIX (the query left out: it says how, not where).
    QString display() const;
    // A key of the lake's: PREFIX/name on S3, the folder's relative name otherwise.
    QString keyOf(const QString &name) const { return prefix.isEmpty() ? name : prefix + QLatin1Char('/') + name; }
};

} // namespace ledger::lake
