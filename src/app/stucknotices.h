#pragma once
// When the console tells its operator that transactions became stuck: the decision, apart from
// the tray and the window (StuckNoticer shows it), over readings of the stuck ids nobody else
// claimed (operations/stuckwatch.h) and a clock the caller gives.
//
// - What was stuck at the first reading after a store opened is no news: the navigator shows it.
// - What the operator sees become stuck (the Stuck view on screen, the window active) is not told.
// - Otherwise what became stuck is told, at most once per `minGapMs`, as one notice saying how
//   many; what was repaired or claimed before its notice is dropped from it.
//
// Pure; used on the GUI thread.

#include <QSet>
#include <QString>

#include <optional>

namespace ledger::app {

class StuckNotices {
public:
    explicit StuckNotices(qint64 minGapMs = 5 * 60 * 1000);

    // A reading (`complete`: of every stuck one, not the newest first few); `looking`: the
    // operator has the Stuck view in front of them. How many transactions to tell of now (0: no
    // notice).
    int observe(const QSet<QString> &unclaimedStuck, bool complete, bool looking, qint64 nowMs);
    // Another store: the next reading is a first one again.
    void reset();

private:
    qint64 m_minGapMs;
    bool m_first = true;
    QSet<QString> m_known;   // seen: told of, waiting to be, or seen by the operator
    QSet<QString> m_waiting; // became stuck, not told yet
    std::optional<qint64> m_lastNoticeMs;
};

} // namespace ledger::app
