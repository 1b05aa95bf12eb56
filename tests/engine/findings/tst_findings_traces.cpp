// Findings end to end on real Inductor output and real traces: vLLM's
// embedding + RMSNorm kernel (hkust-nlp's cache, ../shared/realdata) under
// a trace of 8,192 tokens with V2 args, and the bundled xDiT SD3.5 trace on
// MI300X (304 CUs), whose launches alone give findings (no cache of it).
#include "cachefixtures.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "hkustsources.h"
#include "testsupport.h"

#include <QFile>
#include <algorithm>
#include <gtest/gtest.h>
#include <map>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const KernelFinding* findingOf(const KernelRow& row, FindingKind kind)
{
    for (const KernelFinding& finding : row.findings) {
        if (finding.kind == kind)
            return &finding;
    }
    return nullptr;
}

// Counted by kind and the largest at stake under the trace's own GPU, for
// the README: printed, not asserted beyond each test's own checks.
void printFindings(const char* trace, std::shared_ptr<const AnalysisResult> result)
{
    const auto judgement = judged(std::move(result));
    const TraceJudgement& t = judgement->trace;
    std::map<QString, int> kinds;
    std::vector<std::pair<double, QString>> top;
    for (size_t i = 0; i < t.result->rows.size(); ++i) {
        for (const KernelFinding& finding : t.budget.rows[i].findings) {
            ++kinds[findingKindKey(finding.kind)];
            top.emplace_back(t.budget.rows[i].recoverableUs, t.result->rows[i].name + QStringLiteral(": ") + finding.text);
        }
    }
    for (const auto& [kind, count] : kinds)
        std::printf("%s findings: %s %d\n", trace, qPrintable(kind), count);
    std::stable_sort(top.begin(), top.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    for (size_t i = 0; i < top.size() && i < 6; ++i)
        std::printf("%s at stake %.1f us: %s\n", trace, top[i].first, qPrintable(top[i].second));
}

} // namespace

TEST(FindingsTraces, TheEmbeddingGatherReadsAFewRowsOfItsTable)
{
    const QString wrapper = sharedPath(hkustWrapper);
    if (wrapper.isEmpty())
        GTEST_SKIP() << "../shared/realdata absent: the embedding's findings were not checked";
    const QString source = blockSource(wrapper, embedName);
    ASSERT_FALSE(source.isEmpty());
    CacheFixtures files;
    files.write(QStringLiteral("cache/2t/") + embedHash + QStringLiteral(".py"), source.toUtf8());
    // 8,192 token ids (int32) into a 49,152 x 576 fp16 table, the norm's
    // 576 weights, two 8,192 x 576 outputs.
    const QByteArray args = "\"kernel_hash\": \"" + embedHash.toUtf8()
        + "\", \"Input Dims\": [[8192], [49152, 576], [576], [8192, 576], [8192, 576], [], []], "
          "\"Input type\": [\"int\", \"c10::Half\", \"c10::Half\", \"c10::Half\", \"c10::Half\", \"Scalar\", \"Scalar\"], "
          "\"Input Strides\": [[1], [576, 1], [1], [576, 1], [576, 1], [], []], "
          "\"Concrete Inputs\": [\"\", \"\", \"\", \"\", \"\", \"8192\", \"576\"]";
    const QByteArray n = embedName.toUtf8();
    const QString trace = files.write(QStringLiteral("trace.json"),
        traceJson(tritonOpEvent(n, 100, 20, 1, args) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n"
            + kernelEvent(n, 200, 40, 10)));
    const AnalysisOutcome outcome = analyzeWithCache(trace, files.path(QStringLiteral("cache")));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* row = findRow(*outcome.result, embedName);
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->model->bytes.has_value()) << qPrintable(row->model->reason);
    // The table: one row of 576 halves (1,152 B) to 8,192 of them; TraceLens
    // counts its 49,152 rows (56,623,104 B). With the two outputs (9 MiB each)
    // and the ids: TraceLens 72.0 MiB against 18.0 to 27.0 MiB.
    const KernelFinding* disagree = findingOf(*row, FindingKind::BytesDisagree);
    ASSERT_NE(disagree, nullptr) << row->findings.size();
    EXPECT_TRUE(disagree->text.startsWith(
        QStringLiteral("TraceLens counts 72.0 MiB, the source's index expressions touch 18.0 MiB to 27.0 MiB (2.7x to 4.0x fewer)")));
    EXPECT_TRUE(disagree->text.endsWith(QStringLiteral("the gather of in_ptr1 (line 42) reads at most 8,192 of 49,152 rows: "
                                                       "TraceLens counts the whole table")))
        << qPrintable(disagree->text);
    EXPECT_EQ(disagree->pointer, QStringLiteral("in_ptr1"));
    printFindings("hkust-nlp vLLM embedding", outcome.result);
    // Its int32 ids move 32 KiB for up to 9 MiB of rows: no index_bytes.
    EXPECT_EQ(findingOf(*row, FindingKind::IndexBytes), nullptr);
    // Every load reads along r0_1 at stride 1: no transposed read.
    EXPECT_EQ(findingOf(*row, FindingKind::TransposedRead), nullptr);
}

