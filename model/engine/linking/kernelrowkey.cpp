#include "engine/linking/kernelrowkey.h"

#include <QHashFunctions>
#include <tuple>

namespace Ridgeline {
namespace {

auto listsOf(const TritonOpArgs& a)
{
    return std::tie(a.inputDimsJson, a.inputTypesJson, a.inputStridesJson, a.concreteInputsJson);
}

} // namespace

bool operator==(const KernelRowKey& a, const KernelRowKey& b)
{
    if (a.name != b.name)
        return false;
    if (a.args == b.args)
        return true;
    return a.args && b.args && listsOf(*a.args) == listsOf(*b.args);
}

size_t argListsHash(const TritonOpArgs* args)
{
    if (!args)
        return 0;
    return qHashMulti(1, args->inputDimsJson, args->inputTypesJson, args->inputStridesJson, args->concreteInputsJson);
}

size_t qHash(const KernelRowKey& key, size_t seed)
{
    return qHashMulti(seed, argListsHash(key.args), key.name);
}

std::pair<std::uint32_t, bool> KernelRowKeyIndex::insert(const KernelRowKey& key, std::uint32_t next)
{
    std::vector<std::pair<KernelRowKey, std::uint32_t>>& candidates = m_byHash[hashOf(key)];
    for (const auto& [known, index] : candidates) {
        if (known == key)
            return { index, false };
    }
    candidates.emplace_back(key, next);
    return { next, true };
}

size_t KernelRowKeyIndex::hashOf(const KernelRowKey& key)
{
    size_t argsHash = 0;
    if (key.args) {
        const auto [it, inserted] = m_hashOfArgs.try_emplace(key.args, 0);
        if (inserted)
            it->second = argListsHash(key.args);
        argsHash = it->second;
    }
    return qHashMulti(0, argsHash, key.name);
}

} // namespace Ridgeline
