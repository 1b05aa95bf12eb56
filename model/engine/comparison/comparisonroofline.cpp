#include "engine/comparison/comparisonroofline.h"

#include "engine/roofline/roofline.h"

namespace Ridgeline {

std::vector<RooflineArrow> comparisonArrows(
    const TraceComparison& comparison, const PeakFigures& baselinePeaks, const PeakFigures& candidatePeaks)
{
    std::vector<RooflineArrow> arrows;
    for (const KernelMatch& match : comparison.matching.matches) {
        const KernelRow* base = comparison.baselineRow(match);
        const KernelRow* cand = comparison.candidateRow(match);
        if (!base || !cand)
            continue;
        const auto from = placeKernel(*base, baselinePeaks);
        const auto to = placeKernel(*cand, candidatePeaks);
        if (!from || !to || !(from->intensity > 0) || !(from->achievedTflops > 0) || !(to->intensity > 0) || !(to->achievedTflops > 0))
            continue;
        arrows.push_back({ match.candidate, base->name, from->intensity, from->achievedTflops, to->intensity, to->achievedTflops });
    }
    return arrows;
}

} // namespace Ridgeline