TEST(FindingsTraces, XditSd35OnMi300xLaunches)
{
    const QString path = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (path.isEmpty())
        GTEST_SKIP() << "../shared/traces/xdit_sd35_mi300x.json.gz is absent: its findings were not checked";
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    // 1 and 5 programs on 304 CUs: under-filled.
    const KernelRow* cat = findRow(*outcome.result, QStringLiteral("triton_poi_fused__to_copy_cat_slice_1"));
    ASSERT_TRUE(cat);
    const KernelFinding* one = findingOf(*cat, FindingKind::UnderFilled);
    ASSERT_NE(one, nullptr);
    EXPECT_TRUE(one->text.startsWith(QStringLiteral("1 program on 304 CUs: 0.3 % of the GPU"))) << qPrintable(one->text);
    // r0_numel 2,432 in 2 x R0_BLOCK 2,048: 40.6 % padding.
    const KernelRow* norm
        = findRow(*outcome.result, QStringLiteral("triton_red_fused_add_addmm_mul_native_layer_norm_split_unsqueeze_view_16"));
    ASSERT_TRUE(norm);
    const KernelFinding* padding = findingOf(*norm, FindingKind::Padding);
    ASSERT_NE(padding, nullptr);
    EXPECT_TRUE(padding->text.startsWith(QStringLiteral("41 % of the lanes are padding"))) << qPrintable(padding->text);
    // 2,432 in 3 x 1,024 is 20.8 %: under a quarter.
    const KernelRow* under
        = findRow(*outcome.result, QStringLiteral("triton_red_fused__unsafe_view_add_addmm_mul_native_layer_norm_split_unsqueeze_19"));
    ASSERT_TRUE(under);
    EXPECT_EQ(findingOf(*under, FindingKind::Padding), nullptr);
    printFindings("xDiT SD3.5", outcome.result);
}

TEST(FindingsTraces, NvidiaRealTraceUnderFilledOnItsSms)
{
    // Wings236's RTX 4090 D trace (114 SMs): a batch-norm reduction of 16 blocks.
    const QString path = sharedPath(QStringLiteral("realdata/Wings236__model_inference/pytorch_compile__profiling__trace.json"));
    if (path.isEmpty())
        GTEST_SKIP() << "../shared/realdata/Wings236__model_inference is absent: its findings were not checked";
    const AnalysisOutcome outcome = analyze(path);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* norm = findRow(*outcome.result, QStringLiteral("triton_red_fused__native_batch_norm_legit_functional_28"));
    ASSERT_TRUE(norm);
    const KernelFinding* finding = findingOf(*norm, FindingKind::UnderFilled);
    ASSERT_NE(finding, nullptr);
    EXPECT_TRUE(finding->text.startsWith(QStringLiteral("16 programs on 114 SMs: 14 % of the GPU"))) << qPrintable(finding->text);
    // 4,096 blocks on 114 SMs: filled.
    const KernelRow* filled = findRow(*outcome.result, QStringLiteral("triton_poi_fused_8"));
    ASSERT_TRUE(filled);
    EXPECT_EQ(findingOf(*filled, FindingKind::UnderFilled), nullptr);
    printFindings("Wings236 RTX 4090 D", outcome.result);
}
