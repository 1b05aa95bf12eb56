// A run without a window: the GPU list, the kernel table's export, the
// roofline (drawn by the widgets module, so only then loaded).
#pragma once

#include "commandline.h"
#include "widgetsmodule.h"

namespace Ridgeline::App {

// `widgets` may be null when options draw no roofline. The exit status.
int runHeadless(const Options& options, const WidgetsEntryPoints* widgets);

} // namespace Ridgeline::App
