// The formula inspector's Markdown: the worked examples of PERF_MODEL.md
// section 7 step by step with their real numbers, a row without a model,
// and a row where TraceLens would report other figures.
#include "derivation/kernelderivation.h"
#include "engine/analysis.h"
#include "engine/base/text/markdownwriter.h"
#include "engine/base/text/units.h"
#include "engine/roofline/roofline.h"
#include "testsupport.h"

#include <QRegularExpression>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

std::shared_ptr<const AnalysisResult> sample()
{
    static const auto result = analyzedSource(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
    return result;
}

std::shared_ptr<const AnalysisResult> tracelensFixture()
{
    static const auto result = analyzedSource(QStringLiteral("tests/data/inspector_tracelens_differs.json"));
    return result;
}

// Counts carry thousands separators; the checks read them without, so a
// change of separator style does not break them.
QString plain(const QString& markdown)
{
    static const QRegularExpression separator(QStringLiteral("(?<=\\d),(?=\\d{3})"));
    return QString(markdown).remove(separator);
}

// The Markdown table row that starts with `first` in its first cell.
QString tableRow(const QString& markdown, const QString& first)
{
    for (const QString& line : markdown.split(u'\n')) {
        if (line.startsWith(QStringLiteral("| ") + first + QStringLiteral(" |")))
            return line;
    }
    return {};
}

#define EXPECT_CONTAINS(text, needle)                                                                                                      \
    EXPECT_TRUE((text).contains(needle)) << "missing: " << QString(needle).toStdString() << "\n--- in:\n" << (text).toStdString()

} // namespace

