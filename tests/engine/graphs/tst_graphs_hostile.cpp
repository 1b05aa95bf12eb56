// Issue 22 (and 30): hostile capture traces and graph replays, one row per class of
// failure found: each row generates its input here (nothing big is
// committed), runs the stage and states the outcome: matches, messages and
// their length, never time. Rows of hostile *scale* skip under ASan; their
// small twins run there.
#include "engine/graphs/capturewindow.h"
#include "engine/graphs/executiondetails.h"
#include "engine/graphs/graphmatcher.h"
#include "engine/graphs/graphnodelabels.h"
#include "engine/graphs/libraryreplay/replayalignment.h"
#include "engine/input/tracereader.h"
#include "engine/linking/kernellinker.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <algorithm>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

constexpr qsizetype maxMessageChars = 1000;

// What a row ends with. `detail` is the row's own figure, said in its row.
struct Outcome
{
    int matched = 0; // graph launches attributed to a capture
    int unattributed = 0; // graph launches not (unmatched or ambiguous)
    int detail = 0;
    QString message; // the message the row is about ("" when none is)
    int messages = 0; // how many messages of that kind were made
    qsizetype longest = 0; // the longest message of any kind
};

struct Expected
{
    int matched;
    int unattributed;
    int detail;
    const char* message; // contained in Outcome::message
    int messages;
};

struct Row
{
    const char* name;
    bool big; // skipped under ASan
    int size;
    Outcome (*run)(int size);
    Expected expected;
};

// --- The graph matcher alone, on windows and replays made here ---

GraphNode node(std::uint32_t label, std::uint64_t geometry, bool triton)
{
    GraphNode n;
    n.label = label;
    n.geometry = geometry;
    n.triton = triton;
    return n;
}

Outcome tally(GraphMatcher& matcher, const std::vector<ReplayedGraph>& replays, const std::vector<int>& expectedWindow = {})
{
    Outcome outcome;
    for (size_t r = 0; r < replays.size(); ++r) {
        const GraphMatch match = matcher.match(replays[r]);
        if (match.status == GraphMatchStatus::Matched) {
            ++outcome.matched;
            if (!expectedWindow.empty() && match.window != expectedWindow[r])
                outcome.message = QStringLiteral("replay %1 matched window %2").arg(r).arg(match.window);
        } else if (match.status == GraphMatchStatus::Unmatched || match.status == GraphMatchStatus::Ambiguous) {
            ++outcome.unattributed;
        }
    }
    return outcome;
}

// `size` identical windows [triton 10 grid 1000, memcpy, triton 11 grid 7];
// `size` replays of the same kernels, replay i with grid 1000 + i: replay 0
// is the windows' graph, the others are in no window.
// detail: windows equivalent to replay 0's match, plus the others' grid-rejected windows.
Outcome identicalWindowsReplaysInOtherGrids(int size)
{
    std::vector<CaptureWindow> windows(static_cast<size_t>(size));
    for (CaptureWindow& window : windows) {
        window.nodes = { node(10, 1000, true), node(GraphNodeLabels::memcpy, 0, false), node(11, 7, true) };
        window.opsSignature = 42;
    }
    std::vector<ReplayedGraph> replays(static_cast<size_t>(size));
    for (int i = 0; i < size; ++i)
        replays[size_t(i)].nodes = { node(10, 1000 + std::uint64_t(i), true), node(GraphNodeLabels::memcpy, 0, false), node(11, 7, true) };
    GraphMatcher matcher(windows);
    Outcome outcome = tally(matcher, replays);
    outcome.detail = matcher.match(replays[0]).equivalentWindows + matcher.match(replays[1]).geometryRejected;
    outcome.messages = matcher.classCount();
    return outcome;
}

