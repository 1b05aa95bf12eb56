// Why the GPU idled, gap by gap: each class from a hand-built trace whose
// host spans and GPU events are laid out below, the precedence where two
// causes overlap, and what the reader keeps of the host.
#include "engine/input/tracereader.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray hostEvent(const QByteArray& cat, const QByteArray& name, double ts, double dur, const QByteArray& args = "{}", int tid = 1)
{
    return "{\"ph\": \"X\", \"cat\": \"" + cat + "\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3) + ", \"args\": " + args + "}";
}

QByteArray launchCall(double ts, double dur, int correlation)
{
    return hostEvent("cuda_runtime", "cudaLaunchKernel", ts, dur, "{\"correlation\": " + QByteArray::number(correlation) + "}");
}

// Launching thread 1, GPU device 2 (times in us):
//   _bootstrap frame [0, 3300] holds the first four gaps (never the innermost)
//   k1 [10, 110]      launched at 0
//   gap [110, 1110] = 1000: cudaMemcpy D2H 256 B [120, 1080] + cudaDeviceSynchronize [1081, 1090] = 969
//                     covered by waits >= 500: sync (the frame populate [115, 1090] around the copy
//                     would make it starved too: sync comes first)
//   k2 [1110, 1120]   launched at 1100
//   gap [1120, 1152] = 32: a launch call [1121, 1151] covers 30 >= 16: launch
//   k3 [1152, 1160]   launched by that call
//   gap [1160, 3200] = 2040: __next__ [1165, 3165] and zoom inside it [1170, 3100] each cover >= 1020:
//                     starved, the innermost (zoom)
//   k4 [3200, 3210]   launched at 3180
//   gap [3210, 5210] = 2000: only the launch call [3220, 3225]: other
//   k5 [5210, 5220]
// The first GPU event starts at 10: gaps start at 100, 1110, 1150 and 3200 from it.
QByteArray fourCauses()
{
    QByteArrayList events;
    events << hostEvent("python_function", "threading.py(1030): _bootstrap", 0, 3300);
    events << launchCall(0, 5, 1) << kernelEvent("k1", 10, 100, 1);
    events << hostEvent("python_function", "model.py(12): populate", 115, 975);
    events << hostEvent("cuda_runtime", "cudaMemcpy", 120, 960, "{\"correlation\": 90, \"bytes\": \"256\", \"kind\": \"2\"}");
    events << hostEvent("cuda_runtime", "cudaDeviceSynchronize", 1081, 9, "{\"correlation\": 91}");
    events << launchCall(1100, 5, 2) << kernelEvent("k2", 1110, 10, 2);
    events << launchCall(1121, 30, 3) << kernelEvent("k3", 1152, 8, 3);
    events << hostEvent("python_function", "torch/utils/data/dataloader.py(700): __next__", 1165, 2000);
    events << hostEvent("python_function", "scipy/ndimage/_interpolation.py(700): zoom", 1170, 1930);
    events << hostEvent("python_function", "short.py(1): too_short_to_keep", 1171, 5);
    events << hostEvent("python_function", "model.py(30): forward", 3170, 130);
    events << launchCall(3180, 5, 4) << kernelEvent("k4", 3200, 10, 4);
    events << launchCall(3220, 5, 5) << kernelEvent("k5", 5210, 10, 5);
    return events.join(",\n");
}

const IdleCause* causeOf(const GpuActivity& activity, IdleCauseClass cls)
{
    for (const IdleCause& cause : activity.idleCauses) {
        if (cause.cls == cls)
            return &cause;
    }
    return nullptr;
}

} // namespace

