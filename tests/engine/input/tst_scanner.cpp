// JsonEventScanner: the same events, top-level values and skipped elements,
// at the same byte offsets, however the stream is cut into chunks.
#include "engine/input/jsoneventscanner.h"

#include <gtest/gtest.h>
#include <string>
#include <tuple>
#include <vector>

using namespace Ridgeline;

namespace {

struct Recorder final : JsonEventScanner::Sink
{
    std::vector<std::pair<std::string, std::int64_t>> events;
    std::vector<std::pair<std::string, std::string>> topLevel;
    std::vector<std::pair<std::int64_t, QString>> skipped;

    void event(std::string_view json, std::int64_t offset) override { events.emplace_back(std::string(json), offset); }
    void topLevelValue(std::string_view key, std::string_view json) override { topLevel.emplace_back(std::string(key), std::string(json)); }
    void skippedElement(std::int64_t offset, const QString& why) override { skipped.emplace_back(offset, why); }
};

struct Scan
{
    Recorder sink;
    bool fed = true;
    bool finished = false;
    QString error;
    std::int64_t errorOffset = -1;
    std::int64_t eventCount = 0;
    bool sawEventsArray = false;
};

// Feeds `text` in chunks of `chunk` bytes (0: all at once), then finishes.
void scan(const std::string& text, size_t chunk, Scan& out)
{
    JsonEventScanner scanner(out.sink);
    const size_t step = chunk == 0 ? std::max<size_t>(text.size(), 1) : chunk;
    for (size_t at = 0; at < text.size() && out.fed; at += step)
        out.fed = scanner.feed(text.data() + at, std::min(step, text.size() - at));
    out.finished = out.fed && scanner.finish();
    out.error = scanner.error();
    out.errorOffset = scanner.errorOffset();
    out.eventCount = scanner.eventCount();
    out.sawEventsArray = scanner.sawEventsArray();
}

// Strings holding braces, brackets, escaped quotes and an escaped backslash
// right before the closing quote; keys before and after traceEvents; three
// elements that are not objects.
const std::string eventA = R"({"name": "a{[\"}]\"", "ph": "X", "args": {"s": "]}\\"}})";
const std::string eventB = R"({"name":"b","args":{"list":[[1,2],[3]],"q":"\"{"}})";
const std::string eventC = R"({"cat": "kernel", "name": "c\\\"]"})";
const std::string document = std::string(R"({"schemaVersion": 1, "deviceProperties": [{"id": 0, "name": "GPU {x]"}],)")
    + "\n  \"traceEvents\": [\n    " + eventA + ",\n    42,\n    " + eventB + ", \"str}\", [1, {\"x\": 2}],\n    " + eventC
    + "\n  ],\n  \"after\": {\"k\": [1, \"}\"]}, \"flag\": true\n}\n";

size_t offsetOf(const std::string& needle)
{
    const size_t at = document.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    return at;
}

class ScannerChunks : public ::testing::TestWithParam<size_t>
{
};

TEST_P(ScannerChunks, SameEventsAndOffsetsForEveryChunkSize)
{
    Scan result;
    scan(document, GetParam(), result);
    ASSERT_TRUE(result.finished) << result.error.toStdString();
    EXPECT_TRUE(result.sawEventsArray);

    // Three objects in the array, each verbatim and at its first byte.
    ASSERT_EQ(result.sink.events.size(), 3u);
    EXPECT_EQ(result.eventCount, 3);
    EXPECT_EQ(result.sink.events[0], std::make_pair(eventA, std::int64_t(offsetOf(eventA))));
    EXPECT_EQ(result.sink.events[1], std::make_pair(eventB, std::int64_t(offsetOf(eventB))));
    EXPECT_EQ(result.sink.events[2], std::make_pair(eventC, std::int64_t(offsetOf(eventC))));

    // 42, "str}" and [1, {...}] are not objects: skipped at their offsets.
    ASSERT_EQ(result.sink.skipped.size(), 3u);
    EXPECT_EQ(result.sink.skipped[0].first, std::int64_t(offsetOf(",\n    42,") + 6));
    EXPECT_EQ(result.sink.skipped[1].first, std::int64_t(offsetOf("\"str}\"")));
    EXPECT_EQ(result.sink.skipped[2].first, std::int64_t(offsetOf("[1, {\"x\"")));
    for (const auto& [offset, why] : result.sink.skipped)
        EXPECT_TRUE(why.contains(u"not an object")) << why.toStdString();

    // Top-level keys before and after traceEvents, values verbatim.
    const std::vector<std::pair<std::string, std::string>> expectedTop {
        { "schemaVersion", "1" },
        { "deviceProperties", R"([{"id": 0, "name": "GPU {x]"}])" },
        { "after", R"({"k": [1, "}"]})" },
        { "flag", "true" },
    };
    EXPECT_EQ(result.sink.topLevel, expectedTop);
}