// `size` windows of one Triton pair without grids around 2,000 other
// labels each, window w differing by one label; 20 replays, replay r being
// window r. Past 64 windows none is compared (too many to compare); below,
// the cell budget makes the match count labels, and each replay still finds
// its own window. detail: replays whose unattributed reason is "too many".
Outcome longOtherSegments(int size)
{
    constexpr int segment = 2000;
    std::vector<CaptureWindow> windows(static_cast<size_t>(size));
    for (int w = 0; w < size; ++w) {
        CaptureWindow& window = windows[size_t(w)];
        window.nodes.push_back(node(10, 0, true));
        for (int k = 0; k < segment; ++k)
            window.nodes.push_back(node(k == segment / 2 ? 100000 + std::uint32_t(w) : 1000 + std::uint32_t(k % 97), 0, false));
        window.nodes.push_back(node(11, 0, true));
        window.opsSignature = std::uint64_t(w);
    }
    std::vector<ReplayedGraph> replays(20);
    std::vector<int> expectedWindow;
    for (int r = 0; r < 20; ++r) {
        replays[size_t(r)].nodes = windows[size_t(r)].nodes;
        expectedWindow.push_back(r);
    }
    GraphMatcher matcher(windows);
    Outcome outcome = tally(matcher, replays, expectedWindow);
    for (const ReplayedGraph& replay : replays)
        outcome.detail += matcher.match(replay).tooManyCandidates > 0 ? 1 : 0;
    return outcome;
}

// Issue 30: a graph of `size` library kernels only (seven names over and
// over) and its replay with a memcpy after every 100th kernel, beside
// another graph of library kernels only. The matcher finds the window by
// label counts (past its budget); the alignment, greedy past its own
// budget, pairs every kernel with its own captured node, never shifted by
// the repeated names. detail: replayed kernels paired with their own node;
// messages: alignments that went greedy.
Outcome longLibraryOnlyGraph(int size)
{
    std::vector<CaptureWindow> windows(2);
    for (int k = 0; k < size; ++k)
        windows[0].nodes.push_back(node(1000 + std::uint32_t(k % 7), 0, false));
    windows[1].nodes = { node(5, 0, false) };
    ReplayedGraph replay;
    std::vector<std::int32_t> expected; // per replayed node: its captured node
    for (int k = 0; k < size; ++k) {
        replay.nodes.push_back(windows[0].nodes[size_t(k)]);
        expected.push_back(k);
        if (k % 100 == 50) {
            replay.nodes.push_back(node(GraphNodeLabels::memcpy, 0, false));
            expected.push_back(-1);
        }
    }
    GraphMatcher matcher(windows);
    Outcome outcome = tally(matcher, { replay }, { 0 });
    const ReplayAlignment aligned = alignReplay(windows[0].nodes, replay.nodes);
    for (size_t r = 0; r < expected.size(); ++r)
        outcome.detail += expected[r] >= 0 && aligned.windowNode[r] == expected[r] ? 1 : 0;
    outcome.messages = aligned.exact ? 0 : 1;
    return outcome;
}

// Issue 30: `size` graphs of library kernels only (an SGLang capture per
// batch size: [its GEMM, norm, add]), each replayed once, and one replay
// with the GEMM's norm dropped. The exact ones find their own window by
// hash among any number; the other is compared with every window only
// while there are at most 64, else refused. detail: replays refused as
// having too many candidates.
Outcome manyLibraryOnlyWindows(int size)
{
    std::vector<CaptureWindow> windows(static_cast<size_t>(size));
    std::vector<ReplayedGraph> replays(static_cast<size_t>(size) + 1);
    std::vector<int> expectedWindow;
    for (int w = 0; w < size; ++w) {
        windows[size_t(w)].nodes = { node(1000 + std::uint32_t(w), 0, false), node(900, 0, false), node(901, 0, false) };
        replays[size_t(w)].nodes = windows[size_t(w)].nodes;
        expectedWindow.push_back(w);
    }
    replays.back().nodes = { node(1000, 0, false), node(901, 0, false) };
    expectedWindow.push_back(0);
    GraphMatcher matcher(windows);
    Outcome outcome = tally(matcher, replays, expectedWindow);
    outcome.detail = matcher.match(replays.back()).tooManyCandidates > 0 ? 1 : 0;
    return outcome;
}

// --- Whole analyses of generated trace files ---

