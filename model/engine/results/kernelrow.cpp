#include "engine/results/kernelrow.h"

namespace Ridgeline {

QString rowKindKey(RowKind kind)
{
    switch (kind) {
    case RowKind::Launched: return QStringLiteral("launched");
    case RowKind::KernelOnly: return QStringLiteral("kernel-only");
    case RowKind::OpOnly: return QStringLiteral("op-only");
    case RowKind::Replayed: return QStringLiteral("replayed");
    case RowKind::Library: return QStringLiteral("library");
    }
    return {};
}

std::optional<double> KernelRow::flops() const
{
    if (!hasModel() || !model.flopsKnown)
        return std::nullopt;
    return double(model.flops);
}

std::optional<double> KernelRow::bytes() const
{
    if (!hasModel() || !model.bytes)
        return std::nullopt;
    return double(*model.bytes);
}

std::optional<double> KernelRow::gflops() const
{
    if (auto value = flops())
        return *value / 1e9;
    return std::nullopt;
}

std::optional<double> KernelRow::dataMovedMib() const
{
    if (auto value = bytes())
        return *value / double(1 << 20);
    return std::nullopt;
}

std::optional<double> KernelRow::flopsPerByte() const
{
    const auto b = bytes();
    const auto f = flops();
    if (!b || !f || *b == 0) // undefined, not 0
        return std::nullopt;
    return *f / *b;
}

} // namespace Ridgeline
