#include "testsupport.h"

#include "engine/perfmodel/kernelmodeller.h"
#include "engine/roofline/gpuspec.h"

#include <KCompressionDevice>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <algorithm>
#include <cstdio>
#include <gtest/gtest.h>

namespace Ridgeline::Test {

QString sourcePath(const QString& relative)
{
    return QStringLiteral(RIDGELINE_SOURCE_DIR) + u'/' + relative;
}

QString sharedPath(const QString& relative)
{
    QString root = qEnvironmentVariable("RIDGELINE_SHARED_DIR", QStringLiteral(RIDGELINE_SHARED_DIR));
    const QString path = QDir(root).filePath(relative);
    if (!QFileInfo::exists(path)) {
        std::fprintf(stderr,
            "\n*** SHARED TEST INPUT MISSING: %s\n*** The shared folder (../shared beside the checkout, or "
            "$RIDGELINE_SHARED_DIR) is absent: this test is SKIPPED, not passed.\n\n",
            qPrintable(path));
        return {};
    }
    return path;
}

QString bundledSampleTrace()
{
    return sourcePath(QStringLiteral("resources/samples/transformer_block_mi300x.json.gz"));
}

QString TempTraces::write(const QString& name, const QByteArray& content)
{
    QFile file(m_dir.filePath(name));
    if (!file.open(QIODevice::WriteOnly))
        qFatal("cannot write test fixture");
    file.write(content);
    return file.fileName();
}

QString TempTraces::gzip(const QString& name, const QByteArray& json)
{
    KCompressionDevice device(m_dir.filePath(name), KCompressionDevice::GZip);
    if (!device.open(QIODevice::WriteOnly))
        qFatal("cannot write gzip test fixture");
    device.write(json);
    device.close();
    return m_dir.filePath(name);
}

QString TempTraces::path(const QString& name) const
{
    return m_dir.filePath(name);
}

std::shared_ptr<const AnalysisResult> analyzedSource(const QString& relative)
{
    const AnalysisOutcome outcome = analyze(sourcePath(relative));
    if (outcome.status != AnalysisOutcome::Status::Ok)
        ADD_FAILURE() << qPrintable(outcome.error);
    return outcome.result;
}

const KernelRow* findRow(const std::shared_ptr<const AnalysisResult>& result, const QString& name)
{
    return result ? findRow(*result, name) : nullptr;
}

KernelRow withoutShapes(const KernelRow& row)
{
    KernelRow copy = row;
    const TritonOpArgs noShapes;
    copy.model = KernelModeller::standard().model({ copy.name, copy.parsedName, &noShapes });
    copy.tbPerS.reset();
    copy.tflopsPerS.reset();
    return copy;
}

const GpuSpec& mi300x()
{
    return *GpuCatalog::builtIn().find(QStringLiteral("MI300X"));
}

TraceComparison compared(std::shared_ptr<const AnalysisResult> baseline, std::shared_ptr<const AnalysisResult> candidate, const Lens& lens)
{
    return *judge(std::move(candidate), lens, std::move(baseline))->comparison;
}

std::shared_ptr<const Judgement> judged(std::shared_ptr<const AnalysisResult> result, const Lens& lens)
{
    return judge(std::move(result), lens);
}

std::shared_ptr<const Judgement> judgedOnMi300x(
    std::shared_ptr<const AnalysisResult> result, PeakSet peaks, std::optional<double> latencyFloorUs)
{
    Lens lens;
    lens.gpuChoice = mi300x().name;
    lens.peaks = peaks;
    lens.latencyFloorUs = latencyFloorUs;
    return judge(std::move(result), lens);
}

std::shared_ptr<const Judgement> judgedOnMi300x(const AnalysisResult& result, PeakSet peaks, std::optional<double> latencyFloorUs)
{
    return judgedOnMi300x(std::make_shared<const AnalysisResult>(result), peaks, latencyFloorUs);
}

AnalysisOutcome analyze(const QString& path)
{
    // This machine's own Inductor cache must not change what a test expects.
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    return analyzeTrace(path, options, {});
}

QByteArray traceJson(const QByteArray& events, const QByteArray& extraTopLevel)
{
    QByteArray json = "{\n  \"schemaVersion\": 1,\n  \"deviceProperties\": [{\"id\": 0, \"name\": \"AMD Instinct MI300X\"}],\n";
    if (!extraTopLevel.isEmpty())
        json += extraTopLevel + ",\n";
    json += "  \"traceEvents\": [\n" + events + "\n  ]\n}\n";
    return json;
}

QByteArray tritonOpEvent(const QByteArray& name, double ts, double dur, int externalId, const QByteArray& args, int tid)
{
    QByteArray argsText = "\"External id\": " + QByteArray::number(externalId);
    if (!args.isEmpty())
        argsText += ", " + args;
    return "{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3) + ", \"args\": {" + argsText
        + "}}";
}

QByteArray launchEvent(double ts, double dur, int correlation, const QByteArray& name, int tid)
{
    return "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

QByteArray kernelEvent(const QByteArray& name, double ts, double dur, int correlation, int stream)
{
    return "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"" + name + "\", \"pid\": 2, \"tid\": " + QByteArray::number(stream)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3)
        + ", \"args\": {\"correlation\": " + QByteArray::number(correlation) + "}}";
}

QByteArray flowEnd(int correlation, int stream, double ts)
{
    return "{\"ph\": \"f\", \"id\": " + QByteArray::number(correlation) + ", \"pid\": 2, \"tid\": " + QByteArray::number(stream)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"cat\": \"ac2g\", \"name\": \"ac2g\", \"bp\": \"e\"}";
}

size_t tritonRowCount(const AnalysisResult& result)
{
    return size_t(std::count_if(result.rows.begin(), result.rows.end(), [](const KernelRow& row) { return !row.isLibraryOp(); }));
}

const KernelRow* findRow(const AnalysisResult& result, const QString& name)
{
    for (const KernelRow& row : result.rows) {
        if (row.name == name)
            return &row;
    }
    return nullptr;
}

} // namespace Ridgeline::Test
