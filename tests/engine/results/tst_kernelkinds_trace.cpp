// A trace holding the kernels TraceLens does not model, end to end: a
// user-written Triton kernel found by kernel_backend "triton", a GEMM
// template with Inductor's estimates in its args, and an ATen op that is not
// Triton; then the rows, the GPU-time breakdown and the JSON export.
#include "engine/export/resultexport.h"
#include "engine/results/gputimebreakdown.h"
#include "engine/roofline/roofline.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

QByteArray call(const QByteArray& opName, const QByteArray& kernelName, double ts, double kernelDur, int id, const QByteArray& args)
{
    return tritonOpEvent(opName, ts, 10, id, args) + ",\n" + launchEvent(ts + 1, 2, id) + ",\n" + flowEnd(id) + ",\n"
        + kernelEvent(kernelName, ts + 1000, kernelDur, id);
}

// A [1024, 512] x [512, 256] bf16 mm with Inductor's own estimate: 0.002 GB, 2.5e8 FLOPs.
const QByteArray mmArgs = R"("Input Dims": [[1024, 512], [512, 256], [1024, 256]], )"
                          R"("Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], )"
                          R"("Input Strides": [[512, 1], [256, 1], [256, 1]], "Concrete Inputs": ["", "", ""], )"
                          R"("kernel_backend": "triton", "kernel_num_gb": 0.002, "kernel_flop": 250000000)";
// RMSNorm over [8, 4096] fp16 with a [4096] weight: 139,264 bytes.
const QByteArray rmsArgs = R"("Input Dims": [[8, 4096], [4096], [8, 4096], []], )"
                           R"("Input type": ["c10::Half", "c10::Half", "c10::Half", "Scalar"], )"
                           R"("Input Strides": [[4096, 1], [1], [4096, 1], []], "Concrete Inputs": ["", "", "", "4096"], )"
                           R"("kernel_backend": "triton")";
// An ATen op that names a backend too, but not Triton's.
const QByteArray atenArgs = R"("Input Dims": [[8]], "Input type": ["float"], "kernel_backend": "aten")";

class KernelKindsTrace : public ::testing::Test
{
protected:
    void SetUp() override
    {
        const QByteArray events = call("triton_tem_fused_mm_0", "triton_tem_fused_mm_0", 0, 20.0, 1, mmArgs) + ",\n"
            + call("_rms_norm_forward_kernel", "_rms_norm_forward_kernel", 100, 0.5, 2, rmsArgs) + ",\n"
            + call("aten::add", "elementwise_kernel", 200, 4.0, 3, atenArgs);
        const AnalysisOutcome outcome = analyze(m_traces.write(QStringLiteral("kinds.json"), traceJson(events)));
        ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
        m_result = outcome.result;
    }
    TempTraces m_traces;
    std::shared_ptr<const AnalysisResult> m_result;
};

} // namespace

TEST_F(KernelKindsTrace, UserKernelIsFoundByItsBackendAndOtherOpsAreNot)
{
    // The template and the user kernel; aten::add is no Triton row but a library op's.
    ASSERT_EQ(tritonRowCount(*m_result), 2u);
    const KernelRow* user = findRow(*m_result, QStringLiteral("_rms_norm_forward_kernel"));
    ASSERT_NE(user, nullptr);
    EXPECT_EQ(user->parsedName.category, KernelCategory::User);
    EXPECT_EQ(user->provenance(), Provenance::V2) << qPrintable(user->model->reason);
    EXPECT_DOUBLE_EQ(*user->bytes(), 139264.0);
    EXPECT_FALSE(user->flops().has_value());
    ASSERT_TRUE(user->tbPerS.has_value());
    EXPECT_NEAR(user->tbPerS->mean, 139264.0 / 1e12 / 0.5e-6, 1e-9); // 0.278528 TB/s
    const auto placement = placeKernel(*user, mi300x().peaks(PeakSet::Datasheet));
    ASSERT_TRUE(placement.has_value());
    EXPECT_TRUE(placement->memoryOnly && placement->flopsUnknown);
    const KernelRow* add = findRow(*m_result, QStringLiteral("aten::add"));
    ASSERT_TRUE(add);
    EXPECT_EQ(add->kind, RowKind::LibraryOp);
}

TEST_F(KernelKindsTrace, GpuTimeBreakdownCountsTheUserKernelAsTriton)
{
    // Triton: 20 us template + 0.5 us user kernel; other: the 4 us ATen kernel.
    EXPECT_DOUBLE_EQ(m_result->gpuTime.us.at(GpuWork::Triton), 20.5);
    EXPECT_DOUBLE_EQ(m_result->gpuTime.tritonUs.at(KernelCategory::User), 0.5);
    EXPECT_DOUBLE_EQ(m_result->gpuTime.tritonUs.at(KernelCategory::Template), 20.0);
    EXPECT_DOUBLE_EQ(m_result->gpuTime.us.at(GpuWork::Other), 4.0);
}

