// libFuzzer target: ledgerctl's argument parser. The bytes are argv, one argument per line.
// Whatever they are, parsing returns a command or one of its usage errors, and the help of a
// parsed command can be printed.
#include "argparser.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes(reinterpret_cast<const char *>(data), qsizetype(size));
    QStringList args;
    for (const QByteArray &line : bytes.split('\n'))
        args << QString::fromLocal8Bit(line);
    const auto parsed = ledger::cli::parseArguments(args);
    if (!parsed.ok()) {
        if (parsed.error().message.isEmpty() || ledger::exitStatusOf(parsed.code()) != ledger::ExitStatus::BadInput)
            std::abort();
        return 0;
    }
    if (!parsed->command.isEmpty()) {
        const ledger::cli::CommandSpec *spec = ledger::cli::findCommand(parsed->command);
        if (!spec)
            std::abort();
        if (ledger::cli::commandHelp(*spec).isEmpty())
            std::abort();
    }
    return 0;
}
