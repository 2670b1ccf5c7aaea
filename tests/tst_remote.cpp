// tst_remote: ledgerctl through ledgerd (--server), the way a team works: every operator command
// reaches the ledger through the service, the journal names the token's owner whatever the
// desktop claims, a read token changes nothing, reads say what the store opened here says, the
// token and the certificate are checked on the client's side too.
#include "ledgerdsupport.h"
#include "testsupport.h"

#include "protocol/coordinator.h"
#include "protocol/faults.h"
#include "service/remoteledgerservice.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace ledger;
using namespace ledger::test;

namespace {

// What a refused command must leave as it was: every account, transaction and journal row.
QByteArray ledgerState(Store &store)
{
    QByteArray state;
    auto accounts = store.accounts(AccountQuery{});
    auto txs = store.transactions(TxQuery{});
    auto rows = store.journalCount(JournalQuery{});
    if (!accounts.ok() || !txs.ok() || !rows.ok())
        return QByteArrayLiteral("unreadable");
    for (const Account &a : *accounts)
        state += a.id.toUtf8() + ' ' + nameOf(a.status).toUtf8() + ' ' + QByteArray::number(a.balance) + ' ' + QByteArray::number(a.version)
               + '\n';
    for (const Transaction &t : *txs)
        state += t.id.toUtf8() + ' ' + nameOf(t.state).toUtf8() + ' ' + QByteArray::number(t.epoch) + '\n';
    return state + "journal " + QByteArray::number(*rows);
}

} // namespace

class TestRemote : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();
    void theJournalNamesTheToken();
    void aReadTokenChangesNothing_data();
    void aReadTokenChangesNothing();
    void readsSayWhatTheStoreSays_data();
    void readsSayWhatTheStoreSays();
    void writesSayWhatTheStoreSays();
    void aTransferTokenCannotMint();
    void keyedTransfersMoveMoneyOnce();
    void commandsWithoutAWayThroughSaySo();
    void aRevokedTokenIsRefusedAtTheNextCall();
    void theClientChecksWhatItSends();
    void httpsIsCheckedAgainstTheCaGiven();
    void recoverSaysWhatTheStoreSays();
    void aReadTokenCannotRecover();
    void recoverIsFollowedAndStopped();

private:
    // `count` transfers acme → bob left after the debit hold, their lease over: stuck.
    QStringList leaveStuck(int count, const QString &keyPrefix);
    ProcessResult ctl(const QString &tokenFile, const QStringList &args);
    // ledgerctl in an environment built from nothing (no store, operator, proxy, language or
    // server of whoever runs the test), plus `extra`.
    ProcessResult run(const QStringList &args, const QStringList &extra = {});

    std::unique_ptr<TempStore> m_store;
    std::unique_ptr<Ledgerd> m_ledgerd;
    QTemporaryDir m_dir;
    QString m_tokens;
    QString m_ann, m_viewer, m_billing; // their token files
    QStringList m_stuck;                // two transfers left after the debit hold, stuck
};

void TestRemote::init()
{
    m_store = std::make_unique<TempStore>();
    openAccounts(m_store->store(), {QStringLiteral("acme"), QStringLiteral("bob"), QStringLiteral("carol")}, 100000);
    m_stuck.clear();
    for (const char *key : {"left-1", "left-2"}) {
        const TxOutcome left = abandonedAfter(m_store->store(), Step::HoldDebit,
                                              {QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QString::fromLatin1(key)});
        QCOMPARE(left.error.code, ErrorCode::Interrupted);
        m_stuck << left.tx->id;
    }
    m_tokens = m_dir.filePath(QStringLiteral("tokens"));
    QFile::remove(m_tokens);
    const AddedToken ann = addToken(m_tokens, QStringLiteral("ann"), QStringLiteral("operator"));
    const AddedToken viewer = addToken(m_tokens, QStringLiteral("viewer"), QStringLiteral("read"));
    const AddedToken billing = addToken(m_tokens, QStringLiteral("billing"), QStringLiteral("transfer"));
    QCOMPARE(ann.exitCode + viewer.exitCode + billing.exitCode, 0);
    m_ann = writeToken(m_dir.path(), QStringLiteral("ann"), ann.token);
    m_viewer = writeToken(m_dir.path(), QStringLiteral("viewer"), viewer.token);
    m_billing = writeToken(m_dir.path(), QStringLiteral("billing"), billing.token);
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"),
                                                      QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"), m_tokens,
                                                      QStringLiteral("--recover-every"), QStringLiteral("off")});
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
}

void TestRemote::cleanup()
{
    m_ledgerd.reset();
    m_store.reset();
}

