#pragma once
// Result<T>: a value or an Error, never both. Errors are values here, not exceptions or bools.
// Both are [[nodiscard]]: a result dropped unread is a failure nobody heard of. Reading the value
// of an error ends the program with the error (in every build: carrying on would read garbage).

#include "ledger/errors.h"

#include <optional>
#include <type_traits>
#include <utility>

namespace ledger {

template <typename T> class [[nodiscard]] Result {
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Error error)
        : m_error(std::move(error))
    {
        Q_ASSERT(!m_error.ok());
    }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    const T &value() const &
    {
        checkValue();
        return *m_value;
    }
    T &value() &
    {
        checkValue();
        return *m_value;
    }
    T &&value() &&
    {
        checkValue();
        return std::move(*m_value);
    }
    const T &operator*() const & { return value(); }
    T &operator*() & { return value(); }
    // By value on a temporary, so `for (auto &x : *store.transactions(q))` owns what it loops over.
    T operator*() && { return std::move(value()); }
    const T *operator->() const { return &value(); }
    T *operator->() { return &value(); }

    const Error &error() const { return m_error; }
    ErrorCode code() const { return m_error.code; }

private:
    void checkValue() const
    {
        if (Q_UNLIKELY(!m_value))
            valueOfError(m_error);
    }

    std::optional<T> m_value;
    Error m_error;
};

// What a function that may or may not fail gives, made one shape: `asResult(f())` is a Result
// either way (row readers: those that check a column return one, the others a plain value).
template <typename T> struct ResultOf {
    using Value = T;
};
template <typename T> struct ResultOf<Result<T>> {
    using Value = T;
};
template <typename T> Result<typename ResultOf<std::decay_t<T>>::Value> asResult(T &&value) { return std::forward<T>(value); }

} // namespace ledger
