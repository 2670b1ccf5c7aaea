#pragma once
// ledgerd's tokens file: one token per line, "NAME ROLE sha256:HEX" — the token itself is never
// stored, only its SHA-256 (a token is 32 random bytes, so a fast hash is enough: there is
// nothing to guess). Like ssh with a private key, a file that others may read is refused (and so
// is such a TLS key: checkPrivateFile below).
// `ledgerd token add` writes the file whole or not at all (a temporary file renamed over it).
// Thread-safety: TokenFile is immutable once loaded; any thread may call verify().

#include "apimessages.h"
#include "service/privatefile.h"
#include "ledger/result.h"

#include <QFile>
#include <QList>

namespace ledger::api {

struct TokenEntry {
    QString name;
    Role role = Role::Read;
    QByteArray hash; // hex SHA-256 of the token
};

class TokenFile {
public:
    // Reads `path`: refused (invalid-argument) when group or others may read it, or a line is
    // not NAME ROLE sha256:HEX; store-unavailable when it cannot be read.
    static Result<TokenFile> load(const QString &path);
    // The caller a bearer token belongs to, or nullopt.
    std::optional<Caller> verify(const QByteArray &token) const;
    const QList<TokenEntry> &entries() const { return m_entries; }

private:
    QList<TokenEntry> m_entries;
};

using ledger::checkPrivateFile; // service/privatefile.h

// Adds a token named `name` with `role` to the file (created, mode 0600, when missing) and
// returns the token, to be shown once. Refuses a name already there (account-exists would be the
// wrong word: invalid-argument), a name with spaces or control characters.
Result<QByteArray> addToken(const QString &path, const QString &name, Role role);
// Removes the token named `name`; not-found when there is none.
Error revokeToken(const QString &path, const QString &name);

} // namespace ledger::api
