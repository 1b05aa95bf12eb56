// The analysis in two stages: a trace prepared once (every file read),
// then analysed for the whole trace or a time range without reading it
// again. A range of the prepared trace gives exactly what analyzeTrace
// gives with that range (every row and figure, through the JSON export),
// needs the file no more, and leaves the prepared trace as it was.
#include "engine/analysis.h"
#include "engine/export/resultexport.h"
#include "engine/preparedtrace.h"
#include "engine/timeline/timeline.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

AnalysisOptions withoutDefaultCache()
{
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false; // this machine's cache must not change the figures
    return options;
}

std::shared_ptr<const PreparedTrace> prepared(const QString& path, const AnalysisOptions& options = withoutDefaultCache())
{
    PrepareOutcome outcome = prepareTrace(path, options.read, {});
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    return outcome.prepared;
}

std::shared_ptr<const AnalysisResult> analysed(const std::shared_ptr<const PreparedTrace>& trace, std::optional<TimeRangeUs> range)
{
    AnalysisOptions options = withoutDefaultCache();
    options.figures.gpuRange = range;
    const AnalysisOutcome outcome = analyzePreparedTrace(trace, options.figures, {});
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    return outcome.result;
}

// Every row, figure, warning and graph of the result, as the export writes
// them, and what the export leaves out: the timeline's events and lanes.
void expectSameAnalysis(const AnalysisResult& a, const AnalysisResult& b)
{
    EXPECT_EQ(exportJson(*judgedOnMi300x(a)), exportJson(*judgedOnMi300x(b)));
    EXPECT_EQ(exportCsv(judgedOnMi300x(a)->trace), exportCsv(judgedOnMi300x(b)->trace));
    EXPECT_EQ(a.totalGpuKernelTimeUs, b.totalGpuKernelTimeUs);
    EXPECT_EQ(a.tritonKernelTimeUs, b.tritonKernelTimeUs);
    EXPECT_EQ(a.gpuRangeUs, b.gpuRangeUs);
    EXPECT_EQ(a.warnings, b.warnings);
    ASSERT_EQ(a.activity.devices.size(), b.activity.devices.size());
    for (size_t i = 0; i < a.activity.devices.size(); ++i) {
        EXPECT_EQ(a.activity.devices[i].busyUs, b.activity.devices[i].busyUs);
        EXPECT_EQ(a.activity.devices[i].spanUs, b.activity.devices[i].spanUs);
        EXPECT_EQ(a.activity.devices[i].latencyFloorUs, b.activity.devices[i].latencyFloorUs);
    }
    ASSERT_EQ(bool(a.timeline), bool(b.timeline));
    if (a.timeline) {
        EXPECT_EQ(a.timeline->gpuEvents, b.timeline->gpuEvents);
        EXPECT_EQ(a.timeline->originUs, b.timeline->originUs);
        EXPECT_EQ(a.timeline->lanes.size(), b.timeline->lanes.size());
    }
}

// The middle third of the trace's GPU time, from its first GPU event.
TimeRangeUs middleThird(const AnalysisResult& whole)
{
    const DeviceActivity* device = whole.activity.mainDevice();
    const double span = device ? device->spanUs : 0;
    return { span / 3, 2 * span / 3 };
}

} // namespace

TEST(PreparedTrace, ARangeOfItIsWhatAnalyzeTraceGivesForThatRange)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    const auto trace = prepared(path);
    ASSERT_TRUE(trace);
    const TimeRangeUs firstLaunch { 1100, 1137 };
    const auto ranged = analysed(trace, firstLaunch);
    ASSERT_TRUE(ranged);
    // The first launch's kernels alone: add 10 + 5 us, the GEMM 20 us.
    EXPECT_DOUBLE_EQ(ranged->totalGpuKernelTimeUs, 35);
    const KernelRow* add = findRow(*ranged, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->calls, 2);

    AnalysisOptions options = withoutDefaultCache();
    options.figures.gpuRange = firstLaunch;
    const AnalysisOutcome read = analyzeTrace(path, options, {});
    ASSERT_EQ(read.status, AnalysisOutcome::Status::Ok) << read.error.toStdString();
    expectSameAnalysis(*ranged, *read.result);
    // And the whole trace, prepared or read at once.
    expectSameAnalysis(*analysed(trace, std::nullopt), *analyze(path).result);
}

