// libFuzzer target: opening a store file made of arbitrary bytes (seeded with real stores).
// Whatever the file holds, opening it gives a store or a clear store error; a store that opens
// can be audited, listed and asked for a transfer without crashing.
#include "protocol/audit.h"
#include "protocol/coordinator.h"
#include "store/open/storeconfig.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <cstdint>
#include <cstdlib>

namespace {
QTemporaryDir *g_dir = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static QCoreApplication app(*argc, *argv);
    g_dir = new QTemporaryDir(QDir::tempPath() + QStringLiteral("/fuzz-storefile-XXXXXX"));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString path = g_dir->filePath(QStringLiteral("ledger.db"));
    for (const char *suffix : {"", "-wal", "-shm", "-journal"})
        QFile::remove(path + QLatin1String(suffix));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(reinterpret_cast<const char *>(data), qint64(size)) != qint64(size))
            std::abort();
    }
    ledger::StoreConfig config;
    config.location = path;
    config.busyTimeoutMs = 0;
    auto store = ledger::openStore(config);
    if (!store.ok()) {
        if (store.error().message.isEmpty() || ledger::exitStatusOf(store.code()) == ledger::ExitStatus::Success)
            std::abort();
        return 0;
    }
    ledger::Store &s = **store;
    // Whatever the file holds, every answer is a value or an error that says what is wrong.
    const auto saysWhy = [](const ledger::Error &e) {
        if (!e.ok() && e.message.isEmpty())
            std::abort();
    };
    saysWhy(ledger::audit(s).error);
    ledger::TxQuery q;
    q.limit = 50;
    saysWhy(s.transactions(q).error());
    saysWhy(s.countByState().error());
    ledger::AccountQuery aq;
    aq.limit = 2;
    auto accounts = s.accounts(aq);
    saysWhy(accounts.error());
    if (accounts.ok() && accounts->size() == 2) {
        ledger::Coordinator c(s, {});
        saysWhy(c.transfer({accounts->at(0).id, accounts->at(1).id, 1, QString(), QString()}).error);
    }
    return 0;
}
