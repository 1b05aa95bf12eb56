// The four worked examples of PERF_MODEL.md section 7 on the bundled trace:
// Ridgeline must reproduce TraceLens's reference report to 1e-6 relative.
#include "testsupport.h"

#include <QFile>
#include <gtest/gtest.h>
#include <map>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

constexpr double tolerance = 1e-6;

void expectRelative(double actual, double expected, const char* what)
{
    EXPECT_NEAR(actual, expected, std::abs(expected) * tolerance) << what;
}

// A minimal CSV reader for TraceLens's report: quoted fields hold commas.
std::vector<std::map<QString, QString>> readCsv(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(file.readAll());
    std::vector<QStringList> records;
    QStringList fields;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text[i + 1] == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\n') {
            fields << field;
            field.clear();
            records.push_back(fields);
            fields.clear();
        } else if (c != u'\r') {
            field += c;
        }
    }
    std::vector<std::map<QString, QString>> rows;
    for (size_t r = 1; r < records.size(); ++r) {
        std::map<QString, QString> row;
        for (qsizetype c = 0; c < records[0].size() && c < records[r].size(); ++c)
            row[records[0][c]] = records[r][c];
        rows.push_back(row);
    }
    return rows;
}

class WorkedExamples : public ::testing::Test
{
protected:
    static void SetUpTestSuite() { s_outcome = new AnalysisOutcome(analyze(bundledSampleTrace())); }
    static void TearDownTestSuite()
    {
        delete s_outcome;
        s_outcome = nullptr;
    }
    static const AnalysisResult& result() { return *s_outcome->result; }
    static AnalysisOutcome* s_outcome;
};

AnalysisOutcome* WorkedExamples::s_outcome = nullptr;

} // namespace

TEST_F(WorkedExamples, BundledTraceAnalyses)
{
    ASSERT_EQ(s_outcome->status, AnalysisOutcome::Status::Ok) << qPrintable(s_outcome->error);
    EXPECT_EQ(result().traceGpuName, QStringLiteral("AMD Instinct MI300X"));
    EXPECT_EQ(tritonRowCount(result()), 4u);
    EXPECT_EQ(result().events.skipped, 0);
}

// The table of PERF_MODEL.md section 7, to the digits it gives.
TEST_F(WorkedExamples, MatchSpecTable)
{
    struct Expected
    {
        const char* name;
        std::int64_t xnumel, rnumel;
        double gflops, mb, flopsPerByte, us, tbps, tflops;
    };
    const Expected table[] = {
        { "triton_red_fused_add_mean_mul_pow_rsqrt_0", 32768, 2048, 0.469762048, 256.00390625, 1.74997, 77.074, 3.48287, 6.09493 },
        { "triton_red_fused__unsafe_view_add_mean_mul_pow_rsqrt_1", 32768, 2048, 0.469762048, 384.00390625, 1.16665, 90.653, 4.44175,
            5.18199 },
        { "triton_poi_fused__unsafe_view_mul_silu_2", 268435456, 1, 1.34217728, 1536, 0.833333, 527.382, 3.05398, 2.54498 },
        { "triton_poi_fused__unsafe_view_add_3", 67108864, 1, 0.067108864, 512, 0.125, 140.848, 3.81170, 0.476463 },
    };
    for (const Expected& e : table) {
        SCOPED_TRACE(e.name);
        const KernelRow* row = findRow(result(), QString::fromLatin1(e.name));
        ASSERT_NE(row, nullptr);
        EXPECT_EQ(row->provenance(), Provenance::V2);
        EXPECT_EQ(row->model->xnumel, e.xnumel);
        EXPECT_EQ(row->model->rnumel, e.rnumel);
        EXPECT_NEAR(*row->gflops(), e.gflops, 1e-12);
        EXPECT_NEAR(*row->dataMovedMib(), e.mb, 1e-9);
        // The spec rounds to six significant digits.
        EXPECT_NEAR(*row->flopsPerByte(), e.flopsPerByte, 5e-6 * e.flopsPerByte);
        EXPECT_NEAR(row->kernelTimeUs->mean, e.us, 5e-4);
        EXPECT_NEAR(row->tbPerS->mean, e.tbps, 5e-6 * e.tbps);
        EXPECT_NEAR(row->tflopsPerS->mean, e.tflops, 5e-6 * e.tflops);
        EXPECT_FALSE(row->traceLens.has_value()) << "TraceLens agrees on these kernels";
    }
}

