#pragma once
// A ledger service's token in the desktop's keyring (QtKeychain: the Secret Service, KWallet),
// under the service "LedgerDesk" and the server's URL: asked once in File › Connect, read at the
// next start. QtKeychain's jobs are asynchronous; each answer comes on the GUI thread, and one
// that does not come within kDeadlineMs (a keyring daemon that never answers) is a failure, so
// nothing waits on the keyring for ever. Without a keyring (CI, Xvfb, no D-Bus session) every
// call fails with the reason: the caller keeps the token for the run only.
//
// Threading: GUI thread.

#include <QByteArray>
#include <QObject>
#include <functional>

namespace QKeychain {
class Job;
}

namespace ledger::app {

class TokenKeyring : public QObject {
    Q_OBJECT
public:
    static constexpr int kDeadlineMs = 5000;

    explicit TokenKeyring(QObject *parent = nullptr);

    // The token kept for `url` ("" none), or why the keyring could not say (`problem`).
    void read(const QString &url, std::function<void(const QByteArray &token, const QString &problem)> done);
    // Keeps `token` for `url`; `done` gets "" or why it was not kept.
    void store(const QString &url, const QByteArray &token, std::function<void(const QString &problem)> done);

private:
    // Runs `job` (a QKeychain::Job, owned here), calling `finished` once: with the job when it
    // ended, or with null when the deadline came first.
    void start(QKeychain::Job *job, std::function<void(QKeychain::Job *job)> finished);
};

} // namespace ledger::app
