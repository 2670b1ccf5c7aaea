#pragma once
// Finding credentials, region and endpoint the way the AWS CLI does, so that a user's existing
// set-up works unchanged:
// - credentials: a profile named by the location (`profile=`) from the shared files; else
//   AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN); else the profile
//   AWS_PROFILE names, or "default", from ~/.aws/credentials ($AWS_SHARED_CREDENTIALS_FILE) and
//   then ~/.aws/config ($AWS_CONFIG_FILE, sections "[profile NAME]" and "[default]");
// - region: the location's, else AWS_REGION, AWS_DEFAULT_REGION, the profile's `region`;
// - endpoint: the location's, else the service's AWS_ENDPOINT_URL_DYNAMODB or AWS_ENDPOINT_URL_S3,
//   AWS_ENDPOINT_URL, the profile's `endpoint_url`, else https://dynamodb.REGION.amazonaws.com or
//   https://s3.REGION.amazonaws.com (.com.cn in China).
// What the CLI runs to get credentials (SSO, credential_process, role_arn) is refused with a
// message saying how to export them instead: LedgerDesk runs no helper programs.
//
// Thread-safety: pure functions over the environment given; any thread.

#include "ledger/result.h"
#include "aws/awssigv4.h"

#include <QHash>
#include <QString>

namespace ledger::aws {

// The process environment and home folder, passed in so that tests choose them.
struct Environment {
    QHash<QString, QString> variables;
    QString home;

    static Environment ofProcess();
    QString value(const QString &name) const { return variables.value(name); }
};

struct ResolvedConfig {
    Credentials credentials;
    QString region;
    QString endpoint; // scheme://host[:port], no path
    // Where the credentials came from, for messages ("environment", "profile dev in ~/.aws/credentials").
    QString credentialSource;
};

// The AWS services we speak to: each has its endpoint variable, host and words.
enum class Service { DynamoDB, S3 };

// `profile`, `region`, `endpoint`: as the location gives them (empty: not given).
Result<ResolvedConfig> resolveConfig(const QString &profile, const QString &region, const QString &endpoint, const Environment &env,
                                     Service service = Service::DynamoDB);

// The default endpoint of a service in a region.
QString defaultEndpoint(const QString &region, Service service = Service::DynamoDB);

} // namespace ledger::aws
