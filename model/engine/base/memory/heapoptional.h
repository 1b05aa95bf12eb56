// Stage base/: helpers every stage may use.
// An optional value kept on the heap and shared between copies until one
// of them changes it (copy on write). For the big, mostly empty parts of a
// kernel row (a V1 derivation is 520 bytes, a GEMM shape 144): an empty one
// costs 8 bytes instead of its whole size, and copying a row (the table,
// the comparison, the snapshots) shares them instead of copying. Reads the
// way std::optional does, so the code that reads it does not change.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>

namespace Ridgeline {

template <typename T> class HeapOptional
{
public:
    HeapOptional() = default;
    HeapOptional(std::nullopt_t) { }
    HeapOptional(T value)
        : m_box(new Box(std::move(value)))
    { }
    HeapOptional(const std::optional<T>& value)
    {
        if (value)
            m_box = new Box(*value);
    }
    HeapOptional(const HeapOptional& other)
        : m_box(retain(other.m_box))
    { }
    HeapOptional(HeapOptional&& other) noexcept
        : m_box(std::exchange(other.m_box, nullptr))
    { }
    ~HeapOptional() { release(m_box); }

    HeapOptional& operator=(const HeapOptional& other)
    {
        if (m_box != other.m_box) {
            Box* box = retain(other.m_box);
            release(m_box);
            m_box = box;
        }
        return *this;
    }
    HeapOptional& operator=(HeapOptional&& other) noexcept
    {
        if (this != &other) {
            release(m_box);
            m_box = std::exchange(other.m_box, nullptr);
        }
        return *this;
    }
    HeapOptional& operator=(std::nullopt_t)
    {
        reset();
        return *this;
    }
    HeapOptional& operator=(T value)
    {
        Box* box = new Box(std::move(value));
        release(m_box);
        m_box = box;
        return *this;
    }

    template <typename... Args> T& emplace(Args&&... args)
    {
        Box* box = new Box(std::forward<Args>(args)...);
        release(m_box);
        m_box = box;
        return box->value;
    }
    void reset() { release(std::exchange(m_box, nullptr)); }

    bool has_value() const { return m_box != nullptr; }
    explicit operator bool() const { return has_value(); }

    const T& operator*() const { return m_box->value; }
    const T* operator->() const { return m_box ? &m_box->value : nullptr; }
    const T& value() const { return m_box->value; }
    // Writing detaches: the other copies keep what they had.
    T& operator*() { return *detached(); }
    T* operator->() { return detached(); }
    T& value() { return *detached(); }

    template <typename U> T value_or(U&& fallback) const { return m_box ? m_box->value : T(std::forward<U>(fallback)); }

    std::optional<T> toOptional() const { return m_box ? std::optional<T>(m_box->value) : std::nullopt; }
    // For functions of std::optional (small values: a copy).
    operator std::optional<T>() const { return toOptional(); }

    friend bool operator==(const HeapOptional& a, std::nullopt_t) { return !a.m_box; }

private:
    // The value and its count of owners in one block, so that a row's empty
    // part costs one pointer (a std::shared_ptr is two): a trace of a
    // million library names makes a million rows of ten such parts.
    struct Box
    {
        template <typename... Args>
        explicit Box(Args&&... args)
            : value(std::forward<Args>(args)...)
        { }
        std::atomic<std::size_t> owners { 1 }; // rows are copied across threads
        T value;
    };
    static Box* retain(Box* box)
    {
        if (box)
            box->owners.fetch_add(1, std::memory_order_relaxed);
        return box;
    }
    static void release(Box* box)
    {
        if (box && box->owners.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete box;
    }
    T* detached()
    {
        if (!m_box)
            return nullptr;
        if (m_box->owners.load(std::memory_order_acquire) > 1) {
            Box* copy = new Box(m_box->value);
            release(m_box);
            m_box = copy;
        }
        return &m_box->value;
    }

    Box* m_box = nullptr;
};
static_assert(sizeof(HeapOptional<double>) == sizeof(void*));

// A value always present, kept on the heap and shared between copies until
// one of them changes it: for a row's copy of its kernel's args (336
// bytes inline; a library row has none, and every row of a kernel the
// same) and its model (344 bytes inline; a million library rows share one
// empty one). `row.args->inputDimsJson` reads it; `edit()` detaches.
template <typename T> class SharedValue
{
public:
    SharedValue() = default;
    SharedValue(T value)
        : m_value(std::make_shared<T>(std::move(value)))
    { }
    // Adopts a value shared elsewhere (the reader's interned args). It is
    // copied before a write while anyone else holds it; the last holder
    // writes in place, so it must not have been made const
    // (std::make_shared<T>, not std::make_shared<const T>).
    SharedValue(std::shared_ptr<const T> shared)
        : m_value(std::const_pointer_cast<T>(std::move(shared)))
    { }

    // Reading never copies; writing is said out loud (`row.model.edit().x =`),
    // so that a read through a non-const row does not detach a shared value.
    const T& operator*() const { return m_value ? *m_value : empty(); }
    const T* operator->() const { return &**this; }
    operator const T&() const { return **this; }
    T& edit() { return *detached(); }
    // Whether another copy holds the same value: edit() would copy it.
    bool isShared() const { return m_value && m_value.use_count() > 1; }

private:
    static const T& empty()
    {
        static const T none;
        return none;
    }
    T* detached()
    {
        if (!m_value)
            m_value = std::make_shared<T>();
        else if (m_value.use_count() > 1)
            m_value = std::make_shared<T>(*m_value);
        return m_value.get();
    }

    // Two pointers, no flag beside them: a row holds two of these, and a
    // trace of a million library names a million rows.
    std::shared_ptr<T> m_value;
};
static_assert(sizeof(SharedValue<int>) == 2 * sizeof(void*));

} // namespace Ridgeline
