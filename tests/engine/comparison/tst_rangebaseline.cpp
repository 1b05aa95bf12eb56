// Issue 34: with --baseline, --range restricted only the candidate, so a
// trace against itself read "2.22x faster". A range is now the same offsets
// from each trace's own first GPU event, and every export and report it
// shaped names it (root `range`, null for the whole trace).
#include "engine/analysis.h"
#include "engine/comparison/tracecomparison.h"
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/lens/judgement.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// Two calls of one Triton kernel of 4 us, the first GPU event at 120 us and
// the second 400 us later: the range 0:100 holds only the first.
QByteArray twoCallTrace()
{
    const QByteArray args = R"("Input Dims": [[256], []], "Input type": ["float", "Scalar"], "Concrete Inputs": ["", "256"])";
    QByteArray events;
    for (int call = 0; call < 2; ++call) {
        const double at = 100 + 400 * call;
        const int id = call + 1;
        events += (call ? ",\n" : "") + tritonOpEvent("triton_poi_fused_mul_0", at, 10, id, args) + ",\n" + launchEvent(at + 2, 2, id)
            + ",\n" + flowEnd(id) + ",\n" + kernelEvent("triton_poi_fused_mul_0", at + 20, 4, id);
    }
    return traceJson(events);
}

AnalysisOutcome analyzeIn(const QString& path, std::optional<TimeRangeUs> range)
{
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    options.figures.gpuRange = range;
    return analyzeTrace(path, options, {});
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

const TimeRangeUs firstCall { 0, 100 };

} // namespace

TEST(RangeWithBaseline, ATraceAgainstItselfInTheSameRangeIsUnchanged)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("two.json"), twoCallTrace());
    const AnalysisOutcome ranged = analyzeIn(path, firstCall);
    const AnalysisOutcome whole = analyzeIn(path, std::nullopt);
    ASSERT_EQ(ranged.status, AnalysisOutcome::Status::Ok) << qPrintable(ranged.error);
    ASSERT_EQ(whole.status, AnalysisOutcome::Status::Ok) << qPrintable(whole.error);
    ASSERT_DOUBLE_EQ(ranged.result->totalGpuKernelTimeUs, 4);
    ASSERT_DOUBLE_EQ(whole.result->totalGpuKernelTimeUs, 8);

    const auto same = judge(ranged.result, datasheetLens(), ranged.result);
    ASSERT_TRUE(same->comparison);
    ASSERT_TRUE(same->comparison->gpuTimeSpeedup);
    EXPECT_DOUBLE_EQ(*same->comparison->gpuTimeSpeedup, 1.0);
    EXPECT_TRUE(same->gpuWarnings().isEmpty());

    // The old way, the range on the candidate alone: 8 us over 4 reads 2x faster,
    // and the judgement says the spans differ.
    const auto lopsided = judge(ranged.result, datasheetLens(), whole.result);
    ASSERT_TRUE(lopsided->comparison->gpuTimeSpeedup);
    EXPECT_DOUBLE_EQ(*lopsided->comparison->gpuTimeSpeedup, 2.0);
    const QStringList warnings = lopsided->gpuWarnings();
    ASSERT_EQ(warnings.size(), 1);
    EXPECT_EQ(warnings[0],
        QStringLiteral("the trace is counted in the range 0.000 to 100.000 us and the baseline in the whole trace: "
                       "the speedups compare different spans"));
}

TEST(RangeWithBaseline, EveryExportNamesItsRangeAndNullWithout)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("two.json"), twoCallTrace());
    const AnalysisOutcome ranged = analyzeIn(path, firstCall);
    const AnalysisOutcome whole = analyzeIn(path, std::nullopt);
    ASSERT_EQ(ranged.status, AnalysisOutcome::Status::Ok) << qPrintable(ranged.error);
    ASSERT_EQ(whole.status, AnalysisOutcome::Status::Ok) << qPrintable(whole.error);

    const QJsonObject alone = exportObject(*judge(whole.result, datasheetLens()));
    ASSERT_TRUE(alone.contains(QStringLiteral("range")));
    EXPECT_TRUE(alone.value(QStringLiteral("range")).isNull());

    const auto comparison = judge(ranged.result, datasheetLens(), ranged.result);
    const QJsonObject compared = QJsonDocument::fromJson(exportComparisonJson(*comparison)).object();
    const QJsonObject range = compared.value(QStringLiteral("range")).toObject();
    EXPECT_EQ(range.value(QStringLiteral("start_us")).toDouble(-1), 0.0);
    EXPECT_EQ(range.value(QStringLiteral("end_us")).toDouble(-1), 100.0);
    EXPECT_EQ(range.size(), 2);

    ReportInputs report;
    report.judgement = comparison.get();
    const QString text = QString::fromUtf8(markdownReport(report));
    EXPECT_TRUE(text.contains(QStringLiteral("- Range: 0.00 \u00b5s to 100 \u00b5s from the first GPU event (the baseline's: the same from "
                                             "its own first); only the GPU events that start in it count\n")))
        << qPrintable(text.left(600));
    const auto wholeJudgement = judge(whole.result, datasheetLens());
    report.judgement = wholeJudgement.get();
    EXPECT_FALSE(QString::fromUtf8(markdownReport(report)).contains(QStringLiteral("Range:")));
}

// Through the real command line: the baseline takes the range too.
TEST(RangeWithBaseline, TheCommandLineRangesTheBaselineAsTheCandidate)
{
    TempTraces traces;
    const QString path = traces.write(QStringLiteral("two.json"), twoCallTrace());
    const QString out = traces.path(QStringLiteral("compared.json"));
    const QString report = traces.path(QStringLiteral("report.md"));
    QProcess process;
    process.start(QStringLiteral(RIDGELINE_BINARY),
        { QStringLiteral("-q"), QStringLiteral("--no-inductor-cache"), path, QStringLiteral("--baseline"), path, QStringLiteral("--range"),
            QStringLiteral("0:100"), QStringLiteral("--export"), out, QStringLiteral("--report"), report });
    ASSERT_TRUE(process.waitForFinished(120000));
    ASSERT_EQ(process.exitCode(), 0) << process.readAllStandardError().constData();

    const QJsonObject root = readJson(out);
    const QJsonObject summary = root.value(QStringLiteral("comparison")).toObject();
    EXPECT_EQ(summary.value(QStringLiteral("gpu_time_speedup")).toDouble(), 1.0);
    EXPECT_EQ(summary.value(QStringLiteral("triton_time_speedup")).toDouble(), 1.0);
    EXPECT_EQ(root.value(QStringLiteral("total_gpu_kernel_time_us")).toDouble(), 4.0);
    const QJsonObject range = root.value(QStringLiteral("range")).toObject();
    EXPECT_EQ(range.value(QStringLiteral("start_us")).toDouble(-1), 0.0);
    EXPECT_EQ(range.value(QStringLiteral("end_us")).toDouble(-1), 100.0);
    EXPECT_TRUE(root.value(QStringLiteral("warnings")).toArray().isEmpty());

    QFile markdown(report);
    ASSERT_TRUE(markdown.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(markdown.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("- Range: 0.00 \u00b5s to 100 \u00b5s from the first GPU event")));
    EXPECT_TRUE(text.contains(QStringLiteral("unchanged"))) << qPrintable(text);
}
