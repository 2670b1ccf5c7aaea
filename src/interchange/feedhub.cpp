#include "interchange/feedhub.h"

#include "interchange/jsonformat.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace ledger {

namespace {
constexpr int kRetryMs = 1000; // after a failed read, when to try again
constexpr int kPage = 500;
} // namespace

FeedHub::FeedHub(Store &store, QObject *parent)
    : QObject(parent)
    , m_store(store)
    , m_scale(store.scale())
    , m_end(FeedCursor::start(store.shardCount()))
{
    m_retry.setSingleShot(true);
    m_retry.setInterval(kRetryMs);
    connect(&m_retry, &QTimer::timeout, this, &FeedHub::catchUpAll);
}

Error FeedHub::start()
{
    auto end = feedEnd(m_store, m_end);
    if (!end.ok())
        return end.error();
    m_end = *end;
    return {};
}

Result<int> FeedHub::subscribe(const std::optional<QString> &since, std::function<bool(const QByteArray &)> send)
{
    Subscriber s;
    s.send = std::move(send);
    if (since) {
        auto cursor = FeedCursor::parse(*since, m_store.shardCount());
        if (!cursor.ok())
            return cursor.error();
        s.cursor = *cursor;
    } else {
        if (auto end = feedEnd(m_store, m_end); end.ok())
            m_end = *end;
        s.cursor = m_end;
    }
    const int id = m_nextId++;
    auto &added = m_subscribers.emplace(id, std::move(s)).first->second;
    bool gone = false;
    if (Error e = catchUp(added, &gone); !e.ok()) {
        m_subscribers.erase(id); // what it was sent is not the whole feed: say so, rather than end short
        return e;
    }
    if (gone)
        m_subscribers.erase(id);
    return id;
}

void FeedHub::unsubscribe(int id) { m_subscribers.erase(id); }

QByteArray FeedHub::errorLine(const Error &error)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), json::error(error)}}).toJson(QJsonDocument::Compact);
}

Error FeedHub::catchUp(Subscriber &s, bool *gone)
{
    for (;;) {
        auto events = readFeed(m_store, s.cursor, kPage);
        if (!events.ok()) {
            qWarning("%s", qPrintable(events.error().toString()));
            return events.error();
        }
        for (const FeedEvent &e : *events) {
            if (!s.send(QJsonDocument(feedEventJson(e, m_scale)).toJson(QJsonDocument::Compact))) {
                *gone = true;
                return {};
            }
            s.cursor = e.cursor;
        }
        if (events->size() < kPage)
            return {};
    }
}

void FeedHub::catchUpAll()
{
    for (auto it = m_subscribers.begin(); it != m_subscribers.end();) {
        bool gone = false;
        if (!catchUp(it->second, &gone).ok()) {
            m_retry.start();
            return;
        }
        it = gone ? m_subscribers.erase(it) : std::next(it);
    }
}

} // namespace ledger