// TraceLens's own report of the same file, to 1e-6 relative.
TEST_F(WorkedExamples, MatchTraceLensReferenceCsv)
{
    const QString csv = sharedPath(QStringLiteral("traces/transformer_block_mi300x.reference.csv"));
    if (csv.isEmpty())
        GTEST_SKIP() << "shared reference CSV absent";
    const auto rows = readCsv(csv);
    int compared = 0;
    for (const auto& reference : rows) {
        if (reference.at(QStringLiteral("op category")) != u"triton")
            continue;
        const QString name = reference.at(QStringLiteral("name"));
        SCOPED_TRACE(qPrintable(name));
        const KernelRow* row = findRow(result(), name);
        ASSERT_NE(row, nullptr);
        auto value = [&](const char* column) { return reference.at(QString::fromUtf8(column)).toDouble(); };
        expectRelative(*row->gflops(), value("GFLOPS"), "GFLOPS");
        expectRelative(*row->dataMovedMib(), value("Data Moved (MB)"), "Data Moved (MB)");
        expectRelative(*row->flopsPerByte(), value("FLOPS/Byte"), "FLOPS/Byte");
        expectRelative(row->kernelTimeUs->mean, value("Kernel Time (µs)_mean"), "kernel time mean");
        expectRelative(row->kernelTimeUs->sum, value("Kernel Time (µs)_sum"), "kernel time sum");
        expectRelative(row->tbPerS->mean, value("TB/s_mean"), "TB/s");
        expectRelative(row->tflopsPerS->mean, value("TFLOPS/s_mean"), "TFLOPS/s");
        expectRelative(*row->shareOfGpuTime * 100.0, value("Percentage (%)"), "share of GPU time");
        EXPECT_EQ(row->calls, int(value("operation_count")));
        ++compared;
    }
    EXPECT_EQ(compared, 4);
}

// Float64 from absolute timestamps, as TraceLens: dur 527.382 at a large ts
// gives 527.3818359375, not 527.382.
TEST_F(WorkedExamples, KernelTimeFromAbsoluteTimestamps)
{
    const KernelRow* row = findRow(result(), QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(row, nullptr);
    EXPECT_DOUBLE_EQ(row->kernelTimeUs->sum, 527.3818359375);
}

TEST_F(WorkedExamples, SwiGluDerivation)
{
    const KernelRow* row = findRow(result(), QStringLiteral("triton_poi_fused__unsafe_view_mul_silu_2"));
    ASSERT_NE(row, nullptr);
    EXPECT_EQ(row->parsedName.fusedOps(), (QStringList { QStringLiteral("_unsafe_view"), QStringLiteral("mul"), QStringLiteral("silu") }));
    ASSERT_EQ(row->model->tensors.size(), 2u);
    // 8 x 4096 x 8192 bf16 and 32768 x 8192 bf16: 512 MiB each, plus the
    // pointwise output write of 268435456 x 2 bytes.
    EXPECT_EQ(row->model->tensors[0].bytes, 536870912);
    EXPECT_EQ(row->model->tensors[1].bytes, 536870912);
    EXPECT_EQ(row->model->outputWriteBytes, 536870912);
    EXPECT_EQ(*row->model->bytes, 1610612736);
    // (0 + 1 + 4) FLOPs per element x 268435456
    EXPECT_EQ(row->model->flopsPerElement, 5);
    EXPECT_EQ(row->model->flops, 1342177280);
}
