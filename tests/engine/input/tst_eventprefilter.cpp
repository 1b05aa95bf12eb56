// The reader's prefilter (input/prefilter/): which events are worth a full
// decode, read straight from their text. A python_function frame is kept
// when its dur is at least HostSpans::minFrameUs; its dur is found ahead of
// the field-by-field reading, and that shortcut must answer as the JSON
// says in every form a number can take, and never from a nested or escaped
// "dur". Anything uncertain is kept (the full decode decides).
#include "engine/input/prefilter/eventprefilter.h"
#include "engine/input/records/hostspans.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

std::string frame(const std::string& dur, const std::string& name = "torch/nn/modules/module.py(1750): _call_impl")
{
    return R"({"ph": "X", "cat": "python_function", "name": ")" + name + R"(", "pid": 416, "tid": 0, "ts": 2915995397141.758, "dur": )"
        + dur + R"(, "args": {"Python parent id": 3, "Python id": 4, "Ev Idx": 5}})";
}

} // namespace

TEST(EventPrefilter, FrameKeptFromTenMicroseconds)
{
    EXPECT_FALSE(mayBeUsed(frame("9.999")));
    EXPECT_TRUE(mayBeUsed(frame("10")));
    EXPECT_TRUE(mayBeUsed(frame("10.000")));
    EXPECT_TRUE(mayBeUsed(frame("1195736.277")));
    EXPECT_FALSE(mayBeUsed(frame("0")));
    EXPECT_FALSE(mayBeUsed(frame("0.5")));
    EXPECT_FALSE(mayBeUsed(frame("-20")));
    // Other forms of a number are parsed, not told by their digits.
    EXPECT_TRUE(mayBeUsed(frame("1.5e1")));
    EXPECT_FALSE(mayBeUsed(frame("9E0")));
    EXPECT_FALSE(mayBeUsed(frame("1e-3")));
}

TEST(EventPrefilter, UncertainFramesAreKept)
{
    // No dur, a dur that is no number, or one after a nested value: the
    // full decode decides.
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "python_function", "name": "f", "ts": 1})"));
    EXPECT_TRUE(mayBeUsed(frame(R"("5")")));
    EXPECT_TRUE(mayBeUsed(frame("null")));
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "python_function", "args": {"x": 1}, "dur": 2})"));
}

TEST(EventPrefilter, OnlyTheEventsOwnDurCounts)
{
    // A dur inside args before the event's own is not the frame's.
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "python_function", "args": {"dur": 2}, "dur": 50})"));
    // An escaped "dur" in the name is text.
    EXPECT_FALSE(mayBeUsed(frame("5", R"(f(\"dur\": 50))")));
    EXPECT_TRUE(mayBeUsed(frame("50", R"(f(\"dur\": 5))")));
    // A key that merely ends in dur is another key.
    EXPECT_FALSE(mayBeUsed(R"({"cat": "python_function", "name": "f", "xdur": 50, "dur": 5})"));
    // The dur right after the cat, and a dur written with spaces.
    EXPECT_TRUE(mayBeUsed(R"({"cat": "python_function", "dur": 12, "name": "f"})"));
    EXPECT_FALSE(mayBeUsed(R"({"cat": "python_function", "dur": 3, "name": "f"})"));
    EXPECT_TRUE(mayBeUsed(R"({"cat": "python_function", "name": "f", "dur"  :  25.5 , "ts": 1})"));
    EXPECT_FALSE(mayBeUsed(R"({"cat": "python_function", "name": "f", "dur"  :  2.5 })"));
}

TEST(EventPrefilter, FrameDecisionMatchesTheParsedDurOnRandomForms)
{
    // Durations around the threshold in many written forms, against the
    // parsed value (Qt's JSON parser): the shortcut and the parse agree.
    QRandomGenerator random(35);
    const char* formats[] = { "%.0f", "%.3f", "%.1f", "%g", "%e", "%.6E" };
    for (int i = 0; i < 5000; ++i) {
        const double dur = random.bounded(30.0) * (random.bounded(8) == 0 ? 1e4 : 1.0) - (random.bounded(20) == 0 ? 15.0 : 0.0);
        char text[64];
        std::snprintf(text, sizeof text, formats[random.bounded(int(std::size(formats)))], dur);
        const std::string json = frame(text);
        const QJsonObject parsed = QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
        ASSERT_TRUE(parsed.contains(u"dur")) << json;
        EXPECT_EQ(mayBeUsed(json), parsed[u"dur"].toDouble() >= HostSpans::minFrameUs) << json;
    }
}

TEST(EventPrefilter, RuntimeCallsAndFlowsAsBefore)
{
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "cuda_runtime", "name": "hipDeviceSynchronize", "ts": 1, "dur": 3})"));
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "cuda_runtime", "name": "hipMemcpyWithStream", "ts": 1, "dur": 3})"));
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "cuda_runtime", "name": "hipModuleLaunchKernel", "ts": 1, "dur": 3})"));
    EXPECT_FALSE(mayBeUsed(R"({"ph": "X", "cat": "cuda_runtime", "name": "hipGetDevicePropertiesR0600", "ts": 1, "dur": 3})"));
    EXPECT_TRUE(mayBeUsed(R"({"ph": "f", "id": 3, "cat": "ac2g", "name": "ac2g"})"));
    EXPECT_FALSE(mayBeUsed(R"({"ph": "t", "id": 3, "cat": "ac2g", "name": "ac2g"})"));
    EXPECT_TRUE(mayBeUsed(R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "ts": 1, "dur": 3})"));
    EXPECT_FALSE(mayBeUsed(R"({"ph": "X", "cat": "Trace", "name": "x"})"));
}

TEST(EventPrefilter, PlainFrameReadsAFramesOwnFields)
{
    // The fields are views into the event's text: it must outlive them.
    const std::string event = frame("12.5");
    const auto read = plainFrame(event);
    ASSERT_TRUE(read);
    EXPECT_EQ(read->ph, "X");
    EXPECT_EQ(read->name, "torch/nn/modules/module.py(1750): _call_impl");
    EXPECT_EQ(read->pid, "416");
    EXPECT_EQ(read->tid, "0");
    EXPECT_DOUBLE_EQ(read->ts, 2915995397141.758);
    EXPECT_DOUBLE_EQ(read->dur, 12.5);
    // A pid written as a string keeps its quotes, as the full decode's token does.
    const auto quoted = plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "pid": "416", "tid": "7", "ts": 1, "dur": 20})");
    ASSERT_TRUE(quoted);
    EXPECT_EQ(quoted->pid, "\"416\"");
    EXPECT_EQ(quoted->tid, "\"7\"");
}

TEST(EventPrefilter, PlainFrameLeavesAnyDoubtToTheFullDecode)
{
    // An escaped name, a ts written as a string, a missing tid, a key twice,
    // a field after args, another category: all decoded in full.
    EXPECT_FALSE(plainFrame(frame("12", R"(f(\"x\"))")));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "pid": 1, "tid": 1, "ts": "5", "dur": 20})"));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "pid": 1, "ts": 5, "dur": 20})"));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "name": "g", "pid": 1, "tid": 1, "ts": 5, "dur": 20})"));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "pid": 1, "tid": 1, "args": {}, "ts": 5, "dur": 20})"));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "python_function", "name": "f", "pid": 1, "tid": 1, "ts": 5, "dur": 1e999})"));
    EXPECT_FALSE(plainFrame(R"({"ph": "X", "cat": "cpu_op", "name": "aten::mm", "pid": 1, "tid": 1, "ts": 5, "dur": 20})"));
}
