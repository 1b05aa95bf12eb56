// The wrapper-file parser on small hand-written blocks in each PyTorch
// format (2.0 to 2.8): name, heuristic, size_hints, signature, ATen ops,
// and what it does with docstrings and damaged blocks.
#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/kernelsource/pythontext.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QString label = QStringLiteral("cache/ab/cabc.py");

QString block(const char* head, const char* decorator, const char* def, const char* comments = "")
{
    return QString::fromUtf8(comments) + QString::fromUtf8(head) + QStringLiteral("'''\nimport triton\nimport triton.language as tl\n\n")
        + QString::fromUtf8(decorator) + QStringLiteral("\n@triton.jit\n") + QString::fromUtf8(def)
        + QStringLiteral("\n    xoffset = tl.program_id(0) * XBLOCK\n''', device_str='cuda')\n\n\n");
}

struct FormatCase
{
    const char* name;
    QString text;
    const char* kernel;
    const char* defName;
    HeuristicKind heuristic;
    const char* sizeHints; // "key=value ..." in order
    const char* signature; // "name:type ..." in order
};

void PrintTo(const FormatCase& c, std::ostream* os)
{
    *os << c.name;
}

QString hintsOf(const WrapperKernel& k)
{
    QStringList parts;
    for (const SizeHint& h : k.sizeHints)
        parts << h.key + u'=' + QString::number(h.value);
    return parts.join(u' ');
}

QString signatureOf(const WrapperKernel& k)
{
    QStringList parts;
    for (const SignatureEntry& e : k.signature)
        parts << e.name + u':' + e.type;
    return parts.join(u' ');
}