INSTANTIATE_TEST_SUITE_P(Scanner, ScannerChunks, ::testing::Values(size_t(1), size_t(2), size_t(3), size_t(7), size_t(64), size_t(0)),
    [](const ::testing::TestParamInfo<size_t>& chunk) {
        return chunk.param == 0 ? std::string("Whole") : "Bytes" + std::to_string(chunk.param);
    });

TEST(Scanner, BareTopLevelArray)
{
    const std::string text = "\xEF\xBB\xBF [ {\"a\": \"]\"} ,{\"b\": [2]}, 3 ]  ";
    for (size_t chunk : { size_t(1), size_t(0) }) {
        Scan result;
        scan(text, chunk, result);
        ASSERT_TRUE(result.finished) << result.error.toStdString();
        EXPECT_TRUE(result.sawEventsArray);
        ASSERT_EQ(result.sink.events.size(), 2u);
        EXPECT_EQ(result.sink.events[0].first, R"({"a": "]"})");
        EXPECT_EQ(result.sink.events[0].second, 6); // 3 BOM bytes, ' ', '[', ' '
        EXPECT_EQ(result.sink.events[1].first, R"({"b": [2]})");
        EXPECT_EQ(result.sink.events[1].second, std::int64_t(text.find("{\"b\"")));
        EXPECT_TRUE(result.sink.topLevel.empty());
        ASSERT_EQ(result.sink.skipped.size(), 1u); // the bare 3
        EXPECT_EQ(result.sink.skipped[0].first, std::int64_t(text.find("3 ]")));
    }
}

TEST(Scanner, TruncatedInputFailsOnFinish)
{
    // Cut inside an event, between events, inside a key before the array
    // and inside a value after it: never complete, always "truncated".
    const std::vector<std::pair<size_t, int>> cuts {
        { offsetOf(eventB) + 10, 1 }, // inside eventB: only eventA complete
        { offsetOf(eventC), 2 }, // just before eventC
        { 5, 0 }, // inside "schemaVersion"
        { offsetOf("\"after\"") + 12, 3 }, // inside the value of "after"
        { document.rfind('}'), 3 }, // the closing brace is missing
    };
    for (const auto& [cut, complete] : cuts) {
        for (size_t chunk : { size_t(1), size_t(7), size_t(0) }) {
            Scan result;
            scan(document.substr(0, cut), chunk, result);
            EXPECT_TRUE(result.fed);
            EXPECT_FALSE(result.finished) << "cut at " << cut;
            EXPECT_TRUE(result.error.contains(u"truncated")) << result.error.toStdString();
            EXPECT_EQ(result.eventCount, complete) << "cut at " << cut;
            EXPECT_EQ(result.sink.events.size(), size_t(complete));
        }
    }
}

TEST(Scanner, LeadingGarbageIsNotJson)
{
    for (size_t chunk : { size_t(1), size_t(0) }) {
        Scan result;
        scan("  Hello {\"traceEvents\": []}", chunk, result);
        EXPECT_FALSE(result.fed);
        EXPECT_FALSE(result.finished);
        EXPECT_TRUE(result.error.contains(u"not JSON")) << result.error.toStdString();
        EXPECT_TRUE(result.error.contains(u"'H'")) << result.error.toStdString();
        EXPECT_EQ(result.errorOffset, 2); // two spaces, then 'H'
        EXPECT_TRUE(result.sink.events.empty());
    }
}

TEST(Scanner, EmptyWhitespaceAndMissingArray)
{
    const std::vector<std::tuple<std::string, const char16_t*>> cases {
        { "", u"empty" },
        { " \n\t ", u"only whitespace" },
        { R"({"schemaVersion": 1, "traceEvents": {"a": 1}})", u"no traceEvents array" },
    };
    for (const auto& [text, problem] : cases) {
        Scan result;
        scan(text, 0, result);
        EXPECT_FALSE(result.finished) << text;
        EXPECT_TRUE(result.error.contains(QStringView(problem))) << result.error.toStdString();
        EXPECT_FALSE(result.sawEventsArray);
    }
}

TEST(Scanner, MismatchedBracketIsASyntaxError)
{
    // The ']' closes a '{' inside the second event: a syntax error at its byte.
    const std::string text = R"({"traceEvents": [{"a": 1}, {"b": 2]]})";
    Scan result;
    scan(text, 3, result);
    EXPECT_FALSE(result.fed);
    EXPECT_TRUE(result.error.contains(u"mismatched ']'")) << result.error.toStdString();
    EXPECT_EQ(result.errorOffset, std::int64_t(text.find("2]") + 1));
    EXPECT_EQ(result.sink.events.size(), 1u);
}

TEST(Scanner, TrailingBytesAfterTheDocumentAreIgnored)
{
    Scan result;
    scan(std::string(R"({"traceEvents": [{"a": 1}]})") + std::string("\n\0garbage", 9), 2, result);
    EXPECT_TRUE(result.finished) << result.error.toStdString();
    EXPECT_EQ(result.eventCount, 1);
}

} // namespace
