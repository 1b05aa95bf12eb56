// Row names as shown: the library op rows of the xDiT SD3.5 trace carry
// their shapes (aten::mm six times, told apart), its CK convolutions and
// Tensile GEMMs read short, its Triton rows keep their names; and a
// hand-made row of each library-op category.
#include "engine/base/names/readablekernelname.h"
#include "engine/libraryops/shapelabel.h"
#include "engine/results/naming/rowdisplayname.h"
#include "testsupport.h"

#include <QSet>
#include <gtest/gtest.h>
#include <iostream>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

TritonOpArgs argsWithDims(std::vector<std::vector<std::int64_t>> dims)
{
    TritonOpArgs args;
    for (auto& d : dims)
        args.inputDims.push_back(std::move(d));
    args.hasInputDims = true;
    return args;
}

LibraryOpModel modelWith(LibraryOpCategory category, QList<QPair<QString, double>> params)
{
    LibraryOpModel model;
    model.category = category;
    model.figures.params = std::move(params);
    return model;
}

} // namespace

TEST(ShapeLabel, EachCategoryFromItsModelsFiguresOrItsArgs)
{
    const TritonOpArgs none;
    EXPECT_EQ(libraryOpShapeLabel(u"aten::mm",
                  modelWith(LibraryOpCategory::Gemm,
                      { { QStringLiteral("B"), 1 }, { QStringLiteral("M"), 4096 }, { QStringLiteral("N"), 1536 },
                          { QStringLiteral("K"), 6144 } }),
                  none),
        QStringLiteral("4096 x 1536 x 6144"));
    EXPECT_EQ(
        libraryOpShapeLabel(u"aten::bmm",
            modelWith(LibraryOpCategory::Gemm,
                { { QStringLiteral("B"), 1 }, { QStringLiteral("M"), 64 }, { QStringLiteral("N"), 32 }, { QStringLiteral("K"), 16 } }),
            none),
        QStringLiteral("1 x 64 x 32 x 16")); // a bmm says its batch even when it is one
    const QList<QPair<QString, double>> attention { { QStringLiteral("B"), 2 }, { QStringLiteral("N_Q"), 4429 },
        { QStringLiteral("H_Q"), 24 }, { QStringLiteral("N_KV"), 4429 }, { QStringLiteral("d_qk"), 64 } };
    EXPECT_EQ(libraryOpShapeLabel(u"aten::_scaled_dot_product_flash_attention", modelWith(LibraryOpCategory::Attention, attention), none),
        QStringLiteral("2 x 24 x 4429 x 64"));
    QList<QPair<QString, double>> cross = attention;
    cross[3].second = 333;
    EXPECT_EQ(libraryOpShapeLabel(u"aten::_scaled_dot_product_flash_attention", modelWith(LibraryOpCategory::Attention, cross), none),
        QStringLiteral("2 x 24 x 4429/333 x 64"));
    // Convolution from its args: input N x C x H x W, weight K x C x R x S.
    EXPECT_EQ(libraryOpShapeLabel(u"aten::convolution", std::nullopt, argsWithDims({ { 2, 16, 128, 128 }, { 1536, 16, 2, 2 }, { 1536 } })),
        QStringLiteral("2 x 16 x 128 x 128 -> 1536, 2 x 2"));
    // Any other op: its first tensor's dims; an op without tensors: nothing.
    EXPECT_EQ(libraryOpShapeLabel(u"aten::add", std::nullopt, argsWithDims({ {}, { 2, 4096, 1536 } })), QStringLiteral("2 x 4096 x 1536"));
    EXPECT_EQ(libraryOpShapeLabel(u"aten::add", std::nullopt, argsWithDims({ { 1, 2, 3, 4, 5, 6, 7, 8, 9 } })),
        QStringLiteral("1 x 2 x 3 x 4 x 5 x 6 x 7 x 8 x …"));
    EXPECT_TRUE(libraryOpShapeLabel(u"aten::add", std::nullopt, none).isEmpty());
    // Negative dims are damage: no label from them.
    EXPECT_TRUE(libraryOpShapeLabel(u"aten::add", std::nullopt, argsWithDims({ { 2, -1 } })).isEmpty());
}

