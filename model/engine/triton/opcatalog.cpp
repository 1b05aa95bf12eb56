#include "engine/triton/opcatalog.h"

#include <QFile>
#include <array>

namespace Ridgeline {
namespace {

struct CostEntry
{
    const char16_t* op;
    int flops;
};

// TraceLens's FLOPs-per-element table, verbatim (spec section 5).
constexpr std::array traceLensFlops {
    CostEntry { u"add", 1 },
    CostEntry { u"sub", 1 },
    CostEntry { u"mul", 1 },
    CostEntry { u"div", 1 },
    CostEntry { u"pow", 2 },
    CostEntry { u"sqrt", 2 },
    CostEntry { u"rsqrt", 2 },
    CostEntry { u"exp", 4 },
    CostEntry { u"log", 4 },
    CostEntry { u"sigmoid", 4 },
    CostEntry { u"tanh", 4 },
    CostEntry { u"relu", 1 },
    CostEntry { u"silu", 4 },
    CostEntry { u"gelu", 8 },
    CostEntry { u"mean", 1 },
    CostEntry { u"sum", 1 },
    CostEntry { u"var", 2 },
    CostEntry { u"abs", 1 },
    CostEntry { u"neg", 1 },
    CostEntry { u"reciprocal", 2 },
    CostEntry { u"ne", 1 },
    CostEntry { u"eq", 1 },
    CostEntry { u"lt", 1 },
    CostEntry { u"gt", 1 },
};

// Ops TraceLens counts as 0 that do arithmetic. Ridgeline counts them with
// the same conventions as TraceLens's table: 1 per simple arithmetic or
// comparison, 2 for a square root or a fused pair, 4 for a transcendental,
// and the sum of the parts for composite normalisations and softmax.
constexpr std::array extraFlops {
    CostEntry { u"rsub", 1 },
    CostEntry { u"where", 1 },
    CostEntry { u"maximum", 1 },
    CostEntry { u"minimum", 1 },
    CostEntry { u"clamp", 2 },
    CostEntry { u"clamp_min", 1 },
    CostEntry { u"clamp_max", 1 },
    CostEntry { u"ge", 1 },
    CostEntry { u"le", 1 },
    CostEntry { u"logical_and", 1 },
    CostEntry { u"logical_or", 1 },
    CostEntry { u"logical_not", 1 },
    CostEntry { u"bitwise_and", 1 },
    CostEntry { u"bitwise_or", 1 },
    CostEntry { u"bitwise_xor", 1 },
    CostEntry { u"bitwise_not", 1 },
    CostEntry { u"floor", 1 },
    CostEntry { u"ceil", 1 },
    CostEntry { u"round", 1 },
    CostEntry { u"trunc", 1 },
    CostEntry { u"sign", 1 },
    CostEntry { u"fmod", 1 },
    CostEntry { u"remainder", 1 },
    CostEntry { u"square", 1 },
    CostEntry { u"lerp", 3 },
    CostEntry { u"addcmul", 2 },
    CostEntry { u"addcdiv", 2 },
    CostEntry { u"hardtanh", 2 },
    CostEntry { u"threshold", 1 },
    CostEntry { u"threshold_backward", 1 },
    CostEntry { u"leaky_relu", 2 },
    CostEntry { u"elu", 5 },
    CostEntry { u"softplus", 9 },
    CostEntry { u"erf", 4 },
    CostEntry { u"erfc", 4 },
    CostEntry { u"erfinv", 4 },
    CostEntry { u"exp2", 4 },
    CostEntry { u"expm1", 4 },
    CostEntry { u"log2", 4 },
    CostEntry { u"log10", 4 },
    CostEntry { u"log1p", 4 },
    CostEntry { u"sin", 4 },
    CostEntry { u"cos", 4 },
    CostEntry { u"tan", 4 },
    CostEntry { u"asin", 4 },
    CostEntry { u"acos", 4 },
    CostEntry { u"atan", 4 },
    CostEntry { u"atan2", 4 },
    CostEntry { u"sinh", 4 },
    CostEntry { u"cosh", 4 },
    CostEntry { u"amax", 1 },
    CostEntry { u"amin", 1 },
    CostEntry { u"max", 1 },
    CostEntry { u"min", 1 },
    CostEntry { u"prod", 1 },
    CostEntry { u"argmax", 1 },
    CostEntry { u"argmin", 1 },
    CostEntry { u"any", 1 },
    CostEntry { u"all", 1 },
    CostEntry { u"var_mean", 3 },
    CostEntry { u"std", 3 },
    CostEntry { u"std_mean", 4 },
    // scans (split-scan kernels): one op per element, logcumsumexp exp + log + add
    CostEntry { u"cumsum", 1 },
    CostEntry { u"cumprod", 1 },
    CostEntry { u"cummax", 1 },
    CostEntry { u"cummin", 1 },
    CostEntry { u"logcumsumexp", 9 },
    // sigmoid-based gates: sigmoid (4) + mul (1) and their backward forms.
    CostEntry { u"gelu_backward", 12 },
    CostEntry { u"silu_backward", 7 },
    CostEntry { u"sigmoid_backward", 3 },
    CostEntry { u"tanh_backward", 3 },
    // mean (1) + var (2) + normalise sub/mul (2) + affine mul/add (2)
    CostEntry { u"native_layer_norm", 7 },
    CostEntry { u"native_batch_norm", 7 },
    CostEntry { u"_native_batch_norm_legit", 7 },
    CostEntry { u"_native_batch_norm_legit_functional", 7 },
    CostEntry { u"_native_batch_norm_legit_no_training", 7 },
    CostEntry { u"native_group_norm", 7 },
    CostEntry { u"_fused_rms_norm", 5 },
    // max (1) + sub (1) + exp (4) + sum (1) + div (1)
    CostEntry { u"_softmax", 8 },
    CostEntry { u"softmax", 8 },
    CostEntry { u"_log_softmax", 8 },
    CostEntry { u"log_softmax", 8 },
    CostEntry { u"_safe_softmax", 8 },
};

// Ops that only move, copy or reinterpret data.
constexpr std::array memoryOnlyOps {
    u"_to_copy",
    u"copy_",
    u"copy",
    u"clone",
    u"embedding",
    u"_unsafe_view",
    u"view",
    u"permute",
    u"transpose",
    u"slice",
    u"slice_scatter",
    u"select",
    u"select_scatter",
    u"unsqueeze",
    u"squeeze",
    u"cat",
    u"stack",
    u"expand",
    u"reshape",
    u"t",
    u"alias",
    u"as_strided",
    u"as_strided_scatter",
    u"constant_pad_nd",
    u"full",
    u"full_like",
    u"zeros",
    u"zeros_like",
    u"ones",
    u"ones_like",
    u"empty",
    u"fill",
    u"fill_",
    u"arange",
    u"iota",
    u"index",
    u"index_select",
    u"gather",
    u"scatter",
    u"split",
    u"split_with_sizes",
    u"unbind",
    u"flip",
    u"roll",
    u"repeat",
    u"detach",
    u"lift_fresh_copy",
    u"_unsafe_index",
    u"embedding_dense_backward",
    u"convert_element_type",
    u"device_put",
    u"view_as_real",
    u"view_as_complex",
    u"unfold",
    u"narrow",
    u"diagonal",
    u"pad",
    u"new_zeros",
    u"new_ones",
    u"new_empty",
    u"scalar_tensor",
    u"lift",
    u"bernoulli",
};

std::optional<int> find(const auto& table, QStringView op)
{
    for (const CostEntry& entry : table) {
        if (op == QStringView(entry.op))
            return entry.flops;
    }
    return std::nullopt;
}

QSet<QString> loadOpNames()
{
    QSet<QString> names;
    QFile file(QStringLiteral(":/ridgeline/aten_ops.txt"));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("Ridgeline resource :/ridgeline/aten_ops.txt is missing from the build");
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (!line.isEmpty() && !line.startsWith(u'#'))
            names.insert(line);
    }
    return names;
}

} // namespace