AnalysisOutcome analyzeWith(const QString& path, const QStringList& captures)
{
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.read.captureTraces = captures;
    return analyzeTrace(path, options, {});
}

// The messages an analysis shows, each once: the warnings (the graphs' and
// the captures' among them) and the reasons.
QStringList shownMessages(const AnalysisResult& result)
{
    QStringList messages = result.warnings;
    for (const KernelRow& row : result.rows)
        messages << row.model->reason;
    for (const MergedGraphLaunch& launch : result.graphs.launches)
        messages << launch.reason;
    for (auto it = result.graphs.unattributed.cbegin(); it != result.graphs.unattributed.cend(); ++it)
        messages << it.key();
    return messages;
}

Outcome outcomeOf(const AnalysisOutcome& analysis, const QString& aboutText)
{
    Outcome outcome;
    if (analysis.status != AnalysisOutcome::Status::Ok) {
        outcome.message = QStringLiteral("analysis failed: ") + analysis.error;
        return outcome;
    }
    const AnalysisResult& result = *analysis.result;
    outcome.matched = result.graphs.matchedLaunches;
    outcome.unattributed = result.graphs.unmatchedLaunches + result.graphs.ambiguousLaunches;
    for (const QString& message : shownMessages(result)) {
        outcome.longest = std::max(outcome.longest, message.size());
        if (!aboutText.isEmpty() && message.contains(aboutText)) {
            ++outcome.messages;
            outcome.message = message;
        }
    }
    // Kept in full beside the summary's few: bounded each too.
    QStringList kept = result.graphs.warnings + result.inductorCache.warnings;
    for (const CaptureSummary& capture : result.graphs.captures)
        kept << capture.warnings;
    for (const QString& message : kept)
        outcome.longest = std::max(outcome.longest, message.size());
    return outcome;
}

const QByteArray add = "triton_poi_fused_add_0";
const QByteArray mul = "triton_poi_fused_mul_1";

// One capture of [add], and `size` replays of mul that no capture holds.
// messages: reasons in the summary's map.
Outcome manyUnmatchedLaunches(int size)
{
    QByteArrayList events;
    events << captureWindow(100, 10, { { add, poiAddArgs(1024) } });
    for (int i = 0; i < size; ++i)
        events << graphReplay(1000.0 + 200 * i, 100000 + i, { { mul, 4 } });
    TempTraces traces;
    const auto analysis = analyzeWith(traces.write(QStringLiteral("many.json"), traceJson(events.join(",\n"))), {});
    Outcome outcome = outcomeOf(analysis, QStringLiteral("no capture holds its Triton kernels in this order"));
    if (analysis.result)
        outcome.messages = int(analysis.result->graphs.unattributed.size());
    return outcome;
}

// `size` windows, each of its own Triton-named kernel launched outside any
// Triton op, each replayed once: `size` distinct reasons ("not inside a
// Triton cpu_op", naming the window). detail: keys of the summary's map.
Outcome manyDistinctReasons(int size)
{
    QByteArrayList events;
    for (int i = 0; i < size; ++i)
        events << captureWindow(100.0 + 1000 * i, 10 + 10 * i, { { "triton_poi_bare_" + QByteArray::number(i), {} } });
    for (int i = 0; i < size; ++i)
        events << graphReplay(1e6 + 200 * i, 100000 + i, { { "triton_poi_bare_" + QByteArray::number(i), 4 } });
    TempTraces traces;
    const auto analysis = analyzeWith(traces.write(QStringLiteral("bare.json"), traceJson(events.join(",\n"))), {});
    Outcome outcome = outcomeOf(analysis, QStringLiteral("other reasons"));
    if (analysis.result)
        outcome.detail = int(analysis.result->graphs.unattributed.size());
    return outcome;
}

QByteArray runtimeCall(const QByteArray& name, double ts, double dur, const QByteArray& args)
{
    return "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": 1, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3) + ", \"args\": {" + args + "}}";
}

