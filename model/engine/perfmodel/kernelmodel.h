// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// The result of modelling one Triton kernel: element counts, bytes and
// FLOPs with every intermediate number kept, so that the inspector can show
// the derivation and exports can say where TraceLens would differ.
#pragma once

#include "engine/base/memory/heapoptional.h"
#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/perfmodel/v1derivation.h"
#include "engine/triton/opcatalog.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

enum class Provenance
{
    V2, // from the trace event's own args
    V1, // from the Inductor cache's wrapper files
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
    std::int64_t elements = 0; // distinct elements: stride-0 dims read once
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

// A GEMM template's matrix product, C[batch, M, N] = A[batch, M, K] x
// B[batch, K, N], and where its sizes were read.
struct GemmShape
{
    QString op; // the GEMM among the fused ops: "mm", "addmm", "bmm", "baddbmm", "_scaled_mm"...
    std::int64_t batch = 1;
    std::int64_t m = 0, n = 0, k = 0;
    int aArg = -1, bArg = -1, outArg = -1; // V2: positions in Input Dims; V1: in the signature
    QString operandDtype; // A's dtype: picks the matrix roof
    std::optional<bool> allowTf32; // the template's ALLOW_TF32 (V1 source); nullopt from V2
    QString source; // one line: which args or source lines gave M, N and K
    std::int64_t gemmFlops = 0; // 2 x batch x M x N x K
    std::int64_t epilogueFlops = 0; // fused ops' FLOPs per output element x batch x M x N
};

// Inductor's own estimate of a kernel (TORCHINDUCTOR_BENCHMARK_KERNEL=1 or
// TORCHINDUCTOR_PROFILE): shown beside Ridgeline's figures, never instead.
struct InductorEstimate
{
    std::optional<std::int64_t> bytes; // kernel_num_gb x 10^9, rounded to the byte: a count, exact
    std::optional<std::int64_t> flops; // kernel_flop
    QString source; // "the trace event's args" or the cache block's inductor_meta
};

struct KernelModel
{
    Provenance provenance = Provenance::None;
    QString reason; // one line: where the figures come from, or why there are none

    std::int64_t xnumel = 0;
    std::int64_t rnumel = 1;
    QString xnumelSource; // e.g. "Concrete Inputs[3] (second-last integer)"
    QString rnumelSource;

    // The first maxKeptTensors tensor args, for the inspector's table; the
    // figures count every one. A row of 4,096-entry arg lists would keep
    // 600 KB of them: the rest are summed in the three fields after.
    static constexpr size_t maxKeptTensors = 64;
    std::vector<TensorTraffic> tensors;
    size_t tensorsNotKept = 0;
    std::int64_t bytesOfTensorsNotKept = 0;
    std::int64_t traceLensBytesOfTensorsNotKept = 0;
    size_t tensorCount() const { return tensors.size() + tensorsNotKept; }
    // Pointwise kernels write their first tensor once more (spec 3.5).
    std::int64_t outputWriteBytes = 0;
    std::int64_t traceLensOutputWriteBytes = 0;
    QString outputWriteRule;
    // V2 pointwise rows: whether Ridgeline counts that write. TraceLens always
    // does; Ridgeline not where the args show that arg 0 cannot be the output
    // (fewer than xnumel elements) and another tensor is (exactly xnumel
    // elements, already counted once among the tensors).
    struct OutputWrite
    {
        bool counted = true;
        int tensor = 0; // the arg index it counts, or that holds the output when not counted
        bool ambiguous = false; // the args cannot tell in_out_ptr0 from out_ptr0
        QString note;
    };
    HeapOptional<OutputWrite> outputWrite;

    std::vector<OpFlops> ops;
    std::int64_t flopsPerElement = 0;
    std::int64_t traceLensFlopsPerElement = 0;

    std::optional<std::int64_t> bytes; // nullopt when a dtype is unknown
    std::int64_t flops = 0;
    // False where the kernel's ops are unknown (a user-written kernel, a
    // generic name the cache does not define): FLOPs are unknown, not 0, and
    // the kernel is measured against the memory roof alone.
    bool flopsKnown = true;
    // Template kernels: the matrix product; they run on the matrix units.
    HeapOptional<GemmShape> gemm;
    HeapOptional<InductorEstimate> inductor;
    std::int64_t traceLensBytes = 0;
    std::int64_t traceLensFlops = 0;

    // Sentences saying why TraceLens would report other figures; empty when
    // it agrees with Ridgeline.
    QStringList traceLensDifferences;

    // V1 rows: how the figures were derived from the Inductor cache. V2 rows
    // whose kernel the cache defines unambiguously: the cache's view of the
    // same kernel (its Triton source, signature and V1 figures) as a cross-check.
    // Rows without figures: the block when the cache has one (a template
    // kernel's source is still worth reading).
    HeapOptional<V1Derivation> v1;
    // V2 pointwise rows with a cache match: what the kernel's signature says
    // about V2's "first tensor is written once more" rule (in_out_ptr vs out_ptr).
    HeapOptional<QString> v1OutputWriteNote;
    // Triton rows of an analysis: where the kernel's source was found (or why
    // not) and its text, shared by the rows of one source. Unset where no
    // source was looked for (KernelModeller::standard()).
    HeapOptional<FoundSource> source;
};

} // namespace Ridgeline
