#include "protocol/faults.h"

#include "ledger/documents.h"
#include "ledger/identifiers.h"

#include <QStringList>
#include <QThread>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <memory>

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

Result<StepHook> hookFromEnvironment()
{
    StepHook crash;
    const QByteArray crashValue = qgetenv("LEDGER_CRASH_AFTER");
    if (!crashValue.isEmpty()) {
        auto step = parseStepOccurrence(QString::fromLocal8Bit(crashValue));
        if (!step.ok())
            return makeError(ErrorCode::InvalidStep, Message(QStringLiteral("LEDGER_CRASH_AFTER: %1")).arg(step.error().text()));
        crash = crashAfterHook(step->step, step->occurrence);
    }
    int delayMs = 0;
    const QByteArray delayValue = qgetenv("LEDGER_STEP_DELAY_MS");
    if (!delayValue.isEmpty()) {
        bool ok = false;
        delayMs = delayValue.toInt(&ok);
        if (!ok || delayMs < 0 || delayMs > 60'000)
            return makeError(ErrorCode::InvalidArgument,
                             Message::translate("ledger", "LEDGER_STEP_DELAY_MS must be milliseconds from 0 to 60000, not %1")
                                 .arg(quoteForMessage(QString::fromLocal8Bit(delayValue), 20)));
    }
    if (delayMs == 0)
        return crash;
    return StepHook([crash, delayMs](Step step, const QString &txId) {
        QThread::msleep(ulong(delayMs));
        return crash ? crash(step, txId) : HookAction::Continue;
    });
}

} // namespace ledger