// `size` windows of one launch each, every EndCapture claiming an hour: the
// windows keep their own launch, never the ones after them.
// detail: the nodes all windows hold; messages: windows.
Outcome windowsOfHourLongEndCaptures(int size)
{
    QByteArrayList events;
    for (int i = 0; i < size; ++i) {
        const double ts = 100.0 + 100 * i;
        const QByteArray id = QByteArray::number(3 * i + 1);
        events << runtimeCall("cudaStreamBeginCapture", ts, 2, "\"correlation\": " + id);
        events << runtimeCall(
            "cudaLaunchKernel", ts + 10, 5, "\"correlation\": " + QByteArray::number(3 * i + 2) + ", \"kernel\": \"" + add + "\"");
        events << runtimeCall("cudaStreamEndCapture", ts + 20, 3.6e9, "\"correlation\": " + QByteArray::number(3 * i + 3));
    }
    TempTraces traces;
    const TraceReadResult read = readTrace(traces.write(QStringLiteral("windows.json"), traceJson(events.join(",\n"))), {});
    Outcome outcome;
    if (read.status != TraceReadResult::Status::Ok) {
        outcome.message = read.error;
        return outcome;
    }
    GraphNodeLabels labels;
    const CaptureWindows found = findCaptureWindows(read.trace, linkKernels(read.trace).opOfLaunch, 0, labels);
    outcome.messages = int(found.windows.size());
    for (const CaptureWindow& window : found.windows)
        outcome.detail += int(window.nodes.size());
    return outcome;
}

// One capture given as itself and through a link to it: read once, one
// warning; its window explains the replay (no tie with itself).
// detail: capture traces in the summary.
Outcome theSameCaptureTwice(int)
{
    TempTraces traces;
    const QString capture = traces.write(QStringLiteral("capture.json"), traceJson(captureWindow(1000, 10, { { add, poiAddArgs(100) } })));
    const QString link = traces.path(QStringLiteral("link.json"));
    QFile::link(capture, link);
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const auto analysis = analyzeWith(replay, { capture, link, capture });
    Outcome outcome = outcomeOf(analysis, QStringLiteral("each file is read once"));
    if (analysis.result)
        outcome.detail = int(analysis.result->graphs.captures.size());
    return outcome;
}

// A folder of `size` capture files without a capture: one warning names a
// few and counts the rest. detail: the summary's warnings in all.
Outcome captureFilesWithoutCaptures(int size)
{
    TempTraces traces;
    QDir folder(traces.path(QString()));
    folder.mkpath(QStringLiteral("captures"));
    const QByteArray empty = traceJson(kernelEvent("gemm", 10, 5, 1));
    for (int i = 0; i < size; ++i) {
        QFile file(folder.filePath(QStringLiteral("captures/c%1.json").arg(i, 5, 10, QLatin1Char('0'))));
        if (file.open(QIODevice::WriteOnly))
            file.write(empty);
    }
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const auto analysis = analyzeWith(replay, { folder.filePath(QStringLiteral("captures")) });
    Outcome outcome = outcomeOf(analysis, QStringLiteral("no stream capture"));
    if (analysis.result)
        outcome.detail = int(analysis.result->warnings.size());
    return outcome;
}

// A capture folder whose execution_details.json is a FIFO (size 0) or
// `size` bytes of JSON: warned about, not read; the capture still serves.
Outcome executionDetails(int size)
{
    TempTraces traces;
    QDir folder(traces.path(QString()));
    folder.mkpath(QStringLiteral("captures"));
    const QString details = folder.filePath(QStringLiteral("captures/execution_details.json"));
    if (size == 0) {
        ::mkfifo(QFile::encodeName(details).constData(), 0600);
    } else {
        QFile file(details);
        if (file.open(QIODevice::WriteOnly))
            file.write("[" + QByteArray(size - 2, ' ') + "]");
    }
    QFile capture(folder.filePath(QStringLiteral("captures/graph_capture_rank_0.json")));
    if (capture.open(QIODevice::WriteOnly))
        capture.write(traceJson(captureWindow(1000, 10, { { add, poiAddArgs(1024) } })));
    capture.close();
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    return outcomeOf(
        analyzeWith(replay, { folder.filePath(QStringLiteral("captures")) }), QStringLiteral("execution_details.json: not read"));
}

