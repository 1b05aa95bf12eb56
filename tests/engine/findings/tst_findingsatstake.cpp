// Findings under the lens: their time at stake (the row's recoverable
// time, never summed), the opportunity they attach to, the attainable time
// from the source's bytes, the exports, the report and the roofline's bar.
// Hand-made rows on MI300X's datasheet peaks (HBM 5.3 TB/s, 304 CUs), t0 = 2 us.
//
//   row  name    bytes    source bytes  calls (us)  attainable  source attainable  recoverable  limiter
//   0    gather  53 MB    10.6 MB       15, 12, 11  2 + 10 = 12 2 + 2 = 4           3            memory
//   1    tiny    5.3 MB   -             5, 5        2 + 1 = 3   -                  2 + 2 = 4    latency
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"
#include "engine/findings/bytesdisagree.h"
#include "engine/results/statistics.h"
#include "engine/roofline/rooflinedata.h"
#include "engine/timebudget/timebudget.h"
#include "testsupport.h"
#include "timebudgetfixture.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <gtest/gtest.h>

namespace Ridgeline::Test {
namespace {

const PeakFigures& peaks()
{
    return mi300x().peaks(PeakSet::Datasheet);
}

std::shared_ptr<AnalysisResult> fixture()
{
    auto result = std::make_shared<AnalysisResult>();
    result->tracePath = QStringLiteral("findings.json");
    KernelRow gather = modelledRow(QStringLiteral("triton_poi_fused_embedding_0"), 53e6, 1e6, { 15, 12, 11 });
    KernelAnatomy anatomy;
    anatomy.uniqueBytes = anatomy.uniqueBytesMax = 10'600'000;
    FoundSource found;
    found.source.origin = SourceOrigin::CacheName;
    found.source.anatomy = anatomy;
    gather.model.edit().source = found;
    LaunchFacts launch; // 16 programs; the trace gave no compute units
    launch.programs = 16;
    gather.launch = launch;
    gather.findings.push_back(*bytesDisagreeFinding(anatomy, gather.model));
    gather.tflopsPerS = summarize(std::vector<double> { 0.0001 }); // placed on the roofline
    gather.tbPerS = summarize(std::vector<double> { 4.0 });
    result->rows.push_back(gather);

    KernelRow tiny = modelledRow(QStringLiteral("triton_red_fused_sum_1"), 5.3e6, 0, { 5, 5 });
    KernelFinding padding;
    padding.kind = FindingKind::Padding;
    padding.text = QStringLiteral("44 % of the lanes are padding (r0_numel 576 in R0_BLOCK 1024)");
    tiny.findings.push_back(padding);
    result->rows.push_back(tiny);
    result->totalGpuKernelTimeUs = 48;
    result->tritonKernelTimeUs = 48;
    for (KernelRow& row : result->rows)
        row.shareOfGpuTime = row.kernelTimeUs->sum / 48.0;
    return result;
}

} // namespace

TEST(FindingsAtStake, TheRowsRecoverableTimeUnderTheJudgedGpu)
{
    const auto result = fixture();
    ASSERT_EQ(mi300x().computeUnits, 304);
    const TimeBudget budget = evaluateTimeBudget(*result, peaks(), 2.0, &mi300x());
    // Row 0: the catalogue's 304 CUs judge its 16 programs (first: the
    // launch's findings lead), then its own bytes_disagree.
    ASSERT_EQ(budget.rows[0].findings.size(), 2u);
    EXPECT_EQ(budget.rows[0].findings[0].kind, FindingKind::UnderFilled);
    EXPECT_TRUE(budget.rows[0].findings[0].text.startsWith(QStringLiteral("16 programs on 304 CUs: 5 % of the GPU")))
        << budget.rows[0].findings[0].text.toStdString();
    EXPECT_EQ(budget.rows[0].findings[1].kind, FindingKind::BytesDisagree);
    EXPECT_NEAR(budget.rows[0].recoverableUs, 3, 1e-9);
    // Without a GPU: the row's own findings only.
    EXPECT_EQ(evaluateTimeBudget(*result, peaks(), 2.0).rows[0].findings.size(), 1u);

    // The kernel's item cites both, each at stake 3 us: the item's time stays 3, not 6.
    const auto item = std::find_if(
        budget.opportunities.begin(), budget.opportunities.end(), [](const Opportunity& o) { return o.kind == Opportunity::Kind::Kernel; });
    ASSERT_NE(item, budget.opportunities.end());
    EXPECT_NEAR(item->recoverableUs, 3, 1e-9);
    ASSERT_EQ(item->findings.size(), 2u);
    for (const Opportunity::RowFinding& cited : item->findings) {
        EXPECT_EQ(cited.row, 0);
        EXPECT_NEAR(cited.timeAtStakeUs, 3, 1e-9);
    }
    // The latency-bound group cites its row's padding at that row's 4 us;
    // the group's own time stays 10 - 2 x 1 = 8.
    const auto group = std::find_if(budget.opportunities.begin(), budget.opportunities.end(),
        [](const Opportunity& o) { return o.kind == Opportunity::Kind::LatencyBoundKernels; });
    ASSERT_NE(group, budget.opportunities.end());
    EXPECT_NEAR(group->recoverableUs, 8, 1e-9);
    ASSERT_EQ(group->findings.size(), 1u);
    EXPECT_EQ(group->findings[0].row, 1);
    EXPECT_EQ(group->findings[0].finding.kind, FindingKind::Padding);
    EXPECT_NEAR(group->findings[0].timeAtStakeUs, 4, 1e-9);
}

// Every view (the inspector's derivation and anatomy) reads a row's findings
// through the lens: the budget's own, the catalogue's under_filled among
// them, each at its row's recoverable time.
TEST(FindingsAtStake, TheLensGivesEveryViewTheBudgetsFindings)
{
    const auto judgement = judgedOnMi300x(fixture(), PeakSet::Datasheet, 2.0);
    const std::vector<KernelRow>& rows = judgement->trace.result->rows;
    const std::vector<JudgedFinding> findings = judgement->trace.findingsOf(rows[0]);
    ASSERT_EQ(findings.size(), 2u);
    EXPECT_EQ(findings[0].finding.kind, FindingKind::UnderFilled);
    EXPECT_EQ(findings[0].finding.text, judgement->trace.budget.rows[0].findings[0].text);
    EXPECT_EQ(findings[1].finding.kind, FindingKind::BytesDisagree);
    for (const JudgedFinding& f : findings)
        EXPECT_NEAR(f.timeAtStakeUs, 3, 1e-9); // the row's, not a sum
    EXPECT_NEAR(judgement->trace.findingsOf(rows[1]).at(0).timeAtStakeUs, 4, 1e-9);
    // A copy of the row, not the trace's own: the same from the same functions.
    const KernelRow copy = rows[0];
    const std::vector<JudgedFinding> again = judgement->trace.findingsOf(copy);
    ASSERT_EQ(again.size(), 2u);
    EXPECT_EQ(again[0].finding.text, findings[0].finding.text);
    EXPECT_NEAR(again[0].timeAtStakeUs, 3, 1e-9);
}

TEST(FindingsAtStake, AttainableTimeFromTheSourcesBytes)
{
    const auto result = fixture();
    const KernelTimeFigures gather = kernelTimeFigures(result->rows[0], peaks(), 2.0);
    // 10.6 MB at 5.3 TB/s = 2 us, + t0 2 = 4 us; 3 calls x 4 / 38 us measured.
    ASSERT_TRUE(gather.attainableSourceUs.has_value());
    EXPECT_NEAR(*gather.attainableSourceUs, 4, 1e-9);
    EXPECT_NEAR(*gather.fractionOfAttainableSource, 12.0 / 38.0, 1e-12);
    EXPECT_NEAR(*gather.attainableUs, 12, 1e-9); // TraceLens's stays the model
    // Follows the lens: t0 = 1 gives 3 us.
    EXPECT_NEAR(*kernelTimeFigures(result->rows[0], peaks(), 1.0).attainableSourceUs, 3, 1e-9);
    // No source read: none.
    EXPECT_FALSE(kernelTimeFigures(result->rows[1], peaks(), 2.0).attainableSourceUs.has_value());
    // Numels from size_hints: bounds, not counts: none.
    KernelRow approximate = result->rows[0];
    approximate.model.edit().source->source.anatomy->approximate = true;
    EXPECT_FALSE(kernelTimeFigures(approximate, peaks(), 2.0).attainableSourceUs.has_value());
}

TEST(FindingsAtStake, ExportsCarryTheFindingsAndTheSourcesAttainableTime)
{
    const auto judgement = judgedOnMi300x(fixture(), PeakSet::Datasheet, 2.0);
    const QJsonObject root = QJsonDocument::fromJson(exportJson(*judgement)).object();
    const QJsonArray kernels = root.value(QStringLiteral("kernels")).toArray();
    ASSERT_EQ(kernels.size(), 2);
    const QJsonObject gather = kernels[0].toObject();
    EXPECT_EQ(gather.value(QStringLiteral("attainable_time_source_us")).toDouble(), 4.0);
    EXPECT_NEAR(gather.value(QStringLiteral("fraction_of_attainable_source")).toDouble(), 12.0 / 38.0, 1e-3);
    const QJsonArray findings = gather.value(QStringLiteral("findings")).toArray();
    ASSERT_EQ(findings.size(), 2);
    const QJsonObject first = findings[0].toObject();
    EXPECT_EQ(first.value(QStringLiteral("kind")).toString(), QStringLiteral("under_filled"));
    EXPECT_EQ(first.value(QStringLiteral("time_at_stake_us")).toDouble(), 3.0);
    EXPECT_TRUE(first.value(QStringLiteral("pointer")).isNull());
    EXPECT_EQ(findings[1].toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("bytes_disagree"));
    EXPECT_TRUE(kernels[1].toObject().value(QStringLiteral("attainable_time_source_us")).isNull());

    // The CSV: first_finding, quoted (its sentence holds a comma), the display name, then the advice, last.
    const QList<QByteArray> lines = exportCsv(judgement->trace).split('\n');
    ASSERT_GE(lines.size(), 3);
    EXPECT_TRUE(lines[0].endsWith(",programs,waves,first_finding,display_name,advice")) << lines[0].toStdString();
    EXPECT_TRUE(lines[1].contains(",\"under_filled: 16 programs on 304 CUs: 5 % of the GPU: split the reduction or raise parallelism "
                                  "(a smaller XBLOCK, more programs)\",triton_poi_fused_embedding_0,\"tune: "))
        << lines[1].toStdString();
    const QByteArray padding = ",padding: 44 % of the lanes are padding (r0_numel 576 in R0_BLOCK 1024),triton_red_fused_sum_1,\"fuse: ";
    EXPECT_TRUE(lines[2].contains(padding)) << lines[2].toStdString();
    // Up to the quoted advice, as many fields as the header names.
    EXPECT_EQ(lines[0].count(','), lines[2].left(lines[2].indexOf(padding) + padding.size()).count(','));
}

TEST(FindingsAtStake, TheReportCitesThemUnderTheirItems)
{
    const auto judgement = judgedOnMi300x(fixture(), PeakSet::Datasheet, 2.0);
    const QString report = QString::fromUtf8(markdownReport({ judgement.get(), {} }));
    const qsizetype table = report.indexOf(QStringLiteral("## What to fix first"));
    const qsizetype cited = report.indexOf(
        QStringLiteral("- `triton_poi_fused_embedding_0` `under_filled` (item &#35;2): 16 programs on 304 CUs: 5 % of the GPU"));
    const qsizetype next = report.indexOf(QStringLiteral("## "), table + 3);
    ASSERT_GE(table, 0);
    EXPECT_GT(cited, table) << report.toStdString();
    EXPECT_LT(cited, next);
    EXPECT_TRUE(report.contains(QStringLiteral("- `triton_red_fused_sum_1` `padding` (item &#35;1): 44 % of the lanes are padding "
                                               "(r0_numel 576 in R0_BLOCK 1024) (at stake 4.00 µs)")))
        << report.toStdString();
}

TEST(FindingsAtStake, TheRooflineBarsAKernelWhoseByteCountsDisagree)
{
    const auto result = fixture();
    const RooflineData data = rooflineData(result.get(), mi300x(), PeakSet::Datasheet);
    const RooflinePoint* gather = data.point(0);
    ASSERT_NE(gather, nullptr);
    // 1 MFLOP over 53 MB, and over the source's 10.6 MB: 5x the intensity.
    EXPECT_NEAR(gather->intensity, 1e6 / 53e6, 1e-12);
    ASSERT_TRUE(gather->sourceIntensity.has_value());
    EXPECT_NEAR(*gather->sourceIntensity, 1e6 / 10.6e6, 1e-12);
    // Within 1.5x: no bar.
    auto close = fixture();
    close->rows[0].model.edit().source->source.anatomy->uniqueBytes = 35'400'000; // 53 / 35.4 = 1.497x
    close->rows[0].model.edit().source->source.anatomy->uniqueBytesMax = 35'400'000;
    EXPECT_FALSE(rooflineData(close.get(), mi300x(), PeakSet::Datasheet).point(0)->sourceIntensity.has_value());
}

} // namespace Ridgeline::Test
