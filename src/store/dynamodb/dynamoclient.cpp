#include "store/dynamodb/dynamoclient.h"

#include "aws/awsretry.h"
#include "aws/curleasy.h"
#include "ledger/message.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QUrl>

#include <curl/curl.h>

namespace ledger::aws {

namespace {

size_t readHeader(char *data, size_t size, size_t count, void *target)
{
    const QByteArray line(data, qsizetype(size * count));
    if (line.startsWith("Date:") || line.startsWith("date:"))
        *static_cast<QByteArray *>(target) = line.mid(5).trimmed();
    return size * count;
}

// Whether DynamoDB's error type says "try again later".
bool retryableType(const QString &type)
{
    return type == QLatin1String("ProvisionedThroughputExceededException") || type == QLatin1String("ThrottlingException")
        || type == QLatin1String("RequestLimitExceeded") || type == QLatin1String("InternalServerError")
        || type == QLatin1String("ServiceUnavailable") || type == QLatin1String("TransactionConflictException");
}

Error errorOf(const QString &type, const QString &message, const QString &operation)
{
    const QString words = QStringLiteral("DynamoDB %1: %2: %3").arg(operation, type, message);
    if (type == QLatin1String("ResourceNotFoundException"))
        return makeError(ErrorCode::StoreNotLedger,
                         Message::translate("ledger", "a table of the store is missing (%1); ledgerctl init creates them").arg(words));
    if (type == QLatin1String("ItemCollectionSizeLimitExceededException")
        || (type == QLatin1String("ValidationException") && message.contains(QLatin1String("size has exceeded"))))
        return makeError(ErrorCode::StoreFull, words);
    if (type == QLatin1String("UnrecognizedClientException") || type == QLatin1String("AccessDeniedException")
        || type == QLatin1String("InvalidSignatureException") || type == QLatin1String("MissingAuthenticationTokenException")
        || type == QLatin1String("ExpiredTokenException") || type == QLatin1String("IncompleteSignatureException"))
        return makeError(ErrorCode::StoreUnavailable,
                         Message::translate("ledger", "DynamoDB refused the credentials or their permissions (%1)").arg(words));
    if (retryableType(type))
        return makeError(ErrorCode::StoreBusy, Message::translate("ledger", "DynamoDB kept throttling the store (%1)").arg(words));
    return makeError(ErrorCode::StoreError, words);
}

} // namespace

struct DynamoClient::Attempt {
    // A failure worth sending again, or the final outcome.
    bool retry = false;
    Result<Reply> outcome = Reply{};
};

DynamoClient::DynamoClient(ClientOptions options)
    : m_options(std::move(options))
{
    initCurlOnce();
    m_curl = curl_easy_init();
}

DynamoClient::~DynamoClient()
{
    if (m_curl)
        curl_easy_cleanup(static_cast<CURL *>(m_curl));
}

DynamoClient::Attempt DynamoClient::sendOnce(const char *operation, const QByteArray &body)
{
    Attempt attempt;
    const QString operationName = QString::fromLatin1(operation);
    if (m_throttleNext > 0) {
        --m_throttleNext;
        attempt.retry = true;
        attempt.outcome =
            errorOf(QStringLiteral("ProvisionedThroughputExceededException"), QStringLiteral("(test) throttled"), operationName);
        return attempt;
    }
    auto *curl = static_cast<CURL *>(m_curl);
    if (!curl) {
        attempt.outcome = makeError(ErrorCode::StoreUnavailable, QStringLiteral("libcurl could not start a connection"));
        return attempt;
    }
    const QUrl url(m_options.endpoint);
    QByteArray host = url.host().contains(QLatin1Char(':')) ? '[' + url.host().toUtf8() + ']' : url.host().toUtf8();
    if (url.port() > 0)
        host += ':' + QByteArray::number(url.port());
    // Signed with the server's time as the answers put it: a desktop minutes off is not refused
    // (DynamoDB allows five minutes).
    const QByteArray amzDate = amzDateOf(now());
    SigningRequest signing;
    signing.method = "POST";
    signing.body = body;
    signing.headers = {{"Host", host},
                       {"Content-Type", "application/x-amz-json-1.0"},
                       {"X-Amz-Date", amzDate},
                       {"X-Amz-Target", QByteArray("DynamoDB_20120810.") + operation}};
    if (!m_options.credentials.sessionToken.isEmpty())
        signing.headers.append({"X-Amz-Security-Token", m_options.credentials.sessionToken.toUtf8()});
    const QByteArray auth = authorization(signing, amzDate, m_options.scope, m_options.credentials);

    curl_slist *headers = nullptr;
    // Host as it was signed (libcurl would leave out a default port and bracket an IPv6 host).
    for (const auto &[name, value] : signing.headers)
        headers = curl_slist_append(headers, (name + ": " + value).constData());
    headers = curl_slist_append(headers, ("Authorization: " + auth).constData());
    headers = curl_slist_append(headers, "Expect:"); // no 100-continue round trip
    QByteArray response;
    QByteArray date;
    const QByteArray endpoint = m_options.endpoint.toUtf8() + '/';
    curl_easy_setopt(curl, CURLOPT_URL, endpoint.constData());
    curl_easy_setopt(curl, CURLOPT_POST, 1L);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.constData());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, long(body.size()));
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, appendToByteArray);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &response);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, readHeader);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &date);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L); // threads: no SIGALRM for name lookups
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, long(m_options.connectTimeoutMs));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, long(m_options.connectTimeoutMs + m_options.readTimeoutMs));
    curl_easy_setopt(curl, CURLOPT_TCP_NODELAY, 1L);
    const qint64 sentAt = QDateTime::currentMSecsSinceEpoch();
    const CURLcode code = curl_easy_perform(curl);
    curl_slist_free_all(headers);
    ++m_roundTrips;
    if (code != CURLE_OK) {
        // What no second try mends: a malformed endpoint, a TLS certificate refused.
        attempt.retry = code != CURLE_URL_MALFORMAT && code != CURLE_UNSUPPORTED_PROTOCOL && code != CURLE_PEER_FAILED_VERIFICATION
                     && code != CURLE_SSL_CACERT_BADFILE && code != CURLE_SSL_CERTPROBLEM && code != CURLE_SSL_CIPHER
                     && code != CURLE_NOT_BUILT_IN;
        attempt.outcome = makeError(ErrorCode::StoreUnavailable,
                                    Message::translate("ledger", "DynamoDB at %1 did not answer %2: %3")
                                        .arg(m_options.endpoint, operationName, QString::fromUtf8(curl_easy_strerror(code))));
        return attempt;
    }
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    if (!date.isEmpty())
        m_clock.learn(date, sentAt, QDateTime::currentMSecsSinceEpoch());
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(response, &parseError);
    if (status == 200) {
        if (!document.isObject()) {
            attempt.outcome =
                makeError(ErrorCode::StoreError,
                          QStringLiteral("DynamoDB %1 answered what is not JSON: %2").arg(operationName, parseError.errorString()));
            return attempt;
        }
        attempt.outcome = Reply{document.object(), false};
        return attempt;
    }
    const QJsonObject error = document.object();
    QString type = error.value(QStringLiteral("__type")).toString();
    type = type.mid(type.lastIndexOf(QLatin1Char('#')) + 1);
    QString message = error.value(QStringLiteral("message")).toString();
    if (message.isEmpty())
        message = error.value(QStringLiteral("Message")).toString();
    if (type == QLatin1String("ConditionalCheckFailedException")) {
        attempt.outcome = Reply{error, true};
        return attempt;
    }
    if (type.isEmpty())
        type = QStringLiteral("HTTP %1").arg(status);
    attempt.retry = status >= 500 || retryableType(type);
    attempt.outcome = errorOf(type, message, operationName);
    return attempt;
}

