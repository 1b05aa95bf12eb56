#include "shownanalysis.h"

#include "engine/export/comparisonexport.h"
#include "engine/export/markdownreport.h"
#include "engine/export/resultexport.h"

#include <QCoreApplication>
#include <utility>

namespace Ridgeline {

ShownAnalysis::ShownAnalysis(QObject* parent)
    : QObject(parent)
{ }

void ShownAnalysis::setResult(std::shared_ptr<const AnalysisResult> result)
{
    if (result == m_result)
        return;
    m_result = std::move(result);
    rejudge();
}

void ShownAnalysis::setBaseline(std::shared_ptr<const AnalysisResult> baseline)
{
    if (baseline == m_baseline)
        return;
    m_baseline = std::move(baseline);
    rejudge();
}

void ShownAnalysis::setLens(const Lens& lens)
{
    if (lens == m_lens)
        return;
    m_lens = lens;
    if (!m_lens.catalog)
        m_lens.catalog = Lens::builtInCatalog();
    rejudge();
}

void ShownAnalysis::setGpuChoice(const QString& gpuName)
{
    Lens lens = m_lens;
    lens.gpuChoice = gpuName;
    setLens(lens);
}

void ShownAnalysis::setPeakSet(PeakSet peaks)
{
    Lens lens = m_lens;
    lens.peaks = peaks;
    setLens(lens);
}

void ShownAnalysis::setLatencyFloor(std::optional<double> us)
{
    Lens lens = m_lens;
    lens.latencyFloorUs = us;
    setLens(lens);
}

void ShownAnalysis::setCacheRoofs(bool shown)
{
    Lens lens = m_lens;
    lens.cacheRoofs = shown;
    setLens(lens);
}

void ShownAnalysis::setCatalog(std::shared_ptr<const GpuCatalog> catalog)
{
    Lens lens = m_lens;
    lens.catalog = catalog ? std::move(catalog) : Lens::builtInCatalog();
    setLens(lens);
}

void ShownAnalysis::rejudge()
{
    // A baseline waits for a trace: compare mode needs both.
    m_judgement = m_result ? judge(m_result, m_lens, m_baseline) : nullptr;
    m_gpu = m_judgement ? m_judgement->trace.gpu : pickGpu(m_lens, {});
    Q_EMIT changed();
}

bool ShownAnalysis::exportKernelTable(const QString& path, QString* error) const
{
    if (!m_judgement) {
        *error = QCoreApplication::translate("ShownAnalysis", "No trace is open: nothing to export to %1").arg(path);
        return false;
    }
    // The command line's function: the comparison export in compare mode.
    return writeExport(path, *m_judgement, error);
}

QByteArray ShownAnalysis::report(const QString& rooflineImage) const
{
    if (!m_judgement)
        return {};
    ReportInputs inputs;
    inputs.judgement = m_judgement.get();
    inputs.rooflineImage = rooflineImage;
    return markdownReport(inputs);
}

} // namespace Ridgeline
