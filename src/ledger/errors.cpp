#include "ledger/errors.h"

#include <QCoreApplication>

#include <cstdlib>

namespace ledger {

namespace {
struct CodeInfo {
    ErrorCode code;
    const char *word;
    ExitStatus exit;
    const char *text;
};

constexpr CodeInfo kCodes[] = {
#define LEDGER_X(name, word, exit, text) {ErrorCode::name, word, ExitStatus::exit, text},
    LEDGER_ERROR_CODES(LEDGER_X)
#undef LEDGER_X
};

const CodeInfo &info(ErrorCode code)
{
    const auto index = static_cast<size_t>(code);
    Q_ASSERT(index < std::size(kCodes));
    return kCodes[index];
}
} // namespace

QString codeWord(ErrorCode code) { return QString::fromLatin1(info(code).word); }

ExitStatus exitStatusOf(ErrorCode code) { return info(code).exit; }

Message describe(ErrorCode code)
{
    return Message(QString::fromLatin1(info(code).text), QCoreApplication::translate("ledger::Errors", info(code).text));
}

QList<ErrorCode> allErrorCodes()
{
    QList<ErrorCode> codes;
    for (const auto &c : kCodes) {
        if (c.code != ErrorCode::None)
            codes.append(c.code);
    }
    return codes;
}

ErrorCode errorCodeFromWord(const QString &word)
{
    for (const auto &c : kCodes) {
        if (word == QLatin1String(c.word))
            return c.code;
    }
    return ErrorCode::None;
}

QString Error::toString() const
{
    // "error:" stays English in every language: scripts grep for it, as for the code word.
    return QStringLiteral("error: %1: %2").arg(codeWord(code), localized());
}

void valueOfError(const Error &error)
{
    qFatal("the value of a failed result was read (%s: %s)", qPrintable(codeWord(error.code)), qPrintable(error.message));
    std::abort(); // qFatal does not return; said for compilers that cannot see it
}

} // namespace ledger
