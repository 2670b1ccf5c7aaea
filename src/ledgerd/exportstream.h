#pragma once
// An export's bytes on their way from the worker that reads the rows (interchange/tableexport.h,
// in one snapshot) to the client's socket, which only the event loop's thread may touch.
//
// The worker writes into an ExportDevice, which hands them on a chunk (64 KiB) at a time; the
// front writes each chunk to the socket and says how much is still unsent. While more than
// kExportUnsentMark is (the client reads slower than the store), the worker waits — the store is
// the buffer, as for the feed — so an export of any size holds a chunk, what the socket holds and
// a page of rows, never the whole. A client that takes nothing for kExportStallMs while the
// worker waits is cut; one that leaves ends the export at its next write.
//
// Threading: ExportChannel is shared by the two threads (its members are guarded); an
// ExportDevice belongs to its worker.

#include <QByteArray>
#include <QIODevice>
#include <QMutex>
#include <QWaitCondition>

#include <atomic>
#include <functional>
#include <memory>

namespace ledger::api {

constexpr qint64 kExportChunkBytes = 64 * 1024;
constexpr qint64 kExportUnsentMark = 512 * 1024;
constexpr int kExportStallMs = 60'000;

class ExportChannel {
public:
    // --- The worker's side ---
    // Waits while more than the mark is unsent; false when the channel is closed (the client
    // left, was cut, the server stops) or nothing moved for `stallMs` (then it is closed).
    bool waitForRoom(qint64 adding, int stallMs = kExportStallMs);
    // --- The event loop's side ---
    // A chunk was written to the socket (`socketUnsent`: what the socket still holds).
    void written(qint64 chunk, qint64 socketUnsent);
    // The socket wrote some out.
    void drained(qint64 socketUnsent);
    // --- Either side ---
    void close();
    bool closed() const { return m_closed; }

private:
    QMutex m_mutex;
    QWaitCondition m_room;
    qint64 m_posted = 0; // handed to the event loop, not yet in the socket
    qint64 m_socketUnsent = 0;
    std::atomic<bool> m_closed{false};
};

class ExportDevice : public QIODevice {
public:
    // `post` hands a chunk to the event loop (queued; it calls ExportChannel::written there).
    ExportDevice(std::shared_ptr<ExportChannel> channel, std::function<void(const QByteArray &chunk)> post);
    // Hands on what is buffered (the export's end). False when the channel is closed.
    bool flushAll();
    // A chunk was handed on: the answer's head is out, so a failure from here can only cut it.
    bool started() const { return m_started; }

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    bool hand(QByteArray chunk);

    std::shared_ptr<ExportChannel> m_channel;
    std::function<void(const QByteArray &)> m_post;
    QByteArray m_buffer;
    bool m_started = false;
};

} // namespace ledger::api
