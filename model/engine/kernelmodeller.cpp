#include "kernelmodeller.h"

#include "perfmodelv2.h"

namespace Ridgeline {

QString provenanceKey(Provenance provenance)
{
    switch (provenance) {
    case Provenance::V2: return QStringLiteral("V2");
    case Provenance::V1: return QStringLiteral("V1");
    case Provenance::None: return QStringLiteral("none");
    }
    return {};
}

KernelModeller::KernelModeller(std::vector<std::unique_ptr<KernelModelSource>> sources)
    : m_sources(std::move(sources))
{
}

KernelModeller KernelModeller::standard()
{
    std::vector<std::unique_ptr<KernelModelSource>> sources;
    sources.push_back(std::make_unique<PerfModelV2>());
    return KernelModeller(std::move(sources));
}

KernelModel KernelModeller::model(const ModelInput& input) const
{
    KernelModel none;
    none.provenance = Provenance::None;
    if (!isModelled(input.parsedName.category)) {
        none.reason = whyNotModelled(input.parsedName.category);
        return none;
    }
    QStringList failures;
    bool hasV1 = false;
    for (const auto& source : m_sources) {
        QString whyNot;
        if (auto model = source->model(input, &whyNot))
            return *model;
        hasV1 = hasV1 || source->provenance() == Provenance::V1;
        failures << (m_sources.size() > 1 ? provenanceKey(source->provenance()) + QStringLiteral(": ") + whyNot : whyNot);
    }
    if (!hasV1)
        failures << QStringLiteral("the V1 fallback (Inductor cache) is not available in this version");
    none.reason = failures.join(QStringLiteral("; "));
    return none;
}

} // namespace Ridgeline
