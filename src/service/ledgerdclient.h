#pragma once
// The conversation with one ledgerd (API v1 over HTTP: docs/ledgerd.md): a call and its answer as
// JSON, a streamed read, who the token is (whoami, asked once), and when a call is sent again.
// RemoteLedgerService asks the ledger's questions through it; this class knows HTTP and ledgerd's
// problem documents, not the ledger.
//
// Sent again, for a while (8 s: a restart): a read or a keyed transfer when the server cannot be
// reached or answers 503, and any call that never reached the server. A write that may have
// reached it is not: its error says it may or may not have been applied.
//
// Threading: an instance belongs to one thread (its HTTP handle).

#include "service/httpclient.h"
#include "service/identity.h"

#include <QJsonObject>
#include <functional>
#include <optional>

namespace ledger {

class LedgerdClient {
public:
    explicit LedgerdClient(ServerLocation where);

    struct Answer {
        int status = 0;
        QJsonObject body;
    };
    // One call: an error for a transport failure, an answer that is not a JSON object, or an
    // HTTP error status (the problem document's code and detail; `problemBody` gets the whole
    // document, for the transaction a refused transfer carries). `retry`: the call may be sent
    // again (a read, a keyed write). A write that reached the server and got no answer in the
    // window says it may or may not have been applied.
    Result<Answer> call(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body = {}, bool retry = true,
                        const QList<QPair<QByteArray, QByteArray>> &headers = {}, QJsonObject *problemBody = nullptr);
    // A streamed GET, sent again while the window lasts when the server cannot be reached or
    // answers 503 before the first byte of its body; an answer that is not 2xx is its problem.
    Result<StreamAnswer> streamGet(const QByteArray &pathAndQuery, const StreamReader &reader);
    // A streamed GET once, as it comes (the feed, which takes a cut stream up again itself).
    Result<StreamAnswer> streamOnce(const QByteArray &pathAndQuery, const StreamReader &reader)
    {
        return m_http.stream(pathAndQuery, reader);
    }
    // The error of an answer that is not 2xx (its problem document), 401 said as the token's.
    Error problemOf(int status, const QByteArray &body);

    // Who the token is (asked once, then remembered), and the ledger's scale from it.
    Result<Identity> whoami();
    Result<int> scale();

    // No attempt of the last call could have done anything: none reached the server (nothing
    // listening).
    bool lastCallNeverSent() const { return m_neverSent; }
    int retryWindowMs() const { return m_retryWindowMs; }
    void setRetryWindowMs(int ms) { m_retryWindowMs = ms; }
    // Told how each call ended, on the calling thread: ok, or the error it answers. Empty: no one is.
    void setCallObserver(std::function<void(const Error &)> observer) { m_observer = std::move(observer); }

private:
    // The call itself (call() tells the observer how it ended).
    Result<Answer> send(const QByteArray &method, const QByteArray &pathAndQuery, const QJsonObject &body, bool retry,
                        const QList<QPair<QByteArray, QByteArray>> &headers, QJsonObject *problemBody);
    void tellObserver(const Error &error) const;

    HttpClient m_http;
    std::function<void(const Error &)> m_observer;
    std::optional<Identity> m_me;
    int m_retryWindowMs = 8000;
    bool m_neverSent = false;
};

} // namespace ledger
