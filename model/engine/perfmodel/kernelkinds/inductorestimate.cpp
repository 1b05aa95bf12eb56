#include "engine/perfmodel/kernelkinds/inductorestimate.h"

#include "engine/perfmodel/kernelkinds/sourcefacts.h"

namespace Ridgeline {

std::optional<InductorEstimate> inductorEstimate(const TritonOpArgs* args, const WrapperKernel* block)
{
    InductorEstimate estimate;
    if (args && (args->inductorNumGb || args->inductorFlop)) {
        if (args->inductorNumGb)
            estimate.bytes = *args->inductorNumGb * 1e9;
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
        estimate.bytes = *facts.inductorNumGb * 1e9;
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
