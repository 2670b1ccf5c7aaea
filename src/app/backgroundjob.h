#pragma once
// One kind of background work of a widget or model on the open store (a detail load, a count,
// an audit, a batch of repairs): the one helper for what every view needs of such work.
// - Only the latest run answers: a newer run, cancel(), or the store closing drops what is
//   under way (its result is never delivered), so a slow answer cannot overwrite a newer one.
// - A run can be asked to stop early (stop()): the work sees JobControl::stopRequested() and
//   answers with what it has.
// - The work may report progress (JobControl::progress), which arrives on the GUI thread as
//   progress() while that run is still the latest.
// - runAlongside(): runs that do not supersede each other (the pages of one listing load side by
//   side) — each answers, unless cancel() or the store closing came since.
// - Coalescing (setCoalescing(true)): a run asked for while one is under way waits and starts
//   once that one has answered, the latest such request only — for readings that cost more
//   than the changes that prompt them.
//
// Threading: create, call and destroy on the GUI thread. The work runs on a pool thread of the
// session's JobRunner with that thread's own connection and must touch only the LedgerService
// it is given, the JobControl and its own captures.

#include "jobrunner.h"
#include "storesession.h"

#include <QObject>
#include <QPointer>
#include <atomic>
#include <functional>
#include <memory>

namespace ledger::app {

class BackgroundJob;

// What the work of one run sees. Thread-safe; copies share the run.
class JobControl {
public:
    bool stopRequested() const { return m_stop && m_stop->load(); }
    // For library calls that take a stop test (audit, recovery, batch repair).
    std::function<bool()> stopTest() const
    {
        auto stop = m_stop;
        return [stop] { return stop && stop->load(); };
    }
    // How far the run is (done of total), shown on the GUI thread; calls may be dropped when
    // they come faster than the GUI takes them.
    void progress(qint64 done, qint64 total) const;

private:
    friend class BackgroundJob;
    std::shared_ptr<std::atomic<bool>> m_stop;
    QPointer<BackgroundJob> m_job;
    quint64 m_ticket = 0;
};

class BackgroundJob : public QObject {
    Q_OBJECT
public:
    // `session` outlives the job (both belong to the window); a store closing cancels the run.
    BackgroundJob(StoreSession *session, QObject *parent);

    StoreSession *session() const { return m_session; }
    bool isRunning() const { return m_waiting > 0; }
    void setCoalescing(bool coalescing) { m_coalescing = coalescing; }

    // Runs `work` on the ledger (jobrunner.h) and hands its result to `done` on the GUI thread, if
    // this run is still the latest then. Without an open store nothing runs (and done is not called).
    template <typename R> void run(std::function<R(LedgerService &, const JobControl &)> work, std::function<void(R)> done)
    {
        if (!m_session->isOpen())
            return;
        run<R>(
            [make = m_session->jobs()->ledgerMaker(), work](const JobControl &control) {
                return make.template with<R>([&work, &control](LedgerService &ledger) { return work(ledger, control); });
            },
            std::move(done));
    }
    template <typename R> void run(std::function<R(LedgerService &)> work, std::function<void(R)> done)
    {
        run<R>([work](LedgerService &ledger, const JobControl &) { return work(ledger); }, std::move(done));
    }
    // A run beside those under way: only cancel() or the store closing drops its answer.
    template <typename R> void runAlongside(std::function<R(LedgerService &)> work, std::function<void(R)> done)
    {
        if (!m_session->isOpen())
            return;
        runAlongside<R>(m_session->jobs()->onLedger<R>(std::move(work)), std::move(done));
    }
    // Asks the run under way to stop early; it still answers (with what it has).
    void stop();
    // Forgets the run under way (and a waiting one): no answer will come.
    void cancel();

Q_SIGNALS:
    void progress(qint64 done, qint64 total);
    void runningChanged(bool running);

private:
    friend class JobControl;
    // The work bound to its ledger, run on a pool thread.
    template <typename R> void run(std::function<R(const JobControl &)> work, std::function<void(R)> done);
    template <typename R> void runAlongside(std::function<R()> work, std::function<void(R)> done);
    // Starts `work` under the current ticket; `done` gets its answer while the ticket holds.
    template <typename R> void start(std::function<R(const JobControl &)> work, std::function<void(R)> done);
    void setWaiting(int waiting);
    void reportProgress(quint64 ticket, qint64 done, qint64 total);
    // Starts the waiting run, if any (coalescing).
    void startPending();

    StoreSession *m_session;
    quint64 m_ticket = 0; // the latest run's; an answer carrying another is dropped
    int m_waiting = 0;    // answers still to come under the current ticket
    bool m_coalescing = false;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::function<void()> m_pending; // coalescing: the run asked for meanwhile
};

template <typename R> void BackgroundJob::run(std::function<R(const JobControl &)> work, std::function<void(R)> done)
{
    if (!m_session->isOpen())
        return;
    if (m_coalescing && isRunning()) {
        m_pending = [this, work, done] { run<R>(work, done); };
        return;
    }
    ++m_ticket; // what is under way answers no one now, and may as well stop
    setWaiting(0);
    if (m_stop)
        m_stop->store(true);
    m_stop = std::make_shared<std::atomic<bool>>(false);
    start<R>(work, done);
}

template <typename R> void BackgroundJob::runAlongside(std::function<R()> work, std::function<void(R)> done)
{
    if (!m_session->isOpen())
        return;
    if (!m_stop)
        m_stop = std::make_shared<std::atomic<bool>>(false);
    start<R>([work](const JobControl &) { return work(); }, done);
}

template <typename R> void BackgroundJob::start(std::function<R(const JobControl &)> work, std::function<void(R)> done)
{
    const quint64 ticket = m_ticket;
    const quint64 serial = m_session->serial();
    JobControl control;
    control.m_stop = m_stop;
    control.m_job = this;
    control.m_ticket = ticket;
    setWaiting(m_waiting + 1);
    m_session->jobs()->runHere<R>(
        this, [work, control] { return work(control); },
        [this, ticket, serial, done](R result) {
            if (ticket != m_ticket || serial != m_session->serial())
                return; // a newer run, a cancel or another store since: not this view's answer
            setWaiting(m_waiting - 1);
            done(std::move(result));
            if (!isRunning())
                startPending();
        });
}

} // namespace ledger::app
