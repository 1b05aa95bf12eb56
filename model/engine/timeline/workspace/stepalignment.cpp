#include "engine/timeline/workspace/stepalignment.h"

#include "engine/timeline/timeline.h"

namespace Ridgeline {

namespace {

double firstLaneStepNs(const Timeline& timeline)
{
    for (TimelineLaneKind kind : { TimelineLaneKind::Steps, TimelineLaneKind::ExecuteRanges, TimelineLaneKind::GraphLaunches }) {
        for (const TimelineLane& lane : timeline.lanes) {
            if (lane.kind == kind && !lane.events.empty())
                return double(lane.events.startNs(0));
        }
    }
    return 0;
}

} // namespace

double firstStepNs(const AnalysisResult& result, StepKind kind)
{
    if (const StepFigures* steps = result.activity.stepsOf(kind); steps && steps->firstStartUs)
        return *steps->firstStartUs * 1000.0 - double(result.timeline->originNs);
    return firstLaneStepNs(*result.timeline);
}

} // namespace Ridgeline
