// Result<T> and Error: a value or an error, never both; reading the value of an error ends the
// program with that error in every build (a release build would otherwise read garbage on).
// ([[nodiscard]] on both is checked by the compiler: -Wall makes a dropped result a warning.)
#include "ledger/result.h"

#include <QCoreApplication>
#include <QProcess>
#include <QTest>

using namespace ledger;

class TestResult : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void valueOrError();
    void valueOfAnErrorEndsTheProgram();
};

void TestResult::valueOrError()
{
    const Result<int> ok = 7;
    QVERIFY(ok.ok());
    QCOMPARE(*ok, 7);
    QCOMPARE(ok.code(), ErrorCode::None);
    const Result<int> failed = makeError(ErrorCode::InvalidAmount, QStringLiteral("no"));
    QVERIFY(!failed.ok());
    QCOMPARE(failed.code(), ErrorCode::InvalidAmount);
    QCOMPARE(failed.error().message, QStringLiteral("no"));
}

void TestResult::valueOfAnErrorEndsTheProgram()
{
    // This test program again, told to read the value of an error (see main below).
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("LEDGER_READ_VALUE_OF_ERROR"), QStringLiteral("1"));
    child.setProcessEnvironment(env);
    child.start(QCoreApplication::applicationFilePath(), {});
    QVERIFY(child.waitForFinished(30'000));
    const QString err = QString::fromUtf8(child.readAllStandardError());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QVERIFY2(err.contains(QStringLiteral("the value of a failed result was read (invalid-amount: deliberately failed)")), qPrintable(err));
    QVERIFY2(!err.contains(QStringLiteral("carried on")), qPrintable(err));
}

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsSet("LEDGER_READ_VALUE_OF_ERROR")) {
        const Result<int> failed = makeError(ErrorCode::InvalidAmount, QStringLiteral("deliberately failed"));
        const int value = failed.value();
        fprintf(stderr, "carried on with %d\n", value);
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestResult test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_result.moc"
