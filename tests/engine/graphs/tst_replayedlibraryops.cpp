// Issue 30 §1: a graph replay's library kernels get the op that launched
// them while the graph was captured, aligned by the capture's own launch
// order and kernel names: two aten::mm calls of one kernel name, a memset of
// no op and a user Triton op between them, replayed twice (once with a
// memcpy more); a graph of library kernels only; windows that differ only
// in their library ops. Figures derived by hand in each test.
#include "engine/analysis.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/export/resultexport.h"
#include "engine/graphs/graphnodelabels.h"
#include "engine/graphs/libraryreplay/replayalignment.h"
#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/timebudget.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QByteArray gemmKernel = "Cijk_Alik_Bljk_MT64"; // both GEMMs run it: a repeated name
const QByteArray sage = "sage_fwd"; // a user-written Triton kernel
const QByteArray sageArgs = poiAddArgs(4096) + R"(, "kernel_backend": "triton")";

// M = 64, K = 128, N = 32: 2MNK = 524,288 FLOPs; (MK + KN + MN)·2 = (8,192 + 4,096 + 2,048)·2 = 28,672 bytes.
const QByteArray mmFirstArgs = R"("Input Dims": [[64, 128], [128, 32]], "Input type": ["c10::BFloat16", "c10::BFloat16"], )"
                               R"("Input Strides": [[128, 1], [32, 1]], "Concrete Inputs": ["", ""])";
// M = 16, K = 128, N = 64: 2MNK = 262,144 FLOPs; (2,048 + 8,192 + 1,024)·2 = 22,528 bytes.
const QByteArray mmSecondArgs = R"("Input Dims": [[16, 128], [128, 64]], "Input type": ["c10::BFloat16", "c10::BFloat16"], )"
                                R"("Input Strides": [[128, 1], [64, 1]], "Concrete Inputs": ["", ""])";

AnalysisOutcome analyzeWith(const QString& path, const QStringList& captures = {})
{
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.read.captureTraces = captures;
    return analyzeTrace(path, options, {});
}

std::shared_ptr<const AnalysisResult> resultOf(const AnalysisOutcome& outcome)
{
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    return outcome.result;
}

// The library-op row of `name` with `flops`, and its index in result.kernels (-1: none).
int libraryRow(const AnalysisResult& result, const QString& name, double flops)
{
    for (size_t i = 0; i < result.rows.size(); ++i) {
        const KernelRow& row = result.rows[i];
        if (row.isLibraryOp() && row.name == name && row.flops() == flops)
            return int(i);
    }
    return -1;
}

// Capture: mm (GEMM) | memset of no op | sage_fwd (user Triton op) | mm (the same GEMM kernel).
QByteArray twoMmCapture()
{
    return captureWindow(1000, 10,
        { { gemmKernel, {}, 0, "aten::mm", mmFirstArgs }, { "<memset>", {} }, { sage, sageArgs },
            { gemmKernel, {}, 0, "aten::mm", mmSecondArgs } });
}

// Two launches: the second runs a memcpy the capture did not record.
QByteArray twoMmReplays()
{
    return graphReplay(5000, 900, { { gemmKernel, 20 }, { "<memset>", 2 }, { sage, 50 }, { gemmKernel, 8 } }) + ",\n"
        + graphReplay(9000, 901, { { gemmKernel, 22 }, { "<memcpy>", 3 }, { "<memset>", 2 }, { sage, 52 }, { gemmKernel, 9 } });
}

GraphNode node(std::uint32_t label, std::uint64_t geometry = 0, bool triton = false)
{
    GraphNode n;
    n.label = label;
    n.geometry = geometry;
    n.triton = triton;
    return n;
}

} // namespace

