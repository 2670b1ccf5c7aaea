// tst_ledgerdapprovals: four eyes through ledgerd, as a team works it (docs/DESIGN.md §11): the
// rules of --config (read at start, again on SIGHUP; a bad file refused at start and kept out on
// SIGHUP), a held-back compensation and mint answered 202 with the request, a read token that sees
// but cannot decide, the requester and an operator refused where the rules want an approver, the
// approver's approval running it once under both names (Operator actions lists the request and
// the decision), an approval whose ledgerd was killed mid-run finished by approving again — money
// moved once —, and ledgerctl's approvals, approve and reject through --server. Every answer is
// checked against /openapi.json. On SQLite files and on PostgreSQL.
#include "ledgerdsupport.h"
#include "testsupport.h"

#include <QDir>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

using namespace ledger;
using namespace ledger::test;

namespace {

const QString kRules = QStringLiteral("# four eyes\n[approvals]\ncompensate-over = 10\ncancel-over = 10\nresume-over = 10\n"
                                      "world-over = 0\ntransfer-over = 1000\nexpire-after = 1h\napprovers = approver\n");

QString bearer(const QString &token) { return QStringLiteral("Authorization: Bearer ") + token; }

bool writeFile(const QString &path, const QString &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text.toUtf8()) == text.toUtf8().size();
}

QString doneTransfer(Store &store, qint64 amount)
{
    const TxOutcome made =
        Coordinator(store, CoordinatorOptions{}).transfer({QStringLiteral("alice"), QStringLiteral("bob"), amount, QString(), QString()});
    return made.ok() && made.tx ? made.tx->id : QString();
}

} // namespace

class TestLedgerdApprovals : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void aBadConfigIsRefusedAtStart();
    void aLargeRepairWaitsForASecondPerson();
    void aMintWaitsAndRunsOnce();
    void anApprovalCutShortByAKillRunsOnce();
    void sighupReadsTheRulesAgain();
    void ledgerctlAsksListsAndDecides();
    void everyAnswerMatchesTheOpenApiDocument(); // last: it checks what the others were answered

private:
    struct Team {
        QString tokens, config;
        QString ann, bob, cy, dash, pay; // operator, approver, operator, read, transfer
    };
    Team team(const QTemporaryDir &dir, const QString &rules = kRules);
    QStringList argsOf(const TempStore &t, const Team &team) const;

    QTemporaryDir m_work;
    QFile m_responses;
};

void TestLedgerdApprovals::initTestCase()
{
    m_responses.setFileName(m_work.filePath(QStringLiteral("responses.jsonl")));
    QVERIFY(m_responses.open(QIODevice::WriteOnly));
    logAnswersTo(&m_responses);
}

TestLedgerdApprovals::Team TestLedgerdApprovals::team(const QTemporaryDir &dir, const QString &rules)
{
    Team t;
    t.tokens = dir.filePath(QStringLiteral("tokens"));
    t.config = dir.filePath(QStringLiteral("ledgerd.conf"));
    t.ann = bearer(addToken(t.tokens, QStringLiteral("ann"), QStringLiteral("operator")).token);
    t.bob = bearer(addToken(t.tokens, QStringLiteral("bob"), QStringLiteral("approver")).token);
    t.cy = bearer(addToken(t.tokens, QStringLiteral("cy"), QStringLiteral("operator")).token);
    t.dash = bearer(addToken(t.tokens, QStringLiteral("dash"), QStringLiteral("read")).token);
    t.pay = bearer(addToken(t.tokens, QStringLiteral("pay"), QStringLiteral("transfer")).token);
    writeFile(t.config, rules);
    return t;
}

QStringList TestLedgerdApprovals::argsOf(const TempStore &t, const Team &team) const
{
    return {QStringLiteral("--store"),         t.path(),
            QStringLiteral("--listen"),        QStringLiteral("127.0.0.1:0"),
            QStringLiteral("--tokens"),        team.tokens,
            QStringLiteral("--config"),        team.config,
            QStringLiteral("--recover-every"), QStringLiteral("off")};
}

