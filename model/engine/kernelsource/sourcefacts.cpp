#include "engine/kernelsource/sourcefacts.h"

#include <QRegularExpression>

namespace Ridgeline {
namespace {

std::optional<std::int64_t> parseCount(QStringView digits)
{
    bool ok = false;
    const qlonglong value = digits.toLongLong(&ok);
    if (!ok || value < 0)
        return std::nullopt;
    return std::int64_t(value);
}

} // namespace

std::optional<std::int64_t> statedSize(const QString& text)
{
    return parseCount(text);
}

TritonSourceFacts readTritonSourceFacts(QStringView source)
{
    TritonSourceFacts facts;
    // One pass over "name = value" lines of the kernel body. Names are
    // Inductor's own: numels, the template's M/N/K and ALLOW_TF32.
    static const QRegularExpression assignment(
        QStringLiteral(
            R"(^[ \t]+(xnumel|ynumel|znumel|r0_numel|rnumel|M|N|K|ALLOW_TF32)[ \t]*(?::[ \t]*tl\.constexpr[ \t]*)?=[ \t]*(\w+)[ \t]*$)"),
        QRegularExpression::MultilineOption);
    for (auto it = assignment.globalMatchView(source); it.hasNext();) {
        const auto m = it.next();
        const QStringView name = m.capturedView(1);
        const QStringView value = m.capturedView(2);
        if (name == u"xnumel") {
            if (auto count = parseCount(value); count && facts.xnumels.size() < maxStatedNumels) {
                facts.xnumels.push_back(*count);
                facts.xnumelAt.push_back(m.capturedStart(0));
            }
        } else if (name == u"ynumel") {
            facts.ynumel = parseCount(value);
        } else if (name == u"znumel") {
            facts.hasZnumel = true;
        } else if (name == u"r0_numel" || name == u"rnumel") {
            if (!facts.rnumel)
                facts.rnumel = parseCount(value);
        } else if (name == u"ALLOW_TF32") {
            facts.allowTf32 = value == u"True";
        } else if (facts.gemmM.isEmpty() || facts.gemmN.isEmpty() || facts.gemmK.isEmpty()) {
            // The first M, N and K: later ones are loop variables of other code.
            QString& size = name == u"M" ? facts.gemmM : name == u"N" ? facts.gemmN : facts.gemmK;
            if (size.isEmpty())
                size = value.toString();
        }
    }
    // Only a number: "RBLOCK: tl.constexpr = R0_BLOCK" restates another.
    static const QRegularExpression blockSize(
        QStringLiteral(R"(^[ \t]+(XBLOCK|YBLOCK|R0_BLOCK|RBLOCK)[ \t]*:[ \t]*tl\.constexpr[ \t]*=[ \t]*([0-9]{1,18})[ \t]*$)"),
        QRegularExpression::MultilineOption);
    for (auto it = blockSize.globalMatchView(source); it.hasNext();) {
        const auto m = it.next();
        const QStringView name = m.capturedView(1);
        std::optional<std::int64_t>& size = name == u"XBLOCK" ? facts.xblock : name == u"YBLOCK" ? facts.yblock : facts.r0block;
        if (!size) // the first: a foreach kernel's later sub-kernels repeat it
            size = parseCount(m.capturedView(2));
    }
    static const QRegularExpression numGb(QStringLiteral(R"(['"]kernel_num_gb['"]\s*:\s*([0-9][0-9.eE+-]{0,30}))"));
    static const QRegularExpression flop(QStringLiteral(R"(['"]kernel_flop['"]\s*:\s*([0-9]{1,19})\b)"));
    if (auto m = numGb.matchView(source); m.hasMatch()) {
        bool ok = false;
        const double gb = m.capturedView(1).toDouble(&ok);
        if (ok && gb >= 0 && gb < 1e9)
            facts.inductorNumGb = gb;
    }
    if (auto m = flop.matchView(source); m.hasMatch())
        facts.inductorFlop = parseCount(m.capturedView(1));
    return facts;
}

} // namespace Ridgeline