// A capture path that is a FIFO: skipped with a warning, never read.
Outcome captureThatIsAFifo(int)
{
    TempTraces traces;
    const QString fifo = traces.path(QStringLiteral("capture.json"));
    ::mkfifo(QFile::encodeName(fifo).constData(), 0600);
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    return outcomeOf(analyzeWith(replay, { fifo }), QStringLiteral("not a regular file"));
}

const Row rows[] = {
    // detail: equivalent windows of the match + windows rejected by grid; messages: window classes.
    { "IdenticalWindowsReplaysInOtherGrids20k", true, 20000, identicalWindowsReplaysInOtherGrids, { 1, 19999, 19999 + 20000, "", 1 } },
    { "IdenticalWindowsReplaysInOtherGrids8k", true, 8000, identicalWindowsReplaysInOtherGrids, { 1, 7999, 7999 + 8000, "", 1 } },
    { "IdenticalWindowsReplaysInOtherGrids60", false, 60, identicalWindowsReplaysInOtherGrids, { 1, 59, 59 + 60, "", 1 } },
    // detail: replays refused as having too many candidate graphs.
    { "LongOtherSegments200Windows20Replays", true, 200, longOtherSegments, { 0, 20, 20, "", 0 } },
    { "LongOtherSegments40Windows20Replays", false, 40, longOtherSegments, { 20, 0, 0, "", 0 } },
    // detail: replayed library kernels paired with their own captured node; messages: greedy alignments.
    { "LibraryOnlyGraph200k", true, 200000, longLibraryOnlyGraph, { 1, 0, 200000, "", 1 } },
    { "LibraryOnlyGraph2k", false, 2000, longLibraryOnlyGraph, { 1, 0, 2000, "", 1 } },
    // detail: replays refused as having too many candidate graphs.
    { "LibraryOnlyWindows20k", true, 20000, manyLibraryOnlyWindows, { 20000, 0, 1, "", 0 } },
    { "LibraryOnlyWindows50", false, 50, manyLibraryOnlyWindows, { 51, 0, 0, "", 0 } },
    // messages: keys of the summary's unattributed map (one reason, no launch ids).
    { "UnmatchedLaunches200k", true, 200000, manyUnmatchedLaunches, { 0, 200000, 0, "no capture holds", 1 } },
    { "UnmatchedLaunches2k", false, 2000, manyUnmatchedLaunches, { 0, 2000, 0, "no capture holds", 1 } },
    // detail: keys of the unattributed map, capped (the last counts the rest); messages: texts saying "other reasons".
    { "DistinctReasons100", false, 100, manyDistinctReasons, { 100, 0, maxUnattributedReasons, "other reasons", 1 } },
    // detail: nodes in all windows; messages: windows.
    { "HourLongEndCaptures10k", true, 10000, windowsOfHourLongEndCaptures, { 0, 0, 10000, "", 10000 } },
    { "HourLongEndCaptures100", false, 100, windowsOfHourLongEndCaptures, { 0, 0, 100, "", 100 } },
    // detail: capture traces summarised; messages: warnings about the repeat.
    { "TheSameCaptureThroughALink", false, 0, theSameCaptureTwice, { 1, 0, 1, "2 capture trace paths name a file given already", 1 } },
    // detail: the analysis's warnings in all; messages: warnings saying "no stream capture".
    { "CaptureFilesWithoutCaptures5000", true, 5000, captureFilesWithoutCaptures,
        { 0, 1, 2, "4997 more capture traces had no stream capture", 1 } },
    { "CaptureFilesWithoutCaptures50", false, 50, captureFilesWithoutCaptures,
        { 0, 1, 2, "47 more capture traces had no stream capture", 1 } },
    // messages: warnings that execution_details.json was not read.
    { "ExecutionDetailsFifo", false, 0, executionDetails, { 1, 0, 0, "not read (not a regular file", 1 } },
    { "ExecutionDetailsOversized", false, 2 << 20, executionDetails, { 1, 0, 0, "not read (2097152 bytes, more than the 1048576", 1 } },
    { "CaptureFifo", false, 0, captureThatIsAFifo, { 0, 1, 0, "not read as a capture trace", 1 } },
};

