// Folder anatomy/: the kernel's anatomy in the inspector.
// The anatomy's texts: a pointer's kind ("broadcast ×768", "gather, rows
// range"), its bytes for people ("1.50 MB", "12.0 KB – 3.00 MB"), and the
// Facts tab's HTML: the decorator's metadata, the fused ATen ops and source
// nodes, the launch and the source bytes beside the model's and Inductor's.
#pragma once

#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/launch/launchfacts.h"

#include <QString>
#include <optional>

namespace Ridgeline {

QString bytesRangeText(const PointerAnatomy& pointer); // unique bytes, a gather's "low – high"

// `launch` may be null; `modelBytes` the row's bytes (TraceLens's rule).
QString anatomyFactsHtml(const FoundSource& found, const LaunchFacts* launch, std::optional<double> modelBytes);

} // namespace Ridgeline