const OpCatalog& OpCatalog::builtIn()
{
    static const OpCatalog catalog(loadOpNames());
    return catalog;
}

OpCatalog::OpCatalog(QSet<QString> names)
    : m_names(std::move(names))
{
    for (const QString& name : std::as_const(m_names))
        m_maxOpTokens = std::max(m_maxOpTokens, int(name.count(u'_')) + 1);
}

OpCost OpCatalog::cost(QStringView op)
{
    // Foreach ops ("_foreach_add", "_foreach_mul_") cost what their element
    // op costs; TraceLens has no foreach ops in its table.
    if (op.startsWith(u"_foreach_") && op.size() > 9) {
        QStringView element = op.mid(9);
        if (element.endsWith(u'_'))
            element.chop(1);
        OpCost cost = OpCatalog::cost(element);
        cost.traceLensFlopsPerElement = 0;
        cost.inTraceLensTable = false;
        return cost;
    }
    OpCost cost;
    if (auto flops = find(traceLensFlops, op)) {
        cost.kind = OpCostKind::Arithmetic;
        cost.flopsPerElement = *flops;
        cost.traceLensFlopsPerElement = *flops;
        cost.inTraceLensTable = true;
        return cost;
    }
    for (const char16_t* name : memoryOnlyOps) {
        if (op == QStringView(name)) {
            cost.kind = OpCostKind::MemoryOnly;
            return cost;
        }
    }
    if (auto flops = find(extraFlops, op)) {
        cost.kind = OpCostKind::Arithmetic;
        cost.flopsPerElement = *flops;
    }
    return cost;
}

} // namespace Ridgeline
