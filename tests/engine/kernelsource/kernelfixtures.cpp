#include "kernelfixtures.h"

namespace Ridgeline::Test {

QString pointwiseKernel(const QString& name, const QString& args, const QString& signature, const QString& meta, const QString& body)
{
    return QStringLiteral("import triton\n"
                          "import triton.language as tl\n"
                          "from torch._inductor.runtime import triton_helpers, triton_heuristics\n"
                          "triton_helpers.set_driver_to_gpu()\n"
                          "\n"
                          "@triton_heuristics.pointwise(\n"
                          "    size_hints={'x': 65536}, \n"
                          "    filename=__file__,\n"
                          "    triton_meta={'signature': {%3, 'XBLOCK': 'constexpr'}, 'device': DeviceProperties(type='cuda', index=0, "
                          "cc=90), 'constants': {}, 'configs': [{(0,): [['tt.divisibility', 16]]}]},\n"
                          "    inductor_meta={'grid_type': 'Grid1D', 'autotune_hints': set(), 'kernel_name': '%1', %4},\n"
                          "    min_elem_per_thread=0\n"
                          ")\n"
                          "@triton.jit\n"
                          "def %1(%2, XBLOCK : tl.constexpr):\n"
                          "    xoffset = tl.program_id(0) * XBLOCK\n"
                          "    xindex = xoffset + tl.arange(0, XBLOCK)[:]\n"
                          "    xmask = xindex < xnumel\n"
                          "%5")
        .arg(name, args, signature, meta, body);
}

void bruteWalk(std::int64_t xnumel, std::int64_t rnumel, const std::function<bool(std::int64_t, std::int64_t)>& mask,
    const std::function<std::int64_t(std::int64_t, std::int64_t)>& index, BruteCount* count)
{
    for (std::int64_t x = 0; x < xnumel; ++x) {
        for (std::int64_t r = 0; r < rnumel; ++r) {
            if (!mask(x, r))
                continue;
            count->addresses.insert(index(x, r));
            ++count->lanes;
        }
    }
}

const PointerAnatomy* findPointer(const KernelAnatomy& anatomy, const QString& arg)
{
    for (const PointerAnatomy& p : anatomy.pointers) {
        if (p.arg == arg)
            return &p;
    }
    return nullptr;
}

} // namespace Ridgeline::Test
