// Grouping linked calls into unique kernels and summarising their times and
// throughputs (PERF_MODEL.md section 6).
#include "engine/results/kernelaggregator.h"
#include "engine/results/statistics.h"
#include "testsupport.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Pointwise add over n floats: bytes = 4n + 4n + 4n (write) = 12n, FLOPs = n.
QByteArray poiArgs(int n)
{
    const QByteArray s = QByteArray::number(n);
    return R"("Input Dims": [[)" + s + "], [" + s + R"(], []], "Input type": ["c10::Float", "c10::Float", "Scalar"], )"
        + R"("Input Strides": [[1], [1], []], "Concrete Inputs": ["", "", ")" + s + R"("])";
}

// One op, its launch and its kernel; correlation and External id = id.
QByteArray call(const QByteArray& name, double ts, double kernelDur, int id, const QByteArray& args, int stream = 0)
{
    return tritonOpEvent(name, ts, 10, id, args) + ",\n" + launchEvent(ts + 1, 2, id) + ",\n" + flowEnd(id, stream) + ",\n"
        + kernelEvent(name, ts + 1000, kernelDur, id, stream);
}

class Aggregation : public ::testing::Test
{
protected:
    std::shared_ptr<const AnalysisResult> run(const QByteArray& events)
    {
        const AnalysisOutcome outcome = analyze(m_traces.write(QStringLiteral("trace.json"), traceJson(events)));
        EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
        return outcome.result;
    }
    TempTraces m_traces;
};

TEST(AggregationStats, EvenCount)
{
    // {4, 1, 3, 2}: sum 10, mean 2.5, median (2 + 3) / 2 = 2.5,
    // std = sqrt((1.5^2 + 0.5^2 + 0.5^2 + 1.5^2) / 3) = sqrt(5 / 3).
    const auto stats = summarize({ 4, 1, 3, 2 });
    ASSERT_TRUE(stats);
    EXPECT_EQ(stats->count, 4);
    EXPECT_DOUBLE_EQ(stats->sum, 10.0);
    EXPECT_DOUBLE_EQ(stats->mean, 2.5);
    EXPECT_DOUBLE_EQ(stats->median, 2.5);
    EXPECT_DOUBLE_EQ(stats->min, 1.0);
    EXPECT_DOUBLE_EQ(stats->max, 4.0);
    ASSERT_TRUE(stats->std);
    EXPECT_DOUBLE_EQ(*stats->std, std::sqrt(5.0 / 3.0));
}

TEST(AggregationStats, OddCount)
{
    // {10, 1, 4}: mean 5, median 4 (middle of 1, 4, 10), std = sqrt((25 + 16 + 1) / 2) = sqrt(21).
    const auto stats = summarize({ 10, 1, 4 });
    ASSERT_TRUE(stats);
    EXPECT_DOUBLE_EQ(stats->mean, 5.0);
    EXPECT_DOUBLE_EQ(stats->median, 4.0);
    EXPECT_DOUBLE_EQ(*stats->std, std::sqrt(21.0));
}

TEST(AggregationStats, OneSampleHasNoStdAndNoneHasNoStats)
{
    const auto one = summarize({ 7.25 });
    ASSERT_TRUE(one);
    EXPECT_EQ(one->count, 1);
    EXPECT_DOUBLE_EQ(one->mean, 7.25);
    EXPECT_DOUBLE_EQ(one->median, 7.25);
    EXPECT_FALSE(one->std); // ddof 1 is undefined for one sample
    EXPECT_FALSE(summarize({}));
}

TEST(AggregationStats, TerasPerSecond)
{
    // 2e12 bytes in 1e6 us (1 s) = 2 TB/s; zero time is undefined.
    EXPECT_DOUBLE_EQ(*terasPerSecond(2e12, 1e6), 2.0);
    EXPECT_FALSE(terasPerSecond(12288, 0));
}

// summarizeCalls gives, to the bit, what summarize() gives for the times
// and for a vector of each rate, without making those vectors.
void expectSameStats(const std::optional<SampleStats>& got, const std::optional<SampleStats>& want)
{
    ASSERT_EQ(bool(got), bool(want));
    if (!want)
        return;
    EXPECT_EQ(got->count, want->count);
    EXPECT_EQ(got->sum, want->sum);
    EXPECT_EQ(got->mean, want->mean);
    EXPECT_EQ(got->median, want->median);
    EXPECT_EQ(got->min, want->min);
    EXPECT_EQ(got->max, want->max);
    ASSERT_EQ(bool(got->std), bool(want->std));
    if (want->std) {
        EXPECT_EQ(*got->std, *want->std);
    }
}

