#include "engine/results/kernelrow.h"

#include "engine/base/text/textinterner.h"

#include <cmath>

namespace Ridgeline {

QString rowKindKey(RowKind kind)
{
    switch (kind) {
    case RowKind::Launched:
        return QStringLiteral("launched");
    case RowKind::KernelOnly:
        return QStringLiteral("kernel-only");
    case RowKind::OpOnly:
        return QStringLiteral("op-only");
    case RowKind::Replayed:
        return QStringLiteral("replayed");
    case RowKind::Library:
        return QStringLiteral("library");
    case RowKind::LibraryOp:
        return QStringLiteral("library-op");
    }
    return {};
}

namespace {

// A library op's figure: NaN is unknown.
std::optional<double> libraryFigure(const KernelRow& row, double LibraryOpFigures::* figure)
{
    if (!row.hasModel() || !row.libraryOp->model)
        return std::nullopt;
    const double value = row.libraryOp->model->figures.*figure;
    return std::isnan(value) ? std::nullopt : std::optional(value);
}

} // namespace

std::optional<double> KernelRow::flops() const
{
    if (libraryOp)
        return libraryFigure(*this, &LibraryOpFigures::flops);
    if (!hasModel() || !model->flopsKnown)
        return std::nullopt;
    return double(model->flops);
}

std::optional<double> KernelRow::bytes() const
{
    if (libraryOp)
        return libraryFigure(*this, &LibraryOpFigures::bytes);
    if (!hasModel() || !model->bytes)
        return std::nullopt;
    return double(*model->bytes);
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

void shareEqualTexts(KernelModel& model, TextInterner& texts)
{
    texts.intern(model.reason);
    texts.intern(model.xnumelSource);
    texts.intern(model.rnumelSource);
    texts.intern(model.outputWriteRule);
    texts.intern(model.traceLensDifferences);
    for (TensorTraffic& tensor : model.tensors)
        texts.intern(tensor.dtype);
    for (OpFlops& op : model.ops)
        texts.intern(op.op);
    if (model.outputWrite)
        texts.intern(model.outputWrite->note);
}

void shareEqualTexts(KernelRow& row, TextInterner& texts)
{
    // A model shared with other rows was interned before it was shared
    // (kernelaggregator.cpp); writing to it here would copy it.
    if (!row.model.isShared())
        shareEqualTexts(row.model.edit(), texts);
    // The name's fused part and ops are shared by the aggregator, whole.
    if (row.launch) {
        texts.intern(row.launch->kwargs);
        texts.intern(row.launch->programsSource);
        texts.intern(row.launch->note);
        texts.intern(row.launch->computeUnitsSource);
        texts.intern(row.launch->activeLaneShareSource);
    }
    if (row.traceLens) {
        texts.intern(row.traceLens->why);
        texts.intern(row.traceLens->timeWhy);
    }
    if (row.findings.empty())
        return; // edit() would make a list
    for (KernelFinding& finding : row.findings.edit()) {
        texts.intern(finding.text);
        texts.intern(finding.pointer);
    }
}

} // namespace Ridgeline
