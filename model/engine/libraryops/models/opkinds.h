// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
// Which model each op name takes, and the model families (one file each)
// that libraryopmodel.cpp dispatches to.
#pragma once

#include "engine/libraryops/models/libraryopmodel.h"

namespace Ridgeline {

class OpArgs;

enum class OpKind
{
    // GEMM (gemmmodels.cpp, extensiongemmmodels.cpp)
    Mm,
    Addmm,
    Bmm,
    Baddbmm,
    ScaledMm,
    TeGemmTs,
    Tev2PseudoGemm,
    VllmDynamicQuantGemm,
    HipblasltFp8,
    HipblasltFp4,
    AiterA4W4,
    AiterA16W16,
    AiterA16W16Atomic,
    AiterA16W16Asm,
    VllmUnquantizedGemm,
    A8W8Blockscale,
    GroupedGemm,
    // Attention (attentionmodels.cpp)
    SdpaFlash,
    SdpaEfficient,
    SdpaCudnn,
    FlashAttnFwd,
    FlashAttnBwd,
    FlashAttnVarlenFwd,
    FlashAttnVarlenBwd,
    FlashAttn3Fwd,
    AiterFlashAttnFwd,
    AiterFlashAttnBwd,
    AiterFmhaV3Fwd,
    AiterFmhaV3Bwd,
    AiterMhaFwd,
    AiterMhaBwd,
    Evoformer,
    // Convolution (convmodels.cpp)
    Conv,
    ConvBwd,
    ConvBias,
    CausalConv1d,
    // Norms (normmodels.cpp, rmsnormmodels.cpp)
    BatchNorm,
    BatchNormBwdNative,
    BatchNormBwdLibrary,
    LayerNorm,
    LayerNormBwd,
    GroupNorm,
    GroupNormBwd,
    InstanceNorm,
    RmsNorm,
    RmsNormBwd,
    AiterRmsNorm,
    AiterRmsNormOut,
    AiterAddRmsNorm,
    AiterRmsNormDynamicQuant,
    AiterRmsNormQuant,
    VllmRmsNormFp8GroupQuant,
    VllmAddRmsNormFp8GroupQuant,
    AddRmsNormPad,
    // Elementwise (elementwisemodels.cpp)
    Unary,
    Binary,
    ReplicationPad,
    UpsampleNearest,
    GatedActivation,
    LigerSiluMul,
    FusedRope,
    SglRotaryEmbedding,
    // Reductions and the rest (reductionmodels.cpp)
    Reduce,
    ReduceNorm,
    ReduceMinMax,
    CumulativeReduce,
    MoeDispatchCombine,
    CrossEntropy,
    StoreCache,
};

std::optional<OpKind> opKindOf(QStringView opName);

// Each family returns nullopt with *whyNot set when the args do not fit.
// whyNot is never null here.
std::optional<LibraryOpModel> modelGemm(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelExtensionGemm(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelAttention(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelConvolution(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelNorm(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelRmsNorm(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelElementwise(OpKind kind, const OpArgs& args, QString* whyNot);
std::optional<LibraryOpModel> modelReductionOrOther(OpKind kind, const OpArgs& args, QString* whyNot);

} // namespace Ridgeline