std::optional<SampleStats> ratesByVector(const std::vector<double>& times, double amount)
{
    std::vector<double> rates;
    for (double t : times) {
        if (const auto rate = terasPerSecond(amount, t))
            rates.push_back(*rate);
    }
    return summarize(rates);
}

TEST(AggregationStats, CallStatisticsEqualTheVectorsTheyAvoid)
{
    // Odd and even counts, repeated times, zero times (no rate), one call.
    const std::vector<std::vector<double>> cases = {
        { 3.25, 1.5, 7.0, 1.5, 0.0, 2.125 },
        { 10.0, 0.001, 4.5 },
        { 0.1, 0.2, 0.3, 0.7, 0.11, 0.13, 0.17, 0.0, 0.0 },
        { 5.5 },
        { 0.0 },
    };
    for (const std::vector<double>& original : cases) {
        std::vector<double> times = original;
        const CallStatistics stats = summarizeCalls(times, { 12288.0, std::nullopt, 3.0e9 });
        expectSameStats(stats.time, summarize(original));
        ASSERT_EQ(stats.rates.size(), 3u);
        expectSameStats(stats.rates[0], ratesByVector(original, 12288.0));
        EXPECT_FALSE(stats.rates[1]);
        expectSameStats(stats.rates[2], ratesByVector(original, 3.0e9));
        EXPECT_TRUE(std::is_sorted(times.begin(), times.end())); // left sorted, for CallTimes
    }
    std::vector<double> none;
    const CallStatistics empty = summarizeCalls(none, { 1.0 });
    EXPECT_FALSE(empty.time);
    ASSERT_EQ(empty.rates.size(), 1u);
    EXPECT_FALSE(empty.rates[0]);
}

TEST_F(Aggregation, SameNameAndArgsFormOneRowOtherDimsAnother)
{
    const QByteArray name = "triton_poi_fused_add_0";
    const auto result = run(call(name, 100, 10, 1, poiArgs(1024)) + ",\n" + call(name, 200, 30, 2, poiArgs(1024)) + ",\n"
        + call(name, 300, 5, 3, poiArgs(2048)));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 2u);
    // Sorted by total time: the 1024 group (10 + 30 = 40 us) before the 2048 one (5 us).
    const KernelRow& pair = result->rows[0];
    const KernelRow& single = result->rows[1];
    EXPECT_EQ(pair.name, QString::fromLatin1(name));
    EXPECT_EQ(single.name, QString::fromLatin1(name));
    EXPECT_EQ(pair.args->inputDimsJson, QStringLiteral("[[1024], [1024], []]"));
    EXPECT_EQ(single.args->inputDimsJson, QStringLiteral("[[2048], [2048], []]"));
    EXPECT_EQ(pair.calls, 2);
    EXPECT_EQ(single.calls, 1);
    ASSERT_TRUE(pair.kernelTimeUs && single.kernelTimeUs);
    EXPECT_DOUBLE_EQ(pair.kernelTimeUs->sum, 40.0);
    EXPECT_DOUBLE_EQ(pair.kernelTimeUs->mean, 20.0);
    EXPECT_DOUBLE_EQ(*pair.kernelTimeUs->std, std::sqrt(200.0)); // (100 + 100) / 1
    EXPECT_DOUBLE_EQ(single.kernelTimeUs->sum, 5.0);
    // Figures per group: 12 x 1024 = 12288 bytes and 12 x 2048 = 24576 bytes.
    EXPECT_DOUBLE_EQ(*pair.bytes(), 12288.0);
    EXPECT_DOUBLE_EQ(*single.bytes(), 24576.0);
}

TEST_F(Aggregation, ThroughputIsAveragedPerCall)
{
    // 12288 bytes in 100 us = 1.2288e-4 TB/s, in 200 us = 6.144e-5 TB/s;
    // mean 9.216e-5, not 12288 / 150 us = 8.192e-5.
    const QByteArray name = "triton_poi_fused_add_0";
    const auto result = run(call(name, 100, 100, 1, poiArgs(1024)) + ",\n" + call(name, 200, 200, 2, poiArgs(1024)));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    ASSERT_TRUE(r.tbPerS);
    EXPECT_EQ(r.tbPerS->count, 2);
    EXPECT_NEAR(r.tbPerS->mean, 9.216e-5, 1e-15);
    EXPECT_NEAR(r.tbPerS->max, 1.2288e-4, 1e-15);
    EXPECT_NEAR(r.tbPerS->min, 6.144e-5, 1e-15);
    // 1024 FLOPs: 1.024e-5 and 5.12e-6 TFLOPS/s, mean 7.68e-6.
    ASSERT_TRUE(r.tflopsPerS);
    EXPECT_NEAR(r.tflopsPerS->mean, 7.68e-6, 1e-16);
    // FLOPS/Byte is the same for every call: 1024 / 12288 = 1/12.
    EXPECT_DOUBLE_EQ(*r.flopsPerByte(), 1.0 / 12.0);
}

