#include "engine/timebudget/idleopportunities.h"

#include "engine/base/text/units.h"

#include <limits>

namespace Ridgeline {

namespace {

QString gapsText(const IdleCause& cause)
{
    return QStringLiteral("%1 in %2 %3")
        .arg(formatTimeUs(cause.totalUs))
        .arg(cause.count)
        .arg(cause.count == 1 ? QStringLiteral("gap") : QStringLiteral("gaps"));
}

QString bytesText(std::int64_t bytes)
{
    return bytes == 1 ? QStringLiteral("1 byte") : QStringLiteral("%1 bytes").arg(bytes);
}

// What the largest gap of the class was blamed on, in a few words.
QString largestText(const IdleCause& cause)
{
    if (cause.largest.empty())
        return {};
    const ClassifiedGap& gap = cause.largest.front();
    QString what;
    switch (cause.cls) {
    case IdleCauseClass::Sync:
        what = gap.call;
        if (gap.bytes)
            what += QStringLiteral(" of ") + bytesText(*gap.bytes);
        if (!gap.direction.isEmpty())
            what += u' ' + QString(gap.direction).replace(u'_', u' ');
        if (!gap.op.isEmpty())
            what += QStringLiteral(" in ") + gap.op;
        break;
    case IdleCauseClass::Starved:
        what = gap.op;
        break;
    case IdleCauseClass::Launch:
    case IdleCauseClass::Other:
        break;
    }
    const QString at = QStringLiteral("%1 at %2").arg(formatTimeUs(gap.lengthUs), formatTimeUs(gap.startUs));
    return what.isEmpty() ? QStringLiteral(" (largest %1)").arg(at) : QStringLiteral(" (largest: %1, %2)").arg(what, at);
}

QString whyOf(const IdleCause& cause)
{
    const QString largest = largestText(cause);
    switch (cause.cls) {
    case IdleCauseClass::Sync:
        return QStringLiteral("the GPU idled %1 while the launching thread waited in a sync or a blocking copy%2: remove the sync "
                              "or move the copy out of the step (non_blocking copies from pinned memory, .item() and .cpu() "
                              "after the step)")
            .arg(gapsText(cause), largest);
    case IdleCauseClass::Launch:
        return QStringLiteral("the GPU idled %1 while the host issued launches back to back%2: launch overhead: capture the step "
                              "in CUDA/HIP graphs (torch.compile mode=\"reduce-overhead\") or fuse the small kernels")
            .arg(gapsText(cause), largest);
    case IdleCauseClass::Starved:
        return QStringLiteral("the GPU idled %1 while the launching thread ran its own code%2: move that work off the launching "
                              "thread (DataLoader workers, a preprocessing thread) or overlap it with the GPU; where it is the "
                              "launching code itself (a compiled graph's wrapper, a module's forward), capture it in CUDA/HIP graphs "
                              "(torch.compile mode=\"reduce-overhead\")")
            .arg(gapsText(cause), largest);
    case IdleCauseClass::Other:
        break;
    }
    return QStringLiteral("the GPU idled %1 that no recorded sync, launch or host frame covers half of%2: look at the "
                          "timeline there (a trace recorded with with_stack=True names the host's frames)")
        .arg(gapsText(cause), largest);
}

// The idle GPU as one item: where its gaps were not classified (a result
// built without the trace's host spans).
Opportunity unclassifiedIdle(const DeviceActivity& device)
{
    Opportunity idle;
    idle.kind = Opportunity::Kind::Idle;
    idle.name = QStringLiteral("idle GPU");
    idle.recoverableUs = device.idleUs;
    if (device.spanUs > 0)
        idle.shareOfSpan = device.idleUs / device.spanUs;
    std::int64_t gaps = 0;
    for (const IdleGapBucket& bucket : device.idleGaps)
        gaps += bucket.count;
    idle.count = int(std::min<std::int64_t>(gaps, std::numeric_limits<int>::max()));
    idle.why = QStringLiteral("the GPU ran nothing for %1 of its %2 span (%3 %) in %4 gaps; %5 of it after launches the host "
                              "issued late: capture the step in CUDA/HIP graphs, remove host syncs and CPU work between "
                              "launches")
                   .arg(formatTimeUs(device.idleUs), formatTimeUs(device.spanUs))
                   .arg(device.spanUs > 0 ? QString::number(100.0 * device.idleUs / device.spanUs, 'f', 1) : QStringLiteral("0"))
                   .arg(gaps)
                   .arg(formatTimeUs(device.hostBoundIdleUs));
    return idle;
}

} // namespace

std::vector<Opportunity> idleOpportunities(const DeviceActivity& device, const std::vector<IdleCause>& causes)
{
    if (causes.empty())
        return { unclassifiedIdle(device) };
    std::vector<Opportunity> items;
    for (const IdleCause& cause : causes) {
        if (!(cause.totalUs > 0))
            continue;
        Opportunity idle;
        idle.kind = Opportunity::Kind::Idle;
        idle.idleClass = cause.cls;
        idle.name = QStringLiteral("idle GPU: ") + idleCauseClassKey(cause.cls);
        idle.recoverableUs = cause.totalUs;
        idle.count = int(std::min<std::int64_t>(cause.count, std::numeric_limits<int>::max()));
        if (device.spanUs > 0)
            idle.shareOfSpan = cause.totalUs / device.spanUs;
        idle.why = whyOf(cause);
        items.push_back(std::move(idle));
    }
    return items;
}

} // namespace Ridgeline
