// Stage input/: a trace file read into a RawTrace (prefilter/: which events are worth decoding).
// Most of a trace's bytes are python_function events and runtime calls the
// analysis never uses: reading a field or two straight from an event's text
// skips their full decode. Anything unusual falls through to the real
// parser: an unknown field never drops an event.
#pragma once

#include <optional>
#include <string_view>

namespace Ridgeline {

// cudaLaunchKernel, hipModuleLaunchKernel, cudaGraphLaunch, ...
bool isLaunch(std::string_view name);
// cudaStreamBeginCapture / EndCapture (hip too): graph capture bounds.
bool isCaptureMarker(std::string_view name);
// Memcpy and memset calls: graph nodes when captured.
bool isCopy(std::string_view name);
// The runtime calls the analysis keeps: launches, capture bounds, copies and syncs.
bool isKeptRuntimeCall(std::string_view name);

// Whether the event whose JSON text this is may be used: false only where
// its leading fields say for certain that it is not (a runtime call the
// analysis does not keep, a python_function frame too short to matter).
bool mayBeUsed(std::string_view json);

// A python_function event's own fields, read straight from its text where
// its leading fields hold them all plainly (each once, no escape, nothing
// nested before them, ts and dur finite JSON numbers): the collector keeps
// such a frame without a full decode. pid and tid as their JSON tokens
// (quoted when strings). nullopt for another event, or any doubt.
struct PlainFrame
{
    std::string_view ph, name, pid, tid;
    double ts = 0, dur = 0;
};
std::optional<PlainFrame> plainFrame(std::string_view json);
// How Kineto begins a complete frame's text: events that begin so are
// read from there on (most of a trace's events are frames).
inline constexpr std::string_view kinetoFramePrefix = R"({"ph": "X", "cat": "python_function", )";
inline bool beginsAsKinetoFrame(std::string_view json)
{
    return json.starts_with(kinetoFramePrefix);
}

} // namespace Ridgeline