class HostileGraphs : public testing::TestWithParam<Row>
{
};

} // namespace

TEST_P(HostileGraphs, EndsWithItsOutcomeInBoundedMessages)
{
    const Row& row = GetParam();
    if (row.big && builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: release build only";
    const Outcome outcome = row.run(row.size);
    const Expected& expected = row.expected;
    EXPECT_EQ(outcome.matched, expected.matched);
    EXPECT_EQ(outcome.unattributed, expected.unattributed);
    EXPECT_EQ(outcome.detail, expected.detail);
    EXPECT_EQ(outcome.messages, expected.messages);
    if (*expected.message)
        EXPECT_TRUE(outcome.message.contains(QString::fromUtf8(expected.message))) << qPrintable(outcome.message.left(500));
    else
        EXPECT_TRUE(outcome.message.isEmpty()) << qPrintable(outcome.message.left(500));
    EXPECT_LE(outcome.longest, maxMessageChars);
    EXPECT_LE(outcome.message.size(), maxMessageChars);
}

INSTANTIATE_TEST_SUITE_P(
    Issue22, HostileGraphs, testing::ValuesIn(rows), [](const testing::TestParamInfo<Row>& row) { return std::string(row.param.name); });

// The edit distance counts labels regardless of order only past the budget:
// within it, the same labels in another order differ.
TEST(GraphMatcherDistance, OrderCountsWithinTheBudgetAndNotBeyond)
{
    auto nodes = [](std::vector<std::uint32_t> labels) {
        std::vector<GraphNode> out { node(10, 0, true) };
        for (std::uint32_t label : labels)
            out.push_back(node(label, 0, false));
        return out;
    };
    const auto a = nodes({ 2, 3, 4 }), b = nodes({ 4, 3, 2 });
    EXPECT_EQ(otherNodeDifferences(a, b), 4); // LCS 1 of 3 + 3
    EXPECT_EQ(otherNodeDifferences(a, b, 8), 0); // 9 cells > 8: the same labels
    EXPECT_EQ(otherNodeDifferences(a, nodes({ 2, 3 }), 5), 1);
}

// execution_details.json from bytes: the list, entries without what is needed skipped, other shapes refused.
TEST(ExecutionDetails, ParsedFromBytes)
{
    QString error;
    const auto details
        = parseExecutionDetails(R"([{"file": "dir/a.json", "batch_size": 8, "mode": "FULL"}, {"file": "b.json"}, 3])", &error);
    ASSERT_TRUE(details);
    ASSERT_EQ(details->size(), 1);
    EXPECT_EQ(details->value(QStringLiteral("a.json")).batchSize, 8);
    EXPECT_EQ(details->value(QStringLiteral("a.json")).mode, QStringLiteral("FULL"));
    EXPECT_FALSE(parseExecutionDetails(R"({"file": "a.json"})", &error));
    EXPECT_EQ(error, QStringLiteral("not a JSON list of captures (wrong shape)"));
}

// Found by fuzz_graphmatcher: two replays of the same labels whose Triton
// node is another one ([3 Triton, 3 other] and [3 other, 3 Triton]) have
// other segments, so their distances to one window are memoised apart.
TEST(GraphMatcherDistance, TheSameLabelsWithAnotherTritonNodeAreAnotherSequence)
{
    std::vector<CaptureWindow> windows(1);
    windows[0].nodes = { node(3, 0, true), node(3, 0, false) };
    GraphMatcher matcher(windows);
    ReplayedGraph same, swapped;
    same.nodes = { node(3, 0, true), node(3, 0, false) };
    swapped.nodes = { node(3, 0, false), node(3, 0, true) };
    EXPECT_EQ(matcher.match(same).otherNodeDifferences, 0);
    const GraphMatch other = matcher.match(swapped);
    EXPECT_EQ(other.status, GraphMatchStatus::Matched);
    EXPECT_EQ(other.otherNodeDifferences, 2); // the other 3 before the Triton one, not after
}
