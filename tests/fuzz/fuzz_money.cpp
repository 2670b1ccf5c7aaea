// libFuzzer target: the money parser and formatter. Whatever the bytes, parse() returns a value
// or invalid-amount; an accepted amount formats back to text that parses to the same value and is
// within kMaxAmountLength. (corpus/money/long-amount: 65,000 digits, the amount that stalled
// every transfer while refusing it was quadratic; -timeout catches such a return.)
#include "ledger/money.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const int scale = data[0] % (ledger::money::kMaxScale + 1);
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1));
    const ledger::Error syntax = ledger::money::checkSyntax(text);
    const auto parsed = ledger::money::parse(text, scale);
    if (!parsed.ok()) {
        if (parsed.code() != ledger::ErrorCode::InvalidAmount || parsed.error().message.isEmpty())
            std::abort();
        return 0;
    }
    if (text.size() > ledger::money::kMaxAmountLength)
        std::abort(); // past the bound nothing is looked at, let alone accepted
    if (!syntax.ok() || *parsed <= 0)
        std::abort(); // accepted by parse() but refused by its own syntax check, or not positive
    const QString formatted = ledger::money::format(*parsed, scale);
    const auto again = ledger::money::parse(formatted, scale);
    if (!again.ok() || *again != *parsed)
        std::abort();
    return 0;
}
