#include "engine/findings/kernelfindings.h"

#include "engine/findings/bytesdisagree.h"
#include "engine/findings/indexbytes.h"
#include "engine/findings/padding.h"
#include "engine/findings/transposedread.h"
#include "engine/findings/underfilled.h"

namespace Ridgeline {

const KernelAnatomy* anatomyOf(const KernelModel& model)
{
    if (!model.source || !model.source->source.anatomy)
        return nullptr;
    return &*model.source->source.anatomy;
}

KernelFindings findKernelFindings(const FindingInput& input)
{
    KernelFindings findings;
    const auto add = [&](std::optional<KernelFinding> finding) {
        if (finding)
            findings.push_back(std::move(*finding));
    };
    const auto addAll = [&](KernelFindings more) {
        for (KernelFinding& finding : more)
            findings.push_back(std::move(finding));
    };
    if (input.launch) {
        add(underFilledFinding(*input.launch, input.gpuName));
        add(paddingFinding(*input.launch));
    }
    if (input.anatomy) {
        addAll(indexBytesFindings(*input.anatomy));
        addAll(transposedReadFindings(*input.anatomy));
        if (input.model)
            add(bytesDisagreeFinding(*input.anatomy, *input.model));
    }
    return findings;
}

} // namespace Ridgeline
