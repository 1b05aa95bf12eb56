// Real Inductor wrapper files from ../shared/realdata (PyTorch 2.0 to 2.9):
// the blocks, names, sizes, dtypes and ops the files themselves hold, and
// the V1 figures that follow. Skipped, loudly, when ../shared is absent.
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/inductorcache/inductorcachereader.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/kernelsource/sourcefacts.h"
#include "engine/perfmodel/kernelmodeller.h"
#include "engine/perfmodel/perfmodelv1.h"
#include "engine/triton/opcatalog.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const char* const popcorn47 = "realdata/pytorch-labs__popcorn-kernels/"
                              "DERIVED__inductor_dump__generated_torch_compiled_47b5a127-1e92-475b-85c1-bd77c0fd6b53.output_code.py";
const char* const vfdevAaOutput = "realdata/vfdev-5__pth-inductor-dev/"
                                  "torch_compile_debug__upsample_aa_LS_bs1_single_kernel_run_2023_10_25_09_41_08_"
                                  "923946-pid_116566__torchinductor__model___9.0__output_code.py";
const char* const vfdevAaRecompile
    = "realdata/vfdev-5__pth-inductor-dev/"
      "torch_compile_debug__upsample_aa_LS_bs1_single_kernel_run_2023_10_25_09_41_08_"
      "923946-pid_116566__torchinductor__model___9.0__crhpk4gxlssj4zvvpvul7lvvldvun5bs6bkrtikcu5fjhavxivxb.py";

// Parses a shared file; empty path (and a loud message) when ../shared is absent.
struct Parsed
{
    QString path;
    WrapperFileParse parse;
    const WrapperKernel* find(const QString& name) const
    {
        for (const WrapperKernel& k : parse.kernels) {
            if (k.name == name)
                return &k;
        }
        return nullptr;
    }
};

Parsed parseShared(const char* relative)
{
    Parsed parsed;
    parsed.path = sharedPath(QString::fromLatin1(relative));
    if (parsed.path.isEmpty())
        return parsed;
    QFile file(parsed.path);
    if (file.open(QIODevice::ReadOnly))
        parsed.parse = WrapperFileParser::parse(parsed.path, QString::fromUtf8(file.readAll()));
    return parsed;
}

#define PARSE_OR_SKIP(var, relative)                                                                                                       \
    const Parsed var = parseShared(relative);                                                                                              \
    if (var.path.isEmpty())                                                                                                                \
        GTEST_SKIP() << "../shared/realdata absent";

QString signatureOf(const WrapperKernel& k, bool pointersOnly = true)
{
    QStringList parts;
    for (const SignatureEntry& e : k.signature) {
        if (!pointersOnly || e.isPointer())
            parts << e.name + u':' + e.type;
    }
    return parts.join(u' ');
}

KernelModel v1Model(const WrapperKernel& k)
{
    V1Derivation derivation;
    QString whyNot;
    auto model = PerfModelV1::modelBlock(k, parseKernelName(k.name, OpCatalog::builtIn()), &derivation, &whyNot);
    if (!model) {
        KernelModel none;
        none.reason = whyNot;
        return none;
    }
    model->v1 = std::move(derivation); // as PerfModelV1::model keeps it
    return *model;
}

struct FileCase
{
    const char* file;
    int kernels; // real blocks: counted in the file (docstring copies excluded)
    const char* first; // the first block's kernel name
    HeuristicKind firstHeuristic;
};

void PrintTo(const FileCase& c, std::ostream* os)
{
    *os << c.file;
}

