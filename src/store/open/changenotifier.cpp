#include "store/open/changenotifier.h"

#include "store/postgres/pglistener.h"

#include <QTimer>

namespace ledger {

ChangeNotifier::ChangeNotifier(const StoreConfig &config, int intervalMs, QObject *parent)
    : QObject(parent)
{
    connect(this, &ChangeNotifier::watching, this, [this] { m_watching = true; });
    m_thread.setObjectName(QStringLiteral("change watcher"));
    // The PostgreSQL databases announce their commits: a listener each. Files (a single file, or
    // the file shards of a sharded store that mixes both) are polled by the store's change marker.
    const ChangeSources sources = changeSourcesOf(config.location);
    m_server = !sources.files;
    m_sources = int(sources.servers.size()) + (sources.files ? 1 : 0);
    for (const QString &server : sources.servers) {
        auto *listener = new PgListener(server);
        listener->moveToThread(&m_thread);
        connect(&m_thread, &QThread::started, listener, &PgListener::start);
        connect(&m_thread, &QThread::finished, listener, &QObject::deleteLater);
        connect(listener, &PgListener::notified, this, &ChangeNotifier::changed);
        connect(listener, &PgListener::lost, this, [this](const QString &message, int) { Q_EMIT failed(message); });
        connect(listener, &PgListener::resumed, this, &ChangeNotifier::resumed);
        connect(listener, &PgListener::listening, this, [this, listener](const QString &server) {
            const QString was = m_servers.value(listener);
            m_servers.insert(listener, server);
            if (!was.isEmpty() && was != server)
                Q_EMIT serverChanged(was, server);
            sourceReady(listener);
        });
    }
    if (sources.files) {
        auto *poller = new ChangePoller(config, intervalMs);
        poller->moveToThread(&m_thread);
        connect(&m_thread, &QThread::started, poller, &ChangePoller::start);
        connect(&m_thread, &QThread::finished, poller, &QObject::deleteLater);
        connect(poller, &ChangePoller::changed, this, &ChangeNotifier::changed);
        connect(poller, &ChangePoller::failed, this, &ChangeNotifier::failed);
        connect(poller, &ChangePoller::resumed, this, &ChangeNotifier::resumed);
        connect(poller, &ChangePoller::broken, this, &ChangeNotifier::broken);
        connect(poller, &ChangePoller::watching, this, [this, poller] { sourceReady(poller); });
    }
    m_thread.start();
}

ChangeNotifier::ChangeNotifier(QObject *parent)
    : QObject(parent)
    , m_server(true) // a server says what changed: "reconnecting…" when it cannot be reached
{
    connect(this, &ChangeNotifier::watching, this, [this] { m_watching = true; });
}

void ChangeNotifier::sourceReady(const QObject *source)
{
    // A listener says so again after every reconnect: watching once every source has said it.
    if (m_ready.size() == m_sources)
        return;
    m_ready.insert(source);
    if (m_ready.size() == m_sources)
        Q_EMIT watching();
}

ChangeNotifier::~ChangeNotifier()
{
    m_thread.quit();
    m_thread.wait();
}

ChangePoller::ChangePoller(const StoreConfig &config, int intervalMs)
    : m_config(config)
    , m_intervalMs(intervalMs)
{}

ChangePoller::~ChangePoller() = default;

void ChangePoller::start()
{
    auto *timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &ChangePoller::poll);
    timer->start(m_intervalMs);
    poll();
}

void ChangePoller::poll()
{
    if (!m_store) {
        auto opened = openStore(m_config);
        if (!opened.ok()) {
            if (!m_reportedFailure)
                Q_EMIT failed(opened.error().localized());
            m_reportedFailure = true;
            return;
        }
        m_store = std::move(opened).value();
    }
    auto marker = m_store->changeMarker();
    if (!marker.ok()) {
        m_store.reset(); // reopen next time: the file may have been replaced
        // Once until the store answers again, whatever failed before it.
        if (marker.error().code == ErrorCode::StoreCorrupt && !m_reportedBroken)
            Q_EMIT broken(marker.error().localized());
        m_reportedBroken = m_reportedBroken || marker.error().code == ErrorCode::StoreCorrupt;
        if (!m_reportedFailure)
            Q_EMIT failed(marker.error().localized());
        m_reportedFailure = true;
        return;
    }
    m_reportedBroken = false;
    if (m_reportedFailure) {
        m_reportedFailure = false;
        Q_EMIT resumed();
    }
    if (m_last && *m_last != *marker)
        Q_EMIT changed();
    if (!m_last)
        Q_EMIT watching();
    m_last = *marker;
}

} // namespace ledger