const FormatCase formatCases[] = {
    { "Pt20NoNameArgument",
        block("triton__0 = async_compile.triton(",
            "@pointwise(size_hints=[16384], filename=__file__, meta={'signature': {0: '*fp32', 1: '*fp32', 2: 'i32'}, "
            "'device': 0, 'constants': {}, 'mutated_arg_names': [], 'configs': "
            "[instance_descriptor(divisible_by_16=(0, 1, 2), equal_to_1=())]})",
            "def triton_(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):"),
        "triton__0", "triton_", HeuristicKind::Pointwise, "[0]=16384", "in_ptr0:*fp32 out_ptr0:*fp32 xnumel:i32" },
    { "Pt21GenericFirstArgument",
        block("triton_poi_fused_relu_0 = async_compile.triton('triton_', ",
            "@pointwise(size_hints=[128], filename=__file__, meta={'signature': {0: '*fp32', 1: '*fp32', 2: 'i32'}, "
            "'device': 0, 'mutated_arg_names': ['in_out_ptr0'], 'kernel_name': 'triton_poi_fused_relu_0'})",
            "def triton_(in_out_ptr0, in_ptr0, xnumel, XBLOCK : tl.constexpr):"),
        "triton_poi_fused_relu_0", "triton_", HeuristicKind::Pointwise, "[0]=128", "in_out_ptr0:*fp32 in_ptr0:*fp32 xnumel:i32" },
    { "Pt24IntKeysPersistentReduction",
        block("triton_per_fused_mean_0 = async_compile.triton('triton_', ",
            "@triton_heuristics.persistent_reduction(\n    size_hints=[512, 64],\n    "
            "reduction_hint=ReductionHint.INNER,\n"
            "    filename=__file__,\n    triton_meta={'signature': {0: '*fp32', 1: '*fp32', 2: 'i32', 3: 'i32'}, "
            "'device': DeviceProperties(type='cuda', index=0, cc=86, major=8), 'constants': {}, "
            "'configs': [AttrsDescriptor(divisible_by_16=(0, 1, 2), equal_to_1=())]},\n"
            "    inductor_meta={'kernel_name': 'triton_per_fused_mean_0', 'mutated_arg_names': ['in_out_ptr0']}\n)",
            "def triton_(in_out_ptr0, in_ptr0, xnumel, rnumel, XBLOCK : tl.constexpr):"),
        "triton_per_fused_mean_0", "triton_", HeuristicKind::PersistentReduction, "[0]=512 [1]=64",
        "in_out_ptr0:*fp32 in_ptr0:*fp32 xnumel:i32 rnumel:i32" },
    { "Pt27DictTile",
        block("triton_poi_fused_abs_0 = async_compile.triton('triton_poi_fused_abs_0', ",
            "@triton_heuristics.pointwise(\n    size_hints={'y': 2048, 'x': 32}, tile_hint=TileHint.DEFAULT,\n    "
            "filename=__file__,\n"
            "    triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'ks0': 'i32', 'ynumel': 'i32', "
            "'xnumel': 'i32'}, "
            "'device': DeviceProperties(type='cuda', index=0, multi_processor_count=132, cc=90), 'constants': {}},\n"
            "    inductor_meta={'kernel_name': 'triton_poi_fused_abs_0'},\n    min_elem_per_thread=0\n)",
            "def triton_poi_fused_abs_0(in_ptr0, out_ptr0, ks0, ynumel, xnumel, YBLOCK : tl.constexpr, XBLOCK : "
            "tl.constexpr):"),
        "triton_poi_fused_abs_0", "triton_poi_fused_abs_0", HeuristicKind::Pointwise, "y=2048 x=32",
        "in_ptr0:*fp32 out_ptr0:*fp32 ks0:i32 ynumel:i32 xnumel:i32" },
    { "Pt28DictReduction",
        block("triton_red_fused_sum_1 = async_compile.triton('triton_red_fused_sum_1', ",
            "@triton_heuristics.reduction(\n    size_hints={'x': 8, 'r0_': 8192},\n    "
            "reduction_hint=ReductionHint.INNER,\n"
            "    filename=__file__,\n    triton_meta={'signature': {'in_ptr0': '*bf16', 'out_ptr0': '*fp32', 'xnumel': "
            "'i32', "
            "'r0_numel': 'i32', 'XBLOCK': 'constexpr', 'R0_BLOCK': 'constexpr'}, 'constants': {}, "
            "'configs': [{(0,): [['tt.divisibility', 16]], (1,): [['tt.divisibility', 16]]}]},\n"
            "    inductor_meta={'grid_type': 'Grid1D', 'kernel_name': 'triton_red_fused_sum_1'}\n)",
            "def triton_red_fused_sum_1(in_ptr0, out_ptr0, xnumel, r0_numel, XBLOCK : tl.constexpr, R0_BLOCK : "
            "tl.constexpr):"),
        "triton_red_fused_sum_1", "triton_red_fused_sum_1", HeuristicKind::Reduction, "x=8 r0_=8192",
        "in_ptr0:*bf16 out_ptr0:*fp32 xnumel:i32 r0_numel:i32 XBLOCK:constexpr R0_BLOCK:constexpr" },
    { "TemplateWithoutSizeHints",
        block("triton_tem_fused_mm_0 = async_compile.triton('triton_tem_fused_mm_0', ",
            "@triton_heuristics.template(\n    num_stages=3,\n    num_warps=4,\n    triton_meta={'signature': "
            "{'arg_A': '*bf16', "
            "'arg_B': '*bf16', 'out_ptr0': '*bf16'}, 'constants': {}},\n    inductor_meta={'kernel_name': "
            "'triton_tem_fused_mm_0'},\n)",
            "def triton_tem_fused_mm_0(arg_A, arg_B, out_ptr0):"),
        "triton_tem_fused_mm_0", "triton_tem_fused_mm_0", HeuristicKind::Template, "", "arg_A:*bf16 arg_B:*bf16 out_ptr0:*bf16" },
};

class WrapperFormats : public ::testing::TestWithParam<FormatCase>
{
};

