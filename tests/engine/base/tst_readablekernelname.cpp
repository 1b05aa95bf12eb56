// Kernel names as people read them: the guarded demangler on names written
// by hand and checked with c++filt, the exponential name it refuses (with
// a short name read from the mangling), CK's and CUTLASS's names shortened
// without the demangler, C++ signatures as the profiler writes them, and
// Tensile's macro tile. The short names keep the one template arg that
// tells a template's instances apart (xDiT has eleven instances of
// vectorized_elementwise_kernel).
#include "engine/base/names/boundeddemangle.h"
#include "engine/base/names/readablekernelname.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// f(A<int, int>, A<A<int, int>, A<int, int> >, ...): parameter k is A of
// two copies of parameter k-1, each a back-reference, so the demangled
// text doubles with each level (2^levels) while the mangling grows by ~10
// bytes. At 24 levels the GNU demangler writes 285 MB.
std::string exponentialMangling(int levels)
{
    const auto seq = [](int n) { // the substitution index n (>= 1) in base 36: S<n-1>_
        std::string digits;
        for (int v = n - 1; digits.empty() || v > 0; v /= 36)
            digits.insert(digits.begin(), "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[v % 36]);
        return "S" + digits + "_";
    };
    std::string name = "_Z1f1AIiiE"; // candidates: A (S_), A<int, int> (S0_)
    for (int k = 1; k <= levels; ++k)
        name += "S_I" + seq(k) + seq(k) + "E";
    return name;
}

} // namespace

TEST(BoundedDemangle, DemanglesAnAiterKernelAsCxxfiltDoes)
{
    const auto text = demangleBounded("_ZN5aiter24add_rmsnorm_quant_kernelIN3c108BFloat16ELi256EEEvPT_PKS3_fi");
    ASSERT_TRUE(text);
    EXPECT_EQ(*text, "void aiter::add_rmsnorm_quant_kernel<c10::BFloat16, 256>(c10::BFloat16*, c10::BFloat16 const*, float, int)");
    const ReadableKernelName readable = readableKernelName(u"_ZN5aiter24add_rmsnorm_quant_kernelIN3c108BFloat16ELi256EEEvPT_PKS3_fi");
    EXPECT_TRUE(readable.demangled);
    EXPECT_EQ(readable.shortName, QStringLiteral("aiter::add_rmsnorm_quant_kernel<…>"));
    EXPECT_EQ(readable.fullName, QString::fromStdString(*text));
}

TEST(BoundedDemangle, ThreeLevelsOfSubstitutionsStayWithinTheBound)
{
    // c++filt: f(A<int, int>, A<A<int, int>, A<int, int> >, A<A<A<int, int>, ...> > >)
    const std::string name = exponentialMangling(2);
    EXPECT_EQ(name, "_Z1f1AIiiES_IS0_S0_ES_IS1_S1_E");
    const auto text = demangleBounded(name);
    ASSERT_TRUE(text);
    EXPECT_EQ(*text, "f(A<int, int>, A<A<int, int>, A<int, int> >, A<A<A<int, int>, A<int, int> >, A<A<int, int>, A<int, int> > >)");
    EXPECT_LE(text->size(), demangledSizeBound(name) * maxCodeExpansion);
}

TEST(BoundedDemangle, RefusesTheExponentialNameAndReadsItsShortName)
{
    const std::string name = exponentialMangling(24);
    EXPECT_LT(name.size(), 300u);
    // Each back-reference doubles the bound: 24 levels are far past the cap,
    // and the scan stops counting once past it.
    EXPECT_GT(demangledSizeBound(name), maxDemangledBound);
    EXPECT_FALSE(demangleBounded(name));
    const ReadableKernelName readable = readableKernelName(QString::fromStdString(name));
    EXPECT_FALSE(readable.demangled);
    EXPECT_EQ(readable.shortName, QStringLiteral("f"));
    EXPECT_EQ(readable.fullName, QString::fromStdString(name)); // the tooltip shows the mangling itself
}

TEST(BoundedDemangle, RefusesWhatIsNoManglingOrTooLongOrTooDeep)
{
    EXPECT_FALSE(demangleBounded(""));
    EXPECT_FALSE(demangleBounded("_Z"));
    EXPECT_FALSE(demangleBounded("triton_poi_fused_add_0"));
    EXPECT_FALSE(demangleBounded(std::string_view("_Z1f\0i", 6))); // an embedded NUL
    EXPECT_FALSE(demangleBounded("_Z1fPPPPx" + std::string(maxMangledLength, 'i')));
    // 300 pointer levels: within the length cap, past the nesting cap.
    EXPECT_FALSE(demangleBounded("_Z1f" + std::string(300, 'P') + "i"));
    EXPECT_TRUE(demangleBounded("_Z1f" + std::string(20, 'P') + "i"));
    // Rejected by the demangler itself: a source name longer than the rest.
    EXPECT_FALSE(demangleBounded("_Z9f"));
}

TEST(BoundedDemangle, ADemangledNameWithoutScopeIsCutToItsNameToo)
{
    // Found by fuzz_demangle: f(__float128, __float128, ...) holds no "::"
    // or '<', and its short name was the whole signature.
    const QString name = QStringLiteral("_Z1g") + QString(45, u'g');
    const ReadableKernelName readable = readableKernelName(name);
    ASSERT_TRUE(readable.demangled);
    EXPECT_TRUE(readable.fullName.startsWith(QStringLiteral("g(__float128, __float128"))) << qPrintable(readable.fullName);
    EXPECT_EQ(readable.shortName, QStringLiteral("g"));
}