TEST(ReplayedLibraryOps, TwoMmAndAUserTritonOpWithAMemsetReplayedInTwoGraphs)
{
    TempTraces traces;
    const QString both = traces.write(QStringLiteral("both.json"), traceJson(twoMmCapture() + ",\n" + twoMmReplays()));
    const QString capture = traces.write(QStringLiteral("capture.json"), traceJson(twoMmCapture()));
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(twoMmReplays()));
    for (const auto& [path, captures] : { std::pair(both, QStringList()), std::pair(replay, QStringList { capture }) }) {
        SCOPED_TRACE(qPrintable(path));
        const auto result = resultOf(analyzeWith(path, captures));
        ASSERT_TRUE(result);
        // Each aten::mm: its own args' figures, one call per replay, the
        // replays' busy time: 20 + 22 us for the first, 8 + 9 for the second.
        const int first = libraryRow(*result, QStringLiteral("aten::mm"), 524288);
        const int second = libraryRow(*result, QStringLiteral("aten::mm"), 262144);
        ASSERT_GE(first, 0);
        ASSERT_GE(second, 0);
        const KernelRow& a = result->rows[size_t(first)];
        const KernelRow& b = result->rows[size_t(second)];
        EXPECT_EQ(a.bytes(), 28672.0);
        EXPECT_EQ(b.bytes(), 22528.0);
        EXPECT_EQ(a.timedCalls(), 2);
        EXPECT_EQ(b.timedCalls(), 2);
        EXPECT_DOUBLE_EQ(a.kernelTimeUs->sum, 42.0);
        EXPECT_DOUBLE_EQ(b.kernelTimeUs->sum, 17.0);
        EXPECT_DOUBLE_EQ(a.kernelTimeUs->min, 20.0);
        EXPECT_DOUBLE_EQ(b.kernelTimeUs->max, 9.0);
        ASSERT_TRUE(a.libraryOp && a.libraryOp->model);
        EXPECT_EQ(a.libraryOp->kernelNames, QStringList { QString::fromLatin1(gemmKernel) });

        // The user Triton op keeps its replayed row.
        const KernelRow* sageRow = findRow(*result, QString::fromLatin1(sage));
        ASSERT_TRUE(sageRow);
        EXPECT_EQ(sageRow->kind, RowKind::Replayed);
        EXPECT_DOUBLE_EQ(sageRow->kernelTimeUs->sum, 102.0);

        // Root: 2 Triton kernels; 7 others (4 GEMMs, 2 memsets, 1 memcpy), the 4 GEMMs given their ops.
        const GraphMergeSummary& graphs = result->graphs;
        EXPECT_EQ(graphs.matchedLaunches, 2);
        EXPECT_EQ(graphs.replayedTritonKernels, 2);
        EXPECT_EQ(graphs.attributedKernels, 2);
        EXPECT_EQ(graphs.replayedLibraryKernels, 7);
        EXPECT_EQ(graphs.attributedLibraryKernels, 4);
        // Per window: 9 replayed = 6 attributed + 2 memsets of no op + 1 memcpy of no captured node.
        ASSERT_EQ(graphs.windows.size(), 1u);
        const ReplayedKernelTally& window = graphs.windows[0].kernels;
        EXPECT_EQ(window.replayed, 9);
        EXPECT_EQ(window.attributed, 6);
        EXPECT_EQ(window.unattributed.size(), 2);
        EXPECT_EQ(window.unattributed.value(ReplayedKernelReason::noOpInCapture()), 2);
        EXPECT_EQ(window.unattributed.value(ReplayedKernelReason::noCounterpart()), 1);

        // On the roofline and in the budget like an eager op.
        const RooflineData roofline = rooflineData(result.get(), mi300x(), PeakSet::Datasheet);
        EXPECT_TRUE(roofline.point(first));
        EXPECT_TRUE(roofline.point(second));
        const TimeBudget budget = evaluateTimeBudget(*result, mi300x().peaks(PeakSet::Datasheet));
        EXPECT_NE(budget.rows[size_t(first)].limiter, Limiter::Unmodelled);
        EXPECT_EQ(budget.rows[size_t(first)].timedCalls, 2);
        EXPECT_DOUBLE_EQ(budget.rows[size_t(first)].measuredUs, 42.0);
    }
}

