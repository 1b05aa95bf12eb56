#include "engine/findings/bytesdisagree.h"

#include "engine/base/text/units.h"

#include <cmath>

namespace Ridgeline {

namespace {

const TensorTraffic* tensorAt(const KernelModel& model, int argPosition)
{
    for (const TensorTraffic& tensor : model.tensors) {
        if (tensor.argIndex == argPosition)
            return &tensor;
    }
    return nullptr;
}

QString ratioText(double ratio)
{
    return QString::number(ratio, 'f', ratio < 10 ? 1 : 0) + QStringLiteral("x");
}

struct Why
{
    double gap = 0; // bytes the model counts past the source's (negative: fewer)
    QString text;
    QString pointer;
    int line = 0;
};

// Why one pointer's count differs: its tensor as the model counts it
// against the addresses its accesses can touch.
std::optional<Why> pointerWhy(const PointerAnatomy& p, const TensorTraffic& tensor)
{
    if (!p.uniqueBytes || !p.uniqueBytesMax || tensor.bytes <= 0)
        return std::nullopt;
    Why why;
    why.pointer = p.arg;
    why.line = p.accesses.empty() ? 0 : p.accesses.front().line;
    const double lo = double(*p.uniqueBytes), hi = double(*p.uniqueBytesMax), counted = double(tensor.bytes);
    if (counted > hi * bytesDisagreeMinRatio) {
        why.gap = counted - hi;
        if (p.kind == AccessKind::Gather && *p.uniqueBytes > 0) {
            // The range's bottom is one row (every index equal); its top the
            // rows the indices can select.
            const std::int64_t rows = *p.uniqueBytesMax / *p.uniqueBytes;
            const std::int64_t tableRows = tensor.bytes / *p.uniqueBytes;
            why.text = QStringLiteral("the gather of %1 (line %2) reads at most %3 of %4 rows: TraceLens counts the whole table")
                           .arg(p.arg)
                           .arg(why.line)
                           .arg(formatCount(rows), formatCount(tableRows));
        } else {
            why.text = QStringLiteral("%1 (line %2) is touched at %3 of its %4 (%5): TraceLens counts the whole tensor")
                           .arg(p.arg)
                           .arg(why.line)
                           .arg(formatBytes(*p.uniqueBytesMax), formatBytes(tensor.bytes), accessKindKey(p.kind));
        }
        return why;
    }
    if (lo > counted * bytesDisagreeMinRatio) {
        why.gap = counted - lo;
        why.text
            = QStringLiteral("%1 (line %2) touches %3 (%4%5), TraceLens counts its tensor's %6")
                  .arg(p.arg)
                  .arg(why.line)
                  .arg(formatBytes(*p.uniqueBytes), pointerRoleKey(p.role),
                      p.role == PointerAnatomy::Role::InOut ? QStringLiteral(": read and written") : QString(), formatBytes(tensor.bytes));
        return why;
    }
    return std::nullopt;
}

struct Figures
{
    double counted = 0; // the model's
    double lo = 0; // the source's unique bytes, the range's bottom
    double hi = 0; // and top
    bool modelMore = false;
    bool sourceMore = false;
};

std::optional<Figures> figuresOf(const KernelAnatomy& anatomy, const KernelModel& model)
{
    if (model.provenance == Provenance::None || !model.bytes || *model.bytes <= 0 || anatomy.approximate)
        return std::nullopt;
    if (!anatomy.uniqueBytes || !anatomy.uniqueBytesMax || *anatomy.uniqueBytes <= 0)
        return std::nullopt;
    Figures f;
    f.counted = double(*model.bytes);
    f.lo = double(*anatomy.uniqueBytes);
    f.hi = double(std::max(*anatomy.uniqueBytesMax, *anatomy.uniqueBytes));
    f.modelMore = f.counted > f.hi * bytesDisagreeMinRatio;
    f.sourceMore = f.lo > f.counted * bytesDisagreeMinRatio;
    return f;
}

} // namespace

bool sourceBytesDisagree(const KernelAnatomy& anatomy, const KernelModel& model)
{
    const std::optional<Figures> f = figuresOf(anatomy, model);
    return f && (f->modelMore || f->sourceMore);
}

std::optional<KernelFinding> bytesDisagreeFinding(const KernelAnatomy& anatomy, const KernelModel& model)
{
    const std::optional<Figures> f = figuresOf(anatomy, model);
    if (!f || (!f->modelMore && !f->sourceMore))
        return std::nullopt;
    const double counted = f->counted, lo = f->lo, hi = f->hi;
    const bool modelMore = f->modelMore;

    // The pointer that makes most of the gap, in its direction.
    std::optional<Why> best;
    for (const PointerAnatomy& p : anatomy.pointers) {
        const TensorTraffic* tensor = p.argPosition >= 0 ? tensorAt(model, p.argPosition) : nullptr;
        std::optional<Why> why = tensor ? pointerWhy(p, *tensor) : std::nullopt;
        if (!why || (why->gap > 0) != modelMore)
            continue;
        if (!best || std::abs(why->gap) > std::abs(best->gap))
            best = std::move(why);
    }

    const QString source = lo == hi
        ? formatBytes(*anatomy.uniqueBytes)
        : QStringLiteral("%1 to %2").arg(formatBytes(*anatomy.uniqueBytes), formatBytes(*anatomy.uniqueBytesMax));
    // Larger over smaller, at both ends of the range.
    const double near = modelMore ? counted / hi : lo / counted;
    const double far = modelMore ? counted / lo : hi / counted;
    const QString ratio = lo == hi ? ratioText(near) : QStringLiteral("%1 to %2").arg(ratioText(near), ratioText(far));
    KernelFinding finding;
    finding.kind = FindingKind::BytesDisagree;
    finding.text = modelMore ? QStringLiteral("TraceLens counts %1, the source's index expressions touch %2 (%3 fewer)")
                                   .arg(formatBytes(*model.bytes), source, ratio)
                             : QStringLiteral("the source's index expressions touch %1, TraceLens counts %2 (%3 more)")
                                   .arg(source, formatBytes(*model.bytes), ratio);
    if (best) {
        finding.text += QStringLiteral(": ") + best->text;
        finding.pointer = best->pointer;
        finding.line = best->line;
    }
    return finding;
}

} // namespace Ridgeline
