#include "engine/kernelsource/kernelanatomy.h"

namespace Ridgeline {

QString sourceOriginKey(SourceOrigin origin)
{
    switch (origin) {
    case SourceOrigin::KernelFile:
        return QStringLiteral("kernel_file");
    case SourceOrigin::CacheName:
        return QStringLiteral("cache_name");
    case SourceOrigin::OutputCode:
        return QStringLiteral("output_code");
    case SourceOrigin::Tlparse:
        return QStringLiteral("tlparse");
    case SourceOrigin::None:
        break;
    }
    return QStringLiteral("none");
}

QString sourceAccessOpKey(SourceAccess::Op op)
{
    return op == SourceAccess::Op::Store ? QStringLiteral("store") : QStringLiteral("load");
}

QString accessKindKey(AccessKind kind)
{
    switch (kind) {
    case AccessKind::Gather:
        return QStringLiteral("gather");
    case AccessKind::Masked:
        return QStringLiteral("masked");
    case AccessKind::Broadcast:
        return QStringLiteral("broadcast");
    case AccessKind::Slice:
        return QStringLiteral("slice");
    case AccessKind::Contiguous:
        return QStringLiteral("contiguous");
    case AccessKind::Unknown:
        break;
    }
    return QStringLiteral("unknown");
}

QString pointerRoleKey(PointerAnatomy::Role role)
{
    switch (role) {
    case PointerAnatomy::Role::Out:
        return QStringLiteral("out");
    case PointerAnatomy::Role::InOut:
        return QStringLiteral("in_out");
    case PointerAnatomy::Role::In:
        break;
    }
    return QStringLiteral("in");
}

} // namespace Ridgeline