TEST(KernelDerivation, SwigluWorkedExample)
{
    const KernelRow* row = findRow(sample(), QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(row, nullptr);
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    const QString text = plain(md);

    // Top: name, provenance badge and reason, category, row kind.
    EXPECT_TRUE(md.startsWith(QStringLiteral("# triton_poi_fused__unsafe_view_mul_silu_2\n")));
    EXPECT_CONTAINS(md, QStringLiteral("**Provenance: `V2`** — from the trace event's Concrete Inputs"));
    EXPECT_CONTAINS(md, QStringLiteral("pointwise (`poi`)"));
    EXPECT_CONTAINS(md, QStringLiteral("**Row:** launched"));

    // Raw args.
    EXPECT_CONTAINS(md, QStringLiteral("Input Dims:      [[8, 4096, 8192], [32768, 8192], []]"));
    EXPECT_CONTAINS(md, QStringLiteral("Input type:      [\"c10::BFloat16\", \"c10::BFloat16\", \"Scalar\"]"));
    EXPECT_CONTAINS(md, QStringLiteral("Input Strides:   [[33554432, 8192, 1], [8192, 1], []]"));
    EXPECT_CONTAINS(md, QStringLiteral("Concrete Inputs: [\"\", \"\", \"268435456\"]"));
    EXPECT_CONTAINS(md, QStringLiteral("kernel_kwargs:   XBLOCK=1024"));
    EXPECT_CONTAINS(md, QStringLiteral("num_warps:       4"));
    EXPECT_CONTAINS(md, QStringLiteral("kernel_file:     /tmp/torchinductor_root/ih/"));

    // Element counts and where they came from.
    EXPECT_CONTAINS(text, QStringLiteral("Integers in Concrete Inputs: [2] = 268435456."));
    EXPECT_CONTAINS(text, QStringLiteral("**xnumel = 268435456** — Concrete Inputs&#91;2&#93;, the last integer"));
    EXPECT_CONTAINS(text, QStringLiteral("**rnumel = 1**"));

    // Tensors, the output write and the total as an equation.
    EXPECT_CONTAINS(text, QStringLiteral("| 0 | [8, 4096, 8192] | `c10::BFloat16` | 2 | 268435456 | 536870912 |"));
    EXPECT_CONTAINS(text, QStringLiteral("| 1 | [32768, 8192] | `c10::BFloat16` | 2 | 268435456 | 536870912 |"));
    EXPECT_CONTAINS(text, QStringLiteral("| write | arg 0 again | `c10::BFloat16` | 2 | 268435456 (xnumel) | 536870912 |"));
    EXPECT_CONTAINS(text, QStringLiteral(": 2 × 268435456 = 536870912 B."));
    EXPECT_CONTAINS(text, QStringLiteral("= 536870912 + 536870912 + 536870912 = **1610612736 B** = **1536 MiB**"));

    // FLOPs per op, with the 0-count op marked, and the total.
    const QString unsafeView = tableRow(md, QStringLiteral("`_unsafe_view`"));
    EXPECT_CONTAINS(unsafeView, QStringLiteral("memory-only"));
    EXPECT_CONTAINS(unsafeView, QStringLiteral("| 0 (counts 0) | 0 |"));
    EXPECT_EQ(tableRow(md, QStringLiteral("`silu`")), QStringLiteral("| `silu` | arithmetic | 4 | 4 |"));
    EXPECT_EQ(tableRow(md, QStringLiteral("`mul`")), QStringLiteral("| `mul` | arithmetic | 1 | 1 |"));
    EXPECT_CONTAINS(md, QStringLiteral("| **total per element** |  | **5** | **5** |"));
    EXPECT_CONTAINS(text, QStringLiteral("= 5 × 268435456 × 1 = **1342177280 FLOPs** = **1.34217728 GFLOPS**"));

    // Time and the formulas with the numbers substituted.
    EXPECT_CONTAINS(md, QStringLiteral("| 1 | 527.382 us | 527.382 us | 527.382 us | 527.382 us | 527.382 us |"));
    EXPECT_CONTAINS(text,
        QStringLiteral("**TB/s** = (bytes / 1e12) / (time_us / 1e6) = (1610612736 / 1e12) / (527.382 / 1e6) "
                       "= **3.05398**"));
    EXPECT_CONTAINS(text,
        QStringLiteral("**TFLOPS/s** = (flops / 1e12) / (time_us / 1e6) = (1342177280 / 1e12) / (527.382 / "
                       "1e6) = **2.54498**"));
    EXPECT_CONTAINS(text, QStringLiteral("**FLOPS/Byte** = flops / bytes = 1342177280 / 1610612736 = **0.833333**"));

    // Roofline: the applicable roof, the bound and the share reached.
    const PeakFigures& peaks = mi300x().peaks(PeakSet::Datasheet);
    const auto placement = placeKernel(*row, peaks);
    ASSERT_TRUE(placement);
    EXPECT_CONTAINS(md, QStringLiteral("AMD Instinct MI300X, datasheet peaks"));
    EXPECT_CONTAINS(md, QStringLiteral("(`") + placement->roof->key + QStringLiteral("`)"));
    EXPECT_CONTAINS(md, QStringLiteral("**bounded by the memory roof**"));
    EXPECT_CONTAINS(md, QStringLiteral("= min(163.4, 5.3 × 0.833333) = **4.41667**"));
    EXPECT_CONTAINS(md, QStringLiteral("**") + formatPercent(placement->fractionOfRoof) + QStringLiteral("** of the memory roof"));
    EXPECT_EQ(formatPercent(placement->fractionOfRoof), QStringLiteral("57.62 %"));
    EXPECT_FALSE(md.contains(QStringLiteral("Above the roof")));
    EXPECT_CONTAINS(text,
        QStringLiteral("**At a glance:** 1536 MiB, 1.34218 GFLOPS, 527.382 us, 3.05398 TB/s, "
                       "2.54498 TFLOPS/s, 0.833333 FLOPS/Byte; memory-bound at 57.62 % of its roof"));

    // TraceLens agrees on this kernel.
    EXPECT_CONTAINS(md, QStringLiteral("TraceLens would report the same figures"));
}

TEST(KernelDerivation, ReductionHasNoOutputWrite)
{
    const KernelRow* row = findRow(sample(), QStringLiteral("triton_red_fused_add_mean_mul_pow_rsqrt_0"));
    ASSERT_NE(row, nullptr);
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::MaxAchievable)->trace);
    const QString text = plain(md);
    EXPECT_CONTAINS(md, QStringLiteral("Rule for reductions"));
    EXPECT_CONTAINS(text, QStringLiteral("**xnumel = 32768** — Concrete Inputs&#91;3&#93;, the second-last integer"));
    EXPECT_CONTAINS(text, QStringLiteral("**rnumel = 2048** — Concrete Inputs&#91;4&#93;, the last integer"));
    EXPECT_CONTAINS(text, QStringLiteral("xnumel × rnumel = 32768 × 2048 = 67108864"));
    EXPECT_CONTAINS(md, QStringLiteral("**Output write:** none added"));
    EXPECT_TRUE(tableRow(md, QStringLiteral("write")).isEmpty());
    EXPECT_CONTAINS(text, QStringLiteral("= 134217728 + 4096 + 134217728 = **268439552 B** = **256.004 MiB**"));
    EXPECT_CONTAINS(text, QStringLiteral("**0.469762048 GFLOPS**"));
    EXPECT_CONTAINS(md, QStringLiteral("measured max-achievable peaks"));
    EXPECT_CONTAINS(md, QStringLiteral("(`vector_bf16`)"));
}

