// Folder timeline/: the timeline pane, its drawing and its export.
// A box's tool tip on the timeline: its name, length, start and lane; a
// Triton call's share of its attainable time and limiter; an op's kind of
// work; what a double-click on a step does. Rich text, names escaped.
// `fullName`: the row's whole (demangled) name where the box shows a short
// one ("aiter::add_rmsnorm_quant_kernel<…>"); empty where there is none.
#pragma once

#include "engine/timebudget/attainabletime.h"
#include "timeline/timelinepainter.h"

#include <QString>
#include <cstdint>
#include <vector>

namespace Ridgeline {

QString timelineToolTip(const TimelineScene& scene, const std::vector<KernelTimeFigures>& figures, std::uint32_t lane, std::uint32_t event,
    const QString& fullName = {});

} // namespace Ridgeline
