#include "engine/perfmodel/sourceanatomy.h"

#include "engine/input/tritonopargs.h"
#include "engine/kernelsource/recipe/kernelmeasure.h"

#include <utility>

namespace Ridgeline {

SourceAnatomyReader::SourceAnatomyReader() = default;
SourceAnatomyReader::~SourceAnatomyReader() = default;

std::shared_ptr<const KernelRecipe> SourceAnatomyReader::recipeOf(const FoundSource& found)
{
    {
        const std::lock_guard lock(m_mutex);
        if (const auto it = m_recipes.constFind(found.key); it != m_recipes.cend())
            return *it;
    }
    // Parsed outside the lock: two threads may parse one source once each,
    // and the first one kept wins.
    auto recipe = std::make_shared<const KernelRecipe>(parseKernelSource(*found.text));
    const std::lock_guard lock(m_mutex);
    return *m_recipes.insert(found.key, m_recipes.value(found.key, recipe));
}

void SourceAnatomyReader::fill(KernelModel& model, const TritonOpArgs* args)
{
    // Read through const: a source shared by rows without one is not copied.
    if (!model.source || !std::as_const(model.source)->text)
        return;
    const std::shared_ptr<const KernelRecipe> recipe = recipeOf(*model.source);
    KernelMeasureInputs inputs;
    if (args)
        inputs.concreteInputs = args->concreteInputs;
    if (model.provenance != Provenance::None) {
        // Numels the model read (V2 from the args, V1 from the block): the
        // measure takes them only where the source and the inputs are silent.
        inputs.xnumel = model.xnumel;
        inputs.rnumel = model.rnumel;
    }
    FoundSource& found = *model.source;
    KernelAnatomy anatomy = measureKernel(*recipe, inputs);
    anatomy.atenOps = found.atenOps;
    anatomy.sourceNodes = found.sourceNodes;
    found.source.anatomy = std::move(anatomy);
}

} // namespace Ridgeline