TEST(NameFromMangling, ReadsTheNestedNameUpToItsTemplateArgs)
{
    // xDiT's CK grouped convolution (GNU's demangler rejects the whole name), its opening.
    EXPECT_EQ(nameFromMangling("_ZN2ck16tensor_operation6device12_GLOBAL__N_139kernel_grouped_conv_fwd_xdl_cshuffle_v3INS_34Gridwise"),
        "ck::tensor_operation::device::kernel_grouped_conv_fwd_xdl_cshuffle_v3<…>");
    // Wings236's cuDNN CUTLASS kernel.
    EXPECT_EQ(nameFromMangling("_ZN17cutlass__5x_cudnn6KernelINS_4conv6kernel23ImplicitGemmConvolutionE"), "cutlass__5x_cudnn::Kernel<…>");
    EXPECT_EQ(nameFromMangling("_ZNSt6vector4sizeEv"), "std::vector::size");
    EXPECT_EQ(nameFromMangling("_ZL6kernelPf"), "kernel");
    EXPECT_FALSE(nameFromMangling("_ZN99abc")); // a length past the end
    EXPECT_FALSE(nameFromMangling("_ZNS_3fooE")); // opens with a substitution
    EXPECT_FALSE(nameFromMangling("attn_fwd"));
}

TEST(ShortSignature, CutsTheProfilersSignaturesToTheirQualifiedName)
{
    // As xDiT's trace writes them.
    EXPECT_EQ(shortSignature(u"void at::native::vectorized_elementwise_kernel<8, at::native::CUDAFunctor_add<c10::BFloat16>, "
                             u"std::array<char*, 3ul> >(int, at::native::CUDAFunctor_add<c10::BFloat16>, std::array<char*, 3ul>)"),
        QStringLiteral("at::native::vectorized_elementwise_kernel<CUDAFunctor_add, …>"));
    EXPECT_EQ(shortSignature(u"void (anonymous namespace)::softmax_warp_forward<float, float, float, 8, false, false>(float*, float "
                             u"const*, int, int, int, bool const*, int, bool)"),
        QStringLiteral("softmax_warp_forward<…>"));
    EXPECT_EQ(shortSignature(u"void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float, false>(int)"),
        QStringLiteral("at::native::vectorized_layer_norm_kernel<…>"));
    EXPECT_EQ(shortSignature(u"void at::native::vectorized_elementwise_kernel<4, at::native::rsqrt_kernel_cuda(at::TensorIteratorBase&)::"
                             u"{lambda()#2}::operator()() const::{lambda(float)#1}, std::array<char*, 2ul> >(int)"),
        QStringLiteral("at::native::vectorized_elementwise_kernel<rsqrt_kernel_cuda, …>"));
    // Args of c10:: and std:: say only the dtype: no hint from them.
    EXPECT_EQ(shortSignature(u"void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<int>, std::array<char*, 1ul> >"
                             u"(int, at::native::FillFunctor<int>, std::array<char*, 1ul>)"),
        QStringLiteral("at::native::vectorized_elementwise_kernel<FillFunctor, …>"));
    EXPECT_EQ(shortSignature(u"void Foo::operator()(int)"), QStringLiteral("Foo::operator()"));
    // Plain names stay as they are.
    EXPECT_EQ(shortSignature(u"Memcpy DtoD (Device -> Device)"), QStringLiteral("Memcpy DtoD (Device -> Device)"));
    EXPECT_EQ(shortSignature(u"attn_fwd"), QStringLiteral("attn_fwd"));
    // An unclosed template: the name up to it, nothing read past the end.
    EXPECT_EQ(shortSignature(u"void ns::f<int, (3"), QStringLiteral("ns::f<…>"));
}

TEST(ShortSignature, ElidesAVeryLongQualifiedNameInTheMiddle)
{
    const QString longName = QStringLiteral("ns::") + QString(400, u'a') + QStringLiteral("::kernel<int>(int)");
    const QString shortName = shortSignature(longName);
    EXPECT_EQ(shortName.size(), maxShortNameLength - 1);
    EXPECT_TRUE(shortName.startsWith(QStringLiteral("ns::aaa")));
    EXPECT_TRUE(shortName.endsWith(QStringLiteral("::kernel<…>")));
}

TEST(TensileShortName, NamesTheMacroTile)
{
    EXPECT_EQ(tensileShortName(u"Cijk_Ailk_Bljk_BBS_BH_MT256x112x32_MI16x16x16x1_SN_1LDSB0_APM1_AF0EM1_AF1EM1_AMAS3_ASE_ASGT"),
        QStringLiteral("Cijk_Ailk_Bljk_BBS_BH… MT 256x112x32"));
    EXPECT_EQ(tensileShortName(u"Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT320x224x64_MI16x16x1_SN_LDSB0_AFC1"),
        QStringLiteral("Cijk_Alik_Bljk_BBS_BH… MT 320x224x64"));
    EXPECT_EQ(readableKernelName(u"Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV_UserArgs_MT320x224x64_MI16x16x1").shortName,
        QStringLiteral("Cijk_Alik_Bljk_BBS_BH… MT 320x224x64"));
    EXPECT_TRUE(tensileShortName(u"Cijk_Ailk_Bljk_no_tile").isEmpty());
    EXPECT_TRUE(tensileShortName(u"igemm_fwd_gtcx3_nhwc_bf16_bx0_ex1_bt128x256x32").isEmpty());
}