const FileCase fileCases[] = {
    { "realdata/azsh1725__pytorch_experiments/"
      "torch_compile_first_test__torch_compile_debug__run_2024_01_02_14_44_21_028356-pid_9378__aot_torchinductor__"
      "model__0_inference_0.0__output_code.py",
        1, "triton__0", HeuristicKind::Pointwise },
    { "realdata/eugenechoi2004__GPU-Efficiency/internals__torchinductor__model__0_backward_57.1__output_code.py", 3,
        "triton_poi_fused_nll_loss_backward_nll_loss_forward_0", HeuristicKind::Pointwise },
    { "realdata/eugenechoi2004__GPU-Efficiency/internals__torchinductor__model__0_forward_55.0__output_code.py", 2,
        "triton_red_fused__log_softmax_0", HeuristicKind::Reduction },
    { "realdata/fairytale0828__torch-compile/"
      "lenet__torchinductor_meng_cuda__td__ctdkqtqa7ox2z3nhxolyjphnrtteni3xg6akrusoninizymrgjl2.py",
        7, "triton_poi_fused_convolution_relu_0", HeuristicKind::Pointwise },
    { "realdata/fairytale0828__torch-compile/"
      "resnet18__model-compile__cy__ccylxpoajykn4de7hjet7nv75fgw3rzwrlfuek3m5ybad7nissm3.py",
        23, "triton_poi_fused_0", HeuristicKind::Pointwise },
    { "realdata/hkust-nlp__COMP4901B-LLMs/"
      "assignment2__ifeval__.vllm_cache__torch_compile_cache__0032344a35__rank_0_0__backbone__artifact_shape_None_"
      "subgraph_0__2n__c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py",
        4, "triton_per_fused__to_copy_add_embedding_mean_mul_pow_rsqrt_0", HeuristicKind::PersistentReduction },
    { "realdata/hkust-nlp__COMP4901B-LLMs/"
      "assignment2__ifeval__.vllm_cache__torch_compile_cache__0032344a35__rank_0_0__backbone__artifact_shape_None_"
      "subgraph_1__zn__czndrj4mm6plvscvvz5u3ifhnb4rx6mvlyii6difoieflh6pakbt.py",
        6, "triton_per_fused__to_copy_add_mean_mul_pow_rsqrt_0", HeuristicKind::PersistentReduction },
    { "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__autotune_with_compile_id.log.output_code.0.py", 1, "triton_poi_fused_mul_0",
        HeuristicKind::Pointwise },
    { "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__cache_hit_miss.log.output_code.0.py", 1, "triton_tem_fused_0",
        HeuristicKind::Template },
    { "realdata/meta-pytorch__tlparse/"
      "DERIVED__tests__inputs__collectives_parity__dedicated_log_torch_trace_rank_0.log.output_code.1.py",
        3, "triton_per_fused_all_reduce_gelu_native_layer_norm_0", HeuristicKind::PersistentReduction },
    { "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__simple.d0c1afa.log.output_code.0.py", 2, "triton_poi_fused_0",
        HeuristicKind::Pointwise },
    { "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__simple.log.output_code.0.py", 2, "triton_poi_fused_native_dropout_0",
        HeuristicKind::Pointwise },
    { "realdata/ngimel__inductor_generated/"
      "AlbertForQuestionAnswering__AlbertForQuestionAnswering__0_backward_2.1__output_code.py",
        28, "triton__0", HeuristicKind::Pointwise },
    { "realdata/ngimel__inductor_generated/"
      "AlbertForQuestionAnswering__AlbertForQuestionAnswering__0_forward_1.0__output_code.py",
        12, "triton__0", HeuristicKind::Reduction },
    { "realdata/ngimel__inductor_generated/gernet_l__gernet_l__2_inference_6.4__output_code.py", 24, "triton__0",
        HeuristicKind::Pointwise },
    { "realdata/ngimel__inductor_generated/timm_vision_transformer_dynamic__output_code.py", 17, "triton__0", HeuristicKind::Pointwise },
    { "realdata/pytorch-labs__popcorn-kernels/"
      "DERIVED__inductor_dump__generated_torch_compiled_000727f5-10f0-4186-ad1d-98f377c51f22.output_code.py",
        8, "triton_red_fused__native_batch_norm_legit_functional_0", HeuristicKind::Reduction },
    { popcorn47, 3, "triton_poi_fused_abs_mul_pow_relu_sign_0", HeuristicKind::Pointwise },
    { "realdata/vfdev-5__pth-inductor-dev/"
      "torch_compile_debug__grid_sampler_cuda_CF_run_2023_07_05_17_51_33_666277-pid_4187__torchinductor__model___28.0__"
      "output_code.py",
        2, "triton_poi_fused_affine_grid_generator_0", HeuristicKind::Pointwise },
    { vfdevAaOutput, 1, "triton_per_fused_index_mul_sum_0", HeuristicKind::PersistentReduction },
    { vfdevAaRecompile, 1, "triton_per_fused_index_mul_sum_0", HeuristicKind::PersistentReduction },
    { "realdata/vfdev-5__pth-inductor-dev/"
      "torch_compile_debug__upsample_bilinear_aa_cuda_run_2023_09_27_10_16_23_276655-pid_199__torchinductor__model___9."
      "0__output_code.py",
        6, "triton_poi_fused_sum_0", HeuristicKind::Pointwise },
    { "realdata/vipulSharma18__Getting-Started-with-Quantization/"
      "tl_out__payloads__d04f79327ed2f6425c1d17bcd17f6099.txt",
        25, "triton_poi_fused_0", HeuristicKind::Pointwise },
    { "realdata/vipulSharma18__Getting-Started-with-Quantization/"
      "tl_out__payloads__dcda54125a0641a859eedc0f8332a7df.txt",
        19, "triton_poi_fused_0", HeuristicKind::Pointwise },
};

