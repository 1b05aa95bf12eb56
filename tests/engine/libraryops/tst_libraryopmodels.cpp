// The library-op models on hand-made args, one or more per op kind, the
// figures worked out by hand in the comments; for each TraceLens defect
// Ridgeline's figure beside TraceLens's (ATEN_MODELS.md §4-§9).
#include "engine/input/eventargsreader.h"
#include "engine/libraryops/models/libraryopmodel.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace Ridgeline;

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

struct Case
{
    const char* label;
    const char* op;
    const char* args; // the op's args object, as a trace holds it
    double flops, bytes; // Ridgeline's
    const char* spec;
    LibraryOpCategory category;
    bool differs = false; // TraceLens's figures differ (then these follow)
    double tlFlops = 0, tlBytes = 0;
    const char* tlSpec = nullptr; // nullptr: the same roof
    const char* why = nullptr; // a phrase tracelensWhy contains
};

std::ostream& operator<<(std::ostream& os, const Case& c)
{
    return os << c.label;
}

bool same(double expected, double actual)
{
    if (std::isnan(expected) || std::isnan(actual))
        return std::isnan(expected) && std::isnan(actual);
    return std::abs(expected - actual) <= 1e-9 * std::max(1.0, std::abs(expected));
}

TritonOpArgs parse(const char* json)
{
    EventArgsReader reader;
    std::int64_t id = -1;
    return *reader.readTritonOpArgs(json, &id);
}

class LibraryOpModels : public ::testing::TestWithParam<Case>
{
};

TEST_P(LibraryOpModels, GivesHandDerivedFigures)
{
    const Case c = GetParam();
    const TritonOpArgs args = parse(c.args);
    ASSERT_TRUE(args.malformed.isEmpty()) << args.malformed.toStdString();
    ASSERT_TRUE(isModelledLibraryOp(QString::fromLatin1(c.op)));
    QString whyNot;
    const auto model = modelLibraryOp(QString::fromLatin1(c.op), args, &whyNot);
    ASSERT_TRUE(model) << whyNot.toStdString();
    EXPECT_EQ(model->category, c.category);
    // The name's category is the model's, but for min/max of two tensors (elementwise).
    if (QByteArray(c.op) != "aten::min") {
        EXPECT_EQ(libraryOpCategory(QString::fromLatin1(c.op)), c.category);
    }
    EXPECT_PRED2(same, c.flops, model->figures.flops);
    EXPECT_PRED2(same, c.bytes, model->figures.bytes);
    EXPECT_EQ(model->figures.computeSpec.toStdString(), c.spec);
    EXPECT_FALSE(model->figures.rule.isEmpty());
    EXPECT_FALSE(model->figures.derivation.isEmpty());
    ASSERT_EQ(model->tracelens.has_value(), c.differs) << model->tracelensWhy.toStdString();
    if (!c.differs)
        return;
    EXPECT_PRED2(same, c.tlFlops, model->tracelens->flops);
    EXPECT_PRED2(same, c.tlBytes, model->tracelens->bytes);
    EXPECT_EQ(model->tracelens->computeSpec.toStdString(), c.tlSpec ? c.tlSpec : c.spec);
    EXPECT_FALSE(model->tracelensWhy.isEmpty());
    if (c.why) {
        EXPECT_TRUE(model->tracelensWhy.contains(QString::fromUtf8(c.why))) << model->tracelensWhy.toStdString();
    }
}

using Cat = LibraryOpCategory;