TEST(KernelDerivation, TemplateRowDerivesItsMatrixProduct)
{
    // Three bf16 1024 x 1024 matrices: 2 x 1024^3 = 2,147,483,648 FLOPs over
    // 3 x 1024^2 x 2 = 6,291,456 B, on the BF16 matrix roof.
    const KernelRow* row = findRow(tracelensFixture(), QStringLiteral("triton_tem_fused_mm_1"));
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->hasModel()) << qPrintable(row->model->reason);
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    EXPECT_CONTAINS(md, QStringLiteral("Ridgeline's own rule"));
    // Counts carry the locale's group separators; compare without them.
    const QString digits = QString(md).remove(u',');
    EXPECT_CONTAINS(digits, QStringLiteral("2 × batch × M × N × K + epilogue × batch × M × N = 2 × 1 × 1024 × 1024 × 1024"));
    EXPECT_CONTAINS(digits, QStringLiteral("= **2147483648 FLOPs**"));
    EXPECT_CONTAINS(md, QStringLiteral("a GEMM template runs on the matrix units (tl.dot), in its operands' dtype (bf16)"));
    EXPECT_CONTAINS(md, QStringLiteral("the matrix product: 2 × M × N × K"));
    EXPECT_FALSE(md.contains(QStringLiteral("Ops that count 0: `mm`")));
    EXPECT_CONTAINS(md, QStringLiteral("(`matrix_bf16`)"));
    EXPECT_DOUBLE_EQ(*row->bytes(), 6291456.0);
}

TEST(KernelDerivation, RowWithoutModelSaysWhy)
{
    // The same template's row as a trace without record_shapes would give it.
    const KernelRow* fixtureRow = findRow(tracelensFixture(), QStringLiteral("triton_tem_fused_mm_1"));
    ASSERT_NE(fixtureRow, nullptr);
    const KernelRow copy = withoutShapes(*fixtureRow);
    const KernelRow* row = &copy;
    ASSERT_FALSE(row->hasModel());
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    EXPECT_CONTAINS(md, QStringLiteral("**Provenance: `none`** — ") + MarkdownWriter::plain(row->model->reason));
    EXPECT_CONTAINS(md, QStringLiteral("## Why there are no figures"));
    EXPECT_CONTAINS(md, QStringLiteral("TraceLens does not model templates"));
    EXPECT_CONTAINS(md, QStringLiteral("no Concrete Inputs"));
    EXPECT_CONTAINS(md, QStringLiteral("Input Dims:      [[1024, 1024], [1024, 1024], [1024, 1024]]"));
    EXPECT_CONTAINS(md, QStringLiteral("| 1 | 30 us |"));
    EXPECT_CONTAINS(md, QStringLiteral("**At a glance:** 30 us, no figures"));
    EXPECT_CONTAINS(md, QStringLiteral("time, but no figures"));
    EXPECT_FALSE(md.contains(QStringLiteral("## Throughput")));
    EXPECT_FALSE(md.contains(QStringLiteral("## Roofline")));
}