TEST(PreparedTrace, ARangeNeedsTheFileNoMore)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("graphs.json"));
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(traceJson(gemmThenTwoGraphLaunches()));
    }
    const auto trace = prepared(path);
    ASSERT_TRUE(trace);
    ASSERT_TRUE(QFile::remove(path));
    ASSERT_FALSE(QFile::exists(path));

    // The second launch alone: add 10 us at [2100, 2110) from the origin.
    const auto second = analysed(trace, TimeRangeUs { 2000, 2200 });
    ASSERT_TRUE(second);
    EXPECT_DOUBLE_EQ(second->totalGpuKernelTimeUs, 10);
    const KernelRow* add = findRow(*second, QStringLiteral("triton_poi_fused_add_0"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->calls, 1);
    EXPECT_EQ(second->tracePath, path);
    // Reading it now fails: the range above came from memory.
    EXPECT_EQ(analyze(path).status, AnalysisOutcome::Status::Failed);
}

TEST(PreparedTrace, ARangeLeavesThePreparedTraceAsItWas)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    const auto trace = prepared(path);
    ASSERT_TRUE(trace);
    const auto before = analysed(trace, std::nullopt);
    ASSERT_TRUE(before);
    const size_t events = trace->trace.gpuEvents.size();
    const size_t calls = trace->merged.linked.opCalls.size() + trace->merged.linked.kernelOnlyCalls.size();
    const double kernelTimeUs = trace->trace.totalGpuKernelTimeUs;

    ASSERT_TRUE(analysed(trace, TimeRangeUs { 1100, 1137 }));
    ASSERT_TRUE(analysed(trace, TimeRangeUs { 0, 1 }));
    EXPECT_EQ(trace->trace.gpuEvents.size(), events);
    EXPECT_EQ(trace->merged.linked.opCalls.size() + trace->merged.linked.kernelOnlyCalls.size(), calls);
    EXPECT_DOUBLE_EQ(trace->trace.totalGpuKernelTimeUs, kernelTimeUs);
    // 50 + 10 + 20 + 5 + 10 us of kernels: the whole trace's figures again.
    const auto after = analysed(trace, std::nullopt);
    ASSERT_TRUE(after);
    EXPECT_DOUBLE_EQ(after->totalGpuKernelTimeUs, 95);
    expectSameAnalysis(*before, *after);
}

TEST(PreparedTrace, ARangeWithoutTritonKernelsSaysSoOfTheRange)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    const auto trace = prepared(path);
    ASSERT_TRUE(trace);
    // [0, 40) us holds the GEMM before the launches alone: no Triton kernel.
    const auto gemmOnly = analysed(trace, TimeRangeUs { 0, 40 });
    ASSERT_TRUE(gemmOnly);
    EXPECT_TRUE(gemmOnly->rows.empty() || std::none_of(gemmOnly->rows.begin(), gemmOnly->rows.end(), [](const KernelRow& row) {
        return row.name.startsWith(u"triton_");
    }));
    ASSERT_FALSE(gemmOnly->warnings.isEmpty());
    EXPECT_TRUE(gemmOnly->warnings.filter(QStringLiteral("no Triton kernel starts in the range 0.000 to 40.000 us")).size() == 1)
        << gemmOnly->warnings.join(u'\n').toStdString();
    EXPECT_TRUE(gemmOnly->warnings.filter(QStringLiteral("no Triton kernels in it")).isEmpty());
}

