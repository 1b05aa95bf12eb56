// How the kernel was launched: the launch op's args, the GPU event's grid
// and block, the programs, waves and active lanes, each figure with where
// it came from (the same facts the export writes, under the judged GPU).
#include "derivation/derivationsections.h"
#include "engine/export/launch/launchexport.h"

namespace Ridgeline::Derivation {

using MD = MarkdownWriter;
namespace {

QString dimsText(const std::optional<std::array<std::int64_t, 3>>& dims)
{
    return dims ? QStringLiteral("[%1, %2, %3]").arg((*dims)[0]).arg((*dims)[1]).arg((*dims)[2]) : QStringLiteral("not recorded");
}

} // namespace

void writeLaunch(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    const std::optional<LaunchFacts> launch = judgedLaunch(row, judged.gpuSpec());
    if (!launch)
        return;
    const LaunchFacts& f = *launch;
    const QString unknown = QStringLiteral("unknown");
    std::vector<QStringList> rows;
    rows.push_back({ QStringLiteral("num_warps, num_stages"),
        (f.numWarps ? QString::number(*f.numWarps) : unknown) + QStringLiteral(", ")
            + (f.numStages ? QString::number(*f.numStages) : unknown),
        QStringLiteral("the launch op's args") });
    rows.push_back({ QStringLiteral("kernel_kwargs"), f.kwargs.isEmpty() ? QStringLiteral("not recorded") : MD::plain(f.kwargs),
        QStringLiteral("the launch op's args") });
    rows.push_back({ QStringLiteral("grid, block"), dimsText(f.grid) + QStringLiteral(", ") + dimsText(f.block),
        f.gridCounts ? QStringLiteral("the GPU event; the grid counts ") + gridCountsKey(*f.gridCounts).replace(u'_', u'-')
                     : QStringLiteral("the GPU event") });
    rows.push_back({ QStringLiteral("programs"),
        f.programs ? count(*f.programs) + (f.programsApproximate ? QStringLiteral(" (approximate)") : QString()) : unknown,
        MD::plain(f.programsSource) });
    rows.push_back({ QStringLiteral("compute units"), f.computeUnits ? count(*f.computeUnits) : unknown, MD::plain(f.computeUnitsSource) });
    rows.push_back({ QStringLiteral("waves"), f.waves ? figure(*f.waves) : unknown, QStringLiteral("programs / compute units") });
    rows.push_back({ QStringLiteral("active lanes"), f.activeLaneShare ? figure(*f.activeLaneShare * 100) + u'%' : unknown,
        MD::plain(f.activeLaneShareSource) });
    if (f.registersPerThread || f.blocksPerSm || f.estAchievedOccupancyPercent)
        rows.push_back({ QStringLiteral("registers, shared memory, blocks per SM, occupancy"),
            (f.registersPerThread ? QString::number(*f.registersPerThread) : unknown) + QStringLiteral(", ")
                + (f.sharedMemory ? count(*f.sharedMemory) + QStringLiteral(" B") : unknown) + QStringLiteral(", ")
                + (f.blocksPerSm ? figure(*f.blocksPerSm) : unknown) + QStringLiteral(", ")
                + (f.estAchievedOccupancyPercent ? figure(*f.estAchievedOccupancyPercent) + u'%' : unknown),
            QStringLiteral("the GPU event (CUPTI)") });
    md.heading(2, QStringLiteral("Launch"));
    if (!f.note.isEmpty())
        md.paragraph(MD::plain(f.note));
    using A = MD::Align;
    md.table({ QString(), QStringLiteral("Value"), QStringLiteral("From") }, rows, { A::Left, A::Right, A::Left });
}

void writeAdvice(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged)
{
    const Advice advice = judged.adviceOf(row);
    if (advice.text.isEmpty())
        return;
    md.heading(2, QStringLiteral("Advice"));
    md.paragraph(QStringLiteral("**") + adviceClassKey(advice.adviceClass) + QStringLiteral("**: ") + MD::plain(advice.text));
}

} // namespace Ridgeline::Derivation
