// What the window shows, without widgets: one change of the lens (t0, peak
// set, GPU) reaches the table's rows, the roofline data, the time budget,
// the timeline's colours and the bytes of every export, the same bytes the
// command line writes with the same choice.
#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "itemmodels/kerneltablemodel.h"
#include "shownanalysis.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Everything the window's path gives for one state: the table's rows (a
// model wired as the window wires it), the judgement's roofline, budget and
// timeline colours, and the three exports' bytes.
struct Window
{
    ShownAnalysis shown;
    KernelTableModel table;
    QTemporaryDir dir;

    Window()
    {
        QObject::connect(&shown, &ShownAnalysis::changed, &table, [this] { table.setJudgement(shown.judgement()); });
        shown.setPeakSet(PeakSet::Datasheet); // the figures below are datasheet ones (max-achievable is the default)
    }
    QString cell(int row, int column) const { return table.index(row, column).data().toString(); }
    QByteArray exported(const QString& name) const
    {
        QString error;
        const QString path = dir.filePath(name);
        EXPECT_TRUE(shown.exportKernelTable(path, &error)) << qPrintable(error);
        return fileBytes(path);
    }
};

// What `ridgeline --export --gpu G --peaks P --latency-floor T` writes for
// one trace: a lens of its own, judged apart from the window's.
QByteArray commandLineExport(const QString& path, const std::shared_ptr<const AnalysisResult>& result, const GpuSpec& gpu, PeakSet peaks,
    std::optional<double> latencyFloorUs)
{
    Lens lens = datasheetLens();
    lens.gpuChoice = gpu.name;
    lens.peaks = peaks;
    lens.latencyFloorUs = latencyFloorUs;
    QString error;
    EXPECT_TRUE(writeExport(path, *judge(result, lens), &error)) << qPrintable(error);
    return fileBytes(path);
}

} // namespace