class RealWrapperFiles : public ::testing::TestWithParam<FileCase>
{
};

TEST_P(RealWrapperFiles, ParseEveryRealBlock)
{
    const FileCase& c = GetParam();
    PARSE_OR_SKIP(parsed, c.file);
    EXPECT_TRUE(parsed.parse.warnings.isEmpty()) << qPrintable(parsed.parse.warnings.join(u'\n'));
    ASSERT_EQ(int(parsed.parse.kernels.size()), c.kernels);
    EXPECT_EQ(parsed.parse.kernels.front().name, QString::fromLatin1(c.first));
    EXPECT_EQ(parsed.parse.kernels.front().heuristic, c.firstHeuristic);
    for (const WrapperKernel& k : parsed.parse.kernels) {
        SCOPED_TRACE(qPrintable(k.name));
        EXPECT_TRUE(k.problem.isEmpty()) << qPrintable(k.problem);
        EXPECT_FALSE(k.source.isEmpty());
        EXPECT_FALSE(signatureOf(k).isEmpty()) << "every real block names its pointer arguments";
        if (isModelledHeuristic(k.heuristic)) {
            EXPECT_FALSE(k.sizeHints.empty());
        }
    }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, RealWrapperFiles, ::testing::ValuesIn(fileCases), [](const auto& param) { return "file" + std::to_string(param.index); });

TEST(RealWrappers, Popcorn47b5a127DictSizeHintsAndInOutPointer)
{
    PARSE_OR_SKIP(parsed, popcorn47);
    ASSERT_EQ(parsed.parse.kernels.size(), 3u);
    const WrapperKernel& poi = parsed.parse.kernels[0];
    EXPECT_EQ(poi.sizeHintsText, QStringLiteral("{'y': 2048, 'x': 32}"));
    EXPECT_EQ(signatureOf(poi), QStringLiteral("in_ptr0:*fp32 out_ptr0:*fp32"));
    EXPECT_EQ(poi.atenOps,
        (QStringList {
            QStringLiteral("sign"), QStringLiteral("abs"), QStringLiteral("relu"), QStringLiteral("mul"), QStringLiteral("pow") }));
    const KernelModel poiModel = v1Model(poi);
    EXPECT_EQ(poiModel.xnumel, 65536) << "y multiplies into x: the tile";
    EXPECT_EQ(poiModel.bytes, std::optional<std::int64_t>(8 * 65536));
    EXPECT_EQ(poiModel.flops, (1 + 1 + 1 + 1 + 2) * 65536) << "sign 1 + abs 1 + relu 1 + mul 1 + pow 2";

    const WrapperKernel& red = parsed.parse.kernels[1];
    EXPECT_EQ(red.name, QStringLiteral("triton_red_fused_smooth_l1_loss_zeros_like_1"));
    EXPECT_EQ(red.sizeHintsText, QStringLiteral("{'x': 8, 'r0_': 8192}"));
    EXPECT_EQ(red.heuristic, HeuristicKind::Reduction);
    EXPECT_EQ(red.kernelPath, QStringLiteral("/tmp/torchinductor_sahanp/v3/cv3dkylf5n33b7yfx5vn2htbzdsen7tevco6jy6unh7uymyanvok.py"));
    const KernelModel redModel = v1Model(red);
    // The block states xnumel = 7 (size_hints round it to 8); r0_numel is
    // dynamic, so 8192 from size_hints stays.
    EXPECT_EQ(redModel.xnumel, 7);
    EXPECT_EQ(redModel.bytes, std::optional<std::int64_t>(4 * 7 * 8192 + 4 * 7));
    EXPECT_EQ(redModel.flops, 0);
    EXPECT_TRUE(redModel.reason.contains(QStringLiteral("not counted (0 FLOPs): smooth_l1_loss"))) << qPrintable(redModel.reason);

    const WrapperKernel& per = parsed.parse.kernels[2];
    EXPECT_EQ(per.name, QStringLiteral("triton_per_fused_smooth_l1_loss_zeros_like_2"));
    EXPECT_EQ(per.heuristic, HeuristicKind::PersistentReduction);
    EXPECT_EQ(signatureOf(per), QStringLiteral("in_out_ptr0:*fp32 in_ptr0:*fp32"));
    // Stated: xnumel = 1, r0_numel = 7 (size_hints: 1 x 8).
    EXPECT_EQ(v1Model(per).bytes, std::optional<std::int64_t>(4 * 1 * 7 + 4 * 1));
    EXPECT_FALSE(v1Model(per).v1->approximate);
}

