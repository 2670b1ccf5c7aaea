#include "interchange/csv.h"

namespace ledger::csv {

QString field(const QString &value)
{
    const bool needsQuotes = value.contains(QLatin1Char(',')) || value.contains(QLatin1Char('"')) || value.contains(QLatin1Char('\r'))
                          || value.contains(QLatin1Char('\n'));
    if (!needsQuotes)
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString record(const QStringList &fields)
{
    QString line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line += QLatin1Char(',');
        line += field(fields.at(i));
    }
    return line + QStringLiteral("\r\n");
}

std::optional<QList<QStringList>> parse(const QString &text)
{
    QList<QStringList> records;
    QStringList current;
    QString value;
    bool quoted = false;    // inside a quoted field
    bool wasQuoted = false; // the current field was quoted and is closed
    bool fieldStarted = false;
    const auto endField = [&] {
        current << value;
        value.clear();
        wasQuoted = false;
        fieldStarted = false;
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == QLatin1Char('"')) {
                if (i + 1 < text.size() && text.at(i + 1) == QLatin1Char('"')) {
                    value += QLatin1Char('"');
                    ++i;
                } else {
                    quoted = false;
                    wasQuoted = true;
                }
            } else {
                value += c;
            }
            continue;
        }
        if (c == QLatin1Char(',')) {
            endField();
            fieldStarted = true; // a comma promises another field, even an empty last one
        } else if (c == QLatin1Char('\r') || c == QLatin1Char('\n')) {
            if (c == QLatin1Char('\r') && i + 1 < text.size() && text.at(i + 1) == QLatin1Char('\n'))
                ++i;
            endField();
            records << current;
            current.clear();
        } else if (c == QLatin1Char('"')) {
            if (!value.isEmpty() || wasQuoted)
                return std::nullopt; // a quote inside an unquoted field, or two quoted parts
            quoted = true;
            fieldStarted = true;
        } else {
            if (wasQuoted)
                return std::nullopt; // text after the closing quote
            value += c;
            fieldStarted = true;
        }
    }
    if (quoted)
        return std::nullopt;
    if (fieldStarted || !value.isEmpty() || !current.isEmpty()) {
        endField();
        records << current;
    }
    return records;
}

} // namespace ledger::csv
