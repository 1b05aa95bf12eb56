#include "engine/input/readaheadstream.h"

#include "engine/input/tracesource.h"

#include <QIODevice>

#include <algorithm>

namespace Ridgeline {

ReadAheadStream::ReadAheadStream(TraceSource& source, size_t chunkSize, size_t depth)
    : m_source(source)
    , m_buffers(depth, std::vector<char>(chunkSize))
{
    for (size_t i = 0; i < depth; ++i)
        m_free.push_back(i);
    m_thread = std::thread([this] { readLoop(); });
}

ReadAheadStream::~ReadAheadStream()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

void ReadAheadStream::queue(const Queued& item)
{
    {
        std::lock_guard lock(m_mutex);
        m_filled.push_back(item);
    }
    m_changed.notify_all();
}

bool ReadAheadStream::fill(std::vector<char>& bytes, std::int64_t* size)
{
    // A decompressor that meets damage answers -1 for the whole request and
    // drops what it had inflated of it: asking in small pieces keeps all but
    // the last piece before the damage.
    constexpr std::int64_t piece = 64 << 10;
    const std::int64_t capacity = std::int64_t(bytes.size());
    *size = 0;
    while (*size < capacity) {
        const std::int64_t n = m_source.stream().read(bytes.data() + *size, std::min(piece, capacity - *size));
        if (n < 0)
            return false;
        if (n == 0)
            break;
        *size += n;
    }
    return true;
}

void ReadAheadStream::readLoop()
{
    for (;;) {
        size_t buffer = 0;
        {
            std::unique_lock lock(m_mutex);
            m_changed.wait(lock, [this] { return m_stop || !m_free.empty(); });
            if (m_stop)
                return;
            buffer = m_free.front();
            m_free.pop_front();
        }
        // Only this thread touches the source while the stream exists.
        std::int64_t size = 0;
        const bool ok = fill(m_buffers[buffer], &size);
        const std::int64_t position = m_source.filePosition();
        if (size > 0)
            queue({ { m_buffers[buffer].data(), size, position }, std::int64_t(buffer) });
        if (!ok) {
            {
                std::lock_guard lock(m_mutex);
                m_error = m_source.stream().errorString();
            }
            queue({ { nullptr, -1, position }, -1 });
            return;
        }
        if (size == 0) {
            queue({ { nullptr, 0, position }, -1 });
            return;
        }
    }
}

ReadAheadStream::Chunk ReadAheadStream::next()
{
    std::unique_lock lock(m_mutex);
    if (m_current >= 0) {
        m_free.push_back(size_t(m_current));
        m_current = -1;
        m_changed.notify_all();
    }
    m_changed.wait(lock, [this] { return !m_filled.empty(); });
    const Queued item = m_filled.front();
    if (item.buffer < 0) // the end (or the error) stays, however often asked
        return item.chunk;
    m_filled.pop_front();
    m_current = item.buffer;
    return item.chunk;
}

QString ReadAheadStream::error() const
{
    std::lock_guard lock(m_mutex);
    return m_error;
}

} // namespace Ridgeline