TEST(IdleCauses, EachGapIsBlamedOnWhatTheLaunchingThreadWasDoing)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(fourCauses())));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const GpuActivity& activity = outcome.result->activity;
    ASSERT_EQ(activity.idleCauses.size(), 4u);

    const IdleCause* sync = causeOf(activity, IdleCauseClass::Sync);
    ASSERT_TRUE(sync);
    EXPECT_EQ(sync->count, 1);
    EXPECT_NEAR(sync->totalUs, 1000, 1e-6);
    ASSERT_EQ(sync->largest.size(), 1u);
    EXPECT_NEAR(sync->largest[0].startUs, 100, 1e-6);
    EXPECT_EQ(sync->largest[0].call, QStringLiteral("cudaMemcpy")); // the longer of the two waits
    EXPECT_EQ(sync->largest[0].bytes, 256);
    EXPECT_EQ(sync->largest[0].direction, QStringLiteral("device_to_host"));
    EXPECT_EQ(sync->largest[0].op, QStringLiteral("model.py(12): populate"));

    const IdleCause* launch = causeOf(activity, IdleCauseClass::Launch);
    ASSERT_TRUE(launch);
    EXPECT_EQ(launch->count, 1);
    EXPECT_NEAR(launch->totalUs, 32, 1e-6);
    EXPECT_NEAR(launch->largest[0].startUs, 1110, 1e-6);

    const IdleCause* starved = causeOf(activity, IdleCauseClass::Starved);
    ASSERT_TRUE(starved);
    EXPECT_EQ(starved->count, 1);
    EXPECT_NEAR(starved->totalUs, 2040, 1e-6);
    EXPECT_NEAR(starved->largest[0].startUs, 1150, 1e-6);
    EXPECT_EQ(starved->largest[0].op, QStringLiteral("scipy/ndimage/_interpolation.py(700): zoom"));

    const IdleCause* other = causeOf(activity, IdleCauseClass::Other);
    ASSERT_TRUE(other);
    EXPECT_EQ(other->count, 1);
    EXPECT_NEAR(other->totalUs, 2000, 1e-6);
    EXPECT_EQ(other->largest[0].note, QStringLiteral("the launching thread's recorded work covers less than half of it"));

    // The classes share the idle time out: 1000 + 32 + 2040 + 2000.
    EXPECT_NEAR(outcome.result->activity.mainDevice()->idleUs, 5072, 1e-6);
}

