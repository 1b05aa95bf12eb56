// Stage inductorcache/: the Inductor cache found, opened and indexed.
// What a file or folder handed to Ridgeline is: a profiler trace to open,
// or an Inductor cache to read V1 figures from. Decided by content, never
// by name alone: a trace and a cache archive are both ".gz".
#pragma once

#include <QString>

namespace Ridgeline {

enum class InputKind
{
    Trace, // JSON, plain or compressed
    InductorCache, // a folder, a tar/zip archive, one wrapper .py file (output_code.py) or a TORCH_TRACE log
    Unusable, // neither; the classification's `problem` says why
};

struct InputClassification
{
    InputKind kind = InputKind::Unusable;
    QString problem; // for Unusable: a few words, without the path
};

// Cheap: reads at most the first few kilobytes; never lists a folder.
InputClassification classifyInput(const QString& path);

// Whether a trace is the capture of CUDA/HIP graphs and nothing else: it
// captures streams (StreamBeginCapture) and launches no graph. Reads the
// trace's JSON as it streams, up to maxCaptureProbeBytes of it.
bool isGraphCaptureTrace(const QString& path);
constexpr qint64 maxCaptureProbeBytes = qint64(256) << 20;

} // namespace Ridgeline