Result<Reply> DynamoClient::call(const char *operation, const QJsonObject &request)
{
    const QByteArrayView op(operation);
    const bool reads = op == "GetItem" || op == "Query" || op == "Scan" || op == "BatchGetItem";
    const bool writes = op == "PutItem" || op == "UpdateItem" || op == "DeleteItem" || op == "BatchWriteItem";
    QJsonObject sent = request;
    if (m_beforeEachCall)
        m_beforeEachCall(operation, sent);
    if (reads || writes)
        sent.insert(QStringLiteral("ReturnConsumedCapacity"), QStringLiteral("TOTAL"));
    Result<Reply> reply = send(operation, sent);
    if (reply.ok() && (reads || writes)) {
        double units = 0;
        const QJsonValue consumed = reply->body.value(QStringLiteral("ConsumedCapacity"));
        const QJsonArray all = consumed.isArray() ? consumed.toArray() : QJsonArray{consumed};
        for (const QJsonValue &c : all)
            units += c.toObject().value(QStringLiteral("CapacityUnits")).toDouble();
        if (reply->conditionFailed)
            units = std::max(units, 1.0);
        (reads ? m_readUnits : m_writeUnits) += units;
        if (op == "Query" || op == "Scan")
            m_itemsScanned += reply->body.value(QStringLiteral("ScannedCount")).toInteger();
    }
    return reply;
}

Result<Reply> DynamoClient::send(const char *operation, const QJsonObject &request)
{
    const QByteArray body = QJsonDocument(request).toJson(QJsonDocument::Compact);
    RetryBudget budget(m_options.maxAttempts, m_options.retryForMs);
    for (int attempt = 1;; ++attempt) {
        Attempt sent = sendOnce(operation, body);
        if (attempt == 1 && m_loseAnswers > 0) {
            --m_loseAnswers;
            sent.retry = true;
            ++m_retries;
            if (m_betweenLostAndResent)
                m_betweenLostAndResent();
            continue; // at once
        }
        if (!sent.retry || !budget.allowsAnother(attempt))
            return std::move(sent.outcome);
        ++m_retries;
        RetryBudget::waitAfter(attempt);
    }
}

} // namespace ledger::aws
