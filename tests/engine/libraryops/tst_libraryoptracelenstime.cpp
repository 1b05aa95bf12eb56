// A library op's time beside TraceLens's (ATEN_MODELS.md §1.3, issue 30 §5):
// ROCm writes no ac2g flow start for hipMemset/hipMemsetAsync, and TraceLens
// links a runtime call to its GPU event only through both ends of that flow,
// so the op's memsets count in Ridgeline's busy time and not in TraceLens's.
// Hand-made traces through the reader; times derived in the comments.
#include "engine/export/resultexport.h"
#include "engine/input/tracereader.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// mean of a whole [8, 16, 32, 32] float tensor: 131,072 FLOPs; 524,288 + 4 =
// 524,292 bytes, TraceLens's figures too (one output either way).
const QByteArray meanArgs = R"("Input Dims": [[8, 16, 32, 32], []], "Input type": ["float", ""], )"
                            R"("Input Strides": [[16384, 1024, 32, 1], []], "Concrete Inputs": ["", ""])";
constexpr double meanBytes = 524'292;
// sum over dim 1 of [8, 16] float: 544 bytes; TraceLens counts one output: 516.
const QByteArray sumArgs = R"("Input Dims": [[8, 16], [], [], []], "Input type": ["float", "ScalarList", "Scalar", ""], )"
                           R"("Input Strides": [[16, 1], [], [], []], "Concrete Inputs": ["", "[1]", "False", ""])";
// mul of two [1024] floats: the same figures for both, and no memset.
const QByteArray mulArgs = R"("Input Dims": [[1024], [1024]], "Input type": ["float", "float"], )"
                           R"("Input Strides": [[1], [1]], "Concrete Inputs": ["", ""])";

QByteArray opEvent(const QByteArray& name, double ts, double dur, const QByteArray& args)
{
    return tritonOpEvent(name, ts, dur, 1, args);
}

// The start of a launch's ac2g flow, on the launching thread, as Kineto writes it.
QByteArray flowStart(int correlation, double ts)
{
    return "{\"ph\": \"s\", \"id\": " + QByteArray::number(correlation)
        + ", \"pid\": 100, \"tid\": 1, \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"cat\": \"ac2g\", \"name\": \"ac2g\"}";
}

