// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// A kernel's anatomy as its source states it: where the source came from,
// what the decorator and the wrapper's comments say, and each pointer with
// its loads and stores and the bytes their index expressions can touch.
// Inductor writes a kernel as a recipe of loads at index expressions, ops,
// reductions and stores over an iteration space (xindex, r0_index): reading
// that recipe tells a broadcast from a gather, a padded reduction from a full
// one. These figures sit beside TraceLens's bytes (which stay the model) and
// Inductor's own estimate (kernel_num_gb); they never replace them.
#pragma once

#include <QString>
#include <QStringList>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

// Where a row's kernel source was found, in the order it is looked for.
enum class SourceOrigin
{
    KernelFile, // the trace's kernel_hash, else kernel_file's base name, matched to a cache's <xx>/<hash>.py
    CacheName, // a cache block (wrapper or per-kernel file) of the same kernel name
    OutputCode, // an output_code.py (Inductor's wrapper) given or dropped
    Tlparse, // a TORCH_TRACE / tlparse log's inductor_output_code entry
    None, // no source: KernelSource::why says why
};
QString sourceOriginKey(SourceOrigin origin); // "kernel_file", "cache_name", "output_code", "tlparse", "none"

// One tl.load or tl.store as written.
struct SourceAccess
{
    enum class Op
    {
        Load,
        Store,
    };
    Op op = Op::Load;
    QString index; // the index expression after the pointer: "x0 + 768*x1"
    QString mask; // as written; empty for None or no mask
    QString eviction; // "evict_last", "evict_first"; empty when absent
    int line = 0; // 1-based line in the kernel's source
};
QString sourceAccessOpKey(SourceAccess::Op op); // "load", "store"

// What one pointer's accesses do, by precedence gather > masked >
// broadcast > slice > contiguous > unknown.
enum class AccessKind
{
    Gather, // an index loaded from another pointer
    Masked, // a condition restricts a digit of the iteration space
    Broadcast, // iteration digits absent from the index: each element read `reuse` times
    Slice, // a fraction of the tensor
    Contiguous,
    Unknown,
};
QString accessKindKey(AccessKind kind); // "gather", "masked", "broadcast", "slice", "contiguous", "unknown"

struct PointerAnatomy
{
    enum class Role
    {
        In,
        Out,
        InOut,
    };
    QString arg; // as the def line names it: "in_ptr0"
    int argPosition = -1; // its place on the def line (0-based), which the launch op's args follow
    Role role = Role::In;
    QString dtype; // as the signature writes it: "*bf16"
    AccessKind kind = AccessKind::Unknown;
    std::optional<std::int64_t> reuse; // broadcast: the product of the absent digits' extents
    std::vector<SourceAccess> accesses;
    // Per access (parallel to accesses): the elements between neighbouring
    // lanes of the innermost iteration digit (r0's first digit where the
    // access spans a reduction, else x's), its index's coefficient: 1 is a
    // coalesced read, 16 or more a transposed one. nullopt where the index
    // was not read or skips that digit (a broadcast along it).
    std::vector<std::optional<std::int64_t>> innermostStrides;
    // The distinct addresses the accesses can touch (the DRAM floor); for a
    // gather the range's bottom, with uniqueBytesMax its top (equal
    // otherwise). An in-out pointer counts its read and its write.
    std::optional<std::int64_t> uniqueElements;
    std::optional<std::int64_t> uniqueBytes;
    std::optional<std::int64_t> uniqueBytesMax;
    // The lanes the masks let through, summed over accesses and reduction
    // loops, padding lanes excluded.
    std::optional<std::int64_t> perAccessBytes;
    // The range of element offsets its direct (not gathered) accesses touch:
    // the lowest, and highest - lowest + 1. Fewer unique elements than the
    // span, or a lowest above 0, is a fraction of the tensor (a slice), also
    // where a higher kind (masked, broadcast) names the pointer.
    std::optional<std::int64_t> lowestElement;
    std::optional<std::int64_t> spanElements;
    // The pointers whose gathers take the values loaded from this one as
    // their index (an embedding's token ids index its table); empty for
    // a pointer that is no index.
    QStringList indexes;
    QString why; // when a figure is missing or approximate: one line
};
QString pointerRoleKey(PointerAnatomy::Role role); // "in", "out", "in_out"

struct KernelAnatomy
{
    // Counted in the source, and as inductor_meta states them (nullopt
    // where the metadata has no such entry).
    int parsedLoads = 0;
    int parsedStores = 0;
    std::optional<int> metaNumLoad;
    std::optional<int> metaNumStore;
    // Why the parsed counts differ from the metadata's for a reason other
    // than how Inductor counts (its num_load leaves out indirect indices'
    // loads); empty when they agree.
    QString countNote;

    QStringList atenOps; // the wrapper's "Original ATen: [...]", "aten." stripped
    QStringList sourceNodes; // "Topologically Sorted Source Nodes: [...]"

    std::vector<PointerAnatomy> pointers; // in def-line order
    // The pointers' sums; nullopt when any pointer's figure is unknown.
    std::optional<std::int64_t> uniqueBytes;
    std::optional<std::int64_t> uniqueBytesMax;
    std::optional<std::int64_t> perAccessBytes;
    std::optional<std::int64_t> inductorBytes; // kernel_num_gb x 10^9, rounded to the byte
    // The numels came from size_hints (powers of two): the figures are upper
    // bounds, not counts.
    bool approximate = false;
    QString problem; // a part of the source that could not be read: one line
};

// A row's source: where it came from and what it says.
struct KernelSource
{
    SourceOrigin origin = SourceOrigin::None;
    QString file; // the file or archive member it was read from; empty for None
    QString why; // None: why there is none, one line a user can act on
    std::optional<KernelAnatomy> anatomy; // nullopt until read, or when unreadable (why says)
};

} // namespace Ridgeline
