#include "engine/input/records/gpueventlist.h"

#include <cmath>

namespace Ridgeline {
namespace {

// The nearest nanosecond to `us`, split so that no product leaves the range
// where a double holds integers exactly (trace clocks reach 1.7e15 us).
std::int64_t toNanoseconds(double us)
{
    const double whole = std::floor(us);
    return std::int64_t(whole) * 1000 + std::llround((us - whole) * 1000.0);
}

// The double that the text "<whole>.<3 decimals>" parses to: the nearest
// one to ns / 1000, as the reader's own parse of the file gave.
double toMicroseconds(std::int64_t ns)
{
    return double(ns / 1000) + double(ns % 1000) / 1000.0;
}

} // namespace

GpuEventList::GpuEventList(std::initializer_list<GpuEventRecord> events)
{
    for (const GpuEventRecord& event : events)
        push_back(event);
}

GpuEventList& GpuEventList::operator=(std::initializer_list<GpuEventRecord> events)
{
    *this = GpuEventList(events);
    return *this;
}

std::uint32_t GpuEventList::streamIndex(std::uint32_t thread)
{
    // GPU events come in long runs on one stream: most calls end here.
    if (thread == m_lastThread)
        return m_lastStream;
    std::uint32_t stream = maxStreams;
    if (const auto found = m_streamOfThread.find(thread); found != m_streamOfThread.end()) {
        stream = found->second;
    } else if (m_streamThreads.size() < maxStreams) {
        stream = std::uint32_t(m_streamThreads.size());
        m_streamThreads.push_back(thread);
        m_streamOfThread.emplace(thread, stream);
    }
    if (stream == maxStreams && m_streamThreads.size() == maxStreams)
        m_streamThreads.push_back(thread); // the overflow stream reads as the first thread past the cap
    m_lastThread = thread;
    m_lastStream = stream;
    return stream;
}

std::uint32_t GpuEventList::geometryId(std::uint64_t geometry)
{
    if (geometry == 0)
        return 0;
    if (const auto found = m_geometryIds.find(geometry); found != m_geometryIds.end())
        return found->second;
    if (m_geometries.size() > maxGeometries) {
        ++m_geometriesNotKept;
        return 0;
    }
    const auto id = std::uint32_t(m_geometries.size());
    m_geometries.push_back(geometry);
    m_geometryIds.emplace(geometry, id);
    return id;
}

void GpuEventList::push_back(const GpuEventRecord& event)
{
    const auto index = std::uint32_t(m_events.size());
    Compact compact;
    compact.startNs = toNanoseconds(event.ts);
    const std::int64_t durationNs = std::llround(event.dur * 1000.0);
    if (durationNs >= std::int64_t(durationOverflow)) {
        compact.durationNs = durationOverflow;
        m_longDurations.emplace(index, durationNs);
    } else {
        compact.durationNs = std::uint32_t(durationNs);
    }
    if (event.key < 0) {
        compact.key = keyNone;
    } else if (event.key >= std::int64_t(keyOverflow)) {
        compact.key = keyOverflow;
        m_wideKeys.emplace(index, event.key);
    } else {
        compact.key = std::uint32_t(event.key);
    }
    const std::uint32_t stream = streamIndex(event.thread);
    if (stream == maxStreams)
        ++m_overflowStreamEvents;
    compact.packed = std::uint64_t(event.nameId & 0xFFFFFFu) | std::uint64_t(stream) << 24
        | std::uint64_t(std::uint8_t(event.kind) & 0x3) << 36
        | std::uint64_t(geometryId(event.kind == GpuEventKind::Kernel ? event.geometry : event.copyBytes)) << 38;
    m_events.push_back(compact);
}

std::int64_t GpuEventList::key(size_t index) const
{
    const std::uint32_t key = m_events[index].key;
    if (key == keyNone)
        return -1;
    if (key == keyOverflow)
        return m_wideKeys.at(std::uint32_t(index));
    return key;
}

double GpuEventList::ts(size_t index) const
{
    return toMicroseconds(m_events[index].startNs);
}

GpuEventRecord GpuEventList::operator[](size_t index) const
{
    const Compact& compact = m_events[index];
    GpuEventRecord event;
    event.ts = toMicroseconds(compact.startNs);
    event.dur = compact.durationNs == durationOverflow ? toMicroseconds(m_longDurations.at(std::uint32_t(index)))
                                                       : double(compact.durationNs) / 1000.0;
    event.key = key(index);
    event.nameId = std::uint32_t(compact.packed & 0xFFFFFFu);
    event.thread = m_streamThreads[(compact.packed >> 24) & 0xFFFu];
    event.kind = GpuEventKind((compact.packed >> 36) & 0x3);
    const std::uint64_t wide = m_geometries[(compact.packed >> 38) & 0xFFFFFu];
    (event.kind == GpuEventKind::Kernel ? event.geometry : event.copyBytes) = wide;
    return event;
}

} // namespace Ridgeline
