// Stage input/: a trace file read into a RawTrace.
// Decompresses and scans a trace on a thread of its own, a few batches of
// events ahead of the collector, so that inflating and scanning run on one
// core while decoding runs on the other. Memory: a
// few batches (about a MiB each, or one event when an event is bigger),
// however big the file.
#pragma once

#include "engine/input/jsoneventscanner.h"

#include <QString>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace Ridgeline {

class TraceSource;

class ScanAheadReader
{
public:
    // How the stream ended, once next() has said so.
    struct Ending
    {
        QString streamError; // the source failed (after the bytes delivered)
        bool scanned = false; // the scanner found a complete document
        QString scanError; // why not, when !scanned and streamError is empty
        bool sawEventsArray = false;
        std::int64_t decompressedBytes = 0;
        std::int64_t eventsFilteredOut = 0; // events the filter dropped, never handed on
    };

    // Says, from an event's text alone, whether the sink may use it. Run on
    // the scanning thread, it balances the two cores: the decoding side is
    // the slower one.
    using EventFilter = bool (*)(std::string_view json);

    explicit ScanAheadReader(TraceSource& source, EventFilter filter = nullptr);
    // Stops the scanning thread and waits for it.
    ~ScanAheadReader();
    ScanAheadReader(const ScanAheadReader&) = delete;
    ScanAheadReader& operator=(const ScanAheadReader&) = delete;

    // Hands the next batch to `sink` in the scanner's order, waiting for it;
    // *filePosition is the compressed bytes consumed so far. False at the
    // end: see ending().
    bool next(JsonEventScanner::Sink& sink, std::int64_t* filePosition);
    Ending ending() const;

private:
    struct Batch;
    class BatchingSink;

    void scanLoop();
    std::unique_ptr<Batch> takeFreeBatch(); // null when stopped
    void queue(std::unique_ptr<Batch> batch);

    TraceSource& m_source;
    EventFilter m_filter;
    std::deque<std::unique_ptr<Batch>> m_free; // batches the scanner may fill
    std::deque<std::unique_ptr<Batch>> m_filled; // ready for next(), in order
    bool m_stop = false;
    bool m_done = false; // the scanner queued its last batch
    Ending m_ending;
    mutable std::mutex m_mutex;
    std::condition_variable m_changed;
    std::thread m_thread; // last: starts once everything above exists
};

} // namespace Ridgeline
