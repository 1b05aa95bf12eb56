// Launch facts end to end: a synthetic NVIDIA trace through the reader (its
// deviceProperties numSms and CUPTI's kernel figures) to the JSON and CSV
// exports; then the bundled xDiT SD3.5 trace (MI300X, 304 CUs) and an
// NVIDIA trace of ../shared/realdata, their Triton kernels' launches.
#include "engine/export/launch/launchexport.h"
#include "engine/export/resultexport.h"
#include "testsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// One reduction on an A100 of 108 SMs: xnumel 8,192 rows of r0_numel 2,432
// in XBLOCK 1 x R0_BLOCK 1,024, grid [8192, 1, 1] of 128 threads.
QByteArray nvidiaTrace()
{
    const QByteArray op = tritonOpEvent("triton_red_fused_native_layer_norm_0", 0, 10, 7,
        R"("Input Dims": [[8192, 2432], [8192, 2432], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], )"
        R"("Input Strides": [[2432, 1], [2432, 1], [], []], "Concrete Inputs": ["", "", "8192", "2432"], )"
        R"("kernel_kwargs": "XBLOCK=1,R0_BLOCK=1024", "num_warps": 4, "num_stages": 1, "kernel_backend": "triton")");
    const QByteArray launch = R"({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 1, "ts": 1.000, )"
                              R"("dur": 2.000, "args": {"correlation": 7, "grid": [8192, 1, 1], "block": [128, 1, 1]}})";
    const QByteArray kernel = R"({"ph": "X", "cat": "kernel", "name": "triton_red_fused_native_layer_norm_0", "pid": 2, "tid": 7, )"
                              R"("ts": 50.000, "dur": 20.000, "args": {"correlation": 7, "registers per thread": 32, "shared memory": 16, )"
                              R"("blocks per SM": 75.851852, "warps per SM": 303.407407, "grid": [8192, 1, 1], "block": [128, 1, 1], )"
                              R"("est. achieved occupancy %": 81}})";
    return "{\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA A100-SXM4-80GB\", \"numSms\": 108}],\n\"traceEvents\": [\n" + op + ",\n"
        + launch + ",\n" + flowEnd(7, 7) + ",\n" + kernel + "\n]}\n";
}

std::shared_ptr<const AnalysisResult> analysedShared(const QString& relative)
{
    const QString path = sharedPath(relative);
    if (path.isEmpty())
        return nullptr;
    const AnalysisOutcome outcome = analyze(path);
    EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    return outcome.result;
}

} // namespace

TEST(LaunchTraces, NvidiaLaunchFromTheReaderToTheExports)
{
    TempTraces traces;
    const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("a100.json"), nvidiaTrace()));
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* row = findRow(*outcome.result, QStringLiteral("triton_red_fused_native_layer_norm_0"));
    ASSERT_TRUE(row && row->launch);
    const LaunchFacts& launch = *row->launch;
    // 8,192 / XBLOCK 1 = 8,192 programs, the grid's count in blocks;
    // 8,192 / 108 SMs = 75.85 waves; ceil(2,432 / 1,024) = 3 passes of
    // 1,024 lanes: 2,432 / 3,072 = 79.17 % of them work.
    EXPECT_EQ(launch.programs, 8192);
    EXPECT_EQ(launch.gridCounts, GridCounts::Blocks);
    EXPECT_EQ(launch.computeUnits, 108);
    EXPECT_NEAR(*launch.waves, 8192.0 / 108.0, 1e-12);
    EXPECT_NEAR(*launch.activeLaneShare, 2432.0 / 3072.0, 1e-12);
    EXPECT_EQ(launch.registersPerThread, 32);
    EXPECT_EQ(launch.sharedMemory, 16);
    EXPECT_DOUBLE_EQ(*launch.blocksPerSm, 75.851852);
    EXPECT_DOUBLE_EQ(*launch.estAchievedOccupancyPercent, 81);

    const auto judgement = judged(outcome.result);
    const QJsonObject root = QJsonDocument::fromJson(exportJson(*judgement)).object();
    QJsonObject kernel;
    for (const QJsonValue& k : root.value(QStringLiteral("kernels")).toArray()) {
        if (k.toObject().value(QStringLiteral("name")).toString() == QStringLiteral("triton_red_fused_native_layer_norm_0"))
            kernel = k.toObject();
    }
    const QJsonObject json = kernel.value(QStringLiteral("launch")).toObject();
    ASSERT_FALSE(json.isEmpty());
    EXPECT_EQ(json.value(QStringLiteral("num_warps")).toInt(), 4);
    EXPECT_EQ(json.value(QStringLiteral("num_stages")).toInt(), 1);
    EXPECT_EQ(json.value(QStringLiteral("kwargs")).toObject().value(QStringLiteral("R0_BLOCK")).toInt(), 1024);
    EXPECT_EQ(json.value(QStringLiteral("grid")).toArray(), (QJsonArray { 8192, 1, 1 }));
    EXPECT_EQ(json.value(QStringLiteral("block")).toArray(), (QJsonArray { 128, 1, 1 }));
    EXPECT_EQ(json.value(QStringLiteral("grid_counts")).toString(), QStringLiteral("blocks"));
    EXPECT_EQ(json.value(QStringLiteral("programs")).toInteger(), 8192);
    EXPECT_FALSE(json.value(QStringLiteral("programs_approximate")).toBool(true));
    EXPECT_EQ(json.value(QStringLiteral("compute_units")).toInt(), 108);
    EXPECT_EQ(json.value(QStringLiteral("compute_units_source")).toString(), QStringLiteral("the trace's deviceProperties numSms"));
    EXPECT_DOUBLE_EQ(json.value(QStringLiteral("waves")).toDouble(), 75.8519);
    EXPECT_DOUBLE_EQ(json.value(QStringLiteral("active_lane_share")).toDouble(), 0.791667);
    EXPECT_EQ(json.value(QStringLiteral("registers_per_thread")).toInt(), 32);
    EXPECT_DOUBLE_EQ(json.value(QStringLiteral("est_achieved_occupancy_percent")).toDouble(), 81);

    const QStringList csv = QString::fromUtf8(exportCsv(judgement->trace)).split(u'\n');
    ASSERT_GE(csv.size(), 2);
    EXPECT_TRUE(csv[0].endsWith(QStringLiteral(",programs,waves,first_finding,display_name,advice"))) << qPrintable(csv[0]);
    // 8,192 programs fill the 108 SMs; 79 % of the lanes work: no finding; the display name, then the advice.
    EXPECT_TRUE(csv[1].contains(QStringLiteral(",8192,75.8519,,triton_red_fused_native_layer_norm_0,\"reduction: "))) << qPrintable(csv[1]);
}

