#include "tokenkeyring.h"

#include <qt6keychain/keychain.h>

#include <QTimer>
#include <memory>

namespace ledger::app {

namespace {
const QString kService = QStringLiteral("LedgerDesk");
} // namespace

TokenKeyring::TokenKeyring(QObject *parent)
    : QObject(parent)
{}

void TokenKeyring::start(QKeychain::Job *keychainJob, std::function<void(QKeychain::Job *job)> finished)
{
    keychainJob->setAutoDelete(false);
    // Whichever comes first answers; the other finds the answer given.
    auto answered = std::make_shared<bool>(false);
    auto *deadline = new QTimer(keychainJob);
    deadline->setSingleShot(true);
    connect(deadline, &QTimer::timeout, this, [answered, finished] {
        if (std::exchange(*answered, true))
            return;
        finished(nullptr); // the job is left to end (or not) on its own; it is this object's child
    });
    connect(keychainJob, &QKeychain::Job::finished, this, [answered, finished](QKeychain::Job *ended) {
        if (!std::exchange(*answered, true))
            finished(ended);
        ended->deleteLater();
    });
    deadline->start(kDeadlineMs);
    keychainJob->start();
}

void TokenKeyring::read(const QString &url, std::function<void(const QByteArray &, const QString &)> done)
{
    auto *job = new QKeychain::ReadPasswordJob(kService, this);
    job->setKey(url);
    start(job, [done](QKeychain::Job *ended) {
        auto *job = static_cast<QKeychain::ReadPasswordJob *>(ended);
        if (!job)
            done({}, tr("the desktop's keyring did not answer within %1 s").arg(kDeadlineMs / 1000));
        else if (job->error() == QKeychain::EntryNotFound)
            done({}, QString()); // nothing kept for it: not a failure
        else if (job->error() != QKeychain::NoError)
            done({}, job->errorString());
        else
            done(job->binaryData(), QString());
    });
}

void TokenKeyring::store(const QString &url, const QByteArray &token, std::function<void(const QString &)> done)
{
    auto *job = new QKeychain::WritePasswordJob(kService, this);
    job->setKey(url);
    job->setBinaryData(token);
    start(job, [done](QKeychain::Job *job) {
        if (!job)
            done(tr("the desktop's keyring did not answer within %1 s").arg(kDeadlineMs / 1000));
        else
            done(job->error() == QKeychain::NoError ? QString() : job->errorString());
    });
}

} // namespace ledger::app