TEST(ShownAnalysis, SaysOnceWhenItChangedAndNotWhenAValueIsTheSame)
{
    ShownAnalysis shown;
    QSignalSpy changed(&shown, &ShownAnalysis::changed);
    EXPECT_EQ(shown.judgement(), nullptr);
    const auto result = timeBudgetFixture();
    shown.setResult(result);
    EXPECT_EQ(changed.count(), 1);
    ASSERT_NE(shown.judgement(), nullptr);
    shown.setResult(result);
    shown.setLatencyFloor(std::nullopt);
    shown.setPeakSet(PeakSet::MaxAchievable); // the default
    shown.setGpuChoice({});
    shown.setCacheRoofs(false);
    shown.setLens(shown.lens());
    shown.setBaseline(nullptr);
    EXPECT_EQ(changed.count(), 1) << "equal values change nothing";
    shown.setLatencyFloor(11.0);
    EXPECT_EQ(changed.count(), 2);
    shown.setLatencyFloor(11.0);
    EXPECT_EQ(changed.count(), 2);
    Lens lens = shown.lens();
    lens.peaks = PeakSet::Datasheet;
    lens.gpuChoice = QStringLiteral("H100");
    lens.cacheRoofs = true;
    shown.setLens(lens); // three fields, one change
    EXPECT_EQ(changed.count(), 3);
    EXPECT_EQ(shown.judgement()->trace.gpu.spec.name, GpuCatalog::builtIn().find(QStringLiteral("H100"))->name);
    EXPECT_EQ(shown.judgement()->trace.gpu.source, GpuPick::Source::Chosen);
    shown.setResult(nullptr);
    EXPECT_EQ(changed.count(), 4);
    EXPECT_EQ(shown.judgement(), nullptr);
    QString error;
    EXPECT_FALSE(shown.exportKernelTable(QStringLiteral("/tmp/none.csv"), &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(shown.report().isEmpty());
}

// The fixture's hand-derived budget (timebudgetfixture.h): "mem" has a roof
// term of 10 us under MI300X's datasheet peaks and t0 = 2 us: memory-bound,
// attainable 12 us. At t0 = 11 us its roof term no longer exceeds t0: it is
// latency-bound, attainable 21 us.
TEST(ShownAnalysis, OneChangeOfTheLatencyFloorReachesEveryViewAndExport)
{
    Window w;
    w.shown.setResult(timeBudgetFixture());
    const GpuSpec gpu = w.shown.gpu().spec;
    const QByteArray jsonBefore = w.exported(QStringLiteral("before.json"));
    const QByteArray csvBefore = w.exported(QStringLiteral("before.csv"));
    const QByteArray reportBefore = w.shown.report();
    EXPECT_EQ(w.cell(0, KernelTableModel::Limiter), QStringLiteral("memory"));

    w.shown.setLatencyFloor(11.0);
    const Judgement& judged = *w.shown.judgement();
    // The table's rows.
    EXPECT_EQ(w.cell(0, KernelTableModel::Limiter), QStringLiteral("latency"));
    EXPECT_EQ(w.cell(0, KernelTableModel::RoofPercent), QStringLiteral("latency-bound"));
    // The time budget, and the figures the timeline colours its boxes by.
    EXPECT_EQ(judged.trace.budget.latencyFloor.source, LatencyFloor::Source::Override);
    EXPECT_DOUBLE_EQ(judged.trace.budget.latencyFloor.us, 11.0);
    EXPECT_EQ(judged.trace.budget.rows[0].limiter, Limiter::Latency);
    EXPECT_DOUBLE_EQ(*judged.trace.budget.rows[0].attainableUs, 21.0);
    EXPECT_EQ(w.table.timeBudget(), &judged.trace.budget);
    // Every export: other bytes than before, the command line's bytes with --latency-floor 11.
    const QByteArray json = w.exported(QStringLiteral("after.json"));
    const QByteArray csv = w.exported(QStringLiteral("after.csv"));
    EXPECT_NE(json, jsonBefore);
    EXPECT_NE(csv, csvBefore);
    EXPECT_EQ(json, commandLineExport(w.dir.filePath(QStringLiteral("cli.json")), judged.trace.result, gpu, PeakSet::Datasheet, 11.0));
    EXPECT_EQ(csv, commandLineExport(w.dir.filePath(QStringLiteral("cli.csv")), judged.trace.result, gpu, PeakSet::Datasheet, 11.0));
    Lens cliLens = datasheetLens();
    cliLens.gpuChoice = gpu.name;
    cliLens.latencyFloorUs = 11.0;
    const auto cliJudgement = judge(judged.trace.result, cliLens);
    ReportInputs cli;
    cli.judgement = cliJudgement.get();
    EXPECT_EQ(w.shown.report(), markdownReport(cli));
    EXPECT_NE(w.shown.report(), reportBefore);
}

// The roofline data of the same change (the fixture's rows have no achieved
// rate to place): on the bundled sample, t0 = 1 ms makes every placed
// kernel that runs under it latency-bound, and each point is marked
// exactly when the budget's limiter says latency.
TEST(ShownAnalysis, TheRooflinesLatencyBoundPointsFollowTheLatencyFloor)
{
    const auto sample = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    ASSERT_TRUE(sample);
    Window w;
    w.shown.setResult(sample);
    const auto marked = [&w] {
        int count = 0;
        const TraceJudgement& judged = w.shown.judgement()->trace;
        for (const RooflinePoint& p : judged.roofline.points) {
            EXPECT_EQ(p.latencyBound, judged.budget.rows[size_t(p.kernelIndex)].limiter == Limiter::Latency) << qPrintable(p.name);
            count += p.latencyBound;
        }
        return count;
    };
    const int before = marked();
    w.shown.setLatencyFloor(1000.0);
    const int after = marked();
    EXPECT_GT(after, before);
    EXPECT_GT(after, 0);
}

TEST(ShownAnalysis, OneChangeOfThePeakSetReachesEveryViewAndExport)
{
    Window w;
    w.shown.setResult(timeBudgetFixture());
    const QString attainableBefore = w.cell(1, KernelTableModel::AttainablePercent);
    const std::vector<RooflineRoof> roofsBefore = w.shown.judgement()->trace.roofline.roofs;
    const QByteArray jsonBefore = w.exported(QStringLiteral("before.json"));

    w.shown.setPeakSet(PeakSet::MaxAchievable);
    const Judgement& judged = *w.shown.judgement();
    // cmp: 8.17 GFLOP per call at MI300X's measured FP32 vector rate (81
    // TFLOPS, not the datasheet's 163.4): 100.86 us, plus t0 = 2 us.
    EXPECT_NEAR(*judged.trace.budget.rows[1].attainableUs, 2.0 + 8.17e9 / 81e12 * 1e6, 1e-6);
    EXPECT_NE(w.cell(1, KernelTableModel::AttainablePercent), attainableBefore);
    EXPECT_EQ(judged.trace.roofline.peakSet, PeakSet::MaxAchievable);
    EXPECT_NE(judged.trace.roofline.roofs, roofsBefore);
    const QByteArray json = w.exported(QStringLiteral("after.json"));
    EXPECT_NE(json, jsonBefore);
    EXPECT_EQ(json,
        commandLineExport(
            w.dir.filePath(QStringLiteral("cli.json")), judged.trace.result, judged.trace.gpuSpec(), PeakSet::MaxAchievable, std::nullopt));
}

TEST(ShownAnalysis, OneChangeOfTheGpuReachesEveryViewAndExport)
{
    Window w;
    w.shown.setResult(timeBudgetFixture());
    const QString attainableBefore = w.cell(1, KernelTableModel::AttainablePercent);
    w.shown.setGpuChoice(QStringLiteral("H100"));
    const Judgement& judged = *w.shown.judgement();
    const QString h100 = GpuCatalog::builtIn().find(QStringLiteral("H100"))->name;
    EXPECT_EQ(judged.trace.gpuSpec().name, h100);
    EXPECT_EQ(judged.trace.roofline.gpuName, h100);
    // mem at H100's HBM (3.35 TB/s): 53 MB in 15.82 us, plus t0.
    EXPECT_NEAR(*judged.trace.budget.rows[0].roofTermUs, 53e6 / 3.35e12 * 1e6, 1e-9);
    EXPECT_NE(w.cell(1, KernelTableModel::AttainablePercent), attainableBefore);
    const QByteArray json = w.exported(QStringLiteral("h100.json"));
    EXPECT_TRUE(json.contains(h100.toUtf8())) << json.left(400).constData();
    EXPECT_EQ(json,
        commandLineExport(
            w.dir.filePath(QStringLiteral("cli.json")), judged.trace.result, judged.trace.gpuSpec(), PeakSet::Datasheet, std::nullopt));
}

// Issue 31's fourth defect: with no GPU chosen, a baseline whose GPU the
// catalogue lacks is measured against the catalogue's default (as the
// command line does), not against the candidate's GPU, and says so.
TEST(ShownAnalysis, ABaselineOfAnUnknownGpuIsMeasuredAgainstTheCataloguesDefault)
{
    auto candidate = std::make_shared<AnalysisResult>(*timeBudgetFixture());
    candidate->traceGpuName = QStringLiteral("NVIDIA H100 80GB HBM3");
    auto baseline = std::make_shared<AnalysisResult>(*timeBudgetFixture());
    baseline->traceGpuName = QStringLiteral("Mystery GPU 9000");
    ShownAnalysis shown;
    shown.setResult(candidate);
    shown.setBaseline(baseline);
    const Judgement& judged = *shown.judgement();
    ASSERT_TRUE(judged.baseline && judged.comparison);
    const QString fallback = GpuCatalog::builtIn().defaultGpu().name;
    EXPECT_EQ(judged.trace.gpuSpec().name, GpuCatalog::builtIn().find(QStringLiteral("H100"))->name);
    EXPECT_EQ(judged.baseline->gpuSpec().name, fallback);
    EXPECT_EQ(judged.baseline->gpu.source, GpuPick::Source::Default);
    EXPECT_EQ(judged.comparison->baselineGpu, fallback);
    ASSERT_EQ(judged.gpuWarnings().size(), 1);
    EXPECT_TRUE(judged.gpuWarnings().front().startsWith(QStringLiteral("baseline: "))) << qPrintable(judged.gpuWarnings().front());
    // The comparison export carries that warning, as --export --baseline does.
    QTemporaryDir dir;
    QString error;
    ASSERT_TRUE(shown.exportKernelTable(dir.filePath(QStringLiteral("c.json")), &error)) << qPrintable(error);
    EXPECT_TRUE(fileBytes(dir.filePath(QStringLiteral("c.json"))).contains("Mystery GPU 9000"));
}
