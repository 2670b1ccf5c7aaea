#include "interchange/feedhub.h"

#include "interchange/jsonformat.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace ledger {

namespace {
constexpr int kRetryMs = 1000; // after a failed read, when to try again
} // namespace

// The hub's reader: its own thread and store connection (opened, used and closed there only),
// pages turned into lines there, so that the event loop only copies bytes to sockets. Requests
// and pages cross under the reader's mutex (not through Qt's event queue: ThreadSanitizer sees
// this hand-over, and Debian's Qt is not built for it); only a wake-up signal crosses through Qt.
class FeedReader {
public:
    FeedReader(StoreConnector connector, std::function<void()> pagesReady)
        : m_connector(std::move(connector))
        , m_pagesReady(std::move(pagesReady))
        , m_thread([this] { run(); })
    {}
    ~FeedReader()
    {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
        }
        m_wake.notify_all();
        m_thread.join();
    }
    // Opens the connection on the reader thread; waits for it.
    Error open(int *shards)
    {
        std::unique_lock lock(m_mutex);
        m_openRequested = true;
        m_wake.notify_all();
        m_wake.wait(lock, [this] { return m_opened; });
        *shards = m_shards;
        return m_openError;
    }
    void request(int id, const std::optional<FeedCursor> &after, int limit)
    {
        {
            const std::lock_guard lock(m_mutex);
            m_requests.push_back({id, after, limit});
        }
        m_wake.notify_all();
    }
    std::deque<FeedHub::Page> takePages()
    {
        const std::lock_guard lock(m_mutex);
        return std::exchange(m_pages, {});
    }

private:
    struct Request {
        int id;
        std::optional<FeedCursor> after;
        int limit;
    };

    void run()
    {
        std::unique_ptr<Store> store;
        std::unique_lock lock(m_mutex);
        for (;;) {
            m_wake.wait(lock, [this] { return m_stop || m_openRequested || !m_requests.empty(); });
            if (m_stop)
                break;
            if (m_openRequested) {
                m_openRequested = false;
                lock.unlock();
                auto opened = m_connector();
                lock.lock();
                if (opened.ok()) {
                    store = std::move(*opened);
                    m_shards = qMax(1, store->shardCount());
                } else {
                    m_openError = opened.error();
                }
                m_opened = true;
                m_wake.notify_all();
                continue;
            }
            const Request r = m_requests.front();
            m_requests.pop_front();
            lock.unlock();
            FeedHub::Page page =
                store ? read(*store, r)
                      : FeedHub::Page{r.id, makeError(ErrorCode::Internal, QStringLiteral("the feed's store is not open")), {}, {}, false};
            lock.lock();
            m_pages.push_back(std::move(page));
            if (m_pages.size() == 1)
                m_pagesReady(); // one wake-up for however many pages wait
        }
        lock.unlock();
        store.reset(); // closed on the thread that opened it
    }

    static FeedHub::Page read(Store &store, const Request &r)
    {
        FeedHub::Page page;
        page.id = r.id;
        if (!r.after) {
            auto end = feedEnd(store, FeedCursor::start(qMax(1, store.shardCount())));
            if (!end.ok())
                page.error = end.error();
            else
                page.end = *end;
            return page;
        }
        page.end = *r.after;
        auto events = readFeed(store, *r.after, r.limit);
        if (!events.ok()) {
            page.error = events.error();
            return page;
        }
        for (const FeedEvent &e : *events) {
            page.lines.append(QJsonDocument(feedEventJson(e, store.scale())).toJson(QJsonDocument::Compact));
            page.end = e.cursor;
        }
        page.full = events->size() == r.limit;
        return page;
    }

    StoreConnector m_connector;
    std::function<void()> m_pagesReady;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_stop = false;
    bool m_openRequested = false;
    bool m_opened = false;
    Error m_openError;
    int m_shards = 1;
    std::deque<Request> m_requests;
    std::deque<FeedHub::Page> m_pages;
    std::thread m_thread; // last: started once everything it reads is made
};

FeedHub::FeedHub(StoreConnector connector, QObject *parent)
    : FeedHub(std::move(connector), Limits{}, parent)
{}

FeedHub::FeedHub(StoreConnector connector, Limits limits, QObject *parent)
    : QObject(parent)
    , m_limits(limits)
{
    connect(this, &FeedHub::pagesReady, this, &FeedHub::takePages, Qt::QueuedConnection);
    m_reader = std::make_unique<FeedReader>(std::move(connector), [this] { Q_EMIT pagesReady(QPrivateSignal()); });
    m_retry.setSingleShot(true);
    m_retry.setInterval(kRetryMs);
    connect(&m_retry, &QTimer::timeout, this, &FeedHub::catchUpAll);
    m_stallCheck.setInterval(std::clamp(m_limits.stallMs / 4, 10, 1000));
    connect(&m_stallCheck, &QTimer::timeout, this, &FeedHub::cutStalled);
}

