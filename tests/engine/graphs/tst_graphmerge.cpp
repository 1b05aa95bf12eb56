// CUDA/HIP graph traces: replayed Triton kernels get the figures of the op
// captured into the graph, and their own replay time; what cannot be matched
// keeps time only, with the reason. One small fixture per case.
#include "engine/analysis.h"
#include "graphfixtures.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QByteArray add = "triton_poi_fused_add_0";
const QByteArray mul = "triton_poi_fused_mul_1";
const QByteArray gemm = "Cijk_Ailk_Bljk_gemm"; // a non-Triton kernel between them

// V2 figures of triton_poi_fused_add_0 over n floats: two float tensors read
// and written, plus the first tensor's extra write; one add per element.
std::int64_t addBytes(int n)
{
    return 4LL * n * 2 + 4LL * n;
}

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

int rowsOfKind(const AnalysisResult& result, RowKind kind)
{
    return int(std::count_if(result.rows.begin(), result.rows.end(), [&](const KernelRow& row) { return row.kind == kind; }));
}

} // namespace

TEST(GraphMerge, OneTraceWithACaptureAndTwoReplays)
{
    TempTraces traces;
    const QByteArray events = captureWindow(1000, 10, { { add, poiAddArgs(1024) }, { gemm, {} }, { mul, poiAddArgs(2048) } }) + ",\n"
        + graphReplay(5000, 900, { { add, 4 }, { gemm, 30 }, { mul, 6 } }) + ",\n"
        + graphReplay(9000, 901, { { add, 5 }, { gemm, 31 }, { mul, 7 } });
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("both.json"), traceJson(events))));
    ASSERT_TRUE(result);
    // One row per kernel, no half rows left over.
    EXPECT_EQ(result->rows.size(), 2u);
    EXPECT_EQ(rowsOfKind(*result, RowKind::OpOnly), 0);
    EXPECT_EQ(rowsOfKind(*result, RowKind::KernelOnly), 0);

    const KernelRow* row = findRow(*result, QString::fromLatin1(add));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->kind, RowKind::Replayed);
    EXPECT_EQ(row->provenance(), Provenance::V2);
    EXPECT_EQ(row->calls, 2); // calls = replays
    ASSERT_TRUE(row->kernelTimeUs);
    EXPECT_DOUBLE_EQ(row->kernelTimeUs->sum, 9.0);
    EXPECT_EQ(row->bytes(), double(addBytes(1024)));
    ASSERT_TRUE(row->tbPerS); // per call: 12288 B in 4 us and in 5 us
    EXPECT_NEAR(row->tbPerS->mean, (12288e-12 / 4e-6 + 12288e-12 / 5e-6) / 2, 1e-15);
    ASSERT_TRUE(row->replay);
    EXPECT_TRUE(row->replay->captureInSameTrace);
    EXPECT_EQ(row->replay->captureWindow, 1);
    EXPECT_EQ(row->replay->graphLaunches, 2);
    EXPECT_EQ(row->replay->graphLaunchCorrelation, 900);
    EXPECT_EQ(row->replay->capturedOpExternalId, 11);

    const GraphMergeSummary& graphs = result->graphs;
    EXPECT_EQ(graphs.launches.size(), 2u);
    EXPECT_EQ(graphs.matchedLaunches, 2);
    EXPECT_EQ(graphs.replayedTritonKernels, 4);
    EXPECT_EQ(graphs.attributedKernels, 4);
    ASSERT_EQ(graphs.captures.size(), 1u);
    EXPECT_TRUE(graphs.captures[0].isReplayTrace);
    EXPECT_EQ(graphs.captures[0].windows, 1);
}

