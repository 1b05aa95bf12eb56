// Stage launch/: how a Triton kernel was launched against the GPU.
// A launch's block sizes (XBLOCK, YBLOCK, R0_BLOCK): from the launch op's
// kernel_kwargs ("XBLOCK=1,R0_BLOCK=1024", the autotuner's pick), else the
// constexprs its source fixes (a persistent reduction's R0_BLOCK, a
// one-row kernel's "XBLOCK: tl.constexpr = 1").
#pragma once

#include "engine/kernelsource/sourcefacts.h"

#include <QString>
#include <cstdint>
#include <optional>

namespace Ridgeline {

struct BlockSize
{
    std::int64_t value = 0;
    QString source; // "kernel_kwargs", "the source's constexpr"
};

struct BlockSizes
{
    std::optional<BlockSize> x, y, r0;
};

// A block size past this is no Triton block (tl.arange caps a block at 2^20 elements).
constexpr std::int64_t maxBlockSize = std::int64_t(1) << 20;

// `facts` may be null (no source). Sizes that are no positive power of two
// up to maxBlockSize are not block sizes: left unknown.
BlockSizes readBlockSizes(const QString& kernelKwargs, const TritonSourceFacts* facts);

} // namespace Ridgeline