TEST(IdleCauses, TheReaderKeepsSyncsCopiesAndFramesLongEnoughToMatter)
{
    TempTraces traces;
    const TraceReadResult read = readTrace(traces.write(QStringLiteral("trace.json"), traceJson(fourCauses())), JobControl {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    const RawTrace& trace = read.trace;
    // 5 frames of >= 10 us (the 5 us one is dropped), the copy and the sync.
    int frames = 0, copies = 0, syncs = 0;
    for (const HostSpan& span : trace.hostSpans.spans()) {
        frames += span.kind == HostSpanKind::Frame;
        copies += span.kind == HostSpanKind::BlockingCopy;
        syncs += span.kind == HostSpanKind::Sync;
    }
    EXPECT_EQ(frames, 5);
    EXPECT_EQ(copies, 1);
    EXPECT_EQ(syncs, 1);
}

TEST(IdleCauses, TheKeeperStopsAtItsCapWithAWarning)
{
    // A cap of 4: the first four spans in file order are kept (_bootstrap,
    // populate, the copy, the sync), __next__, zoom and forward are not.
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("trace.json"), traceJson(fourCauses()));
    const TraceReadResult read = readTrace(path, JobControl {}, {}, 4);
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    EXPECT_EQ(read.trace.hostSpans.size(), 4u);
    EXPECT_TRUE(read.trace.hostSpans.capped());
    EXPECT_EQ(read.trace.hostSpans.nameOf(read.trace.hostSpans.spans().back()), QStringLiteral("cudaDeviceSynchronize"));
    const QString warning = QStringLiteral("more than 4 host frames and sync calls: the rest are not kept, and idle gaps after them are "
                                           "not given a cause");
    EXPECT_EQ(read.trace.warnings.count(warning), 1);

    // The analysis says so too; the sync gap is still named, and the
    // starved gap falls to the only frame kept around it.
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.read.maxHostSpans = 4;
    const AnalysisOutcome outcome = analyzeTrace(path, options, {});
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    EXPECT_TRUE(outcome.result->warnings.contains(warning));
    const IdleCause* sync = causeOf(outcome.result->activity, IdleCauseClass::Sync);
    ASSERT_TRUE(sync);
    EXPECT_EQ(sync->largest[0].call, QStringLiteral("cudaMemcpy"));
    const IdleCause* starved = causeOf(outcome.result->activity, IdleCauseClass::Starved);
    ASSERT_TRUE(starved);
    EXPECT_EQ(starved->largest[0].op, QStringLiteral("threading.py(1030): _bootstrap"));

    // The default cap keeps them all, without the warning.
    const TraceReadResult whole = readTrace(path, JobControl {});
    EXPECT_EQ(whole.trace.hostSpans.size(), 7u);
    EXPECT_FALSE(whole.trace.hostSpans.capped());
    EXPECT_EQ(whole.trace.hostSpans.maxSpans(), HostSpans::defaultMaxSpans);
}

TEST(IdleCauses, AGapAfterWhichNoLaunchIsKnownAsksTheMainLaunchingThread)
{
    // k2 has no launch call: its gap [110, 2110] is asked of thread 1, whose
    // frame work.py [200, 2000] (1800 >= 1000) starved it.
    QByteArrayList events;
    events << launchCall(0, 5, 1) << kernelEvent("k1", 10, 100, 1);
    events << hostEvent("python_function", "work.py(3): crunch", 200, 1800);
    events << kernelEvent("k2", 2110, 10, 77);
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const IdleCause* starved = causeOf(outcome.result->activity, IdleCauseClass::Starved);
    ASSERT_TRUE(starved);
    EXPECT_EQ(starved->largest[0].op, QStringLiteral("work.py(3): crunch"));
}

TEST(IdleCauses, TheOpDispatchingTheNextLaunchIsLaunchOverheadAndAFrameOwnCodeStarves)
{
    // Eager mode: aten::mm [115, 160] dispatches the launch [150, 155] of k2
    // [160, 170]: the gap [110, 160] (50) is covered 45 by the op: launch.
    // Then the compiled graph's wrapper [165, 1400] runs its own code and
    // launches k3 at [1300, 1305]: the gap [170, 1310] (1140) is covered
    // 1140 by the wrapper, the innermost frame: starved, named.
    QByteArrayList events;
    events << launchCall(0, 5, 1) << kernelEvent("k1", 10, 100, 1);
    events << hostEvent("cpu_op", "aten::mm", 115, 45);
    events << launchCall(150, 5, 2) << kernelEvent("k2", 160, 10, 2);
    events << hostEvent("python_function", "/tmp/torchinductor/ab/cabc.py(2533): call", 165, 1235);
    events << launchCall(1300, 5, 3) << kernelEvent("k3", 1310, 10, 3);
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const IdleCause* launch = causeOf(outcome.result->activity, IdleCauseClass::Launch);
    ASSERT_TRUE(launch);
    EXPECT_NEAR(launch->totalUs, 50, 1e-6);
    const IdleCause* starved = causeOf(outcome.result->activity, IdleCauseClass::Starved);
    ASSERT_TRUE(starved);
    EXPECT_NEAR(starved->totalUs, 1140, 1e-6);
    EXPECT_EQ(starved->largest[0].op, QStringLiteral("/tmp/torchinductor/ab/cabc.py(2533): call"));
}

TEST(IdleCauses, AFrameOpenAcrossThousandsOfShortFramesIsStillSeen)
{
    // The wrapper [0, 50000] holds 3,000 frames of 10 us that begin and end
    // between k1 and the gap [40110, 45000]: more than the sweep keeps open,
    // yet none of them may push the wrapper out. It covers the whole gap.
    QByteArrayList events;
    events << hostEvent("python_function", "/tmp/torchinductor/ab/cabc.py(2533): call", 0, 50000);
    for (int i = 0; i < 3000; ++i)
        events << hostEvent("python_function", "helper.py(1): small", 100 + 12.0 * i, 10);
    events << launchCall(40000, 5, 1) << kernelEvent("k1", 40010, 100, 1);
    events << launchCall(44990, 5, 2) << kernelEvent("k2", 45000, 10, 2);
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("trace.json"), traceJson(events.join(",\n"))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok);
    const IdleCause* starved = causeOf(outcome.result->activity, IdleCauseClass::Starved);
    ASSERT_TRUE(starved);
    EXPECT_NEAR(starved->totalUs, 4890, 1e-6);
    EXPECT_EQ(starved->largest[0].op, QStringLiteral("/tmp/torchinductor/ab/cabc.py(2533): call"));
}
