// Stage linking/: host ops to their launches to the GPU kernels they ran.
// The GPU events of one call, in 16 bytes: almost every call ran one kernel,
// so one index is kept inline and only longer lists go to the heap. A trace
// of millions of calls would otherwise hold a vector and a heap block each.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace Ridgeline {

class GpuEventIndices
{
public:
    GpuEventIndices() = default;
    GpuEventIndices(const GpuEventIndices& other) { assign(other); }
    GpuEventIndices(GpuEventIndices&& other) noexcept { steal(other); }
    GpuEventIndices& operator=(const GpuEventIndices& other)
    {
        if (this != &other) {
            release();
            assign(other);
        }
        return *this;
    }
    GpuEventIndices& operator=(GpuEventIndices&& other) noexcept
    {
        if (this != &other) {
            release();
            steal(other);
        }
        return *this;
    }
    ~GpuEventIndices() { release(); }

    void push_back(std::uint32_t event)
    {
        if (m_size == 0) {
            m_inline = event;
        } else {
            if (m_size == 1 || m_size == m_capacity)
                grow();
            m_heap[m_size] = event;
        }
        ++m_size;
    }

    std::uint32_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const std::uint32_t* data() const { return m_size <= 1 ? &m_inline : m_heap; }
    const std::uint32_t* begin() const { return data(); }
    const std::uint32_t* end() const { return data() + m_size; }
    std::uint32_t front() const { return *data(); }
    std::uint32_t operator[](std::uint32_t i) const { return data()[i]; }
    operator std::span<const std::uint32_t>() const { return { data(), m_size }; }

    friend bool operator==(const GpuEventIndices& a, const std::vector<std::uint32_t>& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const GpuEventIndices& a, const GpuEventIndices& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void grow()
    {
        const std::uint32_t capacity = m_size == 1 ? 4 : m_capacity * 2;
        auto* heap = new std::uint32_t[capacity];
        std::memcpy(heap, data(), m_size * sizeof(std::uint32_t));
        if (m_size > 1)
            delete[] m_heap;
        m_heap = heap;
        m_capacity = capacity;
    }
    void assign(const GpuEventIndices& other)
    {
        m_size = other.m_size;
        m_capacity = 0;
        if (m_size <= 1) {
            m_inline = other.m_inline;
        } else {
            m_capacity = m_size;
            m_heap = new std::uint32_t[m_size];
            std::memcpy(m_heap, other.m_heap, m_size * sizeof(std::uint32_t));
        }
    }
    void steal(GpuEventIndices& other)
    {
        m_size = other.m_size;
        m_capacity = other.m_capacity;
        if (m_size <= 1)
            m_inline = other.m_inline;
        else
            m_heap = other.m_heap;
        other.m_size = 0;
        other.m_capacity = 0;
    }
    void release()
    {
        if (m_size > 1)
            delete[] m_heap;
        m_size = 0;
        m_capacity = 0;
    }

    union {
        std::uint32_t m_inline = 0; // m_size <= 1
        std::uint32_t* m_heap; // m_size > 1
    };
    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = 0;
};

static_assert(sizeof(GpuEventIndices) == 16);

} // namespace Ridgeline
