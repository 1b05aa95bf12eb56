#include "engine/perfmodel/kernelkinds/inductorestimate.h"

#include "engine/kernelsource/sourcefacts.h"

#include <cmath>

namespace Ridgeline {
namespace {

// Inductor writes GB as a decimal with up to 9 places (0.006291456): its
// double times 1e9 is the byte count within far less than half a byte.
std::int64_t bytesOfGb(double gb)
{
    return std::llround(gb * 1e9);
}

} // namespace

std::optional<InductorEstimate> inductorEstimate(const TritonOpArgs* args, const WrapperKernel* block)
{
    InductorEstimate estimate;
    if (args && (args->inductorNumGb || args->inductorFlop)) {
        if (args->inductorNumGb)
            estimate.bytes = bytesOfGb(*args->inductorNumGb);
        estimate.flops = args->inductorFlop;
        estimate.source = QStringLiteral("the trace event's args (kernel_num_gb, kernel_flop)");
        return estimate;
    }
    if (!block)
        return std::nullopt;
    const TritonSourceFacts facts = readTritonSourceFacts(block->source);
    if (!facts.inductorNumGb && !facts.inductorFlop)
        return std::nullopt;
    if (facts.inductorNumGb)
        estimate.bytes = bytesOfGb(*facts.inductorNumGb);
    estimate.flops = facts.inductorFlop;
    estimate.source = QStringLiteral("inductor_meta of the cache's block (%1, line %2)").arg(block->wrapperFile).arg(block->line);
    return estimate;
}

std::optional<double> differencePercent(std::optional<double> ridgeline, std::optional<double> inductor)
{
    if (!ridgeline || !inductor || *inductor == 0)
        return std::nullopt;
    return (*ridgeline - *inductor) / *inductor * 100.0;
}

} // namespace Ridgeline