// clang-format off
const Case gemmCases[] = {
    // M = 64, K = 128, N = 32: 2MNK = 524,288; (MK + KN + MN)·2 = (8,192 + 4,096 + 2,048)·2 = 28,672.
    { "mm", "aten::mm",
      R"({"Input Dims": [[64, 128], [128, 32]], "Input type": ["c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", ""]})",
      524288, 28672, "matrix_bf16", Cat::Gemm },
    // Defect: TraceLens's bias is an N-long vector; here C is M×N = 2,048 elements.
    // FLOPs 524,288 + MN 2,048 = 526,336 (both); bytes 28,672 + 2,048·2 = 32,768, TraceLens 28,672 + 32·2 = 28,736.
    { "addmm with a matrix bias", "aten::addmm",
      R"({"Input Dims": [[64, 32], [64, 128], [128, 32], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "1", "1"]})",
      526336, 32768, "matrix_bf16", Cat::Gemm, true, 526336, 28736, nullptr, "N-long vector" },
    // beta = 0: no bias read or added; TraceLens adds one anyway (526,336 FLOPs, 28,736 bytes).
    { "addmm with beta 0", "aten::addmm",
      R"({"Input Dims": [[32], [64, 128], [128, 32], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "0", "1"]})",
      524288, 28672, "matrix_bf16", Cat::Gemm, true, 526336, 28736, nullptr, "beta = 0" },
    // B = 4, M = 16, K = 8, N = 32: 4·2·16·32·8 = 32,768; 4·(128 + 256 + 512)·2 = 7,168.
    { "bmm", "aten::bmm",
      R"({"Input Dims": [[4, 16, 8], [4, 8, 32]], "Input type": ["c10::Half", "c10::Half"], "Concrete Inputs": ["", ""]})",
      32768, 7168, "matrix_fp16", Cat::Gemm },
    // baddbmm, bias [4, 16, 32] float: FLOPs 32,768 + 4·16·32 = 34,816; bytes 4·896·4 + 2,048·4 = 22,528;
    // TraceLens B·(MK + KN + MN + N)·4 = 4·928·4 = 14,848.
    { "baddbmm", "aten::baddbmm",
      R"({"Input Dims": [[4, 16, 32], [4, 16, 8], [4, 8, 32], [], []], "Input type": ["float", "float", "float", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "1", "1"]})",
      34816, 22528, "matrix_fp32", Cat::Gemm, true, 34816, 14848, nullptr, "N-long vector" },
    // FP8 32×64 by 64×16, two 0-d float scales, out_dtype 15 (BF16): 2·32·16·64 = 65,536 FLOPs;
    // bytes 2,048 + 1,024 + 4 + 4 (scales) + 512·2 = 4,104; TraceLens never counts the scales: 4,096.
    { "_scaled_mm", "aten::_scaled_mm",
      R"({"Input Dims": [[32, 64], [64, 16], [], [], [], [], [], []], "Input type": ["c10::Float8_e4m3fn", "c10::Float8_e4m3fn", "float", "float", "", "", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "", "15", "False"]})",
      65536, 4104, "matrix_fp8", Cat::Gemm, true, 65536, 4096, nullptr, "scale" },
    // aiter blockscale: A [16, 256], W [64, 256] FP8, BF16 out: 2·16·64·256 = 524,288; 4,096 + 16,384 + 16·64·2 = 22,528.
    { "aiter a8w8 blockscale", "aiter::gemm_a8w8_blockscale_ck",
      R"({"Input Dims": [[16, 256], [64, 256], [16, 2], [1, 2], [16, 64]], "Input type": ["c10::Float8_e4m3fnuz", "c10::Float8_e4m3fnuz", "float", "float", "c10::BFloat16"], "Concrete Inputs": ["", "", "", "", ""]})",
      524288, 22528, "matrix_fp8", Cat::Gemm },
    // hipBLASLt FP8, B transposed: M = 32, K = 64, N = B[0] = 16: 65,536 FLOPs; 2,048 + 1,024 + 32·16·2 = 4,096 bytes.
    { "hipblaslt fp8", "primus_turbo::hipblaslt_gemm_fp8",
      R"({"Input Dims": [[32, 64], [1], [16, 64], [1], [], [], [], [], []], "Input type": ["c10::Float8_e4m3fn", "float", "c10::Float8_e4m3fn", "float", "", "Scalar", "Scalar", "Scalar", ""], "Concrete Inputs": ["", "", "", "", "", "False", "True", "False", ""]})",
      65536, 4096, "matrix_fp8", Cat::Gemm },
    // aiter a4w4: A [32, 64] packed (K = 128), W [16, 64]: 2·32·16·128 = 131,072 FLOPs;
    // bytes 32·64 + 16·64 + 32·ceil(128/32) + 16·4 (one-byte scales) + 2·32·16 = 2,048 + 1,024 + 128 + 64 + 1,024 = 4,288.
    { "aiter a4w4", "aiter::gemm_a4w4",
      R"({"Input Dims": [[32, 64], [16, 64], [32, 4], [16, 4], [32, 16]], "Input type": ["c10::Float4_e2m1fn_x2", "c10::Float4_e2m1fn_x2", "c10::Float8_e8m0fnu", "c10::Float8_e8m0fnu", "c10::BFloat16"], "Concrete Inputs": ["", "", "", "", ""]})",
      131072, 4288, "matrix_fp4", Cat::Gemm },
    // Transformer Engine, A [128, 64] with transA: M = 128, K = 64; B [32, 64] without transB: N = 32;
    // 2·128·32·64 = 524,288; (128·64 + 64·32 + 128·32)·2 = 28,672.
    { "te_gemm_ts", "tex_ts::te_gemm_ts",
      R"({"Input Dims": [[128, 64], [], [], [], [], [32, 64], [], [], [], [], [128, 32], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "", "", "", "Scalar", "c10::BFloat16", "", "", "", "Scalar", "c10::BFloat16", "", "", "", "", "", "", "", "c10::BFloat16"], "Concrete Inputs": ["", "", "", "", "1", "", "", "", "", "0", "", "", "", "", "", "", "", "", ""]})",
      524288, 28672, "matrix_bf16", Cat::Gemm },
    // aiter a16w16 with a bias: x [16, 64], w [32, 64], bias [32]: 65,536 + 512 = 66,048 FLOPs;
    // 2,048 + 4,096 + 1,024 + 64 = 7,232 bytes.
    { "aiter a16w16 with bias", "aiter::gemm_a16w16",
      R"({"Input Dims": [[16, 64], [32, 64], [32]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", ""]})",
      66048, 7232, "matrix_bf16", Cat::Gemm },
    // vLLM dynamic quant: the first two 2-D shapes, x [8, 64] BF16 and w [32, 64] FP8: 2·8·32·64 = 32,768;
    // 8·64·2 + 64·32·1 + 8·32·2 = 3,584. TraceLens sizes every operand as x: (512 + 2,048 + 256)·2 = 5,632.
    { "vLLM dynamic-quant GEMM", "vllm::gemm_with_dynamic_quant",
      R"({"Input Dims": [[8, 64], [], [32, 64]], "Input type": ["c10::BFloat16", "Scalar", "c10::Float8_e4m3fnuz"], "Concrete Inputs": ["", "", ""]})",
      32768, 3584, "matrix_bf16", Cat::Gemm, true, 32768, 5632, nullptr, "weight as the activation" },
    // Grouped: X [64, 32], W [4, 32, 16] (K = 32, N = 16): 2·64·32·16 = 65,536; (2,048 + 4·512)·2 + 64·16·2 = 10,240.
    { "grouped GEMM", "primus_turbo::grouped_gemm",
      R"({"Input Dims": [[64, 32], [4, 32, 16], [4], [4]], "Input type": ["c10::BFloat16", "c10::BFloat16", "long int", "long int"], "Concrete Inputs": ["", "", "", ""]})",
      65536, 10240, "matrix_bf16", Cat::Gemm },
    // hipBLASLt FP4: A [32, 32] packed (K = 64), B [16, 32] transposed (N = 16): 2·32·16·64 = 65,536;
    // 32·32 + 16·32 + (32 + 16)·ceil(64/32) + 2·32·16 = 1,024 + 512 + 96 + 1,024 = 2,656.
    { "hipblaslt fp4", "primus_turbo::hipblaslt_gemm_fp4",
      R"({"Input Dims": [[32, 32], [32, 2], [16, 32], [16, 2], [], [], [], [], []], "Input type": ["c10::Float4_e2m1fn_x2", "c10::Float8_e8m0fnu", "c10::Float4_e2m1fn_x2", "c10::Float8_e8m0fnu", "", "Scalar", "Scalar", "Scalar", ""], "Concrete Inputs": ["", "", "", "", "", "False", "True", "False", ""]})",
      65536, 2656, "matrix_fp4", Cat::Gemm },
};

