// Starts the desktop app: QApplication, the main window, the trace to open.
#pragma once

#include <QString>

namespace Ridgeline {

// Opens `tracePath` when it is not empty, with `inductorCache` attached when
// that is not empty.
int runGui(int argc, char** argv, const QString& tracePath, const QString& inductorCache);

} // namespace Ridgeline
