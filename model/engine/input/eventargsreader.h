// Stage input/: a trace file read into a RawTrace.
// Reads the "args" object of the events the analysis keeps: a launch's or
// a GPU event's keys (correlation, External id, kernel, grid, block, and
// CUPTI's registers, shared memory, blocks per SM and occupancy) and a
// Triton op's V2 args (Input Dims, Input type, Input Strides, Concrete
// Inputs, ...). Every list is parsed by simdjson On-Demand over its own
// padded copy, so that a damaged value can never read past its text; a
// list whose JSON breaks is rejected whole at the first error. Lists are
// kept as canonical JSON text (PyTorch's own layout), so that a
// pretty-printed trace groups, shows and compares like a compact one.
#pragma once

#include "engine/input/records/launchshapes.h"
#include "engine/input/tritonopargs.h"

#include <QHash>
#include <QSet>
#include <memory>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace Ridgeline {

struct LaunchArgs
{
    std::int64_t correlation = -1;
    std::int64_t externalId = -1;
    std::string kernel;
    std::int64_t grid[3] = {};
    std::int64_t block[3] = {};
    bool hasGrid = false;
    bool hasBlock = false;
    // NVIDIA's kernel events only (CUPTI): what the launch occupied.
    std::optional<std::int64_t> registersPerThread;
    std::optional<std::int64_t> sharedMemory;
    std::optional<double> blocksPerSm;
    std::optional<double> estAchievedOccupancyPercent;
    // A memcpy call's `bytes` and `kind` (cudaMemcpyKind: 1 host to device,
    // 2 device to host, ...), written as numbers or as numeric strings.
    std::int64_t copyBytes = -1;
    int copyKind = -1;

    std::int64_t key() const { return correlation >= 0 ? correlation : externalId; }
    std::uint64_t geometry() const;
    LaunchShape shape() const; // what LaunchShapes keeps of it
};

class EventArgsReader
{
public:
    // Caps where the format has none: a kernel has a few dozen arguments
    // of a few dimensions each; anything longer is damage or an attack.
    static constexpr size_t maxListEntries = 4096;
    static constexpr size_t maxDims = 64;
    static constexpr size_t maxStringBytes = 1024;
    static constexpr size_t maxKernelNameBytes = 4096;
    static constexpr size_t maxListBytes = 64 << 10; // of one list's JSON text
    // What the distinct args kept may hold in all, their lists parsed and as
    // text (about 280 bytes a position of the four lists): 4,096-entry
    // lists of each op's own cost a MB an op, and a few thousand such ops
    // fit in a small file. Past it an op's lists are dropped, and its row
    // says so (time only), rather than the memory growing with the file.
    static constexpr size_t defaultMaxKeptListBytes = size_t(256) << 20;

    explicit EventArgsReader(size_t maxKeptListBytes = defaultMaxKeptListBytes)
        : m_maxKeptListBytes(maxKeptListBytes)
    { }

    LaunchArgs readLaunchArgs(std::string_view argsJson);
    // Shared between ops with identical args: a trace repeats the same few
    // kernel calls many thousand times.
    std::shared_ptr<const TritonOpArgs> readTritonOpArgs(std::string_view argsJson, std::int64_t* externalId);

    // "Input Dims"-style lists; nullopt when the text is not a list of
    // lists. An entry that is not a list of 64-bit integers is nullopt.
    std::optional<std::vector<std::optional<std::vector<std::int64_t>>>> readIntLists(std::string_view json);

    // The estimated bytes of the distinct args' lists kept, and how many
    // distinct args had theirs dropped past the cap.
    size_t keptListBytes() const { return m_keptListBytes; }
    size_t droppedListArgs() const { return m_droppedListArgs; }

private:
    simdjson::padded_string_view copy(std::string_view text, std::vector<char>& buffer);
    bool readStrings(std::string_view json, QStringList* out);
    // The list's JSON without its layout, entries separated by ", ".
    QString canonical(std::string_view json);
    std::shared_ptr<const TritonOpArgs> intern(TritonOpArgs&& parsed);
    // One copy of each Input type and Concrete Inputs entry ("float", "",
    // "1024"): a 4,096-entry list holds 4,096 of them, mostly the same.
    QString sharedEntry(QString&& text);

    simdjson::ondemand::parser m_argsParser;
    simdjson::ondemand::parser m_listParser;
    std::vector<char> m_argsBuffer;
    std::vector<char> m_listBuffer;
    std::string m_minified;
    std::unordered_multimap<size_t, std::shared_ptr<const TritonOpArgs>> m_argsByContent; // by contentHash
    size_t m_maxKeptListBytes;
    size_t m_keptListBytes = 0;
    size_t m_droppedListArgs = 0;
    QSet<QString> m_entries; // sharedEntry's, up to maxSharedEntries
    static constexpr qsizetype maxSharedEntries = 1 << 16;
};

} // namespace Ridgeline
