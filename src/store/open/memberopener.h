#pragma once
// The members of a sharded store as this program opens them: an SQLite file, or a PostgreSQL
// database when the topology lists a postgresql:// URI; each syncs every commit.
//
// Threading: as MemberStores.

#include "store/sharded/memberstores.h"

namespace ledger {

class BackendMembers final : public MemberStores {
public:
    BackendMembers(int busyTimeoutMs, int reconnectForMs)
        : m_busyTimeoutMs(busyTimeoutMs)
        , m_reconnectForMs(reconnectForMs)
    {}

    QString displayName(const QString &location) const override;
    Error checkServerMember(const QString &location) const override;
    Result<std::unique_ptr<Store>> open(const QString &location, const ShardIdentity &identity) const override;
    Result<std::unique_ptr<Store>> create(const QString &location, const ShardIdentity &identity, int scale) const override;
    void undoCreate(std::unique_ptr<Store> store, const QString &location) const override;
    QStringList filesOf(const QString &location) const override;

private:
    Result<std::unique_ptr<Store>> member(const QString &location, const ShardIdentity &identity, bool create, int scale) const;

    int m_busyTimeoutMs;
    int m_reconnectForMs; // PostgreSQL members
};

} // namespace ledger
