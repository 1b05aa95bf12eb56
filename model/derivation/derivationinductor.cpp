// Inductor's own estimate (kernel_num_gb, kernel_flop) beside Ridgeline's
// figures, with the difference in percent: two opinions, neither preferred.
#include "derivation/derivationsections.h"
#include "engine/perfmodel/kernelkinds/inductorestimate.h"

namespace Ridgeline::Derivation {

using MD = MarkdownWriter;
namespace {

QString percentText(std::optional<double> percent)
{
    if (!percent)
        return QStringLiteral("—");
    return (*percent >= 0 ? QStringLiteral("+") : QString()) + figure(*percent) + u'%';
}

} // namespace

void writeInductorEstimate(MarkdownWriter& md, const KernelRow& row)
{
    const InductorEstimate& estimate = *row.model->inductor;
    md.heading(2, QStringLiteral("Inductor's estimate"));
    md.paragraph(QStringLiteral("Inductor estimated this kernel itself (TORCHINDUCTOR_BENCHMARK_KERNEL or "
                                "TORCHINDUCTOR_PROFILE), read from ")
        + MD::plain(estimate.source) + QStringLiteral(". Both opinions are shown; neither replaces the other."));
    const auto bytes = row.bytes();
    const auto flops = row.flops();
    std::vector<QStringList> rows;
    rows.push_back({ QStringLiteral("bytes"), bytes ? count(std::int64_t(*bytes)) : QStringLiteral("unknown"),
        estimate.bytes ? count(*estimate.bytes) : QStringLiteral("not given"),
        percentText(differencePercent(bytes, estimate.bytes ? std::optional(double(*estimate.bytes)) : std::nullopt)) });
    rows.push_back({ QStringLiteral("FLOPs"), flops ? count(std::int64_t(*flops)) : QStringLiteral("unknown"),
        estimate.flops ? count(*estimate.flops) : QStringLiteral("not given"),
        percentText(differencePercent(flops, estimate.flops ? std::optional(double(*estimate.flops)) : std::nullopt)) });
    using A = MD::Align;
    md.table({ QString(), QStringLiteral("Ridgeline"), QStringLiteral("Inductor"), QStringLiteral("Ridgeline vs Inductor") }, rows,
        { A::Left, A::Right, A::Right, A::Right });
}

} // namespace Ridgeline::Derivation
