#include "engine/input/jsoneventscanner.h"

#include "engine/base/quotedtext.h"

namespace Ridgeline {
namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

QString describe(char c)
{
    if (c >= 0x20 && c < 0x7f)
        return QStringLiteral("'%1'").arg(QLatin1Char(c));
    return QStringLiteral("byte 0x%1").arg(uchar(c), 2, 16, QLatin1Char('0'));
}

} // namespace

JsonEventScanner::JsonEventScanner(Sink& sink)
    : m_sink(sink)
{
}

bool JsonEventScanner::fail(const QString& message)
{
    m_error = message;
    return false;
}

void JsonEventScanner::beginCapture(size_t position)
{
    m_capturing = true;
    m_captureTooBig = false;
    m_capture.clear();
    m_captureStart = position;
    m_valueOffset = m_chunkOffset + std::int64_t(position);
}

void JsonEventScanner::appendPending(const char* data, size_t end)
{
    if (m_captureTooBig)
        return;
    if (m_capture.size() + (end - m_captureStart) > maxEventBytes) {
        m_captureTooBig = true;
        m_capture = std::string(); // release the memory now
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

    // Advances through a string or bracket structure; true when the
    // structure that began the value or element has closed at data[i].
    auto structural = [&](char c, bool* closed) -> bool {
        *closed = false;
        if (m_inString) {
            if (m_escape)
                m_escape = false;
            else if (c == '\\')
                m_escape = true;
            else if (c == '"') {
                m_inString = false;
                *closed = m_brackets.empty();
            }
            return true;
        }
        switch (c) {
        case '"': m_inString = true; break;
        case '{':
        case '[': m_brackets.push_back(c); break;
        case '}':
        case ']':
            if (m_brackets.empty() || m_brackets.back() != (c == '}' ? '{' : '['))
                return syntaxError(QStringLiteral("mismatched '%1'").arg(QLatin1Char(c)));
            m_brackets.pop_back();
            *closed = m_brackets.empty();
            break;
        default: break;
        }
        return true;
    };

    while (i < size) {
        const char c = data[i];
        switch (m_state) {
        case State::Start:
            if (isSpace(c) || (m_chunkOffset + std::int64_t(i) < 3 && uchar(c) >= 0xBB)) { // UTF-8 BOM
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
            } else if (!isSpace(c)) {
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
            else if (!isSpace(c))
                return syntaxError(QStringLiteral("expected ':' after key \"%1\"").arg(quotedText(std::string_view(m_key))));
            ++i;
            continue;

        case State::ExpectValue:
            if (isSpace(c)) {
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
            m_brackets.clear();
            m_inString = false;
            m_escape = false;
            m_scalarValue = !(c == '{' || c == '[' || c == '"');
            m_state = State::InValue;
            if (m_scalarValue) {
                ++i;
                continue;
            }
            [[fallthrough]];
        case State::InValue: {
            if (m_scalarValue) {
                if (c == ',' || c == '}' || isSpace(c)) {
                    m_sink.topLevelValue(m_key, endCapture(data, i));
                    m_state = State::AfterValue;
                    continue; // the delimiter belongs to the object
                }
                ++i;
                continue;
            }
            bool closed = false;
            if (!structural(c, &closed))
                return false;
            ++i;
            if (closed) {
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
            else if (!isSpace(c))
                return syntaxError(QStringLiteral("expected ',' or '}' after the value of \"%1\" but found %2")
                                       .arg(quotedText(std::string_view(m_key)), describe(c)));
            ++i;
            continue;

        case State::InEvents:
            if (isSpace(c) || c == ',') {
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
            m_brackets.clear();
            m_inString = false;
            m_escape = false;
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
                if (c == ',' || c == ']' || isSpace(c)) {
                    endCapture(data, i);
                    m_sink.skippedElement(m_valueOffset, QStringLiteral("element of traceEvents is not an object"));
                    m_state = State::InEvents;
                    continue;
                }
                ++i;
                continue;
            }
            // Fast path: skip ordinary string bytes in bulk.
            if (m_inString && !m_escape) {
                while (i < size && data[i] != '"' && data[i] != '\\')
                    ++i;
                if (i == size)
                    continue;
            }
            bool closed = false;
            if (!structural(data[i], &closed))
                return false;
            ++i;
            if (closed) {
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
            if (!isSpace(c) && c != '\0') {
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