const Case attentionCases[] = {
    // SDPA flash, causal, float: B·H·2·N·N·(d_qk + d_v) = 2·4·2·128·128·128 = 33,554,432, halved: 16,777,216.
    // q, k, v, out: 4·(2·128·4·64) = 262,144 elements; ×4 B = 1,048,576; TraceLens always ×2 B = 524,288.
    { "SDPA flash float", "aten::_scaled_dot_product_flash_attention",
      R"({"Input Dims": [[2, 4, 128, 64], [2, 4, 128, 64], [2, 4, 128, 64], [], [], [], []], "Input type": ["float", "float", "float", "Scalar", "Scalar", "Scalar", ""], "Concrete Inputs": ["", "", "", "0.", "True", "False", ""]})",
      16777216, 1048576, "matrix_fp32", Cat::Attention, true, 16777216, 524288, nullptr, "2 bytes an element" },
    // Efficient, causal, N_Q = 4 < N_KV = 6: full 1·2·2·4·6·16 = 1,536 FLOPs; the top-left mask keeps
    // 1 + 2 + 3 + 4 = 10 of 24 pairs: 640. Bytes (64 + 96 + 96 + 64)·2 = 640. TraceLens raises: no figures.
    { "SDPA efficient causal N_Q != N_KV", "aten::_scaled_dot_product_efficient_attention",
      R"({"Input Dims": [[1, 2, 4, 8], [1, 2, 6, 8], [1, 2, 6, 8], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "", "Scalar", "Scalar", "Scalar", ""], "Concrete Inputs": ["", "", "", "", "False", "0.", "True", ""]})",
      640, 640, "matrix_bf16", Cat::Attention, true, nan, nan, "", "no figures" },
    // flash-attn [B, N, H, d], GQA 8 query heads on 2: 2·8·2·128·256·128 = 134,217,728 FLOPs;
    // (2·128·8·64)·2 + (2·256·2·64)·2 = 393,216 elements × 2 B = 786,432.
    { "flash-attn forward GQA", "flash_attn::_flash_attn_forward",
      R"({"Input Dims": [[2, 128, 8, 64], [2, 256, 2, 64], [2, 256, 2, 64], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "0.0", "0.125", "False", "-1", "-1"]})",
      134217728, 786432, "matrix_bf16", Cat::Attention },
    // varlen, 3 sequences of 300 tokens, longest 150, causal, 4 heads of 32: f(150) = 4·2·150²·64/2 = 5,760,000;
    // the other two of (300 − 150) div 2 = 75: 2·4·2·75²·64/2 = 2,880,000; total 8,640,000.
    // Bytes 4·300·4·32 = 153,600 elements × 2 = 307,200.
    { "flash-attn varlen causal", "flash_attn::_flash_attn_varlen_forward",
      R"({"Input Dims": [[300, 4, 32], [300, 4, 32], [300, 4, 32], [4], [4], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "int", "int", "Scalar", "Scalar", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "150", "150", "0.0", "0.1", "True"]})",
      8640000, 307200, "matrix_bf16", Cat::Attention },
    // Backward, H = 2, N = 64, d = 32: five products of 1·2·2·64·64·32 = 524,288 (QK^T recompute, dV, dP, dQ, dK)
    // = 2,621,440; q, k, v, dO, dq, dk, dv: 7·4,096 elements × 2 B (dout's BF16) = 57,344.
    { "flash-attn backward", "flash_attn::_flash_attn_backward",
      R"({"Input Dims": [[1, 64, 2, 32], [1, 64, 2, 32], [1, 64, 2, 32], [1, 64, 2, 32], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "", "", "", "", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "", "", "", "0.0", "0.1", "False"]})",
      2621440, 57344, "matrix_bf16", Cat::Attention },
    // aiter mha: 1·2·2·16·16·128 = 131,072 FLOPs; 4·16·2·64 = 8,192 elements × 2 = 16,384; TraceLens's parser
    // keeps no dtype: no roof.
    { "aiter mha forward", "aiter::mha_fwd",
      R"({"Input Dims": [[1, 16, 2, 64], [1, 16, 2, 64], [1, 16, 2, 64], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "0.0", "0.125", "False"]})",
      131072, 16384, "matrix_bf16", Cat::Attention, true, 131072, 16384, "", "no dtype" },
    // Evoformer [B, N_seq, N_res, H, d] = [1, 2, 8, 4, 16]: 2 batches, 2·4·2·8·8·32 = 32,768; 4·2·8·4·16·2 = 8,192 bytes.
    { "Evoformer", "EvoformerAttention",
      R"({"Input Dims": [[1, 2, 8, 4, 16], [1, 2, 8, 4, 16], [1, 2, 8, 4, 16]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", ""]})",
      32768, 8192, "matrix_bf16", Cat::Attention },
    // cuDNN SDPA, [1, 2, 8, 16]: 1·2·2·8·8·32 = 8,192 FLOPs; 4·256·2 = 2,048 bytes.
    { "SDPA cuDNN", "aten::_scaled_dot_product_cudnn_attention",
      R"({"Input Dims": [[1, 2, 8, 16], [1, 2, 8, 16], [1, 2, 8, 16], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "", "Scalar", "Scalar", "Scalar", ""], "Concrete Inputs": ["", "", "", "", "False", "0.", "False", ""]})",
      8192, 2048, "matrix_bf16", Cat::Attention },
    // flash-attn 3 [B, N, H, d] = [1, 8, 2, 16], causal flag at 24 (False): 8,192 FLOPs, 2,048 bytes; no roof for TraceLens.
    { "flash-attn 3", "flash_attn_3::fwd",
      R"({"Input Dims": [[1, 8, 2, 16], [1, 8, 2, 16], [1, 8, 2, 16], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "False"]})",
      8192, 2048, "matrix_bf16", Cat::Attention, true, 8192, 2048, "", "no dtype" },
    // aiter backward, q, k, v at 0-2 = [1, 8, 2, 16]: five products of 1·2·2·8·8·16 = 4,096: 20,480 FLOPs;
    // 7·256 elements × 2 = 3,584 bytes; no roof for TraceLens.
    { "aiter flash backward", "aiter::_flash_attn_backward",
      R"({"Input Dims": [[1, 8, 2, 16], [1, 8, 2, 16], [1, 8, 2, 16], [], [], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", "", "", "", "", "", "", "", "", "0.0", "0.25", "False"]})",
      20480, 3584, "matrix_bf16", Cat::Attention, true, 20480, 3584, "", "no dtype" },
    // varlen backward, 2 sequences of 64 tokens, longest 40, 2 heads of 16: 5·2·2·N²·16 = 320·N² per sequence:
    // 320·40² + 320·(64 − 40)² = 512,000 + 184,320 = 696,320; 7·64·2·16 = 14,336 elements × 2 = 28,672.
    { "flash-attn varlen backward", "flash_attn::_flash_attn_varlen_backward",
      R"({"Input Dims": [[64, 2, 16], [64, 2, 16], [64, 2, 16], [64, 2, 16], [], [], [], [], [], [3], [3], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "", "", "", "", "", "int", "int", "Scalar", "Scalar", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "", "", "", "", "", "", "40", "40", "0.0", "0.25", "False"]})",
      696320, 28672, "matrix_bf16", Cat::Attention },
};

