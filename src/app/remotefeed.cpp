#include "remotefeed.h"

#include "store/open/changenotifier.h"

#include <QNetworkProxy>
#include <QNetworkRequest>
#include <QSslCertificate>
#include <QSslConfiguration>

namespace ledger::app {

namespace {
constexpr int kReopenMs = 1000; // a cut feed is opened again after this
} // namespace

QUrl RemoteFeed::feedUrl(const QUrl &server)
{
    QUrl url = server;
    url.setScheme(server.scheme() == QLatin1String("https") ? QStringLiteral("wss") : QStringLiteral("ws"));
    url.setPath(QStringLiteral("/v1/feed"));
    url.setQuery(QStringLiteral("changes=true")); // every write, not only the finishes
    return url;
}

RemoteFeed::RemoteFeed(const ServerLocation &where, StoreSession *session, ChangeNotifier *notifier)
    : QObject(notifier)
    , m_where(where)
    , m_notifier(notifier)
    , m_check(session, this)
{
    m_check.setCoalescing(true);
    m_reopen.setSingleShot(true);
    m_reopen.setInterval(kReopenMs);
    connect(&m_reopen, &QTimer::timeout, this, &RemoteFeed::checkThenOpen);
    connect(&m_socket, &QWebSocket::connected, this, &RemoteFeed::onConnected);
    // A refused opening ends unconnected too, without ever being connected: both are a cut feed.
    connect(&m_socket, &QWebSocket::stateChanged, this, [this](QAbstractSocket::SocketState state) {
        if (state == QAbstractSocket::UnconnectedState)
            onDisconnected();
    });
    m_socket.setProxy(QNetworkProxy::NoProxy); // as the HTTP client: the token goes to the server only
    connect(&m_socket, &QWebSocket::textMessageReceived, m_notifier, &ChangeNotifier::announceChanged);
    if (!where.caFile.isEmpty()) {
        // Instead of the system's CAs, as the HTTP client does with --ca.
        QSslConfiguration tls = QSslConfiguration::defaultConfiguration();
        tls.setCaCertificates(QSslCertificate::fromPath(where.caFile, QSsl::Pem));
        m_socket.setSslConfiguration(tls);
    }
    open();
}

RemoteFeed::~RemoteFeed()
{
    // The socket outlives the timers (members end in reverse): its last "unconnected" must not
    // start one that is gone, nor reach the notifier being destroyed.
    m_socket.disconnect();
}

void RemoteFeed::open()
{
    QNetworkRequest request(feedUrl(m_where.url));
    if (!m_where.token.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + m_where.token);
    m_socket.open(request);
}

void RemoteFeed::onConnected()
{
    if (!m_everConnected) {
        m_everConnected = true;
        m_notifier->announceWatching();
    } else if (m_failed) {
        m_failed = false;
        m_notifier->announceResumed();
    }
}

void RemoteFeed::onDisconnected()
{
    if (m_refused)
        return; // stopped: the token is what failed, and that is said already
    if (m_socket.closeCode() == QWebSocketProtocol::CloseCodePolicyViolated) {
        // Closed by ledgerd for the token (revoked): not a cut to report; the check says why
        // (its refusal reaches the console's calls' observer) and stops the feed.
        checkThenOpen();
        return;
    }
    if (!m_failed) {
        m_failed = true;
        const QString why = m_socket.errorString();
        m_notifier->announceFailed(tr("The ledger service's change feed was cut (%1); trying again").arg(why));
    }
    m_reopen.start();
}

void RemoteFeed::checkThenOpen()
{
    // A feed cut by the server may be a revoked token's (ledgerd closes those), and an upgrade it
    // refuses says no why, while each refused one counts against the address's allowance of wrong
    // tokens: one call asks first. Answered, the feed is opened again; refused, the console says
    // so (its calls' observer) and the feed stops; anything else (unreachable, throttled), asked
    // again a little later.
    ActionsRequest newest;
    newest.preset = ActionsPreset::All;
    newest.limit = 1;
    m_check.run<Result<QList<JournalEntry>>>([newest](LedgerService &ledger) { return ledger.operatorActions(newest); },
                                             [this](Result<QList<JournalEntry>> answer) {
                                                 if (answer.ok())
                                                     open();
                                                 else if (answer.error().code == ErrorCode::Unauthorized)
                                                     stopAsking();
                                                 else if (!m_refused)
                                                     m_reopen.start();
                                             });
}

void RemoteFeed::stopAsking()
{
    m_refused = true;
    m_reopen.stop();
    m_socket.abort();
}

} // namespace ledger::app
