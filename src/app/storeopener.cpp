#include "storeopener.h"

#include "ledger/money.h"

#include <QFileInfo>

namespace ledger::app {

OpenedStore openForConsole(const StoreConfig &config, OpenMode mode, const QString &operatorName)
{
    OpenedStore result;
    result.config = config;
    const bool create =
        mode == OpenMode::Create
        || (mode == OpenMode::ExistingOrDemo && locationKind(config.location) == LocationKind::File && !QFileInfo::exists(config.location));
    auto store = create ? createStore(config, money::kDefaultScale) : openStore(config);
    if (!store.ok()) {
        result.error = store.error();
        return result;
    }
    result.scale = (*store)->scale();
    result.durability = (*store)->durability();
    result.shards = (*store)->shardCount();
    result.readsByPosition = (*store)->readsByPosition();
    result.indexedSorts = (*store)->indexedSorts();
    result.lockWarning = extrasOf(**store).lockWarning();
    result.created = create;
    if (create && mode == OpenMode::ExistingOrDemo) {
        DemoOptions options;
        options.actor = operatorName;
        options.spreadOverDays = &extrasOf(**store); // a first look should show ages, minutes and a threshold that mean something
        auto demo = fillDemo(**store, options);
        if (!demo.ok()) {
            result.error = demo.error();
            return result;
        }
        result.demo = *demo;
    }
    return result;
}

} // namespace ledger::app
