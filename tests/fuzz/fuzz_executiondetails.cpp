// libFuzzer target: execution_details.json beside a capture folder, parsed
// from bytes: every refusal says why in a line, every entry kept is sane.
#include "engine/graphs/executiondetails.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace Ridgeline;
    QString error;
    const auto details = parseExecutionDetails(QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)), &error);
    if (!details) {
        if (error.isEmpty() || error.size() > 1000)
            std::abort();
        return 0;
    }
    for (auto it = details->cbegin(); it != details->cend(); ++it) {
        if (it.key().isEmpty() || it.key().contains(u'/') || it.value().batchSize < 0 || it.value().mode.size() > maxCaptureModeChars)
            std::abort();
    }
    return 0;
}
