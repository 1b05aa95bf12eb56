// Each finder of findings/ on hand-made launches and Triton sources, at its
// threshold: one fixture that fires it and one just under it, with the
// figures the sentence must carry derived in the comments.
#include "../kernelsource/kernelfixtures.h"
#include "engine/base/text/units.h"
#include "engine/findings/bytesdisagree.h"
#include "engine/findings/indexbytes.h"
#include "engine/findings/kernelfindings.h"
#include "engine/findings/padding.h"
#include "engine/findings/transposedread.h"
#include "engine/findings/underfilled.h"
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"

#include <gtest/gtest.h>

namespace Ridgeline::Test {
namespace {

LaunchFacts launchOf(std::int64_t programs, int units)
{
    LaunchFacts facts;
    facts.programs = programs;
    facts.computeUnits = units;
    return facts;
}

KernelAnatomy measured(const QString& source)
{
    const KernelRecipe recipe = parseKernelSource(source);
    EXPECT_TRUE(recipe.error.isEmpty()) << recipe.error.toStdString();
    EXPECT_TRUE(recipe.problems.isEmpty()) << recipe.problems.join(u'\n').toStdString();
    return measureKernel(recipe, {});
}

// A gather of one element per int64 index: out[x] = table[ids[x]] over 1,024
// lanes, the table's element type given.
QString gatherKernel(const QString& tableType)
{
    return pointwiseKernel(QStringLiteral("triton_poi_fused_index_0"), QStringLiteral("in_ptr0, in_ptr1, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*i64', 'in_ptr1': '%1', 'out_ptr0': '%1', 'xnumel': 'i32'").arg(tableType),
        QStringLiteral("'num_load': 1"),
        QStringLiteral("    xnumel = 1024\n"
                       "    x0 = xindex\n"
                       "    tmp0 = tl.load(in_ptr0 + (x0), xmask)\n"
                       "    tmp1 = tl.load(in_ptr1 + (tmp0), xmask)\n"
                       "    tl.store(out_ptr0 + (x0), tmp1, xmask)\n"));
}

// A 64 x 64 tile read along its second digit: neighbouring lanes (x0) are
// `stride` elements apart in in_ptr0; the store is contiguous.
QString stridedKernel(int stride)
{
    return pointwiseKernel(QStringLiteral("triton_poi_fused_clone_0"), QStringLiteral("in_ptr0, out_ptr0, xnumel"),
        QStringLiteral("'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'"), QStringLiteral("'num_load': 1"),
        QStringLiteral("    xnumel = 4096\n"
                       "    x0 = xindex % 64\n"
                       "    x1 = xindex // 64\n"
                       "    x2 = xindex\n"
                       "    tmp0 = tl.load(in_ptr0 + (x1 + %1*x0), xmask)\n"
                       "    tl.store(out_ptr0 + (x2), tmp0, xmask)\n")
            .arg(stride));
}

} // namespace

TEST(KernelFindings, UnderFilledBelowHalfTheComputeUnits)
{
    // 16 programs on MI300X's 304 CUs: 16 / 304 = 5.3 %.
    const std::optional<KernelFinding> sixteen = underFilledFinding(launchOf(16, 304), QStringLiteral("AMD Instinct MI300X"));
    ASSERT_TRUE(sixteen.has_value());
    EXPECT_EQ(sixteen->kind, FindingKind::UnderFilled);
    EXPECT_TRUE(
        sixteen->text.startsWith(QStringLiteral("16 programs on 304 CUs: 5 % of the GPU: split the reduction or raise parallelism")))
        << sixteen->text.toStdString();
    EXPECT_TRUE(sixteen->pointer.isEmpty());
    EXPECT_EQ(sixteen->line, 0);
    // The threshold: 151 of 304 is 49.7 % (fires), 152 is 50 % exactly (does not).
    EXPECT_TRUE(underFilledFinding(launchOf(151, 304), {}).has_value());
    EXPECT_FALSE(underFilledFinding(launchOf(152, 304), {}).has_value());
    EXPECT_TRUE(underFilledFinding(launchOf(65, 132), QStringLiteral("NVIDIA H100 80GB HBM3"))->text.contains(QStringLiteral("132 SMs")));
    EXPECT_FALSE(underFilledFinding(launchOf(66, 132), {}).has_value());
    // Unknown programs or units say nothing.
    LaunchFacts unknown;
    unknown.programs = 4;
    EXPECT_FALSE(underFilledFinding(unknown, {}).has_value());
}

TEST(KernelFindings, PaddingFromAQuarterOfTheLanes)
{
    LaunchFacts facts;
    facts.activeLaneShare = 576.0 / 1024.0; // r0_numel 576 in R0_BLOCK 1024: 43.75 % padding
    facts.activeLaneShareSource = QStringLiteral("r0_numel 576 in R0_BLOCK 1024");
    const std::optional<KernelFinding> finding = paddingFinding(facts);
    ASSERT_TRUE(finding.has_value());
    EXPECT_EQ(finding->kind, FindingKind::Padding);
    EXPECT_TRUE(finding->text.startsWith(QStringLiteral("44 % of the lanes are padding (r0_numel 576 in R0_BLOCK 1024)")))
        << finding->text.toStdString();
    facts.activeLaneShare = 768.0 / 1024.0; // 25 % exactly: fires
    EXPECT_TRUE(paddingFinding(facts).has_value());
    facts.activeLaneShare = 769.0 / 1024.0; // 24.9 %: does not
    EXPECT_FALSE(paddingFinding(facts).has_value());
    facts.activeLaneShare.reset();
    EXPECT_FALSE(paddingFinding(facts).has_value());
}

TEST(KernelFindings, Int64IndexMovingMoreThanTheDataItSelects)
{
    // 1,024 int64 ids: 8,192 B of index. An fp32 table: at most 1,024 rows
    // of 4 B = 4,096 B selected: the index costs more (fires).
    const KernelAnatomy fp32 = measured(gatherKernel(QStringLiteral("*fp32")));
    const PointerAnatomy* ids = findPointer(fp32, QStringLiteral("in_ptr0"));
    ASSERT_NE(ids, nullptr);
    EXPECT_EQ(ids->indexes, QStringList { QStringLiteral("in_ptr1") });
    EXPECT_EQ(ids->argPosition, 0);
    EXPECT_EQ(ids->uniqueBytes, 8192);
    EXPECT_EQ(findPointer(fp32, QStringLiteral("in_ptr1"))->uniqueBytesMax, 4096);
    const KernelFindings fired = indexBytesFindings(fp32);
    ASSERT_EQ(fired.size(), 1u);
    EXPECT_EQ(fired[0].kind, FindingKind::IndexBytes);
    EXPECT_EQ(fired[0].pointer, QStringLiteral("in_ptr0"));
    EXPECT_EQ(fired[0].line, 20); // the ids' load, in the fixture's lines
    EXPECT_TRUE(fired[0].text.startsWith(QStringLiteral("in_ptr0's int64 indices move 8.0 KiB to select at most 4.0 KiB of in_ptr1")))
        << fired[0].text.toStdString();
    // An fp64 table: 8,192 B selected, as many as the index: does not fire.
    const KernelAnatomy fp64 = measured(gatherKernel(QStringLiteral("*fp64")));
    EXPECT_EQ(findPointer(fp64, QStringLiteral("in_ptr1"))->uniqueBytesMax, 8192);
    EXPECT_TRUE(indexBytesFindings(fp64).empty());
    // The table's pointer indexes nothing.
    EXPECT_TRUE(findPointer(fp32, QStringLiteral("in_ptr1"))->indexes.isEmpty());
}

TEST(KernelFindings, TransposedReadAtAnInnermostStrideOfSixteen)
{
    const KernelAnatomy sixteen = measured(stridedKernel(16));
    const PointerAnatomy* in = findPointer(sixteen, QStringLiteral("in_ptr0"));
    ASSERT_NE(in, nullptr);
    EXPECT_EQ(in->innermostStrides.at(0), 16);
    EXPECT_EQ(findPointer(sixteen, QStringLiteral("out_ptr0"))->innermostStrides.at(0), 1);
    const KernelFindings fired = transposedReadFindings(sixteen);
    ASSERT_EQ(fired.size(), 1u); // the store at stride 1 is no read, and no transposed one
    EXPECT_EQ(fired[0].kind, FindingKind::TransposedRead);
    EXPECT_EQ(fired[0].pointer, QStringLiteral("in_ptr0"));
    EXPECT_EQ(fired[0].line, in->accesses.at(0).line);
    EXPECT_TRUE(fired[0].text.contains(QStringLiteral("neighbouring lanes 16 elements apart (index x1 + 16*x0)")))
        << fired[0].text.toStdString();
    // 15 apart: under the threshold.
    const KernelAnatomy fifteen = measured(stridedKernel(15));
    EXPECT_EQ(findPointer(fifteen, QStringLiteral("in_ptr0"))->innermostStrides.at(0), 15);
    EXPECT_TRUE(transposedReadFindings(fifteen).empty());
}

TEST(KernelFindings, TransposedReadSkipsABroadcastAlongTheInnermostDigit)
{
    // in_ptr0 + x1 reads the same element across x0's lanes: a broadcast, no stride.
    const KernelAnatomy a = measured(stridedKernel(0));
    EXPECT_FALSE(findPointer(a, QStringLiteral("in_ptr0"))->innermostStrides.at(0).has_value());
    EXPECT_TRUE(transposedReadFindings(a).empty());
}

namespace {

// An anatomy of one pointer with this unique range, and a model counting `bytes`.
KernelAnatomy anatomyOfRange(std::int64_t lo, std::int64_t hi)
{
    KernelAnatomy a;
    PointerAnatomy p;
    p.arg = QStringLiteral("in_ptr0");
    p.argPosition = 0;
    p.uniqueBytes = lo;
    p.uniqueBytesMax = hi;
    a.pointers.push_back(p);
    a.uniqueBytes = lo;
    a.uniqueBytesMax = hi;
    return a;
}

KernelModel modelOf(std::int64_t bytes)
{
    KernelModel model;
    model.provenance = Provenance::V2;
    model.bytes = bytes;
    return model;
}

} // namespace

TEST(KernelFindings, BytesDisagreeAboveOneAndAHalfEitherWay)
{
    const KernelAnatomy exact = anatomyOfRange(1000, 1000);
    // TraceLens 1,501 against 1,000: 1.501x (fires); 1,500: 1.5x (does not).
    const std::optional<KernelFinding> more = bytesDisagreeFinding(exact, modelOf(1501));
    ASSERT_TRUE(more.has_value());
    EXPECT_EQ(more->kind, FindingKind::BytesDisagree);
    EXPECT_EQ(more->text, QStringLiteral("TraceLens counts 1.5 KiB, the source's index expressions touch 1000 B (1.5x fewer)"));
    EXPECT_FALSE(bytesDisagreeFinding(exact, modelOf(1500)).has_value());
    // The source above: 1,000 against 666 is 1.502x (fires), against 667 1.499x (does not).
    const std::optional<KernelFinding> fewer = bytesDisagreeFinding(exact, modelOf(666));
    ASSERT_TRUE(fewer.has_value());
    EXPECT_EQ(fewer->text, QStringLiteral("the source's index expressions touch 1000 B, TraceLens counts 666 B (1.5x more)"));
    EXPECT_FALSE(bytesDisagreeFinding(exact, modelOf(667)).has_value());
    // A size_hints anatomy gives bounds, not counts: nothing said.
    KernelAnatomy approximate = exact;
    approximate.approximate = true;
    EXPECT_FALSE(bytesDisagreeFinding(approximate, modelOf(5000)).has_value());
    EXPECT_FALSE(bytesDisagreeFinding(exact, KernelModel()).has_value());
}

TEST(KernelFindings, BytesDisagreeJudgesBothEndsOfAGathersRange)
{
    // Source 100 to 1,000 B: TraceLens 1,600 is past the top by 1.6x (and
    // the bottom by 16x): fires; 1,500 is within 1.5x of the top: does not.
    const KernelAnatomy range = anatomyOfRange(100, 1000);
    const std::optional<KernelFinding> finding = bytesDisagreeFinding(range, modelOf(1600));
    ASSERT_TRUE(finding.has_value());
    EXPECT_TRUE(finding->text.startsWith(QStringLiteral("TraceLens counts 1.6 KiB, the source's index expressions touch 100 B to 1000 B "
                                                        "(1.6x to 16x fewer)")))
        << finding->text.toStdString();
    EXPECT_FALSE(bytesDisagreeFinding(range, modelOf(1500)).has_value());
    // Under the bottom: 100 B against 66 is 1.5x more at the near end.
    EXPECT_TRUE(bytesDisagreeFinding(range, modelOf(66)).has_value());
    EXPECT_FALSE(bytesDisagreeFinding(range, modelOf(67)).has_value());
}

TEST(KernelFindings, BytesDisagreeSaysTheEmbeddingGatherReadsAFewRowsOfTheTable)
{
    // An embedding: 8,192 token ids (int64) gather rows of 768 bf16 (1,536 B)
    // from a 49,152-row table, written out as 8,192 rows. TraceLens counts
    // the table whole: 49,152 x 1,536 = 75,497,472 B.
    const std::int64_t row = 1536, tokens = 8192, tableRows = 49152;
    KernelAnatomy a;
    PointerAnatomy ids, table, out;
    ids.arg = QStringLiteral("in_ptr0");
    ids.argPosition = 0;
    ids.uniqueBytes = ids.uniqueBytesMax = tokens * 8;
    table.arg = QStringLiteral("in_ptr1");
    table.argPosition = 1;
    table.kind = AccessKind::Gather;
    table.uniqueBytes = row;
    table.uniqueBytesMax = tokens * row;
    table.accesses.push_back({ SourceAccess::Op::Load, QStringLiteral("x0 + 768*tmp3"), QStringLiteral("xmask"), {}, 14 });
    out.arg = QStringLiteral("out_ptr0");
    out.argPosition = 2;
    out.role = PointerAnatomy::Role::Out;
    out.uniqueBytes = out.uniqueBytesMax = tokens * row;
    a.pointers = { ids, table, out };
    a.uniqueBytes = tokens * 8 + row + tokens * row;
    a.uniqueBytesMax = tokens * 8 + 2 * tokens * row;
    KernelModel model = modelOf(tokens * 8 + tableRows * row + tokens * row);
    for (const auto& [position, bytes] :
        std::vector<std::pair<int, std::int64_t>> { { 0, tokens * 8 }, { 1, tableRows * row }, { 2, tokens * row } }) {
        TensorTraffic tensor;
        tensor.argIndex = position;
        tensor.bytes = bytes;
        model.tensors.push_back(tensor);
    }
    const std::optional<KernelFinding> finding = bytesDisagreeFinding(a, model);
    ASSERT_TRUE(finding.has_value());
    // 88,145,920 B over 25,231,360 (the top) is 3.49x; over 12,649,984 (one row gathered) 6.97x.
    EXPECT_EQ(finding->text,
        QStringLiteral("TraceLens counts 84.1 MiB, the source's index expressions touch 12.1 MiB to 24.1 MiB (3.5x to 7.0x fewer): "
                       "the gather of in_ptr1 (line 14) reads at most 8,192 of 49,152 rows: TraceLens counts the whole table"));
    EXPECT_EQ(finding->pointer, QStringLiteral("in_ptr1"));
    EXPECT_EQ(finding->line, 14);
    EXPECT_TRUE(sourceBytesDisagree(a, model));
}

TEST(KernelFindings, ARowsFindingsInOrderLaunchThenSource)
{
    LaunchFacts launch = launchOf(16, 304);
    launch.activeLaneShare = 0.5;
    const KernelAnatomy a = measured(gatherKernel(QStringLiteral("*fp32")));
    const KernelFindings findings = findKernelFindings({ &launch, &a, nullptr, QStringLiteral("AMD Instinct MI300X") });
    ASSERT_EQ(findings.size(), 3u);
    EXPECT_EQ(findingKindKey(findings[0].kind), QStringLiteral("under_filled"));
    EXPECT_EQ(findingKindKey(findings[1].kind), QStringLiteral("padding"));
    EXPECT_EQ(findingKindKey(findings[2].kind), QStringLiteral("index_bytes"));
    EXPECT_TRUE(findKernelFindings({}).empty());
    // Sizes as the anatomy and the advice say them: binary units.
    EXPECT_EQ(formatBytes(512), QStringLiteral("512 B"));
    EXPECT_EQ(formatBytes(32768), QStringLiteral("32.0 KiB"));
    EXPECT_EQ(formatBytes(3 << 20), QStringLiteral("3.0 MiB"));
    EXPECT_EQ(formatBytes(std::int64_t(3) << 30), QStringLiteral("3.00 GiB"));
}

} // namespace Ridgeline::Test
