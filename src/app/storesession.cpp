#include "storesession.h"

#include "jobrunner.h"
#include "remotefeed.h"
#include "settings.h"
#include "store/open/changenotifier.h"

namespace ledger::app {

StoreSession::StoreSession(QObject *parent)
    : QObject(parent)
{}

StoreSession::~StoreSession() { close(); }

void StoreSession::install(const OpenedStore &store, int pollMs)
{
    close();
    m_opened = store;
    ++m_serial;
    if (m_opened.signedIn) {
        const ServerLocation &where = m_opened.signedIn->server.location;
        m_jobs = new JobRunner(where, this);
        m_notifier = new ChangeNotifier(this);
        new RemoteFeed(where, this, m_notifier); // the notifier's child
        connect(m_jobs, &JobRunner::callEnded, this, &StoreSession::serviceCallEnded);
    } else {
        m_jobs = new JobRunner(m_opened.config, this);
        m_notifier = new ChangeNotifier(m_opened.config, pollMs, this);
    }
    connect(m_jobs, &JobRunner::activityChanged, this, &StoreSession::activityChanged);
    Q_EMIT opened();
    // Once per opening (a SIGHUP's new rules are read at the next sign-in). Dropped by the serial
    // when another opening came meanwhile.
    const quint64 serial = m_serial;
    m_jobs->run<Result<ApprovalRules>>(
        this, [](LedgerService &ledger) { return ledger.approvalRules(); },
        [this, serial](Result<ApprovalRules> rules) {
            if (serial != m_serial || !rules.ok())
                return;
            m_rules = *rules;
            Q_EMIT approvalRulesRead();
        });
}

bool StoreSession::mayDecideApprovals() const
{
    if (!m_opened.signedIn || !m_rules)
        return false;
    const Role needs = m_rules->approvers == Approvers::ApproverRole ? Role::Approver : Role::Operator;
    return int(role()) >= int(needs);
}

QString StoreSession::operatorName() const { return m_opened.signedIn ? m_opened.signedIn->identity.name : Settings().operatorName(); }

void StoreSession::close()
{
    if (!m_jobs)
        return;
    // Everyone stops asking first; then the runner waits for what is under way, whose answers
    // find no one (BackgroundJob drops them by the serial, JobRunner by its guard).
    Q_EMIT closing();
    delete m_notifier;
    m_notifier = nullptr;
    delete m_jobs;
    m_jobs = nullptr;
    ++m_serial;
    m_rules.reset();
    Q_EMIT activityChanged(0);
    Q_EMIT closed();
}

} // namespace ledger::app
