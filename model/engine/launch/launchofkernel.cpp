#include "engine/launch/launchofkernel.h"

#include "engine/kernelsource/sourcefacts.h"
#include "engine/launch/blocksizes.h"
#include "engine/launch/computeunits.h"
#include "engine/launch/laneshare.h"
#include "engine/launch/launchnumels.h"
#include "engine/launch/programcount.h"

namespace Ridgeline {
namespace {

// Kinds whose launch is ceil(numel / block) programs; a template's grid
// follows its tiles, a foreach's its sub-kernels, a user kernel its author.
bool tiledByNumels(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Pointwise:
    case KernelCategory::Reduction:
    case KernelCategory::PersistentReduction:
    case KernelCategory::Generic:
    case KernelCategory::Other:
        return true;
    default:
        return false;
    }
}

std::array<std::int64_t, 3> dims(const std::int64_t values[3])
{
    return { values[0], values[1], values[2] };
}

} // namespace

std::optional<LaunchFacts> launchOfKernel(const LaunchInput& input)
{
    const TritonOpArgs* args = input.args;
    const bool argsSay = args && (args->numWarps || args->numStages || !args->kernelKwargs.isEmpty());
    if (!argsSay && !input.shape)
        return std::nullopt;
    LaunchFacts facts;
    if (args) {
        facts.numWarps = args->numWarps;
        facts.numStages = args->numStages;
        facts.kwargs = args->kernelKwargs;
    }
    if (const LaunchShape* shape = input.shape) {
        facts.grid = dims(shape->grid);
        facts.block = dims(shape->block);
        facts.blocksPerSm = shape->blocksPerSm;
        facts.registersPerThread = shape->registersPerThread;
        facts.sharedMemory = shape->sharedMemory;
        facts.estAchievedOccupancyPercent = shape->estAchievedOccupancyPercent;
    }

    std::optional<TritonSourceFacts> sourceFacts;
    if (!input.source.isEmpty())
        sourceFacts = readTritonSourceFacts(input.source);
    const TritonSourceFacts* statedFacts = sourceFacts ? &*sourceFacts : nullptr;
    const bool tiled = tiledByNumels(input.category);
    const BlockSizes blocks = tiled ? readBlockSizes(facts.kwargs, statedFacts) : BlockSizes {};
    const LaunchNumels numels = readLaunchNumels({ input.model, input.category, args, statedFacts, blocks.y.has_value() });

    const ProgramCount count = countPrograms(programsFromNumels(numels, blocks), input.shape);
    facts.programs = count.programs;
    facts.programsSource = count.source;
    facts.programsApproximate = count.approximate;
    facts.gridCounts = count.gridCounts;
    facts.note = count.note;
    if (tiled) {
        if (const auto lanes = activeLaneShare(numels, blocks, input.category)) {
            facts.activeLaneShare = lanes->share;
            facts.activeLaneShareSource = lanes->source;
        }
    }
    fillComputeUnits(facts, input.traceComputeUnits, traceComputeUnitsSource());
    return facts;
}

} // namespace Ridgeline
