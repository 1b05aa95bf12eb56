// Stage base/: helpers every stage may use.
// A vector shared between copies until one of them changes it (copy on
// write), read the way std::vector is. For lists that are built once and
// then copied into every row that shows them: a kernel's Input Dims may hold
// thousands of entries, and a trace of many kernel names with the same args
// must not hold a copy per row.
#pragma once

#include "engine/base/memory/heapoptional.h"

#include <initializer_list>
#include <utility>
#include <vector>

namespace Ridgeline {

template <typename T> class CowVector
{
public:
    using value_type = T;
    using const_iterator = typename std::vector<T>::const_iterator;

    CowVector() = default;
    CowVector(std::vector<T> values) { assign(std::move(values)); }
    CowVector(std::initializer_list<T> values) { assign(std::vector<T>(values)); }
    CowVector& operator=(std::vector<T> values)
    {
        assign(std::move(values));
        return *this;
    }
    CowVector& operator=(std::initializer_list<T> values)
    {
        assign(std::vector<T>(values));
        return *this;
    }

    size_t size() const { return m_values ? m_values->size() : 0; }
    bool empty() const { return size() == 0; }
    const T& operator[](size_t index) const { return (*m_values)[index]; }
    const T& front() const { return m_values->front(); }
    const T& back() const { return m_values->back(); }
    const_iterator begin() const { return m_values ? m_values->cbegin() : empty_().cbegin(); }
    const_iterator end() const { return m_values ? m_values->cend() : empty_().cend(); }
    const std::vector<T>& values() const { return m_values ? *m_values : empty_(); }

    void push_back(T value) { edit().push_back(std::move(value)); }
    template <typename... Args> T& emplace_back(Args&&... args) { return edit().emplace_back(std::forward<Args>(args)...); }
    void clear() { m_values.reset(); }

    // The vector itself, detached from the other copies first.
    std::vector<T>& edit()
    {
        if (!m_values)
            m_values.emplace();
        return *m_values; // detaches
    }

    friend bool operator==(const CowVector& a, const CowVector& b) { return a.values() == b.values(); }

private:
    void assign(std::vector<T> values)
    {
        if (values.empty())
            m_values.reset();
        else
            m_values = std::move(values);
    }
    static const std::vector<T>& empty_()
    {
        static const std::vector<T> none;
        return none;
    }

    // One pointer: a kernel row holds one of these for its findings, and
    // its args two (a million library rows, none of them with a list).
    HeapOptional<std::vector<T>> m_values;
};
static_assert(sizeof(CowVector<int>) == sizeof(void*));

} // namespace Ridgeline
