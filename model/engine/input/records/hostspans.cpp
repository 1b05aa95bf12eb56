#include "engine/input/records/hostspans.h"

namespace Ridgeline {

QString copyDirectionKey(CopyDirection direction)
{
    switch (direction) {
    case CopyDirection::HostToHost:
        return QStringLiteral("host_to_host");
    case CopyDirection::HostToDevice:
        return QStringLiteral("host_to_device");
    case CopyDirection::DeviceToHost:
        return QStringLiteral("device_to_host");
    case CopyDirection::DeviceToDevice:
        return QStringLiteral("device_to_device");
    case CopyDirection::Unknown:
        break;
    }
    return {};
}

CopyDirection copyDirectionOfKind(int kind)
{
    switch (kind) { // cudaMemcpyKind (hipMemcpyKind has the same values)
    case 0:
        return CopyDirection::HostToHost;
    case 1:
        return CopyDirection::HostToDevice;
    case 2:
        return CopyDirection::DeviceToHost;
    case 3:
        return CopyDirection::DeviceToDevice;
    default:
        return CopyDirection::Unknown;
    }
}

bool HostSpans::isSyncCall(std::string_view name)
{
    // cuda/hip Device-, Stream- and EventSynchronize; StreamWaitEvent and the
    // driver's cuStreamWaitValue: the waits the runtime can make.
    return name.find("Synchronize") != std::string_view::npos || name.find("WaitEvent") != std::string_view::npos
        || name.find("WaitValue") != std::string_view::npos;
}

bool HostSpans::isBlockingCopyCall(std::string_view name)
{
    // cudaMemcpy, cudaMemcpy2D, hipMemcpyWithStream, hipMemcpyDtoH ...: a
    // copy whose call returns when it is done. The Async ones do not wait.
    return name.find("Memcpy") != std::string_view::npos && name.find("Async") == std::string_view::npos;
}

std::uint32_t HostSpans::nameId(std::string_view name)
{
    // A frame's name is a file, line and function: more than this is damage.
    name = name.substr(0, 512);
    if (const auto found = m_nameIds.find(name); found != m_nameIds.end())
        return found->second;
    if (m_names.size() >= qsizetype(maxNames) - 1) {
        if (m_names.size() == qsizetype(maxNames) - 1)
            m_names << QStringLiteral("(names past the first %1)").arg(maxNames - 1);
        return maxNames - 1;
    }
    const auto id = std::uint32_t(m_names.size());
    m_names << toQString(name);
    m_nameIds.emplace(std::string(name), id);
    return id;
}

bool HostSpans::add(
    HostSpanKind kind, double begin, double end, std::uint32_t thread, std::string_view name, std::int64_t bytes, CopyDirection direction)
{
    if (m_spans.size() >= m_maxSpans) {
        m_capped = true;
        return false;
    }
    HostSpan span;
    span.begin = begin;
    span.end = end;
    span.bytes = bytes;
    span.thread = thread;
    span.nameId = nameId(name) & 0xffffffu;
    span.kind = kind;
    span.direction = direction;
    m_spans.push_back(span);
    return true;
}

} // namespace Ridgeline
