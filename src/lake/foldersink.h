#pragma once
// A lake in a local (or mounted) folder. Writes: the bytes to `dt=DAY/.NAME.tmp`, fsync, rename
// to NAME without replacing (renameat2 RENAME_NOREPLACE, or link + unlink where the file system
// has no such rename), fsync of the folder (and of the root when the day's folder is new). One
// writer at a time: an flock on `.lake.lock` at the root, released by the kernel when the
// process ends however it ends.
//
// Thread-safety: one thread at a time.

#include "lake/lakesink.h"

#include <QString>

namespace ledger::lake {

class FolderSink final : public LakeSink {
public:
    explicit FolderSink(const QString &root);
    ~FolderSink() override;

    Error open() override;
    Error probe() override;
    Result<QStringList> list(const QString &fromDay) override;
    Result<std::optional<QByteArray>> read(const QString &name) override;
    Error create(const QString &name, const QByteArray &bytes) override;
    Error replace(const QString &name, const QByteArray &bytes) override;
    Result<int> clearLeftovers() override;

private:
    enum class Visible { Replace, CreateOnly };
    Error write(const QString &name, const QByteArray &bytes, Visible how);
    Error failure(const QString &what, const QString &path, int error) const;

    QString m_root;
    int m_lock = -1;
};

} // namespace ledger::lake