TEST(RowDisplayName, XditRowsShowTheirShapesAndShortKernelNames)
{
    const QString tracePath = sharedPath(QStringLiteral("traces/xdit_sd35_mi300x.json.gz"));
    if (tracePath.isEmpty())
        GTEST_SKIP() << "../shared/traces is absent: xDiT's row names were not read";
    const AnalysisOutcome outcome = analyze(tracePath);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << outcome.error.toStdString();
    const AnalysisResult& result = *outcome.result;
    QStringList mm;
    QSet<QString> shown, kernels;
    bool ckRefused = false;
    for (const KernelRow& row : result.rows) {
        const RowNames names = rowNames(row);
        if (row.name == u"aten::mm")
            mm << names.display;
        if (!row.isLibraryOp()) {
            EXPECT_EQ(names.display, row.name); // a Triton row keeps Inductor's name
        }
        shown.insert(names.display);
        if (!row.libraryOp)
            continue;
        for (const QString& kernel : row.libraryOp->kernelNames) {
            const ReadableKernelName readable = readableKernelName(kernel);
            kernels.insert(readable.shortName);
            // CK's names (1,575 and 1,754 characters, GNU's demangler rejects
            // them): refused by the guard's bound, read from the mangling.
            if (kernel.startsWith(u"_ZN2ck") && !readable.demangled && readable.fullName == kernel)
                ckRefused = true;
        }
    }
    std::cout << "[ aten::mm ] " << mm.join(QStringLiteral(" | ")).toStdString() << "\n";
    // One op name, nineteen rows: each shape its own label.
    EXPECT_EQ(mm.size(), 19);
    EXPECT_EQ(QSet<QString>(mm.begin(), mm.end()).size(), mm.size());
    EXPECT_TRUE(mm.contains(QStringLiteral("aten::mm (8192 x 9728 x 2432)")));
    EXPECT_TRUE(mm.contains(QStringLiteral("aten::mm (666 x 2432 x 2432)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aten::bmm (64 x 256 x 64 x 256)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aten::addmm (77 x 768 x 3072)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aten::_scaled_dot_product_flash_attention (2 x 38 x 4429 x 64)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aten::convolution (2 x 16 x 128 x 128 -> 2432, 2 x 2)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aten::convolution (1 x 512 x 512 x 512 -> 256, 1 x 1)")));
    EXPECT_TRUE(shown.contains(QStringLiteral("aiter::_groupnorm_run (1 x 512 x 256 x 256)"))); // the first input's dims
    // The kernels under the ops, short.
    EXPECT_TRUE(ckRefused);
    EXPECT_TRUE(kernels.contains(QStringLiteral("ck::tensor_operation::device::kernel_grouped_conv_fwd_xdl_cshuffle_v3<…>")));
    EXPECT_TRUE(kernels.contains(QStringLiteral("ck::tensor_operation::device::kernel_grouped_conv_fwd_multiple_abd_xdl_cshuffle<…>")));
    EXPECT_TRUE(kernels.contains(QStringLiteral("Cijk_Ailk_Bljk_BBS_BH… MT 256x112x32")));
    // The kernels of no op: the profiler's signatures, short, told apart by their functor.
    QSet<QString> library;
    for (const KernelRow& row : result.libraryKernels)
        library.insert(rowNames(row).display);
    EXPECT_TRUE(library.contains(QStringLiteral("at::native::vectorized_elementwise_kernel<CUDAFunctor_add, …>")));
    EXPECT_TRUE(library.contains(QStringLiteral("at::native::vectorized_elementwise_kernel<GeluCUDAKernelImpl, …>")));
    EXPECT_TRUE(library.contains(QStringLiteral("softmax_warp_forward<…>")));
}
