// Stage input/: a trace file read into a RawTrace.
// The args of a Triton kernel's cpu_op as recorded by the profiler (V2 input).
#pragma once

#include "engine/base/memory/cowvector.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

struct TritonOpArgs
{
    // Positional over the kernel's arguments. A dims entry is nullopt when
    // it was not a list of integers that fit in 64 bits; negative sizes and
    // strides are kept as recorded, for each model to refuse by name (the V2
    // model, OpArgs for the library ops). Shared by the copies (every row of
    // the kernel holds one).
    CowVector<std::optional<std::vector<std::int64_t>>> inputDims;
    CowVector<std::optional<std::vector<std::int64_t>>> inputStrides;
    QStringList inputTypes;
    QStringList concreteInputs;

    bool hasInputDims = false;
    bool hasInputTypes = false;
    bool hasInputStrides = false;
    bool hasConcreteInputs = false;

    // Raw JSON text of the four lists: the identity of a unique kernel call
    // (TraceLens groups by exactly these) and what exports show.
    QString inputDimsJson;
    QString inputTypesJson;
    QString inputStridesJson;
    QString concreteInputsJson;

    // Informational args of PyTorch 2.11.
    QString kernelFile;
    // Inductor's hash of the kernel's source: the stem of its per-kernel
    // file <xx>/<hash>.py in the cache (PyTorch 2.11 records it beside kernel_file).
    QString kernelHash;
    QString kernelKwargs;
    std::optional<int> numWarps;
    std::optional<int> numStages;
    // PyTorch 2.6+: "triton" on every Triton launch, Inductor's and user-written.
    QString kernelBackend;

    // Inductor's own estimates, written with TORCHINDUCTOR_BENCHMARK_KERNEL=1
    // or TORCHINDUCTOR_PROFILE: GB moved (10^9 bytes) and FLOPs.
    std::optional<double> inductorNumGb;
    std::optional<std::int64_t> inductorFlop;

    // Set when an arg was present but not of the expected shape.
    QString malformed;

    QString groupKey() const { return inputDimsJson + u'|' + inputTypesJson + u'|' + inputStridesJson + u'|' + concreteInputsJson; }
};

} // namespace Ridgeline
