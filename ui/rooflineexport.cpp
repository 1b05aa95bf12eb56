// STUB: to be implemented (roofline helper).
#include "rooflineexport.h"

namespace Ridgeline {

bool exportRoofline(const AnalysisResult&, const GpuSpec&, PeakSet, const RooflineExportOptions& options, QString* error)
{
    *error = options.path + QStringLiteral(": roofline export not implemented yet");
    return false;
}

} // namespace Ridgeline
