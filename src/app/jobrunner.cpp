#include "jobrunner.h"

#include "consoleoptions.h"
#include "settings.h"

#include <QThreadStorage>

namespace ledger::app {

namespace {
// Deleted by QThreadStorage when its pool thread ends, on that thread: the connection is
// closed where it was opened.
struct ThreadConnection {
    QString location;
    std::unique_ptr<Store> store;
};
QThreadStorage<ThreadConnection *> g_connections;

// The same for a ledger service: a client per pool thread, for one location.
struct ThreadClient {
    QByteArray location; // url, token and CA, as one key
    std::unique_ptr<RemoteLedgerService> service;
};
QThreadStorage<ThreadClient *> g_clients;

QByteArray clientKeyOf(const ServerLocation &where)
{
    return where.url.toString().toUtf8() + '\n' + where.token + '\n' + where.caFile.toUtf8();
}
} // namespace

Result<Store *> threadStore(const StoreConfig &config)
{
    if (!g_connections.hasLocalData())
        g_connections.setLocalData(new ThreadConnection);
    ThreadConnection *c = g_connections.localData();
    if (!c->store || c->location != config.location) {
        c->store.reset();
        auto opened = openStore(config);
        if (!opened.ok())
            return opened.error();
        c->store = std::move(opened).value();
        c->location = config.location;
    }
    return c->store.get();
}

RemoteLedgerService &threadService(const ServerLocation &where)
{
    if (!g_clients.hasLocalData())
        g_clients.setLocalData(new ThreadClient);
    ThreadClient *c = g_clients.localData();
    const QByteArray key = clientKeyOf(where);
    if (!c->service || c->location != key) {
        c->service = std::make_unique<RemoteLedgerService>(where);
        c->location = key;
    }
    return *c->service;
}

JobRunner::LedgerMaker JobRunner::ledgerMaker()
{
    if (m_server)
        return LedgerMaker{{}, {}, m_server, this};
    return LedgerMaker{consoleCoordinatorOptions(Settings().operatorName()), m_config, std::nullopt, nullptr};
}

JobRunner::JobRunner(const StoreConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
{
    m_pool.setMaxThreadCount(kThreads);
    m_pool.setExpiryTimeout(60'000);
}

JobRunner::JobRunner(const ServerLocation &server, QObject *parent)
    : QObject(parent)
    , m_server(server)
{
    m_config.location = server.url.toString();
    m_pool.setMaxThreadCount(kThreads);
    m_pool.setExpiryTimeout(60'000);
}

void JobRunner::tellCallEnded(const Error &error)
{
    // Queued to the runner's thread; a runner deleted meanwhile takes its queued calls with it
    // (and is not deleted before its jobs ended).
    QMetaObject::invokeMethod(
        this, [this, error] { Q_EMIT callEnded(error); }, Qt::QueuedConnection);
}

JobRunner::~JobRunner() { m_pool.waitForDone(); }

void JobRunner::started()
{
    ++m_running;
    Q_EMIT activityChanged(m_running);
}

void JobRunner::finished()
{
    --m_running;
    Q_EMIT activityChanged(m_running);
}

} // namespace ledger::app