TEST(KernelDerivation, TraceLensDifferencesAndWhy)
{
    const KernelRow* row = findRow(tracelensFixture(), QStringLiteral("triton_poi_fused_add_erf_mul_0"));
    ASSERT_NE(row, nullptr);
    ASSERT_TRUE(row->traceLens);
    const QString md = derivationMarkdown(*row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    const QString text = plain(md);

    // The float arg: 4 bytes for Ridgeline, 0 for TraceLens; the broadcast arg read once.
    EXPECT_CONTAINS(text, QStringLiteral("| 0 | [1024, 1024] | `float` | 4 (TraceLens 0) | 1048576 | 4194304 (TraceLens 0) |"));
    EXPECT_CONTAINS(text,
        QStringLiteral("| 1 | [1024, 1024] | `c10::BFloat16` | 2 | 1024 (stride 0 along dim 0: read once; "
                       "TraceLens 1048576) | 2048 (TraceLens 2097152) |"));
    EXPECT_CONTAINS(text,
        QStringLiteral("| write | arg 0 again | `float` | 4 (TraceLens 0) | 1048576 (xnumel) | 4194304 "
                       "(TraceLens 0) |"));
    EXPECT_CONTAINS(text, QStringLiteral("= 4194304 + 2048 + 4194304 = **8390656 B**"));
    EXPECT_EQ(tableRow(md, QStringLiteral("`erf`")), QStringLiteral("| `erf` | arithmetic | 4 | **0** (not in its table) |"));

    // Two calls: std shown, per-call rates averaged.
    EXPECT_CONTAINS(md, QStringLiteral("| 2 | 24 us | 12 us | 12 us | 10 us | 14 us | 2.82843 us |"));
    EXPECT_CONTAINS(md, QStringLiteral("mean over the 2 calls: **") + QString::number(row->tbPerS->mean, 'g', 6));

    // The comparison table and why.
    EXPECT_CONTAINS(md, QStringLiteral("## TraceLens comparison"));
    EXPECT_CONTAINS(text, QStringLiteral("| bytes | 8390656 | **2097152** |"));
    EXPECT_CONTAINS(text, QStringLiteral("| FLOPs | 6291456 | **2097152** |"));
    EXPECT_CONTAINS(md, QStringLiteral("| GFLOPS | 0.006291456 | **0.002097152** |"));
    EXPECT_CONTAINS(md, QStringLiteral("| Data moved (MiB; TraceLens's \"MB\") | 8.00195 | **2** |"));
    EXPECT_CONTAINS(md, QStringLiteral("| FLOPS/Byte |"));
    EXPECT_CONTAINS(md, QStringLiteral("| TB/s (mean) |"));
    EXPECT_CONTAINS(md, QStringLiteral("| TFLOPS/s (mean) |"));
    EXPECT_CONTAINS(md, QStringLiteral("TraceLens counts 0 bytes per element for dtype float (args 0)"));
    EXPECT_CONTAINS(md, QStringLiteral("TraceLens counts broadcast (stride-0) args 1 as fully read"));
    EXPECT_CONTAINS(md, QStringLiteral("TraceLens counts 0 FLOPs for ops outside its table: erf"));
}

TEST(KernelDerivation, KernelOnlyRowShowsTimeAndNoArgs)
{
    KernelRow row;
    row.name = QStringLiteral("triton_poi_fused_add_0");
    row.kind = RowKind::KernelOnly;
    row.calls = 3;
    row.model.edit().reason = QStringLiteral("GPU kernel without a Triton op (CUDA/HIP graph replay): time only, nothing to model");
    row.kernelTimeUs = summarize({ 10.0, 20.0, 30.0 });
    const QString md = derivationMarkdown(row, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    EXPECT_CONTAINS(md, QStringLiteral("**Row:** kernel-only — a GPU kernel that no Triton op launched"));
    EXPECT_CONTAINS(md, QStringLiteral("None: no Triton cpu_op launched this kernel"));
    EXPECT_CONTAINS(md, QStringLiteral("| 3 | 60 us | 20 us | 20 us | 10 us | 30 us | 10 us |"));
    EXPECT_CONTAINS(md, QStringLiteral("Known: the kernel time."));
    EXPECT_FALSE(md.contains(QStringLiteral("```")));
}

TEST(KernelDerivation, ALibraryOpsHeadingCarriesItsShapeAndAMangledKernelItsDemangledName)
{
    ASSERT_TRUE(sample());
    QStringList headings;
    for (const KernelRow& row : sample()->rows) {
        if (row.libraryOp)
            headings << derivationMarkdown(row, judgedOnMi300x(*sample(), PeakSet::Datasheet)->trace).section(u'\n', 0, 0);
    }
    // The sample's three aten::mm rows differ only in their shape.
    EXPECT_TRUE(headings.contains(QStringLiteral("# aten::mm (32768 x 8192 x 2048)"))) << qPrintable(headings.join(u'\n'));
    EXPECT_TRUE(headings.contains(QStringLiteral("# aten::mm (32768 x 2048 x 8192)"))) << qPrintable(headings.join(u'\n'));
    EXPECT_TRUE(headings.contains(QStringLiteral("# aten::_scaled_dot_product_flash_attention (8 x 16 x 4096 x 128)")))
        << qPrintable(headings.join(u'\n'));

    KernelRow mangled;
    mangled.name = QStringLiteral("_ZN5aiter24add_rmsnorm_quant_kernelIfLi256EEEvPfS1_i");
    mangled.kind = RowKind::Library;
    mangled.work = GpuWork::Other;
    mangled.calls = 1;
    mangled.kernelTimeUs = summarize({ 5.0 });
    const QString md = derivationMarkdown(mangled, judgedOnMi300x(AnalysisResult {}, PeakSet::Datasheet)->trace);
    EXPECT_TRUE(md.startsWith(QStringLiteral("# _ZN5aiter24add_rmsnorm_quant_kernelIfLi256EEEvPfS1_i\n"))) << qPrintable(md.left(200));
    EXPECT_CONTAINS(md, QStringLiteral("**Demangled:** `void aiter::add_rmsnorm_quant_kernel<float, 256>(float*, float*, int)`"));
}

TEST(KernelDerivation, AboveAMeasuredHbmRoofWithinTheDatasheetsIsNoModelError)
{
    // 805 MB a call at 5.0 TB/s: above MI300X's measured 4.3 TB/s, within
    // its datasheet's 5.3, and too big for any cache. The inspector says so
    // and does not call it a model error; 6.0 TB/s still is one.
    const auto streamed = [](double tbps) {
        KernelRow row;
        row.name = QStringLiteral("triton_poi_fused_add_0");
        row.parsedName.category = KernelCategory::Pointwise;
        row.model.edit().provenance = Provenance::V2;
        row.model.edit().flops = 805'000'000;
        row.model.edit().bytes = 805'000'000;
        TensorTraffic tensor;
        tensor.dtype = QStringLiteral("c10::BFloat16");
        row.model.edit().tensors.push_back(tensor);
        row.calls = 1;
        row.tbPerS = SampleStats { 1, tbps, tbps, tbps, tbps, tbps, std::nullopt };
        row.tflopsPerS = SampleStats { 1, tbps, tbps, tbps, tbps, tbps, std::nullopt };
        return row;
    };
    const auto judged = judgedOnMi300x(AnalysisResult {}, PeakSet::MaxAchievable);
    const QString low = derivationMarkdown(streamed(5.0), judged->trace);
    EXPECT_TRUE(low.contains(u"Within the datasheet's HBM:")) << low.toStdString();
    EXPECT_TRUE(low.contains(u"above the measured HBM roof (4.3 TB/s) but within the datasheet's (5.3 TB/s)")) << low.toStdString();
    EXPECT_FALSE(low.contains(u"model or unit error")) << low.toStdString();
    const QString error = derivationMarkdown(streamed(6.0), judged->trace);
    EXPECT_TRUE(error.contains(u"model or unit error")) << error.toStdString();
    EXPECT_FALSE(error.contains(u"Within the datasheet's HBM:"));
}
