// Stage input/: a trace file read into a RawTrace (records/: the compact records it keeps).
// The library ops a trace holds (aten::addmm, aten::_scaled_dot_product_flash_attention,
// aten::layer_norm, ...: the cpu_ops the library-op models cover), kept so
// that the outermost of them can own the GPU work launched under it. Names
// and args are interned, as a Triton op's args are (EventArgsReader): a
// trace repeats the same few signatures many thousand times, so an op costs
// its 28-byte record and nothing more.
#pragma once

#include "engine/input/tritonopargs.h"

#include <QString>
#include <QStringList>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

struct LaunchRecord;

// Which cpu_op names to keep as library ops (the library-op stage's
// isModelledLibraryOp, handed down: the reader comes before that stage).
// Empty: none.
using LibraryOpFilter = std::function<bool(QStringView name)>;

// One library cpu_op: its host span [ts, end] on its thread, its name and
// args as ids. Packed to 28 bytes: a big trace holds millions of aten ops.
struct [[gnu::packed]] LibraryOpRecord
{
    double ts = 0;
    double end = 0;
    std::uint32_t thread = 0;
    std::uint32_t nameId = 0; // into LibraryOpRecords::names
    std::uint32_t argsId = 0; // into LibraryOpRecords::args
};

struct LibraryOpRecords
{
    std::deque<LibraryOpRecord> ops; // in file order
    QStringList names;
    std::vector<std::shared_ptr<const TritonOpArgs>> args;

    const QString& nameOf(const LibraryOpRecord& op) const { return names[op.nameId]; }
    // While reading: the id of `interned` (EventArgsReader's: equal args are
    // one object, so one id), added when new.
    std::uint32_t argsId(std::shared_ptr<const TritonOpArgs> interned);
    const TritonOpArgs& argsOf(const LibraryOpRecord& op) const { return *args[op.argsId]; }

    // After reading: keeps only the ops that can own GPU work, the
    // outermost library op on its thread around at least one launch (an op
    // nested in another never owns anything: TraceLens's outermost modelled
    // op wins), and only the args those use. Keeps the ops' file order.
    void keepOnlyOwners(const std::deque<LaunchRecord>& launches);

    // After keepOnlyOwners: the op on `thread` whose span holds [ts, end]
    // (into ops), or -1. A binary search.
    std::int32_t ownerOf(std::uint32_t thread, double ts, double end) const;

private:
    std::vector<std::uint32_t> m_byThreadAndTs; // into ops, by (thread, ts)
    std::unordered_map<const TritonOpArgs*, std::uint32_t> m_argsIds; // while reading
};

} // namespace Ridgeline
