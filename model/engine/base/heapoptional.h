// Stage base/: helpers every stage may use.
// An optional value kept on the heap and shared between copies until one
// of them changes it (copy on write). For the big, mostly empty parts of a
// kernel row (a V1 derivation is 520 bytes, a GEMM shape 144): an empty one
// costs 16 bytes instead of its whole size, and copying a row (the table,
// the comparison, the snapshots) shares them instead of copying. Reads the
// way std::optional does, so the code that reads it does not change.
#pragma once

#include <memory>
#include <optional>
#include <utility>

namespace Ridgeline {

template<typename T>
class HeapOptional
{
public:
    HeapOptional() = default;
    HeapOptional(std::nullopt_t) {}
    HeapOptional(T value) : m_value(std::make_shared<T>(std::move(value))) {}
    HeapOptional(const std::optional<T>& value)
    {
        if (value)
            m_value = std::make_shared<T>(*value);
    }

    HeapOptional& operator=(std::nullopt_t)
    {
        m_value.reset();
        return *this;
    }
    HeapOptional& operator=(T value)
    {
        m_value = std::make_shared<T>(std::move(value));
        return *this;
    }

    template<typename... Args>
    T& emplace(Args&&... args)
    {
        m_value = std::make_shared<T>(std::forward<Args>(args)...);
        return *m_value;
    }
    void reset() { m_value.reset(); }

    bool has_value() const { return bool(m_value); }
    explicit operator bool() const { return has_value(); }

    const T& operator*() const { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    const T& value() const { return *m_value; }
    // Writing detaches: the other copies keep what they had.
    T& operator*() { return *detached(); }
    T* operator->() { return detached(); }
    T& value() { return *detached(); }

    template<typename U>
    T value_or(U&& fallback) const
    {
        return m_value ? *m_value : T(std::forward<U>(fallback));
    }

    std::optional<T> toOptional() const { return m_value ? std::optional<T>(*m_value) : std::nullopt; }
    // For functions of std::optional (small values: a copy).
    operator std::optional<T>() const { return toOptional(); }

    friend bool operator==(const HeapOptional& a, std::nullopt_t) { return !a.m_value; }

private:
    T* detached()
    {
        if (m_value && m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        return m_value.get();
    }

    std::shared_ptr<T> m_value;
};

// A value always present, kept on the heap and shared between copies until
// one of them changes it: for a row's copy of its kernel's args (328
// bytes inline; a library row has none, and every row of a kernel the
// same). `row.args->inputDimsJson` reads it; writing through -> detaches.
template<typename T>
class SharedValue
{
public:
    SharedValue() = default;
    SharedValue(T value) : m_value(std::make_shared<T>(std::move(value))) { }
    SharedValue(std::shared_ptr<const T> shared) : m_value(std::const_pointer_cast<T>(std::move(shared))) { m_shared = true; }

    const T& operator*() const { return m_value ? *m_value : empty(); }
    const T* operator->() const { return &**this; }
    operator const T&() const { return **this; }
    T& operator*() { return *detached(); }
    T* operator->() { return detached(); }

private:
    static const T& empty()
    {
        static const T none;
        return none;
    }
    T* detached()
    {
        // A value adopted from a shared_ptr<const T> is never written in place.
        if (!m_value)
            m_value = std::make_shared<T>();
        else if (m_shared || m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        m_shared = false;
        return m_value.get();
    }

    std::shared_ptr<T> m_value;
    bool m_shared = false;
};

} // namespace Ridgeline
