// The chain of a replayed row: where its time and its figures came from.
#include "derivation/derivationsections.h"

#include <QFileInfo>

namespace Ridgeline::Derivation {

using MD = MarkdownWriter;

void writeReplayChain(MarkdownWriter& md, const KernelRow& row)
{
    const ReplayChain& chain = *row.replay;
    md.heading(2, QStringLiteral("CUDA/HIP graph: capture and replays"));
    md.paragraph(QStringLiteral("The kernel never ran where its op was recorded: the op was captured into a graph, and the graph "
                                "was replayed. Its figures come from the captured op's args, its time from the replayed kernels; "
                                "each replayed kernel is one call."));
    md.bullet(MD::bold(QStringLiteral("Replay kernel:"))
        + QStringLiteral(" %1 %2 in %3 %4")
            .arg(count(row.calls), row.calls == 1 ? QStringLiteral("call") : QStringLiteral("calls"), count(chain.graphLaunches),
                chain.graphLaunches == 1 ? QStringLiteral("graph launch") : QStringLiteral("graph launches")));
    md.bullet(MD::bold(QStringLiteral("Graph launch:"))
        + QStringLiteral(" correlation %1 at ts %2 us (the first)")
            .arg(chain.graphLaunchCorrelation)
            .arg(QString::number(chain.graphLaunchTs, 'f', 3)));
    QString capture = chain.captureInSameTrace ? QStringLiteral("this trace") : MD::code(QFileInfo(chain.captureFile).fileName());
    capture += QStringLiteral(", capture window %1").arg(chain.captureWindow);
    if (chain.batchSize)
        capture += QStringLiteral(", batch size %1").arg(*chain.batchSize);
    if (!chain.mode.isEmpty())
        capture += u' ' + MD::code(chain.mode);
    if (chain.captureWindows > 1)
        capture += QStringLiteral(" (calls from %1 capture windows in all)").arg(chain.captureWindows);
    md.bullet(MD::bold(QStringLiteral("Capture:")) + u' ' + capture);
    md.bullet(MD::bold(QStringLiteral("Captured op:"))
        + QStringLiteral(" External id %1 at ts %2 us; its args follow")
            .arg(chain.capturedOpExternalId)
            .arg(QString::number(chain.capturedOpTs, 'f', 3)));
}

} // namespace Ridgeline::Derivation
