#pragma once
// The data lake's writer: every finished transaction of a store, once, in gzip JSON-lines files
// under dt=YYYY-MM-DD/ (lakelayout.h), in a folder or an S3 bucket (lakesink.h). `ledgerctl lake
// sync` runs it once; `ledgerd --lake` keeps it running (LakeLoop).
//
// Exactly once, by names and one checkpoint (docs/DESIGN.md "The data lake"):
// - Per shard, the lake's files form a chain of feed positions (0,l0] (l0,l1] …; a file's name
//   says which positions it holds, and a file becomes visible only whole (LakeSink).
// - Lines are read from the shard's feed after the chain's end; a file is closed (made visible)
//   on a new UTC day, at the size limit, at the age limit, or at the end; then the checkpoint
//   records the chain's end. Lines not yet in a visible file are only in memory: a crash loses
//   them, and the next run reads them again from the chain's end.
// - Opening adopts what a crash left between a file and its checkpoint: while a visible file
//   starts where a shard's chain ends, the chain goes on through it. So a position is never in
//   two visible files, and a file is never written over another (create-only, on S3 too where
//   the server honours If-None-Match).
// - One writer at a time (the folder's lock; one per bucket prefix is the rule on S3).
//
// Thread-safety: one thread; the Store given is used on it only, for the object's life.

#include "interchange/changefeed.h"
#include "lake/lakelayout.h"
#include "lake/lakeoptions.h"
#include "lake/lakesink.h"

#include <QElapsedTimer>

#include <functional>
#include <memory>
#include <optional>

namespace ledger::lake {

class GzipWriter;

struct LakeTotals {
    qint64 events = 0;
    qint64 files = 0;
    qint64 bytes = 0; // compressed
};

// How far behind the lake's visible files are.
struct LakeLag {
    qint64 events = 0;               // counted up to kLagCountLimit
    bool atLeast = false;            // more than counted
    std::optional<QDateTime> oldest; // the finish time of the oldest transaction not in the lake
    static constexpr int kLagCountLimit = 10000;
};

class LakeSync {
public:
    // Opens the sink (lock or probe), reads the checkpoint, checks it fits the store
    // (lake-mismatch), adopts visible files past it and clears what crashed writes left. Writes
    // the schema when the lake has none. `storeName`: the store as users know it.
    static Result<std::unique_ptr<LakeSync>> open(Store &store, std::unique_ptr<LakeSink> sink, const QString &storeName,
                                                  const LakeOptions &options = {});
    ~LakeSync();

    // Reads every shard's finishes up to `until` (inclusive), closing files as lakesync.h says,
    // and writes the checkpoint when a file became visible. What it added to the visible lake.
    // `stopRequested` (optional) is asked between pages: a long backfill stops there (its open
    // files then closed by closeAll()).
    Result<LakeTotals> pass(const FeedCursor &until, const std::function<bool()> &stopRequested = {});
    // Closes every open file and writes the checkpoint: everything read is in the lake.
    Result<LakeTotals> closeAll();
    // Files whose age is over: pass() with nothing new (ledgerd's tick).
    bool hasOpenFiles() const;

    const LakeCheckpoint &checkpoint() const { return m_checkpoint; }
    FeedCursor readPosition() const { return m_read; }
    int adopted() const { return m_adopted; }
    // Called after each page read (on this thread), with the events read by this object so far.
    void setProgress(std::function<void(qint64 read)> progress) { m_progress = std::move(progress); }
    int leftoversCleared() const { return m_leftovers; }
    // Finishes the store gave a second time (Store::earlierPositions) found in the lake already.
    qint64 repeatsSkipped() const { return m_repeatsSkipped; }
    Result<LakeLag> lag();

private:
    struct OpenFile;
    LakeSync(Store &store, std::unique_ptr<LakeSink> sink, const LakeOptions &options);
    Error adopt(const QStringList &names);
    Error close(int shard, LakeTotals &added);
    Error closeLargest(LakeTotals &added);
    Error readCheckpoint();
    Error adoptAfterFailure();
    // The first day a file after the checkpoint can be on ("" for every day).
    QString listFrom() const;
    // The visible names from listFrom(), listed once until a file is made.
    Result<QStringList> visibleNames();
    Result<bool> alreadyInLake(int shard, const FeedEvent &event);
    Error writeCheckpoint();

    Store &m_store;
    std::unique_ptr<LakeSink> m_sink;
    LakeOptions m_options;
    int m_scale = 2;
    LakeCheckpoint m_checkpoint;
    FeedCursor m_read; // per shard, the last position read (in a visible file or an open one)
    std::vector<std::unique_ptr<OpenFile>> m_open;
    int m_adopted = 0;
    int m_leftovers = 0;
    qint64 m_eventsRead = 0;
    bool m_repeats = false; // the store may give a finish twice (Store::givesFinishesTwice)
    qint64 m_repeatsSkipped = 0;
    bool m_mustAdopt = false; // a create failed: its file may be visible all the same
    std::optional<QStringList> m_names;
    std::function<void(qint64)> m_progress;
};

// What `ledgerctl lake status` reports: read only (no lock, nothing written).
struct LakeReport {
    LakeCheckpoint checkpoint; // empty when the lake has none
    bool hasCheckpoint = false;
    LakeTotals visible; // the files listed (events: the checkpoint's)
    QString newestFile;
    QStringList problems; // chain gaps, overlaps, files past the checkpoint
    LakeLag lag;
};
Result<LakeReport> lakeReport(Store &store, LakeSink &sink);

} // namespace ledger::lake
