#pragma once
// One HTTP connection to DynamoDB's JSON API (libcurl; why not Qt Network: DESIGN §10): each call
// is signed (awssigv4.h), sent, and — when DynamoDB throttles, answers 5xx or the connection
// fails — sent again after a capped exponential backoff with full jitter (aws/awsretry.h) until it
// is answered, `maxAttempts` are spent, or `retryForMs` has passed. Sending a write again is safe
// here because every write of the store is conditional and carries a token of its own
// (dynamostore.h): a write that had landed fails its condition the second time, and the store
// reads the item to see whose token it holds.
//
// The store's clock is DynamoDB's as its answers' Date headers tell it (aws/awsclock.h).
//
// Threading: one client per thread (a libcurl easy handle is one connection).

#include "ledger/result.h"
#include "aws/awsclock.h"
#include "aws/awssigv4.h"

#include <QDateTime>
#include <QJsonObject>
#include <functional>
#include <memory>

namespace ledger::aws {

struct ClientOptions {
    QString endpoint; // scheme://host[:port]
    Scope scope;      // region, "dynamodb"
    Credentials credentials;
    int maxAttempts = 10;
    int connectTimeoutMs = 5000;
    int readTimeoutMs = 10000;
    // How long a call keeps trying a server that does not answer (store-unavailable after).
    int retryForMs = 30000;
};

// What a call answered that is not a failure of the call: the body, or a condition that did not
// hold (ConditionalCheckFailedException) — the answer a compare-and-set gives when someone else
// wrote first.
struct Reply {
    QJsonObject body;
    bool conditionFailed = false;
};

class DynamoClient {
public:
    explicit DynamoClient(ClientOptions options);
    ~DynamoClient();
    DynamoClient(const DynamoClient &) = delete;
    DynamoClient &operator=(const DynamoClient &) = delete;

    // DynamoDB_20120810.`operation` with `request` as its body. Errors: store-unavailable
    // (unreachable, refused credentials), store-busy (still throttled after the retries),
    // store-not-ledger (a table is missing), store-full (an item or collection too large),
    // store-error (anything else, with DynamoDB's words).
    Result<Reply> call(const char *operation, const QJsonObject &request);

    // The server's time as the answers so far put it (this machine's clock until the first).
    QDateTime now() { return m_clock.now(); }
    // The earliest the server's clock can read now, by its answers so far (five minutes back
    // before the first: DynamoDB refuses a request signed further off). now() never goes back,
    // so on a machine whose clock is ahead it can be ahead of the server's for a while; a
    // reading that must not start after a moment the server saw takes this instead.
    QDateTime earliestNow() const { return m_clock.earliestNow(); }
    qint64 roundTrips() const { return m_roundTrips; }
    // The read and write capacity units DynamoDB reported for the tables (not their indexes)
    // so far; a write refused by its condition counted as one unit, its least cost.
    double readUnits() const { return m_readUnits; }
    double writeUnits() const { return m_writeUnits; }
    // How many items the server read for the Queries and Scans so far (their ScannedCount): what
    // a listing cost, whatever the items' sizes.
    qint64 itemsScanned() const { return m_itemsScanned; }
    const ClientOptions &options() const { return m_options; }

    // For tests: the next `n` calls fail as if throttled (ProvisionedThroughputExceeded), before
    // anything is sent.
    void throttleNextCalls(int n) { m_throttleNext = n; }
    // For tests: the answers to the next `n` calls are lost after the server got them (as when a
    // connection breaks while the answer is on its way): each is sent again.
    void loseAnswersOfNextCalls(int n) { m_loseAnswers = n; }
    // For tests: runs between a lost answer and the call's second send (another writer's write).
    void setBetweenLostAndResent(std::function<void()> run) { m_betweenLostAndResent = std::move(run); }
    // For tests: sees, and may change, every request before it is sent (a Scan read in small
    // pages, another writer's write between two of them).
    void setBeforeEachCall(std::function<void(const char *operation, QJsonObject &request)> run) { m_beforeEachCall = std::move(run); }
    // How many calls were sent again after a throttle, a 5xx or a failed connection.
    qint64 retries() const { return m_retries; }

private:
    struct Attempt;
    // call() without the capacity accounting: the retries.
    Result<Reply> send(const char *operation, const QJsonObject &request);
    Attempt sendOnce(const char *operation, const QByteArray &body);

    ClientOptions m_options;
    void *m_curl = nullptr; // CURL*, kept out of this header (only dynamoclient.cpp sees curl.h)
    ServerClock m_clock;
    qint64 m_roundTrips = 0;
    qint64 m_retries = 0;
    double m_readUnits = 0;
    double m_writeUnits = 0;
    qint64 m_itemsScanned = 0;
    std::function<void(const char *, QJsonObject &)> m_beforeEachCall;
    int m_throttleNext = 0;
    int m_loseAnswers = 0;
    std::function<void()> m_betweenLostAndResent;
};

} // namespace ledger::aws
