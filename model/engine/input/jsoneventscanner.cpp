#include "engine/input/jsoneventscanner.h"

#include "engine/base/quotedtext.h"
#include "engine/input/jsontext.h"

#include <algorithm>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace Ridgeline {
namespace {

// The stretches the 64-byte blocks below leave (escapes, chunk tails, an
// element's first bytes) are walked a byte at a time: never more than a
// block's worth at once.
//
// Outside strings: a quote or a bracket. A backslash outside a string is a
// JSON error the event's own parse reports, so it is no stop here.
inline bool isStructural(char c)
{
    return c == '"' || c == '{' || c == '}' || c == '[' || c == ']';
}

// Inside a string: its closing quote or an escape.
inline bool endsStringRun(char c)
{
    return c == '"' || c == '\\';
}

// The first i in [from, size) with isStructural(data[i]), else size.
inline size_t nextStructural(const char* data, size_t from, size_t size)
{
    while (from < size && !isStructural(data[from]))
        ++from;
    return from;
}

// The first i in [from, size) with endsStringRun(data[i]), else size.
inline size_t nextStringStop(const char* data, size_t from, size_t size)
{
    while (from < size && !endsStringRun(data[from]))
        ++from;
    return from;
}

QString describe(char c)
{
    if (c >= 0x20 && c < 0x7f)
        return QStringLiteral("'%1'").arg(QLatin1Char(c));
    return QStringLiteral("byte 0x%1").arg(uchar(c), 2, 16, QLatin1Char('0'));
}

constexpr size_t blockSize = 64;

// Where a 64-byte block holds quotes and brackets, one bit per byte.
struct BlockMasks
{
    std::uint64_t quotes = 0;
    std::uint64_t opens = 0; // { and [
    std::uint64_t closes = 0; // } and ]
};

inline BlockMasks classifyBlock(const char* block)
{
    BlockMasks masks;
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i lower = _mm_set1_epi8(0x20); // '[' | 0x20 == '{', ']' | 0x20 == '}'
    const __m128i open = _mm_set1_epi8('{');
    const __m128i close = _mm_set1_epi8('}');
    for (int part = 0; part < 4; ++part) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * part));
        const __m128i folded = _mm_or_si128(bytes, lower);
        const int shift = 16 * part;
        masks.quotes |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quote)))) << shift;
        masks.opens |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, open)))) << shift;
        masks.closes |= std::uint64_t(unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(folded, close)))) << shift;
    }
#else
    for (size_t k = 0; k < blockSize; ++k) {
        const char c = block[k];
        masks.quotes |= std::uint64_t(c == '"') << k;
        masks.opens |= std::uint64_t(c == '{' || c == '[') << k;
        masks.closes |= std::uint64_t(c == '}' || c == ']') << k;
    }
#endif
    return masks;
}

inline bool hasBackslash(const char* block)
{
#if defined(__SSE2__)
    const __m128i backslash = _mm_set1_epi8('\\');
    __m128i any = _mm_setzero_si128();
    for (int part = 0; part < 4; ++part)
        any = _mm_or_si128(any, _mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(block + 16 * part)), backslash));
    return _mm_movemask_epi8(any) != 0;
#else
    return std::memchr(block, '\\', blockSize) != nullptr;
#endif
}

// Bit k of the result: the parity of bits 0..k of x.
inline std::uint64_t prefixXor(std::uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

} // namespace

JsonEventScanner::JsonEventScanner(Sink& sink)
    : m_sink(sink)
{ }

bool JsonEventScanner::fail(const QString& message)
{
    m_error = message;
    return false;
}

void JsonEventScanner::beginCapture(size_t position)
{
    m_capturing = true;
    m_captureTooBig = false;
    m_brackets.clear();
    m_depth = 0;
    m_inString = false;
    m_escape = false;
    m_capture.clear();
    m_captureStart = position;
    m_valueOffset = m_chunkOffset + std::int64_t(position);
}

void JsonEventScanner::appendPending(const char* data, size_t end)
{
    if (m_captureTooBig)
        return;
    if (m_capture.size() + (end - m_captureStart) > maxEventBytes) {
        dropCapture();
        return;
    }
    m_capture.append(data + m_captureStart, end - m_captureStart);
}

std::string_view JsonEventScanner::endCapture(const char* data, size_t endExclusive)
{
    m_capturing = false;
    if (m_captureTooBig)
        return {};
    if (m_capture.empty()) // started in this chunk: no copy needed
        return std::string_view(data + m_captureStart, endExclusive - m_captureStart);
    appendPending(data, endExclusive);
    return m_captureTooBig ? std::string_view() : std::string_view(m_capture);
}

void JsonEventScanner::dropCapture()
{
    m_captureTooBig = true;
    m_capture = std::string(); // release the memory now
}

JsonEventScanner::Walk JsonEventScanner::openBracket(char c)
{
    // Only the first levels keep their bracket: deeper ones are only
    // counted, so a file of '[' costs a counter, not a stack. The event's
    // own parse judges what lies deeper.
    if (++m_depth <= maxCheckedDepth)
        m_brackets.push_back(c);
    return Walk::Open;
}