TEST(RealWrappers, ListSizeHintsAndIntSignatureKeys)
{
    PARSE_OR_SKIP(simple, "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__simple.d0c1afa.log.output_code.0.py");
    // 2.3/2.4: 'triton_' as the first argument, int keys, names from the def line.
    const WrapperKernel* dropout = simple.find(QStringLiteral("triton_poi_fused_baz_gelu_native_dropout_1"));
    ASSERT_NE(dropout, nullptr);
    EXPECT_EQ(dropout->defName, QStringLiteral("triton_"));
    EXPECT_EQ(dropout->sizeHintsText, QStringLiteral("[16384, 512]"));
    EXPECT_EQ(signatureOf(*dropout), QStringLiteral("in_ptr0:*fp32 in_ptr1:*fp32 out_ptr0:*fp32"));
    // size_hints [16384, 512] is the tile; the source states ynumel = 16384, xnumel = 320.
    EXPECT_EQ(v1Model(*dropout).xnumel, 16384 * 320) << "ynumel x xnumel, as stated";
    EXPECT_EQ(signatureOf(simple.parse.kernels[0], false), QStringLiteral("in_ptr0:*i64 out_ptr0:*fp32 load_seed_offset:i32 xnumel:i32"));

    PARSE_OR_SKIP(resnet,
        "realdata/fairytale0828__torch-compile/"
        "resnet18__model-compile__cy__ccylxpoajykn4de7hjet7nv75fgw3rzwrlfuek3m5ybad7nissm3.py");
    const WrapperKernel* mean = resnet.find(QStringLiteral("triton_per_fused_mean_22"));
    ASSERT_NE(mean, nullptr);
    EXPECT_EQ(mean->sizeHintsText, QStringLiteral("[512, 64]"));
    EXPECT_EQ(signatureOf(*mean), QStringLiteral("in_out_ptr0:*fp32 in_ptr0:*fp32"));
    const KernelModel meanModel = v1Model(*mean);
    // A 7 x 7 average pool: the source states rnumel = 49 (size_hints round it to 64).
    EXPECT_EQ(meanModel.xnumel, 512);
    EXPECT_EQ(meanModel.rnumel, 49);
    EXPECT_EQ(meanModel.bytes, std::optional<std::int64_t>(4 * 512 * 49 + 4 * 512));
    EXPECT_EQ(meanModel.flops, 512 * 49) << "mean: 1 per element";
    const WrapperKernel* withI8 = resnet.find(QStringLiteral("triton_poi_fused_max_pool2d_with_indices_10"));
    ASSERT_NE(withI8, nullptr);
    EXPECT_EQ(signatureOf(*withI8), QStringLiteral("in_ptr0:*fp32 out_ptr0:*fp32 out_ptr1:*i8"));

    PARSE_OR_SKIP(lenet,
        "realdata/fairytale0828__torch-compile/"
        "lenet__torchinductor_meng_cuda__td__ctdkqtqa7ox2z3nhxolyjphnrtteni3xg6akrusoninizymrgjl2.py");
    const KernelModel conv = v1Model(lenet.parse.kernels[0]);
    // xnumel = 3456 stated (size_hints 4096); in_out_ptr0 moves its bytes twice.
    EXPECT_EQ(conv.bytes, std::optional<std::int64_t>((4 * 2 + 4) * 3456)) << "in_out_ptr0 moves its bytes twice";
    EXPECT_EQ(lenet.parse.kernels[0].atenOps, (QStringList { QStringLiteral("convolution"), QStringLiteral("relu") }));
}

