// Stage base/: shared by every stage of the engine.
// Versions of the libraries the engine is built with, for the About box.
#pragma once

#include <QString>

namespace Ridgeline {

QString karchiveVersion();
QString simdjsonVersion();

} // namespace Ridgeline
