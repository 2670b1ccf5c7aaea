#pragma once
// What belongs to the open store, in one place: its configuration and scale, the job runner
// that reaches it from pool threads and the change notifier that says when it changed. Widgets
// and models are given the session once, when they are made, and follow its opened() and
// closing() signals; nobody is handed the runner one by one, and nobody keeps one past its store.
// BackgroundJob (backgroundjob.h) is how they run work on it.
//
// Threading: GUI thread only.

#include "operations/approvalrules.h"
#include "storeopener.h"

#include <QObject>
#include <optional>

namespace ledger {
class ChangeNotifier;
}

namespace ledger::app {

class JobRunner;

class StoreSession : public QObject {
    Q_OBJECT
public:
    explicit StoreSession(QObject *parent = nullptr);
    ~StoreSession() override;

    bool isOpen() const { return m_jobs != nullptr; }
    // What opening said (configuration, scale, durability, shards, lock warning, demo).
    const OpenedStore &openedStore() const { return m_opened; }
    const StoreConfig &config() const { return m_opened.config; }
    QString location() const { return m_opened.config.location; }
    int scale() const { return m_opened.scale; }
    // Null while no store is open.
    JobRunner *jobs() const { return m_jobs; }
    ChangeNotifier *notifier() const { return m_notifier; }
    // Which opening this is (0: none yet); a result carries it to be dropped after a reopen.
    quint64 serial() const { return m_serial; }
    // Signed in to a ledger service (ledgerd) rather than holding a store: who, where, the token's
    // source. Null otherwise.
    const OpenedStore::SignedIn *signedIn() const { return m_opened.signedIn ? &*m_opened.signedIn : nullptr; }
    // The name claims are compared to and repairs are journaled under: through a ledger service
    // the token's (the server writes it), else the settings' operator name.
    QString operatorName() const;
    // What the identity may do: a read token's console changes nothing. The embedded store: all.
    Role role() const { return m_opened.signedIn ? m_opened.signedIn->identity.role : Role::Operator; }
    // Four eyes: the rules the service holds repairs and transfers to (ledgerd.conf's [approvals]),
    // read once per opening; nullopt until read (or when reading them failed: nothing is said to
    // wait then, and the action's own answer still says so). The embedded store has none.
    const std::optional<ApprovalRules> &approvalRules() const { return m_rules; }
    // Whether this identity may decide approval requests under `rules`: signed in to a ledger
    // service (the embedded store decides none), with the role they name (approver, or any operator).
    bool mayDecideApprovals() const;

    // Closes what is open, then opens `store` (already opened by openForConsole) and says opened().
    // `pollMs`: how often a file store is polled for change.
    void install(const OpenedStore &store, int pollMs = 400);
    // Says closing() (stop asking), waits for the jobs under way (their results are dropped),
    // then closed(). Nothing when no store is open.
    void close();

Q_SIGNALS:
    void opened();
    void closing();
    void closed();
    // The number of jobs under way changed (status bar, tests waiting for quiet).
    void activityChanged(int running);
    // Through a ledger service: a call ended, ok or with this error (JobRunner::callEnded).
    void serviceCallEnded(const ledger::Error &error);
    // approvalRules() was read (once after each opened()).
    void approvalRulesRead();

private:
    OpenedStore m_opened;
    JobRunner *m_jobs = nullptr;
    ChangeNotifier *m_notifier = nullptr;
    quint64 m_serial = 0;
    std::optional<ApprovalRules> m_rules;
};

} // namespace ledger::app
