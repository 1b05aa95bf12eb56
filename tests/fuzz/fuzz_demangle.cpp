// libFuzzer target: kernel names made readable (the guarded demangler, the
// short name read from a mangling, the signature shortener, Tensile's tile).
// Asserts the bounds: nothing the demangler is let run on may print past
// maxCodeExpansion times the pre-scan's bound, and a short name stays short.
#include "engine/base/names/boundeddemangle.h"
#include "engine/base/names/readablekernelname.h"

#include <algorithm>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    // As the trace would have it (a mangling is ASCII), and with "_Z" in front
    // so that most inputs reach the demangler.
    for (const std::string& mangled : { std::string(bytes), "_Z" + std::string(bytes) }) {
        if (const auto text = Ridgeline::demangleBounded(mangled)) {
            if (text->size() > Ridgeline::maxDemangledBound * Ridgeline::maxCodeExpansion)
                std::abort();
        }
        if (const auto name = Ridgeline::nameFromMangling(mangled)) {
            if (name->size() > 3 * mangled.size() + 8) // its source names, "std::" for "St", "<…>"
                std::abort();
        }
        const QString name = QString::fromUtf8(mangled.data(), qsizetype(mangled.size()));
        const Ridgeline::ReadableKernelName readable = Ridgeline::readableKernelName(name);
        if (readable.demangled && readable.shortName.size() > Ridgeline::maxShortNameLength)
            std::abort();
    }
    const QString text = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    const QString shortName = Ridgeline::shortSignature(text);
    if (shortName.size() > std::max(Ridgeline::maxShortNameLength, text.size()))
        std::abort();
    (void)Ridgeline::tensileShortName(text);
    return 0;
}
