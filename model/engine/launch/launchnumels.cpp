#include "engine/launch/launchnumels.h"

#include <vector>

namespace Ridgeline {
namespace {

std::optional<LaunchNumel> sizeHint(const KernelModel& model, std::initializer_list<const char16_t*> keys)
{
    if (!model.v1)
        return std::nullopt;
    for (const SizeHint& hint : model.v1->kernel.sizeHints) {
        for (const char16_t* key : keys) {
            if (hint.key == QStringView(key) && hint.value > 0)
                return LaunchNumel { hint.value, QStringLiteral("size_hints '%1' (a power of two at least the numel)").arg(hint.key),
                    true };
        }
    }
    return std::nullopt;
}

// The integer Concrete Inputs in order: a kernel's numels are its last ones.
std::vector<std::int64_t> integerInputs(const TritonOpArgs& args)
{
    std::vector<std::int64_t> ints;
    for (const QString& text : args.concreteInputs) {
        bool ok = false;
        const qlonglong value = text.toLongLong(&ok);
        if (ok)
            ints.push_back(value);
    }
    return ints;
}

bool reductionShaped(const NumelInput& input)
{
    if (isReduction(input.category))
        return true;
    return input.model->v1 && isReductionHeuristic(input.model->v1->kernel.heuristic);
}

std::optional<LaunchNumel> xNumel(const NumelInput& input)
{
    const KernelModel& model = *input.model;
    if (model.provenance == Provenance::V2 && model.xnumel > 0)
        return LaunchNumel { model.xnumel, model.xnumelSource, false };
    if (input.facts && input.facts->xnumels.size() == 1)
        return LaunchNumel { input.facts->xnumels.front(), QStringLiteral("the source's xnumel"), false };
    if (model.provenance == Provenance::V1 && model.v1 && !model.v1->approximate && model.xnumel > 0)
        return LaunchNumel { model.xnumel, model.xnumelSource, false };
    return sizeHint(model, { u"x", u"[0]" });
}

std::optional<LaunchNumel> r0Numel(const NumelInput& input)
{
    const KernelModel& model = *input.model;
    if (model.provenance == Provenance::V2 && model.rnumel > 0)
        return LaunchNumel { model.rnumel, model.rnumelSource, false };
    if (input.facts && input.facts->rnumel)
        return LaunchNumel { *input.facts->rnumel, QStringLiteral("the source's r0_numel"), false };
    return sizeHint(model, { u"r0_", u"r", u"[1]" });
}

// A 2-D tiled kernel's ynumel: the source's, else the integer before
// xnumel among the Concrete Inputs (Inductor passes ynumel, xnumel, r0_numel).
std::optional<LaunchNumel> yNumel(const NumelInput& input, const std::optional<LaunchNumel>& x)
{
    if (input.facts && input.facts->ynumel)
        return LaunchNumel { *input.facts->ynumel, QStringLiteral("the source's ynumel"), false };
    if (input.args && x && !x->approximate && input.model->provenance == Provenance::V2) {
        const std::vector<std::int64_t> ints = integerInputs(*input.args);
        const size_t fromEnd = reductionShaped(input) ? 2 : 1; // xnumel's place from the end
        if (ints.size() > fromEnd && ints[ints.size() - fromEnd] == x->value && ints[ints.size() - fromEnd - 1] > 0)
            return LaunchNumel { ints[ints.size() - fromEnd - 1], QStringLiteral("the integer Concrete Input before xnumel"), false };
    }
    return sizeHint(*input.model, { u"y" });
}

} // namespace

LaunchNumels readLaunchNumels(const NumelInput& input)
{
    LaunchNumels numels;
    numels.x = xNumel(input);
    if (reductionShaped(input))
        numels.r0 = r0Numel(input);
    if (input.tiledY)
        numels.y = yNumel(input, numels.x);
    return numels;
}

} // namespace Ridgeline
