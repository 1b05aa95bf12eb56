#include "engine/findings/kernelfinding.h"

namespace Ridgeline {

QString findingKindKey(FindingKind kind)
{
    switch (kind) {
    case FindingKind::UnderFilled:
        return QStringLiteral("under_filled");
    case FindingKind::Padding:
        return QStringLiteral("padding");
    case FindingKind::IndexBytes:
        return QStringLiteral("index_bytes");
    case FindingKind::TransposedRead:
        return QStringLiteral("transposed_read");
    case FindingKind::BytesDisagree:
        return QStringLiteral("bytes_disagree");
    }
    return {};
}

QString findingBytesText(std::int64_t bytes)
{
    const double b = double(bytes);
    if (bytes < 1024)
        return QStringLiteral("%1 B").arg(bytes);
    if (b < 1024.0 * 1024)
        return QStringLiteral("%1 KiB").arg(b / 1024, 0, 'f', 1);
    if (b < 1024.0 * 1024 * 1024)
        return QStringLiteral("%1 MiB").arg(b / (1024.0 * 1024), 0, 'f', b < 10.0 * 1024 * 1024 ? 2 : 1);
    return QStringLiteral("%1 GiB").arg(b / (1024.0 * 1024 * 1024), 0, 'f', 2);
}

} // namespace Ridgeline
