#include "engine/triton/kernelname.h"

#include "engine/triton/opcatalog.h"

#include <optional>
#include <vector>

namespace Ridgeline {
namespace {

KernelCategory categoryFromPrefix(QStringView prefix)
{
    if (prefix == u"poi")
        return KernelCategory::Pointwise;
    if (prefix == u"red")
        return KernelCategory::Reduction;
    if (prefix == u"per")
        return KernelCategory::PersistentReduction;
    if (prefix == u"tem")
        return KernelCategory::Template;
    if (prefix == u"for")
        return KernelCategory::Foreach;
    if (prefix == u"spl")
        return KernelCategory::SplitScan;
    return KernelCategory::Other;
}

bool isAllDigits(QStringView text)
{
    if (text.isEmpty())
        return false;
    for (QChar c : text) {
        if (!c.isDigit())
            return false;
    }
    return true;
}

} // namespace

bool isTritonKernelName(QStringView name)
{
    return name.startsWith(u"triton_") || name.startsWith(u"triton__");
}

std::optional<QStringList> segmentOps(QStringView fusedPart, const OpCatalog& catalog)
{
    const QList<QStringView> tokens = fusedPart.split(u'_');
    const qsizetype n = tokens.size();
    // cut[end] = where the op ending at token `end` starts; the longest op
    // whose prefix can itself be split wins, so reading cuts back from the
    // end yields the longest-match segmentation.
    std::vector<qsizetype> cut(size_t(n + 1), -1);

    auto join = [&](qsizetype from, qsizetype to) {
        QString text;
        for (qsizetype i = from; i < to; ++i) {
            if (i > from)
                text += u'_';
            text += tokens[i];
        }
        return text;
    };

    std::vector<bool> solvable(size_t(n + 1), false);
    solvable[0] = true;
    for (qsizetype end = 1; end <= n; ++end) {
        for (qsizetype start = 0; start < end; ++start) { // smallest start = longest op
            if (solvable[size_t(start)] && catalog.isKnownOp(join(start, end))) {
                solvable[size_t(end)] = true;
                cut[size_t(end)] = start;
                break;
            }
        }
    }
    if (n == 0 || !solvable[size_t(n)])
        return std::nullopt;

    QStringList ops;
    for (qsizetype end = n; end > 0; end = cut[size_t(end)])
        ops.prepend(join(cut[size_t(end)], end));
    return ops;
}

KernelName parseKernelName(QStringView name, const OpCatalog& catalog)
{
    KernelName parsed;
    if (!isTritonKernelName(name))
        return parsed;

    QStringView rest = name.mid(QStringView(u"triton_").size());
    if (isAllDigits(rest)) {
        parsed.category = KernelCategory::Generic;
        parsed.index = rest.toInt();
        return parsed;
    }

    const qsizetype categoryEnd = rest.indexOf(u'_');
    parsed.category = categoryFromPrefix(categoryEnd < 0 ? rest : rest.left(categoryEnd));
    if (parsed.category == KernelCategory::Other || categoryEnd < 0)
        return parsed;
    rest = rest.mid(categoryEnd + 1);

    // Trailing counter: "_2".
    const qsizetype lastUnderscore = rest.lastIndexOf(u'_');
    if (lastUnderscore >= 0 && isAllDigits(rest.mid(lastUnderscore + 1))) {
        parsed.index = rest.mid(lastUnderscore + 1).toInt();
        rest = rest.left(lastUnderscore);
    } else if (isAllDigits(rest)) {
        parsed.index = rest.toInt();
        rest = {};
    }

    if (rest.startsWith(u"fused_"))
        rest = rest.mid(6);
    else if (rest == u"fused")
        rest = {};
    parsed.fusedPart = rest.toString();
    if (rest.isEmpty())
        return parsed;

    if (auto ops = segmentOps(rest, catalog))
        parsed.fusedOps = *ops;
    else
        parsed.opsSegmented = false;
    return parsed;
}

} // namespace Ridgeline
