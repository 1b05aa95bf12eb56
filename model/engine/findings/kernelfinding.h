// Stage findings/: what to change in a Triton kernel, read from its launch
// (launch/) and its source's anatomy (kernelsource/) beside TraceLens's
// figures (perfmodel/). A finding is a sentence with its evidence; the time
// at stake is the row's recoverable time under the lens, so it is attached
// where the lens judges (timebudget/, lens/), never stored here and never
// summed across the findings of one row.
#pragma once

#include <QString>
#include <cstdint>
#include <vector>

namespace Ridgeline {

enum class FindingKind
{
    UnderFilled, // the launch fills less than half the compute units
    Padding, // at least a quarter of the lanes are padding
    IndexBytes, // an int64 index load moves more bytes than the data it selects
    TransposedRead, // the innermost iteration digit read at a stride of at least 16
    BytesDisagree, // source bytes and TraceLens's differ by more than 1.5x
};
QString findingKindKey(FindingKind kind); // "under_filled", "padding", "index_bytes", "transposed_read", "bytes_disagree"

struct KernelFinding
{
    FindingKind kind = FindingKind::UnderFilled;
    QString text; // one sentence with its figures and the change to make
    // What it is about, for the inspector to highlight: a pointer of the
    // anatomy ("in_ptr1") and its source line (1-based); empty / 0 when
    // the finding is about the launch.
    QString pointer;
    int line = 0;
};

using KernelFindings = std::vector<KernelFinding>;

} // namespace Ridgeline
