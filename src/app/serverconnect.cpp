#include "serverconnect.h"

#include "service/remoteledgerservice.h"

#include <QCoreApplication>

namespace ledger::app {

namespace {
// The words of connecting, translated in the context "ServerConnect".
class ServerConnectText {
    Q_DECLARE_TR_FUNCTIONS(ServerConnect)
};
} // namespace

OpenedStore connectForConsole(const ResolvedServer &server)
{
    OpenedStore result;
    const QString url = server.location.url.toString();
    result.config.location = url;
    RemoteLedgerService service(server.location);
    service.setRetryWindowMs(2000); // a console being connected waits a moment for a restart, not the 8 s a script does
    auto me = service.whoami();
    if (!me.ok()) {
        result.error = makeError(me.error().code, plainRefusal(me.error(), url));
        return result;
    }
    result.scale = me->scale;
    // The tables page and sort through ledgerd as the store behind it reads.
    result.readsByPosition = me->readsByPosition;
    result.indexedSorts = me->indexedSorts;
    result.signedIn = OpenedStore::SignedIn{server, *me};
    return result;
}

QString plainRefusal(const Error &error, const QString &url)
{
    switch (error.code) {
    case ErrorCode::Unauthorized:
        return ServerConnectText::tr(
                   "%1 refused the token: it is mistyped, or it was revoked. Ask for a new token, then File › Connect to a ledger "
                   "service… again.\n(%2)")
            .arg(url, error.message);
    case ErrorCode::Forbidden:
        return ServerConnectText::tr("%1 accepted the token, but its role does not allow this.\n(%2)").arg(url, error.message);
    case ErrorCode::CertificateRefused:
        return ServerConnectText::tr("%1's certificate was refused, so nothing was sent to it: %2").arg(url, error.message);
    case ErrorCode::ServiceUnavailable: return ServerConnectText::tr("Cannot reach the ledger service at %1: %2").arg(url, error.message);
    default: return error.message;
    }
}

} // namespace ledger::app
