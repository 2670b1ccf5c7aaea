// Every transition of the state machine, allowed and refused, and which operator actions each
// state allows (the console's buttons come from the same functions).
#include "ledger/statemachine.h"

#include <QTest>

using namespace ledger;

Q_DECLARE_METATYPE(ledger::TxState)
Q_DECLARE_METATYPE(ledger::TxKind)
Q_DECLARE_METATYPE(ledger::OperatorAction)

class TestStateMachine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void transitions_data();
    void transitions();
    void actions_data();
    void actions();
    void namesRoundTrip();
};

void TestStateMachine::transitions_data()
{
    QTest::addColumn<TxState>("from");
    QTest::addColumn<TxState>("to");
    QTest::addColumn<bool>("allowed");
    const QList<QPair<TxState, TxState>> allowed = {
        {TxState::Initial, TxState::Pending},   {TxState::Initial, TxState::Canceled}, {TxState::Pending, TxState::Applied},
        {TxState::Pending, TxState::Canceling}, {TxState::Applied, TxState::Done},     {TxState::Canceling, TxState::Canceled},
    };
    // All 36 pairs: the six above and nothing else.
    for (TxState from : allTxStates()) {
        for (TxState to : allTxStates()) {
            QTest::addRow("%s -> %s", qPrintable(nameOf(from)), qPrintable(nameOf(to))) << from << to << allowed.contains({from, to});
        }
    }
}

void TestStateMachine::transitions()
{
    QFETCH(TxState, from);
    QFETCH(TxState, to);
    QFETCH(bool, allowed);
    QCOMPARE(isAllowedTransition(from, to), allowed);
}

void TestStateMachine::actions_data()
{
    QTest::addColumn<OperatorAction>("action");
    QTest::addColumn<TxKind>("kind");
    QTest::addColumn<TxState>("state");
    QTest::addColumn<bool>("allowed");
    for (TxKind kind : {TxKind::Transfer, TxKind::Compensation}) {
        for (TxState s : allTxStates()) {
            const char *k = kind == TxKind::Transfer ? "transfer" : "compensation";
            QTest::addRow("resume %s %s", k, qPrintable(nameOf(s))) << OperatorAction::Resume << kind << s << !isTerminal(s);
            QTest::addRow("cancel %s %s", k, qPrintable(nameOf(s)))
                << OperatorAction::Cancel << kind << s << (s == TxState::Initial || s == TxState::Pending);
            QTest::addRow("compensate %s %s", k, qPrintable(nameOf(s)))
                << OperatorAction::Compensate << kind << s << (kind == TxKind::Transfer && (s == TxState::Done || s == TxState::Applied));
        }
    }
}

void TestStateMachine::actions()
{
    QFETCH(OperatorAction, action);
    QFETCH(TxKind, kind);
    QFETCH(TxState, state);
    QFETCH(bool, allowed);
    Transaction tx;
    tx.id = QStringLiteral("tx-test");
    tx.kind = kind;
    tx.state = state;
    tx.compensates = kind == TxKind::Compensation ? QStringLiteral("tx-original") : QString();
    const Error e = checkAction(action, tx);
    QCOMPARE(e.ok(), allowed);
    if (!allowed) {
        QCOMPARE(e.code, ErrorCode::InvalidState);
        // The message names the transaction and its state, and says why in words.
        QVERIFY(e.message.startsWith(QStringLiteral("tx-test is %1: ").arg(nameOf(state))));
    }
}

void TestStateMachine::namesRoundTrip()
{
    for (TxState s : allTxStates())
        QCOMPARE(txStateFromString(nameOf(s)), std::optional<TxState>(s));
    QVERIFY(!txStateFromString(u"cancelled")); // one spelling only
    QVERIFY(!txStateFromString(u"intital"));
    QCOMPARE(txStateNames(), QStringLiteral("initial, pending, applied, done, canceling, canceled"));
}

QTEST_GUILESS_MAIN(TestStateMachine)
#include "tst_statemachine.moc"
