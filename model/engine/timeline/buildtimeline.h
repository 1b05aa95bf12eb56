// Stage timeline/: every GPU event of a trace over time, for the timeline.
// Builds a trace's timeline from what the reader kept and the rows the
// analysis made of it.
#pragma once

#include "engine/input/rawtrace.h"
#include "engine/results/kernelrow.h"
#include "engine/timeline/timeline.h"

#include <memory>
#include <optional>
#include <vector>

namespace Ridgeline {

struct TimelineInputs
{
    const RawTrace* trace = nullptr;
    // Per GPU event: its row in AnalysisResult::rows (the Triton rows,
    // then the library-op rows: rowOfGpuEvent), -1 for none.
    const std::vector<std::int32_t>* rowOfEvent = nullptr;
    const std::vector<KernelRow>* libraryRows = nullptr; // one per GPU event name no row holds
    const std::vector<GpuNameKind>* nameKinds = nullptr;  // per GPU event name id
    // Where time 0 lies in the trace's clock; nullopt: the first GPU event's
    // start (a range keeps the whole trace's, see restrictToRange).
    std::optional<double> originUs;
    // The rows rowOfEvent points at, in that order: they name the boxes and
    // say a library op's kind of work (null: unnamed Triton rows, no library ops).
    const std::vector<KernelRow>* tritonRows = nullptr;
    const std::vector<KernelRow>* libraryOpRows = nullptr;
};

std::shared_ptr<const Timeline> buildTimeline(const TimelineInputs& inputs);

} // namespace Ridgeline
