#pragma once
// A message for people, kept in two languages at once:
//   english() — what the store records (a transaction's lastError, its journal), what --json and
//               the change feed carry, and what scripts and tests match: the same for every reader;
//   local()   — the same message in the language of this process (the translators the console or
//               ledgerctl installed at start-up), for the screen and the terminal.
// One translated string would not do: a refusal is both recorded on the document and shown to the
// operator, and a Chinese-speaking operator must not write Chinese into a ledger that others, and
// their scripts, read in English.
//
//   Message::translate("ledger", "no account %1").arg(id)
//
// lupdate extracts translate("Context", "source") calls like QCoreApplication::translate's, which
// is what it calls. .arg() fills both languages alike; a Message argument gives each language its
// own words. Thread-safety: a value type; translate() may be called from any thread.

#include <QString>

#include <type_traits>

namespace ledger {

class Message {
public:
    Message() = default;
    // Text that reads the same in every language (data, or a frame such as "--opening: %1").
    explicit Message(const QString &same)
        : m_english(same)
        , m_local(same)
    {}
    Message(const QString &english, const QString &local)
        : m_english(english)
        , m_local(local)
    {}

    // `source` (UTF-8, a literal) in English, and as translated in `context` for this process.
    static Message translate(const char *context, const char *source);

    const QString &english() const { return m_english; }
    const QString &local() const { return m_local; }
    bool isEmpty() const { return m_english.isEmpty(); }

    // QString::arg in both languages, with the same rules (the lowest %N first; the multi-argument
    // form fills %1..%N in one pass, so '%' inside an argument is never taken for a marker).
    Message arg(const QString &a) const { return Message(m_english.arg(a), m_local.arg(a)); }
    Message arg(const Message &a) const { return Message(m_english.arg(a.m_english), m_local.arg(a.m_local)); }
    template <typename Number, std::enable_if_t<std::is_arithmetic_v<Number>, bool> = true> Message arg(Number n) const
    {
        return Message(m_english.arg(n), m_local.arg(n));
    }
    template <typename... Args, std::enable_if_t<(sizeof...(Args) >= 2), bool> = true> Message arg(const Args &...args) const
    {
        return Message(m_english.arg(englishOf(args)...), m_local.arg(localOf(args)...));
    }

    // Concatenation, language by language.
    Message operator+(const Message &other) const { return Message(m_english + other.m_english, m_local + other.m_local); }

private:
    static const QString &englishOf(const QString &s) { return s; }
    static const QString &englishOf(const Message &m) { return m.m_english; }
    static const QString &localOf(const QString &s) { return s; }
    static const QString &localOf(const Message &m) { return m.m_local; }

    QString m_english;
    QString m_local;
};

} // namespace ledger
