#include "engine/comparison/stepcomparison.h"

#include <QStringList>

namespace Ridgeline {
namespace {

std::optional<double> ratio(double baseline, double candidate)
{
    return baseline > 0 && candidate > 0 ? std::optional(baseline / candidate) : std::nullopt;
}

// Why a per-step speedup of `what` ("GPU time", "Triton time") is null: which
// side's steps hold none of it. Empty when both do.
QString missingSide(const QString& what, double baseline, double candidate)
{
    const bool base = baseline > 0;
    const bool cand = candidate > 0;
    if (base && cand)
        return {};
    const QString who = !base && !cand ? QStringLiteral("neither trace's steps hold")
        : !base                        ? QStringLiteral("the baseline's steps hold no")
                                       : QStringLiteral("this trace's steps hold no");
    return QStringLiteral("%1 %2").arg(who, what);
}

// What a trace counts steps by, for the words of a comparison in total.
QString kindsHeld(const GpuActivity& activity)
{
    const bool launches = activity.stepsOf(StepKind::GraphLaunch);
    const bool windows = activity.stepsOf(StepKind::ProfilerStep);
    if (launches && windows)
        return QStringLiteral("graph launches and ProfilerSteps");
    if (launches)
        return QStringLiteral("graph launches");
    return windows ? QStringLiteral("ProfilerSteps") : QStringLiteral("none");
}

// Which of the two lacks `kind`: "the baseline", "this trace" or "neither" (both lack it).
QString lacking(const GpuActivity& baseline, const GpuActivity& candidate, StepKind kind)
{
    const bool base = baseline.stepsOf(kind);
    const bool cand = candidate.stepsOf(kind);
    if (!base && !cand)
        return QStringLiteral("neither");
    return base ? QStringLiteral("this trace") : QStringLiteral("the baseline");
}

} // namespace

std::optional<StepComparison> compareSteps(const GpuActivity& baseline, const GpuActivity& candidate)
{
    // Finest first: a ProfilerStep may hold several launches, never the reverse.
    for (StepKind kind : { StepKind::GraphLaunch, StepKind::ProfilerStep }) {
        const StepFigures* base = baseline.stepsOf(kind);
        const StepFigures* cand = candidate.stepsOf(kind);
        if (!base || !cand)
            continue;
        StepComparison steps;
        steps.kind = kind;
        steps.baselineSteps = base->count;
        steps.candidateSteps = cand->count;
        steps.gpuTimeSpeedup = ratio(base->gpuTimePerStepUs, cand->gpuTimePerStepUs);
        steps.tritonTimeSpeedup = ratio(base->tritonTimePerStepUs, cand->tritonTimePerStepUs);
        QStringList reasons;
        for (const QString& reason : { missingSide(QStringLiteral("GPU time"), base->gpuTimePerStepUs, cand->gpuTimePerStepUs),
                 missingSide(QStringLiteral("Triton time"), base->tritonTimePerStepUs, cand->tritonTimePerStepUs) }) {
            if (!reason.isEmpty())
                reasons << reason;
        }
        steps.reason = reasons.join(QStringLiteral("; "));
        return steps;
    }
    return std::nullopt;
}

QString stepBasis(const GpuActivity& baseline, const GpuActivity& candidate, const std::optional<StepComparison>& steps)
{
    if (!steps)
        return QStringLiteral("in total: the traces count no step of one kind (this trace: %1; the baseline: %2)")
            .arg(kindsHeld(candidate), kindsHeld(baseline));
    const bool launches = steps->kind == StepKind::GraphLaunch;
    QString why;
    if (launches && baseline.stepsOf(StepKind::ProfilerStep) && candidate.stepsOf(StepKind::ProfilerStep)) {
        why = QStringLiteral("finer than the ProfilerSteps both have");
    } else {
        const QString who = lacking(baseline, candidate, launches ? StepKind::ProfilerStep : StepKind::GraphLaunch);
        const bool neither = who == QStringLiteral("neither");
        why = QStringLiteral("the only step both count, %1 %2")
                  .arg(who,
                      launches ? (neither ? QStringLiteral("has a ProfilerStep") : QStringLiteral("has no ProfilerStep"))
                               : (neither ? QStringLiteral("launches a graph") : QStringLiteral("launches no graph")));
    }
    return QStringLiteral("%1 (%2 against %3 in the baseline): %4")
        .arg(launches ? QStringLiteral("per graph launch") : QStringLiteral("per ProfilerStep"))
        .arg(steps->candidateSteps)
        .arg(steps->baselineSteps)
        .arg(why);
}

} // namespace Ridgeline