TEST(GraphMerge, TwoCapturesOfOtherBatchSizesFindTheirOwnReplaysByGrid)
{
    TempTraces traces;
    // The same kernels at batch 32 and 64: only grid and args tell them apart.
    const QString capture = traces.write(QStringLiteral("capture.json"),
        traceJson(captureWindow(1000, 10, { { add, poiAddArgs(32 * 128), 32 }, { gemm, {}, 4 } }, 32) + ",\n"
            + captureWindow(2000, 20, { { add, poiAddArgs(64 * 128), 64 }, { gemm, {}, 8 } }, 64)));
    const QString replay = traces.write(QStringLiteral("replay.json"),
        traceJson(graphReplay(5000, 900, { { add, 4, 64 }, { gemm, 30, 8 } }) + ",\n"
            + graphReplay(6000, 901, { { add, 3, 32 }, { gemm, 20, 4 } }) + ",\n"
            + graphReplay(7000, 902, { { add, 5, 64 }, { gemm, 30, 8 } })));
    const auto result = resultOf(analyzeWith(replay, { capture }));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 2u);
    for (const KernelRow& row : result->rows) {
        EXPECT_EQ(row.kind, RowKind::Replayed);
        ASSERT_TRUE(row.replay);
        EXPECT_FALSE(row.replay->captureInSameTrace);
        EXPECT_EQ(row.replay->captureFile, capture);
        ASSERT_TRUE(row.replay->batchSize);
        if (*row.replay->batchSize == 64) {
            EXPECT_EQ(row.calls, 2);
            EXPECT_EQ(row.replay->captureWindow, 2);
            EXPECT_EQ(row.bytes(), double(addBytes(64 * 128)));
            EXPECT_DOUBLE_EQ(row.kernelTimeUs->sum, 9.0);
        } else {
            EXPECT_EQ(*row.replay->batchSize, 32);
            EXPECT_EQ(row.calls, 1);
            EXPECT_EQ(row.bytes(), double(addBytes(32 * 128)));
            EXPECT_DOUBLE_EQ(row.kernelTimeUs->sum, 3.0);
        }
    }
    EXPECT_EQ(result->graphs.matchedLaunches, 3);
    EXPECT_EQ(result->graphs.windows[0].matchedLaunches, 1);
    EXPECT_EQ(result->graphs.windows[1].matchedLaunches, 2);
}

TEST(GraphMerge, PiecewiseGraphsEachMatchTheirOwnCapture)
{
    TempTraces traces;
    // Two graphs per step (PIECEWISE): the pieces between attention layers.
    const QString capture = traces.write(QStringLiteral("capture.json"),
        traceJson(captureWindow(1000, 10, { { add, poiAddArgs(512) }, { gemm, {} } }) + ",\n"
            + captureWindow(2000, 20, { { gemm, {} }, { mul, poiAddArgs(256) } })));
    QByteArray steps;
    for (int step = 0; step < 3; ++step) {
        if (step > 0)
            steps += ",\n";
        steps += graphReplay(5000 + step * 1000, 900 + 2 * step, { { add, 2 }, { gemm, 9 } }) + ",\n"
            + graphReplay(5500 + step * 1000, 901 + 2 * step, { { gemm, 9 }, { mul, 3 } });
    }
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("replay.json"), traceJson(steps)), { capture }));
    ASSERT_TRUE(result);
    const KernelRow* first = findRow(*result, QString::fromLatin1(add));
    const KernelRow* second = findRow(*result, QString::fromLatin1(mul));
    ASSERT_TRUE(first && second);
    EXPECT_EQ(first->calls, 3);
    EXPECT_EQ(second->calls, 3);
    EXPECT_EQ(first->replay->captureWindow, 1);
    EXPECT_EQ(second->replay->captureWindow, 2);
    EXPECT_EQ(first->bytes(), double(addBytes(512)));
    EXPECT_EQ(second->bytes(), double(addBytes(256)));
    EXPECT_EQ(result->graphs.matchedLaunches, 6);
}