ProcessResult TestRemote::run(const QStringList &args, const QStringList &extra)
{
    return runLedgerctl(
        args, ledgerctlEnvironment(m_dir.path(), QString(), QString(), QStringList{QStringLiteral("LEDGERDESK_LANGUAGE=en")} + extra));
}

ProcessResult TestRemote::ctl(const QString &tokenFile, const QStringList &args)
{
    QStringList all{QStringLiteral("--server"), m_ledgerd->url};
    if (!tokenFile.isEmpty())
        all << QStringLiteral("--token-file") << tokenFile;
    // No store in the environment: through a server, ledgerctl must not need one.
    return run(all + args);
}

void TestRemote::theJournalNamesTheToken()
{
    // The desktop says it is the CEO; the server knows it is ann.
    const ProcessResult who = ctl(m_ann, {QStringLiteral("whoami")});
    QCOMPARE(who.exitCode, 0);
    QVERIFY2(who.out.startsWith(QLatin1String("ann (operator) at http://127.0.0.1:")), qPrintable(who.out));
    // A proxy the shell names never sees a loopback call (it would carry the token in clear).
    const ProcessResult proxied =
        run({QStringLiteral("--server"), m_ledgerd->url, QStringLiteral("--token-file"), m_ann, QStringLiteral("whoami")},
            {QStringLiteral("http_proxy=http://127.0.0.1:9"), QStringLiteral("ALL_PROXY=http://127.0.0.1:9")});
    QCOMPARE(proxied.exitCode, 0);
    const QString id = m_stuck.at(0);
    auto before = m_store->store().journal(DocKind::Transaction, id);
    QVERIFY(before.ok());
    const ProcessResult claim = ctl(m_ann, {QStringLiteral("--operator"), QStringLiteral("the-ceo"), QStringLiteral("claim"), id,
                                            QStringLiteral("--note"), QStringLiteral("on it")});
    QCOMPARE(claim.exitCode, 0);
    QVERIFY2(claim.out.contains(QLatin1String("is claimed by ann")), qPrintable(claim.out));
    QVERIFY2(claim.err.contains(QLatin1String("--operator the-ceo is not used through a ledger service: the journal names you ann")),
             qPrintable(claim.err));
    const ProcessResult cancel = ctl(m_ann, {QStringLiteral("--operator"), QStringLiteral("the-ceo"), QStringLiteral("cancel"), id,
                                             QStringLiteral("--reason"), QStringLiteral("customer asked")});
    QCOMPARE(cancel.exitCode, 0);
    QVERIFY2(cancel.out.contains(QLatin1String("canceled")), qPrintable(cancel.out));
    QFile annToken(m_ann);
    QVERIFY(annToken.open(QIODevice::ReadOnly));
    const ProcessResult note = run({QStringLiteral("--server"), m_ledgerd->url, QStringLiteral("note"), id, QStringLiteral("done")},
                                   {QStringLiteral("LEDGERDESK_TOKEN=") + QString::fromUtf8(annToken.readAll().trimmed()),
                                    QStringLiteral("LEDGERDESK_OPERATOR=mallory")});
    QCOMPARE(note.exitCode, 0);
    QVERIFY2(note.err.contains(QLatin1String("LEDGERDESK_OPERATOR=mallory is not used")), qPrintable(note.err));
    QCOMPARE(ctl(m_ann, {QStringLiteral("account"), QStringLiteral("freeze"), QStringLiteral("carol"), QStringLiteral("--operator"),
                         QStringLiteral("the-ceo")})
                 .exitCode,
             0);
    // What the journal says, read from the store itself: every row these commands wrote is ann's.
    auto journal = m_store->store().journal(DocKind::Transaction, id);
    QVERIFY(journal.ok());
    QStringList written;
    for (const JournalEntry &j : journal->mid(before->size()))
        written << j.actor + QLatin1Char(' ') + j.event;
    QVERIFY2(written.contains(QStringLiteral("ann operator-claim")) && written.contains(QStringLiteral("ann cancel"))
                 && written.contains(QStringLiteral("ann note")),
             qPrintable(written.join(QStringLiteral(", "))));
    for (const QString &row : std::as_const(written))
        QVERIFY2(row.startsWith(QLatin1String("ann ")), qPrintable(written.join(QStringLiteral(", "))));
    // And so does the audit trail read through the server: ann froze carol, ann canceled.
    const ProcessResult actions =
        ctl(m_viewer, {QStringLiteral("actions"), QStringLiteral("--kind"), QStringLiteral("all"), QStringLiteral("--json")});
    QCOMPARE(actions.exitCode, 0);
    QStringList did;
    for (const QJsonValue &v : QJsonDocument::fromJson(actions.out.toUtf8()).array())
        did << v.toObject().value(QStringLiteral("actor")).toString() + QLatin1Char(' ')
                   + v.toObject().value(QStringLiteral("event")).toString();
    QVERIFY2(did.contains(QStringLiteral("ann cancel")) && did.contains(QStringLiteral("ann frozen")),
             qPrintable(did.join(QStringLiteral(", "))));
    auto account = m_store->store().journal(DocKind::Account, QStringLiteral("carol"));
    QVERIFY(account.ok());
    QCOMPARE(account->last().actor, QStringLiteral("ann"));
    QCOMPARE(account->last().toState, QStringLiteral("frozen"));
}

