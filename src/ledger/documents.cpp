#include "ledger/documents.h"

#include <QStringList>
#include <cstdio>
#include <ctime>
#include <array>

namespace ledger {

namespace {

template <typename Enum, size_t N> QString nameOf(const std::array<const char *, N> &names, Enum value)
{
    return QString::fromLatin1(names[static_cast<size_t>(value)]);
}

template <typename Enum, size_t N> std::optional<Enum> valueOf(const std::array<const char *, N> &names, QStringView text)
{
    for (size_t i = 0; i < N; ++i) {
        if (text == QLatin1String(names[i]))
            return static_cast<Enum>(i);
    }
    return std::nullopt;
}

constexpr std::array<const char *, 3> kAccountStatus = {"open", "frozen", "closed"};
constexpr std::array<const char *, 2> kLegSide = {"debit", "credit"};
constexpr std::array<const char *, 3> kLegStatus = {"held", "posted", "voided"};
constexpr std::array<const char *, 6> kTxState = {"initial", "pending", "applied", "done", "canceling", "canceled"};
constexpr std::array<const char *, 2> kTxKind = {"transfer", "compensation"};
constexpr std::array<const char *, 2> kDocKind = {"tx", "account"};

} // namespace

QString nameOf(AccountStatus status) { return nameOf(kAccountStatus, status); }
QString nameOf(LegSide side) { return nameOf(kLegSide, side); }
QString nameOf(LegStatus status) { return nameOf(kLegStatus, status); }
QString nameOf(TxState state) { return nameOf(kTxState, state); }
QString nameOf(TxKind kind) { return nameOf(kTxKind, kind); }
QString nameOf(DocKind kind) { return nameOf(kDocKind, kind); }

std::optional<AccountStatus> accountStatusFromString(QStringView text) { return valueOf<AccountStatus>(kAccountStatus, text); }
std::optional<LegSide> legSideFromString(QStringView text) { return valueOf<LegSide>(kLegSide, text); }
std::optional<LegStatus> legStatusFromString(QStringView text) { return valueOf<LegStatus>(kLegStatus, text); }
std::optional<TxState> txStateFromString(QStringView text) { return valueOf<TxState>(kTxState, text); }
std::optional<TxKind> txKindFromString(QStringView text) { return valueOf<TxKind>(kTxKind, text); }
std::optional<DocKind> docKindFromString(QStringView text) { return valueOf<DocKind>(kDocKind, text); }

const QList<TxState> &allTxStates()
{
    static const QList<TxState> states = {TxState::Initial, TxState::Pending,   TxState::Applied,
                                          TxState::Done,    TxState::Canceling, TxState::Canceled};
    return states;
}

QString txStateNames()
{
    QStringList names;
    for (TxState s : allTxStates())
        names << nameOf(s);
    return names.join(QStringLiteral(", "));
}

bool isTerminal(TxState state) { return state == TxState::Done || state == TxState::Canceled; }

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
qint64 daysFromCivil(int y, int m, int d)
{
    y -= m <= 2;
    const int era = (y >= 0 ? y : y - 399) / 400;
    const int yoe = y - era * 400;
    const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return qint64(era) * 146097 + doe - 719468;
}

int digits(const QString &t, int at, int count)
{
    int v = 0;
    for (int i = at; i < at + count; ++i) {
        const char16_t c = t.at(i).unicode();
        if (c < u'0' || c > u'9')
            return -1;
        v = v * 10 + (c - u'0');
    }
    return v;
}

} // namespace

QString formatTimestampMs(qint64 msSinceEpoch)
{
    const time_t seconds = time_t(msSinceEpoch / 1000) - (msSinceEpoch % 1000 < 0 ? 1 : 0);
    const int ms = int(((msSinceEpoch % 1000) + 1000) % 1000);
    tm utc{};
    gmtime_r(&seconds, &utc);
    char text[48];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", utc.tm_year + 1900, utc.tm_mon + 1, utc.tm_mday, utc.tm_hour,
                  utc.tm_min, utc.tm_sec, ms);
    return QString::fromLatin1(text);
}

QString formatTimestamp(const QDateTime &t)
{
    if (!t.isValid())
        return QString();
    return formatTimestampMs(t.toMSecsSinceEpoch());
}

QDateTime parseTimestamp(const QString &text)
{
    if (text.isEmpty())
        return QDateTime();
    // The store's own form, "2026-11-22T10:11:12.345Z", parsed by hand: every document read
    // has several of these, and QDateTime::fromString costs more than the read itself.
    if (text.size() == 24 && text.at(4) == u'-' && text.at(7) == u'-' && text.at(10) == u'T' && text.at(13) == u':' && text.at(16) == u':'
        && text.at(19) == u'.' && text.at(23) == u'Z') {
        const int y = digits(text, 0, 4), mo = digits(text, 5, 2), d = digits(text, 8, 2);
        const int h = digits(text, 11, 2), mi = digits(text, 14, 2), sec = digits(text, 17, 2), ms = digits(text, 20, 3);
        if (y >= 0 && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && h >= 0 && h < 24 && mi >= 0 && mi < 60 && sec >= 0 && sec < 61
            && ms >= 0) {
            const qint64 seconds = daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
            return QDateTime::fromMSecsSinceEpoch(seconds * 1000 + ms, Qt::UTC);
        }
    }
    // Anything else the store may hold (older rows, hand edits): Qt's ISO parser.
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

} // namespace ledger
