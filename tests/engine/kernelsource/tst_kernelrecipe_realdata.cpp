// Every Triton kernel of the real Inductor wrapper files in ../shared/realdata
// (PyTorch 2.0 to 2.9) parsed and measured: no problem lines for the kernels
// the parser supports, and the kinds of known loads (the hkust-nlp vLLM
// cache's embedding gather and RoPE slices of the fused qkv buffer).
// Skipped, loudly, when ../shared is absent.
#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"
#include "kernelfixtures.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>
#include <iostream>

namespace Ridgeline::Test {
namespace {

struct RealKernel
{
    QString file;
    WrapperKernel kernel;
};

std::vector<RealKernel> realKernels()
{
    std::vector<RealKernel> kernels;
    const QString root = sharedPath(QStringLiteral("realdata"));
    if (root.isEmpty())
        return kernels;
    QDir dir(root);
    for (const QString& folder : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QDir sub(dir.filePath(folder));
        for (const QString& name : sub.entryList({ QStringLiteral("*.py") }, QDir::Files, QDir::Name)) {
            QFile file(sub.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const WrapperFileParse parse = WrapperFileParser::parse(name, QString::fromUtf8(file.readAll()));
            for (const WrapperKernel& k : parse.kernels)
                kernels.push_back({ folder + u'/' + name, k });
        }
    }
    return kernels;
}

QString describe(const KernelAnatomy& a)
{
    QStringList parts;
    for (const PointerAnatomy& p : a.pointers) {
        parts.append(QStringLiteral("%1 %2 %3 u=%4..%5 pa=%6 %7")
                .arg(p.arg, pointerRoleKey(p.role), accessKindKey(p.kind))
                .arg(p.uniqueBytes ? QString::number(*p.uniqueBytes) : QStringLiteral("?"))
                .arg(p.uniqueBytesMax ? QString::number(*p.uniqueBytesMax) : QStringLiteral("?"))
                .arg(p.perAccessBytes ? QString::number(*p.perAccessBytes) : QStringLiteral("?"))
                .arg(p.why));
    }
    return parts.join(QStringLiteral("\n    "));
}

TEST(KernelRecipeRealData, EveryKernelParsesWithoutProblems)
{
    const std::vector<RealKernel> kernels = realKernels();
    if (kernels.empty())
        GTEST_SKIP() << "../shared/realdata is absent: the real kernels were not parsed";
    int templates = 0;
    int measured = 0;
    for (const RealKernel& k : kernels) {
        const KernelRecipe recipe = parseKernelSource(k.kernel.source);
        const KernelAnatomy a = measureKernel(recipe, {});
        if (qEnvironmentVariableIsSet("RIDGELINE_DUMP_ANATOMY"))
            std::cerr << k.file.left(40).toStdString() << " " << k.kernel.name.toStdString() << " loads " << a.parsedLoads << "/"
                      << (a.metaNumLoad ? *a.metaNumLoad : -1) << " " << a.countNote.toStdString() << " " << a.problem.toStdString()
                      << "\n    " << describe(a).toStdString() << "\n";
        ++measured;
        if (recipe.heuristic == u"template") {
            ++templates;
            continue;
        }
        EXPECT_TRUE(recipe.error.isEmpty()) << k.file.toStdString() << " " << k.kernel.name.toStdString() << ": "
                                            << recipe.error.toStdString();
        EXPECT_TRUE(recipe.problems.isEmpty()) << k.file.toStdString() << " " << k.kernel.name.toStdString() << ": "
                                               << recipe.problems.join(u'\n').toStdString();
    }
    EXPECT_GE(measured, 150); // every kernel of the files, not only the first
    EXPECT_EQ(templates, 1); // tlparse's flex attention template: its accesses go through local block pointers
}

const WrapperKernel* findKernel(const std::vector<RealKernel>& kernels, QStringView file, QStringView name)
{
    for (const RealKernel& k : kernels) {
        if (k.file.contains(file) && k.kernel.name == name)
            return &k.kernel;
    }
    return nullptr;
}

TEST(KernelRecipeRealData, HkustEmbeddingGatherReadsOneToSevenRows)
{
    const std::vector<RealKernel> kernels = realKernels();
    if (kernels.empty())
        GTEST_SKIP() << "../shared/realdata is absent: the hkust-nlp kernels were not measured";
    const WrapperKernel* k = findKernel(kernels, u"subgraph_0", u"triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0");
    ASSERT_NE(k, nullptr);
    KernelMeasureInputs inputs;
    inputs.concreteInputs = { QString(), QString(), QString(), QString(), QString(), QStringLiteral("7"), QStringLiteral("576") };
    const KernelAnatomy a = measureKernel(parseKernelSource(k->source), inputs);
    EXPECT_TRUE(a.problem.isEmpty()) << a.problem.toStdString();
    const PointerAnatomy* table = findPointer(a, QStringLiteral("in_ptr1"));
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->kind, AccessKind::Gather);
    EXPECT_EQ(table->uniqueBytes, 576 * 2); // one row of 576 fp16
    EXPECT_EQ(table->uniqueBytesMax, 7 * 576 * 2); // a row per token
    EXPECT_EQ(table->perAccessBytes, 7 * 576 * 2);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr2"))->kind, AccessKind::Broadcast);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr2"))->reuse, 7);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->uniqueBytes, 7 * 4);
    EXPECT_EQ(a.uniqueBytes, 7 * 4 + 576 * 2 + 576 * 2 + 2 * 7 * 576 * 2);
    EXPECT_TRUE(a.countNote.isEmpty()) << a.countNote.toStdString(); // num_load 2 leaves out the token ids' load
}

