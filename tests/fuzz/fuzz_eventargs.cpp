// libFuzzer target: an event's args object as a Triton op's and as a
// launch's, parsed by simdjson over its own padded copy.
#include "engine/input/eventargsreader.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static Ridgeline::EventArgsReader reader; // shared, as in a trace: interning and buffers reused
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::int64_t externalId = -1;
    const auto args = reader.readTritonOpArgs(text, &externalId);
    (void)args->groupKey();
    (void)reader.readLaunchArgs(text).geometry();
    (void)reader.readIntLists(text);
    return 0;
}
