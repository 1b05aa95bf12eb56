#include "engine/perfmodel/kernelmodeller.h"

#include "engine/perfmodel/kernelkinds/inductorestimate.h"
#include "engine/perfmodel/perfmodelv1.h"
#include "engine/perfmodel/perfmodelv2.h"
#include "engine/perfmodel/sourceanatomy.h"

namespace Ridgeline {

QString provenanceKey(Provenance provenance)
{
    switch (provenance) {
    case Provenance::V2:
        return QStringLiteral("V2");
    case Provenance::V1:
        return QStringLiteral("V1");
    case Provenance::None:
        return QStringLiteral("none");
    }
    return {};
}

KernelModeller::KernelModeller(std::vector<std::unique_ptr<KernelModelSource>> sources)
    : m_sources(std::move(sources))
{
    for (const auto& source : m_sources) {
        if (auto* v1 = dynamic_cast<const PerfModelV1*>(source.get()))
            m_v1 = v1;
    }
}

KernelModeller KernelModeller::standard()
{
    std::vector<std::unique_ptr<KernelModelSource>> sources;
    sources.push_back(std::make_unique<PerfModelV2>());
    return KernelModeller(std::move(sources));
}

KernelModeller KernelModeller::withInductorCache(std::shared_ptr<const InductorCacheIndex> index, const QString& unavailable)
{
    std::vector<std::unique_ptr<KernelModelSource>> sources;
    sources.push_back(std::make_unique<PerfModelV2>());
    sources.push_back(std::make_unique<PerfModelV1>(index, unavailable));
    KernelModeller modeller(std::move(sources));
    modeller.m_index = std::move(index);
    modeller.m_unavailable = unavailable;
    FoundSource none;
    none.source.why = unavailable.isEmpty() ? QStringLiteral("no Inductor cache given") : unavailable;
    modeller.m_noSource = std::move(none);
    modeller.m_findSources = true;
    modeller.m_anatomy = std::make_shared<SourceAnatomyReader>();
    return modeller;
}

HeapOptional<FoundSource> KernelModeller::findSource(const ModelInput& input) const
{
    if (!m_index)
        return m_noSource;
    return m_index->findSource(
        input.kernelName, input.args ? input.args->kernelHash : QString(), input.args ? input.args->kernelFile : QString());
}

KernelModel KernelModeller::model(const ModelInput& given) const
{
    ModelInput input = given;
    if (m_v1 && !input.cacheBlock)
        input.cacheBlock = m_v1->block(input);
    const KernelCategory category = input.parsedName.category;
    QStringList failures, unavailable;
    bool hasV1 = false;
    for (const auto& source : m_sources) {
        hasV1 = hasV1 || source->provenance() == Provenance::V1;
        QString whyNot;
        if (auto model = source->model(input, &whyNot)) {
            if (model->provenance == Provenance::V2 && m_v1)
                m_v1->annotate(input, *model);
            if (!unavailable.isEmpty())
                model->reason += QStringLiteral("; ") + unavailable.join(QStringLiteral("; "));
            model->inductor = inductorEstimate(input.args, input.cacheBlock);
            if (m_findSources) {
                model->source = findSource(input);
                m_anatomy->fill(*model, input.args);
            }
            return std::move(*model);
        }
        unavailable << provenanceKey(source->provenance()) + QStringLiteral(" not available: ") + whyNot;
        failures << (m_sources.size() > 1 ? provenanceKey(source->provenance()) + QStringLiteral(": ") + whyNot : whyNot);
    }
    KernelModel none;
    none.provenance = Provenance::None;
    if (!traceLensModels(category))
        failures.prepend(whyTraceLensDoesNotModel(category));
    if (!hasV1)
        failures << QStringLiteral("the V1 fallback (Inductor cache) was not consulted");
    none.reason = failures.join(QStringLiteral("; "));
    none.inductor = inductorEstimate(input.args, input.cacheBlock);
    if (m_v1)
        m_v1->annotate(input, none); // a block's source is still worth reading
    if (m_findSources) {
        none.source = findSource(input);
        m_anatomy->fill(none, input.args);
    }
    return none;
}

} // namespace Ridgeline
