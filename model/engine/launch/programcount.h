// Stage launch/: how a Triton kernel was launched against the GPU.
// The programs a launch ran: ceil(xnumel / XBLOCK) (times ceil(ynumel /
// YBLOCK) for a 2-D tiled kernel) from the numels and block sizes, checked
// against the GPU event's grid. The grid is the measurement: where it equals
// the programs it counts blocks; where it equals programs x block it counts
// work-items (some ROCm launches), and the programs are read from it so.
#pragma once

#include "engine/input/records/launchshapes.h"
#include "engine/launch/blocksizes.h"
#include "engine/launch/launchfacts.h"
#include "engine/launch/launchnumels.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace Ridgeline {

struct ProgramCount
{
    std::optional<std::int64_t> programs;
    QString source;
    bool approximate = false;
    std::optional<GridCounts> gridCounts; // set where a grid was recorded
    QString note; // the grid and the numels disagree
};

// ceil(xnumel / XBLOCK) [x ceil(ynumel / YBLOCK)] with its derivation;
// nullopt where a numel or block size is unknown, or the count overflows.
std::optional<ProgramCount> programsFromNumels(const LaunchNumels& numels, const BlockSizes& blocks);

// `fromNumels` may be nullopt, `shape` null (no grid recorded).
ProgramCount countPrograms(const std::optional<ProgramCount>& fromNumels, const LaunchShape* shape);

} // namespace Ridgeline