TEST(GraphMerge, AnExtraNonTritonKernelInTheReplayIsTolerated)
{
    TempTraces traces;
    const QByteArray events = captureWindow(1000, 10, { { add, poiAddArgs(1024) }, { mul, poiAddArgs(1024) } }) + ",\n"
        + graphReplay(5000, 900, { { add, 4 }, { gemm, 30 }, { "<memcpy>", 2 }, { mul, 6 } });
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("extra.json"), traceJson(events))));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->graphs.matchedLaunches, 1);
    EXPECT_EQ(result->graphs.attributedKernels, 2);
    EXPECT_EQ(rowsOfKind(*result, RowKind::Replayed), 2);
    EXPECT_DOUBLE_EQ(findRow(*result, QString::fromLatin1(mul))->kernelTimeUs->sum, 6.0);
}

TEST(GraphMerge, TheCaptureWithFewerOtherDifferencesWins)
{
    TempTraces traces;
    // Both windows hold the Triton kernels; only the second has the gemm the replay ran.
    const QByteArray events = captureWindow(1000, 10, { { add, poiAddArgs(100) } }) + ",\n"
        + captureWindow(2000, 20, { { add, poiAddArgs(200) }, { gemm, {} } }) + ",\n"
        + graphReplay(5000, 900, { { add, 4 }, { gemm, 30 } });
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("closest.json"), traceJson(events))));
    ASSERT_TRUE(result);
    const KernelRow* row = nullptr;
    for (const KernelRow& r : result->rows) {
        if (r.kind == RowKind::Replayed)
            row = &r;
    }
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->replay->captureWindow, 2);
    EXPECT_EQ(row->bytes(), double(addBytes(200)));
    // The other window's op was never replayed: it stays an op-only row of this trace.
    EXPECT_EQ(rowsOfKind(*result, RowKind::OpOnly), 1);
}

TEST(GraphMerge, TwoCapturesThatMatchEquallyWellAreAmbiguousNeverGuessed)
{
    TempTraces traces;
    // Same kernel names, no grid recorded, other args: either could be it.
    const QByteArray events = captureWindow(1000, 10, { { add, poiAddArgs(100) } }, 1) + ",\n"
        + captureWindow(2000, 20, { { add, poiAddArgs(200) } }, 2) + ",\n" + graphReplay(5000, 900, { { add, 4 } });
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("ambiguous.json"), traceJson(events))));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->graphs.ambiguousLaunches, 1);
    EXPECT_EQ(result->graphs.attributedKernels, 0);
    EXPECT_EQ(rowsOfKind(*result, RowKind::Replayed), 0);
    const KernelRow* kernelOnly = nullptr;
    for (const KernelRow& r : result->rows) {
        if (r.kind == RowKind::KernelOnly)
            kernelOnly = &r;
    }
    ASSERT_NE(kernelOnly, nullptr);
    EXPECT_EQ(kernelOnly->provenance(), Provenance::None);
    EXPECT_TRUE(kernelOnly->model->reason.contains(QStringLiteral("several captures equally well")))
        << qPrintable(kernelOnly->model->reason);
    EXPECT_TRUE(kernelOnly->model->reason.contains(QStringLiteral("batch 1"))) << qPrintable(kernelOnly->model->reason);
    EXPECT_TRUE(kernelOnly->model->reason.contains(QStringLiteral("batch 2"))) << qPrintable(kernelOnly->model->reason);
    EXPECT_DOUBLE_EQ(kernelOnly->kernelTimeUs->sum, 4.0);
    EXPECT_EQ(result->graphs.unattributed.size(), 1);
}

TEST(GraphMerge, TheSameGraphCapturedTwiceIsNoTie)
{
    TempTraces traces;
    const QByteArray events = captureWindow(1000, 10, { { add, poiAddArgs(100) } }) + ",\n"
        + captureWindow(2000, 20, { { add, poiAddArgs(100) } }) + ",\n" + graphReplay(5000, 900, { { add, 4 } });
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("twice.json"), traceJson(events))));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->graphs.matchedLaunches, 1);
    EXPECT_EQ(rowsOfKind(*result, RowKind::Replayed), 1);
}

