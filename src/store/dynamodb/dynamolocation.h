#pragma once
// A DynamoDB store's location: dynamodb://REGION/PREFIX?endpoint=URL&profile=NAME&… — the
// tables PREFIX-accounts, PREFIX-transactions, … in that region (DESIGN §10).
// REGION may be left out (dynamodb:///PREFIX): then it comes as the AWS CLI finds it
// (awsconfig.h). Credentials never go in a location — a user:password@ part is refused — so a
// location can be shown, logged and kept in settings as it is.
// Options: endpoint (or endpoint_url): DynamoDB Local, dynalite, ScyllaDB Alternator;
// profile; max_attempts (retries of throttled and failed calls, default 10);
// connect_timeout and read_timeout (seconds, defaults 5 and 10); feed_delay_ms (how old a finish
// must be before the change feed gives it, default 5000: dynamostore_reads.cpp says why).
//
// Thread-safety: pure functions; any thread.

#include "ledger/result.h"

#include <QString>

namespace ledger::aws {

struct DynamoLocation {
    QString region; // empty: from the environment or profile
    QString prefix;
    QString endpoint;
    QString profile;
    int maxAttempts = 10;
    int connectTimeoutMs = 5000;
    int readTimeoutMs = 10000;
    int feedDelayMs = 5000;
};

bool isDynamoLocation(const QString &location);
// invalid-location, naming what is wrong, for a malformed one.
Result<DynamoLocation> parseDynamoLocation(const QString &location);
// The table PREFIX-`name`.
QString tableName(const DynamoLocation &location, const char *name);

} // namespace ledger::aws
