// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// One Triton kernel block of an Inductor wrapper file, as written there:
// name, Original ATen ops, size_hints, signature, heuristic and source.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace Ridgeline {

// The @triton_heuristics.* decorator (or its 2.0/2.1 spelling) of a block.
enum class HeuristicKind
{
    Pointwise,
    Reduction,
    PersistentReduction,
    CooperativeReduction,
    Template,
    Foreach,
    SplitScan,
    UserAutotune, // a user-defined @triton.autotune kernel registered by Inductor
    Unknown,
};

QString heuristicKey(HeuristicKind kind); // "pointwise", "persistent_reduction", ...
bool isModelledHeuristic(HeuristicKind kind);
bool isReductionHeuristic(HeuristicKind kind);

// One entry of the kernel's Triton signature, in argument order.
struct SignatureEntry
{
    QString name; // "in_ptr0"; from the def line when the signature has int keys
    QString type; // "*bf16", "i32", ...
    bool isPointer() const { return type.startsWith(u'*'); }
    bool isInOut() const { return name.startsWith(u"in_out_ptr"); }
};

struct SizeHint
{
    QString key; // "x", "y", "r0_"; for the list form "[0]", "[1]"
    std::int64_t value = 0;
};

struct WrapperKernel
{
    QString name; // the kernel's name as profiler traces show it
    QString variableName; // the Python variable the block is assigned to
    QString defName; // the name on the def line ("triton_" in 2.1-2.4)
    QString wrapperFile; // where the block was read: a path, or archive:member
    int blockIndex = 0; // 0-based, among the file's real blocks
    int line = 0; // 1-based line of "NAME = async_compile.triton("

    QString kernelPath; // "# kernel path:" comment; empty when absent
    bool hasAtenComment = false; // an "Original ATen: [...]" comment precedes it
    QStringList atenOps; // "aten." stripped: ["pow", "mean", ...]
    QStringList sourceNodes; // "Topologically Sorted Source Nodes: [long, embedding]": the FX nodes fused

    HeuristicKind heuristic = HeuristicKind::Unknown;
    QString decorator; // as written: "triton_heuristics.reduction"

    QString sizeHintsText; // as written: "{'x': 32768, 'r0_': 2048}"
    bool sizeHintsIsDict = false;
    std::vector<SizeHint> sizeHints;

    QString signatureText; // as written
    std::vector<SignatureEntry> signature;

    QString source; // the Triton source: the triple-quoted string's content
    // The same text, shared by every row that reads it (set when indexed):
    // the anatomy is parsed once per block, not once per row.
    std::shared_ptr<const QString> sharedSource;
    // Where the block was read: a cache's wrapper file (CacheName), an
    // output_code.py given alone (OutputCode) or a tlparse log (Tlparse).
    SourceOrigin origin = SourceOrigin::CacheName;

    // Set when a part needed for figures could not be read (the block is
    // kept so that a trace kernel of this name learns why it has none).
    QString problem;

    // Equal for two blocks that would give the same figures and source.
    QString contentKey() const { return sizeHintsText + u'\n' + signatureText + u'\n' + source; }
};

} // namespace Ridgeline
