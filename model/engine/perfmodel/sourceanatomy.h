// Stage perfmodel/: a kernel's figures, from V2 args or the V1 cache.
// A row's kernel anatomy from its found source: each distinct source is
// parsed once (kernelsource/recipe) and measured per row with the numels of
// that row's call (its Concrete Inputs, the model's xnumel and rnumel).
// The anatomy sits beside the model's figures; it never changes them.
#pragma once

#include "engine/perfmodel/kernelmodel.h"

#include <QHash>
#include <memory>
#include <mutex>

namespace Ridgeline {

struct KernelRecipe;
struct TritonOpArgs;

class SourceAnatomyReader
{
public:
    SourceAnatomyReader();
    ~SourceAnatomyReader();

    // Fills model.source's anatomy where a source text was found; `args`: the
    // row's call args (null for a kernel-only row). Safe from several threads.
    void fill(KernelModel& model, const TritonOpArgs* args);

private:
    std::shared_ptr<const KernelRecipe> recipeOf(const FoundSource& found);

    std::mutex m_mutex;
    QHash<QString, std::shared_ptr<const KernelRecipe>> m_recipes; // by FoundSource::key
};

} // namespace Ridgeline
