#include "tokens.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSaveFile>

#include <algorithm>

namespace ledger::api {

namespace {

QByteArray hashOf(const QByteArray &token) { return QCryptographicHash::hash(token, QCryptographicHash::Sha256).toHex(); }

// Compares in time independent of where they differ.
bool sameBytes(const QByteArray &a, const QByteArray &b)
{
    if (a.size() != b.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a.at(i) ^ b.at(i));
    return diff == 0;
}

Error checkName(const QString &name)
{
    static const QRegularExpression shape(QStringLiteral("^[A-Za-z0-9._@-]{1,64}$"));
    if (!shape.match(name).hasMatch())
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("a token's name is 1-64 of A-Z a-z 0-9 . _ @ -, not \"%1\"").arg(name.left(70)));
    return {};
}

Result<QList<TokenEntry>> parse(const QByteArray &data, const QString &path)
{
    QList<TokenEntry> entries;
    int number = 0;
    for (const QByteArray &raw : data.split('\n')) {
        ++number;
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        const QList<QByteArray> words = line.simplified().split(' ');
        const auto role = words.size() == 3 ? roleFromString(QString::fromUtf8(words.at(1))) : std::nullopt;
        if (words.size() != 3 || !role || !words.at(2).startsWith("sha256:") || words.at(2).size() != 7 + 64)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("%1 line %2 is not \"NAME ROLE sha256:HEX\" (ROLE: read, transfer, operator or approver)")
                                 .arg(path)
                                 .arg(number));
        const QByteArray hash = words.at(2).mid(7).toLower();
        if (!std::all_of(hash.cbegin(), hash.cend(), [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); }))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 line %2: the hash is not 64 hex digits").arg(path).arg(number));
        entries.append(TokenEntry{QString::fromUtf8(words.at(0)), *role, hash});
    }
    return entries;
}

Result<QList<TokenEntry>> readEntries(const QString &path, bool mayBeMissing)
{
    QFile file(path);
    if (!file.exists() && mayBeMissing)
        return QList<TokenEntry>();
    if (!file.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::StoreUnavailable, QStringLiteral("cannot read the tokens file %1").arg(path));
    if (Error e = checkPrivateFile(file, QStringLiteral("the tokens file")); !e.ok())
        return e;
    return parse(file.readAll(), path);
}

Error writeEntries(const QString &path, const QList<TokenEntry> &entries)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot write the tokens file %1: %2").arg(path, file.errorString()));
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QByteArray text = "# ledgerd tokens: NAME ROLE sha256:HEX (ledgerd token add|revoke)\n";
    for (const TokenEntry &e : entries)
        text += e.name.toUtf8() + ' ' + nameOf(e.role).toUtf8() + " sha256:" + e.hash + '\n';
    file.write(text);
    if (!file.commit())
        return makeError(ErrorCode::OutputFailed, QStringLiteral("cannot write the tokens file %1: %2").arg(path, file.errorString()));
    return {};
}

} // namespace

Result<TokenFile> TokenFile::load(const QString &path)
{
    auto entries = readEntries(path, false);
    if (!entries.ok())
        return entries.error();
    TokenFile f;
    f.m_entries = *entries;
    return f;
}

std::optional<Caller> TokenFile::verify(const QByteArray &token) const
{
    const QByteArray hash = hashOf(token);
    for (const TokenEntry &e : m_entries)
        if (sameBytes(e.hash, hash))
            return Caller{e.name, e.role};
    return std::nullopt;
}

Result<QByteArray> addToken(const QString &path, const QString &name, Role role)
{
    if (Error e = checkName(name); !e.ok())
        return e;
    auto entries = readEntries(path, true);
    if (!entries.ok())
        return entries.error();
    for (const TokenEntry &e : *entries)
        if (e.name == name)
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("%1 already has a token named %2; revoke it first").arg(path, name));
    QByteArray random(32, Qt::Uninitialized);
    QRandomGenerator::system()->generate(reinterpret_cast<quint32 *>(random.data()),
                                         reinterpret_cast<quint32 *>(random.data() + random.size()));
    const QByteArray token = "ldk_" + random.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    entries->append(TokenEntry{name, role, hashOf(token)});
    if (Error e = writeEntries(path, *entries); !e.ok())
        return e;
    return token;
}

Error revokeToken(const QString &path, const QString &name)
{
    auto entries = readEntries(path, false);
    if (!entries.ok())
        return entries.error();
    const auto before = entries->size();
    entries->removeIf([&](const TokenEntry &e) { return e.name == name; });
    if (entries->size() == before)
        return makeError(ErrorCode::NotFound, QStringLiteral("%1 has no token named %2").arg(path, name));
    return writeEntries(path, *entries);
}

} // namespace ledger::api
