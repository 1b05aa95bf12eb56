// Issue 31, defect 4: with no GPU chosen and a baseline whose GPU is not in
// the catalogue, the window measured the baseline against the candidate's
// GPU and the command line against the catalogue's first. Both now go
// through pickGpu: the trace's own GPU, else the catalogue's default, with a
// warning that names the baseline.
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

const QByteArray unknownGpu = "Mystery GPU 9000";

// One Triton kernel of 4 us, the trace naming `gpu`.
QByteArray oneKernelTrace(const QByteArray& gpu)
{
    const QByteArray args = R"("Input Dims": [[256], []], "Input type": ["float", "Scalar"], "Concrete Inputs": ["", "256"])";
    const QByteArray events = tritonOpEvent("triton_poi_fused_mul_0", 100, 10, 1, args) + ",\n" + launchEvent(102, 2, 7) + ",\n"
        + flowEnd(7) + ",\n" + kernelEvent("triton_poi_fused_mul_0", 120, 4, 7);
    return traceJson(events).replace("AMD Instinct MI300X", gpu);
}

// The candidate runs on H100 (in the catalogue), the baseline on a GPU it lacks.
struct Pair
{
    TempTraces traces;
    QString candidate = traces.write(QStringLiteral("h100.json"), oneKernelTrace("H100"));
    QString baseline = traces.write(QStringLiteral("mystery.json"), oneKernelTrace(unknownGpu));
};

} // namespace

TEST(BaselineGpu, ABaselineOnAGpuTheCatalogueLacksIsJudgedOnTheDefaultNotTheCandidates)
{
    Pair pair;
    const AnalysisOutcome candidate = analyze(pair.candidate);
    const AnalysisOutcome baseline = analyze(pair.baseline);
    ASSERT_EQ(candidate.status, AnalysisOutcome::Status::Ok) << qPrintable(candidate.error);
    ASSERT_EQ(baseline.status, AnalysisOutcome::Status::Ok) << qPrintable(baseline.error);
    const auto judgement = judge(candidate.result, datasheetLens(), baseline.result);

    const QString fallback = GpuCatalog::builtIn().defaultGpu().name;
    const GpuSpec* h100 = GpuCatalog::builtIn().find(QStringLiteral("H100"));
    ASSERT_TRUE(h100);
    ASSERT_NE(fallback, h100->name);
    EXPECT_EQ(judgement->trace.gpuSpec().name, h100->name);
    EXPECT_EQ(judgement->trace.gpu.source, GpuPick::Source::Trace);
    ASSERT_TRUE(judgement->baseline);
    EXPECT_EQ(judgement->baseline->gpuSpec().name, fallback);
    EXPECT_EQ(judgement->baseline->gpu.source, GpuPick::Source::Default);
    EXPECT_EQ(judgement->comparison->baselineGpu, fallback);

    const QStringList warnings = judgement->gpuWarnings();
    ASSERT_EQ(warnings.size(), 1);
    EXPECT_TRUE(warnings[0].startsWith(QStringLiteral("baseline: the trace's GPU \"Mystery GPU 9000\" is not in the GPU catalogue")))
        << qPrintable(warnings[0]);
    EXPECT_TRUE(warnings[0].contains(QStringLiteral("the roofs drawn are %1's").arg(fallback))) << qPrintable(warnings[0]);
}

// The command line's comparison export says the same GPU and the same warning.
TEST(BaselineGpu, TheCommandLinePicksTheSameGpuForTheBaseline)
{
    Pair pair;
    const QString out = pair.traces.path(QStringLiteral("compared.json"));
    QProcess process;
    process.start(QStringLiteral(RIDGELINE_BINARY),
        { QStringLiteral("-q"), QStringLiteral("--no-inductor-cache"), pair.candidate, QStringLiteral("--baseline"), pair.baseline,
            QStringLiteral("--export"), out });
    ASSERT_TRUE(process.waitForFinished(120000));
    ASSERT_EQ(process.exitCode(), 0) << process.readAllStandardError().constData();
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();

    const QString fallback = GpuCatalog::builtIn().defaultGpu().name;
    const QJsonObject summary = root.value(QStringLiteral("comparison")).toObject();
    EXPECT_EQ(summary.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("gpu")).toString(), fallback)
        << QJsonDocument(summary).toJson().constData();
    EXPECT_EQ(root.value(QStringLiteral("gpu")).toString(), GpuCatalog::builtIn().find(QStringLiteral("H100"))->name);
    bool warned = false;
    for (const QJsonValue& warning : root.value(QStringLiteral("warnings")).toArray())
        warned = warned || warning.toString().startsWith(QStringLiteral("baseline: the trace's GPU \"Mystery GPU 9000\""));
    EXPECT_TRUE(warned) << QJsonDocument(root.value(QStringLiteral("warnings")).toArray()).toJson().constData();
}
