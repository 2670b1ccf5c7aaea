#include "protocol/faults.h"

#include "ledger/documents.h"
#include "ledger/identifiers.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>
#include <QThread>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>

namespace ledger {

namespace {
struct StepName {
    Step step;
    const char *name;
};
constexpr StepName kSteps[] = {
    {Step::Insert, "insert"},       {Step::Claim, "claim"},          {Step::HoldDebit, "hold-debit"},   {Step::HoldCredit, "hold-credit"},
    {Step::Applied, "applied"},     {Step::PostDebit, "post-debit"}, {Step::PostCredit, "post-credit"}, {Step::Done, "done"},
    {Step::Canceling, "canceling"}, {Step::VoidDebit, "void-debit"}, {Step::VoidCredit, "void-credit"}, {Step::Canceled, "canceled"},
    {Step::Link, "link"},
};
} // namespace

QString nameOf(Step step)
{
    for (const auto &s : kSteps) {
        if (s.step == step)
            return QString::fromLatin1(s.name);
    }
    return QString();
}

std::optional<Step> stepFromString(QStringView text)
{
    for (const auto &s : kSteps) {
        if (text == QLatin1String(s.name))
            return s.step;
    }
    return std::nullopt;
}

const QList<Step> &allSteps()
{
    static const QList<Step> steps = [] {
        QList<Step> list;
        for (const auto &s : kSteps)
            list << s.step;
        return list;
    }();
    return steps;
}

QString stepNames()
{
    QStringList names;
    for (const auto &s : kSteps)
        names << QString::fromLatin1(s.name);
    return names.join(QLatin1Char(' '));
}

Result<Step> parseStep(QStringView text)
{
    if (auto step = stepFromString(text))
        return *step;
    return makeError(ErrorCode::InvalidStep,
                     Message::translate("ledger", "%1 is not a protocol step; steps are: %2").arg(quoteForMessage(text), stepNames()));
}

Result<StepOccurrence> parseStepOccurrence(QStringView text)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    auto step = parseStep(colon < 0 ? text : text.left(colon));
    if (!step.ok())
        return step.error();
    StepOccurrence s{*step, 1};
    if (colon >= 0) {
        bool ok = false;
        s.occurrence = text.mid(colon + 1).toInt(&ok);
        if (!ok || s.occurrence < 1 || s.occurrence > kMaxLegs)
            return makeError(ErrorCode::InvalidStep, Message::translate("ledger", "%1: the number after ':' says which time the step "
                                                                                  "commits, from 1 to %2")
                                                         .arg(quoteForMessage(text))
                                                         .arg(kMaxLegs));
    }
    return s;
}

StepHook crashAfterHook(Step step, int occurrence)
{
    auto seen = std::make_shared<std::atomic<int>>(0);
    return [step, occurrence, seen](Step reached, const QString &txId) {
        if (reached == step && seen->fetch_add(1) + 1 == occurrence) {
            std::fprintf(stderr, "ledgerctl: crash injected after %s of %s\n", qPrintable(nameOf(step)), qPrintable(txId));
            std::fflush(stderr);
            std::_Exit(kCrashExitStatus); // no destructors, no flushes: as abrupt as a kill
        }
        return HookAction::Continue;
    };
}

StepHook abandonAfterHook(Step step, int occurrence)
{
    auto seen = std::make_shared<std::atomic<int>>(0);
    return [step, occurrence, seen](Step reached, const QString &) {
        if (reached == step && seen->fetch_add(1) + 1 == occurrence)
            return HookAction::Abandon;
        return HookAction::Continue;
    };
}

StepHook gateHook(const QString &folder)
{
    struct Gate {
        std::once_flag arrived;
        std::atomic<bool> open{false};
    };
    auto gate = std::make_shared<Gate>();
    return [gate, folder](Step, const QString &) {
        std::call_once(gate->arrived, [&folder] {
            QFile(QDir(folder).filePath(QString::number(QCoreApplication::applicationPid()))).open(QIODevice::WriteOnly);
        });
        if (!gate->open.load()) {
            // Bounded, so that a process whose test is gone does not wait forever.
            const QDeadlineTimer deadline(kGateWaitMs);
            while (!QFileInfo::exists(QDir(folder).filePath(QStringLiteral("open"))) && !deadline.hasExpired())
                QThread::msleep(5);
            gate->open.store(true);
        }
        return HookAction::Continue;
    };
}

Result<StepHook> hookFromEnvironment()
{
    QList<StepHook> hooks; // in the order they run after a write
    const QByteArray delayValue = qgetenv("LEDGER_STEP_DELAY_MS");
    if (!delayValue.isEmpty()) {
        bool ok = false;
        const int delayMs = delayValue.toInt(&ok);
        if (!ok || delayMs < 0 || delayMs > 60'000)
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "LEDGER_STEP_DELAY_MS must be milliseconds from 0 to 60000, not %1")
                                 .arg(quoteForMessage(QString::fromLocal8Bit(delayValue), 20)));
        if (delayMs > 0)
            hooks << [delayMs](Step, const QString &) {
                QThread::msleep(ulong(delayMs));
                return HookAction::Continue;
            };
    }
    const QString gateFolder = qEnvironmentVariable("LEDGER_STEP_GATE");
    if (!gateFolder.isEmpty()) {
        if (!QFileInfo(gateFolder).isDir())
            return makeError(
                ErrorCode::InvalidArgument,
                Message::translate("ledger", "LEDGER_STEP_GATE must name a folder that exists, not %1").arg(quoteForMessage(gateFolder)));
        hooks << gateHook(gateFolder);
    }
    const QByteArray crashValue = qgetenv("LEDGER_CRASH_AFTER");
    if (!crashValue.isEmpty()) {
        auto step = parseStepOccurrence(QString::fromLocal8Bit(crashValue));
        if (!step.ok())
            return makeError(ErrorCode::InvalidStep, Message(QStringLiteral("LEDGER_CRASH_AFTER: %1")).arg(step.error().text()));
        hooks << crashAfterHook(step->step, step->occurrence);
    }
    if (hooks.isEmpty())
        return StepHook();
    if (hooks.size() == 1)
        return hooks.first();
    return StepHook([hooks](Step step, const QString &txId) {
        for (const StepHook &hook : hooks) {
            if (hook(step, txId) == HookAction::Abandon)
                return HookAction::Abandon;
        }
        return HookAction::Continue;
    });
}

} // namespace ledger