const Case convCases[] = {
    // 3×3, pad 1: [1, 4, 8, 8] → [1, 8, 8, 8] (512): 512·2·36 = 36,864 + bias 512 = 37,376 FLOPs;
    // (256 + 288 + 8 + 512)·2 = 2,128 bytes. Defect: TraceLens never counts the bias: 36,864 and 2,112.
    { "convolution with bias", "aten::convolution",
      R"({"Input Dims": [[1, 4, 8, 8], [8, 4, 3, 3], [8], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"], "Concrete Inputs": ["", "", "", "[1, 1]", "[1, 1]", "[1, 1]", "False", "[0, 0]", "1"]})",
      37376, 2128, "matrix_bf16", Cat::Conv, true, 36864, 2112, nullptr, "never counts the bias" },
    // Transposed 1-D, stride 2, output_padding 1: (4 − 1)·2 + (3 − 1) + 1 + 1 = 10 → [1, 3, 10];
    // prod(input)·2·prod(w[1:]) = 8·2·9 = 144 FLOPs; (8 + 18 + 30)·4 = 224 bytes.
    { "transposed convolution", "aten::convolution",
      R"({"Input Dims": [[1, 2, 4], [2, 3, 3], [], [], [], [], [], [], []], "Input type": ["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"], "Concrete Inputs": ["", "", "", "[2]", "[0]", "[1]", "True", "[1]", "1"]})",
      144, 224, "matrix_fp32", Cat::Conv },
    // Backward with output_mask [False, True, True]: weight grad 288·2·1·64 = 36,864 + bias grad 512 = 37,376 FLOPs;
    // (512 + 256 + 288)·2 + (512 + 8)·2 = 3,152 bytes. Defect: TraceLens counts the input gradient too and
    // no bias: 36,864 + 36,864 = 73,728 FLOPs, 2·(512 + 288 + 256)·2 = 4,224 bytes.
    { "convolution backward with output_mask", "aten::convolution_backward",
      R"({"Input Dims": [[1, 8, 8, 8], [1, 4, 8, 8], [8, 4, 3, 3], [], [], [], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "ScalarList", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar", "ScalarList"], "Concrete Inputs": ["", "", "", "[8]", "[1, 1]", "[1, 1]", "[1, 1]", "False", "[0, 0]", "1", "[False, True, True]"]})",
      37376, 3152, "matrix_bf16", Cat::Conv, true, 73728, 4224, nullptr, "output_mask" },
    // Grouped transposed (2 groups), [1, 4, 5] * [4, 3, 2] stride 1: length 5 − 1 + 1 + 1 = 6, channels 3·2 = 6 →
    // [1, 6, 6]: prod(input)·2·prod(w[1:]) = 20·2·6 = 240 FLOPs; (20 + 24 + 36)·4 = 320 bytes.
    // TraceLens's output has weight[1] = 3 channels: (20 + 24 + 18)·4 = 248.
    { "grouped transposed convolution", "aten::convolution",
      R"({"Input Dims": [[1, 4, 5], [4, 3, 2], [], [], [], [], [], [], []], "Input type": ["float", "float", "", "ScalarList", "ScalarList", "ScalarList", "Scalar", "ScalarList", "Scalar"], "Concrete Inputs": ["", "", "", "[1]", "[0]", "[1]", "True", "[0]", "2"]})",
      240, 320, "matrix_fp32", Cat::Conv, true, 240, 248, nullptr, "groups" },
    // Apex ConvBias (stride 1, padding 0): [1, 2, 4, 4] * [4, 2, 3, 3] → [1, 4, 2, 2] (16): 16·2·18 + 16 = 592 FLOPs;
    // (32 + 72 + 4 + 16)·2 = 248 bytes; TraceLens counts this bias too.
    { "ConvBias", "ConvBias_",
      R"({"Input Dims": [[1, 2, 4, 4], [4, 2, 3, 3], [4], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "1", "0"]})",
      592, 248, "matrix_bf16", Cat::Conv },
    // Causal conv1d x [2, 4, 16], w [4, 3], bias: 2·2·4·16·3 = 768 FLOPs; (2·128 + 12 + 4)·2 = 544 bytes.
    { "causal conv1d", "DaoAILab::_causal_conv1d_fwd_cpp",
      R"({"Input Dims": [[2, 4, 16], [4, 3], [4]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", "", ""]})",
      768, 544, "matrix_bf16", Cat::Conv },
};