TEST(RealWrappers, PyTorch20GenericNames)
{
    PARSE_OR_SKIP(albert,
        "realdata/ngimel__inductor_generated/"
        "AlbertForQuestionAnswering__AlbertForQuestionAnswering__0_forward_1.0__output_code.py");
    for (int i = 0; i < int(albert.parse.kernels.size()); ++i) {
        EXPECT_EQ(albert.parse.kernels[size_t(i)].name, QStringLiteral("triton__%1").arg(i));
        EXPECT_FALSE(albert.parse.kernels[size_t(i)].hasAtenComment);
    }
    const WrapperKernel& first = albert.parse.kernels.front();
    EXPECT_EQ(first.sizeHintsText, QStringLiteral("[512, 128]"));
    EXPECT_TRUE(signatureOf(first).startsWith(QStringLiteral("in_out_ptr0:*fp32 in_ptr0:*i64 in_ptr1:*fp32 in_ptr2:*i64")));
    EXPECT_TRUE(signatureOf(first).endsWith(QStringLiteral("out_ptr0:*fp32 out_ptr2:*fp32 out_ptr3:*fp32 out_ptr4:*fp32")));
    // 12 pointers over x*r (three *i64, nine *fp32), the last over x.
    EXPECT_EQ(v1Model(first).bytes, std::optional<std::int64_t>((3 * 8 + 9 * 4) * 512 * 128 + 4 * 512));

    PARSE_OR_SKIP(azsh,
        "realdata/azsh1725__pytorch_experiments/"
        "torch_compile_first_test__torch_compile_debug__run_2024_01_02_14_44_21_028356-pid_9378__aot_torchinductor__"
        "model__0_inference_0.0__output_code.py");
    ASSERT_EQ(azsh.parse.kernels.size(), 1u);
    EXPECT_EQ(azsh.parse.kernels[0].decorator, QStringLiteral("pointwise"));
    EXPECT_EQ(signatureOf(azsh.parse.kernels[0]), QStringLiteral("in_ptr0:*fp32 in_ptr1:*fp32 out_ptr0:*fp32"));
    EXPECT_EQ(v1Model(azsh.parse.kernels[0]).bytes, std::optional<std::int64_t>(12 * 10000)) << "xnumel = 10000 stated, size_hints 16384";
}

TEST(RealWrappers, TemplatesAndUserKernelsSayWhatTheBlockLacks)
{
    // flex attention's template: no matrix product among its (empty) ATen ops.
    PARSE_OR_SKIP(tem, "realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__cache_hit_miss.log.output_code.0.py");
    const WrapperKernel& flex = tem.parse.kernels.front();
    EXPECT_TRUE(flex.sizeHints.empty());
    EXPECT_TRUE(signatureOf(flex).startsWith(QStringLiteral("arg_Q:*fp32 arg_K:*fp32 arg_V:*fp32")));
    const KernelModel m = v1Model(flex);
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("no GEMM op"))) << qPrintable(m.reason);

    PARSE_OR_SKIP(vipul,
        "realdata/vipulSharma18__Getting-Started-with-Quantization/"
        "tl_out__payloads__dcda54125a0641a859eedc0f8332a7df.txt");
    const WrapperKernel* user = vipul.find(QStringLiteral("_rms_norm_forward_kernel"));
    ASSERT_NE(user, nullptr);
    EXPECT_EQ(user->variableName, QStringLiteral("_rms_norm_forward_kernel_0"));
    EXPECT_EQ(user->heuristic, HeuristicKind::UserAutotune);
    EXPECT_TRUE(v1Model(*user).reason.contains(QStringLiteral("user-written"))) << qPrintable(v1Model(*user).reason);

    // torchao's 13 GEMM templates are compiled for a dynamic batch (M = ks0):
    // the block cannot give their size, and says which one is missing.
    PARSE_OR_SKIP(gemms,
        "realdata/vipulSharma18__Getting-Started-with-Quantization/"
        "tl_out__payloads__d04f79327ed2f6425c1d17bcd17f6099.txt");
    const WrapperKernel* silu = gemms.find(QStringLiteral("triton_tem_fused_mm_mul_silu_13"));
    ASSERT_NE(silu, nullptr);
    EXPECT_EQ(silu->heuristic, HeuristicKind::Template);
    const KernelModel siluModel = v1Model(*silu);
    EXPECT_EQ(siluModel.provenance, Provenance::None);
    EXPECT_TRUE(siluModel.reason.contains(QStringLiteral("M = ks0"))) << qPrintable(siluModel.reason);
    // Its inductor_meta carries Inductor's own byte estimate: 0.117772288 GB.
    const TritonSourceFacts facts = readTritonSourceFacts(silu->source);
    ASSERT_TRUE(facts.inductorNumGb.has_value());
    EXPECT_DOUBLE_EQ(*facts.inductorNumGb, 0.117772288);
    EXPECT_EQ(facts.gemmN, QStringLiteral("14336"));
    EXPECT_EQ(facts.gemmK, QStringLiteral("4096"));
    EXPECT_EQ(facts.allowTf32, true);
}

