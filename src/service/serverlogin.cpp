#include "service/serverlogin.h"

#include "service/privatefile.h"

#include <QFile>
#include <QFileInfo>

namespace ledger {

QString nameOf(TokenSource source)
{
    switch (source) {
    case TokenSource::None: return QStringLiteral("none");
    case TokenSource::File: return QStringLiteral("--token-file");
    case TokenSource::Environment: return QStringLiteral("LEDGERDESK_TOKEN");
    case TokenSource::Keyring: return QStringLiteral("keyring");
    case TokenSource::Typed: return QStringLiteral("typed");
    }
    return {};
}

namespace {

// A token is one line of printable ASCII without spaces (ledgerd's are 43 base64url characters).
Error checkToken(const QByteArray &token, const QString &from)
{
    if (token.size() > 512)
        return makeError(ErrorCode::InvalidArgument, QStringLiteral("%1 holds more than a token (%2 bytes)").arg(from).arg(token.size()));
    for (char c : token)
        if (c <= ' ' || c > '~')
            return makeError(ErrorCode::InvalidArgument,
                             QStringLiteral("%1 holds a character a token cannot have (one line, no spaces)").arg(from));
    return {};
}

} // namespace

Result<ResolvedServer> resolveServerLogin(const ServerLogin &login, const std::function<QByteArray()> &stored)
{
    auto url = parseServerUrl(login.server);
    if (!url.ok())
        return url.error();
    ResolvedServer r;
    r.location.url = *url;
    if (!login.caFile.isEmpty()) {
        QFile ca(login.caFile);
        if (!ca.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("--ca %1: %2").arg(login.caFile, ca.errorString()));
        if (!ca.peek(4096).contains("-----BEGIN CERTIFICATE-----"))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("--ca %1 holds no PEM certificate").arg(login.caFile));
        r.location.caFile = QFileInfo(login.caFile).absoluteFilePath();
    }
    if (!login.typedToken.trimmed().isEmpty()) {
        r.location.token = login.typedToken.trimmed();
        r.tokenSource = TokenSource::Typed;
    } else if (!login.tokenFile.isEmpty()) {
        QFile file(login.tokenFile);
        if (!file.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("--token-file %1: %2").arg(login.tokenFile, file.errorString()));
        if (Error e = checkPrivateFile(file, QStringLiteral("--token-file")); !e.ok())
            return e;
        r.location.token = file.read(4096).trimmed();
        r.tokenSource = TokenSource::File;
        if (r.location.token.isEmpty())
            return makeError(ErrorCode::InvalidArgument, QStringLiteral("--token-file %1 is empty").arg(login.tokenFile));
    } else if (qEnvironmentVariableIsSet("LEDGERDESK_TOKEN") && !qgetenv("LEDGERDESK_TOKEN").trimmed().isEmpty()) {
        r.location.token = qgetenv("LEDGERDESK_TOKEN").trimmed();
        r.tokenSource = TokenSource::Environment;
    } else if (stored) {
        r.location.token = stored().trimmed();
        r.tokenSource = r.location.token.isEmpty() ? TokenSource::None : TokenSource::Keyring;
    }
    if (Error e = checkToken(r.location.token, nameOf(r.tokenSource)); !e.ok())
        return e;
    return r;
}

} // namespace ledger
