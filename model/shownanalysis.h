// What the window shows, without widgets: the open trace's result, the
// baseline of compare mode, the lens the user chose (GPU, peak set, t0,
// cache roofs, the user's GPUs) and the judgement of them under it. Every
// setter judges again and says so once (changed), so that every view reads
// one answer instead of re-applying the choices; the window's File menu
// writes its exports from here, the same bytes as the command line.
#pragma once

#include "engine/lens/judgement.h"

#include <QObject>
#include <QString>
#include <memory>
#include <optional>

namespace Ridgeline {

class ShownAnalysis final : public QObject
{
    Q_OBJECT
public:
    explicit ShownAnalysis(QObject* parent = nullptr);

    // The open trace; null: none (the judgement is then null too).
    void setResult(std::shared_ptr<const AnalysisResult> result);
    // Compare mode: the baseline of the open trace; null leaves compare mode.
    void setBaseline(std::shared_ptr<const AnalysisResult> baseline);
    void leaveCompareMode() { setBaseline(nullptr); }
    void setLens(const Lens& lens);
    // Convenience: one field of the lens each.
    void setGpuChoice(const QString& gpuName); // empty: each trace's own
    void setPeakSet(PeakSet peaks);
    void setLatencyFloor(std::optional<double> us); // nullopt: each trace's own
    void setCacheRoofs(bool shown);
    void setCatalog(std::shared_ptr<const GpuCatalog> catalog); // null: the built-in one

    const std::shared_ptr<const AnalysisResult>& result() const { return m_result; }
    const std::shared_ptr<const AnalysisResult>& baseline() const { return m_baseline; }
    const Lens& lens() const { return m_lens; }
    // Null while no trace is shown.
    const std::shared_ptr<const Judgement>& judgement() const { return m_judgement; }
    // The GPU the open trace is measured against; with no trace, the chosen
    // one, else the catalogue's default (pickGpu's rule).
    const GpuPick& gpu() const { return m_gpu; }
    const TraceComparison* comparison() const { return m_judgement ? m_judgement->comparison.get() : nullptr; }

    // File > Export: the kernel table (or the comparison) as the file's
    // suffix says (.json, .csv), exactly as `ridgeline --export` writes it.
    // False with *error when nothing is shown or the file cannot be written.
    bool exportKernelTable(const QString& path, QString* error) const;

    // The Markdown report of what is shown, as `ridgeline --report` writes
    // it (`rooflineImage`: a drawn image to link, relative to the report).
    // Empty when nothing is shown.
    QByteArray report(const QString& rooflineImage = {}) const;

Q_SIGNALS:
    // After the result, the baseline or the lens changed (once per change).
    void changed();

private:
    void rejudge();

    std::shared_ptr<const AnalysisResult> m_result;
    std::shared_ptr<const AnalysisResult> m_baseline;
    Lens m_lens;
    std::shared_ptr<const Judgement> m_judgement;
    GpuPick m_gpu = pickGpu(m_lens, {});
};

} // namespace Ridgeline
