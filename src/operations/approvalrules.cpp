#include "operations/approvalrules.h"

#include "ledger/duration.h"
#include "ledger/money.h"

#include <QStringList>

namespace ledger {

namespace {

// One table of the amount rules: the key, the member it sets.
struct AmountKey {
    const char *key;
    std::optional<qint64> ApprovalRules::*member;
};

constexpr AmountKey kAmountKeys[] = {
    {"compensate-over", &ApprovalRules::compensateOver}, {"cancel-over", &ApprovalRules::cancelOver},
    {"resume-over", &ApprovalRules::resumeOver},         {"world-over", &ApprovalRules::worldOver},
    {"transfer-over", &ApprovalRules::transferOver},
};

// A duration as the file takes it back ("90m", "1d"): the largest unit it is a whole number of.
QString fileDuration(qint64 ms)
{
    const std::pair<qint64, const char *> units[] = {{86'400'000, "d"}, {3'600'000, "h"}, {60'000, "m"}, {1000, "s"}, {1, "ms"}};
    for (const auto &[size, unit] : units)
        if (ms % size == 0)
            return QString::number(ms / size) + QLatin1String(unit);
    return QString::number(ms) + QLatin1String("ms");
}

bool over(const std::optional<qint64> &threshold, qint64 amount) { return threshold && amount > *threshold; }

Error onLine(int line, const Error &e)
{
    return Error{e.code, QStringLiteral("line %1: %2").arg(line).arg(e.message),
                 e.localMessage.isEmpty() ? QString() : QStringLiteral("line %1: %2").arg(line).arg(e.localMessage)};
}

} // namespace

QString nameOf(Approvers approvers)
{
    return approvers == Approvers::AnyOperator ? QStringLiteral("operator") : QStringLiteral("approver");
}

bool ApprovalRules::any() const
{
    for (const AmountKey &k : kAmountKeys)
        if ((this->*k.member).has_value())
            return true;
    return false;
}

bool ApprovalRules::repairWaits(ApprovalAction action, qint64 amount) const
{
    switch (action) {
    case ApprovalAction::Compensate: return over(compensateOver, amount);
    case ApprovalAction::Cancel: return over(cancelOver, amount);
    case ApprovalAction::Resume: return over(resumeOver, amount);
    case ApprovalAction::Transfer: break;
    }
    return transferWaits(amount, false);
}

bool ApprovalRules::transferWaits(qint64 amount, bool fromWorld) const
{
    return over(transferOver, amount) || (fromWorld && over(worldOver, amount));
}

Result<ApprovalRules> parseApprovalRules(const QString &text, int scale)
{
    ApprovalRules rules;
    QString section;
    // A file saved with a byte-order mark (some editors write one) reads as without.
    const QStringList lines = (text.startsWith(QChar(0xFEFF)) ? text.mid(1) : text).split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const int line = i + 1;
        QString l = lines.at(i);
        if (const qsizetype hash = l.indexOf(QLatin1Char('#')); hash >= 0)
            l.truncate(hash);
        l = l.trimmed();
        if (l.isEmpty())
            continue;
        if (l.startsWith(QLatin1Char('['))) {
            if (!l.endsWith(QLatin1Char(']')))
                return onLine(line, makeError(ErrorCode::InvalidArgument, QStringLiteral("a section is [name], not %1").arg(l.left(60))));
            section = l.mid(1, l.size() - 2).trimmed();
            // A misspelt section would turn four eyes off without a word: only known ones are read.
            if (section != QLatin1String("approvals"))
                return onLine(line, makeError(ErrorCode::InvalidArgument,
                                              QStringLiteral("no section [%1] (the sections: [approvals])").arg(section.left(40))));
            continue;
        }
        if (section.isEmpty())
            return onLine(line, makeError(ErrorCode::InvalidArgument,
                                          QStringLiteral("%1 is outside any section: settings go under [approvals]").arg(l.left(60))));
        const qsizetype eq = l.indexOf(QLatin1Char('='));
        if (eq < 0)
            return onLine(line, makeError(ErrorCode::InvalidArgument, QStringLiteral("a setting is key = value, not %1").arg(l.left(60))));
        const QString key = l.left(eq).trimmed();
        const QString value = l.mid(eq + 1).trimmed();
        bool known = false;
        for (const AmountKey &k : kAmountKeys) {
            if (key != QLatin1String(k.key))
                continue;
            auto amount = money::parse(value, scale, money::Zero::Allowed);
            if (!amount.ok())
                return onLine(line, amount.error());
            rules.*k.member = *amount;
            known = true;
        }
        if (known)
            continue;
        if (key == QLatin1String("expire-after")) {
            auto ms = duration::parse(value);
            if (!ms.ok())
                return onLine(line, ms.error());
            if (*ms <= 0)
                return onLine(line, makeError(ErrorCode::InvalidDuration, QStringLiteral("expire-after must be more than 0")));
            rules.expireAfterMs = *ms;
        } else if (key == QLatin1String("approvers")) {
            if (value == QLatin1String("approver"))
                rules.approvers = Approvers::ApproverRole;
            else if (value == QLatin1String("operator"))
                rules.approvers = Approvers::AnyOperator;
            else
                return onLine(
                    line,
                    makeError(
                        ErrorCode::InvalidArgument,
                        QStringLiteral("approvers is approver (the role) or operator (any other operator), not %1").arg(value.left(40))));
        } else {
            QStringList keys;
            for (const AmountKey &k : kAmountKeys)
                keys << QString::fromLatin1(k.key);
            keys << QStringLiteral("expire-after") << QStringLiteral("approvers");
            return onLine(line,
                          makeError(ErrorCode::InvalidArgument,
                                    QStringLiteral("no setting %1 in [approvals] (its settings: %2)").arg(key.left(40), keys.join(", "))));
        }
    }
    return rules;
}

QString describeRules(const ApprovalRules &rules, int scale)
{
    QStringList lines{QStringLiteral("[approvals]")};
    for (const AmountKey &k : kAmountKeys)
        if (const auto &v = rules.*k.member)
            lines << QStringLiteral("%1 = %2").arg(QLatin1String(k.key), money::format(*v, scale));
    lines << QStringLiteral("expire-after = %1").arg(fileDuration(rules.expireAfterMs));
    lines << QStringLiteral("approvers = %1").arg(nameOf(rules.approvers));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace ledger
