// Stage findings/: what to change in a Triton kernel, from its launch and its source's anatomy.
// All findings of one Triton row, in one order: the launch's (under-filled,
// padding), then the source's by pointer (index bytes, transposed reads),
// then the bytes' disagreement. Run where the rows are built; the lens adds
// under_filled where only its GPU's catalogue knows the compute units.
#pragma once

#include "engine/findings/kernelfinding.h"
#include "engine/kernelsource/kernelanatomy.h"
#include "engine/launch/launchfacts.h"
#include "engine/perfmodel/kernelmodel.h"

namespace Ridgeline {

struct FindingInput
{
    const LaunchFacts* launch = nullptr; // null: no launch facts
    const KernelAnatomy* anatomy = nullptr; // null: no source read
    const KernelModel* model = nullptr; // null: no model
    QString gpuName; // the trace's GPU: names its compute units ("CUs", "SMs")
};

KernelFindings findKernelFindings(const FindingInput& input);

// The row's anatomy where its source was found and read; null otherwise.
const KernelAnatomy* anatomyOf(const KernelModel& model);

} // namespace Ridgeline
