// libFuzzer target: ledgerd's request framer (src/ledgerd/httpframing.h). Whatever the bytes and
// however they are split into reads, the framer says the same: the same heads, the same refusal at
// the same place, the same count of bytes read — and never a crash. A refusal always has a status
// of its list and a code word; every boundary it gives lies within what it was fed, in order.
#include "httpframing.h"

#include <cstdint>
#include <cstdlib>

namespace {

struct Seen {
    QList<ledger::api::FramedHead> heads;
    std::optional<ledger::api::FramingRefusal> refusal;
    qint64 refusedAt = 0;
    qint64 received = 0;
    QList<qint64> ends;
};

Seen run(QByteArrayView bytes, qsizetype split)
{
    ledger::api::RequestFramer f;
    f.feed(bytes.first(split));
    f.feed(bytes.sliced(split));
    Seen s;
    // The ends, walked as the guard walks them: each from the last.
    qint64 at = 0;
    for (int i = 0; i < 10'000; ++i) {
        const qint64 next = f.consumedFrom(at);
        if (next < at || next > f.received())
            std::abort();
        if (next == at)
            break;
        s.ends << next;
        at = next;
    }
    while (f.hasHead())
        s.heads << f.takeHead();
    s.refusal = f.refusal();
    s.refusedAt = f.refusedAt();
    s.received = f.received();
    return s;
}

bool same(const Seen &a, const Seen &b)
{
    // How far a refused stream was read depends on where its reads ended (a head found too long
    // in one read or in two): only what was framed must be the same.
    if (a.heads.size() != b.heads.size() || a.ends != b.ends || a.refusedAt != b.refusedAt || a.refusal.has_value() != b.refusal.has_value()
        || (!a.refusal && a.received != b.received))
        return false;
    for (qsizetype i = 0; i < a.heads.size(); ++i) {
        const auto &x = a.heads.at(i);
        const auto &y = b.heads.at(i);
        if (x.minorVersion != y.minorVersion || x.keepAlive != y.keepAlive || x.upgrade != y.upgrade || x.contentLength != y.contentLength)
            return false;
    }
    return !a.refusal || (a.refusal->status == b.refusal->status && a.refusal->code == b.refusal->code);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    // The first byte chooses where the second read begins.
    const QByteArrayView bytes(reinterpret_cast<const char *>(data) + 1, qsizetype(size - 1));
    const qsizetype split = bytes.isEmpty() ? 0 : qsizetype(data[0]) % (bytes.size() + 1);
    const Seen whole = run(bytes, bytes.size());
    const Seen twoReads = run(bytes, split);
    if (!same(whole, twoReads))
        std::abort();
    if (whole.received > bytes.size())
        std::abort();
    if (whole.refusal) {
        const int st = whole.refusal->status;
        if ((st != 400 && st != 411 && st != 413 && st != 431 && st != 505) || whole.refusal->code.isEmpty()
            || whole.refusedAt > whole.received)
            std::abort();
    }
    return 0;
}