void TestRemote::aReadTokenChangesNothing_data()
{
    QTest::addColumn<QStringList>("args");
    const QString tx = QStringLiteral("TX"); // replaced by a stuck transaction's id
    QTest::newRow("transfer") << QStringList{QStringLiteral("transfer"), QStringLiteral("acme"), QStringLiteral("bob"),
                                             QStringLiteral("1")};
    QTest::newRow("transfer legs") << QStringList{QStringLiteral("transfer"), QStringLiteral("--from"), QStringLiteral("acme:2"),
                                                  QStringLiteral("--to"),     QStringLiteral("bob:1"),  QStringLiteral("--to"),
                                                  QStringLiteral("carol:1")};
    QTest::newRow("account create") << QStringList{QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("dave")};
    QTest::newRow("account freeze") << QStringList{QStringLiteral("account"), QStringLiteral("freeze"), QStringLiteral("bob")};
    QTest::newRow("account unfreeze") << QStringList{QStringLiteral("account"), QStringLiteral("unfreeze"), QStringLiteral("bob")};
    QTest::newRow("account close") << QStringList{QStringLiteral("account"), QStringLiteral("close"), QStringLiteral("bob")};
    QTest::newRow("resume") << QStringList{QStringLiteral("resume"), tx};
    QTest::newRow("cancel") << QStringList{QStringLiteral("cancel"), tx};
    QTest::newRow("compensate") << QStringList{QStringLiteral("compensate"), tx};
    QTest::newRow("claim") << QStringList{QStringLiteral("claim"), tx};
    QTest::newRow("release") << QStringList{QStringLiteral("release"), tx};
    QTest::newRow("note") << QStringList{QStringLiteral("note"), tx, QStringLiteral("hello")};
}

void TestRemote::aReadTokenChangesNothing()
{
    QFETCH(QStringList, args);
    args.replaceInStrings(QStringLiteral("TX"), m_stuck.at(0));
    const QByteArray before = ledgerState(m_store->store());
    const ProcessResult r = ctl(m_viewer, args);
    QCOMPARE(r.exitCode, 1); // refused
    QVERIFY2(r.err.startsWith(QLatin1String("error: forbidden: viewer (role read) may not POST /v1/")), qPrintable(r.err));
    QCOMPARE(ledgerState(m_store->store()), before);
}

void TestRemote::readsSayWhatTheStoreSays_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::newRow("list") << QStringList{QStringLiteral("list"), QStringLiteral("--json")};
    QTest::newRow("list newest stuck") << QStringList{QStringLiteral("list"), QStringLiteral("--newest"), QStringLiteral("--stuck-for"),
                                                      QStringLiteral("0s"), QStringLiteral("--json")};
    QTest::newRow("list state account") << QStringList{QStringLiteral("list"),      QStringLiteral("--state"), QStringLiteral("done"),
                                                       QStringLiteral("--account"), QStringLiteral("bob"),     QStringLiteral("--json")};
    QTest::newRow("list limit") << QStringList{QStringLiteral("list"), QStringLiteral("--limit"), QStringLiteral("2"),
                                               QStringLiteral("--json")};
    QTest::newRow("show") << QStringList{QStringLiteral("show"), QStringLiteral("TX"), QStringLiteral("--json")};
    QTest::newRow("accounts") << QStringList{QStringLiteral("accounts"), QStringLiteral("--json")};
    QTest::newRow("accounts filter") << QStringList{QStringLiteral("accounts"), QStringLiteral("--filter"), QStringLiteral("b"),
                                                    QStringLiteral("--json")};
    QTest::newRow("account show") << QStringList{QStringLiteral("account"), QStringLiteral("show"), QStringLiteral("acme"),
                                                 QStringLiteral("--json")};
    QTest::newRow("balances") << QStringList{QStringLiteral("balances"), QStringLiteral("--json")};
    QTest::newRow("audit") << QStringList{QStringLiteral("audit"), QStringLiteral("--json")};
    QTest::newRow("balances text") << QStringList{QStringLiteral("balances")};
    QTest::newRow("actions") << QStringList{QStringLiteral("actions"), QStringLiteral("--json")};
    QTest::newRow("actions all text") << QStringList{QStringLiteral("actions"), QStringLiteral("--kind"), QStringLiteral("all")};
    QTest::newRow("actions filter") << QStringList{QStringLiteral("actions"),  QStringLiteral("--kind"), QStringLiteral("all"),
                                                   QStringLiteral("--filter"), QStringLiteral("ann"),    QStringLiteral("--limit"),
                                                   QStringLiteral("1"),        QStringLiteral("--json")};
    QTest::newRow("accounts text") << QStringList{QStringLiteral("accounts"), QStringLiteral("--limit"), QStringLiteral("2")};
    QTest::newRow("unknown id") << QStringList{QStringLiteral("show"), QStringLiteral("tx-NOSUCH")};
    QTest::newRow("unknown account") << QStringList{QStringLiteral("account"), QStringLiteral("show"), QStringLiteral("dave")};
}

