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

JobRunner::LedgerMaker JobRunner::ledgerMaker() const
{
    return LedgerMaker{consoleCoordinatorOptions(Settings().operatorName()), m_config};
}

JobRunner::JobRunner(const StoreConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
{
    m_pool.setMaxThreadCount(kThreads);
    m_pool.setExpiryTimeout(60'000);
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
