// Stage advice/: what an expert would tell each row to do, from the trace's figures.
// A library GEMM's advice: its shape (from the op's args), its tile (from the
// kernel's name), how many tiles that makes and how they fill the compute
// units in waves, and the tuners that pick another kernel.
#pragma once

#include "engine/advice/advice.h"

#include <QStringView>
#include <optional>

namespace Ridgeline {

struct GemmTile
{
    int m = 0;
    int n = 0;
    bool operator==(const GemmTile&) const = default;
};

// The output tile of a GEMM kernel's name: hipBLASLt/Tensile "MT128x192x64"
// -> 128x192, CUTLASS 3 (sm90) "_128x128x64_" -> 128x128, CUTLASS 2
// "_128x256_32x3_" -> 128x256, cuBLAS "tilesize128x128x64"; nullopt where the
// name says none.
std::optional<GemmTile> gemmTileOf(QStringView kernelName);

// "one partial wave (32 % of the GPU)", "3 full waves", "4 waves, the last 20 % full".
QString wavesText(std::int64_t tiles, int computeUnits);

Advice gemmAdvice(const KernelRow& row, const AdviceFacts& facts);

} // namespace Ridgeline