// RoPE on the fused qkv buffer (rows of 960 fp16: q 576, k 192, v 192): the
// q kernel reads 576 of each row, the k kernel 192 from offset 576.
TEST(KernelRecipeRealData, HkustRopeReadsSlicesOfTheFusedQkvBuffer)
{
    const std::vector<RealKernel> kernels = realKernels();
    if (kernels.empty())
        GTEST_SKIP() << "../shared/realdata is absent: the hkust-nlp RoPE kernels were not measured";
    const std::int64_t tokens = 7;
    struct Case
    {
        const char16_t* name;
        std::int64_t heads;
        std::int64_t offset;
    };
    for (const Case& c : { Case { u"triton_poi_fused_cat_3", 9, 0 }, Case { u"triton_poi_fused_cat_4", 3, 576 } }) {
        const WrapperKernel* k = findKernel(kernels, u"subgraph_1", c.name);
        ASSERT_NE(k, nullptr);
        KernelMeasureInputs inputs;
        inputs.xnumel = tokens * c.heads * 64;
        const KernelAnatomy a = measureKernel(parseKernelSource(k->source), inputs);
        EXPECT_FALSE(a.approximate);
        // The brute walk of the four rotated-half loads of in_ptr0.
        BruteCount qkv;
        const std::int64_t heads = c.heads;
        const std::int64_t offset = c.offset;
        bruteWalk(
            tokens * heads * 64, 1, [](std::int64_t, std::int64_t) { return true; },
            [&](std::int64_t x, std::int64_t) {
                const std::int64_t x0 = x % 64, x1 = (x / 64) % heads, x2 = x / (64 * heads);
                return offset + 64 * x1 + 960 * x2 + x0; // the halves' four loads cover each row's x0 once each way
            },
            &qkv);
        const PointerAnatomy* p = findPointer(a, QStringLiteral("in_ptr0"));
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(p->kind, AccessKind::Masked) << p->why.toStdString(); // the cat's halves: x0 < 32 and x0 >= 32
        EXPECT_EQ(p->uniqueElements, std::int64_t(qkv.addresses.size()));
        EXPECT_EQ(p->lowestElement, *qkv.addresses.begin());
        EXPECT_EQ(p->spanElements, *qkv.addresses.rbegin() - *qkv.addresses.begin() + 1);
        EXPECT_LT(*p->uniqueElements, *p->spanElements); // a slice of the buffer
        EXPECT_EQ(p->perAccessBytes, 2 * tokens * heads * 64 * 2); // two loads per lane, each half masked to its 32
        const PointerAnatomy* cache = findPointer(a, QStringLiteral("in_ptr2"));
        ASSERT_NE(cache, nullptr);
        EXPECT_EQ(cache->kind, AccessKind::Gather);
        EXPECT_EQ(cache->uniqueBytes, 64 * 2); // one position's cos/sin row
        EXPECT_EQ(cache->uniqueBytesMax, tokens * 64 * 2); // one per token
        EXPECT_EQ(findPointer(a, QStringLiteral("out_ptr0"))->kind, AccessKind::Contiguous);
        // num_load 6 of 10 loads, 2 of them the positions: Inductor counts the
        // cat's masked halves differently, and the row says so.
        EXPECT_FALSE(a.countNote.isEmpty());
    }
}

TEST(KernelRecipeRealData, FairytaleBatchNormBroadcastsItsChannelParameters)
{
    const std::vector<RealKernel> kernels = realKernels();
    if (kernels.empty())
        GTEST_SKIP() << "../shared/realdata is absent: the fairytale0828 kernels were not measured";
    const WrapperKernel* k = findKernel(kernels, u"resnet18", u"triton_poi_fused__native_batch_norm_legit_no_training_relu_9");
    ASSERT_NE(k, nullptr);
    const KernelAnatomy a = measureKernel(parseKernelSource(k->source), {});
    EXPECT_FALSE(a.approximate); // xnumel = 802816 stated
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->kind, AccessKind::Contiguous);
    EXPECT_EQ(findPointer(a, QStringLiteral("in_ptr0"))->uniqueBytes, 802816 * 4);
    for (const char16_t* arg : { u"in_ptr1", u"in_ptr2", u"in_ptr3", u"in_ptr4" }) {
        const PointerAnatomy* p = findPointer(a, QString::fromUtf16(arg));
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(p->kind, AccessKind::Broadcast);
        EXPECT_EQ(p->uniqueBytes, 64 * 4);
        EXPECT_EQ(p->reuse, 802816 / 64);
        EXPECT_EQ(p->perAccessBytes, 802816 * 4);
    }
    EXPECT_EQ(a.uniqueBytes, 2 * 802816 * 4 + 4 * 64 * 4);
    EXPECT_EQ(a.metaNumLoad, 5);
    EXPECT_TRUE(a.countNote.isEmpty());

    // Its 3x3 stride-2 max pool: the window's nine loads touch the input once.
    const WrapperKernel* pool = findKernel(kernels, u"resnet18", u"triton_poi_fused_max_pool2d_with_indices_10");
    ASSERT_NE(pool, nullptr);
    const KernelAnatomy p = measureKernel(parseKernelSource(pool->source), {});
    const PointerAnatomy* in = findPointer(p, QStringLiteral("in_ptr0"));
    ASSERT_NE(in, nullptr);
    EXPECT_EQ(in->kind, AccessKind::Masked); // the padding's bounds
    EXPECT_EQ(in->uniqueElements, 112 * 112 * 64);
}

} // namespace
} // namespace Ridgeline::Test
