// Stage launch/: how a Triton kernel was launched against the GPU.
// The compute units a launch's programs spread over (SMs on NVIDIA, CUs on
// AMD) and the waves they make: the trace's own deviceProperties numSms
// first (the GPU it ran on), else the GPU catalogue's compute_units for the
// judged GPU, each with its source. 16 programs on 304 CUs are 0.05 waves:
// 95 % of the GPU idle while the kernel runs.
#pragma once

#include "engine/launch/launchfacts.h"

#include <QString>
#include <optional>

namespace Ridgeline {

// Sets the compute units where `facts` has none yet, and the waves where
// it has programs. Units under 1 are none.
void fillComputeUnits(LaunchFacts& facts, std::optional<int> units, const QString& source);

// The trace's deviceProperties figure, as a source.
QString traceComputeUnitsSource();

} // namespace Ridgeline
