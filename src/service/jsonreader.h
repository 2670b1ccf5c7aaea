#pragma once
// Reading ledgerd's JSON answers strictly (servicejson.cpp, consolejson.cpp): one object's fields,
// the first problem kept and named; later reads are no-ops returning defaults, so that a decoder
// reads every field and then asks once. Private to the service layer.
// Thread-safety: values.

#include "ledger/documents.h"
#include "ledger/money.h"

#include <QJsonArray>
#include <QJsonObject>
#include <optional>

namespace ledger::servicejson {

// One object's fields read strictly: the first problem is kept and named; later reads are no-ops
// returning defaults, so that a decoder reads every field and then asks once.
class Reader {
public:
    Reader(const QJsonObject &o, QString what)
        : m_o(o)
        , m_what(std::move(what))
    {}

    QString text(const char *name, bool nullable = false)
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (nullable && (v.isNull() || v.isUndefined()))
            return {};
        if (!v.isString())
            fail(name, "a string");
        return v.toString();
    }
    qint64 integer(const char *name)
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isDouble())
            fail(name, "a number");
        return qint64(v.toDouble());
    }
    bool flag(const char *name)
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isBool())
            fail(name, "true or false");
        return v.toBool();
    }
    qint64 amount(const char *name, int scale)
    {
        const QString t = text(name);
        if (!m_error.ok())
            return 0;
        auto a = money::parse(t, scale, money::Zero::Allowed);
        if (!a.ok()) {
            // A negative balance is a balance: money::parse reads amounts to move, so the sign is ours.
            if (t.startsWith(QLatin1Char('-'))) {
                auto b = money::parse(QStringView(t).mid(1), scale, money::Zero::Allowed);
                if (b.ok())
                    return -*b;
            }
            fail(name, "an amount");
        }
        return a.ok() ? *a : 0;
    }
    std::optional<qint64> optionalAmount(const char *name, int scale)
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (v.isNull() || v.isUndefined())
            return std::nullopt;
        return amount(name, scale);
    }
    QDateTime time(const char *name, bool nullable = true)
    {
        const QString t = text(name, nullable);
        if (t.isEmpty())
            return {};
        const QDateTime at = parseTimestamp(t);
        if (!at.isValid())
            fail(name, "a timestamp");
        return at;
    }
    QJsonArray array(const char *name)
    {
        const QJsonValue v = m_o.value(QLatin1String(name));
        if (!v.isArray())
            fail(name, "an array");
        return v.toArray();
    }
    QStringList texts(const char *name)
    {
        QStringList list;
        for (const QJsonValue &v : array(name)) {
            if (!v.isString())
                fail(name, "an array of strings");
            list << v.toString();
        }
        return list;
    }
    template <typename E> E word(const char *name, std::optional<E> (*from)(QStringView))
    {
        const QString t = text(name);
        const auto e = from(t);
        if (!e) {
            fail(name, "a known word");
            return E{};
        }
        return *e;
    }
    void fail(const char *name, const char *expected)
    {
        if (m_error.ok())
            m_error = makeError(ErrorCode::Internal, QStringLiteral("the ledger service's answer is not API v1: %1's \"%2\" is not %3")
                                                         .arg(m_what, QLatin1String(name), QLatin1String(expected)));
    }
    void fail(const Error &e)
    {
        if (m_error.ok())
            m_error = e;
    }
    const Error &error() const { return m_error; }
    const QJsonObject &object() const { return m_o; }

private:
    QJsonObject m_o;
    QString m_what;
    Error m_error;
};

template <typename T, typename F> QList<T> each(Reader &r, const char *name, F decode)
{
    QList<T> list;
    for (const QJsonValue &v : r.array(name)) {
        auto item = decode(v.toObject());
        if (!item.ok()) {
            r.fail(item.error());
            return {};
        }
        list << *item;
    }
    return list;
}

} // namespace ledger::servicejson
