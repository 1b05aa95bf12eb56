#include "engine/input/intlistparser.h"

#include <charconv>

namespace Ridgeline {
namespace {

class Cursor
{
public:
    explicit Cursor(std::string_view text)
        : m_text(text)
    {
    }

    void skipSpace()
    {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\n' || m_text[m_pos] == '\r' || m_text[m_pos] == '\t'))
            ++m_pos;
    }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return atEnd() ? '\0' : m_text[m_pos]; }
    bool take(char c)
    {
        skipSpace();
        if (peek() != c)
            return false;
        ++m_pos;
        return true;
    }

    // Skips any JSON value; false on broken syntax.
    bool skipValue()
    {
        skipSpace();
        const char c = peek();
        if (c == '"') {
            ++m_pos;
            while (!atEnd() && m_text[m_pos] != '"')
                m_pos += m_text[m_pos] == '\\' ? 2 : 1;
            if (atEnd())
                return false;
            ++m_pos;
            return true;
        }
        if (c == '[' || c == '{') {
            const char close = c == '[' ? ']' : '}';
            ++m_pos;
            if (take(close))
                return true;
            do {
                if (c == '{' && (!skipValue() || !take(':')))
                    return false;
                if (!skipValue())
                    return false;
            } while (take(','));
            return take(close);
        }
        const size_t start = m_pos;
        while (!atEnd() && m_text[m_pos] != ',' && m_text[m_pos] != ']' && m_text[m_pos] != '}' && m_text[m_pos] != ' ')
            ++m_pos;
        return m_pos > start;
    }

    // An integer token; false (and the token skipped) when it is not one
    // or does not fit.
    bool integer(std::int64_t* value, bool* syntaxOk)
    {
        skipSpace();
        const size_t start = m_pos;
        *syntaxOk = skipValue();
        if (!*syntaxOk)
            return false;
        const std::string_view token = m_text.substr(start, m_pos - start);
        const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), *value);
        return error == std::errc() && end == token.data() + token.size();
    }

private:
    std::string_view m_text;
    size_t m_pos = 0;
};

} // namespace

std::optional<std::vector<std::optional<IntList>>> parseIntListList(std::string_view json)
{
    Cursor cursor(json);
    if (!cursor.take('['))
        return std::nullopt;
    std::vector<std::optional<IntList>> entries;
    if (cursor.take(']'))
        return entries;
    do {
        cursor.skipSpace();
        if (cursor.peek() != '[') {
            if (!cursor.skipValue())
                return std::nullopt;
            entries.emplace_back(std::nullopt);
            continue;
        }
        cursor.take('[');
        IntList values;
        bool valid = true;
        if (!cursor.take(']')) {
            do {
                std::int64_t value = 0;
                bool syntaxOk = true;
                if (!cursor.integer(&value, &syntaxOk))
                    valid = false;
                if (!syntaxOk)
                    return std::nullopt;
                values.push_back(value);
            } while (cursor.take(','));
            if (!cursor.take(']'))
                return std::nullopt;
        }
        entries.emplace_back(valid ? std::optional<IntList>(std::move(values)) : std::nullopt);
    } while (cursor.take(','));
    if (!cursor.take(']'))
        return std::nullopt;
    return entries;
}

} // namespace Ridgeline
