#include "stucknotices.h"

namespace ledger::app {

StuckNotices::StuckNotices(qint64 minGapMs)
    : m_minGapMs(minGapMs)
{}

void StuckNotices::reset()
{
    m_first = true;
    m_known.clear();
    m_waiting.clear();
}

int StuckNotices::observe(const QSet<QString> &unclaimedStuck, bool complete, bool looking, qint64 nowMs)
{
    // Forget what is no longer stuck (or was claimed): should it become stuck again, it is news.
    // A reading of only the newest stuck ones says nothing of the older ones it did not reach.
    if (complete) {
        m_known.intersect(unclaimedStuck);
        m_waiting.intersect(unclaimedStuck);
    }
    if (m_first || looking) {
        m_first = false;
        m_known.unite(unclaimedStuck);
        m_waiting.clear();
        return 0;
    }
    for (const QString &id : unclaimedStuck) {
        if (!m_known.contains(id)) {
            m_known.insert(id);
            m_waiting.insert(id);
        }
    }
    if (m_waiting.isEmpty() || (m_lastNoticeMs && nowMs - *m_lastNoticeMs < m_minGapMs))
        return 0;
    const int n = int(m_waiting.size());
    m_waiting.clear();
    m_lastNoticeMs = nowMs;
    return n;
}

} // namespace ledger::app
