// Attainable time, recoverable time and the limiter of hand-made rows on
// MI300X's datasheet peaks (HBM 5.3 TB/s, FP32 vector 163.4 TFLOPS), and the
// budget and opportunities they add up to. Figures derived in the comments.
#include "engine/base/text/units.h"
#include "engine/results/statistics.h"
#include "engine/timebudget/opportunities.h"
#include "engine/timebudget/rooflinelimiters.h"
#include "engine/timebudget/timebudget.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const PeakFigures& peaks()
{
    return mi300x().peaks(PeakSet::Datasheet);
}

} // namespace

TEST(AttainableTime, MemoryBound)
{
    // 53 MB at 5.3 TB/s = 10 us; 1 MFLOP at 163.4 TFLOPS ~ 0.006 us. With
    // t0 = 2: attainable 12 us. Calls of 15, 12 and 11 us: recoverable
    // 3 + 0 + 0 = 3 us; fraction 3 x 12 / 38.
    const KernelRow row = modelledRow(QStringLiteral("mem"), 53e6, 1e6, { 15, 12, 11 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::Memory);
    EXPECT_NEAR(*figures.roofTermUs, 10, 1e-9);
    EXPECT_NEAR(*figures.attainableUs, 12, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 3, 1e-9);
    EXPECT_NEAR(*figures.fractionOfAttainable, 36.0 / 38.0, 1e-12);
    EXPECT_EQ(figures.timedCalls, 3);
    EXPECT_EQ(figures.computeRoofLabel, QStringLiteral("FP32 vector"));
}

TEST(AttainableTime, ComputeBound)
{
    // 8.17e9 FLOPs at 163.4 TFLOPS = 50 us; 5.3 MB at 5.3 TB/s = 1 us.
    // t0 = 2: attainable 52. Calls of 60 and 100: recoverable 8 + 48 = 56;
    // fraction 2 x 52 / 160 = 0.65.
    const KernelRow row = modelledRow(QStringLiteral("cmp"), 5.3e6, 8.17e9, { 60, 100 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::Compute);
    EXPECT_NEAR(*figures.roofTermUs, 50, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 56, 1e-9);
    EXPECT_NEAR(*figures.fractionOfAttainable, 0.65, 1e-12);
}

TEST(AttainableTime, LatencyBound)
{
    // One element written: 4 B at 5.3 TB/s = 7.5e-7 us, far below t0 = 2:
    // attainable 2.00000075 us. Calls of 2.5 and 3 us, at the floor: fraction
    // 2 x 2.00000075 / 5.5 = 0.727, at least 0.5: latency-bound. Recoverable
    // (2.5 - a) + (3 - a).
    const KernelRow row = modelledRow(QStringLiteral("one"), 4, 0, { 2.5, 3 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::Latency);
    const double attainable = 2.0 + 4.0 / 5.3e6;
    EXPECT_NEAR(*figures.attainableUs, attainable, 1e-12);
    EXPECT_NEAR(figures.recoverableUs, 5.5 - 2 * attainable, 1e-12);
    EXPECT_NEAR(*figures.fractionOfAttainable, 2 * attainable / 5.5, 1e-12);
    // Fusing it away wins all but its work at the roof: 5.5 - 2 x 7.5e-7.
    EXPECT_NEAR(figures.aboveRoofTermUs(), 5.5 - 2 * 4.0 / 5.3e6, 1e-12);
    EXPECT_EQ(limiterKey(figures.limiter), QStringLiteral("latency"));
    // The floor equal to the roof term is still latency: too small to reach a
    // roof (10.6 MB = 2 us; one call of 5 us against 4 attainable).
    const KernelRow edge = modelledRow(QStringLiteral("edge"), 10.6e6, 0, { 5 });
    EXPECT_EQ(kernelTimeFigures(edge, peaks(), 2.0).limiter, Limiter::Latency);
    EXPECT_EQ(kernelTimeFigures(edge, peaks(), 1.999).limiter, Limiter::Memory);
    // Exactly half its attainable time is still latency; a hair slower is not.
    // 5.3 MB = 1 us; t0 = 2: attainable 3; one call of 6 us is 0.5.
    EXPECT_EQ(kernelTimeFigures(modelledRow(QStringLiteral("half"), 5.3e6, 0, { 6 }), peaks(), 2.0).limiter, Limiter::Latency);
    EXPECT_EQ(kernelTimeFigures(modelledRow(QStringLiteral("slower"), 5.3e6, 0, { 6.01 }), peaks(), 2.0).limiter, Limiter::SlowForSize);
}

TEST(AttainableTime, UnderTheFloorButEightTimesItsAttainableIsSlowForItsSize)
{
    // A reduction: 5.3 MB read = 1 us at HBM, 1.3 MFLOP = 0.008 us at FP32
    // vector; t0 = 2: roof term 1 <= t0, attainable 3. Calls of 24 and 24 us:
    // fraction 2 x 3 / 48 = 0.125, 8x its attainable: slow for its size, not
    // latency. Recoverable 21 + 21 = 42.
    const KernelRow row = modelledRow(QStringLiteral("triton_red_fused_mean_0"), 5.3e6, 1.3e6, { 24, 24 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::SlowForSize);
    EXPECT_EQ(limiterKey(figures.limiter), QStringLiteral("slow-for-size"));
    EXPECT_NEAR(*figures.roofTermUs, 1, 1e-9);
    EXPECT_NEAR(*figures.attainableUs, 3, 1e-9);
    EXPECT_NEAR(*figures.fractionOfAttainable, 0.125, 1e-12);
    EXPECT_NEAR(figures.recoverableUs, 42, 1e-9);
    // The label holds with t0 while the roof term stays under it (t0 4.17:
    // attainable 5.17, fraction 0.215); below the roof term it is memory-bound.
    EXPECT_EQ(kernelTimeFigures(row, peaks(), 4.17).limiter, Limiter::SlowForSize);
    EXPECT_EQ(kernelTimeFigures(row, peaks(), 0.9).limiter, Limiter::Memory);
}

TEST(AttainableTime, WithoutFlopsUnderTheFloorIsFlopsUnknownNotLatency)
{
    // A user kernel (attention, say): FLOPs unknown, 5.3 MB = 1 us at HBM,
    // t0 = 2: bytes term under t0, so nothing says its work is small.
    // Bytes-only attainable 3; one call of 10 us: recoverable 7, fraction 0.3.
    const KernelRow row = modelledRow(QStringLiteral("sage_fwd"), 5.3e6, std::nullopt, { 10 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::FlopsUnknown);
    EXPECT_EQ(limiterKey(figures.limiter), QStringLiteral("flops-unknown"));
    EXPECT_FALSE(figures.computeTflops);
    EXPECT_NEAR(*figures.attainableUs, 3, 1e-9);
    EXPECT_NEAR(figures.recoverableUs, 7, 1e-9);
    EXPECT_NEAR(*figures.fractionOfAttainable, 0.3, 1e-12);
    // At its attainable time too: still not latency, FLOPs unknown.
    EXPECT_EQ(
        kernelTimeFigures(modelledRow(QStringLiteral("fast"), 5.3e6, std::nullopt, { 3 }), peaks(), 2.0).limiter, Limiter::FlopsUnknown);
}

TEST(AttainableTime, FlopsUnknownCountsBytesOnly)
{
    // A user kernel: FLOPs unknown, 10.6 MB = 2 us at HBM; t0 = 1.5:
    // attainable 3.5. One call of 7 us: recoverable 3.5, fraction 0.5.
    const KernelRow row = modelledRow(QStringLiteral("user"), 10.6e6, std::nullopt, { 7 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 1.5);
    EXPECT_EQ(figures.limiter, Limiter::Memory);
    EXPECT_FALSE(figures.computeTflops);
    EXPECT_NEAR(*figures.attainableUs, 3.5, 1e-12);
    EXPECT_NEAR(figures.recoverableUs, 3.5, 1e-12);
    EXPECT_NEAR(*figures.fractionOfAttainable, 0.5, 1e-12);
}

TEST(AttainableTime, WithoutFiguresTimeOnly)
{
    KernelRow row;
    row.kernelTimeUs = summarize({ 4, 6 });
    row.callTimesUs = CallTimes({ 4, 6 });
    const KernelTimeFigures figures = kernelTimeFigures(row, peaks(), 2.0);
    EXPECT_EQ(figures.limiter, Limiter::Unmodelled);
    EXPECT_FALSE(figures.attainableUs);
    EXPECT_FALSE(figures.fractionOfAttainable);
    EXPECT_EQ(figures.recoverableUs, 0);
    EXPECT_NEAR(figures.measuredUs, 10, 1e-12);
    EXPECT_EQ(limiterKey(figures.limiter), QStringLiteral("unmodelled"));
}

TEST(CallTimes, ExcessOverAThresholdSumsEveryCallAboveIt)
{
    // {1, 3, 3, 8}: over 2.5 -> 0.5 + 0.5 + 5.5 = 6.5; over 8 -> 0; over 0 -> 15.
    const CallTimes times({ 3, 1, 8, 3 });
    EXPECT_EQ(times.count(), 4);
    EXPECT_EQ(times.distinctValues(), 3u);
    EXPECT_NEAR(times.excessOver(2.5), 6.5, 1e-12);
    EXPECT_NEAR(times.excessOver(8), 0, 1e-12);
    EXPECT_NEAR(times.excessOver(0), 15, 1e-12);
    EXPECT_EQ(CallTimes().excessOver(1), 0);
}

// Calls that all took one time keep it without a table, and sum the same.
TEST(CallTimes, OneTimeForEveryCallSumsAsATableWould)
{
    const CallTimes once({ 7 });
    EXPECT_EQ(once.count(), 1);
    EXPECT_EQ(once.distinctValues(), 1u);
    EXPECT_NEAR(once.excessOver(2), 5, 1e-12);
    EXPECT_NEAR(once.excessOver(7), 0, 1e-12);
    const CallTimes thrice({ 4, 4, 4 });
    EXPECT_EQ(thrice.count(), 3);
    EXPECT_EQ(thrice.distinctValues(), 1u);
    EXPECT_NEAR(thrice.excessOver(1), 9, 1e-12);
    EXPECT_NEAR(thrice.excessOver(4.5), 0, 1e-12);
    EXPECT_EQ(thrice, CallTimes({ 4, 4, 4 }));
    EXPECT_FALSE(thrice == CallTimes({ 5, 5, 5 }));
    EXPECT_FALSE(thrice == CallTimes({ 4, 4, 5 }));
    EXPECT_EQ(CallTimes(), CallTimes(std::vector<double> {}));
}

TEST(TimeBudget, TritonTimeSplitsIntoTuningLatencyAndRestAndOpportunitiesRank)
{
    // Rows above (t0 = 2): memory 38 us measured, 3 recoverable; compute 160
    // measured, 56 recoverable; latency-bound "one" (5.3 MB: roof term 1,
    // attainable 3; calls of 5 and 5: 60 % of attainable) 10 measured. Triton
    // time 208 = 59 tuning + 10 latency + 139 rest. The GPU ran 400 us of
    // kernels on a 1000 us span, 500 us of it idle.
    AnalysisResult result;
    result.rows.push_back(modelledRow(QStringLiteral("mem"), 53e6, 1e6, { 15, 12, 11 }));
    result.rows.push_back(modelledRow(QStringLiteral("cmp"), 5.3e6, 8.17e9, { 60, 100 }));
    result.rows.push_back(modelledRow(QStringLiteral("one"), 5.3e6, 0, { 5, 5 }));
    result.totalGpuKernelTimeUs = 400;
    DeviceActivity device;
    device.device = QStringLiteral("0");
    device.spanUs = 1000;
    device.busyUs = 500;
    device.idleUs = 500;
    device.kernels = 10;
    result.activity.devices.push_back(device);

    const TimeBudget budget = evaluateTimeBudget(result, peaks(), 2.0);
    EXPECT_EQ(budget.latencyFloor.source, LatencyFloor::Source::Override);
    EXPECT_NEAR(budget.tritonTimeUs, 208, 1e-9);
    EXPECT_NEAR(budget.tritonRecoverableUs, 59, 1e-9);
    EXPECT_NEAR(budget.tritonLatencyBoundUs, 10, 1e-9);
    EXPECT_NEAR(budget.tritonRestUs, 139, 1e-9);

    // Idle 500, compute kernel 56, latency group 10 - 2 x 1 = 8, memory kernel 3.
    ASSERT_EQ(budget.opportunities.size(), 4u);
    EXPECT_EQ(budget.opportunities[0].kind, Opportunity::Kind::Idle);
    EXPECT_NEAR(budget.opportunities[0].recoverableUs, 500, 1e-9);
    EXPECT_EQ(budget.opportunities[1].name, QStringLiteral("cmp"));
    EXPECT_NEAR(budget.opportunities[1].shareOfGpuTime, 56.0 / 400.0, 1e-12);
    EXPECT_EQ(budget.opportunities[2].kind, Opportunity::Kind::LatencyBoundKernels);
    EXPECT_EQ(budget.opportunities[2].count, 1);
    EXPECT_EQ(budget.opportunities[2].launches, 2);
    EXPECT_NEAR(budget.opportunities[2].recoverableUs, 8, 1e-9);
    EXPECT_NEAR(budget.opportunities[2].shareOfGpuTime, 8.0 / 400.0, 1e-12);
    EXPECT_EQ(budget.opportunities[2].rowIndices, std::vector<int>({ 2 }));
    EXPECT_EQ(budget.opportunities[3].name, QStringLiteral("mem"));
    EXPECT_EQ(opportunityKindKey(budget.opportunities[2].kind), QStringLiteral("latency-bound kernels"));
}

TEST(TimeBudget, TheLatencyGroupHoldsOnlyKernelsNearTheFloor)
{
    // t0 = 2. At the floor: "one" (4 B, calls 2.5 and 3: latency). Under the
    // floor at 8x its attainable: the reduction (1 us roof term, calls 24 and
    // 24: slow for its size, 42 recoverable). No FLOPs: "sage_fwd" (bytes
    // 1 us, one call of 10: FLOPs unknown, 7 recoverable). Triton time
    // 5.5 + 48 + 10 = 63.5 = 49 tuning + 5.5 latency-bound + 9 rest.
    AnalysisResult result;
    result.rows.push_back(modelledRow(QStringLiteral("one"), 4, 0, { 2.5, 3 }));
    result.rows.push_back(modelledRow(QStringLiteral("triton_red_fused_mean_0"), 5.3e6, 1.3e6, { 24, 24 }));
    result.rows.push_back(modelledRow(QStringLiteral("sage_fwd"), 5.3e6, std::nullopt, { 10 }));
    result.totalGpuKernelTimeUs = 63.5;

    const TimeBudget budget = evaluateTimeBudget(result, peaks(), 2.0);
    EXPECT_NEAR(budget.tritonTimeUs, 63.5, 1e-9);
    EXPECT_NEAR(budget.tritonLatencyBoundUs, 5.5, 1e-9);
    EXPECT_NEAR(budget.tritonRecoverableUs, 49, 1e-9);
    EXPECT_NEAR(budget.tritonRestUs, 9, 1e-9);

    // The reduction 42 and the user kernel 7 as kernels, then the group:
    // only "one", 5.5 measured - 2 x 7.5e-7 roof term.
    ASSERT_EQ(budget.opportunities.size(), 3u);
    const Opportunity& slow = budget.opportunities[0];
    EXPECT_EQ(slow.kind, Opportunity::Kind::Kernel);
    EXPECT_EQ(slow.name, QStringLiteral("triton_red_fused_mean_0"));
    EXPECT_NEAR(slow.recoverableUs, 42, 1e-9);
    EXPECT_TRUE(slow.why.startsWith(QStringLiteral("slow for its size: 2 calls at 24.0 \u00b5s each"))) << qPrintable(slow.why);
    EXPECT_TRUE(slow.why.contains(QStringLiteral("runs 8.0x its attainable time"))) << qPrintable(slow.why);
    EXPECT_TRUE(slow.why.contains(QStringLiteral("3.00 \u00b5s attainable"))) << qPrintable(slow.why);
    const Opportunity& user = budget.opportunities[1];
    EXPECT_EQ(user.name, QStringLiteral("sage_fwd"));
    EXPECT_NEAR(user.recoverableUs, 7, 1e-9);
    EXPECT_TRUE(user.why.startsWith(QStringLiteral("FLOPs unknown: 1 call at 10.0 \u00b5s each"))) << qPrintable(user.why);
    const Opportunity& group = budget.opportunities[2];
    EXPECT_EQ(group.kind, Opportunity::Kind::LatencyBoundKernels);
    EXPECT_EQ(group.rowIndices, std::vector<int>({ 0 }));
    EXPECT_EQ(group.count, 1);
    EXPECT_EQ(group.launches, 2);
    EXPECT_NEAR(group.recoverableUs, 5.5 - 2 * 4.0 / 5.3e6, 1e-12);
    EXPECT_TRUE(group.why.contains(QStringLiteral("within 2x its attainable time"))) << qPrintable(group.why);
}

TEST(TimeBudget, TheFloorComesFromTheTraceElseTheDefault)
{
    AnalysisResult result;
    EXPECT_EQ(evaluateTimeBudget(result, peaks()).latencyFloor.source, LatencyFloor::Source::Default);
    EXPECT_EQ(evaluateTimeBudget(result, peaks()).latencyFloor.us, defaultLatencyFloorUs);
    DeviceActivity device;
    device.device = QStringLiteral("0");
    device.kernels = 500;
    device.latencyFloorUs = 1.84;
    result.activity.devices.push_back(device);
    const LatencyFloor measured = evaluateTimeBudget(result, peaks()).latencyFloor;
    EXPECT_EQ(measured.source, LatencyFloor::Source::Measured);
    EXPECT_EQ(measured.us, 1.84);
    EXPECT_EQ(measured.sourceKey(), QStringLiteral("measured"));
    EXPECT_TRUE(measured.sourceText.contains(QStringLiteral("500")));
    EXPECT_EQ(evaluateTimeBudget(result, peaks(), 3.0).latencyFloor.us, 3.0);
}

TEST(FormatDuration, PicksTheUnitAndKeepsThreeFigures)
{
    EXPECT_EQ(formatTimeUs(58.7), QStringLiteral("58.7 \u00b5s"));
    EXPECT_EQ(formatTimeUs(7800), QStringLiteral("7.80 ms"));
    EXPECT_EQ(formatTimeUs(1171600), QStringLiteral("1.17 s"));
}

TEST(TimeBudget, LatencyBoundPointsNeverStretchAFittedFrame)
{
    // A kernel at 1e-7 FLOP/B and 1e-6 TFLOPS, latency-bound, and one at
    // 10 FLOP/B, 50 TFLOPS. Fitted to both, the frame runs down to 1e-8;
    // with the small one marked it starts where the roofs and the big one
    // put it.
    AnalysisResult result;
    result.rows.push_back(modelledRow(QStringLiteral("tiny"), 4, 0, { 3 })); // at 67 % of attainable: latency-bound
    result.rows.push_back(modelledRow(QStringLiteral("big"), 53e6, 5.3e8, { 12 }));
    RooflineData data = rooflineData(nullptr, mi300x(), PeakSet::Datasheet);
    RooflinePoint tiny;
    tiny.kernelIndex = 0;
    tiny.intensity = 1e-7;
    tiny.tflops = 1e-6;
    RooflinePoint big;
    big.kernelIndex = 1;
    big.intensity = 10;
    big.tflops = 50;
    data.points = { tiny, big };
    EXPECT_LE(fitFrame(data).xMinExp, -8);
    EXPECT_LE(fitFrame(data).yMinExp, -7);

    markLatencyBound(data, evaluateTimeBudget(result, peaks(), 2.0));
    EXPECT_TRUE(data.points[0].latencyBound);
    EXPECT_FALSE(data.points[1].latencyBound);
    EXPECT_GE(fitFrame(data).xMinExp, -2);
    EXPECT_GE(fitFrame(data).yMinExp, -1);
    // Only latency-bound points: the frame still shows them.
    data.points = { data.points[0] };
    EXPECT_LE(fitFrame(data).xMinExp, -8);
}

// Issue 34: a GPU span past a day comes from two far timestamps, not from a
// GPU that waited: its idle time is no opportunity (it would top the list at
// 100 % of the span); a day's span itself still is. The analysis warns.
TEST(TimeBudget, AnIdleSpanPastADayIsNoOpportunity)
{
    for (const double spanUs : { DeviceActivity::implausibleSpanUs, 2 * DeviceActivity::implausibleSpanUs }) {
        AnalysisResult result;
        result.rows.push_back(modelledRow(QStringLiteral("mem"), 53e6, 1e6, { 15, 12, 11 }));
        result.totalGpuKernelTimeUs = 38;
        DeviceActivity device;
        device.device = QStringLiteral("0");
        device.spanUs = spanUs;
        device.busyUs = 38;
        device.idleUs = spanUs - 38;
        device.kernels = 3;
        result.activity.devices.push_back(device);
        const TimeBudget budget = evaluateTimeBudget(result, peaks(), 2.0);
        const bool idleListed = std::any_of(budget.opportunities.begin(), budget.opportunities.end(),
            [](const Opportunity& o) { return o.kind == Opportunity::Kind::Idle; });
        EXPECT_EQ(idleListed, spanUs == DeviceActivity::implausibleSpanUs) << spanUs;
    }
}

TEST(TimeBudget, ATraceSpanningYearsIsWarnedAbout)
{
    TempTraces traces;
    // Two kernels 55 hours apart, as two far timestamps give (the reader
    // refuses a time past 2^53 ns, about 104 days, outright).
    const QString path = traces.write(QStringLiteral("far.json"),
        traceJson(kernelEvent("triton_poi_fused_add_0", 10, 5, 1) + ',' + kernelEvent("triton_poi_fused_add_0", 2e11, 5, 2)));
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const QStringList warnings = outcome.result->warnings.filter(QStringLiteral("more than a profiled run does"));
    ASSERT_EQ(warnings.size(), 1) << qPrintable(outcome.result->warnings.join(u'\n'));
    EXPECT_TRUE(warnings[0].contains(QStringLiteral("far.json"))) << qPrintable(warnings[0]);
    const TimeBudget budget = evaluateTimeBudget(*outcome.result, peaks(), std::nullopt);
    for (const Opportunity& o : budget.opportunities)
        EXPECT_NE(o.kind, Opportunity::Kind::Idle);
}
