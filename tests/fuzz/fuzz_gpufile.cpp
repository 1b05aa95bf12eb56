// libFuzzer target: a GPU peaks file (--gpu-file, the settings' gpus.json):
// parsed strictly and leniently, and every GPU it accepts drawn as a
// roofline frame and written back.
#include "engine/roofline/gpuspec.h"
#include "engine/roofline/rooflinedata.h"

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace Ridgeline;
    const QByteArray bytes(reinterpret_cast<const char*>(data), qsizetype(size));
    QString error;
    // The settings file's reading skips what the strict one refuses, each
    // in a line, a bounded number of lines; where nothing is refused, the two agree.
    QStringList skipped;
    const auto lenient = GpuCatalog::fromJsonSkippingInvalid(bytes, &skipped, &error);
    if (skipped.size() > GpuCatalog::maxSkippedWarnings + 1)
        std::abort();
    for (const QString& line : skipped) {
        if (line.size() > 1000)
            std::abort();
    }
    const auto catalog = GpuCatalog::fromJson(bytes, &error);
    if (catalog && (!lenient || !skipped.isEmpty() || !(*lenient == *catalog)))
        std::abort();
    if (!catalog) {
        if (error.isEmpty() || error.size() > 1000)
            std::abort(); // a refusal always says why, in a line
        return 0;
    }
    for (const GpuSpec& gpu : catalog->gpus()) {
        for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
            if (!gpu.has(set))
                continue;
            const RooflineData roofline = rooflineData(nullptr, gpu, set);
            const DecadeFrame frame = gpuFrame(roofline);
            if (!std::isfinite(frame.yMax()) || !std::isfinite(fitFrame(roofline).xMax()))
                std::abort(); // an accepted GPU always draws a finite frame
        }
    }
    // What is accepted is written back as it was read.
    QString again;
    if (!GpuCatalog::fromJson(catalog->toJson(), &again))
        std::abort();
    return 0;
}
