#include "engine/export/graphexport.h"

#include "engine/base/textescaping.h"

#include <QJsonArray>

namespace Ridgeline {
namespace {

QJsonObject countsJson(const QMap<QString, int>& counts)
{
    QJsonObject object;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        object[it.key()] = it.value();
    return object;
}

} // namespace

QJsonValue capturesJson(const GraphMergeSummary& graphs)
{
    QJsonArray captures;
    for (int s = 0; s < int(graphs.captures.size()); ++s) {
        const CaptureSummary& capture = graphs.captures[size_t(s)];
        QJsonArray windows;
        for (const MergedCaptureWindow& window : graphs.windows) {
            if (window.source != s)
                continue;
            windows.append(QJsonObject {
                { QStringLiteral("window"), window.ordinal + 1 },
                { QStringLiteral("batch_size"), window.batchSize ? QJsonValue(*window.batchSize) : QJsonValue() },
                { QStringLiteral("mode"), window.mode.isEmpty() ? QJsonValue() : QJsonValue(window.mode) },
                { QStringLiteral("matched_launches"), window.matchedLaunches },
                // Every GPU event its matched launches replayed, Triton or not:
                // replayed = attributed + the unattributed counts.
                { QStringLiteral("replayed_kernels"), window.kernels.replayed },
                { QStringLiteral("attributed_kernels"), window.kernels.attributed },
                { QStringLiteral("unattributed_kernels"), countsJson(window.kernels.unattributed) },
            });
        }
        captures.append(QJsonObject {
            { QStringLiteral("path"), capture.path },
            { QStringLiteral("opened_trace"), capture.isReplayTrace },
            { QStringLiteral("capture_windows"), windows },
            { QStringLiteral("matched_launches"), capture.matchedLaunches },
            { QStringLiteral("warnings"), QJsonArray::fromStringList(capture.warnings) },
        });
    }
    return captures;
}

QJsonObject graphsJson(const GraphMergeSummary& graphs)
{
    return QJsonObject {
        { QStringLiteral("graph_launches"), int(graphs.launches.size()) },
        { QStringLiteral("matched_launches"), graphs.matchedLaunches },
        { QStringLiteral("ambiguous_launches"), graphs.ambiguousLaunches },
        { QStringLiteral("unmatched_launches"), graphs.unmatchedLaunches },
        { QStringLiteral("launches_without_triton_kernels"), graphs.launchesWithoutTriton },
        { QStringLiteral("replayed_triton_kernels"), graphs.replayedTritonKernels },
        { QStringLiteral("attributed_kernels"), graphs.attributedKernels },
        { QStringLiteral("unattributed_kernels"), countsJson(graphs.unattributed) },
        { QStringLiteral("replayed_library_kernels"), graphs.replayedLibraryKernels },
        { QStringLiteral("attributed_library_kernels"), graphs.attributedLibraryKernels },
    };
}

RowJson::Value replayJson(const KernelRow& row)
{
    if (!row.replay)
        return {};
    const ReplayChain& chain = *row.replay;
    return RowJson::Object {
        { QStringLiteral("file"), chain.captureFile },
        { QStringLiteral("opened_trace"), chain.captureInSameTrace },
        { QStringLiteral("window"), chain.captureWindow },
        { QStringLiteral("batch_size"), RowJson::Value(chain.batchSize) },
        { QStringLiteral("mode"), chain.mode.isEmpty() ? RowJson::Value() : RowJson::Value(chain.mode) },
        { QStringLiteral("graph_launches"), chain.graphLaunches },
        { QStringLiteral("capture_windows"), chain.captureWindows },
        { QStringLiteral("first_graph_launch"),
            RowJson::Object {
                { QStringLiteral("correlation"), qint64(chain.graphLaunchCorrelation) }, { QStringLiteral("ts"), chain.graphLaunchTs } } },
        { QStringLiteral("captured_op"),
            RowJson::Object {
                { QStringLiteral("external_id"), qint64(chain.capturedOpExternalId) }, { QStringLiteral("ts"), chain.capturedOpTs } } },
    };
}

QStringList replayCsvHeader()
{
    return { QStringLiteral("capture_file"), QStringLiteral("capture_window"), QStringLiteral("capture_batch_size"),
        QStringLiteral("graph_launches") };
}

QStringList replayCsvFields(const KernelRow& row)
{
    if (!row.replay)
        return { QString(), QString(), QString(), QString() };
    const ReplayChain& chain = *row.replay;
    return { csvTextField(chain.captureFile), QString::number(chain.captureWindow),
        chain.batchSize ? QString::number(*chain.batchSize) : QString(), QString::number(chain.graphLaunches) };
}

} // namespace Ridgeline