TEST_F(Aggregation, ShareOfGpuTimeCountsEveryKernelEvent)
{
    // Triton kernel 100 us, a GEMM without a Triton op 300 us: share 100 / 400.
    const auto result = run(
        call("triton_poi_fused_add_0", 100, 100, 1, poiArgs(1024)) + ",\n" + kernelEvent("Cijk_Ailk_Bljk_BBS_MT256x256", 2000, 300, 50));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u); // the GEMM makes no row
    EXPECT_DOUBLE_EQ(result->totalGpuKernelTimeUs, 400.0);
    EXPECT_DOUBLE_EQ(result->tritonKernelTimeUs, 100.0);
    ASSERT_TRUE(result->rows.front().shareOfGpuTime);
    EXPECT_DOUBLE_EQ(*result->rows.front().shareOfGpuTime, 0.25);
}

TEST_F(Aggregation, RowsSortedByTotalTimeDescending)
{
    // a: 50 us; b: 2 calls x 100 = 200 us; c: 120 us; d: op only (no time) last.
    const auto result = run(call("triton_poi_fused_add_0", 100, 50, 1, poiArgs(1024)) + ",\n"
        + call("triton_poi_fused_mul_1", 200, 100, 2, poiArgs(1024)) + ",\n" + call("triton_poi_fused_mul_1", 300, 100, 3, poiArgs(1024))
        + ",\n" + call("triton_poi_fused_sub_2", 400, 120, 4, poiArgs(1024)) + ",\n"
        + tritonOpEvent("triton_poi_fused_abs_3", 500, 10, 5, poiArgs(1024)));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 4u);
    EXPECT_EQ(result->rows[0].name, QStringLiteral("triton_poi_fused_mul_1"));
    EXPECT_EQ(result->rows[1].name, QStringLiteral("triton_poi_fused_sub_2"));
    EXPECT_EQ(result->rows[2].name, QStringLiteral("triton_poi_fused_add_0"));
    EXPECT_EQ(result->rows[3].name, QStringLiteral("triton_poi_fused_abs_3"));
    EXPECT_DOUBLE_EQ(result->rows[0].kernelTimeUs->sum, 200.0);
    EXPECT_DOUBLE_EQ(result->rows[1].kernelTimeUs->sum, 120.0);
    EXPECT_DOUBLE_EQ(result->rows[2].kernelTimeUs->sum, 50.0);
    EXPECT_FALSE(result->rows[3].kernelTimeUs);
    EXPECT_DOUBLE_EQ(result->tritonKernelTimeUs, 370.0); // 200 + 120 + 50
}

TEST_F(Aggregation, FlopsPerByteUndefinedWhenBytesAreZero)
{
    // Only a Scalar argument: no tensor, so bytes = 0 while FLOPs = 1 x 1024.
    const QByteArray args = R"("Input Dims": [[]], "Input type": ["Scalar"], "Concrete Inputs": ["1024"])";
    const auto result = run(call("triton_poi_fused_add_0", 100, 10, 1, args));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    const KernelRow& r = result->rows.front();
    ASSERT_EQ(r.provenance(), Provenance::V2) << r.model->reason.toStdString();
    ASSERT_TRUE(r.bytes());
    EXPECT_DOUBLE_EQ(*r.bytes(), 0.0);
    EXPECT_DOUBLE_EQ(*r.flops(), 1024.0);
    EXPECT_FALSE(r.flopsPerByte()); // undefined, not 0 and not infinity
    // 1024 FLOPs in 10 us = 1.024e-4 TFLOPS/s.
    ASSERT_TRUE(r.tflopsPerS);
    EXPECT_NEAR(r.tflopsPerS->mean, 1.024e-4, 1e-15);
}

TEST_F(Aggregation, KernelOnlyCallsOfOneNameGroupTogether)
{
    // Two replayed kernels of one name (corr 7 and 8, no launches): one row, 2 calls, 4 + 6 us.
    const auto result = run(kernelEvent("triton_red_fused_sum_4", 100, 4, 7) + ",\n" + kernelEvent("triton_red_fused_sum_4", 200, 6, 8));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 1u);
    EXPECT_EQ(result->rows[0].kind, RowKind::KernelOnly);
    EXPECT_EQ(result->rows[0].calls, 2);
    EXPECT_DOUBLE_EQ(result->rows[0].kernelTimeUs->mean, 5.0);
    EXPECT_FALSE(result->rows[0].tbPerS);
}

} // namespace