const Case normCases[] = {
    // Layer norm over 8 without weight or bias: n = 48, c = 8: 6c + 5n = 288 FLOPs;
    // 2n·2 + (2 + 2)·c·2 = 256 bytes. Defect: TraceLens counts a weight and a bias: (2 + 1 + 1 + 2)·8·2 + 192 = 288.
    { "layer norm without weight", "aten::layer_norm",
      R"({"Input Dims": [[2, 3, 8], [], [], [], [], []], "Input type": ["c10::BFloat16", "ScalarList", "", "", "Scalar", "Scalar"], "Concrete Inputs": ["", "[8]", "", "", "1e-05", "True"]})",
      288, 256, "vector_bf16", Cat::Norm, true, 288, 288, nullptr, "weight and a bias" },
    // Batch norm in eval mode: n = 72, c = 4: 6c + 2n = 168; 2n·4 + (2 + 1 + 1)·4·4 = 640.
    // Defect: bool('False') is True for TraceLens: 6c + 5n = 384; 576 + 6·16 = 672.
    { "batch norm in eval mode", "aten::batch_norm",
      R"({"Input Dims": [[2, 4, 3, 3], [4], [4], [4], [4], [], [], [], []], "Input type": ["float", "float", "float", "float", "float", "Scalar", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "False", "0.1", "1e-05", "True"]})",
      168, 640, "vector_fp32", Cat::Norm, true, 384, 672, nullptr, "training" },
    // Group norm backward, 8 channels in 2 groups, n = 64: FLOPs c·(4n/c + 5n/c) = 9n = 576 either way;
    // bytes n·2 + 2n·2 + c·2 + c·2 + 2c·2 = 384 + 8c: 448 with c = 8, TraceLens's c = 8/2: 416.
    { "group norm backward", "aten::native_group_norm_backward",
      R"({"Input Dims": [[2, 8, 4], [2, 8, 4], [2, 2], [2, 2], [8], [], [], [], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar", "Scalar", "Scalar", "ScalarList"], "Concrete Inputs": ["", "", "", "", "", "2", "8", "4", "2", "[True, True, True]"]})",
      576, 448, "vector_bf16", Cat::Norm, true, 576, 416, nullptr, "channels per group" },
    // RMS norm over 16 without weight: n = 64: (n/c)·(2c + 2) + n = 136 + 64 = 200; 2n·2 = 256.
    // TraceLens always has a weight: 136 + 128 = 264; 256 + 16·2 = 288.
    { "RMS norm without weight", "aten::_fused_rms_norm",
      R"({"Input Dims": [[4, 16], [], [], []], "Input type": ["c10::BFloat16", "ScalarList", "", "Scalar"], "Concrete Inputs": ["", "[16]", "", "1e-06"]})",
      200, 256, "vector_bf16", Cat::Norm, true, 264, 288, nullptr, "weight" },
    // aiter RMS norm + FP8 per-token quant: n = 256, c = 64, 4 rows: 4·130 + 2n + 2n = 1,544;
    // n·2 + c·2 + n (FP8 out) + 4·4 (scales) = 912.
    { "aiter RMS norm dynamic quant", "aiter::rmsnorm2d_fwd_with_dynamicquant_ck",
      R"({"Input Dims": [[4, 64], [4, 64], [4, 1], [64], [], []], "Input type": ["c10::Float8_e4m3fnuz", "c10::BFloat16", "float", "c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "1e-06", "0"]})",
      1544, 912, "vector_bf16", Cat::Norm },
    // Batch norm backward in training, n = 72, c = 4: c·(4n/c + 5n/c) = 648 FLOPs;
    // n·4 + 2n·4 + c·4 + (c·4 + 2c·4) = 288 + 576 + 16 + 48 = 928 bytes.
    { "batch norm backward", "aten::native_batch_norm_backward",
      R"({"Input Dims": [[2, 4, 3, 3], [2, 4, 3, 3], [4], [4], [4], [4], [4], [], [], []], "Input type": ["float", "float", "float", "float", "float", "float", "float", "Scalar", "Scalar", "ScalarList"], "Concrete Inputs": ["", "", "", "", "", "", "", "True", "1e-05", "[True, True, True]"]})",
      648, 928, "vector_fp32", Cat::Norm },
    // Layer norm backward over 8, mask [True, True, False]: n = 32: c·(4n/c + 5n/c) = 288 FLOPs;
    // n·2 + 2n·2 + c·2 + (c·2 + c·2) = 64 + 128 + 16 + 32 = 240 bytes.
    { "layer norm backward", "aten::native_layer_norm_backward",
      R"({"Input Dims": [[4, 8], [4, 8], [], [4, 1], [4, 1], [8], [8], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "ScalarList", "float", "float", "c10::BFloat16", "c10::BFloat16", "ScalarList"], "Concrete Inputs": ["", "", "[8]", "", "", "", "", "[True, True, False]"]})",
      288, 240, "vector_bf16", Cat::Norm },
    // Instance norm without weight or bias, n = 96, c = 3: 6c + 5n = 498 FLOPs; 2n·4 + (2 + 2)·3·4 = 816 bytes;
    // TraceLens adds a weight and a bias: 768 + 6·12 = 840.
    { "instance norm without weight", "aten::instance_norm",
      R"({"Input Dims": [[2, 3, 4, 4], [], [], [], [], [], [], [], []], "Input type": ["float", "", "", "", "", "Scalar", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "", "True", "0.1", "1e-05", "False"]})",
      498, 816, "vector_fp32", Cat::Norm, true, 498, 840, nullptr, "weight and a bias" },
    // RMS norm backward over 16 with a weight, n = 64: n + n + 6n + (n + n) = 640 FLOPs; 64·2 + 128·2 + 2·16·2 = 448 bytes.
    { "RMS norm backward", "aten::_fused_rms_norm_backward",
      R"({"Input Dims": [[4, 16], [4, 16], [], [4, 1], [16], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "ScalarList", "float", "c10::BFloat16", "ScalarList"], "Concrete Inputs": ["", "", "[16]", "", "", "[True, True]"]})",
      640, 448, "vector_bf16", Cat::Norm },
    // aiter rmsnorm(out, input [4, 32], weight [32]): n = 128: 4·66 + 2n = 520 FLOPs; 2n·2 + 32·2 = 576 bytes.
    { "aiter rmsnorm", "aiter::rmsnorm",
      R"({"Input Dims": [[4, 32], [4, 32], [32], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "Scalar"], "Concrete Inputs": ["", "", "", "1e-06"]})",
      520, 576, "vector_bf16", Cat::Norm },
    // aiter rmsnorm_quant, input [4, 256], groups of 128: n = 1,024: 4·514 + 2n + 2n = 6,152 FLOPs;
    // 2,048 + 512 + 1,024 (FP8) + 4·2·4 (scales) = 3,616 bytes.
    { "aiter rmsnorm quant", "aiter::rmsnorm_quant",
      R"({"Input Dims": [[4, 256], [4, 256], [4, 2], [256], [], [], []], "Input type": ["c10::Float8_e4m3fnuz", "c10::BFloat16", "float", "c10::BFloat16", "Scalar", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "", "", "1e-06", "128", "False"]})",
      6152, 3616, "vector_bf16", Cat::Norm },
    // vLLM RMS norm + FP8 groups of 128, x [4, 256], n = 1,024: 4·514 + 2n (weight) + 2n (quant) = 6,152 FLOPs;
    // 2,048 + 512 + 1,024 + 4·2·4 = 3,616 bytes.
    { "vLLM RMS norm fp8 group quant", "vllm::rocm_aiter_rmsnorm_fp8_group_quant",
      R"({"Input Dims": [[4, 256], [256], [], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "", "1e-06", "128"]})",
      6152, 3616, "vector_bf16", Cat::Norm },
    // Add + RMS norm + pad to 64, x [2, 100]: n = 200: n + 2·202 + 2n = 1,004 FLOPs;
    // 2n·2 + 100·2 + 2·128·2 (padded out) + 2·100·2 (residual out) = 1,912 bytes.
    { "add RMS norm pad", "vllm::rocm_aiter_triton_add_rmsnorm_pad",
      R"({"Input Dims": [[2, 100], [100], [], [2, 100], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "Scalar", "c10::BFloat16", "Scalar"], "Concrete Inputs": ["", "", "1e-05", "", "64"]})",
      1004, 1912, "vector_bf16", Cat::Norm },
};