TEST(PreparedTrace, KeptInTheResultOnlyWhenAskedFor)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    EXPECT_FALSE(analyze(path).result->prepared);
    AnalysisOptions options = withoutDefaultCache();
    options.figures.keepPreparedTrace = true;
    const AnalysisOutcome kept = analyzeTrace(path, options, {});
    ASSERT_EQ(kept.status, AnalysisOutcome::Status::Ok);
    ASSERT_TRUE(kept.result->prepared);
    EXPECT_EQ(kept.result->prepared->path, path);
    // A range of it keeps it too: the next range, or the whole trace again,
    // comes from the same prepared trace.
    options.figures.gpuRange = TimeRangeUs { 1100, 1137 };
    const AnalysisOutcome ranged = analyzePreparedTrace(kept.result->prepared, options.figures, {});
    ASSERT_EQ(ranged.status, AnalysisOutcome::Status::Ok);
    EXPECT_EQ(ranged.result->prepared, kept.result->prepared);

    // Past the size bound (the fixture's 5 GPU events against 4) it is not
    // kept: a range of it reads the file again.
    options.figures.gpuRange.reset();
    options.figures.keepPreparedTraceUpToGpuEvents = 4;
    const AnalysisOutcome tooBig = analyzeTrace(path, options, {});
    ASSERT_EQ(tooBig.status, AnalysisOutcome::Status::Ok);
    EXPECT_FALSE(tooBig.result->prepared);
    options.figures.keepPreparedTraceUpToGpuEvents = 5;
    EXPECT_TRUE(analyzeTrace(path, options, {}).result->prepared);
}

TEST(PreparedTrace, AStoppedAnalysisSaysCancelled)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("graphs.json"), traceJson(gemmThenTwoGraphLaunches()));
    const auto trace = prepared(path);
    ASSERT_TRUE(trace);
    std::stop_source stop;
    stop.request_stop();
    JobControl control;
    control.stop = stop.get_token();
    AnalysisOptions options = withoutDefaultCache();
    options.figures.gpuRange = TimeRangeUs { 1100, 1137 };
    EXPECT_EQ(analyzePreparedTrace(trace, options.figures, control).status, AnalysisOutcome::Status::Cancelled);
}

// Real traces: the range of the prepared trace matches analyzeTrace's on
// the xDiT trace and on the vLLM graph trace with its capture traces
// (replays of captured library ops, whose events follow the range).
TEST(PreparedTrace, RealTracesARangeMatchesAnalyzeTrace)
{
    struct Case
    {
        const char* trace;
        const char* captures; // empty: none
    };
    for (const Case& c : { Case { "traces/xdit_sd35_mi300x.json.gz", "" },
             Case { "traces/graphs/vllm_decode_full/graph_execution.json.gz", "traces/graphs/vllm_decode_full/capture_traces" } }) {
        const QString path = sharedPath(QString::fromLatin1(c.trace));
        if (!QFile::exists(path))
            GTEST_SKIP() << qPrintable(path) << " is absent: the prepared trace's ranges were not checked on real traces";
        SCOPED_TRACE(c.trace);
        AnalysisOptions options = withoutDefaultCache();
        if (*c.captures)
            options.read.captureTraces = { sharedPath(QString::fromLatin1(c.captures)) };
        const auto trace = prepared(path, options);
        ASSERT_TRUE(trace);
        const auto whole = analysed(trace, std::nullopt);
        ASSERT_TRUE(whole);
        const TimeRangeUs range = middleThird(*whole);
        ASSERT_GT(range.endUs, range.startUs);

        AnalysisOptions ranged = options;
        ranged.figures.gpuRange = range;
        const AnalysisOutcome read = analyzeTrace(path, ranged, {});
        ASSERT_EQ(read.status, AnalysisOutcome::Status::Ok) << read.error.toStdString();
        const auto fromPrepared = analysed(trace, range);
        ASSERT_TRUE(fromPrepared);
        EXPECT_GT(fromPrepared->totalGpuKernelTimeUs, 0);
        EXPECT_LT(fromPrepared->totalGpuKernelTimeUs, whole->totalGpuKernelTimeUs);
        expectSameAnalysis(*fromPrepared, *read.result);
        // The whole trace after the range: what reading it gives.
        const AnalysisOutcome wholeRead = analyzeTrace(path, options, {});
        ASSERT_EQ(wholeRead.status, AnalysisOutcome::Status::Ok);
        expectSameAnalysis(*analysed(trace, std::nullopt), *wholeRead.result);
    }
}
