// The crash sweep: for every protocol step of every flow (transfer, refused transfer, cancel,
// compensate, and recovery itself), a real ledgerctl process is killed right after that step's
// write committed (--crash-after, exit 86). Then `ledgerctl recover` runs, `ledgerctl audit`
// must be clean, and the transaction must have reached the state its flow promises — exactly
// once, with the money moved exactly once.
#include "ledger/identifiers.h"
#include "ledger/money.h"
#include "protocol/commitpoint.h"
#include "testsupport.h"

#include <QJsonDocument>
#include <QJsonObject>

using namespace ledger;
using namespace ledger::test;

namespace {

// What a flow starts from (made in-process), and what it runs in a child process.
enum class Setup {
    None,
    DoneTransfer,        // alice → bob 10.00, done
    SpentTransfer,       // alice → bob 10.00, done, and bob has spent everything since
    PendingTransfer,     // alice → bob 10.00, stopped after its debit hold
    ClaimedTooBig,       // alice → bob 5000.00, claimed, nothing held yet: its hold will be refused
    InitialTransfer,     // alice → bob 10.00, inserted, never claimed
    AppliedTransfer,     // alice → bob 10.00, half-posted
    CancelingTransfer,   // alice → bob 5000.00, refused, stopped while canceling
    InitialCompensation, // a done transfer's compensation, inserted but not yet linked
};

struct Flow {
    const char *name;
    Setup setup;
    QStringList command;    // "$ID" stands for the setup's transaction id
    QList<Step> reachable;  // the steps this command commits, in order
    int normalExit;         // its exit status when no crash is injected
    const char *finalState; // what the watched transaction ends as after recovery
    qint64 bobDelta;        // bob's balance change from after the setup to the end, minor units
};

const QList<Flow> &flows()
{
    static const QList<Flow> list = {
        {"transfer",
         Setup::None,
         {"transfer", "alice", "bob", "10.00", "--memo", "sweep"},
         {Step::Insert, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         1000},
        {"refused transfer",
         Setup::None,
         {"transfer", "alice", "bob", "5000.00", "--memo", "sweep"},
         {Step::Insert, Step::Claim, Step::Canceling, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         1,
         "canceled",
         0},
        {"cancel pending",
         Setup::PendingTransfer,
         {"cancel", "$ID", "--reason", "sweep"},
         {Step::Canceling, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         0,
         "canceled",
         0},
        {"cancel initial", Setup::InitialTransfer, {"cancel", "$ID", "--reason", "sweep"}, {Step::Canceled}, 0, "canceled", 0},
        {"compensate",
         Setup::DoneTransfer,
         {"compensate", "$ID", "--reason", "sweep"},
         {Step::Insert, Step::Link, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit,
          Step::Done},
         0,
         "done",
         -1000},
        {"refused compensation",
         Setup::SpentTransfer,
         {"compensate", "$ID", "--reason", "sweep"},
         {Step::Insert, Step::Link, Step::Claim, Step::Canceling, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         1,
         "canceled",
         0},
        {"resume canceling",
         Setup::CancelingTransfer,
         {"resume", "$ID"},
         {Step::Claim, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         0,
         "canceled",
         0},
        {"resume pending",
         Setup::PendingTransfer,
         {"resume", "$ID"},
         {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         1000},
        {"recover pending",
         Setup::PendingTransfer,
         {"recover", "--older-than", "0s"},
         {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         1000},
        {"recover initial",
         Setup::InitialTransfer,
         {"recover", "--older-than", "0s"},
         {Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         1000},
        {"recover half-posted",
         Setup::AppliedTransfer,
         {"recover", "--older-than", "0s"},
         {Step::Claim, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         1000},
        {"recover canceling",
         Setup::CancelingTransfer,
         {"recover", "--older-than", "0s"},
         {Step::Claim, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         0,
         "canceled",
         0},
        {"recover finds a refusal",
         Setup::ClaimedTooBig,
         {"recover", "--older-than", "0s"},
         {Step::Claim, Step::Canceling, Step::VoidDebit, Step::VoidCredit, Step::Canceled},
         0,
         "canceled",
         0},
        {"recover unlinked compensation",
         Setup::InitialCompensation,
         {"recover", "--older-than", "0s"},
         {Step::Link, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit, Step::PostCredit, Step::Done},
         0,
         "done",
         -1000},
    };
    return list;
}

QProcessEnvironment cleanEnvironment(const QString &home)
{
    return storeEnvironment(QString(), {QStringLiteral("HOME=") + home, QStringLiteral("XDG_DATA_HOME=") + home + QStringLiteral("/data"),
                                        QStringLiteral("LEDGERDESK_OPERATOR=sweeper")});
}

// Makes the starting point of a flow in-process, with the same stop-after-a-write mechanism the
// crash uses, and returns the id of the transaction the flow works on ("" for new transfers).
QString prepare(Store &store, Setup setup)
{
    Coordinator c(store, {});
    const auto stopped = [&](Step step, qint64 amount) {
        CoordinatorOptions o;
        o.hook = abandonAfterHook(step);
        return Coordinator(store, o).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()}).tx->id;
    };
    switch (setup) {
    case Setup::None: return QString();
    case Setup::DoneTransfer: return c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1000, QString(), QString()}).tx->id;
    case Setup::SpentTransfer: {
        const QString id = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1000, QString(), QString()}).tx->id;
        c.transfer({QStringLiteral("bob"), QStringLiteral("alice"), balanceOf(store, QStringLiteral("bob")), QString(), QString()});
        return id;
    }
    case Setup::ClaimedTooBig: return stopped(Step::Claim, 500'000);
    case Setup::PendingTransfer: return stopped(Step::HoldDebit, 1000);
    case Setup::InitialTransfer: return stopped(Step::Insert, 1000);
    case Setup::AppliedTransfer: return stopped(Step::PostDebit, 1000);
    case Setup::CancelingTransfer: return stopped(Step::Canceling, 500'000);
    case Setup::InitialCompensation: {
        const QString original = c.transfer({QStringLiteral("alice"), QStringLiteral("bob"), 1000, QString(), QString()}).tx->id;
        CoordinatorOptions o;
        o.hook = abandonAfterHook(Step::Insert);
        return Coordinator(store, o).compensate(original, QStringLiteral("setup")).tx->id;
    }
    }
    return QString();
}

// --- transactions over several accounts -------------------------------------------------------

const QStringList kParties = {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol"), QStringLiteral("dave"),
                              QStringLiteral("erin")};

struct LegFlow {
    const char *name;
    int legs; // 3 or 5: the original's legs
    enum { Transfer, Refused, Cancel, Compensate } kind;
    QList<StepOccurrence> reachable; // the writes the command commits, in order
    const char *finalState;
};

// The request of a flow's original: 3 legs (alice → bob, carol) or 5 (alice, bob → carol, dave, erin).
TransferRequest manyLegs(int legs, qint64 scaleBy = 1)
{
    TransferRequest r;
    if (legs == 3)
        r.legs = {{QStringLiteral("alice"), LegSide::Debit, 1000 * scaleBy},
                  {QStringLiteral("bob"), LegSide::Credit, 700 * scaleBy},
                  {QStringLiteral("carol"), LegSide::Credit, 300 * scaleBy}};
    else
        r.legs = {{QStringLiteral("alice"), LegSide::Debit, 1000 * scaleBy},
                  {QStringLiteral("bob"), LegSide::Debit, 500 * scaleBy},
                  {QStringLiteral("carol"), LegSide::Credit, 600 * scaleBy},
                  {QStringLiteral("dave"), LegSide::Credit, 400 * scaleBy},
                  {QStringLiteral("erin"), LegSide::Credit, 500 * scaleBy}};
    r.memo = QStringLiteral("sweep");
    return r;
}

QStringList legArguments(const TransferRequest &r, int scale)
{
    QStringList args{QStringLiteral("transfer")};
    for (const TxLeg &leg : r.legs)
        args << (leg.side == LegSide::Debit ? QStringLiteral("--from") : QStringLiteral("--to"))
             << leg.accountId + QLatin1Char(':') + money::format(leg.amount, scale);
    return args << QStringLiteral("--memo") << QStringLiteral("sweep");
}

QList<StepOccurrence> times(Step step, int n)
{
    QList<StepOccurrence> list;
    for (int i = 1; i <= n; ++i)
        list << StepOccurrence{step, i};
    return list;
}

const QList<LegFlow> &legFlows()
{
    // Debits are held, posted and voided before credits; a compensation swaps every side.
    static const QList<LegFlow> list = [] {
        QList<LegFlow> l;
        for (int legs : {3, 5}) {
            const int debits = legs == 3 ? 1 : 2;
            const int credits = legs - debits;
            const auto forward = [](int d, int c) {
                return times(Step::HoldDebit, d) + times(Step::HoldCredit, c) + QList<StepOccurrence>{{Step::Applied, 1}}
                     + times(Step::PostDebit, d) + times(Step::PostCredit, c) + QList<StepOccurrence>{{Step::Done, 1}};
            };
            const auto voids = [&] {
                return QList<StepOccurrence>{{Step::Canceling, 1}} + times(Step::VoidDebit, debits) + times(Step::VoidCredit, credits)
                     + QList<StepOccurrence>{{Step::Canceled, 1}};
            };
            l << LegFlow{legs == 3 ? "3-leg transfer" : "5-leg transfer", legs, LegFlow::Transfer,
                         QList<StepOccurrence>{{Step::Insert, 1}, {Step::Claim, 1}} + forward(debits, credits), "done"};
            l << LegFlow{legs == 3 ? "3-leg refused" : "5-leg refused", legs, LegFlow::Refused,
                         QList<StepOccurrence>{{Step::Insert, 1}, {Step::Claim, 1}} + voids(), "canceled"};
            l << LegFlow{legs == 3 ? "3-leg cancel" : "5-leg cancel", legs, LegFlow::Cancel, voids(), "canceled"};
            l << LegFlow{legs == 3 ? "3-leg compensation" : "5-leg compensation", legs, LegFlow::Compensate,
                         QList<StepOccurrence>{{Step::Insert, 1}, {Step::Link, 1}, {Step::Claim, 1}} + forward(credits, debits), "done"};
        }
        return l;
    }();
    return list;
}

} // namespace

class TestCrashSweep : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void sweep_data();
    void sweep();
    void sweepManyLegs_data();
    void sweepManyLegs();
    void crashAfterFromEnvironment();

private:
    ProcessResult ctl(const QString &store, QStringList args, const QString &id = QString());
    QTemporaryDir m_home;
};

void TestCrashSweep::initTestCase()
{
    QVERIFY(QFile::exists(QStringLiteral(LEDGERCTL_PATH)));
    QVERIFY(m_home.isValid());
}

ProcessResult TestCrashSweep::ctl(const QString &store, QStringList args, const QString &id)
{
    for (QString &a : args)
        a.replace(QStringLiteral("$ID"), id);
    return runLedgerctl(QStringList{QStringLiteral("--store"), store} + args, cleanEnvironment(m_home.path()));
}

void TestCrashSweep::sweep_data()
{
    QTest::addColumn<int>("flow");
    QTest::addColumn<Step>("step");
    // Against PostgreSQL every reachable step and one unreachable one per flow: that a step the
    // command never reaches lets it finish normally is the client's hook, the same on every store
    // (swept whole on files), and each row there makes databases and runs five processes.
    const bool server = !postgresTestUri().isEmpty();
    for (int f = 0; f < flows().size(); ++f) {
        // Every step, reachable or not: an unreachable one must let the command finish normally.
        bool unreachableSwept = false;
        for (Step step : allSteps()) {
            if (server && !flows()[f].reachable.contains(step)) {
                if (unreachableSwept)
                    continue;
                unreachableSwept = true;
            }
            QTest::addRow("%s, crash after %s", flows()[f].name, qPrintable(nameOf(step))) << f << step;
        }
    }
}

void TestCrashSweep::sweep()
{
    QFETCH(int, flow);
    QFETCH(Step, step);
    const Flow &f = flows()[flow];
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = prepare(t.store(), f.setup);
    const qint64 bobBefore = balanceOf(t.store(), QStringLiteral("bob"));

    const bool reachable = f.reachable.contains(step);
    const ProcessResult crashed = ctl(t.path(), QStringList{QStringLiteral("--crash-after"), nameOf(step)} + f.command, id);
    QVERIFY2(crashed.exitCode == (reachable ? kCrashExitStatus : f.normalExit),
             qPrintable(QStringLiteral("exit %1\n%2%3").arg(crashed.exitCode).arg(crashed.out, crashed.err)));
    if (reachable)
        QVERIFY(crashed.err.contains(QStringLiteral("crash injected after %1").arg(nameOf(step))));

    // Right after the crash the books already balance (every intermediate state satisfies the
    // invariants), and a plain `recover` leaves the crashed worker's live lease alone.
    const ProcessResult midway = ctl(t.path(), {QStringLiteral("audit")});
    QVERIFY2(midway.exitCode == 0, qPrintable(midway.out + midway.err));
    // Every document as it stands (state, driver, epoch, last write): the plain recover must change none.
    const auto documents = [&t] {
        QStringList rows;
        const Error scanned = t.store().scanTransactions([&](const Transaction &tx) {
            rows << QStringLiteral("%1 %2 %3 %4 %5")
                        .arg(tx.id, nameOf(tx.state), tx.owner)
                        .arg(tx.epoch)
                        .arg(tx.lastModified.toMSecsSinceEpoch());
        });
        if (!scanned.ok())
            rows << scanned.toString();
        rows.sort();
        return rows;
    };
    const QStringList beforePatient = documents();
    const ProcessResult patient = ctl(t.path(), {QStringLiteral("recover")});
    QVERIFY2(patient.exitCode == 0, qPrintable(patient.out + patient.err));
    QCOMPARE(documents(), beforePatient);

    const ProcessResult recovered = ctl(t.path(), {QStringLiteral("recover"), QStringLiteral("--older-than"), QStringLiteral("0s")});
    QVERIFY2(recovered.exitCode == 0, qPrintable(recovered.out + recovered.err));
    const ProcessResult audited = ctl(t.path(), {QStringLiteral("audit")});
    QVERIFY2(audited.exitCode == 0, qPrintable(audited.out + audited.err));

    // The watched transaction and its final state.
    QString watched = id;
    if (f.setup == Setup::None) {
        const Error scanned = t.store().scanTransactions([&](const Transaction &tx) {
            if (tx.memo == QLatin1String("sweep"))
                watched = tx.id;
        });
        QVERIFY2(scanned.ok(), qPrintable(scanned.toString()));
    } else if (f.command.first() == QLatin1String("compensate")) {
        watched = compensationId(id, 1);
    }
    const ProcessResult shown = ctl(t.path(), {QStringLiteral("show"), watched, QStringLiteral("--json")});
    QCOMPARE(shown.exitCode, 0);
    const QJsonObject doc = QJsonDocument::fromJson(shown.out.toUtf8()).object();
    QCOMPARE(doc.value(QStringLiteral("state")).toString(), QString::fromLatin1(f.finalState));
    if (doc.value(QStringLiteral("kind")).toString() == QLatin1String("compensation"))
        QCOMPARE(t.store().transaction(doc.value(QStringLiteral("compensates")).toString())->compensatedBy, watched);

    // Exactly once: nothing in flight, no hold left, and the money moved once.
    TxQuery open;
    open.stuckOnly = true;
    QCOMPARE(*t.store().transactionCount(open), qint64(0));
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    QCOMPARE(balanceOf(t.store(), QStringLiteral("bob")), bobBefore + f.bobDelta);
    TxQuery compensations;
    compensations.kind = TxKind::Compensation;
    QVERIFY(*t.store().transactionCount(compensations) <= 1);
}

void TestCrashSweep::sweepManyLegs_data()
{
    QTest::addColumn<int>("flow");
    QTest::addColumn<int>("write"); // index into reachable; its size: one occurrence past the last
    // Against PostgreSQL (one database, or shards) the 3-leg flows: the 5-leg ones exercise the
    // same backend writes, only more of them, and each row there creates databases.
    const bool server = !postgresTestUri().isEmpty();
    for (int f = 0; f < legFlows().size(); ++f) {
        const LegFlow &flow = legFlows()[f];
        if (server && flow.legs > 3)
            continue;
        for (int w = 0; w < flow.reachable.size(); ++w)
            QTest::addRow("%s, crash after %s:%d", flow.name, qPrintable(nameOf(flow.reachable[w].step)), flow.reachable[w].occurrence)
                << f << w;
        QTest::addRow("%s, a credit too many", flow.name) << f << int(flow.reachable.size());
    }
}

void TestCrashSweep::sweepManyLegs()
{
    QFETCH(int, flow);
    QFETCH(int, write);
    const LegFlow &f = legFlows()[flow];
    TempStore t;
    openAccounts(t.store(), kParties, 100'000);
    const int scale = t.store().scale();

    // The original, made in-process as the flow needs it.
    QString id;
    TransferRequest original = manyLegs(f.legs, f.kind == LegFlow::Refused ? 1000 : 1);
    QStringList command;
    switch (f.kind) {
    case LegFlow::Transfer:
    case LegFlow::Refused: command = legArguments(original, scale); break;
    case LegFlow::Cancel: {
        CoordinatorOptions o;
        o.hook = abandonAfterHook(Step::HoldCredit); // pending: every debit and one credit held
        id = Coordinator(t.store(), o).transfer(original).tx->id;
        command = {QStringLiteral("cancel"), id, QStringLiteral("--reason"), QStringLiteral("sweep")};
        break;
    }
    case LegFlow::Compensate:
        id = Coordinator(t.store(), {}).transfer(original).tx->id;
        command = {QStringLiteral("compensate"), id, QStringLiteral("--reason"), QStringLiteral("sweep")};
        break;
    }
    QMap<QString, qint64> before;
    for (const QString &a : kParties)
        before.insert(a, balanceOf(t.store(), a));

    const bool reachable = write < f.reachable.size();
    const StepOccurrence at = reachable ? f.reachable[write] : StepOccurrence{Step::HoldCredit, 16};
    const QString crashAt = QStringLiteral("%1:%2").arg(nameOf(at.step)).arg(at.occurrence);
    const int normalExit = f.kind == LegFlow::Refused ? 1 : 0;
    const ProcessResult crashed = ctl(t.path(), QStringList{QStringLiteral("--crash-after"), crashAt} + command);
    QVERIFY2(crashed.exitCode == (reachable ? kCrashExitStatus : normalExit),
             qPrintable(QStringLiteral("exit %1\n%2%3").arg(crashed.exitCode).arg(crashed.out, crashed.err)));

    // Every moment in between is a consistent book, and whole reads sum to zero.
    const ProcessResult midway = ctl(t.path(), {QStringLiteral("audit")});
    QVERIFY2(midway.exitCode == 0, qPrintable(midway.out + midway.err));
    auto whole = readWholeBalances(t.store());
    QVERIFY2(whole.ok(), qPrintable(whole.error().toString()));
    QCOMPARE(whole->total, qint64(0));
    const ProcessResult recovered = ctl(t.path(), {QStringLiteral("recover"), QStringLiteral("--older-than"), QStringLiteral("0s")});
    QVERIFY2(recovered.exitCode == 0, qPrintable(recovered.out + recovered.err));
    const ProcessResult audited = ctl(t.path(), {QStringLiteral("audit")});
    QVERIFY2(audited.exitCode == 0, qPrintable(audited.out + audited.err));

    QString watched = id;
    if (f.kind == LegFlow::Transfer || f.kind == LegFlow::Refused) {
        const Error scanned = t.store().scanTransactions([&](const Transaction &tx) {
            if (tx.memo == QLatin1String("sweep"))
                watched = tx.id;
        });
        QVERIFY2(scanned.ok(), qPrintable(scanned.toString()));
    } else if (f.kind == LegFlow::Compensate) {
        watched = compensationId(id, 1);
    }
    auto tx = t.store().transaction(watched);
    QVERIFY2(tx.ok(), qPrintable(tx.error().toString()));
    QCOMPARE(nameOf(tx->state), QString::fromLatin1(f.finalState));
    QCOMPARE(tx->legs.size(), f.legs);

    // Exactly once: nothing in flight, no hold left, every account moved by its leg once.
    TxQuery open;
    open.stuckOnly = true;
    QCOMPARE(*t.store().transactionCount(open), qint64(0));
    QCOMPARE(heldMarkerCount(t.store()), qint64(0));
    for (const QString &a : kParties) {
        qint64 expected = before.value(a);
        if (f.kind == LegFlow::Transfer || f.kind == LegFlow::Compensate) {
            for (const TxLeg &leg : tx->legs) {
                if (leg.accountId == a)
                    expected += leg.side == LegSide::Credit ? leg.amount : -leg.amount;
            }
        }
        QCOMPARE(balanceOf(t.store(), a), expected);
    }
}

void TestCrashSweep::crashAfterFromEnvironment()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    QProcessEnvironment env = cleanEnvironment(m_home.path());
    env.insert(QStringLiteral("LEDGER_CRASH_AFTER"), QStringLiteral("applied"));
    const ProcessResult crashed = runLedgerctl({QStringLiteral("--store"), t.path(), QStringLiteral("transfer"), QStringLiteral("alice"),
                                                QStringLiteral("bob"), QStringLiteral("1")},
                                               env);
    QCOMPARE(crashed.exitCode, kCrashExitStatus);
    TxQuery applied;
    applied.state = TxState::Applied;
    QCOMPARE(*t.store().transactionCount(applied), qint64(1));
    env.insert(QStringLiteral("LEDGER_CRASH_AFTER"), QStringLiteral("bogus"));
    const ProcessResult refused = runLedgerctl({QStringLiteral("--store"), t.path(), QStringLiteral("audit")}, env);
    QCOMPARE(refused.exitCode, 2);
    QVERIFY(refused.err.contains(QStringLiteral("error: invalid-step: ")));
}

QTEST_GUILESS_MAIN(TestCrashSweep)
#include "tst_crashsweep.moc"