TEST_F(KernelKindsTrace, ExportShowsBothOpinionsAndTheGemm)
{
    const QJsonObject root = exportObject(*judgedOnMi300x(m_result));
    QJsonObject mm, user, library;
    for (const QJsonValue& value : root.value(QStringLiteral("kernels")).toArray()) {
        const QJsonObject kernel = value.toObject();
        const QString name = kernel.value(QStringLiteral("name")).toString();
        (name.startsWith(u"triton_tem") ? mm : name == u"_rms_norm_forward_kernel" ? user : library) = kernel;
    }
    // The ATen op is a library op row that owns its kernel.
    EXPECT_EQ(library.value(QStringLiteral("name")).toString(), QStringLiteral("aten::add"));
    EXPECT_EQ(library.value(QStringLiteral("kind")).toString(), QStringLiteral("library-op"));
    EXPECT_EQ(library.value(QStringLiteral("category")).toString(), QStringLiteral("elementwise"));
    EXPECT_EQ(library.value(QStringLiteral("work")).toString(), QStringLiteral("other"));
    EXPECT_EQ(library.value(QStringLiteral("kernels")).toArray(), QJsonArray { QStringLiteral("elementwise_kernel") });
    EXPECT_DOUBLE_EQ(library.value(QStringLiteral("kernel_time_us")).toObject().value(QStringLiteral("sum")).toDouble(), 4.0);
    ASSERT_FALSE(mm.isEmpty());
    EXPECT_EQ(mm.value(QStringLiteral("category")).toString(), QStringLiteral("tem"));
    EXPECT_EQ(mm.value(QStringLiteral("flops")).toInteger(), 268435456);
    EXPECT_EQ(mm.value(QStringLiteral("roof")).toString(), QStringLiteral("BF16 matrix"));
    const QJsonObject gemm = mm.value(QStringLiteral("gemm")).toObject();
    EXPECT_EQ(gemm.value(QStringLiteral("m")).toInteger(), 1024);
    EXPECT_EQ(gemm.value(QStringLiteral("n")).toInteger(), 256);
    EXPECT_EQ(gemm.value(QStringLiteral("k")).toInteger(), 512);
    // Ridgeline 1,835,008 B against Inductor's 2,000,000: -8.2496 %; FLOPs
    // 268,435,456 against 250,000,000: +7.37418 %.
    const QJsonObject inductor = mm.value(QStringLiteral("inductor")).toObject();
    EXPECT_DOUBLE_EQ(inductor.value(QStringLiteral("bytes")).toDouble(), 2e6);
    EXPECT_EQ(inductor.value(QStringLiteral("flops")).toInteger(), 250000000);
    EXPECT_NEAR(inductor.value(QStringLiteral("bytes_difference_percent")).toDouble(), -8.2496, 1e-4);
    EXPECT_NEAR(inductor.value(QStringLiteral("flops_difference_percent")).toDouble(), 7.37418, 1e-4);
    // TraceLens's view of a template: not modelled, no figures.
    const QJsonObject tl = mm.value(QStringLiteral("tracelens")).toObject();
    EXPECT_FALSE(tl.value(QStringLiteral("modelled")).toBool());
    EXPECT_TRUE(tl.value(QStringLiteral("flops")).isNull());

    ASSERT_FALSE(user.isEmpty());
    EXPECT_EQ(user.value(QStringLiteral("category")).toString(), QStringLiteral("user"));
    EXPECT_FALSE(user.value(QStringLiteral("flops_known")).toBool());
    EXPECT_TRUE(user.value(QStringLiteral("flops")).isNull()); // unknown, never 0
    EXPECT_EQ(user.value(QStringLiteral("bound")).toString(), QStringLiteral("memory"));
    EXPECT_TRUE(user.value(QStringLiteral("inductor")).isNull());
}

// Inductor's byte estimate is a count: 0.006291456 GB is 6,291,456 bytes
// exactly, not 6.29146e6 rounded to 6 significant digits.
TEST(InductorEstimateExport, BytesAreExactCounts)
{
    const QByteArray args = R"("Input Dims": [[1024, 1024], [1024, 1024]], "Input type": ["c10::Float", "c10::Float"], )"
                            R"("Input Strides": [[1024, 1], [1024, 1]], "Concrete Inputs": ["", ""], )"
                            R"("kernel_num_gb": 0.006291456, "kernel_flop": 1048576)";
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(
        QStringLiteral("estimate.json"), traceJson(call("triton_poi_fused_relu_0", "triton_poi_fused_relu_0", 0, 5.0, 1, args))));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* row = findRow(*outcome.result, QStringLiteral("triton_poi_fused_relu_0"));
    ASSERT_TRUE(row && row->model->inductor && row->model->inductor->bytes);
    EXPECT_EQ(*row->model->inductor->bytes, 6291456);
    const QJsonObject root = exportObject(*judgedOnMi300x(outcome.result));
    const QJsonObject kernel = root.value(QStringLiteral("kernels")).toArray().at(0).toObject();
    EXPECT_EQ(kernel.value(QStringLiteral("inductor")).toObject().value(QStringLiteral("bytes")).toInteger(), 6291456);
    const QString csv = QString::fromUtf8(exportCsv(judgedOnMi300x(outcome.result)->trace));
    EXPECT_TRUE(csv.contains(QStringLiteral(",6291456,1048576,"))) << qPrintable(csv);
}
