// Stage results/: calls grouped into unique kernel rows.
// The trace's whole GPU time by kind of work, so that the Triton share is
// seen in context: Triton kernels by category, GEMM libraries, attention,
// collective communication, memcpy, memset and the rest. Told apart by the
// GPU kernel's name (and memcpy/memset by their event category).
#pragma once

#include "engine/triton/kernelcategory.h"

#include <QString>
#include <cstdint>
#include <map>
#include <vector>

namespace Ridgeline {

struct RawTrace;

enum class GpuWork : std::uint8_t // one byte: a row keeps it beside its kind
{
    Triton,
    Gemm,
    Attention,
    Communication,
    Memcpy,
    Memset,
    Other
};

QString gpuWorkKey(GpuWork work); // "triton", "gemm", "attention", "communication", "memcpy", "memset", "other"
QString gpuWorkTitle(GpuWork work); // "Triton", "GEMM", ...
// What a non-Triton GPU kernel's name says it does: Gemm, Attention,
// Communication or Other (hipBLASLt/Tensile Cijk_, cuBLAS, CUTLASS, CK;
// flash/fmha/paged attention; NCCL/RCCL collectives).
GpuWork libraryKernelWork(QStringView name);

struct GpuTimeBreakdown
{
    std::map<GpuWork, double> us; // busy time summed over events, per kind of work
    std::map<KernelCategory, double> tritonUs; // Triton's part by category
    double totalUs() const; // kernels, memcpy and memset
    double share(GpuWork work) const; // of totalUs, 0 when there is none
};

// What a GPU event name stands for: its kind of work and, for Triton
// kernels, their category.
struct GpuNameKind
{
    GpuWork work = GpuWork::Other;
    KernelCategory category = KernelCategory::Other;
};
// One decision per distinct name (a trace repeats a few thousand names), by
// id into gpuEventNames. `userTritonNames`: GPU kernel names that ops marked
// kernel_backend "triton" launched under names of their own: Triton work of
// the category User, whatever the name says.
std::vector<GpuNameKind> classifyGpuEventNames(const RawTrace& trace, const std::vector<std::uint32_t>& userTritonNames = {});

GpuTimeBreakdown breakDownGpuTime(const RawTrace& trace, const std::vector<GpuNameKind>& kinds);
GpuTimeBreakdown breakDownGpuTime(const RawTrace& trace, const std::vector<std::uint32_t>& userTritonNames = {});

} // namespace Ridgeline