QByteArray memsetEvent(double ts, double dur, int correlation)
{
    return "{\"ph\": \"X\", \"cat\": \"gpu_memset\", \"name\": \"Memset (Device)\", \"pid\": 2, \"tid\": 0, \"ts\": "
        + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

QByteArray joined(std::initializer_list<QByteArray> events)
{
    QByteArray out;
    for (const QByteArray& event : events)
        out += (out.isEmpty() ? QByteArray() : QByteArray(",\n")) + event;
    return out;
}

// Three calls of the mean (two with a memset, one without), one of the sum
// with a memset, one of the mul without. Each kernel launch writes its flow
// start; the memsets' hipMemsetAsync write none. The mean's second flow
// start comes before its launch in the file: matched after reading.
//   mean 1: memset [200, 202], kernel [203, 213]: busy 12, TraceLens 10
//   mean 2: memset [400, 401.5], kernel [402, 411]: busy 10.5, TraceLens 9
//   mean 3: kernel [600, 608]: 8 both
//   sum:    memset [800, 801], kernel [802, 806]: busy 5, TraceLens 4
//   mul:    kernel [900, 903]: 3 both
QByteArray memsetTrace()
{
    return joined({
        opEvent("aten::mean", 100, 50, meanArgs),
        launchEvent(105, 3, 1, "hipMemsetAsync"),
        launchEvent(110, 5, 2, "hipLaunchKernel"),
        flowStart(2, 110),
        memsetEvent(200, 2, 1),
        kernelEvent("reduce_kernel_mean", 203, 10, 2),
        opEvent("aten::mean", 300, 50, meanArgs),
        launchEvent(305, 3, 3, "hipMemsetAsync"),
        flowStart(4, 310),
        launchEvent(310, 5, 4, "hipLaunchKernel"),
        memsetEvent(400, 1.5, 3),
        kernelEvent("reduce_kernel_mean", 402, 9, 4),
        opEvent("aten::mean", 500, 50, meanArgs),
        launchEvent(510, 5, 5, "hipLaunchKernel"),
        flowStart(5, 510),
        kernelEvent("reduce_kernel_mean", 600, 8, 5),
        opEvent("aten::sum", 700, 50, sumArgs),
        launchEvent(705, 3, 6, "hipMemsetAsync"),
        launchEvent(710, 5, 7, "hipLaunchKernel"),
        flowStart(7, 710),
        memsetEvent(800, 1, 6),
        kernelEvent("reduce_kernel_sum", 802, 4, 7),
        opEvent("aten::mul", 850, 20, mulArgs),
        launchEvent(855, 5, 8, "hipLaunchKernel"),
        flowStart(8, 855),
        kernelEvent("elementwise_kernel_mul", 900, 3, 8),
    });
}

class TraceLensTime : public ::testing::Test
{
protected:
    std::shared_ptr<const AnalysisResult> run(const QByteArray& events)
    {
        const AnalysisOutcome outcome = analyze(m_traces.write(QStringLiteral("trace.json"), traceJson(events)));
        EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
        return outcome.result;
    }
    static QJsonObject exportedRow(const AnalysisResult& result, const QString& name)
    {
        const QJsonObject root = QJsonDocument::fromJson(exportJson(*judgedOnMi300x(result))).object();
        for (const QJsonValue& value : root.value(QStringLiteral("kernels")).toArray()) {
            if (value.toObject().value(QStringLiteral("name")).toString() == name)
                return value.toObject();
        }
        return {};
    }
    TempTraces m_traces;
};

TEST_F(TraceLensTime, TheReaderMarksLaunchesWithAFlowStart)
{
    const QString path = m_traces.write(QStringLiteral("trace.json"), traceJson(memsetTrace()));
    const TraceReadResult read = readTrace(path, JobControl {});
    ASSERT_EQ(read.status, TraceReadResult::Status::Ok) << read.error.toStdString();
    EXPECT_TRUE(read.trace.flowStartsRecorded);
    EXPECT_TRUE(read.trace.unmatchedFlowStarts.empty()); // matched and freed
    QList<std::int64_t> withStart, without;
    for (const LaunchRecord& launch : read.trace.launches)
        (launch.hasFlowStart ? withStart : without).append(launch.key);
    // The kernel launches, the one whose start came first included; not the memsets.
    EXPECT_EQ(withStart, (QList<std::int64_t> { 2, 4, 5, 7, 8 }));
    EXPECT_EQ(without, (QList<std::int64_t> { 1, 3, 6 }));
    EXPECT_FALSE(read.trace.traceLensLinks(read.trace.launches[0]));
    EXPECT_TRUE(read.trace.traceLensLinks(read.trace.launches[1]));
}

TEST_F(TraceLensTime, AnOpWithAMemsetKeepsItsTimeAndExportsTraceLensTimeBesideIt)
{
    const auto result = run(memsetTrace());
    ASSERT_TRUE(result);
    const KernelRow* mean = findRow(*result, QStringLiteral("aten::mean"));
    ASSERT_NE(mean, nullptr);
    // Ridgeline's busy time keeps the memsets: 12 + 10.5 + 8 = 30.5.
    ASSERT_TRUE(mean->kernelTimeUs);
    EXPECT_DOUBLE_EQ(mean->kernelTimeUs->sum, 30.5);
    EXPECT_EQ(mean->calls, 3);
    ASSERT_TRUE(mean->traceLens);
    EXPECT_FALSE(mean->traceLens->figuresDiffer);
    ASSERT_TRUE(mean->traceLens->kernelTimeUs);
    EXPECT_DOUBLE_EQ(mean->traceLens->kernelTimeUs->sum, 27.0); // 10 + 9 + 8

    const QJsonObject row = exportedRow(*result, QStringLiteral("aten::mean"));
    ASSERT_FALSE(row.isEmpty());
    const QJsonObject ours = row.value(QStringLiteral("kernel_time_us")).toObject();
    EXPECT_DOUBLE_EQ(ours.value(QStringLiteral("sum")).toDouble(), 30.5);
    EXPECT_DOUBLE_EQ(ours.value(QStringLiteral("median")).toDouble(), 10.5);
    EXPECT_DOUBLE_EQ(ours.value(QStringLiteral("max")).toDouble(), 12.0);
    // Present although TraceLens's figures are the same: only the time differs.
    const QJsonObject tl = row.value(QStringLiteral("tracelens")).toObject();
    ASSERT_FALSE(tl.isEmpty()) << QJsonDocument(row).toJson().toStdString();
    EXPECT_FALSE(tl.contains(QStringLiteral("flops"))); // its figures are Ridgeline's: not repeated
    const QJsonObject time = tl.value(QStringLiteral("kernel_time_us")).toObject();
    EXPECT_EQ(time.keys(),
        (QStringList {
            QStringLiteral("max"), QStringLiteral("mean"), QStringLiteral("median"), QStringLiteral("min"), QStringLiteral("sum") }));
    EXPECT_DOUBLE_EQ(time.value(QStringLiteral("sum")).toDouble(), 27.0);
    EXPECT_DOUBLE_EQ(time.value(QStringLiteral("mean")).toDouble(), 9.0);
    EXPECT_DOUBLE_EQ(time.value(QStringLiteral("median")).toDouble(), 9.0);
    EXPECT_DOUBLE_EQ(time.value(QStringLiteral("min")).toDouble(), 8.0);
    EXPECT_DOUBLE_EQ(time.value(QStringLiteral("max")).toDouble(), 10.0);
    // TB/s over TraceLens's time: the mean of 524,292 B over 10, 9 and 8 us
    // (exported to six significant digits).
    const double tbPerS = (meanBytes / 10e6 + meanBytes / 9e6 + meanBytes / 8e6) / 3.0;
    EXPECT_NEAR(tl.value(QStringLiteral("tb_per_s")).toDouble(), tbPerS, 5e-6 * tbPerS);
    // 131,072 FLOPs over the same times.
    const double tflopsPerS = (131'072 / 10e6 + 131'072 / 9e6 + 131'072 / 8e6) / 3.0;
    EXPECT_NEAR(tl.value(QStringLiteral("tflops_per_s")).toDouble(), tflopsPerS, 5e-6 * tflopsPerS);
    const QString why = tl.value(QStringLiteral("time_why")).toString();
    EXPECT_TRUE(
        why.startsWith(QStringLiteral("2 of the op's GPU events (Memset (Device)) ran from runtime calls that wrote no flow start")))
        << why.toStdString();
    EXPECT_TRUE(why.contains(QStringLiteral("27.000 \u00b5s against Ridgeline's 30.500 \u00b5s over 3 calls"))) << why.toStdString();
}

TEST_F(TraceLensTime, WhereTheFiguresDifferTooTheBlockHoldsBoth)
{
    const auto result = run(memsetTrace());
    ASSERT_TRUE(result);
    const QJsonObject row = exportedRow(*result, QStringLiteral("aten::sum"));
    ASSERT_FALSE(row.isEmpty());
    EXPECT_DOUBLE_EQ(row.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 5.0);
    EXPECT_EQ(row.value(QStringLiteral("bytes")).toInteger(), 544);
    const QJsonObject tl = row.value(QStringLiteral("tracelens")).toObject();
    EXPECT_EQ(tl.value(QStringLiteral("bytes")).toInteger(), 516);
    EXPECT_FALSE(tl.value(QStringLiteral("why")).toString().isEmpty());
    EXPECT_DOUBLE_EQ(tl.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 4.0);
    // TraceLens's bytes over TraceLens's time: 516 B in 4 us.
    EXPECT_NEAR(tl.value(QStringLiteral("tb_per_s")).toDouble(), 516 / 4e6, 5e-6 * 516 / 4e6);
    EXPECT_TRUE(tl.value(QStringLiteral("time_why")).toString().startsWith(QStringLiteral("1 of the op's GPU events")));
}

TEST_F(TraceLensTime, WithoutAMemsetOrWithoutFlowStartsNothingDiffers)
{
    const auto result = run(memsetTrace());
    ASSERT_TRUE(result);
    const KernelRow* mul = findRow(*result, QStringLiteral("aten::mul"));
    ASSERT_NE(mul, nullptr);
    EXPECT_FALSE(mul->traceLens);
    EXPECT_FALSE(exportedRow(*result, QStringLiteral("aten::mul")).contains(QStringLiteral("tracelens")));

    // The same trace without any flow start (another tool wrote it): nothing
    // says what TraceLens would link, so no time of its is claimed.
    QByteArray withoutStarts = memsetTrace();
    QList<QByteArray> kept;
    for (const QByteArray& line : withoutStarts.split('\n')) {
        if (!line.contains("\"ph\": \"s\""))
            kept << line;
    }
    withoutStarts = kept.join('\n');
    if (withoutStarts.endsWith(','))
        withoutStarts.chop(1);
    const auto plain = run(withoutStarts);
    ASSERT_TRUE(plain);
    const KernelRow* mean = findRow(*plain, QStringLiteral("aten::mean"));
    ASSERT_NE(mean, nullptr);
    EXPECT_DOUBLE_EQ(mean->kernelTimeUs->sum, 30.5);
    EXPECT_FALSE(mean->traceLens);
}

} // namespace