void TestRemote::readsSayWhatTheStoreSays()
{
    // The same command on the store opened here and through the server prints the same: the
    // answers came back into the same values, and the server ran the same code on them.
    QFETCH(QStringList, args);
    args.replaceInStrings(QStringLiteral("TX"), m_stuck.at(1));
    // A claim, so that listings and details carry one, and a repair, so that actions list one.
    QCOMPARE(ctl(m_ann, {QStringLiteral("claim"), m_stuck.at(1), QStringLiteral("--note"), QStringLiteral("looking")}).exitCode, 0);
    QCOMPARE(ctl(m_ann, {QStringLiteral("cancel"), m_stuck.at(0), QStringLiteral("--reason"), QStringLiteral("asked")}).exitCode, 0);
    const ProcessResult here = run(QStringList{QStringLiteral("--store"), m_store->path()} + args);
    const ProcessResult there = ctl(m_viewer, args);
    QCOMPARE(there.exitCode, here.exitCode);
    QCOMPARE(there.out, here.out);
    QCOMPARE(there.err, here.err);
    if (args.contains(QStringLiteral("--json")))
        QVERIFY2(there.out.size() > 20, qPrintable(there.out)); // something was compared
}

void TestRemote::writesSayWhatTheStoreSays()
{
    // Each operator action on one stuck transfer through the server, and on its twin (the same
    // accounts and amount) with the store opened here under the same name: the same words, the
    // same exit status. Ids differ, so each transaction id reads as "TX".
    const QRegularExpression ids(QStringLiteral("tx-[0-9A-Za-z]+"));
    const auto same = [&](const QStringList &args, const QString &remoteTarget, const QString &localTarget) {
        QStringList remote = args;
        remote.replaceInStrings(QStringLiteral("TARGET"), remoteTarget);
        QStringList local = args;
        local.replaceInStrings(QStringLiteral("TARGET"), localTarget);
        const ProcessResult there = ctl(m_ann, remote);
        const ProcessResult here =
            run(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--operator"), QStringLiteral("ann")} + local);
        const auto masked = [&](QString text) {
            return text.replace(remoteTarget, QStringLiteral("X"), Qt::CaseInsensitive)
                .replace(localTarget, QStringLiteral("X"), Qt::CaseInsensitive)
                .replace(ids, QStringLiteral("TX"));
        };
        QCOMPARE(there.exitCode, here.exitCode);
        QCOMPARE(masked(there.out), masked(here.out));
        QCOMPARE(masked(there.err), masked(here.err));
        QVERIFY2(!there.out.isEmpty() || !there.err.isEmpty(), qPrintable(args.join(QLatin1Char(' '))));
    };
    const QString a = m_stuck.at(0);
    const QString b = m_stuck.at(1);
    same({QStringLiteral("claim"), QStringLiteral("TARGET"), QStringLiteral("--note"), QStringLiteral("on it")}, a, b);
    same({QStringLiteral("claim"), QStringLiteral("TARGET")}, a, b); // already ann's
    same({QStringLiteral("note"), QStringLiteral("TARGET"), QStringLiteral("calling the bank")}, a, b);
    same({QStringLiteral("release"), QStringLiteral("TARGET")}, a, b);
    same({QStringLiteral("release"), QStringLiteral("TARGET")}, a, b); // nobody's claim: refused
    same({QStringLiteral("resume"), QStringLiteral("TARGET"), QStringLiteral("--reason"), QStringLiteral("bank confirmed")}, a, b);
    same({QStringLiteral("resume"), QStringLiteral("TARGET")}, a, b); // done: refused
    same({QStringLiteral("cancel"), QStringLiteral("TARGET")}, a, b); // done: refused
    same({QStringLiteral("compensate"), QStringLiteral("TARGET"), QStringLiteral("--reason"), QStringLiteral("refund")}, a, b);
    same({QStringLiteral("compensate"), QStringLiteral("TARGET")}, a, b); // the one made before
    same({QStringLiteral("account"), QStringLiteral("freeze"), QStringLiteral("TARGET"), QStringLiteral("--reason"),
          QStringLiteral("review")},
         QStringLiteral("carol"), QStringLiteral("bob"));
    same({QStringLiteral("account"), QStringLiteral("freeze"), QStringLiteral("TARGET")}, QStringLiteral("carol"), QStringLiteral("bob"));
    same({QStringLiteral("transfer"), QStringLiteral("TARGET"), QStringLiteral("acme"), QStringLiteral("1")}, QStringLiteral("carol"),
         QStringLiteral("bob")); // frozen: refused, recorded canceled
    same({QStringLiteral("account"), QStringLiteral("unfreeze"), QStringLiteral("TARGET")}, QStringLiteral("carol"), QStringLiteral("bob"));
    same({QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("TARGET"), QStringLiteral("--name"),
          QStringLiteral("Corner shop"), QStringLiteral("--opening"), QStringLiteral("12.50")},
         QStringLiteral("dave"), QStringLiteral("erin"));
    same({QStringLiteral("account"), QStringLiteral("create"), QStringLiteral("TARGET")}, QStringLiteral("dave"), QStringLiteral("erin"));
    same({QStringLiteral("transfer"), QStringLiteral("acme"), QStringLiteral("TARGET"), QStringLiteral("1")}, QStringLiteral("Dave"),
         QStringLiteral("Erin")); // another letter case: named
    LEDGER_VERIFY_AUDIT_CLEAN(m_store->store());
}

void TestRemote::aTransferTokenCannotMint()
{
    const QByteArray before = ledgerState(m_store->store());
    const ProcessResult mint =
        ctl(m_billing, {QStringLiteral("transfer"), QStringLiteral("@world"), QStringLiteral("bob"), QStringLiteral("5")});
    QCOMPARE(mint.exitCode, 1);
    QVERIFY2(mint.err.startsWith(QLatin1String("error: forbidden: billing (role transfer) may not move money from @world")),
             qPrintable(mint.err));
    QCOMPARE(ledgerState(m_store->store()), before);
    const ProcessResult pay =
        ctl(m_billing, {QStringLiteral("transfer"), QStringLiteral("bob"), QStringLiteral("@world"), QStringLiteral("5")});
    QCOMPARE(pay.exitCode, 0);
    QVERIFY2(pay.out.contains(QLatin1String("done")), qPrintable(pay.out));
    QCOMPARE(balanceOf(m_store->store(), QStringLiteral("bob")), 100000 - 500);
}

void TestRemote::keyedTransfersMoveMoneyOnce()
{
    const QStringList args{QStringLiteral("transfer"), QStringLiteral("acme"),  QStringLiteral("carol"),
                           QStringLiteral("2.50"),     QStringLiteral("--key"), QStringLiteral("invoice-7")};
    const ProcessResult first = ctl(m_billing, args);
    QCOMPARE(first.exitCode, 0);
    const ProcessResult again = ctl(m_billing, args);
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.out.contains(QLatin1String("already existed")), qPrintable(again.out));
    QCOMPARE(balanceOf(m_store->store(), QStringLiteral("carol")), 100000 + 250);
    // Without --key the client makes one: the document carries it, so a lost answer sent again
    // finds the transfer instead of making a second.
    const ProcessResult unkeyed = ctl(m_billing, {QStringLiteral("transfer"), QStringLiteral("acme"), QStringLiteral("carol"),
                                                  QStringLiteral("1"), QStringLiteral("--json")});
    QCOMPARE(unkeyed.exitCode, 0);
    const QJsonObject tx = QJsonDocument::fromJson(unkeyed.out.toUtf8()).object();
    QCOMPARE(tx.value(QStringLiteral("idempotencyKey")).toString().size(), 36); // a UUID
    const ProcessResult conflict =
        ctl(m_billing, {QStringLiteral("transfer"), QStringLiteral("acme"), QStringLiteral("carol"), QStringLiteral("2.50"),
                        QStringLiteral("--key"), QStringLiteral("invoice-7"), QStringLiteral("--memo"), QStringLiteral("other")});
    QCOMPARE(conflict.exitCode, 1);
    QVERIFY2(conflict.err.startsWith(QLatin1String("error: key-conflict: idempotency key \"invoice-7\" was already used")),
             qPrintable(conflict.err));
}