TEST(ReplayedLibraryOps, TheCountsAreExportedPerWindowAndAtTheRoot)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("both.json"), traceJson(twoMmCapture() + ",\n" + twoMmReplays()));
    const auto result = resultOf(analyzeWith(path));
    ASSERT_TRUE(result);
    const QJsonObject root = exportObject(*judgedOnMi300x(result));
    const QJsonObject graphs = root.value(QStringLiteral("graphs")).toObject();
    EXPECT_EQ(graphs.value(QStringLiteral("replayed_triton_kernels")).toInt(), 2);
    EXPECT_EQ(graphs.value(QStringLiteral("attributed_kernels")).toInt(), 2);
    EXPECT_EQ(graphs.value(QStringLiteral("replayed_library_kernels")).toInt(), 7);
    EXPECT_EQ(graphs.value(QStringLiteral("attributed_library_kernels")).toInt(), 4);
    const QJsonObject window = root.value(QStringLiteral("captures"))
                                   .toArray()
                                   .at(0)
                                   .toObject()
                                   .value(QStringLiteral("capture_windows"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
    EXPECT_EQ(window.value(QStringLiteral("replayed_kernels")).toInt(), 9);
    EXPECT_EQ(window.value(QStringLiteral("attributed_kernels")).toInt(), 6);
    const QJsonObject unattributed = window.value(QStringLiteral("unattributed_kernels")).toObject();
    EXPECT_EQ(unattributed.value(ReplayedKernelReason::noOpInCapture()).toInt(), 2);
    EXPECT_EQ(unattributed.value(ReplayedKernelReason::noCounterpart()).toInt(), 1);
}

TEST(ReplayedLibraryOps, AGraphOfLibraryKernelsOnlyFindsItsWindow)
{
    // Two windows of library kernels only (an SGLang decode at two batch
    // sizes); the replay runs the second's kernels, with a memset more.
    const QByteArray capture = captureWindow(1000, 10, { { "Cijk_MT16", {}, 0, "aten::mm", mmSecondArgs } }, 1) + ",\n"
        + captureWindow(2000, 20, { { "Cijk_MT64", {}, 0, "aten::mm", mmFirstArgs }, { "Rmsnorm2dFwd", {} } }, 2);
    const QByteArray replays = graphReplay(5000, 900, { { "Cijk_MT64", 30 }, { "<memset>", 1 }, { "Rmsnorm2dFwd", 4 } }) + ",\n"
        + graphReplay(6000, 901, { { "Cijk_MT64", 31 }, { "Rmsnorm2dFwd", 4 } });
    TempTraces traces;
    const QString captureFile = traces.write(QStringLiteral("capture.json"), traceJson(capture));
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(replays));

    const auto result = resultOf(analyzeWith(replay, { captureFile }));
    ASSERT_TRUE(result);
    const GraphMergeSummary& graphs = result->graphs;
    EXPECT_EQ(graphs.matchedLaunches, 2);
    EXPECT_EQ(graphs.launchesWithoutTriton, 0);
    EXPECT_EQ(graphs.windows[0].matchedLaunches, 0);
    EXPECT_EQ(graphs.windows[1].matchedLaunches, 2);
    EXPECT_EQ(graphs.replayedLibraryKernels, 5);
    EXPECT_EQ(graphs.attributedLibraryKernels, 2); // the GEMMs; the norm ran inside no op
    EXPECT_EQ(graphs.windows[1].kernels.unattributed.value(ReplayedKernelReason::noOpInCapture()), 2);
    EXPECT_EQ(graphs.windows[1].kernels.unattributed.value(ReplayedKernelReason::noCounterpart()), 1);
    const int row = libraryRow(*result, QStringLiteral("aten::mm"), 524288);
    ASSERT_GE(row, 0);
    EXPECT_EQ(result->rows[size_t(row)].timedCalls(), 2);
    EXPECT_DOUBLE_EQ(result->rows[size_t(row)].kernelTimeUs->sum, 61.0);
    EXPECT_EQ(result->rows[size_t(row)].calls, 2);

    // Without its capture: time only, counted apart as before.
    const auto alone = resultOf(analyzeWith(replay));
    ASSERT_TRUE(alone);
    EXPECT_EQ(alone->graphs.launchesWithoutTriton, 2);
    EXPECT_EQ(alone->graphs.attributedLibraryKernels, 0);
    EXPECT_EQ(libraryRow(*alone, QStringLiteral("aten::mm"), 524288), -1);
}