TEST(GraphMerge, AReplayNoCaptureExplainsKeepsItsTimeWithTheReason)
{
    TempTraces traces;
    const QString capture = traces.write(QStringLiteral("capture.json"), traceJson(captureWindow(1000, 10, { { add, poiAddArgs(100) } })));
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { mul, 4 } })));

    const auto alone = resultOf(analyzeWith(replay));
    ASSERT_TRUE(alone);
    ASSERT_EQ(alone->rows.size(), 1u);
    EXPECT_EQ(alone->rows[0].kind, RowKind::KernelOnly);
    EXPECT_TRUE(alone->rows[0].model->reason.contains(QStringLiteral("attach the capture trace")))
        << qPrintable(alone->rows[0].model->reason);

    const auto attached = resultOf(analyzeWith(replay, { capture }));
    ASSERT_TRUE(attached);
    ASSERT_EQ(attached->rows.size(), 1u); // the capture's own op is not a row of the replay trace
    EXPECT_EQ(attached->rows[0].kind, RowKind::KernelOnly);
    EXPECT_TRUE(attached->rows[0].model->reason.contains(QStringLiteral("no capture holds its Triton kernels")))
        << qPrintable(attached->rows[0].model->reason);
    EXPECT_EQ(attached->graphs.unmatchedLaunches, 1);
    EXPECT_EQ(attached->graphs.captures.size(), 1u);
    EXPECT_EQ(attached->graphs.captures[0].matchedLaunches, 0);
}

TEST(GraphMerge, ACaptureTraceOpenedAloneKeepsItsOpOnlyRows)
{
    TempTraces traces;
    const auto result = resultOf(analyzeWith(traces.write(
        QStringLiteral("capture.json"), traceJson(captureWindow(1000, 10, { { add, poiAddArgs(100) }, { mul, poiAddArgs(100) } })))));
    ASSERT_TRUE(result);
    EXPECT_EQ(rowsOfKind(*result, RowKind::OpOnly), 2);
    EXPECT_EQ(result->graphs.windows.size(), 1u);
    EXPECT_TRUE(result->graphs.launches.empty());
}

TEST(GraphMerge, ACaptureFolderGivesBatchSizesFromExecutionDetails)
{
    TempTraces traces;
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    QDir dir(traces.path(QString()));
    ASSERT_TRUE(dir.mkpath(QStringLiteral("capture_traces")));
    const QString folder = dir.filePath(QStringLiteral("capture_traces"));
    QFile trace(folder + QStringLiteral("/graph_capture_rank_0.1.pt.trace.json"));
    ASSERT_TRUE(trace.open(QIODevice::WriteOnly));
    trace.write(traceJson(captureWindow(1000, 10, { { add, poiAddArgs(100) } })));
    trace.close();
    QFile details(folder + QStringLiteral("/execution_details.json"));
    ASSERT_TRUE(details.open(QIODevice::WriteOnly));
    details.write(R"([{"file": "graph_capture_rank_0.1.pt.trace.json", "batch_size": 16, "mode": "FULL"}])");
    details.close();

    const auto result = resultOf(analyzeWith(replay, { folder }));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& row = result->rows[0];
    EXPECT_EQ(row.kind, RowKind::Replayed);
    ASSERT_TRUE(row.replay && row.replay->batchSize);
    EXPECT_EQ(*row.replay->batchSize, 16);
    EXPECT_EQ(row.replay->mode, QStringLiteral("FULL"));
}

TEST(GraphMerge, AnUnreadableCaptureIsAWarningAndTheReplayStays)
{
    TempTraces traces;
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const QString broken = traces.write(QStringLiteral("broken.json"), "not a trace");
    const auto result = resultOf(analyzeWith(replay, { broken }));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    EXPECT_EQ(result->rows[0].kind, RowKind::KernelOnly);
    EXPECT_TRUE(result->warnings.join(u'\n').contains(QStringLiteral("capture trace not used: ") + broken))
        << qPrintable(result->warnings.join(u'\n'));
}

