// Stage triton/: what a Triton kernel name says.
// Inductor's Triton kernel categories, read from the kernel name's prefix.
#pragma once

#include <QString>
#include <cstdint>

namespace Ridgeline {

enum class KernelCategory : std::uint8_t // one byte: KernelName packs it with its flags
{
    Pointwise, // triton_poi_
    Reduction, // triton_red_
    PersistentReduction, // triton_per_
    Template, // triton_tem_
    Foreach, // triton_for_
    SplitScan, // triton_spl_
    Generic, // triton_N (unique kernel names off)
    Other, // any other triton_ name
    User, // a user-written Triton kernel (torch.library, user_autotune): any name, kernel_backend "triton"
    Library, // no Triton kernel: a GPU kernel of a library (GEMM, attention, ...), time only
};

// Short name as used in exports and filters: "poi", "red", ... "generic".
QString categoryKey(KernelCategory category);
// Human name: "pointwise", "reduction", ...
QString categoryTitle(KernelCategory category);
// Whether TraceLens's Triton perf model covers the category (poi, red, per).
// Ridgeline models every category from V2 args; for the others its rules
// are its own and the `tracelens` view says "not modelled".
bool traceLensModels(KernelCategory category);
bool isReduction(KernelCategory category);
// Why TraceLens has no figures for a category it does not cover.
QString whyTraceLensDoesNotModel(KernelCategory category);

} // namespace Ridgeline