TEST(ReplayedLibraryOps, WindowsOfOtherLibraryOpsThatMatchAlikeAreNeverGuessed)
{
    // The same kernel name at two batch sizes, no grid recorded: either
    // window could be the replay's, and their GEMMs' args differ.
    const QByteArray capture = captureWindow(1000, 10, { { gemmKernel, {}, 0, "aten::mm", mmFirstArgs } }, 1) + ",\n"
        + captureWindow(2000, 20, { { gemmKernel, {}, 0, "aten::mm", mmSecondArgs } }, 2)
        + ",\n"
        // The same, each after a Triton kernel of the same op: the Triton part is attributed.
        + captureWindow(3000, 30, { { "triton_poi_fused_add_0", poiAddArgs(64) }, { gemmKernel, {}, 0, "aten::mm", mmFirstArgs } }, 1)
        + ",\n"
        + captureWindow(4000, 40, { { "triton_poi_fused_add_0", poiAddArgs(64) }, { gemmKernel, {}, 0, "aten::mm", mmSecondArgs } }, 2);
    const QByteArray replays = graphReplay(5000, 900, { { gemmKernel, 30 } }) + ",\n"
        + graphReplay(6000, 901, { { "triton_poi_fused_add_0", 2 }, { gemmKernel, 30 } });
    TempTraces traces;
    const QString captureFile = traces.write(QStringLiteral("capture.json"), traceJson(capture));
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("replay.json"), traceJson(replays)), { captureFile }));
    ASSERT_TRUE(result);
    const GraphMergeSummary& graphs = result->graphs;
    EXPECT_EQ(graphs.ambiguousLaunches, 1); // library kernels only: all it has is ambiguous
    EXPECT_EQ(graphs.launches[0].status, GraphMatchStatus::Ambiguous);
    EXPECT_TRUE(graphs.launches[0].reason.contains(QStringLiteral("batch 1"))) << qPrintable(graphs.launches[0].reason);
    EXPECT_EQ(graphs.launches[1].status, GraphMatchStatus::Matched);
    EXPECT_EQ(graphs.attributedKernels, 1);
    EXPECT_EQ(graphs.attributedLibraryKernels, 0);
    EXPECT_EQ(graphs.windows[size_t(graphs.launches[1].window)].kernels.unattributed.value(ReplayedKernelReason::libraryOpsTied()), 1);
    EXPECT_EQ(libraryRow(*result, QStringLiteral("aten::mm"), 524288), -1);
    EXPECT_EQ(libraryRow(*result, QStringLiteral("aten::mm"), 262144), -1);
}

