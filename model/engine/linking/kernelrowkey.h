// Stage linking/: host ops to their launches to the GPU kernels they ran.
// A kernel row's identity: its op's (or GPU kernel's) name and the four arg
// lists' text, as TraceLens groups calls. One type for every stage that
// groups calls (library ops, rows) instead of a text key made per call: a
// key refers to the name and the args, never copies them (the lists may be
// hundreds of KB; a row may hold millions of calls).
#pragma once

#include "engine/input/tritonopargs.h"

#include <QStringView>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace Ridgeline {

struct KernelRowKey
{
    QStringView name;
    const TritonOpArgs* args = nullptr; // null: a GPU kernel without an op (a kernel-only row)
};

// The same name and either both without args or the same four lists (the
// args' other fields are no part of a row's identity).
bool operator==(const KernelRowKey& a, const KernelRowKey& b);

// Of the content that == compares: equal keys hash alike.
size_t qHash(const KernelRowKey& key, size_t seed = 0);
// The four lists' part of it; 0 for no args.
size_t argListsHash(const TritonOpArgs* args);

// An index per key (a row, a group), as a map of the keys would give,
// hashing each distinct args once: the reader interns args, so the calls
// of a row share one. The keys' names and args must outlive it.
class KernelRowKeyIndex
{
public:
    // The key's index; `next` when it had none, which it then keeps.
    // Second: whether it was added.
    std::pair<std::uint32_t, bool> insert(const KernelRowKey& key, std::uint32_t next);

private:
    size_t hashOf(const KernelRowKey& key);

    std::unordered_map<size_t, std::vector<std::pair<KernelRowKey, std::uint32_t>>> m_byHash;
    std::unordered_map<const TritonOpArgs*, size_t> m_hashOfArgs;
};

} // namespace Ridgeline
