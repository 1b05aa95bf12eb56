// Stage base/: a GPU kernel's name as people read it.
// A mangled C++ name demangled (behind boundeddemangle.h's guard), a C++
// signature cut to its qualified name with the template args elided
// ("void aiter::add_rmsnorm_quant_kernel<...>(...)" ->
// "aiter::add_rmsnorm_quant_kernel<…>"), a Tensile GEMM named by its macro
// tile; anything else as it is. Linear in the name.
#pragma once

#include <QString>
#include <QStringView>

namespace Ridgeline {

struct ReadableKernelName
{
    QString shortName; // for a table cell or a timeline box
    QString fullName; // for a tooltip: the demangled name, or the name itself
    bool demangled = false; // fullName came from the demangler
};

ReadableKernelName readableKernelName(QStringView name);

// "void ns::f<int, 3>(float*, int)" -> "ns::f<…>": the qualified name before
// the top-level parameter list, template args elided but for the one that
// tells a template's instances apart ("at::native::vectorized_elementwise_
// kernel<CUDAFunctor_add, …>"), anonymous namespaces left out; the text
// itself when it holds no "::" or '<' (a plain name, "Memcpy DtoD (Device
// -> Device)").
QString shortSignature(QStringView signature);

// "Cijk_Alik_Bljk_BBS_BH_Bias_..._MT256x112x32_MI16x16x1_..." ->
// "Cijk_Alik_Bljk_BBS_BH… MT 256x112x32"; empty for another name.
QString tensileShortName(QStringView name);

constexpr qsizetype maxShortNameLength = 160; // longer: elided in the middle

} // namespace Ridgeline
