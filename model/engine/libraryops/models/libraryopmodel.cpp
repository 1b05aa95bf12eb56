#include "engine/libraryops/models/libraryopmodel.h"

#include "engine/libraryops/models/opargs.h"
#include "engine/libraryops/models/opkinds.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

namespace Ridgeline {
namespace {

using Entry = std::pair<const char16_t*, OpKind>;

// The op names of ATEN_MODELS.md §3 whose figures come from the op's own
// args. Not here: the serving-attention ops and MoE pseudo-ops, whose
// figures need TraceLens's iteration annotations or its inserted pseudo-ops.
constexpr std::array opTable {
    // GEMM
    Entry { u"aten::mm", OpKind::Mm },
    Entry { u"aten::addmm", OpKind::Addmm },
    Entry { u"aten::bmm", OpKind::Bmm },
    Entry { u"aten::baddbmm", OpKind::Baddbmm },
    Entry { u"aten::_scaled_mm", OpKind::ScaledMm },
    Entry { u"trtllm::cublas_scaled_mm", OpKind::ScaledMm },
    Entry { u"bitsandbytes::int8_linear_matmul", OpKind::ScaledMm },
    Entry { u"tex_ts::te_gemm_ts", OpKind::TeGemmTs },
    Entry { u"_Linear_yfwd_mm", OpKind::Tev2PseudoGemm },
    Entry { u"_LinearBackward_xgrad_mm", OpKind::Tev2PseudoGemm },
    Entry { u"_LinearBackward_wgrad_mm", OpKind::Tev2PseudoGemm },
    Entry { u"_LayerNormLinear_yfwd_mm", OpKind::Tev2PseudoGemm },
    Entry { u"_LayerNormLinearBackward_xgrad_mm", OpKind::Tev2PseudoGemm },
    Entry { u"_LayerNormLinearBackward_wgrad_mm", OpKind::Tev2PseudoGemm },
    Entry { u"vllm::gemm_with_dynamic_quant", OpKind::VllmDynamicQuantGemm },
    Entry { u"primus_turbo_cpp_extension::hipblaslt_gemm_fp8", OpKind::HipblasltFp8 },
    Entry { u"primus_turbo::hipblaslt_gemm_fp8", OpKind::HipblasltFp8 },
    Entry { u"primus_turbo_cpp_extension::hipblaslt_gemm_fp4", OpKind::HipblasltFp4 },
    Entry { u"primus_turbo::hipblaslt_gemm_fp4", OpKind::HipblasltFp4 },
    Entry { u"aiter::gemm_a4w4", OpKind::AiterA4W4 },
    Entry { u"aiter::_gemm_a4w4_asm", OpKind::AiterA4W4 },
    Entry { u"aiter::gemm_a16w16", OpKind::AiterA16W16 },
    Entry { u"aiter::gemm_a16w16_atomic_", OpKind::AiterA16W16Atomic },
    Entry { u"sglang_profiler::gemm_kernels_flydsl_hgemm", OpKind::AiterA16W16Atomic },
    Entry { u"aiter::_gemm_a16w16_asm", OpKind::AiterA16W16Asm },
    Entry { u"vllm::rocm_unquantized_gemm", OpKind::VllmUnquantizedGemm },
    Entry { u"aiter::gemm_a8w8_blockscale_ck", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_blockscale_cktile", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_blockscale_bpreshuffle_ck", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_blockscale_bpreshuffle_cktile", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_ck", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_bpreshuffle_ck", OpKind::A8W8Blockscale },
    Entry { u"aiter::gemm_a8w8_bpreshuffle", OpKind::A8W8Blockscale },
    Entry { u"aiter::flatmm_a8w8_blockscale_asm", OpKind::A8W8Blockscale },
    Entry { u"aiter::gfx950_a8w8_blockscale_asm", OpKind::A8W8Blockscale },
    Entry { u"aiter::_gemm_a8w8_blockscale_bpreshuffle_asm", OpKind::A8W8Blockscale },
    Entry { u"vllm::rocm_aiter_triton_gemm_a8w8_blockscale", OpKind::A8W8Blockscale },
    Entry { u"vllm::_rocm_aiter_preshuffled_per_token_w8a8_gemm", OpKind::A8W8Blockscale },
    Entry { u"sglang_profiler::fp8_utils_gemm_a8w8_blockscale", OpKind::A8W8Blockscale },
    Entry { u"sglang_profiler::gemm_a8w8_blockscale_gemm_a8w8_blockscale", OpKind::A8W8Blockscale },
    Entry { u"primus_turbo::grouped_gemm", OpKind::GroupedGemm },
    Entry { u"primus_turbo::grouped_gemm_impl", OpKind::GroupedGemm },
    Entry { u"primus_turbo_cpp_extension::grouped_gemm", OpKind::GroupedGemm },
    Entry { u"primus_turbo_cpp_extension::ck_grouped_gemm", OpKind::GroupedGemm },
    // Attention
    Entry { u"aten::_scaled_dot_product_flash_attention", OpKind::SdpaFlash },
    Entry { u"aten::_scaled_dot_product_efficient_attention", OpKind::SdpaEfficient },
    Entry { u"aten::_scaled_dot_product_cudnn_attention", OpKind::SdpaCudnn },
    Entry { u"FlashAttnFunc", OpKind::FlashAttnFwd },
    Entry { u"flash_attn::_flash_attn_forward", OpKind::FlashAttnFwd },
    Entry { u"flash_attn::_flash_attn_backward", OpKind::FlashAttnBwd },
    Entry { u"flash_attn::_flash_attn_varlen_forward", OpKind::FlashAttnVarlenFwd },
    Entry { u"flash_attn::_flash_attn_varlen_backward", OpKind::FlashAttnVarlenBwd },
    Entry { u"flash_attn_3::fwd", OpKind::FlashAttn3Fwd },
    Entry { u"aiter::_flash_attn_forward", OpKind::AiterFlashAttnFwd },
    Entry { u"aiter::_flash_attn_backward", OpKind::AiterFlashAttnBwd },
    Entry { u"aiter::wrapper_fmha_v3_fwd", OpKind::AiterFmhaV3Fwd },
    Entry { u"aiter::wrapper_fmha_v3_bwd", OpKind::AiterFmhaV3Bwd },
    Entry { u"aiter::mha_fwd", OpKind::AiterMhaFwd },
    Entry { u"aiter::fmha_v3_fwd", OpKind::AiterMhaFwd },
    Entry { u"aiter::mha_bwd", OpKind::AiterMhaBwd },
    Entry { u"EvoformerAttention", OpKind::Evoformer },
    // Convolution
    Entry { u"aten::convolution", OpKind::Conv },
    Entry { u"aten::convolution_backward", OpKind::ConvBwd },
    Entry { u"ConvBias_", OpKind::ConvBias },
    Entry { u"ConvBiasReLU_", OpKind::ConvBias },
    Entry { u"DaoAILab::_causal_conv1d_fwd_cpp", OpKind::CausalConv1d },
    // Norms
    Entry { u"aten::batch_norm", OpKind::BatchNorm },
    Entry { u"aten::native_batch_norm", OpKind::BatchNorm },
    Entry { u"aten::miopen_batch_norm", OpKind::BatchNorm },
    Entry { u"aten::cudnn_batch_norm", OpKind::BatchNorm },
    Entry { u"aten::batch_norm_backward", OpKind::BatchNormBwdNative },
    Entry { u"aten::native_batch_norm_backward", OpKind::BatchNormBwdNative },
    Entry { u"aten::miopen_batch_norm_backward", OpKind::BatchNormBwdLibrary },
    Entry { u"aten::cudnn_batch_norm_backward", OpKind::BatchNormBwdLibrary },
    Entry { u"aten::layer_norm", OpKind::LayerNorm },
    Entry { u"aten::native_layer_norm", OpKind::LayerNorm },
    Entry { u"aten::miopen_layer_norm", OpKind::LayerNorm },
    Entry { u"aten::cudnn_layer_norm", OpKind::LayerNorm },
    Entry { u"aten::layer_norm_backward", OpKind::LayerNormBwd },
    Entry { u"aten::native_layer_norm_backward", OpKind::LayerNormBwd },
    Entry { u"aten::miopen_layer_norm_backward", OpKind::LayerNormBwd },
    Entry { u"aten::cudnn_layer_norm_backward", OpKind::LayerNormBwd },
    Entry { u"aten::group_norm", OpKind::GroupNorm },
    Entry { u"aten::native_group_norm", OpKind::GroupNorm },
    Entry { u"aten::miopen_group_norm", OpKind::GroupNorm },
    Entry { u"aten::cudnn_group_norm", OpKind::GroupNorm },
    Entry { u"aiter::_groupnorm_run", OpKind::GroupNorm },
    Entry { u"aten::group_norm_backward", OpKind::GroupNormBwd },
    Entry { u"aten::native_group_norm_backward", OpKind::GroupNormBwd },
    Entry { u"aten::miopen_group_norm_backward", OpKind::GroupNormBwd },
    Entry { u"aten::cudnn_group_norm_backward", OpKind::GroupNormBwd },
    Entry { u"aten::instance_norm", OpKind::InstanceNorm },
    Entry { u"aten::native_instance_norm", OpKind::InstanceNorm },
    Entry { u"aten::miopen_instance_norm", OpKind::InstanceNorm },
    Entry { u"aten::cudnn_instance_norm", OpKind::InstanceNorm },
    Entry { u"aten::_fused_rms_norm", OpKind::RmsNorm },
    Entry { u"aten::rms_norm_backward", OpKind::RmsNormBwd },
    Entry { u"aten::native_rms_norm_backward", OpKind::RmsNormBwd },
    Entry { u"aten::miopen_rms_norm_backward", OpKind::RmsNormBwd },
    Entry { u"aten::cudnn_rms_norm_backward", OpKind::RmsNormBwd },
    Entry { u"aten::_fused_rms_norm_backward", OpKind::RmsNormBwd },
    Entry { u"aiter::rms_norm", OpKind::AiterRmsNorm },
    Entry { u"aiter::rmsnorm2d_fwd_ck", OpKind::AiterRmsNorm },
    Entry { u"aiter::rmsnorm", OpKind::AiterRmsNormOut },
    Entry { u"aiter::rmsnorm2d_fwd_with_add_ck", OpKind::AiterAddRmsNorm },
    Entry { u"aiter::add_rmsnorm", OpKind::AiterAddRmsNorm },
    Entry { u"aiter::rmsnorm2d_fwd_with_dynamicquant_ck", OpKind::AiterRmsNormDynamicQuant },
    Entry { u"aiter::rmsnorm_quant", OpKind::AiterRmsNormQuant },
    Entry { u"vllm::rocm_aiter_rmsnorm_fp8_group_quant", OpKind::VllmRmsNormFp8GroupQuant },
    Entry { u"vllm::rocm_aiter_rmsnorm_with_add_fp8_group_quant", OpKind::VllmAddRmsNormFp8GroupQuant },
    Entry { u"vllm::rocm_aiter_triton_add_rmsnorm_pad", OpKind::AddRmsNormPad },
    Entry { u"aiter::fused_add_rmsnorm_pad_", OpKind::AddRmsNormPad },
    // Elementwise
    Entry { u"aten::copy", OpKind::Unary },
    Entry { u"aten::copy_", OpKind::Unary },
    Entry { u"aten::clamp_min", OpKind::Unary },
    Entry { u"aten::clamp_min_", OpKind::Unary },
    Entry { u"aten::clamp_max", OpKind::Unary },
    Entry { u"aten::clamp_max_", OpKind::Unary },
    Entry { u"aten::sigmoid", OpKind::Unary },
    Entry { u"aten::rsqrt", OpKind::Unary },
    Entry { u"aten::silu", OpKind::Unary },
    Entry { u"aten::neg", OpKind::Unary },
    Entry { u"aten::pow", OpKind::Unary },
    Entry { u"aten::add", OpKind::Binary },
    Entry { u"aten::add_", OpKind::Binary },
    Entry { u"aten::mul", OpKind::Binary },
    Entry { u"aten::mul_", OpKind::Binary },
    Entry { u"aten::div", OpKind::Binary },
    Entry { u"aten::div_", OpKind::Binary },
    Entry { u"aten::sigmoid_backward", OpKind::Binary },
    Entry { u"aten::threshold_backward", OpKind::Binary },
    Entry { u"aten::replication_pad1d", OpKind::ReplicationPad },
    Entry { u"aten::replication_pad2d", OpKind::ReplicationPad },
    Entry { u"aten::replication_pad3d", OpKind::ReplicationPad },
    Entry { u"aten::upsample_nearest1d", OpKind::UpsampleNearest },
    Entry { u"aten::upsample_nearest2d", OpKind::UpsampleNearest },
    Entry { u"aten::upsample_nearest3d", OpKind::UpsampleNearest },
    Entry { u"LigerSiLUMulFunction", OpKind::LigerSiluMul },
    Entry { u"aiter::silu_and_mul", OpKind::GatedActivation },
    Entry { u"_C::silu_and_mul", OpKind::GatedActivation },
    Entry { u"sgl_kernel::silu_and_mul", OpKind::GatedActivation },
    Entry { u"aiter::gelu_and_mul", OpKind::GatedActivation },
    Entry { u"aiter::gelu_tanh_and_mul", OpKind::GatedActivation },
    Entry { u"FusedRoPEFunc", OpKind::FusedRope },
    Entry { u"sgl_kernel::rotary_embedding", OpKind::SglRotaryEmbedding },
    // Reductions
    Entry { u"aten::sum", OpKind::Reduce },
    Entry { u"aten::mean", OpKind::Reduce },
    Entry { u"aten::max", OpKind::ReduceMinMax },
    Entry { u"aten::min", OpKind::ReduceMinMax },
    Entry { u"aten::norm", OpKind::ReduceNorm },
    Entry { u"aten::linalg_norm", OpKind::ReduceNorm },
    Entry { u"aten::std", OpKind::Reduce },
    Entry { u"aten::var", OpKind::Reduce },
    Entry { u"aten::logsumexp", OpKind::Reduce },
    Entry { u"aten::amin", OpKind::Reduce },
    Entry { u"aten::amax", OpKind::Reduce },
    Entry { u"aten::cumsum", OpKind::CumulativeReduce },
    Entry { u"aten::cumprod", OpKind::CumulativeReduce },
    // Other
    Entry { u"MoEDispatch", OpKind::MoeDispatchCombine },
    Entry { u"MoECombine", OpKind::MoeDispatchCombine },
    Entry { u"CrossEntropyFunction", OpKind::CrossEntropy },
    Entry { u"sglang::store_cache", OpKind::StoreCache },
};

using Lookup = std::vector<std::pair<QStringView, OpKind>>;

const Lookup& sortedOps()
{
    static const Lookup sorted = [] {
        Lookup ops;
        ops.reserve(opTable.size());
        for (const auto& [name, kind] : opTable)
            ops.emplace_back(QStringView(name), kind);
        std::sort(ops.begin(), ops.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
        return ops;
    }();
    return sorted;
}

} // namespace

std::optional<OpKind> opKindOf(QStringView opName)
{
    const Lookup& ops = sortedOps();
    const auto it
        = std::lower_bound(ops.begin(), ops.end(), opName, [](const auto& entry, QStringView name) { return entry.first < name; });
    if (it == ops.end() || it->first != opName)
        return std::nullopt;
    return it->second;
}

QString categoryName(LibraryOpCategory category)
{
    switch (category) {
    case LibraryOpCategory::Gemm:
        return QStringLiteral("gemm");
    case LibraryOpCategory::Attention:
        return QStringLiteral("attention");
    case LibraryOpCategory::Conv:
        return QStringLiteral("conv");
    case LibraryOpCategory::Norm:
        return QStringLiteral("norm");
    case LibraryOpCategory::Elementwise:
        return QStringLiteral("elementwise");
    case LibraryOpCategory::Reduction:
        return QStringLiteral("reduction");
    case LibraryOpCategory::Other:
        break;
    }
    return QStringLiteral("other");
}

bool isModelledLibraryOp(QStringView opName)
{
    return opKindOf(opName).has_value();
}

std::optional<LibraryOpCategory> libraryOpCategory(QStringView opName)
{
    const std::optional<OpKind> kind = opKindOf(opName);
    if (!kind)
        return std::nullopt;
    switch (*kind) {
    case OpKind::Mm:
    case OpKind::Addmm:
    case OpKind::Bmm:
    case OpKind::Baddbmm:
    case OpKind::ScaledMm:
    case OpKind::TeGemmTs:
    case OpKind::Tev2PseudoGemm:
    case OpKind::VllmDynamicQuantGemm:
    case OpKind::HipblasltFp8:
    case OpKind::HipblasltFp4:
    case OpKind::AiterA4W4:
    case OpKind::AiterA16W16:
    case OpKind::AiterA16W16Atomic:
    case OpKind::AiterA16W16Asm:
    case OpKind::VllmUnquantizedGemm:
    case OpKind::A8W8Blockscale:
    case OpKind::GroupedGemm:
        return LibraryOpCategory::Gemm;
    case OpKind::SdpaFlash:
    case OpKind::SdpaEfficient:
    case OpKind::SdpaCudnn:
    case OpKind::FlashAttnFwd:
    case OpKind::FlashAttnBwd:
    case OpKind::FlashAttnVarlenFwd:
    case OpKind::FlashAttnVarlenBwd:
    case OpKind::FlashAttn3Fwd:
    case OpKind::AiterFlashAttnFwd:
    case OpKind::AiterFlashAttnBwd:
    case OpKind::AiterFmhaV3Fwd:
    case OpKind::AiterFmhaV3Bwd:
    case OpKind::AiterMhaFwd:
    case OpKind::AiterMhaBwd:
    case OpKind::Evoformer:
        return LibraryOpCategory::Attention;
    case OpKind::Conv:
    case OpKind::ConvBwd:
    case OpKind::ConvBias:
    case OpKind::CausalConv1d:
        return LibraryOpCategory::Conv;
    case OpKind::BatchNorm:
    case OpKind::BatchNormBwdNative:
    case OpKind::BatchNormBwdLibrary:
    case OpKind::LayerNorm:
    case OpKind::LayerNormBwd:
    case OpKind::GroupNorm:
    case OpKind::GroupNormBwd:
    case OpKind::InstanceNorm:
    case OpKind::RmsNorm:
    case OpKind::RmsNormBwd:
    case OpKind::AiterRmsNorm:
    case OpKind::AiterRmsNormOut:
    case OpKind::AiterAddRmsNorm:
    case OpKind::AiterRmsNormDynamicQuant:
    case OpKind::AiterRmsNormQuant:
    case OpKind::VllmRmsNormFp8GroupQuant:
    case OpKind::VllmAddRmsNormFp8GroupQuant:
    case OpKind::AddRmsNormPad:
        return LibraryOpCategory::Norm;
    case OpKind::Unary:
    case OpKind::Binary:
    case OpKind::ReplicationPad:
    case OpKind::UpsampleNearest:
    case OpKind::GatedActivation:
    case OpKind::LigerSiluMul:
    case OpKind::FusedRope:
    case OpKind::SglRotaryEmbedding:
        return LibraryOpCategory::Elementwise;
    case OpKind::Reduce:
    case OpKind::ReduceNorm:
    case OpKind::ReduceMinMax:
    case OpKind::CumulativeReduce:
        return LibraryOpCategory::Reduction;
    case OpKind::MoeDispatchCombine:
    case OpKind::CrossEntropy:
    case OpKind::StoreCache:
        break;
    }
    return LibraryOpCategory::Other;
}

QStringList modelledLibraryOps()
{
    QStringList names;
    for (const auto& [name, kind] : sortedOps())
        names << name.toString();
    return names;
}

namespace {

// Figures a row can use: not negative and below 2^63 (exa-scale for one
// call: beyond any real op, so dims that give more are damage); bytes may
// be unknown (NaN).
bool usable(double flops, double bytes)
{
    constexpr double limit = 9.2e18;
    return flops >= 0 && flops < limit && (std::isnan(bytes) || (bytes >= 0 && bytes < limit));
}

std::optional<LibraryOpModel> dispatch(OpKind kind, const OpArgs& opArgs, QString* why);

} // namespace

std::optional<LibraryOpModel> modelLibraryOp(QStringView opName, const TritonOpArgs& args, QString* whyNot)
{
    QString ignored;
    QString* why = whyNot ? whyNot : &ignored;
    const std::optional<OpKind> kind = opKindOf(opName);
    if (!kind) {
        *why = QStringLiteral("no model for %1").arg(opName);
        return std::nullopt;
    }
    if (!args.hasInputDims || !args.hasInputTypes) {
        *why = QStringLiteral("the op has no Input Dims or Input type args (record_shapes was off)");
        return std::nullopt;
    }
    const OpArgs opArgs(args);
    if (!opArgs.damage().isEmpty()) {
        *why = opArgs.damage();
        return std::nullopt;
    }
    auto model = dispatch(*kind, opArgs, why);
    if (model && !usable(model->figures.flops, model->figures.bytes)) {
        *why = QStringLiteral("the op's dims give figures past any real tensor (overflow or negative sizes)");
        return std::nullopt;
    }
    if (model && model->tracelens && !std::isnan(model->tracelens->flops) && !usable(model->tracelens->flops, model->tracelens->bytes))
        model->tracelens->flops = model->tracelens->bytes = std::numeric_limits<double>::quiet_NaN();
    return model;
}

namespace {

std::optional<LibraryOpModel> dispatch(OpKind kind, const OpArgs& opArgs, QString* why)
{
    switch (kind) {
    case OpKind::Mm:
    case OpKind::Addmm:
    case OpKind::Bmm:
    case OpKind::Baddbmm:
    case OpKind::ScaledMm:
        return modelGemm(kind, opArgs, why);
    case OpKind::TeGemmTs:
    case OpKind::Tev2PseudoGemm:
    case OpKind::VllmDynamicQuantGemm:
    case OpKind::HipblasltFp8:
    case OpKind::HipblasltFp4:
    case OpKind::AiterA4W4:
    case OpKind::AiterA16W16:
    case OpKind::AiterA16W16Atomic:
    case OpKind::AiterA16W16Asm:
    case OpKind::VllmUnquantizedGemm:
    case OpKind::A8W8Blockscale:
    case OpKind::GroupedGemm:
        return modelExtensionGemm(kind, opArgs, why);
    case OpKind::SdpaFlash:
    case OpKind::SdpaEfficient:
    case OpKind::SdpaCudnn:
    case OpKind::FlashAttnFwd:
    case OpKind::FlashAttnBwd:
    case OpKind::FlashAttnVarlenFwd:
    case OpKind::FlashAttnVarlenBwd:
    case OpKind::FlashAttn3Fwd:
    case OpKind::AiterFlashAttnFwd:
    case OpKind::AiterFlashAttnBwd:
    case OpKind::AiterFmhaV3Fwd:
    case OpKind::AiterFmhaV3Bwd:
    case OpKind::AiterMhaFwd:
    case OpKind::AiterMhaBwd:
    case OpKind::Evoformer:
        return modelAttention(kind, opArgs, why);
    case OpKind::Conv:
    case OpKind::ConvBwd:
    case OpKind::ConvBias:
    case OpKind::CausalConv1d:
        return modelConvolution(kind, opArgs, why);
    case OpKind::BatchNorm:
    case OpKind::BatchNormBwdNative:
    case OpKind::BatchNormBwdLibrary:
    case OpKind::LayerNorm:
    case OpKind::LayerNormBwd:
    case OpKind::GroupNorm:
    case OpKind::GroupNormBwd:
    case OpKind::InstanceNorm:
        return modelNorm(kind, opArgs, why);
    case OpKind::RmsNorm:
    case OpKind::RmsNormBwd:
    case OpKind::AiterRmsNorm:
    case OpKind::AiterRmsNormOut:
    case OpKind::AiterAddRmsNorm:
    case OpKind::AiterRmsNormDynamicQuant:
    case OpKind::AiterRmsNormQuant:
    case OpKind::VllmRmsNormFp8GroupQuant:
    case OpKind::VllmAddRmsNormFp8GroupQuant:
    case OpKind::AddRmsNormPad:
        return modelRmsNorm(kind, opArgs, why);
    case OpKind::Unary:
    case OpKind::Binary:
    case OpKind::ReplicationPad:
    case OpKind::UpsampleNearest:
    case OpKind::GatedActivation:
    case OpKind::LigerSiluMul:
    case OpKind::FusedRope:
    case OpKind::SglRotaryEmbedding:
        return modelElementwise(kind, opArgs, why);
    case OpKind::Reduce:
    case OpKind::ReduceNorm:
    case OpKind::ReduceMinMax:
    case OpKind::CumulativeReduce:
    case OpKind::MoeDispatchCombine:
    case OpKind::CrossEntropy:
    case OpKind::StoreCache:
        return modelReductionOrOther(kind, opArgs, why);
    }
    *why = QStringLiteral("no model for this op kind");
    return std::nullopt;
}

} // namespace
} // namespace Ridgeline