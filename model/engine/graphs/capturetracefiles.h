// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// The capture traces the user attached: each path a trace file or a folder
// of them (vLLM's capture_traces/), with the batch size and mode that an
// execution_details.json beside them gives, when there is one. It is used
// when present and never required.
#pragma once

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace Ridgeline {

struct CaptureTraceFile
{
    QString path;
    std::optional<int> batchSize;
    QString mode;
};

// Files in the order given, a folder's traces by name; problems (a folder
// without traces, an unreadable execution_details.json) become warnings.
std::vector<CaptureTraceFile> captureTraceFiles(const QStringList& paths, QStringList* warnings);

} // namespace Ridgeline
