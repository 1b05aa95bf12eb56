// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
#include "engine/libraryops/shapelabel.h"

#include "engine/libraryops/models/opargs.h"

#include <cmath>

namespace Ridgeline {

namespace {

const QString times = QStringLiteral(" x ");

std::optional<double> param(const LibraryOpModel& model, QStringView name)
{
    for (const auto& [key, value] : model.figures.params) {
        if (key == name && std::isfinite(value))
            return value;
    }
    return std::nullopt;
}

QString number(double value)
{
    return QString::number(value, 'f', 0);
}

constexpr size_t maxLabelDims = 8; // a label, not the args: more dims end in "…"

QString dimsText(const Shape& dims, size_t from = 0)
{
    QStringList parts;
    for (size_t i = from; i < dims.size() && i < from + maxLabelDims; ++i)
        parts << QString::number(dims[i]);
    if (dims.size() > from + maxLabelDims)
        parts << QStringLiteral("…");
    return parts.join(times);
}

QString gemmLabel(QStringView opName, const LibraryOpModel& model)
{
    const auto m = param(model, u"M"), n = param(model, u"N"), k = param(model, u"K");
    if (!m || !n || !k)
        return {};
    const QString mnk = number(*m) + times + number(*n) + times + number(*k);
    const auto batch = param(model, u"B");
    if (batch && (*batch != 1 || opName.contains(u"bmm")))
        return number(*batch) + times + mnk;
    return mnk;
}

QString attentionLabel(const LibraryOpModel& model)
{
    const auto b = param(model, u"B"), h = param(model, u"H_Q"), sq = param(model, u"N_Q"), skv = param(model, u"N_KV"),
               d = param(model, u"d_qk");
    if (!b || !h || !sq || !d)
        return {};
    const QString s = skv && *skv != *sq ? number(*sq) + u'/' + number(*skv) : number(*sq);
    return number(*b) + times + number(*h) + times + s + times + number(*d);
}

// The input's dims, then the weight's output channels and its window:
// aten::convolution(input, weight, ...), its backward (grad, input, weight, ...).
QString convolutionLabel(QStringView opName, const OpArgs& args)
{
    const int input = opName.contains(u"backward") ? 1 : 0;
    const Shape* x = args.dims(input);
    const Shape* w = args.dims(input + 1);
    if (!x || x->empty())
        return {};
    if (!w || w->size() < 3)
        return dimsText(*x);
    return dimsText(*x) + QStringLiteral(" -> ") + QString::number((*w)[0]) + QStringLiteral(", ") + dimsText(*w, 2);
}

QString firstTensorLabel(const OpArgs& args)
{
    for (int i = 0; i < args.count(); ++i) {
        if (args.isTensor(i))
            return dimsText(*args.dims(i));
    }
    return {};
}

} // namespace

QString libraryOpShapeLabel(QStringView opName, const std::optional<LibraryOpModel>& model, const TritonOpArgs& args)
{
    const OpArgs opArgs(args);
    const LibraryOpCategory category = model ? model->category : libraryOpCategory(opName).value_or(LibraryOpCategory::Other);
    QString label;
    if (category == LibraryOpCategory::Gemm && model)
        label = gemmLabel(opName, *model);
    else if (category == LibraryOpCategory::Attention && model)
        label = attentionLabel(*model);
    else if (category == LibraryOpCategory::Conv)
        label = convolutionLabel(opName, opArgs);
    return label.isEmpty() ? firstTensorLabel(opArgs) : label;
}

} // namespace Ridgeline
