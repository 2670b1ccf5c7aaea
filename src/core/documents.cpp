#include "documents.h"

#include <QStringList>
#include <array>

namespace ledger {

namespace {

template <typename Enum, size_t N>
QString nameOf(const std::array<const char *, N> &names, Enum value)
{
    return QString::fromLatin1(names[static_cast<size_t>(value)]);
}

template <typename Enum, size_t N>
std::optional<Enum> valueOf(const std::array<const char *, N> &names, QStringView text)
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

} // namespace

QString nameOf(AccountStatus status) { return nameOf(kAccountStatus, status); }
QString nameOf(LegSide side) { return nameOf(kLegSide, side); }
QString nameOf(LegStatus status) { return nameOf(kLegStatus, status); }
QString nameOf(TxState state) { return nameOf(kTxState, state); }
QString nameOf(TxKind kind) { return nameOf(kTxKind, kind); }

std::optional<AccountStatus> accountStatusFromString(QStringView text) { return valueOf<AccountStatus>(kAccountStatus, text); }
std::optional<LegSide> legSideFromString(QStringView text) { return valueOf<LegSide>(kLegSide, text); }
std::optional<LegStatus> legStatusFromString(QStringView text) { return valueOf<LegStatus>(kLegStatus, text); }
std::optional<TxState> txStateFromString(QStringView text) { return valueOf<TxState>(kTxState, text); }
std::optional<TxKind> txKindFromString(QStringView text) { return valueOf<TxKind>(kTxKind, text); }

const QList<TxState> &allTxStates()
{
    static const QList<TxState> states = {TxState::Initial, TxState::Pending, TxState::Applied,
                                          TxState::Done, TxState::Canceling, TxState::Canceled};
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

QString formatTimestamp(const QDateTime &t)
{
    if (!t.isValid())
        return QString();
    return t.toUTC().toString(Qt::ISODateWithMs);
}

QDateTime parseTimestamp(const QString &text)
{
    if (text.isEmpty())
        return QDateTime();
    // The store always writes a trailing 'Z', so this yields a UTC QDateTime.
    return QDateTime::fromString(text, Qt::ISODateWithMs).toUTC();
}

} // namespace ledger
