#include "timebudget/timebudgetbar.h"

#include "engine/base/text/units.h"

#include <QPainter>
#include <algorithm>

namespace Ridgeline {
namespace {

QColor workColor(GpuWork work)
{
    switch (work) {
    case GpuWork::Triton:
        return QColor(0x2e, 0x7d, 0x32);
    case GpuWork::Gemm:
        return QColor(0x15, 0x65, 0xc0);
    case GpuWork::Attention:
        return QColor(0x6a, 0x1b, 0x9a);
    case GpuWork::Communication:
        return QColor(0x00, 0x83, 0x8f);
    case GpuWork::Memcpy:
        return QColor(0x8d, 0x6e, 0x63);
    case GpuWork::Memset:
        return QColor(0xbc, 0xaa, 0xa4);
    case GpuWork::Other:
        return QColor(0x9e, 0x9e, 0x9e);
    }
    return Qt::gray;
}

QString percentOf(double us, double span)
{
    return span > 0 ? formatPercent(us / span, 1) : QStringLiteral("–");
}

} // namespace

TimeBudgetBar::TimeBudgetBar(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void TimeBudgetBar::setResult(const AnalysisResult* result)
{
    m_segments.clear();
    m_spanUs = 0;
    const DeviceActivity* device = result ? result->activity.mainDevice() : nullptr;
    if (device && device->spanUs > 0) {
        m_spanUs = device->spanUs;
        // The kinds' durations are sums over streams: where streams overlap
        // they exceed the busy time (a union), so they share it in proportion.
        double summed = 0;
        for (const auto& [work, us] : result->gpuTime.us)
            summed += std::max(0.0, us);
        for (const auto& [work, us] : result->gpuTime.us) {
            if (us > 0 && summed > 0)
                m_segments.push_back({ gpuWorkTitle(work), device->busyUs * us / summed, us, workColor(work) });
        }
        std::stable_sort(m_segments.begin(), m_segments.end(), [](const Segment& a, const Segment& b) { return a.us > b.us; });
        if (device->idleUs > 0)
            m_segments.push_back({ tr("idle"), device->idleUs, device->idleUs, QColor() });
    }

    QStringList lines;
    if (device && m_spanUs > 0) {
        lines << tr("Span of GPU activity on device %1: %2; busy %3 (%4), idle %5 (%6)")
                     .arg(device->device, formatTimeUs(m_spanUs), formatTimeUs(device->busyUs), percentOf(device->busyUs, m_spanUs),
                         formatTimeUs(device->idleUs), percentOf(device->idleUs, m_spanUs));
        for (const Segment& segment : m_segments) {
            if (segment.color.isValid())
                lines << tr("%1: %2 of kernel time summed").arg(segment.title, formatTimeUs(segment.summedUs));
        }
        lines << tr("Kinds of work are durations summed over every stream (and device): where streams overlap they exceed "
                    "the busy time, so the bar shares the busy time among them in proportion.");
    }
    setToolTip(lines.join(u'\n'));
    update();
}

QSize TimeBudgetBar::sizeHint() const
{
    return { 240, fontMetrics().height() + 4 }; // room for the titles inside
}

QSize TimeBudgetBar::minimumSizeHint() const
{
    return { 80, fontMetrics().height() + 4 };
}

void TimeBudgetBar::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    const QRectF area = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.setPen(palette().color(QPalette::Mid));
    painter.setBrush(Qt::NoBrush);
    if (m_spanUs <= 0) {
        painter.drawRect(area);
        return;
    }
    double x = area.left();
    for (const Segment& segment : m_segments) {
        const double width = area.width() * segment.us / m_spanUs;
        const QRectF part(x, area.top(), width, area.height());
        if (segment.color.isValid()) {
            painter.fillRect(part, segment.color);
        } else {
            // Idle: the background, hatched, so that it never reads as a kind of work.
            painter.fillRect(part, QBrush(palette().color(QPalette::Mid), Qt::BDiagPattern));
        }
        // The bar is its own legend where a title fits its segment.
        const QString title = fontMetrics().elidedText(segment.title, Qt::ElideRight, int(width) - 4);
        if (title.size() >= 4 || title == segment.title) { // a stub like "T…" says nothing
            painter.setPen(segment.color.isValid() ? QColor(Qt::white) : palette().color(QPalette::Text));
            painter.drawText(part, Qt::AlignCenter, title);
        }
        x += width;
    }
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(area);
}

} // namespace Ridgeline
