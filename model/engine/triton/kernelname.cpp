#include "engine/triton/kernelname.h"

#include "engine/triton/opcatalog.h"

#include <algorithm>
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
    return name.startsWith(u"triton_");
}

bool isTritonKernelName(std::string_view utf8Name)
{
    return utf8Name.starts_with("triton_"); // the same ASCII prefix as above
}

std::optional<QStringList> segmentOps(QStringView fusedPart, const OpCatalog& catalog)
{
    // Inductor caps its names far below this; a longer one is not worth
    // splitting (and is said so: not segmented).
    if (fusedPart.size() > maxFusedPartLength)
        return std::nullopt;
    const QList<QStringView> tokens = fusedPart.split(u'_');
    const qsizetype n = tokens.size();
    // Tokens [from, to) as one view of fusedPart: they lie side by side.
    auto span = [&](qsizetype from, qsizetype to) {
        const qsizetype begin = tokens[from].data() - fusedPart.data();
        const qsizetype end = tokens[to - 1].data() + tokens[to - 1].size() - fusedPart.data();
        return fusedPart.sliced(begin, end - begin);
    };

    // cut[end] = where the op ending at token `end` starts; the longest op
    // whose prefix can itself be split wins, so reading cuts back from the
    // end yields the longest-match segmentation. No op spans more than
    // maxOpTokens tokens, which keeps this linear in the name.
    std::vector<qsizetype> cut(size_t(n + 1), -1);
    std::vector<bool> solvable(size_t(n + 1), false);
    solvable[0] = true;
    const qsizetype longest = catalog.maxOpTokens();
    for (qsizetype end = 1; end <= n; ++end) {
        for (qsizetype start = std::max<qsizetype>(0, end - longest); start < end; ++start) { // smallest start = longest op
            if (solvable[size_t(start)] && catalog.isKnownOp(span(start, end))) {
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
        ops.append(span(cut[size_t(end)], end).toString());
    std::reverse(ops.begin(), ops.end());
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
    if (rest.isEmpty())
        return parsed;

    auto ops = segmentOps(rest, catalog);
    parsed.opsSegmented = ops.has_value();
    parsed.setFused(rest.toString(), ops.value_or(QStringList()));
    return parsed;
}

void KernelName::setFused(QString part, QStringList ops)
{
    if (part.isEmpty() && ops.isEmpty())
        m_fused.reset();
    else
        m_fused = Fused { std::move(part), std::move(ops) };
}

void KernelName::shareFusedWith(const KernelName& equal)
{
    if (fusedPart() == equal.fusedPart() && fusedOps() == equal.fusedOps())
        m_fused = equal.m_fused;
}

const QStringList& KernelName::noOps()
{
    static const QStringList none;
    return none;
}

const QString& KernelName::noPart()
{
    static const QString none;
    return none;
}

} // namespace Ridgeline