// The alignment alone: repeated names pair in order, an extra node moves
// no later one, an unnamed captured launch takes a kernel of its grid.
TEST(ReplayAlignment, RepeatedNamesExtraNodesAndUnnamedLaunches)
{
    constexpr std::uint32_t gemm = 10, norm = 11, add = 12;
    const std::vector<GraphNode> window
        = { node(gemm), node(GraphNodeLabels::memset), node(norm), node(add, 0, true), node(gemm), node(norm) };
    const std::vector<GraphNode> replay = { node(gemm), node(GraphNodeLabels::memcpy), node(GraphNodeLabels::memset), node(norm),
        node(add, 0, true), node(gemm), node(norm) };
    const ReplayAlignment aligned = alignReplay(window, replay);
    EXPECT_EQ(aligned.windowNode, (std::vector<std::int32_t> { 0, -1, 1, 2, 3, 4, 5 }));
    EXPECT_TRUE(aligned.exact);

    // A kernel dropped from the replay: the second gemm still pairs with the second captured one.
    const std::vector<GraphNode> fewer = { node(gemm), node(norm), node(gemm), node(norm) };
    const std::vector<GraphNode> captured = { node(gemm), node(norm), node(norm), node(gemm), node(norm) };
    EXPECT_EQ(alignReplay(captured, fewer).windowNode, (std::vector<std::int32_t> { 0, 1, 3, 4 }));

    // CUDA: launches recorded without a name stand for kernels of their grid.
    EXPECT_TRUE(replaysNode(node(GraphNodeLabels::unnamedLaunch, 7), node(gemm, 7)));
    EXPECT_TRUE(replaysNode(node(GraphNodeLabels::unnamedLaunch, 0), node(gemm, 7)));
    EXPECT_FALSE(replaysNode(node(GraphNodeLabels::unnamedLaunch, 8), node(gemm, 7)));
    EXPECT_FALSE(replaysNode(node(GraphNodeLabels::unnamedLaunch), node(GraphNodeLabels::memset)));
    EXPECT_FALSE(replaysNode(node(gemm, 8), node(gemm, 7)));
    const std::vector<GraphNode> unnamed = { node(GraphNodeLabels::unnamedLaunch, 1), node(GraphNodeLabels::unnamedLaunch, 2) };
    EXPECT_EQ(alignReplay(unnamed, { node(norm, 2), node(gemm, 1), node(norm, 2) }).windowNode, (std::vector<std::int32_t> { -1, 0, 1 }));
}

// In a comparison a replayed aten::mm meets its eager twin (same name and
// args): baseline 30 us a call, the replays 20 and 22 us: 30 / 21 faster.
TEST(ReplayedLibraryOps, AReplayedOpIsComparedWithItsEagerTwin)
{
    QByteArrayList eager;
    for (int call = 0; call < 2; ++call) {
        const double ts = 100 + 200 * call;
        eager << tritonOpEvent("aten::mm", ts, 80, 1 + call, mmFirstArgs) << launchEvent(ts + 20, 5, 1 + call)
              << kernelEvent(gemmKernel, 1000 + 100 * call, 30, 1 + call);
    }
    TempTraces traces;
    const auto baseline = resultOf(analyzeWith(traces.write(QStringLiteral("eager.json"), traceJson(eager.join(",\n")))));
    const auto candidate
        = resultOf(analyzeWith(traces.write(QStringLiteral("graphs.json"), traceJson(twoMmCapture() + ",\n" + twoMmReplays()))));
    ASSERT_TRUE(baseline && candidate);
    const int row = libraryRow(*candidate, QStringLiteral("aten::mm"), 524288);
    ASSERT_GE(row, 0);
    const TraceComparison comparison = compared(baseline, candidate);
    bool found = false;
    for (size_t i = 0; i < comparison.matching.matches.size(); ++i) {
        const KernelMatch& match = comparison.matching.matches[i];
        if (match.candidate != row)
            continue;
        found = true;
        ASSERT_GE(match.baseline, 0);
        EXPECT_EQ(baseline->rows[size_t(match.baseline)].name, QStringLiteral("aten::mm"));
        ASSERT_TRUE(comparison.deltas[i].speedup);
        EXPECT_DOUBLE_EQ(*comparison.deltas[i].speedup, 30.0 / 21.0);
    }
    EXPECT_TRUE(found);
}