const Case elementwiseCases[] = {
    // Defect: bool has no size for TraceLens (bytes unknown); 32 + 32 bytes.
    { "bool copy", "aten::copy_",
      R"({"Input Dims": [[32], [32], []], "Input type": ["bool", "bool", "Scalar"], "Concrete Inputs": ["", "", "False"]})",
      32, 64, "", Cat::Elementwise, true, 32, nan, nullptr, "bool" },
    // add(x, 2): 1,024 floats read and written, the 2 passed by value: 8,192 bytes; TraceLens reads a 4-byte Scalar: 8,196.
    { "add of a Scalar", "aten::add",
      R"({"Input Dims": [[1024], [], []], "Input type": ["float", "Scalar", "Scalar"], "Concrete Inputs": ["", "2", "1"]})",
      1024, 8192, "vector_fp32", Cat::Elementwise, true, 1024, 8196, nullptr, "by value" },
    // [8, 1] × [1, 16] → [8, 16]: 128 FLOPs; 8·2 + 16·2 + 128·2 = 304 bytes.
    { "broadcast mul", "aten::mul",
      R"({"Input Dims": [[8, 1], [1, 16]], "Input type": ["c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", ""]})",
      128, 304, "vector_bf16", Cat::Elementwise },
    // Scale factors [2., 2.]: [1, 2, 3, 4] → [1, 2, 6, 8]: 96 FLOPs; (24 + 96)·2 = 240 bytes.
    // Defect: TraceLens reads only output_size ('') and gives no figures.
    { "upsample with scale factors", "aten::upsample_nearest2d",
      R"({"Input Dims": [[1, 2, 3, 4], [], []], "Input type": ["c10::BFloat16", "", "ScalarList"], "Concrete Inputs": ["", "", "[2., 2.]"]})",
      96, 240, "vector_bf16", Cat::Elementwise, true, nan, nan, "", "scale factors" },
    { "upsample with output size", "aten::upsample_nearest2d",
      R"({"Input Dims": [[1, 2, 3, 4], [], []], "Input type": ["c10::BFloat16", "ScalarList", ""], "Concrete Inputs": ["", "[6, 8]", ""]})",
      96, 240, "vector_bf16", Cat::Elementwise },
    // Pads [1, 1, 2, 2]: [1, 1, 4, 4] → [1, 1, 8, 6]: 48 FLOPs; (16 + 48)·4 = 256 bytes.
    { "replication pad", "aten::replication_pad2d",
      R"({"Input Dims": [[1, 1, 4, 4], []], "Input type": ["float", "ScalarList"], "Concrete Inputs": ["", "[1, 1, 2, 2]"]})",
      48, 256, "vector_fp32", Cat::Elementwise },
    // silu_and_mul(out [4, 8], input [4, 16]): n = 32: 5n = 160; 2n·2 + n·2 = 192.
    { "silu and mul", "aiter::silu_and_mul",
      R"({"Input Dims": [[4, 8], [4, 16]], "Input type": ["c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", ""]})",
      160, 192, "vector_bf16", Cat::Elementwise },
    // min(a, b) of two [4, 4] long tensors: 16 FLOPs, 3·16·8 = 384 bytes. TraceLens: a reduction of a to one element, 136.
    { "min of two tensors", "aten::min",
      R"({"Input Dims": [[4, 4], [4, 4]], "Input type": ["long int", "long int"], "Concrete Inputs": ["", ""]})",
      16, 384, "", Cat::Elementwise, true, 16, 136, nullptr, "two tensors" },
    // clamp_min_(x [16] half, 0): 16 FLOPs, 16·2 + 16·2 = 64 bytes.
    { "clamp_min_", "aten::clamp_min_",
      R"({"Input Dims": [[16], []], "Input type": ["c10::Half", "Scalar"], "Concrete Inputs": ["", "0"]})",
      16, 64, "vector_fp16", Cat::Elementwise },
    // Liger SiLU·mul of two [4, 8]: 32 FLOPs; 3·32·2 = 192 bytes.
    { "Liger SiLU mul", "LigerSiLUMulFunction",
      R"({"Input Dims": [[4, 8], [4, 8]], "Input type": ["c10::BFloat16", "c10::BFloat16"], "Concrete Inputs": ["", ""]})",
      32, 192, "vector_bf16", Cat::Elementwise },
    // Fused RoPE on [2, 8, 4, 16] (n = 1,024): 3n = 3,072 FLOPs, 2n·2 = 4,096 bytes.
    { "fused RoPE", "FusedRoPEFunc",
      R"({"Input Dims": [[2, 8, 4, 16], [], []], "Input type": ["c10::BFloat16", "", ""], "Concrete Inputs": ["", "", ""]})",
      3072, 4096, "vector_bf16", Cat::Elementwise },
    // sgl rotary, 10 tokens, heads of 16: q 64/16 = 4, k 32/16 = 2 heads, rotary dim 16: n = 10·6·16 = 960;
    // 3n = 2,880 FLOPs, 2n·2 = 3,840 bytes.
    { "sgl rotary embedding", "sgl_kernel::rotary_embedding",
      R"({"Input Dims": [[10], [10, 64], [10, 32], [], [100, 16], []], "Input type": ["long int", "c10::BFloat16", "c10::BFloat16", "Scalar", "c10::BFloat16", "Scalar"], "Concrete Inputs": ["", "", "", "16", "", "True"]})",
      2880, 3840, "vector_bf16", Cat::Elementwise },
};

