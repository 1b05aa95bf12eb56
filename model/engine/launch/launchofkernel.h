// Stage launch/: how a Triton kernel was launched against the GPU.
// One kernel row's launch facts from what the trace and the source say:
// the launch op's args, the GPU event's grid and block (its first call's),
// the row's numels and the kernel's source where the cache gave one.
#pragma once

#include "engine/input/records/launchshapes.h"
#include "engine/input/tritonopargs.h"
#include "engine/launch/launchfacts.h"
#include "engine/perfmodel/kernelmodel.h"
#include "engine/triton/kernelcategory.h"

#include <QStringView>
#include <optional>

namespace Ridgeline {

struct LaunchInput
{
    const KernelModel* model = nullptr; // never null
    KernelCategory category = KernelCategory::Pointwise;
    const TritonOpArgs* args = nullptr; // null for a kernel without its op
    const LaunchShape* shape = nullptr; // null where the GPU event had no grid and block
    QStringView source; // the kernel's Triton source; empty where none was found
    std::optional<int> traceComputeUnits; // deviceProperties numSms
};

// nullopt where the trace says nothing of the launch (no args of it, no
// grid): a row without a launch is no row with an unknown one.
std::optional<LaunchFacts> launchOfKernel(const LaunchInput& input);

} // namespace Ridgeline
