#include "engine/triton/kernelcategory.h"

namespace Ridgeline {

QString categoryKey(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Pointwise:
        return QStringLiteral("poi");
    case KernelCategory::Reduction:
        return QStringLiteral("red");
    case KernelCategory::PersistentReduction:
        return QStringLiteral("per");
    case KernelCategory::Template:
        return QStringLiteral("tem");
    case KernelCategory::Foreach:
        return QStringLiteral("for");
    case KernelCategory::SplitScan:
        return QStringLiteral("spl");
    case KernelCategory::Generic:
        return QStringLiteral("generic");
    case KernelCategory::Other:
        return QStringLiteral("other");
    case KernelCategory::User:
        return QStringLiteral("user");
    case KernelCategory::Library:
        return QStringLiteral("library");
    }
    return {};
}

QString categoryTitle(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Pointwise:
        return QStringLiteral("pointwise");
    case KernelCategory::Reduction:
        return QStringLiteral("reduction");
    case KernelCategory::PersistentReduction:
        return QStringLiteral("persistent reduction");
    case KernelCategory::Template:
        return QStringLiteral("template");
    case KernelCategory::Foreach:
        return QStringLiteral("foreach");
    case KernelCategory::SplitScan:
        return QStringLiteral("split scan");
    case KernelCategory::Generic:
        return QStringLiteral("generic");
    case KernelCategory::Other:
        return QStringLiteral("other");
    case KernelCategory::User:
        return QStringLiteral("user Triton kernel");
    case KernelCategory::Library:
        return QStringLiteral("library kernel");
    }
    return {};
}

bool traceLensModels(KernelCategory category)
{
    return category == KernelCategory::Pointwise || isReduction(category);
}

bool isReduction(KernelCategory category)
{
    return category == KernelCategory::Reduction || category == KernelCategory::PersistentReduction;
}

QString whyTraceLensDoesNotModel(KernelCategory category)
{
    switch (category) {
    case KernelCategory::Template:
        return QStringLiteral("template kernel (mm/addmm with fused epilogue): TraceLens does not model templates");
    case KernelCategory::Foreach:
        return QStringLiteral("foreach kernel (lists of tensors): TraceLens does not model foreach kernels");
    case KernelCategory::SplitScan:
        return QStringLiteral("split-scan kernel: TraceLens does not model split scans");
    case KernelCategory::Generic:
        return QStringLiteral(
            "generic kernel name (unique kernel names off): no category or ops in the name, and TraceLens does not model it");
    case KernelCategory::Other:
        return QStringLiteral("unrecognised Triton kernel prefix: TraceLens does not model it");
    case KernelCategory::User:
        return QStringLiteral("user-written Triton kernel (not named triton_*): TraceLens does not model it");
    case KernelCategory::Library:
        return QStringLiteral("library kernel: no Triton model applies");
    default:
        return {};
    }
}

} // namespace Ridgeline
