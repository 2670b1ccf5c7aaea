#include "store/txorder.h"

#include <algorithm>

namespace ledger {

namespace {

template <typename T> int compareValues(const T &a, const T &b) { return a < b ? -1 : b < a ? 1 : 0; }

} // namespace

// SQLite's BINARY collation compares UTF-8 bytes, i.e. code points; QString compares UTF-16
// code units, which differs only for surrogates against U+E000..U+FFFF. Moving the surrogates
// above that range gives code point order without converting.
int compareBinary(const QString &a, const QString &b)
{
    const auto fix = [](char16_t c) -> quint32 { return c >= 0xE000 ? c - 0x800u : c >= 0xD800 ? c + 0x2000u : c; };
    const qsizetype n = std::min(a.size(), b.size());
    for (qsizetype i = 0; i < n; ++i) {
        const char16_t x = a.at(i).unicode();
        const char16_t y = b.at(i).unicode();
        if (x != y)
            return fix(x) < fix(y) ? -1 : 1;
    }
    return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}

int compareTransactions(const Transaction &a, const Transaction &b, TxSortKey key)
{
    int c = 0;
    switch (key) {
    case TxSortKey::CreatedAt: c = compareValues(a.createdAt, b.createdAt); break;
    case TxSortKey::LastModified: c = compareValues(a.lastModified, b.lastModified); break;
    case TxSortKey::Amount: c = compareValues(a.amount, b.amount); break;
    case TxSortKey::State:
        c = compareBinary(nameOf(a.state), nameOf(b.state));
        if (c == 0)
            c = compareValues(a.createdAt, b.createdAt);
        break;
    case TxSortKey::Id: break;
    }
    return c != 0 ? c : compareBinary(a.id, b.id);
}

} // namespace ledger