TEST_P(WrapperFormats, ReadsNameHeuristicSizeHintsAndSignature)
{
    const FormatCase& c = GetParam();
    const WrapperFileParse parse = WrapperFileParser::parse(label, c.text);
    EXPECT_TRUE(parse.warnings.isEmpty()) << qPrintable(parse.warnings.join(u'\n'));
    ASSERT_EQ(parse.kernels.size(), 1u);
    const WrapperKernel& k = parse.kernels.front();
    EXPECT_EQ(k.name, QString::fromLatin1(c.kernel));
    EXPECT_EQ(k.defName, QString::fromLatin1(c.defName));
    EXPECT_EQ(k.heuristic, c.heuristic) << qPrintable(k.decorator);
    EXPECT_EQ(hintsOf(k), QString::fromLatin1(c.sizeHints));
    EXPECT_EQ(signatureOf(k), QString::fromLatin1(c.signature));
    EXPECT_TRUE(k.problem.isEmpty()) << qPrintable(k.problem);
    EXPECT_EQ(k.wrapperFile, label);
    EXPECT_EQ(k.line, 1);
    EXPECT_TRUE(k.source.startsWith(QStringLiteral("\nimport triton\n")));
    EXPECT_TRUE(k.source.contains(QStringLiteral("@triton.jit")));
}

INSTANTIATE_TEST_SUITE_P(
    Formats, WrapperFormats, ::testing::ValuesIn(formatCases), [](const auto& param) { return std::string(param.param.name); });

const char* poi = "@triton_heuristics.pointwise(size_hints={'x': 1024}, filename=__file__, "
                  "triton_meta={'signature': {'in_ptr0': '*fp32', 'out_ptr0': '*fp32', 'xnumel': 'i32'}})";

TEST(WrapperFileParser, TakesKernelPathAndAtenOpsFromTheCommentsRightAbove)
{
    const QString text = QStringLiteral("async_compile = AsyncCompile()\n\n\n")
        + block("triton_poi_fused_mul_sign_0 = async_compile.triton('triton_poi_fused_mul_sign_0', ", poi,
            "def triton_poi_fused_mul_sign_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):",
            "# kernel path: /tmp/torchinductor_me/ab/cabcdef.py\n"
            "# Topologically Sorted Source Nodes: [x_2], Original ATen: [aten.sign, aten.mul, "
            "prims.convert_element_type]\n"
            "# Source node to ATen node mapping:\n#   x_2 => mul, sign\n\n")
        // call() code with its own "Original ATen" comments sits between the two blocks.
        + QStringLiteral("def helper():\n    # Topologically Sorted Source Nodes: [mm], Original ATen: [aten.mm]\n    pass\n")
        + block("triton_poi_fused_1 = async_compile.triton('triton_poi_fused_1', ", poi,
            "def triton_poi_fused_1(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):");
    const WrapperFileParse parse = WrapperFileParser::parse(label, text);
    ASSERT_EQ(parse.kernels.size(), 2u);
    const WrapperKernel& first = parse.kernels[0];
    EXPECT_EQ(first.kernelPath, QStringLiteral("/tmp/torchinductor_me/ab/cabcdef.py"));
    EXPECT_TRUE(first.hasAtenComment);
    EXPECT_EQ(first.atenOps, (QStringList { QStringLiteral("sign"), QStringLiteral("mul"), QStringLiteral("convert_element_type") }));
    EXPECT_EQ(first.line, 9);
    const WrapperKernel& second = parse.kernels[1];
    EXPECT_FALSE(second.hasAtenComment) << "the helper's comment belongs to its code, not to the next block";
    EXPECT_TRUE(second.kernelPath.isEmpty());
    EXPECT_EQ(second.blockIndex, 1);
}

TEST(WrapperFileParser, BlocksInsideADocstringAreNotBlocks)
{
    const QString one = block("triton_poi_fused_0 = async_compile.triton('triton_poi_fused_0', ", poi,
        "def triton_poi_fused_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):");
    // vLLM's cache files open with a "Compile-time auto-tuning block"
    // docstring that repeats every block.
    const QString text = QStringLiteral("\"\"\"\nCompile-time auto-tuning block: \n\n") + one
        + QStringLiteral("\"\"\"\n# AOT ID: ['0_inference']\n") + one;
    const WrapperFileParse parse = WrapperFileParser::parse(label, text);
    ASSERT_EQ(parse.kernels.size(), 1u);
    EXPECT_EQ(parse.kernels.front().line, int(text.left(text.lastIndexOf(QStringLiteral("triton_poi_fused_0 ="))).count(u'\n')) + 1);
}

