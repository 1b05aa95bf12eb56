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

} // namespace Ridgeline