TEST_F(Aggregation, RowsOfOneKindShareTheirTextsAndLibraryRowsOneModel)
{
    // Two Triton kernels of distinct names and the same args, and two
    // library kernels: what a row keeps must not grow with the sentences
    // every row of a kind repeats (issue 34: 200,000 such rows held 1.6 KB
    // of copies each), nor with a library row's empty model.
    const auto result = run(call("triton_poi_fused_add_0", 100, 10, 1, poiArgs(1024)) + ",\n"
        + call("triton_poi_fused_add_1", 200, 20, 2, poiArgs(1024)) + ",\n" + kernelEvent("void gemm_a<float>(float*)", 400, 5, 90) + ",\n"
        + kernelEvent("void gemm_b<float>(float*)", 500, 6, 91));
    ASSERT_TRUE(result);
    ASSERT_EQ(result->rows.size(), 2u);
    const KernelModel& a = *result->rows[0].model;
    const KernelModel& b = *result->rows[1].model;
    ASSERT_FALSE(a.reason.isEmpty());
    EXPECT_EQ(a.reason, b.reason);
    EXPECT_EQ(a.reason.constData(), b.reason.constData()) << "one copy of the reason";
    ASSERT_FALSE(a.xnumelSource.isEmpty());
    EXPECT_EQ(a.xnumelSource.constData(), b.xnumelSource.constData());
    ASSERT_FALSE(a.tensors.empty());
    EXPECT_EQ(a.tensors[0].dtype.constData(), b.tensors[0].dtype.constData());
    // Equal in everything a model reads (category, fused ops, args): one model.
    EXPECT_EQ(&a, &b) << "kernels of one pattern and shape share their figures";

    ASSERT_EQ(result->libraryKernels.size(), 2u);
    const KernelRow& gemmA = result->libraryKernels[0];
    const KernelRow& gemmB = result->libraryKernels[1];
    EXPECT_EQ(&*gemmA.model, &*gemmB.model) << "library rows of one kind of work share one model";
    EXPECT_EQ(gemmA.provenance(), Provenance::None);
    EXPECT_TRUE(gemmA.model->reason.contains(u"not modelled")) << gemmA.model->reason.toStdString();
    // A million library rows are a million of these: the big parts live on the heap, shared.
    EXPECT_LE(sizeof(KernelRow), 304u);
}

TEST_F(Aggregation, KernelsOfOnePatternAndShapeShareAModelUntilARowAddsToIt)
{
    // add_0 and add_1: same fused ops, same args. add_2: the same, but its
    // op launched no kernel, which its reason says. add_3: other args.
    const auto result
        = run(call("triton_poi_fused_add_0", 100, 10, 1, poiArgs(1024)) + ",\n" + call("triton_poi_fused_add_1", 200, 20, 2, poiArgs(1024))
            + ",\n" + tritonOpEvent("triton_poi_fused_add_2", 300, 10, 3, poiArgs(1024)) + ",\n"
            + call("triton_poi_fused_add_3", 400, 30, 4, poiArgs(2048)));
    ASSERT_TRUE(result);
    const KernelRow* add0 = findRow(result, QStringLiteral("triton_poi_fused_add_0"));
    const KernelRow* add1 = findRow(result, QStringLiteral("triton_poi_fused_add_1"));
    const KernelRow* add2 = findRow(result, QStringLiteral("triton_poi_fused_add_2"));
    const KernelRow* add3 = findRow(result, QStringLiteral("triton_poi_fused_add_3"));
    ASSERT_TRUE(add0 && add1 && add2 && add3);
    EXPECT_EQ(&*add0->model, &*add1->model);
    EXPECT_EQ(add0->bytes(), 12.0 * 1024);

    ASSERT_EQ(add2->kind, RowKind::OpOnly);
    EXPECT_NE(&*add2->model, &*add0->model);
    EXPECT_TRUE(add2->model->reason.contains(u"no GPU kernel")) << add2->model->reason.toStdString();
    EXPECT_FALSE(add0->model->reason.contains(u"no GPU kernel")) << "the shared model is left as it was";
    EXPECT_EQ(add2->bytes(), add0->bytes());

    EXPECT_NE(&*add3->model, &*add0->model);
    EXPECT_EQ(add3->bytes(), 12.0 * 2048);
}