JsonEventScanner::Walk JsonEventScanner::closeBracket(char c, std::int64_t offset)
{
    const char opening = c == '}' ? '{' : '[';
    if (m_depth == 0 || (m_depth <= maxCheckedDepth && m_brackets.back() != opening)) {
        m_errorOffset = offset;
        fail(QStringLiteral("mismatched '%1' at byte %2").arg(QLatin1Char(c)).arg(offset));
        return Walk::Error;
    }
    if (m_depth-- <= maxCheckedDepth)
        m_brackets.pop_back();
    return m_depth == 0 ? Walk::Closed : Walk::Open;
}

JsonEventScanner::Walk JsonEventScanner::walkBlock(const char* data, size_t& i)
{
    const BlockMasks masks = classifyBlock(data + i);
    // Bit k: an odd number of quotes at or before byte k, i.e. inside a
    // string (its opening quote included, its closing quote not).
    std::uint64_t inString = prefixXor(masks.quotes) ^ (m_inString ? ~std::uint64_t(0) : 0);
    std::uint64_t brackets = (masks.opens | masks.closes) & ~inString;
    while (brackets) {
        const unsigned k = unsigned(__builtin_ctzll(brackets));
        brackets &= brackets - 1;
        const char c = data[i + k];
        const Walk walk = (c == '{' || c == '[') ? openBracket(c) : closeBracket(c, m_chunkOffset + std::int64_t(i + k));
        if (walk == Walk::Error) {
            i += k;
            return walk;
        }
        if (walk == Walk::Closed) {
            m_inString = false; // a bracket is never inside a string
            i += k + 1;
            return walk;
        }
    }
    m_inString = (inString >> 63) & 1;
    i += blockSize;
    return Walk::Open;
}

JsonEventScanner::Walk JsonEventScanner::walkStructure(const char* data, size_t size, size_t& i)
{
    while (i < size) {
        // Inside brackets, whole blocks without escapes go by bit masks;
        // the rest (escapes, chunk tails, a bare string) byte by byte.
        const bool wholeBlock = i + blockSize <= size;
        const bool escapes = wholeBlock && hasBackslash(data + i);
        if (m_depth > 0 && !m_escape && wholeBlock && !escapes) {
            const Walk walk = walkBlock(data, i);
            if (walk != Walk::Open)
                return walk;
            continue;
        }
        const size_t end = std::min(size, i + blockSize);
        const Walk walk = walkBytes(data, end, i, /*toBlock=*/!escapes);
        if (walk != Walk::Open)
            return walk;
    }
    return Walk::Open;
}

JsonEventScanner::Walk JsonEventScanner::walkBytes(const char* data, size_t end, size_t& i, bool toBlock)
{
    while (i < end) {
        if (m_inString) {
            if (m_escape) {
                m_escape = false;
                ++i;
                continue;
            }
            i = nextStringStop(data, i, end);
            if (i == end)
                break;
            if (data[i++] == '\\') {
                m_escape = true;
                continue;
            }
            m_inString = false;
            if (m_depth == 0)
                return Walk::Closed;
            continue;
        }
        i = nextStructural(data, i, end);
        if (i == end)
            break;
        const char c = data[i];
        if (c == '"') {
            m_inString = true;
            ++i;
            continue;
        }
        const Walk walk = (c == '{' || c == '[') ? openBracket(c) : closeBracket(c, m_chunkOffset + std::int64_t(i));
        if (walk == Walk::Error)
            return walk;
        ++i;
        if (walk == Walk::Closed || toBlock) // an element's first '{': blocks from here
            return walk;
    }
    return Walk::Open;
}

