// libFuzzer target: the duration parser. Whatever the bytes, parse() returns milliseconds in
// range or invalid-duration, and format() of an accepted value does not fail.
#include "ledger/duration.h"

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto parsed = ledger::duration::parse(text);
    if (!parsed.ok()) {
        if (parsed.code() != ledger::ErrorCode::InvalidDuration || parsed.error().message.isEmpty())
            std::abort();
        return 0;
    }
    constexpr qint64 kHundredYearsMs = 100LL * 366 * 24 * 3600 * 1000;
    if (*parsed < 0 || *parsed > kHundredYearsMs)
        std::abort();
    if (ledger::duration::format(*parsed).isEmpty())
        std::abort();
    return 0;
}
