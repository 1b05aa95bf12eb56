// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// The V1 Triton performance model (spec section 4): figures from the
// kernel's block in the Inductor cache's wrapper files - element counts
// from size_hints, bytes from the signature's pointer types, FLOPs from the
// Original ATen ops. The fallback when the trace event lacks V2's args, and
// a cross-check of V2's pointwise output-write rule when it does not.
#pragma once

#include "engine/inductorcache/inductorcacheindex.h"
#include "engine/perfmodel/kernelmodelsource.h"

#include <memory>

namespace Ridgeline {

class PerfModelV1 final : public KernelModelSource
{
public:
    // Without an index every answer is `unavailable`: one line saying why
    // there is no cache ("no Inductor cache found in ...").
    PerfModelV1(std::shared_ptr<const InductorCacheIndex> index, QString unavailable);

    Provenance provenance() const override { return Provenance::V1; }
    std::optional<KernelModel> model(const ModelInput& input, QString* whyNot) const override;

    // Adds to a model V1 did not make what the cache says about the same
    // kernel: its block (Triton source, signature, the V1 figures where the
    // block can be modelled) and, for a V2 pointwise kernel, what the
    // signature says about V2's extra write of the first tensor. Nothing when
    // the cache lacks the kernel or its name is ambiguous.
    void annotate(const ModelInput& input, KernelModel& model) const;

    // The cache's block of the kernel, when the cache defines it unambiguously.
    const WrapperKernel* block(const ModelInput& input) const;

    // The figures of one wrapper block. On failure *derivation still holds
    // the block (its source is worth showing) and *whyNot says why.
    static std::optional<KernelModel> modelBlock(
        const WrapperKernel& kernel, const KernelName& parsedName, V1Derivation* derivation, QString* whyNot);

private:
    // The block by name (a kernel_file settling a name defined differently
    // in several graphs); failing that, the per-kernel file of the trace's
    // kernel_hash or kernel_file, which is the kernel's own source.
    CacheLookup find(const ModelInput& input) const;

    std::shared_ptr<const InductorCacheIndex> m_index;
    QString m_unavailable;
};

} // namespace Ridgeline