void TestRemote::commandsWithoutAWayThroughSaySo()
{
    for (const QStringList &args :
         {QStringList{QStringLiteral("serve"), QStringLiteral("--ws"), QStringLiteral("127.0.0.1:0")},
          QStringList{QStringLiteral("report"), m_stuck.at(0)}, QStringList{QStringLiteral("init")}, QStringList{QStringLiteral("demo")}}) {
        const ProcessResult r = ctl(m_ann, args);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(QLatin1String("error: unsupported: ledgerctl "))
                     && r.err.contains(QLatin1String("does not go through a ledger service yet")),
                 qPrintable(r.err));
    }
    const ProcessResult both =
        run({QStringLiteral("--server"), m_ledgerd->url, QStringLiteral("--store"), m_store->path(), QStringLiteral("balances")});
    QCOMPARE(both.exitCode, 2);
    QVERIFY2(both.err.startsWith(QLatin1String("error: usage: --store and --server exclude each other")), qPrintable(both.err));
}

void TestRemote::aRevokedTokenIsRefusedAtTheNextCall()
{
    QCOMPARE(ctl(m_viewer, {QStringLiteral("balances")}).exitCode, 0);
    QProcess revoke;
    revoke.start(QStringLiteral(LEDGERD_PATH),
                 {QStringLiteral("token"), QStringLiteral("revoke"), QStringLiteral("viewer"), QStringLiteral("--tokens"), m_tokens});
    QVERIFY(revoke.waitForFinished(10'000));
    QCOMPARE(revoke.exitCode(), 0);
    // The server reads its tokens file again within a second or two of a change.
    ProcessResult refused;
    QTRY_VERIFY_WITH_TIMEOUT((refused = ctl(m_viewer, {QStringLiteral("balances")})).exitCode != 0, 20'000);
    QCOMPARE(refused.exitCode, 1);
    QVERIFY2(refused.err.startsWith(QLatin1String("error: unauthorized: ")), qPrintable(refused.err));
}

void TestRemote::theClientChecksWhatItSends()
{
    // A token file others may read is refused before anything is sent, as ssh refuses such a key.
    QFile::setPermissions(m_ann, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther);
    const ProcessResult open = ctl(m_ann, {QStringLiteral("balances")});
    QCOMPARE(open.exitCode, 2);
    QVERIFY2(open.err.contains(QLatin1String("may be read by others (mode 644)")), qPrintable(open.err));
    // Plain http:// only to this machine: the token and the money would cross a network in clear.
    const ProcessResult plain = run({QStringLiteral("--server"), QStringLiteral("http://10.9.8.7:8080"), QStringLiteral("balances")});
    QCOMPARE(plain.exitCode, 2);
    QVERIFY2(plain.err.startsWith(QLatin1String("error: invalid-location: --server http://10.9.8.7:8080: plain http:// is only for")),
             qPrintable(plain.err));
    for (const char *bad : {"ftp://host", "https://host/v1", "https://user:pw@host", "host:8080"}) {
        const ProcessResult r = run({QStringLiteral("--server"), QLatin1String(bad), QStringLiteral("balances")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.startsWith(QLatin1String("error: invalid-location: --server ")), qPrintable(r.err));
    }
    // Nobody listening: said as such, exit 3.
    const quint16 port = m_ledgerd->port();
    QCOMPARE(m_ledgerd->stop(), 0);
    const ProcessResult down =
        run({QStringLiteral("--server"), QStringLiteral("http://127.0.0.1:%1").arg(port), QStringLiteral("balances")});
    QCOMPARE(down.exitCode, 3);
    QVERIFY2(down.err.startsWith(QLatin1String("error: service-unavailable: cannot reach the ledger service at http://127.0.0.1:")),
             qPrintable(down.err));
}

void TestRemote::httpsIsCheckedAgainstTheCaGiven()
{
    // A CA of our own signs the server's certificate for 127.0.0.1: with --ca it checks, without
    // it the system's CAs do not know it and the call is refused with the reason.
    const QString ca = m_dir.filePath(QStringLiteral("ca.crt"));
    const QString caKey = m_dir.filePath(QStringLiteral("ca.key"));
    const QString cert = m_dir.filePath(QStringLiteral("server.crt"));
    const QString key = m_dir.filePath(QStringLiteral("server.key"));
    const QString csr = m_dir.filePath(QStringLiteral("server.csr"));
    const QString ext = m_dir.filePath(QStringLiteral("server.ext"));
    {
        QFile f(ext);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("subjectAltName=IP:127.0.0.1\n");
    }
    const auto openssl = [](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral("openssl"), args);
        return p.waitForFinished(60'000) && p.exitCode() == 0;
    };
    QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                     QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                     QStringLiteral("/CN=test ledger CA"), QStringLiteral("-keyout"), caKey, QStringLiteral("-out"), ca}));
    QVERIFY(
        openssl({QStringLiteral("req"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"), QStringLiteral("-nodes"),
                 QStringLiteral("-subj"), QStringLiteral("/CN=127.0.0.1"), QStringLiteral("-keyout"), key, QStringLiteral("-out"), csr}));
    QVERIFY(openssl({QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), csr, QStringLiteral("-CA"), ca,
                     QStringLiteral("-CAkey"), caKey, QStringLiteral("-CAcreateserial"), QStringLiteral("-days"), QStringLiteral("2"),
                     QStringLiteral("-extfile"), ext, QStringLiteral("-out"), cert}));
    QFile::setPermissions(key, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    m_ledgerd.reset();
    Ledgerd tls({QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"), QStringLiteral("127.0.0.1:0"),
                 QStringLiteral("--tokens"), m_tokens, QStringLiteral("--tls-cert"), cert, QStringLiteral("--tls-key"), key});
    QVERIFY2(tls.url.startsWith(QLatin1String("https://127.0.0.1:")), qPrintable(tls.url + tls.errors()));
    const QStringList base{QStringLiteral("--server"), tls.url, QStringLiteral("--token-file"), m_ann};
    const ProcessResult checked = run(base + QStringList{QStringLiteral("--ca"), ca, QStringLiteral("whoami")});
    QCOMPARE(checked.exitCode, 0);
    QVERIFY2(checked.out.startsWith(QLatin1String("ann (operator) at https://127.0.0.1:")), qPrintable(checked.out + checked.err));
    const ProcessResult unknown = run(base + QStringList{QStringLiteral("whoami")});
    QCOMPARE(unknown.exitCode, 3);
    QVERIFY2(unknown.err.startsWith(QLatin1String("error: certificate-refused: https://127.0.0.1:")), qPrintable(unknown.err));
    QVERIFY2(unknown.err.contains(QLatin1String("--ca FILE")), qPrintable(unknown.err));
    // A CA that did not sign it is no better.
    const QString otherCa = m_dir.filePath(QStringLiteral("other-ca.crt"));
    QVERIFY(openssl({QStringLiteral("req"), QStringLiteral("-x509"), QStringLiteral("-newkey"), QStringLiteral("rsa:2048"),
                     QStringLiteral("-nodes"), QStringLiteral("-days"), QStringLiteral("2"), QStringLiteral("-subj"),
                     QStringLiteral("/CN=another CA"), QStringLiteral("-keyout"), m_dir.filePath(QStringLiteral("other-ca.key")),
                     QStringLiteral("-out"), otherCa}));
    const ProcessResult wrongCa = run(base + QStringList{QStringLiteral("--ca"), otherCa, QStringLiteral("whoami")});
    QCOMPARE(wrongCa.exitCode, 3);
    QVERIFY2(wrongCa.err.startsWith(QLatin1String("error: certificate-refused: ")), qPrintable(wrongCa.err));
}

QStringList TestRemote::leaveStuck(int count, const QString &keyPrefix)
{
    QStringList ids;
    for (int i = 0; i < count; ++i) {
        const TxOutcome left =
            abandonedAfter(m_store->store(), Step::HoldDebit,
                           {QStringLiteral("acme"), QStringLiteral("bob"), 100, QString(), QStringLiteral("%1-%2").arg(keyPrefix).arg(i)});
        if (left.error.code != ErrorCode::Interrupted || !left.tx)
            return {};
        ids << left.tx->id;
    }
    return ids;
}

void TestRemote::recoverSaysWhatTheStoreSays()
{
    // Recover all through the server, and on a twin backlog (two transfers left the same way)
    // with the store opened here under the same name: the same words, ids masked; text and JSON.
    // Through the server the journal names the token's owner, whatever --operator claims.
    const QRegularExpression ids(QStringLiteral("tx-[0-9A-Za-z]+"));
    for (const QStringList &args :
         {QStringList{QStringLiteral("recover")}, QStringList{QStringLiteral("recover"), QStringLiteral("--json")}}) {
        const QStringList remoteIds = m_stuck;
        const ProcessResult there = ctl(m_ann, QStringList{QStringLiteral("--operator"), QStringLiteral("ceo")} + args);
        const QStringList localIds = leaveStuck(2, QStringLiteral("twin") + QString::number(args.size()));
        QCOMPARE(localIds.size(), 2);
        const ProcessResult here =
            run(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--operator"), QStringLiteral("ann")} + args);
        QCOMPARE(there.exitCode, 0);
        QCOMPARE(there.exitCode, here.exitCode);
        QCOMPARE(QString(there.out).replace(ids, QStringLiteral("TX")), QString(here.out).replace(ids, QStringLiteral("TX")));
        QCOMPARE(there.err, QStringLiteral("note: --operator ceo is not used through a ledger service: the journal names you ann, as your "
                                           "token does\n"));
        QVERIFY2(there.out.contains(remoteIds.at(0)) && there.out.contains(remoteIds.at(1)), qPrintable(there.out));
        for (const QString &id : remoteIds) {
            auto journal = m_store->store().journal(DocKind::Transaction, id);
            QVERIFY(journal.ok());
            QCOMPARE(journal->last().actor, QStringLiteral("recovery:ann"));
        }
        m_stuck = leaveStuck(2, QStringLiteral("next") + QString::number(args.size())); // the next round's backlog through the server
        QCOMPARE(m_stuck.size(), 2);
    }
    LEDGER_VERIFY_AUDIT_CLEAN(m_store->store());
}

void TestRemote::aReadTokenCannotRecover()
{
    const QByteArray before = ledgerState(m_store->store());
    const ProcessResult r = ctl(m_viewer, {QStringLiteral("recover")});
    QCOMPARE(r.exitCode, 1);
    QVERIFY2(r.err.startsWith(QLatin1String("error: forbidden: viewer (role read) may not POST /v1/recoveries")), qPrintable(r.err));
    QCOMPARE(ledgerState(m_store->store()), before);
}

void TestRemote::recoverIsFollowedAndStopped()
{
    // A backlog of a few hundred on a slowed store (every write 20 ms later): followed, the
    // progress seen part way; stopped, the report says fewer than all; the rest recovered after.
    m_ledgerd.reset();
    m_ledgerd = std::make_unique<Ledgerd>(QStringList{QStringLiteral("--store"), m_store->path(), QStringLiteral("--listen"),
                                                      QStringLiteral("127.0.0.1:0"), QStringLiteral("--tokens"), m_tokens,
                                                      QStringLiteral("--recover-every"), QStringLiteral("off")},
                                          QStringList{QStringLiteral("LEDGER_STEP_DELAY_MS=20")});
    QVERIFY2(!m_ledgerd->url.isEmpty(), qPrintable(m_ledgerd->errors()));
    QCOMPARE(leaveStuck(300, QStringLiteral("backlog")).size(), 300);
    QFile token(m_ann);
    QVERIFY(token.open(QIODevice::ReadOnly));
    RemoteLedgerService service(ServerLocation{QUrl(m_ledgerd->url), token.readAll().trimmed(), QString()});

    bool sawPart = false; // done < total, total known
    const RecoverProgress progress = [&](qint64 done, qint64 total) { sawPart = sawPart || (total > 0 && done < total); };
    const RecoverRun stopped = service.recover(RecoverRequest{}, progress, [&] { return sawPart; });
    QVERIFY2(stopped.report.error.ok(), qPrintable(stopped.report.error.toString()));
    QVERIFY(sawPart);
    QVERIFY(stopped.report.stopped);
    QCOMPARE(stopped.report.candidates, 302);
    QVERIFY(stopped.report.notStarted > 0);
    QCOMPARE(stopped.report.items.size() + stopped.report.notStarted, stopped.report.candidates);
    QCOMPARE(stopped.report.count(RecoveryOutcome::Done), stopped.report.items.size());

    sawPart = false;
    const RecoverRun rest = service.recover(RecoverRequest{}, progress, {});
    QVERIFY2(rest.report.error.ok(), qPrintable(rest.report.error.toString()));
    QVERIFY(!rest.report.stopped);
    QCOMPARE(rest.report.candidates, 302 - stopped.report.items.size());
    QCOMPARE(rest.report.count(RecoveryOutcome::Done), rest.report.candidates);
    QCOMPARE(rest.report.notStarted, 0);
    LEDGER_VERIFY_AUDIT_CLEAN(m_store->store());
}

QTEST_GUILESS_MAIN(TestRemote)
#include "tst_remote.moc"
