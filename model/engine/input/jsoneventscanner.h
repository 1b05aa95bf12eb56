// Stage input/: a trace file read into a RawTrace.
// Finds the events of a Chrome trace in a byte stream without parsing the
// whole document: it tracks only strings, brackets and the top-level keys,
// and hands each element of `traceEvents` (or of a bare top-level array) to
// a sink as one self-contained JSON text. Memory stays proportional to the
// largest single event, not to the file.
#pragma once

#include <QString>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace Ridgeline {

class JsonEventScanner
{
public:
    class Sink
    {
    public:
        virtual ~Sink() = default;
        // One element of the events array; `offset` is its first byte in the stream.
        virtual void event(std::string_view json, std::int64_t offset) = 0;
        // A top-level key other than traceEvents, with its value's JSON text.
        virtual void topLevelValue(std::string_view key, std::string_view json) = 0;
        // An element of the events array that is not an object, or is too big.
        virtual void skippedElement(std::int64_t offset, const QString& why) = 0;
    };

    explicit JsonEventScanner(Sink& sink);

    // Feed the next chunk. Returns false on a syntax error: see error().
    bool feed(const char* data, size_t size);
    // No more input. Returns false when the document is incomplete.
    bool finish();

    QString error() const { return m_error; }
    std::int64_t errorOffset() const { return m_errorOffset; }
    std::int64_t eventCount() const { return m_eventCount; }
    bool sawEventsArray() const { return m_sawEventsArray; }

    // Events bigger than this are skipped, not buffered.
    static constexpr size_t maxEventBytes = 64u << 20;
    // Brackets deeper than this are counted, not matched one by one.
    static constexpr size_t maxCheckedDepth = 1024;

private:
    enum class State
    {
        Start, // before the root value
        ExpectKey, // in the root object, before a key or '}'
        InKey, // inside a root key string
        ExpectColon, // after a root key
        ExpectValue, // after ':' in the root object
        InValue, // inside a root value that is not traceEvents
        AfterValue, // after a root value: ',' or '}'
        InEvents, // in the events array, between elements
        InElement, // inside one element of the events array
        Done, // after the root value
    };

    enum class Walk
    {
        Open,
        Closed,
        Error
    };

    bool fail(const QString& message);
    // Walks the current value or element from data[i]: Closed with i one past
    // its last byte, Open with i == size, or Error.
    Walk walkStructure(const char* data, size_t size, size_t& i);
    Walk walkBlock(const char* data, size_t& i); // 64 bytes without escapes, inside brackets
    // Anything, a byte run at a time; with toBlock, only up to the next bracket.
    Walk walkBytes(const char* data, size_t end, size_t& i, bool toBlock);
    Walk openBracket(char c);
    Walk closeBracket(char c, std::int64_t offset);
    void dropCapture(); // the event is too big: release its bytes, skip it
    void beginCapture(size_t position);
    void appendPending(const char* data, size_t end);
    std::string_view endCapture(const char* data, size_t endInclusive);
    bool finishRootValue();

    Sink& m_sink;
    State m_state = State::Start;
    bool m_rootIsArray = false;
    bool m_sawEventsArray = false;
    bool m_inString = false;
    bool m_escape = false;
    bool m_scalarValue = false; // the current root value / element is a bare scalar
    bool m_captureTooBig = false;
    bool m_elementIsObject = false;
    std::string m_brackets; // the first maxCheckedDepth open brackets of the current value / element
    size_t m_depth = 0; // all open brackets, however deep
    std::string m_key;
    std::string m_capture;
    size_t m_captureStart = 0; // in the current chunk
    bool m_capturing = false;
    std::int64_t m_chunkOffset = 0;
    std::int64_t m_valueOffset = 0;
    std::int64_t m_eventCount = 0;
    QString m_error;
    std::int64_t m_errorOffset = -1;
};

} // namespace Ridgeline
