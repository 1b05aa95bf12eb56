#include "engine/input/scanaheadreader.h"

#include "engine/input/tracesource.h"

#include <QIODevice>
#include <algorithm>

namespace Ridgeline {
namespace {

constexpr size_t batchBytes = size_t(1) << 20;
constexpr size_t batchEntries = 16384;
constexpr size_t batchCount = 3;
// Small reads: a decompressor that meets damage (a flipped byte, a wrong
// CRC) answers -1 for the whole request and drops what it had inflated of it.
constexpr std::int64_t readPiece = std::int64_t(8) << 10;

} // namespace

// What the scanner found in one stretch of the file, in its order.
struct ScanAheadReader::Batch
{
    enum class Kind : std::uint8_t
    {
        Event,
        TopLevelValue,
        Skipped
    };
    struct Entry
    {
        Kind kind = Kind::Event;
        std::int64_t offset = 0;
        size_t begin = 0; // into text: the key (top-level values), then the JSON
        size_t keySize = 0;
        size_t size = 0;
        QString why; // Skipped
    };

    std::string text;
    std::vector<Entry> entries;
    std::int64_t filePosition = 0;

    bool full() const { return text.size() >= batchBytes || entries.size() >= batchEntries; }
    void clear()
    {
        if (text.capacity() > 4 * batchBytes) // after a huge event: give it back
            std::string().swap(text);
        text.clear();
        entries.clear();
    }
};

// The scanner's sink on the scanning thread: copies what it finds into the
// current batch.
class ScanAheadReader::BatchingSink final : public JsonEventScanner::Sink
{
public:
    void event(std::string_view json, std::int64_t offset) override
    {
        if (filter && !filter(json)) {
            ++filteredOut;
            return;
        }
        batch->entries.push_back({ Batch::Kind::Event, offset, batch->text.size(), 0, json.size(), {} });
        batch->text.append(json);
    }
    void topLevelValue(std::string_view key, std::string_view json) override
    {
        batch->entries.push_back({ Batch::Kind::TopLevelValue, 0, batch->text.size(), key.size(), json.size(), {} });
        batch->text.append(key).append(json);
    }
    void skippedElement(std::int64_t offset, const QString& why) override
    {
        batch->entries.push_back({ Batch::Kind::Skipped, offset, 0, 0, 0, why });
    }

    std::unique_ptr<Batch> batch;
    EventFilter filter = nullptr;
    std::int64_t filteredOut = 0;
};

ScanAheadReader::ScanAheadReader(TraceSource& source, EventFilter filter)
    : m_source(source)
    , m_filter(filter)
{
    for (size_t i = 0; i < batchCount; ++i)
        m_free.push_back(std::make_unique<Batch>());
    m_thread = std::thread([this] { scanLoop(); });
}

ScanAheadReader::~ScanAheadReader()
{
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_changed.notify_all();
    m_thread.join();
}

std::unique_ptr<ScanAheadReader::Batch> ScanAheadReader::takeFreeBatch()
{
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [this] { return m_stop || !m_free.empty(); });
    if (m_stop)
        return nullptr;
    std::unique_ptr<Batch> batch = std::move(m_free.front());
    m_free.pop_front();
    batch->clear();
    return batch;
}

void ScanAheadReader::queue(std::unique_ptr<Batch> batch)
{
    {
        std::lock_guard lock(m_mutex);
        m_filled.push_back(std::move(batch));
    }
    m_changed.notify_all();
}

void ScanAheadReader::scanLoop()
{
    BatchingSink sink;
    sink.filter = m_filter;
    JsonEventScanner scanner(sink);
    std::vector<char> bytes(static_cast<size_t>(readPiece));
    Ending ending;
    sink.batch = takeFreeBatch();
    if (!sink.batch)
        return;
    bool scanning = true;
    for (;;) {
        const std::int64_t n = m_source.stream().read(bytes.data(), readPiece);
        if (n < 0) {
            const QString why = m_source.stream().errorString();
            ending.streamError = why.isEmpty() ? QStringLiteral("the stream cannot be read on") : why;
        }
        if (n <= 0)
            break;
        ending.decompressedBytes += n;
        if (!scanner.feed(bytes.data(), size_t(n))) {
            scanning = false;
            break;
        }
        if (sink.batch->full()) {
            sink.batch->filePosition = m_source.filePosition();
            queue(std::move(sink.batch));
            sink.batch = takeFreeBatch();
            if (!sink.batch)
                return;
        }
    }
    ending.scanned = scanning && ending.streamError.isEmpty() && scanner.finish();
    ending.scanError = scanner.error();
    ending.sawEventsArray = scanner.sawEventsArray();
    ending.eventsFilteredOut = sink.filteredOut;
    sink.batch->filePosition = m_source.filePosition();
    {
        std::lock_guard lock(m_mutex);
        m_ending = ending;
        m_filled.push_back(std::move(sink.batch));
        m_done = true;
    }
    m_changed.notify_all();
}

bool ScanAheadReader::next(JsonEventScanner::Sink& sink, std::int64_t* filePosition)
{
    std::unique_ptr<Batch> batch;
    {
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return !m_filled.empty() || m_done; });
        if (m_filled.empty())
            return false;
        batch = std::move(m_filled.front());
        m_filled.pop_front();
    }
    for (const Batch::Entry& entry : batch->entries) {
        const std::string_view text(batch->text.data() + entry.begin, entry.keySize + entry.size);
        switch (entry.kind) {
        case Batch::Kind::Event:
            sink.event(text, entry.offset);
            break;
        case Batch::Kind::TopLevelValue:
            sink.topLevelValue(text.substr(0, entry.keySize), text.substr(entry.keySize));
            break;
        case Batch::Kind::Skipped:
            sink.skippedElement(entry.offset, entry.why);
            break;
        }
    }
    *filePosition = batch->filePosition;
    {
        std::lock_guard lock(m_mutex);
        m_free.push_back(std::move(batch));
    }
    m_changed.notify_all();
    return true;
}

ScanAheadReader::Ending ScanAheadReader::ending() const
{
    std::lock_guard lock(m_mutex);
    return m_ending;
}

} // namespace Ridgeline
