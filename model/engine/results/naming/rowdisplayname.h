// Stage results/: calls grouped into unique kernel rows.
// A row's name as the table, the timeline, the report and the exports show
// it: a library op with its shape ("aten::mm (4096 x 1536 x 1536)"), a
// library kernel demangled and short ("aiter::add_rmsnorm_quant_kernel<…>",
// "Cijk_Alik_Bljk_BBS_BH… MT 256x112x32"), a Triton kernel as it is named.
#pragma once

#include "engine/results/kernelrow.h"

namespace Ridgeline {

struct RowNames
{
    QString display;
    QString full; // for a tooltip: the demangled name where there is one, else the name
};

// Linear in the name: the demangler runs only behind its guard, and a
// library kernel's name (the only kind it runs on) is at most a few KB.
RowNames rowNames(const KernelRow& row);

} // namespace Ridgeline
