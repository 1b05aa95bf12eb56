// Stage base/: shared by every stage of the engine.
// One CSV text field, as every CSV export writes one: RFC 4180 quoting and
// the formula guard of csvTextField (textescaping.h), where it is defined.
#pragma once

#include "engine/base/textescaping.h"

namespace Ridgeline {

inline QString csvField(const QString& text)
{
    return csvTextField(text);
}

} // namespace Ridgeline
