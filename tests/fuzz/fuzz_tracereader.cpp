// libFuzzer target: the trace reader (event scanner + collector) on any
// bytes, once whole and once in small chunks: both must keep the same.
#include "engine/input/jsoneventscanner.h"
#include "engine/input/traceeventcollector.h"
#include "engine/libraryops/models/libraryopmodel.h"

#include <cstdlib>

namespace {

struct Read
{
    Ridgeline::RawTrace trace;
    bool ok = false;
};

Read read(const char* data, size_t size, size_t chunk)
{
    Read out;
    // With the library ops kept, as the analysis reads a trace.
    Ridgeline::TraceEventCollector collector(out.trace, Ridgeline::TraceEventCollector::Input::Unfiltered,
        [](QStringView name) { return Ridgeline::isModelledLibraryOp(name); });
    Ridgeline::JsonEventScanner scanner(collector);
    bool ok = true;
    for (size_t at = 0; at < size && ok; at += chunk)
        ok = scanner.feed(data + at, std::min(chunk, size - at));
    out.ok = ok && scanner.finish();
    collector.finish();
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const auto* text = reinterpret_cast<const char*>(data);
    const Read whole = read(text, size, size ? size : 1);
    const Read chunked = read(text, size, 7);
    // The chunk boundaries must not change what was read.
    if (whole.ok != chunked.ok || whole.trace.eventCount != chunked.trace.eventCount
        || whole.trace.skippedEvents != chunked.trace.skippedEvents || whole.trace.tritonOps.size() != chunked.trace.tritonOps.size()
        || whole.trace.gpuEvents.size() != chunked.trace.gpuEvents.size() || whole.trace.launches.size() != chunked.trace.launches.size()
        || whole.trace.libraryOps.ops.size() != chunked.trace.libraryOps.ops.size())
        std::abort();
    return 0;
}
