// Stage input/: a trace file read into a RawTrace.
// Reads a TraceSource's decompressed bytes on a thread of its own, a few
// chunks ahead of the consumer, so that inflating and scanning run at the
// same time on two cores. Memory: `depth` chunks, however big the file.
#pragma once

#include <QString>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace Ridgeline {

class TraceSource;

class ReadAheadStream
{
public:
    struct Chunk
    {
        const char* data = nullptr;
        std::int64_t size = 0;         // > 0: bytes; 0: the end; < 0: a read error, see error()
        std::int64_t filePosition = 0; // compressed bytes consumed after this chunk: progress
    };

    ReadAheadStream(TraceSource& source, size_t chunkSize = size_t(1) << 20, size_t depth = 4);
    // Stops the reader thread and waits for it.
    ~ReadAheadStream();
    ReadAheadStream(const ReadAheadStream&) = delete;
    ReadAheadStream& operator=(const ReadAheadStream&) = delete;

    // The next chunk, waiting for it. Valid until the next call: its buffer
    // then goes back to the reader.
    Chunk next();
    // The stream's error text when a chunk said size < 0.
    QString error() const;

private:
    struct Queued
    {
        Chunk chunk;
        std::int64_t buffer = -1; // -1: the end or an error, no buffer
    };

    void readLoop();
    // Fills `bytes` from the source; false when the source failed (after
    // the bytes in *size, which may be 0).
    bool fill(std::vector<char>& bytes, std::int64_t* size);
    void queue(const Queued& item);

    TraceSource& m_source;
    std::vector<std::vector<char>> m_buffers;
    std::deque<size_t> m_free;   // buffers the reader may fill
    std::deque<Queued> m_filled; // ready for next(), in order
    std::int64_t m_current = -1; // the buffer next() last handed out
    bool m_stop = false;
    QString m_error;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::thread m_thread; // last: starts once everything above exists
};

} // namespace Ridgeline