FeedHub::~FeedHub()
{
    // The reader stops (its connection closed on its thread) while the hub is whole, so that its
    // last wake-up reaches a whole object; one already queued is dropped with the hub.
    m_reader.reset();
}

Error FeedHub::start()
{
    int shards = 1;
    const Error error = m_reader->open(&shards);
    if (error.ok())
        m_shards = shards;
    return error;
}

Result<int> FeedHub::subscribe(const std::optional<QString> &since, Sink sink)
{
    Subscriber s;
    s.sink = std::move(sink);
    if (since) {
        auto cursor = FeedCursor::parse(*since, m_shards);
        if (!cursor.ok())
            return cursor.error();
        s.cursor = *cursor;
    }
    const int id = m_nextId++;
    m_subscribers.emplace(id, std::move(s));
    pump(id);
    return id;
}

void FeedHub::unsubscribe(int id) { m_subscribers.erase(id); }

void FeedHub::drained(int id)
{
    auto it = m_subscribers.find(id);
    if (it == m_subscribers.end() || !it->second.blocked)
        return;
    Subscriber &s = it->second;
    s.lastWrite.restart();
    if (unsent(s) < m_limits.highWater / 2) {
        s.blocked = false;
        pump(id);
    }
}

QByteArray FeedHub::errorLine(const Error &error)
{
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), json::error(error)}}).toJson(QJsonDocument::Compact);
}

void FeedHub::pump(int id)
{
    auto it = m_subscribers.find(id);
    if (it == m_subscribers.end())
        return;
    Subscriber &s = it->second;
    if (!s.behind || s.reading || s.blocked)
        return;
    if (unsent(s) >= m_limits.highWater) {
        s.blocked = true;
        s.lastWrite.start();
        m_stallCheck.start();
        return;
    }
    s.reading = true;
    s.again = false;
    m_reader->request(id, s.cursor, m_limits.page);
}

void FeedHub::takePages()
{
    for (const Page &page : m_reader->takePages())
        onPage(page);
}

void FeedHub::onPage(const Page &page)
{
    auto it = m_subscribers.find(page.id);
    if (it == m_subscribers.end())
        return;
    it->second.reading = false;
    if (!page.error.ok()) {
        qWarning("%s", qPrintable(page.error.toString()));
        if (!it->second.started) {
            auto refused = std::move(it->second.sink.refused);
            m_subscribers.erase(it);
            if (refused)
                refused(page.error);
            return;
        }
        m_retry.start();
        return;
    }
    it->second.started = true;
    for (const QByteArray &line : page.lines) {
        const bool sent = it->second.sink.send(line);
        // Looked up again each time: a sink that sends may hear its socket close and unsubscribe.
        it = m_subscribers.find(page.id);
        if (it == m_subscribers.end())
            return;
        if (!sent) {
            m_subscribers.erase(it);
            return;
        }
    }
    Subscriber &s = it->second;
    s.cursor = page.end;
    if (page.full || s.again) {
        pump(page.id);
        return;
    }
    s.behind = false;
    if (const auto caughtUp = s.sink.caughtUp; caughtUp && !caughtUp())
        m_subscribers.erase(page.id);
}

void FeedHub::catchUpAll()
{
    for (auto &[id, s] : m_subscribers) {
        s.behind = true;
        s.again = s.reading;
    }
    for (auto it = m_subscribers.begin(); it != m_subscribers.end(); ++it)
        pump(it->first); // only asks the reader: no sink is called, nothing erased
}

void FeedHub::cutStalled()
{
    bool anyBlocked = false;
    for (auto it = m_subscribers.begin(); it != m_subscribers.end();) {
        Subscriber &s = it->second;
        if (s.blocked && s.lastWrite.hasExpired(m_limits.stallMs)) {
            qWarning("feed: a subscriber read nothing for %g s with %lld bytes unsent; cut", m_limits.stallMs / 1000.0,
                     static_cast<long long>(unsent(s)));
            auto cut = std::move(s.sink.cut);
            it = m_subscribers.erase(it);
            if (cut)
                cut(); // may close a socket whose disconnected() unsubscribes: it is gone already
            continue;
        }
        anyBlocked = anyBlocked || s.blocked;
        ++it;
    }
    if (!anyBlocked)
        m_stallCheck.stop();
}

} // namespace ledger