bool JsonEventScanner::feed(const char* data, size_t size)
{
    if (!m_error.isEmpty())
        return false;
    if (m_capturing)
        m_captureStart = 0;

    size_t i = 0;
    auto offset = [&] { return m_chunkOffset + std::int64_t(i); };
    auto syntaxError = [&](const QString& what) {
        m_errorOffset = offset();
        return fail(what + QStringLiteral(" at byte %1").arg(offset()));
    };

    while (i < size) {
        const char c = data[i];
        switch (m_state) {
        case State::Start:
            if (isJsonSpace(c) || (m_chunkOffset + std::int64_t(i) < 3 && uchar(c) >= 0xBB)) { // UTF-8 BOM
                ++i;
                continue;
            }
            if (c == '{') {
                m_state = State::ExpectKey;
            } else if (c == '[') {
                m_rootIsArray = true;
                m_sawEventsArray = true;
                m_state = State::InEvents;
            } else {
                return syntaxError(QStringLiteral("not JSON: expected '{' or '[' but found %1").arg(describe(c)));
            }
            ++i;
            continue;

        case State::ExpectKey:
            if (c == '"') {
                m_key.clear();
                m_state = State::InKey;
            } else if (c == '}') {
                m_state = State::Done;
            } else if (c == ',') {
                // tolerate a trailing comma
            } else if (!isJsonSpace(c)) {
                return syntaxError(QStringLiteral("expected a key in the top-level object but found %1").arg(describe(c)));
            }
            ++i;
            continue;

        case State::InKey:
            if (m_escape) {
                if (m_key.size() < 256) // escaped characters count against the cap too
                    m_key += c;
                m_escape = false;
            } else if (c == '\\') {
                m_escape = true;
            } else if (c == '"') {
                m_state = State::ExpectColon;
            } else if (m_key.size() < 256) {
                m_key += c;
            }
            ++i;
            continue;

        case State::ExpectColon:
            if (c == ':')
                m_state = State::ExpectValue;
            else if (!isJsonSpace(c))
                return syntaxError(QStringLiteral("expected ':' after key \"%1\"").arg(quotedText(std::string_view(m_key))));
            ++i;
            continue;

        case State::ExpectValue:
            if (isJsonSpace(c)) {
                ++i;
                continue;
            }
            if (m_key == "traceEvents" && c == '[') {
                m_sawEventsArray = true;
                m_state = State::InEvents;
                ++i;
                continue;
            }
            beginCapture(i);
            m_scalarValue = !(c == '{' || c == '[' || c == '"');
            m_state = State::InValue;
            if (m_scalarValue) {
                ++i;
                continue;
            }
            [[fallthrough]];
        case State::InValue: {
            if (m_scalarValue) {
                if (c == ',' || c == '}' || isJsonSpace(c)) {
                    m_sink.topLevelValue(m_key, endCapture(data, i));
                    m_state = State::AfterValue;
                    continue; // the delimiter belongs to the object
                }
                ++i;
                continue;
            }
            const Walk walk = walkStructure(data, size, i);
            if (walk == Walk::Error)
                return false;
            if (walk == Walk::Closed) {
                m_sink.topLevelValue(m_key, endCapture(data, i));
                m_state = State::AfterValue;
            }
            continue;
        }

        case State::AfterValue:
            if (c == ',')
                m_state = State::ExpectKey;
            else if (c == '}')
                m_state = State::Done;
            else if (!isJsonSpace(c))
                return syntaxError(QStringLiteral("expected ',' or '}' after the value of \"%1\" but found %2")
                        .arg(quotedText(std::string_view(m_key)), describe(c)));
            ++i;
            continue;

        case State::InEvents:
            if (isJsonSpace(c) || c == ',') {
                ++i;
                continue;
            }
            if (c == ']') {
                m_state = m_rootIsArray ? State::Done : State::AfterValue;
                ++i;
                continue;
            }
            if (c == '}')
                return syntaxError(QStringLiteral("mismatched '}' in the events array"));
            beginCapture(i);
            m_scalarValue = !(c == '{' || c == '[' || c == '"');
            m_elementIsObject = c == '{';
            m_state = State::InElement;
            if (m_scalarValue) {
                ++i;
                continue;
            }
            [[fallthrough]];
        case State::InElement: {
            if (m_scalarValue) {
                if (c == ',' || c == ']' || isJsonSpace(c)) {
                    endCapture(data, i);
                    m_sink.skippedElement(m_valueOffset, QStringLiteral("element of traceEvents is not an object"));
                    m_state = State::InEvents;
                    continue;
                }
                ++i;
                continue;
            }
            const Walk walk = walkStructure(data, size, i);
            if (walk == Walk::Error)
                return false;
            if (walk == Walk::Closed) {
                const bool isObject = m_elementIsObject;
                const bool tooBig = m_captureTooBig;
                const std::string_view json = endCapture(data, i);
                if (tooBig || m_captureTooBig)
                    m_sink.skippedElement(m_valueOffset, QStringLiteral("event larger than %1 MiB").arg(maxEventBytes >> 20));
                else if (!isObject)
                    m_sink.skippedElement(m_valueOffset, QStringLiteral("element of traceEvents is not an object"));
                else {
                    ++m_eventCount;
                    m_sink.event(json, m_valueOffset);
                }
                m_state = State::InEvents;
            }
            continue;
        }

        case State::Done:
            if (!isJsonSpace(c) && c != '\0') {
                // Trailing bytes after a complete document do not spoil it.
                i = size;
                continue;
            }
            ++i;
            continue;
        }
    }
    if (m_capturing) {
        appendPending(data, size);
        m_captureStart = 0;
    }
    m_chunkOffset += std::int64_t(size);
    return true;
}

bool JsonEventScanner::finish()
{
    if (!m_error.isEmpty())
        return false;
    m_errorOffset = m_chunkOffset;
    switch (m_state) {
    case State::Start:
        return fail(m_chunkOffset == 0 ? QStringLiteral("the file is empty") : QStringLiteral("the file holds only whitespace"));
    case State::Done:
        m_errorOffset = -1;
        if (!m_sawEventsArray)
            return fail(QStringLiteral("no traceEvents array: not a Chrome trace"));
        return true;
    case State::InEvents:
    case State::InElement:
        return fail(QStringLiteral("unexpected end of data inside traceEvents at byte %1 after %2 events: the file is truncated")
                .arg(m_chunkOffset)
                .arg(m_eventCount));
    default:
        return fail(QStringLiteral("unexpected end of data at byte %1: the file is truncated").arg(m_chunkOffset));
    }
}

} // namespace Ridgeline
