// Everything one analysis of a trace produced: an immutable snapshot that
// crosses threads by shared_ptr<const AnalysisResult>.
#pragma once

#include "kernelrow.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace Ridgeline {

struct AnalysisResult
{
    QString tracePath;
    QString traceGpuName; // from deviceProperties; empty when not recorded
    double totalGpuKernelTimeUs = 0;
    double tritonKernelTimeUs = 0; // busy time of all rows, summed
    std::vector<KernelRow> kernels; // by total kernel time, longest first
    std::int64_t eventCount = 0;
    std::int64_t skippedEvents = 0;
    bool truncated = false;
    QStringList warnings;
};

} // namespace Ridgeline