TEST(LaunchTraces, XditSd35OnMi300x)
{
    const auto result = analysedShared(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (!result)
        GTEST_SKIP() << "../shared/traces/xdit_sd35_mi300x.json.gz is absent: the launches of a real ROCm trace were not checked";
    struct Expected
    {
        const char* name;
        std::int64_t programs;
        double waves; // programs / 304 CUs (deviceProperties numSms)
        std::optional<double> laneShare;
    };
    const Expected expected[] = {
        // 79,691,776 / XBLOCK 4,096 = 19,456 = the grid; 19,456 / 304 = 64.
        { "triton_poi_fused_addmm_gelu_view_15", 19456, 64.0, 1.0 },
        // 8,192 rows / XBLOCK 1; r0_numel 2,432 in 3 x R0_BLOCK 1,024 = 3,072 lanes.
        { "triton_red_fused__unsafe_view_add_addmm_mul_native_layer_norm_split_unsqueeze_19", 8192, 8192.0 / 304, 2432.0 / 3072 },
        // The same in 2 x R0_BLOCK 2,048 = 4,096 lanes.
        { "triton_red_fused_add_addmm_mul_native_layer_norm_split_unsqueeze_view_16", 8192, 8192.0 / 304, 2432.0 / 4096 },
        // 311,296 / XBLOCK 64 = 4,864; persistent r0_numel 64 in R0_BLOCK 64 (its next power of two).
        { "triton_per_fused__to_copy_add_addmm_mean_mul_pow_rsqrt_transpose_view_8", 4864, 4864.0 / 304, 1.0 },
        // 25,308 / XBLOCK 16 = 1,582 programs of 16 rows: 25,308 of 25,312 lanes.
        { "triton_per_fused__to_copy_add_addmm_mean_mul_pow_rsqrt_transpose_view_9", 1582, 1582.0 / 304, 25308.0 / 25312 },
        // Persistent r0_numel 19 in R0_BLOCK 32: 59.4 %; 8,192 / 16 = 512 programs.
        { "triton_per_fused__unsafe_view_add_clone_convolution_native_layer_norm_slice_transpose_view_5", 512, 512.0 / 304, 19.0 / 32 },
        // 2-D: ceil(2,432 / XBLOCK 64) x ceil(8,192 / YBLOCK 64) = 38 x 128 = 4,864 = grid [38, 128, 1].
        { "triton_poi_fused__unsafe_view_add_addmm_clone_convolution_mul_native_layer_norm_slice_split_transpose_unsqueeze_view_7", 4864,
            4864.0 / 304, 1.0 },
        // 2-D reduction: ceil(19 / 4) x ceil(8,192 / 32) = 5 x 256 = 1,280; 19 of 20 x lanes work.
        { "triton_red_fused__unsafe_view_add_clone_convolution_native_layer_norm_slice_transpose_view_4", 1280, 1280.0 / 304, 19.0 / 20 },
        // 512 / XBLOCK 512 = 1 program: 1 / 304 of the GPU.
        { "triton_poi_fused__to_copy_cat_slice_1", 1, 1.0 / 304, 1.0 },
        // 4,864 / XBLOCK 1,024 = 5 programs; 4,864 of 5,120 lanes.
        { "triton_poi_fused_add_addmm_silu_21", 5, 5.0 / 304, 4864.0 / 5120 },
    };
    for (const Expected& e : expected) {
        SCOPED_TRACE(e.name);
        const KernelRow* row = findRow(*result, QString::fromLatin1(e.name));
        ASSERT_TRUE(row && row->launch);
        const LaunchFacts& launch = *row->launch;
        EXPECT_EQ(launch.programs, e.programs) << qPrintable(launch.programsSource);
        EXPECT_EQ(launch.gridCounts, GridCounts::Blocks); // hipModuleLaunchKernel's grid counts blocks
        EXPECT_TRUE(launch.note.isEmpty()) << qPrintable(launch.note);
        EXPECT_FALSE(launch.programsApproximate);
        EXPECT_EQ(launch.computeUnits, 304);
        EXPECT_NEAR(*launch.waves, e.waves, 1e-12);
        ASSERT_TRUE(launch.activeLaneShare) << qPrintable(launch.activeLaneShareSource);
        EXPECT_NEAR(*launch.activeLaneShare, *e.laneShare, 1e-12) << qPrintable(launch.activeLaneShareSource);
        EXPECT_FALSE(launch.registersPerThread); // CUPTI's figures: NVIDIA only
    }
    // Every Triton row of the trace has its launch, confirmed by its grid.
    for (const KernelRow& row : result->rows) {
        if (row.isLibraryOp())
            continue;
        SCOPED_TRACE(qPrintable(row.name));
        ASSERT_TRUE(row.launch);
        EXPECT_TRUE(row.launch->programsSource.contains(QStringLiteral("(= ceil("))) << qPrintable(row.launch->programsSource);
    }
}

TEST(LaunchTraces, NvidiaRealTraceWithCuptiFigures)
{
    // Wings236's RTX 4090 D trace (114 SMs), recorded without shapes: no
    // numels, so the programs are the grid's blocks, and the waves agree
    // with CUPTI's own "blocks per SM".
    const auto result = analysedShared(QStringLiteral("realdata/Wings236__model_inference/pytorch_compile__profiling__trace.json"));
    if (!result)
        GTEST_SKIP() << "../shared/realdata/Wings236__model_inference is absent: the launches of a real NVIDIA trace were not checked";
    struct Expected
    {
        const char* name;
        std::int64_t programs;
        std::int64_t registers;
        std::int64_t sharedMemory;
        double blocksPerSm;
        double occupancy;
    };
    const Expected expected[] = {
        { "triton_poi_fused_8", 4096, 30, 4160, 35.929825, 100 }, // grid [1, 4096, 1]: 4,096 / 114 = 35.93
        { "triton_poi_fused_convolution_backward_native_batch_norm_backward_threshold_backward_40", 3920, 48, 0, 34.385963, 83 },
        { "triton_red_fused_native_batch_norm_backward_threshold_backward_37", 490, 48, 1024, 4.298245, 36 },
        { "triton_red_fused__native_batch_norm_legit_functional_28", 16, 40, 3072, 0.140351, 1 }, // 16 of 114 SMs
    };
    for (const Expected& e : expected) {
        SCOPED_TRACE(e.name);
        const KernelRow* row = findRow(*result, QString::fromLatin1(e.name));
        ASSERT_TRUE(row && row->launch);
        const LaunchFacts& launch = *row->launch;
        EXPECT_EQ(launch.programs, e.programs);
        EXPECT_EQ(launch.gridCounts, GridCounts::Blocks);
        EXPECT_EQ(launch.computeUnits, 114);
        EXPECT_NEAR(*launch.waves, double(e.programs) / 114.0, 1e-12);
        EXPECT_NEAR(*launch.waves, e.blocksPerSm, 1e-5); // CUPTI computes its figure in single precision
        EXPECT_EQ(launch.registersPerThread, e.registers);
        EXPECT_EQ(launch.sharedMemory, e.sharedMemory);
        EXPECT_DOUBLE_EQ(*launch.blocksPerSm, e.blocksPerSm);
        EXPECT_DOUBLE_EQ(*launch.estAchievedOccupancyPercent, e.occupancy);
        EXPECT_FALSE(launch.activeLaneShare); // no numels, no block sizes
        EXPECT_FALSE(launch.numWarps);
    }
}
