#pragma once
// The data lake's layout (README "Data lake"):
//   _schema.json                  the JSON Schema of a line
//   _checkpoint.json              how far the lake got: one feed position per shard
//   dt=YYYY-MM-DD/sNN-AFTER-LAST.ndjson.gz
// A file holds exactly the finished transactions of shard NN whose feed position (journal seq)
// is greater than AFTER and at most LAST, all of them finished on that UTC day, one JSON object
// a line, gzip-compressed. Per shard the files form a chain (0,l0] (l0,l1] … with no gap and no
// overlap: a name says what it holds, so a file written again after a crash has the same name.
// Names sort by position (19 digits each); `_` and `.` files are skipped by Hive-style readers.
//
// Thread-safety: plain values and pure functions; any thread.

#include "interchange/changefeed.h"
#include "ledger/result.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace ledger::lake {

inline const QString kCheckpointName = QStringLiteral("_checkpoint.json");
inline const QString kSchemaName = QStringLiteral("_schema.json");

struct LakeFileName {
    QString day; // YYYY-MM-DD (UTC)
    int shard = 0;
    qint64 after = 0;
    qint64 last = 0;

    QString name() const; // dt=DAY/sNN-AFTER-LAST.ndjson.gz
    // The parts of a name of that form; nothing for any other name (the checkpoint, a temporary
    // file, someone else's file).
    static std::optional<LakeFileName> parse(const QString &name);
};

// The UTC day a finish falls on, as the dt= partition names it.
QString dayOf(const QDateTime &at);

struct LakeCheckpoint {
    int shards = 1;
    FeedCursor cursor; // per shard, the LAST of its newest file (0: none)
    qint64 events = 0; // in the lake's files, all runs together
    qint64 files = 0;
    qint64 bytes = 0; // compressed
    QStringList days; // per shard, the day of its newest file ("" before the first)
    QDateTime updated;
    QString writer; // host:pid of the sync that wrote it
    QString store;  // the store it was written from, as shown to users
    // A day before those the chains' newest files are on, where a file is about to be made
    // (finish times that went back): a run after a crash lists from there too. "" when none.
    QString lookFrom;

    static LakeCheckpoint empty(int shards);
    QByteArray toJson() const;
    // lake-mismatch when the bytes are not a checkpoint of this format (`where` names it).
    static Result<LakeCheckpoint> fromJson(const QByteArray &json, const QString &where);
};

// The JSON Schema (2020-12) of one line, amounts with `scale` decimals.
QByteArray lakeSchemaJson(int scale);

// One event as its line (no cursor: shard and seq place it), ending in '\n'.
QByteArray lakeLine(const FeedEvent &event, int scale);

} // namespace ledger::lake
