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

// The kinds two traces can compare by, finest first: a ProfilerStep may
// hold several module calls, a module call several compiled graph calls, a
// compiled graph call a graph launch, never the reverse.
constexpr StepKind finestFirst[] = { StepKind::GraphLaunch, StepKind::CompiledGraphCall, StepKind::Module, StepKind::ProfilerStep };

QString kindPlural(StepKind kind)
{
    return kind == StepKind::ProfilerStep ? QStringLiteral("ProfilerSteps") : stepKindWords(kind, 2);
}

// What a trace counts steps by, for the words of a comparison in total.
QString kindsHeld(const GpuActivity& activity)
{
    QStringList held;
    for (StepKind kind : finestFirst) {
        if (activity.stepsOf(kind))
            held << kindPlural(kind);
    }
    return held.isEmpty() ? QStringLiteral("none") : held.join(QStringLiteral(" and "));
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

// Why this kind: a coarser one both count, or the other of the two kinds
// every trace may have (graph launches and ProfilerSteps) missing on one side.
QString whyThisKind(const GpuActivity& baseline, const GpuActivity& candidate, StepKind kind)
{
    bool coarser = false;
    for (StepKind other : finestFirst) {
        if (other == kind)
            coarser = true;
        else if (coarser && baseline.stepsOf(other) && candidate.stepsOf(other))
            return QStringLiteral("finer than the %1 both have").arg(kindPlural(other));
    }
    if (kind != StepKind::GraphLaunch && kind != StepKind::ProfilerStep)
        return QStringLiteral("the only step both count");
    const bool launches = kind == StepKind::GraphLaunch;
    const QString who = lacking(baseline, candidate, launches ? StepKind::ProfilerStep : StepKind::GraphLaunch);
    const bool neither = who == QStringLiteral("neither");
    return QStringLiteral("the only step both count, %1 %2")
        .arg(who,
            launches ? (neither ? QStringLiteral("has a ProfilerStep") : QStringLiteral("has no ProfilerStep"))
                     : (neither ? QStringLiteral("launches a graph") : QStringLiteral("launches no graph")));
}

} // namespace

std::optional<StepComparison> compareSteps(const GpuActivity& baseline, const GpuActivity& candidate)
{
    for (StepKind kind : finestFirst) {
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

QString perStepWords(StepKind kind)
{
    return kind == StepKind::ProfilerStep ? QStringLiteral("per ProfilerStep") : QStringLiteral("per ") + stepKindWords(kind, 1);
}

QString stepBasis(const GpuActivity& baseline, const GpuActivity& candidate, const std::optional<StepComparison>& steps)
{
    if (!steps)
        return QStringLiteral("in total: the traces count no step of one kind (this trace: %1; the baseline: %2)")
            .arg(kindsHeld(candidate), kindsHeld(baseline));
    return QStringLiteral("%1 (%2 against %3 in the baseline): %4")
        .arg(perStepWords(steps->kind))
        .arg(steps->candidateSteps)
        .arg(steps->baselineSteps)
        .arg(whyThisKind(baseline, candidate, steps->kind));
}

} // namespace Ridgeline
