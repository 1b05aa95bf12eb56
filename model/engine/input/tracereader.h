// Stage input/: a trace file read into a RawTrace.
// Reads a trace file into a RawTrace: opens and decompresses it, streams the
// events through the scanner and the collector, reports progress in file
// bytes and stops when asked.
#pragma once

#include "engine/base/progress.h"
#include "engine/input/rawtrace.h"

namespace Ridgeline {

struct TraceReadResult
{
    enum class Status
    {
        Ok,
        Failed,
        Cancelled
    };
    Status status = Status::Failed;
    QString error; // one line, starting with the file's path
    RawTrace trace;
};

// `keepLibraryOp`: which cpu_ops to keep as library ops (RawTrace::libraryOps);
// `maxHostSpans`: the cap of RawTrace::hostSpans.
TraceReadResult readTrace(const QString& path, const JobControl& control, const LibraryOpFilter& keepLibraryOp = {},
    size_t maxHostSpans = HostSpans::defaultMaxSpans);

} // namespace Ridgeline
