#pragma once
// The writes being answered right now, by caller and idempotency key. A client that lost an
// answer sends the same request again, perhaps while its first sending is still running here: the
// second waits for the first to end, then finds what it did in the journal and answers from that
// (operations/requestreplay.h), instead of racing it to the same document.
//
// Thread-safety: every member may be called from any pool thread.

#include <QMutex>
#include <QSet>
#include <QString>
#include <QWaitCondition>

namespace ledger::api {

class InFlightRequests {
public:
    // Holds (name, key) while it lives; held() is false when another holder kept it past the wait,
    // or another sending already waits for it.
    class Hold {
    public:
        Hold(InFlightRequests &requests, const QString &name, const QString &key, int waitMs);
        ~Hold();
        Hold(const Hold &) = delete;
        Hold &operator=(const Hold &) = delete;
        bool held() const { return m_held; }

    private:
        InFlightRequests &m_requests;
        QString m_entry;
        bool m_held = false;
    };

    // The one set of this process (ledgerd answers every request of its store through it).
    static InFlightRequests &instance();

private:
    QMutex m_mutex;
    QWaitCondition m_ended;
    QSet<QString> m_running; // name + '\n' + key: a name has no line break
    QSet<QString> m_waiting; // those a second sending waits for
};

} // namespace ledger::api