TEST(RealWrappers, HkustDocstringCopiesAreIgnored)
{
    PARSE_OR_SKIP(sub1,
        "realdata/hkust-nlp__COMP4901B-LLMs/"
        "assignment2__ifeval__.vllm_cache__torch_compile_cache__0032344a35__rank_0_0__backbone__artifact_shape_None_"
        "subgraph_1__zn__czndrj4mm6plvscvvz5u3ifhnb4rx6mvlyii6difoieflh6pakbt.py");
    ASSERT_EQ(sub1.parse.kernels.size(), 6u);
    // The real module starts after the docstring: its blocks carry the comments.
    const WrapperKernel& first = sub1.parse.kernels.front();
    EXPECT_EQ(first.line, 439);
    EXPECT_EQ(first.kernelPath, QStringLiteral("/tmp/torchinductor_yxiao986/fd/cfdtt3rpkuhwvgzsjvt5ow4jvfnmpfihoewdycistxwccuhar23c.py"));
    EXPECT_EQ(signatureOf(first), QStringLiteral("in_ptr0:*fp16 in_ptr1:*fp16 in_ptr2:*fp16 out_ptr1:*fp16"));
    EXPECT_EQ(first.sizeHintsText, QStringLiteral("{'x': 8192, 'r0_': 1024}"));
}

TEST(RealWrappers, VfdevSameKernelInTwoGraphsIsAmbiguous)
{
    const QString a = sharedPath(QString::fromLatin1(vfdevAaOutput));
    const QString b = sharedPath(QString::fromLatin1(vfdevAaRecompile));
    if (a.isEmpty() || b.isEmpty())
        GTEST_SKIP() << "../shared/realdata absent";
    QTemporaryDir dir;
    QDir().mkpath(dir.filePath(QStringLiteral("model___9.0")));
    ASSERT_TRUE(QFile::copy(a, dir.filePath(QStringLiteral("model___9.0/output_code.py"))));
    ASSERT_TRUE(QFile::copy(b, dir.filePath(QStringLiteral("model___9.0/crhpk4gxlssj4zvvpvul7lvvldvun5bs6bkrtikcu5fjhavxivxb.py"))));

    QString error;
    auto reader = InductorCacheReader::open(dir.path(), &error);
    ASSERT_TRUE(reader) << qPrintable(error);
    auto index = std::make_shared<InductorCacheIndex>(dir.path());
    ASSERT_EQ(index->addAll(*reader, {}), InductorCacheIndex::BuildStatus::Ok);
    EXPECT_EQ(index->wrapperFileCount(), 2);
    const QString name = QStringLiteral("triton_per_fused_index_mul_sum_0");
    const CacheLookup found = index->lookup(name);
    ASSERT_EQ(found.status, CacheLookup::Status::Ambiguous);
    EXPECT_TRUE(found.why.startsWith(QStringLiteral("ambiguous: 2 wrapper files define triton_per_fused_index_mul_sum_0: ")))
        << qPrintable(found.why);
    EXPECT_TRUE(found.why.contains(QStringLiteral("size_hints [134217728, 32]")));
    EXPECT_TRUE(found.why.contains(QStringLiteral("size_hints [33554432, 32]")));

    const TritonOpArgs none;
    const KernelModel m = KernelModeller::withInductorCache(index, {}).model({ name, parseKernelName(name, OpCatalog::builtIn()), &none });
    EXPECT_EQ(m.provenance, Provenance::None);
    EXPECT_TRUE(m.reason.contains(QStringLiteral("V1: ambiguous: 2 wrapper files define ") + name)) << qPrintable(m.reason);
}

} // namespace
