#include "engine/base/versions.h"

#include <karchive_version.h>
#include <simdjson.h>

namespace Ridgeline {

QString karchiveVersion()
{
    return QStringLiteral(KARCHIVE_VERSION_STRING);
}

QString simdjsonVersion()
{
    return QStringLiteral(SIMDJSON_VERSION);
}

} // namespace Ridgeline