const Case reductionCases[] = {
    // sum over dim 1 of [8, 16] float: 8 outputs: 128 FLOPs; 512 + 32 = 544 bytes; TraceLens one output: 516.
    { "sum over a dim", "aten::sum",
      R"({"Input Dims": [[8, 16], [], [], []], "Input type": ["float", "ScalarList", "Scalar", ""], "Concrete Inputs": ["", "[1]", "False", ""]})",
      128, 544, "vector_fp32", Cat::Reduction, true, 128, 516, nullptr, "one element" },
    // max.dim: 8 values and 8 int64 indices: 256 + 16 + 64 = 336; TraceLens 256 + 2 = 258.
    { "max over a dim", "aten::max",
      R"({"Input Dims": [[8, 16], [], []], "Input type": ["c10::BFloat16", "Scalar", "Scalar"], "Concrete Inputs": ["", "1", "False"]})",
      128, 336, "vector_bf16", Cat::Reduction, true, 128, 258, nullptr, "one element" },
    // A whole-tensor mean: one output either way: 10 FLOPs, 40 + 4 = 44 bytes.
    { "mean of everything", "aten::mean",
      R"({"Input Dims": [[10], []], "Input type": ["float", ""], "Concrete Inputs": ["", ""]})",
      10, 44, "vector_fp32", Cat::Reduction },
    // cumsum: n outputs: 10 FLOPs, 80 bytes.
    { "cumsum", "aten::cumsum",
      R"({"Input Dims": [[10], [], []], "Input type": ["float", "Scalar", ""], "Concrete Inputs": ["", "0", ""]})",
      10, 80, "vector_fp32", Cat::Reduction },
    // Cross entropy, 4 rows of 100: 5·400 = 2,000 FLOPs; 1,600 + 12·4 = 1,648 bytes.
    { "cross entropy", "CrossEntropyFunction",
      R"({"Input Dims": [[4, 100], [4]], "Input type": ["float", "long int"], "Concrete Inputs": ["", ""]})",
      2000, 1648, "vector_fp32", Cat::Other },
    // linalg_norm over dim 1 of [4, 8] float (dims at argument 2): 4 outputs: 32 FLOPs, 128 + 16 = 144 bytes; TraceLens 132.
    { "linalg_norm over a dim", "aten::linalg_norm",
      R"({"Input Dims": [[4, 8], [], [], [], []], "Input type": ["float", "Scalar", "ScalarList", "Scalar", ""], "Concrete Inputs": ["", "2", "[1]", "False", ""]})",
      32, 144, "vector_fp32", Cat::Reduction, true, 32, 132, nullptr, "one element" },
    // MoE dispatch of [8, 32] BF16: no FLOPs, 512 bytes.
    { "MoE dispatch", "MoEDispatch",
      R"({"Input Dims": [[8, 32], [8, 2]], "Input type": ["c10::BFloat16", "long int"], "Concrete Inputs": ["", ""]})",
      0, 512, "vector_bf16", Cat::Other },
    // KV-cache store of k [4, 8, 16] BF16: 4·512·2 = 4,096 bytes.
    { "store cache", "sglang::store_cache",
      R"({"Input Dims": [[4, 8, 16], [4, 8, 16], [100, 8, 16], [100, 8, 16], [4]], "Input type": ["c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "c10::BFloat16", "long int"], "Concrete Inputs": ["", "", "", "", ""]})",
      0, 4096, "vector_bf16", Cat::Other },
};
// clang-format on

