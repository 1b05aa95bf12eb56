// The result of modelling one Triton kernel: element counts, bytes and
// FLOPs with every intermediate number kept, so that the inspector can show
// the derivation and exports can say where TraceLens would differ.
#pragma once

#include "opcatalog.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

enum class Provenance {
    V2,   // from the trace event's own args
    V1,   // from the Inductor cache's wrapper files
    None, // no model: the reason says why
};

QString provenanceKey(Provenance provenance); // "V2", "V1", "none"

struct TensorTraffic
{
    int argIndex = 0;
    std::vector<std::int64_t> dims;
    QString dtype;
    std::optional<int> bytesPerElement; // Ridgeline; nullopt for an unknown dtype
    int traceLensBytesPerElement = 0;
    std::int64_t elements = 0;          // distinct elements: stride-0 dims read once
    std::int64_t traceLensElements = 0; // product of all dims
    std::int64_t bytes = 0;
    std::int64_t traceLensBytes = 0;
    bool broadcast = false;
};

struct OpFlops
{
    QString op;
    OpCost cost;
};

struct KernelModel
{
    Provenance provenance = Provenance::None;
    QString reason; // one line: where the figures come from, or why there are none

    std::int64_t xnumel = 0;
    std::int64_t rnumel = 1;
    QString xnumelSource; // e.g. "Concrete Inputs[3] (second-last integer)"
    QString rnumelSource;

    std::vector<TensorTraffic> tensors;
    // Pointwise kernels write their first tensor once more (spec 3.5).
    std::int64_t outputWriteBytes = 0;
    std::int64_t traceLensOutputWriteBytes = 0;
    QString outputWriteRule;

    std::vector<OpFlops> ops;
    std::int64_t flopsPerElement = 0;
    std::int64_t traceLensFlopsPerElement = 0;

    std::optional<std::int64_t> bytes; // nullopt when a dtype is unknown
    std::int64_t flops = 0;
    std::int64_t traceLensBytes = 0;
    std::int64_t traceLensFlops = 0;

    // Sentences saying why TraceLens would report other figures; empty when
    // it agrees with Ridgeline.
    QStringList traceLensDifferences;
};

} // namespace Ridgeline