void TestLedgerdApprovals::aBadConfigIsRefusedAtStart()
{
    TempStore t;
    QTemporaryDir dir;
    const Team crew = team(dir, QStringLiteral("[approvals]\ncompensate-over = 10\nexpire-after = soon\n"));
    QProcess p;
    p.start(QStringLiteral(LEDGERD_PATH), argsOf(t, crew));
    QVERIFY(p.waitForFinished(30'000));
    QCOMPARE(p.exitCode(), 2);
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(err.startsWith(QStringLiteral("error: invalid-duration: %1: line 3: ").arg(crew.config)), qPrintable(err));
    // Rules without tokens: every client would be "local", nobody a second person.
    QVERIFY(writeFile(crew.config, kRules));
    QStringList noTokens = argsOf(t, crew);
    noTokens.removeAt(noTokens.indexOf(QStringLiteral("--tokens")) + 1);
    noTokens.removeAt(noTokens.indexOf(QStringLiteral("--tokens")));
    QProcess tokenless;
    tokenless.start(QStringLiteral(LEDGERD_PATH), noTokens);
    QVERIFY(tokenless.waitForFinished(30'000));
    QCOMPARE(tokenless.exitCode(), 2);
    QVERIFY2(QString::fromUtf8(tokenless.readAllStandardError()).contains(QStringLiteral("need --tokens")), "rules without --tokens");
    // A file that is not there.
    QProcess missing;
    QStringList args = argsOf(t, crew);
    args[args.indexOf(crew.config)] = dir.filePath(QStringLiteral("nowhere.conf"));
    missing.start(QStringLiteral(LEDGERD_PATH), args);
    QVERIFY(missing.waitForFinished(30'000));
    QCOMPARE(missing.exitCode(), 2);
    QVERIFY2(QString::fromUtf8(missing.readAllStandardError()).startsWith(QStringLiteral("error: invalid-argument: --config ")),
             "a missing --config is invalid-argument");
}

void TestLedgerdApprovals::aLargeRepairWaitsForASecondPerson()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 5000);
    QTemporaryDir dir;
    const Team crew = team(dir);
    Ledgerd d(argsOf(t, crew));
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    QVERIFY2(d.errors().contains(QStringLiteral("four eyes")), qPrintable(d.errors()));

    const Http rules = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/rules"), {}, {crew.dash});
    QCOMPARE(rules.status, 200);
    QCOMPARE(rules.body.value(QStringLiteral("compensateOver")).toString(), QStringLiteral("10.00"));
    QCOMPARE(rules.body.value(QStringLiteral("approvers")).toString(), QStringLiteral("approver"));

    // ann asks: 202, the request, nothing moved.
    const Http asked = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/compensate").arg(id),
                            R"({"reason":"customer refund"})", {crew.ann, QStringLiteral("Idempotency-Key: refund-1")});
    QCOMPARE(asked.status, 202);
    QCOMPARE(asked.body.value(QStringLiteral("code")).toString(), QStringLiteral("awaiting-approval"));
    const QJsonObject request = asked.body.value(QStringLiteral("approval")).toObject();
    const QString requestId = request.value(QStringLiteral("id")).toString();
    QVERIFY(isApprovalId(requestId));
    QCOMPARE(request.value(QStringLiteral("state")).toString(), QStringLiteral("pending"));
    QCOMPARE(request.value(QStringLiteral("requestedBy")).toString(), QStringLiteral("ann"));
    QCOMPARE(request.value(QStringLiteral("amount")).toString(), QStringLiteral("50.00"));
    QCOMPARE(request.value(QStringLiteral("preview")).toObject().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QVERIFY(t.store().transaction(id)->compensatedBy.isEmpty());
    // Sent again (its answer lost): the same request.
    const Http again = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/compensate").arg(id),
                            R"({"reason":"customer refund"})", {crew.ann, QStringLiteral("Idempotency-Key: refund-1")});
    QCOMPARE(again.status, 202);
    QCOMPARE(again.body.value(QStringLiteral("approval")).toObject().value(QStringLiteral("id")).toString(), requestId);

    // A read token sees it, cannot decide.
    const Http listed = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals?state=pending"), {}, {crew.dash});
    QCOMPARE(listed.status, 200);
    QCOMPARE(listed.body.value(QStringLiteral("approvals")).toArray().size(), 1);
    const QString approve = d.url + QStringLiteral("/v1/approvals/%1/approve").arg(requestId);
    QCOMPARE(curl(QStringLiteral("POST"), approve, {}, {crew.dash}).status, 403);
    // The requester never approves their own; an operator is not an approver under these rules.
    const Http own = curl(QStringLiteral("POST"), approve, {}, {crew.ann});
    QCOMPARE(own.status, 403);
    QVERIFY2(own.body.value(QStringLiteral("detail")).toString().contains(QStringLiteral("a second person decides it")),
             own.raw.constData());
    QCOMPARE(curl(QStringLiteral("POST"), approve, {}, {crew.cy}).status, 403);
    // Malformed and unknown ids.
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/apr-1"), {}, {crew.dash}).status, 400);
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/apr-%1").arg(QString(32, QLatin1Char('0'))), {}, {crew.dash})
                 .status,
             404);
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals?state=waiting"), {}, {crew.dash}).status, 400);

    // bob approves: it runs, once, under both names.
    const Http approved = curl(QStringLiteral("POST"), approve, R"({"reason":"checked the ticket"})", {crew.bob});
    QCOMPARE(approved.status, 200);
    QCOMPARE(approved.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(approved.body.value(QStringLiteral("decidedBy")).toString(), QStringLiteral("bob"));
    const QString compensation = approved.body.value(QStringLiteral("outcome")).toObject().value(QStringLiteral("transaction")).toString();
    QVERIFY(!compensation.isEmpty());
    QCOMPARE(t.store().transaction(id)->compensatedBy, compensation);
    const Http detail = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/transactions/%1").arg(compensation), {}, {crew.dash});
    bool both = false;
    for (const QJsonValue &row : detail.body.value(QStringLiteral("journal")).toArray())
        both = both || row.toObject().value(QStringLiteral("actor")).toString() == QLatin1String("ann, approved by bob");
    QVERIFY2(both, detail.raw.constData());
    // Operator actions lists the request and the decision.
    const Http actions = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/actions?kind=repairs"), {}, {crew.dash});
    QStringList events;
    for (const QJsonValue &row : actions.body.value(QStringLiteral("actions")).toArray())
        events << row.toObject().value(QStringLiteral("event")).toString();
    QVERIFY2(events.contains(QStringLiteral("approval-request")) && events.contains(QStringLiteral("approval-approve")),
             qPrintable(events.join(", ")));
    // Decided: cy cannot reject it now.
    const Http late =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/reject").arg(requestId), R"({"reason":"no"})", {crew.bob});
    QCOMPARE(late.status, 409);
    QCOMPARE(late.body.value(QStringLiteral("code")).toString(), QStringLiteral("approval-decided"));
    QCOMPARE(d.stop(), 0);
}

void TestLedgerdApprovals::aMintWaitsAndRunsOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    QTemporaryDir dir;
    const Team crew = team(dir);
    Ledgerd d(argsOf(t, crew));
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    // A transfer token still may not mint at all; an operator's mint waits.
    const QByteArray mint = R"({"source":"@world","destination":"alice","amount":"2985859.63"})";
    QCOMPARE(curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), mint, {crew.pay}).status, 403);
    const Http asked =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"), mint, {crew.ann, QStringLiteral("Idempotency-Key: mint-7")});
    QCOMPARE(asked.status, 202);
    const QJsonObject request = asked.body.value(QStringLiteral("approval")).toObject();
    QCOMPARE(request.value(QStringLiteral("action")).toString(), QStringLiteral("transfer"));
    QCOMPARE(request.value(QStringLiteral("transfer")).toObject().value(QStringLiteral("legs")).toArray().size(), 2);
    // A transfer token's large payment waits too (transfer-over 1000).
    const Http large = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                            R"({"source":"alice","destination":"bob","amount":"1000.01"})", {crew.pay});
    QCOMPARE(large.status, 202);
    const Http small = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transfers"),
                            R"({"source":"alice","destination":"bob","amount":"1000.00"})", {crew.pay});
    QCOMPARE(small.status, 201);
    const qint64 alice = t.store().account(QStringLiteral("alice"))->balance;
    const Http approved =
        curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/approve").arg(request.value(QStringLiteral("id")).toString()),
             {}, {crew.bob});
    QCOMPARE(approved.status, 200);
    QCOMPARE(approved.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    QCOMPARE(t.store().account(QStringLiteral("alice"))->balance, alice + 298'585'963);
    QCOMPARE(d.stop(), 0);
}