INSTANTIATE_TEST_SUITE_P(Gemm, LibraryOpModels, ::testing::ValuesIn(gemmCases));
INSTANTIATE_TEST_SUITE_P(Attention, LibraryOpModels, ::testing::ValuesIn(attentionCases));
INSTANTIATE_TEST_SUITE_P(Conv, LibraryOpModels, ::testing::ValuesIn(convCases));
INSTANTIATE_TEST_SUITE_P(Norm, LibraryOpModels, ::testing::ValuesIn(normCases));
INSTANTIATE_TEST_SUITE_P(Elementwise, LibraryOpModels, ::testing::ValuesIn(elementwiseCases));
INSTANTIATE_TEST_SUITE_P(Reduction, LibraryOpModels, ::testing::ValuesIn(reductionCases));

TEST(LibraryOpModelsNames, CoversTheSpecsOpsAndAliasesOnly)
{
    for (const char* op : { "aten::mm", "aten::addmm", "aten::bmm", "aten::baddbmm", "aten::_scaled_mm", "trtllm::cublas_scaled_mm",
             "aten::_scaled_dot_product_flash_attention", "aten::_scaled_dot_product_cudnn_attention",
             "flash_attn::_flash_attn_varlen_backward", "flash_attn_3::fwd", "aiter::wrapper_fmha_v3_bwd", "aten::convolution_backward",
             "aten::cudnn_batch_norm", "aten::native_layer_norm_backward", "aiter::_groupnorm_run", "aiter::rmsnorm2d_fwd_with_add_ck",
             "vllm::rocm_unquantized_gemm", "aiter::gemm_a16w16", "aten::copy_", "aten::upsample_nearest3d", "aten::amax" })
        EXPECT_TRUE(isModelledLibraryOp(QString::fromLatin1(op))) << op;
    // Not modelled: wrappers that resolve to modelled children, ops without
    // a model, and those whose figures need TraceLens's annotations or pseudo-ops.
    for (const char* op : { "aten::linear", "aten::matmul", "aten::scaled_dot_product_attention", "aten::gelu", "aten::miopen_convolution",
             "vllm::unified_attention_with_output", "pseudo_op::moe_triton_unfused_up", "aiter::pa_decode_gluon",
             "aten::instance_norm_backward", "triton_poi_fused_add_0", "", "aten::mm " })
        EXPECT_FALSE(isModelledLibraryOp(QString::fromLatin1(op))) << op;
    EXPECT_EQ(libraryOpCategory(u"aten::min"), LibraryOpCategory::Reduction);
    EXPECT_EQ(libraryOpCategory(u"aten::linear"), std::nullopt);
    EXPECT_EQ(categoryName(LibraryOpCategory::Gemm), QStringLiteral("gemm"));
    EXPECT_EQ(categoryName(LibraryOpCategory::Reduction), QStringLiteral("reduction"));
    EXPECT_EQ(categoryName(LibraryOpCategory::Other), QStringLiteral("other"));
}

} // namespace
