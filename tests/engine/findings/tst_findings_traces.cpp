// Findings end to end on real Inductor output and real traces: vLLM's
// embedding + RMSNorm kernel (hkust-nlp's cache, ../shared/realdata) under
// a trace of 8,192 tokens with V2 args, and the bundled xDiT SD3.5 trace on
// MI300X (304 CUs), whose launches alone give findings (no cache of it).
#include "cachefixtures.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "testsupport.h"

#include <QFile>
#include <gtest/gtest.h>
#include <map>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString hkustWrapper = QStringLiteral("realdata/hkust-nlp__COMP4901B-LLMs/assignment2__ifeval__.vllm_cache__torch_compile_cache__"
                                            "0032344a35__rank_0_0__backbone__artifact_shape_None_subgraph_0__2n__"
                                            "c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py");
const QString embedName = QStringLiteral("triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0");
const QString embedHash = QStringLiteral("c2tqi64jqmovdb4f7257yumzxfzyqrsnepcdnj3g6s4tgvonx4vl");

QString blockSource(const QString& wrapperPath, const QString& name)
{
    QFile file(wrapperPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    for (const WrapperKernel& kernel : WrapperFileParser::parse(wrapperPath, QString::fromUtf8(file.readAll())).kernels) {
        if (kernel.name == name)
            return kernel.source;
    }
    return {};
}

const KernelFinding* findingOf(const KernelRow& row, FindingKind kind)
{
    for (const KernelFinding& finding : row.findings) {
        if (finding.kind == kind)
            return &finding;
    }
    return nullptr;
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
        traceJson(tritonOpEvent(n, 100, 20, 1, args) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n" + kernelEvent(n, 200, 40, 10)));
    const AnalysisOutcome outcome = analyzeWithCache(trace, files.path(QStringLiteral("cache")));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* row = findRow(*outcome.result, embedName);
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->model.bytes.has_value()) << qPrintable(row->model.reason);
    // The table: one row of 576 halves (1,152 B) to 8,192 of them; TraceLens
    // counts its 49,152 rows (56,623,104 B).
    const KernelFinding* disagree = findingOf(*row, FindingKind::BytesDisagree);
    ASSERT_NE(disagree, nullptr) << row->findings.size();
    EXPECT_TRUE(disagree->text.endsWith(QStringLiteral("the gather of in_ptr1 (line 37) reads at most 8,192 of 49,152 rows: "
                                                       "TraceLens counts the whole table")))
        << qPrintable(disagree->text);
    EXPECT_EQ(disagree->pointer, QStringLiteral("in_ptr1"));
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
    const KernelRow* norm = findRow(*outcome.result, QStringLiteral("triton_red_fused_add_addmm_mul_native_layer_norm_split_unsqueeze_view_16"));
    ASSERT_TRUE(norm);
    const KernelFinding* padding = findingOf(*norm, FindingKind::Padding);
    ASSERT_NE(padding, nullptr);
    EXPECT_TRUE(padding->text.startsWith(QStringLiteral("41 % of the lanes are padding"))) << qPrintable(padding->text);
    // 2,432 in 3 x 1,024 is 20.8 %: under a quarter.
    const KernelRow* under = findRow(*outcome.result, QStringLiteral("triton_red_fused__unsafe_view_add_addmm_mul_native_layer_norm_split_unsqueeze_19"));
    ASSERT_TRUE(under);
    EXPECT_EQ(findingOf(*under, FindingKind::Padding), nullptr);
    // Counted by kind, for the README: printed, not asserted beyond the above.
    std::map<QString, int> kinds;
    for (const KernelRow& row : outcome.result->rows) {
        for (const KernelFinding& finding : row.findings)
            ++kinds[findingKindKey(finding.kind)];
    }
    for (const auto& [kind, count] : kinds)
        std::printf("xDiT SD3.5 findings: %s %d\n", qPrintable(kind), count);
}
