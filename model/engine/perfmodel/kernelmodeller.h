// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// Chooses the figures for a kernel: the category decides whether it can be
// modelled at all, then each model source is asked in order (V2 first, V1
// as the fallback) and the first answer wins. Failures are collected into
// the one-line reason a row of provenance "none" carries.
#pragma once

#include "engine/perfmodel/kernelmodelsource.h"

#include <memory>
#include <vector>

namespace Ridgeline {

class InductorCacheIndex;
class PerfModelV1;
class SourceAnatomyReader;

class KernelModeller
{
public:
    // The sources in priority order.
    explicit KernelModeller(std::vector<std::unique_ptr<KernelModelSource>> sources);
    // V2 only.
    static KernelModeller standard();
    // V2, then V1 from `index`; without an index V1 answers `unavailable`
    // (why there is no cache). What an analysis uses.
    static KernelModeller withInductorCache(std::shared_ptr<const InductorCacheIndex> index, const QString& unavailable);

    KernelModel model(const ModelInput& input) const;
    // Whether a model reads the kernel's own name (its source and V1 block
    // are looked up by it in the Inductor cache). Where not, it reads only
    // the name's category and fused ops and the op's args: kernels equal in
    // those get equal models.
    bool readsKernelNames() const { return m_index != nullptr; }

private:
    std::vector<std::unique_ptr<KernelModelSource>> m_sources;
    // Where the kernel's source is: the cache's per-kernel file of its hash,
    // else a block of its name; never changes the figures chosen.
    HeapOptional<FoundSource> findSource(const ModelInput& input) const;

    // The V1 source among m_sources, if any: it also cross-checks V2 models.
    const PerfModelV1* m_v1 = nullptr;
    // The sources' index; looked in only when `m_findSources` (an analysis).
    std::shared_ptr<const InductorCacheIndex> m_index;
    QString m_unavailable;
    // Without an index every row has no source for the same reason: they
    // share this one (376 bytes a row, 75 MB at 200,000 kernels).
    HeapOptional<FoundSource> m_noSource;
    bool m_findSources = false;
    // Parses each found source once and measures it per row (shared by copies).
    std::shared_ptr<SourceAnatomyReader> m_anatomy;
};

} // namespace Ridgeline