// Issue 21: a user-written Triton kernel (sage_fwd, kernel_backend "triton")
// captured beside an Inductor kernel and replayed twice: its replays are
// Triton kernels of its captured op, attributed like the Inductor ones, and
// Triton (category user) in the GPU-time breakdown, in one trace and with
// the capture in a file of its own.
TEST(GraphMerge, UserTritonKernelsOfACaptureAreTritonInItsReplays)
{
    const QByteArray sage = "sage_fwd";
    const QByteArray sageArgs = poiAddArgs(4096) + R"(, "kernel_backend": "triton")";
    const QByteArray capture = captureWindow(1000, 10, { { add, poiAddArgs(1024) }, { gemm, {} }, { sage, sageArgs } });
    const QByteArray replays = graphReplay(5000, 900, { { add, 4 }, { gemm, 30 }, { sage, 50 } }) + ",\n"
        + graphReplay(9000, 901, { { add, 5 }, { gemm, 31 }, { sage, 52 } });
    TempTraces traces;
    const QString both = traces.write(QStringLiteral("both.json"), traceJson(capture + ",\n" + replays));
    const QString captureFile = traces.write(QStringLiteral("capture.json"), traceJson(capture));
    const QString replayFile = traces.write(QStringLiteral("replay.json"), traceJson(replays));
    for (const auto& [path, captures] : { std::pair(both, QStringList()), std::pair(replayFile, QStringList { captureFile }) }) {
        SCOPED_TRACE(qPrintable(path));
        const auto result = resultOf(analyzeWith(path, captures));
        ASSERT_TRUE(result);
        const KernelRow* row = findRow(*result, QString::fromLatin1(sage));
        ASSERT_TRUE(row);
        EXPECT_EQ(row->kind, RowKind::Replayed);
        EXPECT_EQ(row->parsedName.category, KernelCategory::User);
        EXPECT_EQ(row->timedCalls(), 2);
        EXPECT_DOUBLE_EQ(row->kernelTimeUs->sum, 102);
        EXPECT_TRUE(row->bytes().has_value()); // the captured op's V2 figures
        EXPECT_EQ(result->graphs.replayedTritonKernels, 4);
        EXPECT_EQ(result->graphs.attributedKernels, 4);
        EXPECT_DOUBLE_EQ(result->gpuTime.tritonUs.at(KernelCategory::User), 102);
        EXPECT_DOUBLE_EQ(result->gpuTime.us.at(GpuWork::Triton), 4 + 5 + 102);
        // Not a library row as well: each GPU event in exactly one row.
        for (const KernelRow& library : result->libraryKernels)
            EXPECT_NE(library.name, QString::fromLatin1(sage));
        EXPECT_EQ(rowsOfKind(*result, RowKind::OpOnly), 0);
    }
}

// Issue 22: 2,000 replays no capture explains share one reason (it names no
// launch: MergedGraphLaunch does), so the row's reason and the summary stay
// short however many launches there are.
TEST(GraphMerge, ManyUnmatchedLaunchesGiveAShortReason)
{
    QByteArrayList events;
    events << captureWindow(100, 10, { { add, poiAddArgs(1024) } });
    for (int i = 0; i < 2000; ++i)
        events << graphReplay(1000.0 + 200 * i, 100000 + i, { { mul, 4 } });
    TempTraces traces;
    const auto result = resultOf(analyzeWith(traces.write(QStringLiteral("many.json"), traceJson(events.join(",\n")))));
    ASSERT_TRUE(result);
    const KernelRow* row = findRow(*result, QString::fromLatin1(mul));
    ASSERT_TRUE(row);
    EXPECT_EQ(row->calls, 2000);
    EXPECT_LT(row->model->reason.size(), 1000) << qPrintable(row->model->reason.left(300));
    EXPECT_EQ(row->model->reason, QStringLiteral("graph replay, time only: no capture holds its Triton kernels in this order"));
    EXPECT_EQ(result->graphs.unattributed.size(), 1);
    EXPECT_EQ(result->graphs.unattributed.value(QStringLiteral("no capture holds its Triton kernels in this order")), 2000);
}