void TestLedgerdApprovals::anApprovalCutShortByAKillRunsOnce()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString id = doneTransfer(t.store(), 5000);
    QTemporaryDir dir;
    const Team crew = team(dir);
    QString requestId;
    {
        // This ledgerd dies right after the approved compensation's debit hold.
        Ledgerd d(argsOf(t, crew), {QStringLiteral("LEDGER_CRASH_AFTER=hold-debit")});
        QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
        const Http asked = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/transactions/%1/compensate").arg(id), {}, {crew.ann});
        QCOMPARE(asked.status, 202);
        requestId = asked.body.value(QStringLiteral("approval")).toObject().value(QStringLiteral("id")).toString();
        const Http cut = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/approve").arg(requestId), {}, {crew.bob});
        QCOMPARE(cut.status, 0); // no answer: it died
    }
    QCOMPARE(t.store().account(QStringLiteral("alice"))->balance, qint64(95'000)); // not yet given back
    Ledgerd d(argsOf(t, crew));
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const Http standing = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/%1").arg(requestId), {}, {crew.dash});
    QCOMPARE(standing.body.value(QStringLiteral("state")).toString(), QStringLiteral("approved"));
    // Approving again finishes the run, once.
    const Http finished = curl(QStringLiteral("POST"), d.url + QStringLiteral("/v1/approvals/%1/approve").arg(requestId), {}, {crew.bob});
    QCOMPARE(finished.status, 200);
    QCOMPARE(finished.body.value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    const auto original = t.store().transaction(id);
    QVERIFY(!original->compensatedBy.isEmpty());
    QCOMPARE(t.store().transaction(original->compensatedBy)->state, TxState::Done);
    const Http audit = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/audit"), {}, {crew.dash});
    QCOMPARE(audit.body.value(QStringLiteral("findings")).toArray().size(), 0);
    // Money moved once: alice got her 50.00 back exactly once since the start.
    QCOMPARE(t.store().account(QStringLiteral("alice"))->balance, qint64(100'000));
    QCOMPARE(d.stop(), 0);
}

void TestLedgerdApprovals::sighupReadsTheRulesAgain()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    QTemporaryDir dir;
    const Team crew = team(dir);
    Ledgerd d(argsOf(t, crew));
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QString compensate = d.url + QStringLiteral("/v1/transactions/%1/compensate");
    QCOMPARE(curl(QStringLiteral("POST"), compensate.arg(doneTransfer(t.store(), 5000)), {}, {crew.ann}).status, 202);

    // Raised: 50.00 is under the new rule and runs at once.
    QVERIFY(writeFile(crew.config, QStringLiteral("[approvals]\ncompensate-over = 100\n")));
    const qint64 pid = d.pid();
    QVERIFY(pid > 0);
    ::kill(pid_t(pid), SIGHUP);
    QTRY_VERIFY_WITH_TIMEOUT(d.errors().contains(QStringLiteral("read again")), 30'000);
    const Http rules = curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/rules"), {}, {crew.dash});
    QCOMPARE(rules.body.value(QStringLiteral("compensateOver")).toString(), QStringLiteral("100.00"));
    QVERIFY(rules.body.value(QStringLiteral("cancelOver")).isNull());
    QCOMPARE(curl(QStringLiteral("POST"), compensate.arg(doneTransfer(t.store(), 5000)), {}, {crew.ann}).status, 201);

    // A file that does not read keeps the rules in force.
    QVERIFY(writeFile(crew.config, QStringLiteral("[approvals]\ncompensate-over = lots\n")));
    ::kill(pid_t(pid), SIGHUP);
    QTRY_VERIFY_WITH_TIMEOUT(d.errors().contains(QStringLiteral("the rules in force stay")), 30'000);
    QCOMPARE(curl(QStringLiteral("GET"), d.url + QStringLiteral("/v1/approvals/rules"), {}, {crew.dash})
                 .body.value(QStringLiteral("compensateOver"))
                 .toString(),
             QStringLiteral("100.00"));
    QCOMPARE(d.stop(), 0);
}

void TestLedgerdApprovals::ledgerctlAsksListsAndDecides()
{
    TempStore t;
    openAccounts(t.store(), {QStringLiteral("alice"), QStringLiteral("bob")}, 100'000);
    const QString stuck = stuckAfter(t.store(), Step::HoldDebit, 5000);
    QTemporaryDir dir;
    const Team crew = team(dir);
    Ledgerd d(argsOf(t, crew));
    QVERIFY2(!d.url.isEmpty(), qPrintable(d.errors()));
    const QString annFile = writeToken(dir.path(), QStringLiteral("ann"), crew.ann.mid(22));
    const QString bobFile = writeToken(dir.path(), QStringLiteral("bob"), crew.bob.mid(22));
    const auto ctl = [&](const QString &tokenFile, const QStringList &args, QString *out = nullptr) {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LEDGERDESK_LANGUAGE"), QStringLiteral("en"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(LEDGERCTL_PATH),
                QStringList{QStringLiteral("--server"), d.url, QStringLiteral("--token-file"), tokenFile} + args);
        p.waitForFinished(60'000);
        if (out)
            *out = QString::fromUtf8(p.readAllStandardOutput()) + QString::fromUtf8(p.readAllStandardError());
        return p.exitCode();
    };
    QString said;
    QCOMPARE(ctl(annFile, {QStringLiteral("cancel"), stuck, QStringLiteral("--reason"), QStringLiteral("duplicate")}, &said), 4);
    QVERIFY2(said.contains(QStringLiteral("error: awaiting-approval: cancel of %1").arg(stuck)), qPrintable(said));
    QCOMPARE(ctl(bobFile, {QStringLiteral("approvals"), QStringLiteral("--state"), QStringLiteral("pending")}, &said), 0);
    QVERIFY2(said.contains(QStringLiteral("cancel")) && said.contains(QStringLiteral("ann")), qPrintable(said));
    const QString requestId = said.mid(said.indexOf(QStringLiteral("apr-")), 36);
    QVERIFY2(isApprovalId(requestId), qPrintable(said));
    QCOMPARE(ctl(bobFile, {QStringLiteral("reject"), requestId}, &said), 2); // a rejection needs a reason
    QVERIFY2(said.contains(QStringLiteral("missing-argument")), qPrintable(said));
    QCOMPARE(ctl(annFile, {QStringLiteral("approve"), requestId}, &said), 1);
    QVERIFY2(said.contains(QStringLiteral("error: forbidden:")), qPrintable(said));
    QCOMPARE(ctl(bobFile, {QStringLiteral("reject"), requestId, QStringLiteral("--reason"), QStringLiteral("resume it instead")}, &said),
             0);
    QVERIFY2(said.contains(QStringLiteral("rejected")) && said.contains(QStringLiteral("resume it instead")), qPrintable(said));
    QCOMPARE(t.store().transaction(stuck)->state, TxState::Pending);
    QCOMPARE(ctl(bobFile, {QStringLiteral("approvals"), QStringLiteral("--rules")}, &said), 0);
    QVERIFY2(said.contains(QStringLiteral("cancel-over = 10.00")), qPrintable(said));
    QCOMPARE(d.stop(), 0);
}

void TestLedgerdApprovals::everyAnswerMatchesTheOpenApiDocument()
{
    logAnswersTo(nullptr);
    m_responses.close();
    const QString problem = checkAnswersAgainstOpenApi(m_responses.fileName());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

QTEST_GUILESS_MAIN(TestLedgerdApprovals)
#include "tst_ledgerdapprovals.moc"
