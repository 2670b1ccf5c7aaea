// Racing processes: four `ledgerctl recover` processes and an operator's `cancel`s on the same
// stuck transactions (the recoverers held after their first write until all four have made one,
// so that each plans over documents the others are working on; the cancels start as they go on). Each transaction ends exactly once (one journal entry into a
// terminal state); the losers say that someone else moved it, in one clear line, and exit 0 or 1
// (4, not-finished, when a recoverer was canceling it: decided, its holds not released yet);
// the audit is clean and the money moved once per done transfer.
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QDir>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QRegularExpression>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kAlice = QStringLiteral("alice");
const QString kBob = QStringLiteral("bob");

struct Started {
    QString name;
    std::unique_ptr<QProcess> process;
};

} // namespace

class TestProcesses : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void recoverersAndOperatorRace_data();
    void recoverersAndOperatorRace();
};

void TestProcesses::recoverersAndOperatorRace_data()
{
    QTest::addColumn<int>("round");
    for (int round = 1; round <= 3; ++round)
        QTest::addRow("round %d", round) << round;
}

void TestProcesses::recoverersAndOperatorRace()
{
    QFETCH(int, round);
    TempStore ts;
    openAccounts(ts.store(), {kAlice}, 1'000'000);
    QVERIFY(ts.store().createAccount(kBob, QStringLiteral("BOB"), QStringLiteral("test")).ok());

    // 36 stuck transfers, stopped after each step in turn, with their leases already over.
    const qint64 aliceBefore = balanceOf(ts.store(), kAlice); // before any of them moved money
    const QList<Step> stops = {Step::Insert, Step::Claim, Step::HoldDebit, Step::HoldCredit, Step::Applied, Step::PostDebit};
    QStringList stuck, cancelable;
    for (int i = 0; i < 36; ++i) {
        CoordinatorOptions o;
        o.leaseMs = 1;
        o.hook = abandonAfterHook(stops.at(i % stops.size()));
        const TxOutcome out = Coordinator(ts.store(), o).transfer({kAlice, kBob, 100 + i, QString(), QString()});
        stuck << out.tx->id;
        if (out.tx->state == TxState::Initial || out.tx->state == TxState::Pending)
            cancelable << out.tx->id;
    }
    QCOMPARE(cancelable.size(), 24);
    QTest::qWait(5);

    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LEDGERDESK_STORE"), ts.path());
    env.insert(QStringLiteral("LEDGERDESK_OPERATOR"), QStringLiteral("carol"));
    env.insert(QStringLiteral("LEDGERDESK_BUSY_TIMEOUT_MS"), QStringLiteral("20000"));
    // A short pause after every write, so that the processes interleave finely on 2 cores.
    env.insert(QStringLiteral("LEDGER_STEP_DELAY_MS"), QStringLiteral("2"));
    // The recoverers meet, whatever the machine's speed: each waits after its first write (a
    // claim, which finishes nothing) until all four have written once (faults.h, gateHook), so
    // each listed its candidates while the others had finished none of them. The operator's
    // cancels start as the gate opens, into recoverers in full swing.
    QTemporaryDir gate;
    QVERIFY(gate.isValid());
    QProcessEnvironment gated = env;
    gated.insert(QStringLiteral("LEDGER_STEP_GATE"), gate.path());
    const auto openGate = qScopeGuard([&] { QFile(gate.filePath(QStringLiteral("open"))).open(QIODevice::WriteOnly); });

    std::vector<Started> started;
    const auto launch = [&](const QString &name, const QStringList &args, const QProcessEnvironment &with) {
        Started s{name, std::make_unique<QProcess>()};
        s.process->setProcessEnvironment(with);
        s.process->start(QStringLiteral(LEDGERCTL_PATH), args);
        started.push_back(std::move(s));
    };
    for (int i = 0; i < 4; ++i)
        launch(QStringLiteral("recover %1").arg(i + 1),
               {QStringLiteral("recover"), QStringLiteral("--older-than"), QStringLiteral("0s"), QStringLiteral("--threads"),
                QStringLiteral("2"), QStringLiteral("--json")},
               gated);
    QVERIFY2(QTest::qWaitFor([&] { return QDir(gate.path()).entryList(QDir::Files).size() == 4; }, 120'000),
             qPrintable(QDir(gate.path()).entryList(QDir::Files).join(QLatin1Char(' '))));
    // Every other cancelable one (which ones, by the round).
    for (int i = (round % 2); i < cancelable.size(); i += 2)
        launch(QStringLiteral("cancel %1").arg(cancelable[i]),
               {QStringLiteral("cancel"), cancelable[i], QStringLiteral("--reason"), QStringLiteral("customer asked")}, env);
    QVERIFY(QFile(gate.filePath(QStringLiteral("open"))).open(QIODevice::WriteOnly));

    int cancelsWon = 0, cancelsAccepted = 0, cancelsLost = 0, recoveredCandidates = 0, recoveredDone = 0, recoveredCanceled = 0,
        recoveredMoved = 0;
    QStringList endCanceled; // what a cancel was told is being canceled by someone else
    // A cancel that lost: someone else moved it while it tried (conflict), or it was already
    // past canceling when the cancel read it (invalid-state), in one line that says which.
    static const QRegularExpression oneErrorLine(QStringLiteral(
        "^error: (conflict|invalid-state): [^\\n]*(someone else moved|is done|is canceled|is canceling|is applied)[^\\n]*\\n$"));
    for (Started &s : started) {
        // (One may have finished while the gate was awaited: waitForFinished is then false.)
        QVERIFY2(s.process->state() == QProcess::NotRunning || s.process->waitForFinished(120'000),
                 qPrintable(s.name + QStringLiteral(" did not finish")));
        QCOMPARE(s.process->exitStatus(), QProcess::NormalExit);
        const int exit = s.process->exitCode();
        const QString out = QString::fromUtf8(s.process->readAllStandardOutput());
        const QString err = QString::fromUtf8(s.process->readAllStandardError());
        if (s.name.startsWith(QLatin1String("recover"))) {
            // A recoverer that finds a transaction taken by another counts it as moved: no error.
            QVERIFY2(exit == 0, qPrintable(QStringLiteral("%1 exited %2: %3").arg(s.name).arg(exit).arg(err)));
            QVERIFY2(err.isEmpty(), qPrintable(s.name + QStringLiteral(" wrote to stderr: ") + err));
            const QJsonObject report = QJsonDocument::fromJson(out.toUtf8()).object();
            QCOMPARE(report.value(QStringLiteral("failed")).toInt(), 0);
            QCOMPARE(report.value(QStringLiteral("interrupted")).toInt(), 0);
            // It listed its candidates while none was finished, and the others held at most 6
            // (claimed the same millisecond: not yet "older than 0s"); each candidate is then
            // done, canceled, or found moved by another.
            const int candidates = report.value(QStringLiteral("candidates")).toInt();
            QVERIFY2(candidates >= 36 - 6, qPrintable(s.name + QStringLiteral(": ") + out.left(300)));
            QCOMPARE(report.value(QStringLiteral("done")).toInt() + report.value(QStringLiteral("canceled")).toInt()
                         + report.value(QStringLiteral("moved")).toInt(),
                     candidates);
            recoveredCandidates += candidates;
            recoveredDone += report.value(QStringLiteral("done")).toInt();
            recoveredCanceled += report.value(QStringLiteral("canceled")).toInt();
            recoveredMoved += report.value(QStringLiteral("moved")).toInt();
        } else if (exit == 0) {
            ++cancelsWon;
            QVERIFY2(err.isEmpty(), qPrintable(err));
        } else if (exit == 4) {
            // A recoverer was canceling it (refused for funds) when the cancel looked: decided, not
            // finished yet (its holds still stand), said in one line; it must end canceled.
            ++cancelsAccepted;
            static const QRegularExpression canceling(
                QStringLiteral("^error: not-finished: (tx-[0-9A-Z]+) is canceling: [^\\n]*\\(canceled by recovery:[^\\n]*\\)\\n$"));
            const QRegularExpressionMatch m = canceling.match(err);
            QVERIFY2(m.hasMatch(), qPrintable(s.name + QStringLiteral(": ") + err));
            endCanceled << m.captured(1);
        } else {
            // Lost to a recoverer: one line that says who moved it, exit 1, nothing else.
            ++cancelsLost;
            QVERIFY2(exit == 1, qPrintable(QStringLiteral("%1 exited %2: %3").arg(s.name).arg(exit).arg(err)));
            QVERIFY2(oneErrorLine.match(err).hasMatch(), qPrintable(s.name + QStringLiteral(": ") + err));
        }
    }

    // Each transaction ended exactly once, in the state its journal says.
    qint64 done = 0;
    for (const QString &id : stuck) {
        const Transaction tx = *ts.store().transaction(id);
        QVERIFY2(isTerminal(tx.state), qPrintable(QStringLiteral("%1 ended %2").arg(id, nameOf(tx.state))));
        int endings = 0;
        for (const JournalEntry &e : *ts.store().journal(DocKind::Transaction, id)) {
            if (e.toState != e.fromState && (e.toState == QLatin1String("done") || e.toState == QLatin1String("canceled")))
                ++endings;
        }
        QVERIFY2(endings == 1, qPrintable(QStringLiteral("%1 reached an end %2 times").arg(id).arg(endings)));
        if (endCanceled.contains(id))
            QCOMPARE(tx.state, TxState::Canceled);
        if (tx.state == TxState::Done)
            done += tx.amount;
    }
    QCOMPARE(balanceOf(ts.store(), kAlice), aliceBefore - done);
    // They raced: four plans over the same documents, and each document ended once, so what the
    // recoverers did not end themselves they found moved by another.
    QVERIFY(recoveredDone + recoveredCanceled <= 36);
    QVERIFY2(recoveredMoved >= recoveredCandidates - 36,
             qPrintable(QStringLiteral("%1 of %2").arg(recoveredMoved).arg(recoveredCandidates)));
    LEDGER_VERIFY_AUDIT_CLEAN(ts.store());
    qInfo("4 recoverers: %d done, %d canceled, %d moved by someone else; the operator's cancels: %d won, %d being canceled by a "
          "recoverer (exit 4), %d lost",
          recoveredDone, recoveredCanceled, recoveredMoved, cancelsWon, cancelsAccepted, cancelsLost);
}

QTEST_GUILESS_MAIN(TestProcesses)
#include "tst_processes.moc"