TEST(WrapperFileParser, DamagedBlocksAreSkippedWithAWarningNamingFileAndKernel)
{
    const QString good = block("triton_poi_fused_0 = async_compile.triton('triton_poi_fused_0', ", poi,
        "def triton_poi_fused_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr):");
    const QString noHints = block("triton_poi_fused_1 = async_compile.triton('triton_poi_fused_1', ",
        "@triton_heuristics.pointwise(filename=__file__, triton_meta={'signature': {'in_ptr0': '*fp32'}})",
        "def triton_poi_fused_1(in_ptr0, xnumel, XBLOCK : tl.constexpr):");
    const QString badSignature = block("triton_poi_fused_2 = async_compile.triton('triton_poi_fused_2', ",
        "@triton_heuristics.pointwise(size_hints={'x': 64}, triton_meta={'signature': {'in_ptr0': *fp32}})",
        "def triton_poi_fused_2(in_ptr0, xnumel, XBLOCK : tl.constexpr):");
    const QString unterminated = QStringLiteral("triton_poi_fused_3 = async_compile.triton('triton_poi_fused_3', '''\nimport triton\n");
    const WrapperFileParse parse = WrapperFileParser::parse(label, QString(good + noHints + badSignature + good + unterminated));

    ASSERT_EQ(parse.kernels.size(), 5u);
    EXPECT_TRUE(parse.kernels[0].problem.isEmpty());
    EXPECT_TRUE(parse.kernels[1].problem.contains(QStringLiteral("no size_hints"))) << qPrintable(parse.kernels[1].problem);
    EXPECT_TRUE(parse.kernels[2].problem.contains(QStringLiteral("signature"))) << qPrintable(parse.kernels[2].problem);
    EXPECT_TRUE(parse.kernels[3].problem.isEmpty()) << "a damaged block costs that block only";
    EXPECT_TRUE(parse.kernels[4].problem.contains(QStringLiteral("never ends")));
    ASSERT_EQ(parse.warnings.size(), 3);
    for (const QString& warning : parse.warnings)
        EXPECT_TRUE(warning.startsWith(label + QStringLiteral(": kernel triton_poi_fused_"))) << qPrintable(warning);
    EXPECT_TRUE(parse.warnings[0].contains(QStringLiteral("triton_poi_fused_1")));
    EXPECT_TRUE(parse.warnings[2].contains(QStringLiteral("triton_poi_fused_3")));
}

TEST(WrapperFileParser, AFileWithoutBlocksSaysSo)
{
    const WrapperFileParse parse = WrapperFileParser::parse(label, QStringLiteral("# async_compile.triton( in a comment only\nx = 1\n"));
    EXPECT_TRUE(parse.kernels.empty());
    ASSERT_EQ(parse.warnings.size(), 1);
    EXPECT_TRUE(parse.warnings.front().startsWith(label));
}

TEST(PythonText, BracketsInsideStringsDoNotCount)
{
    const QString text = QStringLiteral("({'a': ')]}', 'b': [1, (2, 3)]} # ) comment\n) tail");
    EXPECT_EQ(PythonText::matchingBracket(text, 0), text.indexOf(QStringLiteral(") tail")));
    const auto entries = PythonText::dictEntries(QStringView(text).mid(1, text.indexOf(QStringLiteral(" #")) - 1));
    ASSERT_TRUE(entries.has_value());
    ASSERT_EQ(entries->size(), 2);
    EXPECT_EQ((*entries)[0].second, u"')]}'");
    EXPECT_EQ((*entries)[1].second, u"[1, (2, 3)]");
    EXPECT_FALSE(PythonText::unquote(u"'''x'''").has_value());
    EXPECT_EQ(PythonText::unquote(u"'*bf16'"), QStringLiteral("*bf16"));
}

} // namespace
