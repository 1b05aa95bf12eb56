// Starts the desktop app: QApplication, the main window, the trace to open.
#pragma once

namespace Ridgeline {

int runGui(int argc, char** argv);

} // namespace Ridgeline
