// Helpers shared by the engine tests: paths to inputs, temporary trace
// files, and one-call analysis.
#pragma once

#include "engine/analysis.h"
#include "engine/lens/judgement.h"
#include "engine/roofline/gpuspec.h"

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>
#include <memory>

namespace Ridgeline::Test {

// The default lens but for datasheet peaks: what tests written against
// datasheet figures judge under (max-achievable is the default set).
inline Lens datasheetLens()
{
    Lens lens;
    lens.peaks = PeakSet::Datasheet;
    return lens;
}

QString sourcePath(const QString& relative); // inside the checkout
// A file of ../shared, or an empty string (after a loud message) when the
// shared folder is absent, so the caller can GTEST_SKIP.
QString sharedPath(const QString& relative);
QString bundledSampleTrace();

// True in the AddressSanitizer build: tests of hostile *scale* (inputs of
// millions of events) skip there, since ASan multiplies their memory and
// time; their small cases still run under it.
constexpr bool builtWithSanitizers()
{
#if defined(__SANITIZE_ADDRESS__)
    return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return true;
#else
    return false;
#endif
#else
    return false;
#endif
}

// Writes `content` to a new file named `name` in a per-test temporary folder.
class TempTraces
{
public:
    QString write(const QString& name, const QByteArray& content);
    QString gzip(const QString& name, const QByteArray& json);
    QString path(const QString& name) const;

private:
    QTemporaryDir m_dir;
};

// Analyses `path` with default options, except that no Inductor cache is searched.
AnalysisOutcome analyze(const QString& path);
// A file of the checkout analysed as analyze() does; null, after a test
// failure naming the problem, when that fails.
std::shared_ptr<const AnalysisResult> analyzedSource(const QString& relative);

// Builds Chrome trace JSON for synthetic fixtures.
QByteArray traceJson(const QByteArray& events, const QByteArray& extraTopLevel = {});
QByteArray tritonOpEvent(const QByteArray& name, double ts, double dur, int externalId, const QByteArray& args, int tid = 1);
QByteArray launchEvent(double ts, double dur, int correlation, const QByteArray& name = "hipModuleLaunchKernel", int tid = 1);
QByteArray kernelEvent(const QByteArray& name, double ts, double dur, int correlation, int stream = 0);
QByteArray flowEnd(int correlation, int stream = 0, double ts = 0);

const KernelRow* findRow(const AnalysisResult& result, const QString& name);
// The Triton rows of `result.kernels`: not the library ops after them.
size_t tritonRowCount(const AnalysisResult& result);
const KernelRow* findRow(const std::shared_ptr<const AnalysisResult>& result, const QString& name); // null-safe
const GpuSpec& mi300x();
// `candidate` against `baseline` judged under `lens` (default: each trace's
// own GPU, else MI300X, datasheet peaks, each trace's own t0).
TraceComparison compared(
    std::shared_ptr<const AnalysisResult> baseline, std::shared_ptr<const AnalysisResult> candidate, const Lens& lens = {});
// `result` alone judged under `lens` (default as compared()'s).
std::shared_ptr<const Judgement> judged(std::shared_ptr<const AnalysisResult> result, const Lens& lens = {});
// The same on MI300X's roofs under `peaks`, whichever GPU the trace names:
// what the exports of a fixture were written against before the lens.
std::shared_ptr<const Judgement> judgedOnMi300x(
    std::shared_ptr<const AnalysisResult> result, PeakSet peaks = PeakSet::Datasheet, std::optional<double> latencyFloorUs = {});
std::shared_ptr<const Judgement> judgedOnMi300x(
    const AnalysisResult& result, PeakSet peaks = PeakSet::Datasheet, std::optional<double> latencyFloorUs = {}); // a copy of it
// `row` as a trace recorded without record_shapes would give it: modelled
// from no args (so without figures), no throughput.
KernelRow withoutShapes(const KernelRow& row);

} // namespace Ridgeline::Test
