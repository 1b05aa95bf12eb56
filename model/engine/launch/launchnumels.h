// Stage launch/: how a Triton kernel was launched against the GPU.
// The numels a launch's programs cover: xnumel (and a 2-D tiled kernel's
// ynumel) and r0_numel, from the row's figures (V2 args, a V1 block's
// stated numels), else the source's "xnumel = N" lines, else size_hints
// (rounded up to powers of two: flagged approximate).
#pragma once

#include "engine/input/tritonopargs.h"
#include "engine/kernelsource/sourcefacts.h"
#include "engine/perfmodel/kernelmodel.h"
#include "engine/triton/kernelcategory.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace Ridgeline {

struct LaunchNumel
{
    std::int64_t value = 0;
    QString source;
    bool approximate = false; // size_hints: the numel rounded up to a power of two
};

struct LaunchNumels
{
    std::optional<LaunchNumel> x, y, r0;
};

struct NumelInput
{
    const KernelModel* model = nullptr; // never null
    KernelCategory category = KernelCategory::Pointwise;
    const TritonOpArgs* args = nullptr; // may be null
    const TritonSourceFacts* facts = nullptr; // may be null: no source
    bool tiledY = false; // the launch has a YBLOCK: ynumel is wanted
};

LaunchNumels readLaunchNumels(const NumelInput& input);

} // namespace Ridgeline
