// Stage launch/: how a Triton kernel was launched against the GPU.
// A kernel's launch as the trace and its source say it: the launch op's
// num_warps, num_stages and kernel_kwargs, the GPU event's grid and block
// (and on NVIDIA CUPTI's occupancy figures), the programs it ran, the waves
// they make on the GPU's compute units and the share of its lanes that did
// work. Each derived figure keeps where it came from; nullopt where unknown.
#pragma once

#include <QString>
#include <array>
#include <cstdint>
#include <optional>

namespace Ridgeline {

// What the GPU event's grid counts: thread blocks (CUDA, HIP's
// hipModuleLaunchKernel), or work-items (some ROCm launches write the
// global size: programs x block).
enum class GridCounts
{
    Blocks,
    WorkItems,
};
QString gridCountsKey(GridCounts counts); // "blocks", "work_items"

struct LaunchFacts
{
    // The launch op's args (PyTorch 2.11's informational args).
    std::optional<int> numWarps;
    std::optional<int> numStages;
    QString kwargs; // kernel_kwargs as recorded: "XBLOCK=1,R0_BLOCK=1024"

    // The GPU event's, of the row's first call with one.
    std::optional<std::array<std::int64_t, 3>> grid;
    std::optional<std::array<std::int64_t, 3>> block;
    std::optional<GridCounts> gridCounts;

    std::optional<std::int64_t> programs; // Triton programs (thread blocks) the launch ran
    QString programsSource; // "grid [19456, 1, 1] in blocks (= ceil(xnumel 79691776 / XBLOCK 4096))"
    bool programsApproximate = false; // from size_hints (rounded up to powers of two), not the numels
    QString note; // where the grid and the numels disagree

    std::optional<int> computeUnits; // SMs (NVIDIA) or CUs (AMD)
    QString computeUnitsSource; // "the trace's deviceProperties numSms", "the GPU catalogue: ..."
    std::optional<double> waves; // programs / compute units

    std::optional<double> activeLaneShare; // 0..1: lanes inside the numels over the lanes launched
    QString activeLaneShareSource; // "r0_numel 576 in R0_BLOCK 1024"

    // NVIDIA's kernel events only (CUPTI).
    std::optional<double> blocksPerSm;
    std::optional<std::int64_t> registersPerThread;
    std::optional<std::int64_t> sharedMemory; // bytes
    std::optional<double> estAchievedOccupancyPercent;
};

} // namespace Ridgeline