// Issue 22: a folder of 300 capture files that hold no capture: one
// warning names three and counts the rest.
TEST(GraphMerge, AFolderOfCaptureFilesWithoutCapturesWarnsInFewLines)
{
    TempTraces traces;
    QDir folder(traces.path(QString()));
    ASSERT_TRUE(folder.mkpath(QStringLiteral("captures")));
    for (int i = 0; i < 300; ++i) {
        QFile file(folder.filePath(QStringLiteral("captures/c%1.json").arg(i)));
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(traceJson(kernelEvent("gemm", 10, 5, 1)));
    }
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const auto result = resultOf(analyzeWith(replay, { folder.filePath(QStringLiteral("captures")) }));
    ASSERT_TRUE(result);
    EXPECT_LE(result->warnings.size(), 30) << qPrintable(result->warnings.mid(0, 5).join(u'\n'));
    EXPECT_EQ(result->warnings.filter(QStringLiteral("no stream capture")).size(), 1);
    EXPECT_TRUE(result->warnings.join(u'\n').contains(QStringLiteral("; 297 more capture traces had no stream capture")))
        << qPrintable(result->warnings.join(u'\n'));
}

// Issue 22: execution_details.json that is a FIFO (or a device) beside the
// capture files: a warning that it was not read, never a hang.
TEST(GraphMerge, ExecutionDetailsThatIsNoRegularFileIsWarnedAboutNotRead)
{
    TempTraces traces;
    QDir folder(traces.path(QString()));
    ASSERT_TRUE(folder.mkpath(QStringLiteral("captures")));
    const QString fifo = folder.filePath(QStringLiteral("captures/execution_details.json"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QFile capture(folder.filePath(QStringLiteral("captures/graph_capture_rank_0.json")));
    ASSERT_TRUE(capture.open(QIODevice::WriteOnly));
    capture.write(traceJson(captureWindow(1000, 10, { { add, poiAddArgs(1024) } })));
    capture.close();
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const auto result = resultOf(analyzeWith(replay, { folder.filePath(QStringLiteral("captures")) }));
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->warnings.join(u'\n').contains(QStringLiteral("execution_details.json: not read (not a regular file")))
        << qPrintable(result->warnings.join(u'\n'));
    EXPECT_EQ(result->graphs.attributedKernels, 1); // the capture itself still serves
}

// Issue 22: an EndCapture call that claims to last hours does not stretch
// its window over the launches after it (10k such windows copied every later
// launch: 1.6 GB). The window holds only what was launched before it ended.
TEST(GraphMerge, AnEndCaptureOfHugeDurationEndsTheWindowWhereItBegins)
{
    QByteArray capture = captureWindow(1000, 10, { { add, poiAddArgs(1024) } });
    // The fixture's EndCapture lasts 2 us: make it 3,600 s.
    capture.replace(R"("name": "cudaStreamEndCapture", "pid": 100, "tid": 1, "ts": 1030.000, "dur": 2.000)",
        R"("name": "cudaStreamEndCapture", "pid": 100, "tid": 1, "ts": 1030.000, "dur": 3600000000.000)");
    ASSERT_TRUE(capture.contains("3600000000.000"));
    // A later eager launch of another kernel on the same thread.
    const QByteArray later = tritonOpEvent(mul, 2000, 10, 50, poiAddArgs(2048)) + ",\n" + launchEvent(2001, 5, 50, "cudaLaunchKernel")
        + ",\n" + flowEnd(50) + ",\n" + kernelEvent(mul, 2100, 6, 50);
    TempTraces traces;
    const QString captureFile = traces.write(QStringLiteral("capture.json"), traceJson(capture + ",\n" + later));
    const QString replay = traces.write(QStringLiteral("replay.json"), traceJson(graphReplay(5000, 900, { { add, 4 } })));
    const auto result = resultOf(analyzeWith(replay, { captureFile }));
    ASSERT_TRUE(result);
    EXPECT_EQ(result->graphs.matchedLaunches, 1); // the window is [add] alone, as replayed
    EXPECT_EQ(result->graphs.attributedKernels, 1);
}
