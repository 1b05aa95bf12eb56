// Reader benchmark: writes a synthetic trace of the requested size (many
// python_function and cpu_op events around Triton launches, as real traces
// have), analyses it, and prints throughput and peak memory. Peak memory
// should follow the kernels kept, not the file size: with --calls N the
// trace holds N Triton calls whatever its size, the rest is events the
// analysis drops (python stacks, aten ops, CPU-side flow ends).
//
//   ridgeline_bench [MEGABYTES=512] [--gzip] [--keep PATH] [--calls N]
//   ridgeline_bench --trace PATH      (an existing trace instead)
//
// Besides the whole analysis it times the reader's stages alone on the same
// file: the decompressed bytes only, then the event scanner with a sink that
// keeps nothing, so that a slowdown points at its stage.
#include "engine/analysis.h"
#include "engine/input/jsoneventscanner.h"
#include "engine/input/scanaheadreader.h"
#include "engine/input/traceeventcollector.h"
#include "engine/input/tracesource.h"

#include <KCompressionDevice>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <limits>
#include <string>

using namespace Ridgeline;

namespace {

long peakRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    }
    return -1;
}

QByteArray block(int i, double ts, bool withCall)
{
    const QByteArray n = QByteArray::number(i);
    const QByteArray t = QByteArray::number(ts, 'f', 3);
    QByteArray out;
    for (int k = 0; k < 20; ++k) // python stack noise: most of a real trace's bytes
        out += R"({"ph": "X", "cat": "python_function", "name": "torch/nn/modules/module.py(1750): _call_impl", "pid": 1, "tid": 1, "ts": )"
            + t
            + R"(, "dur": 1.0, "args": {"Python parent id": 3, "Python id": 4, "Ev Idx": 5}},)"
              "\n";
    if (!withCall) // an aten op and a runtime call's flow end on the CPU, as ROCm writes them
        return out + R"({"ph": "X", "cat": "cpu_op", "name": "aten::empty_strided", "pid": 1, "tid": 1, "ts": )" + t
            + R"(, "dur": 3.0, "args": {"External id": )" + n
            + R"(, "Input Dims": [[], [], [], [], [], []]}},)"
              "\n"
            + R"({"ph": "f", "id": )" + n + R"(, "pid": 1, "tid": 1, "ts": )" + t + R"(, "cat": "ac2g", "name": "ac2g", "bp": "e"})";
    out += R"({"ph": "X", "cat": "cpu_op", "name": "triton_poi_fused_add_mul_)" + QByteArray::number(i % 50)
        + R"(", "pid": 1, "tid": 1, "ts": )" + t + R"(, "dur": 10.0, "args": {"External id": )" + n
        + R"(, "Input Dims": [[8, 4096, 2048], [8, 4096, 2048], []], "Input Strides": [[8388608, 2048, 1], [8388608, 2048, 1], []], "Input type": ["c10::BFloat16", "c10::BFloat16", "Scalar"], "Concrete Inputs": ["", "", "67108864"]}},)"
          "\n";
    out += R"({"ph": "X", "cat": "cuda_runtime", "name": "hipModuleLaunchKernel", "pid": 1, "tid": 1, "ts": )"
        + QByteArray::number(ts + 2, 'f', 3) + R"(, "dur": 5.0, "args": {"External id": )" + n + R"(, "correlation": )" + n + "}},\n";
    out += R"({"ph": "f", "id": )" + n + R"(, "pid": 2, "tid": 0, "ts": )" + t
        + R"(, "cat": "ac2g", "name": "ac2g", "bp": "e"},)"
          "\n";
    out += R"({"ph": "X", "cat": "kernel", "name": "triton_poi_fused_add_mul_)" + QByteArray::number(i % 50)
        + R"(", "pid": 2, "tid": 0, "ts": )" + QByteArray::number(ts + 20, 'f', 3) + R"(, "dur": 100.5, "args": {"External id": )" + n
        + R"(, "correlation": )" + n + "}}";
    return out;
}

class NullSink : public JsonEventScanner::Sink
{
public:
    void event(std::string_view json, std::int64_t) override { bytes += json.size(); }
    void topLevelValue(std::string_view, std::string_view) override { }
    void skippedElement(std::int64_t, const QString&) override { }
    size_t bytes = 0;
};

// Seconds to read `path` decompressed (one thread), or through the reader's
// scanning thread, every event handed over and dropped: no decode.
double timeStage(const QString& path, bool scan, qint64* decompressed)
{
    QString error;
    auto source = TraceSource::open(path, &error);
    if (!source)
        return -1;
    QElapsedTimer timer;
    timer.start();
    *decompressed = 0;
    if (scan) {
        NullSink sink;
        std::int64_t position = 0;
        ScanAheadReader reader(*source);
        while (reader.next(sink, &position)) { }
        *decompressed = reader.ending().decompressedBytes;
    } else {
        std::vector<char> bytes(1 << 16);
        for (qint64 n; (n = source->stream().read(bytes.data(), qint64(bytes.size()))) > 0;)
            *decompressed += n;
    }
    return double(timer.nsecsElapsed()) / 1e9;
}

// Keeps every event's text: the per-event stages below are timed on
// events in memory, apart from decompression and scanning.
class KeepingSink : public JsonEventScanner::Sink
{
public:
    void event(std::string_view json, std::int64_t) override { events.emplace_back(json); }
    void topLevelValue(std::string_view, std::string_view) override { }
    void skippedElement(std::int64_t, const QString&) override { }
    std::vector<std::string> events;
};

// This thread's CPU seconds: on a busy machine, wall time counts the others' work too.
double threadSeconds()
{
    timespec now {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return double(now.tv_sec) + double(now.tv_nsec) / 1e9;
}

// The reader's two per-event stages alone, one thread, best of five (CPU time): the
// prefilter the scanning thread runs on every event, and the collector's
// decode of the events it lets through (the reading thread's work). A
// slowdown of the reader shows here at a few percent, which the whole
// analysis's wall time on a busy machine hides.
void timeEventStages(const QString& path)
{
    QString error;
    auto source = TraceSource::open(path, &error);
    if (!source)
        return;
    KeepingSink sink;
    std::int64_t position = 0;
    ScanAheadReader reader(*source);
    while (reader.next(sink, &position)) { }
    constexpr int rounds = 5;
    double filterSeconds = std::numeric_limits<double>::max();
    std::vector<const std::string*> kept;
    for (int round = 0; round < rounds; ++round) {
        kept.clear();
        const double start = threadSeconds();
        for (const std::string& event : sink.events) {
            if (TraceEventCollector::mayUse(event))
                kept.push_back(&event);
        }
        filterSeconds = std::min(filterSeconds, threadSeconds() - start);
    }
    double collectSeconds = std::numeric_limits<double>::max();
    for (int round = 0; round < rounds; ++round) {
        RawTrace trace;
        TraceEventCollector collector(trace, TraceEventCollector::Input::Prefiltered);
        const double start = threadSeconds();
        for (const std::string* event : kept)
            collector.event(*event, 0);
        collector.finish();
        collectSeconds = std::min(collectSeconds, threadSeconds() - start);
    }
    std::printf("per-event stages (best of %d): prefilter %.1f ms over %zu events (%zu kept), collector %.1f ms\n", rounds,
        filterSeconds * 1e3, sink.events.size(), kept.size(), collectSeconds * 1e3);
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    qint64 megabytes = 512;
    bool gzip = false;
    QString keep;
    QString existing;
    int calls = -1; // every block

    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == u"--trace" && i + 1 < args.size())
            existing = args[++i];
        else if (args[i] == u"--gzip")
            gzip = true;
        else if (args[i] == u"--keep" && i + 1 < args.size())
            keep = args[++i];
        else if (args[i] == u"--calls" && i + 1 < args.size())
            calls = args[++i].toInt();
        else
            megabytes = args[i].toLongLong();
    }

    QTemporaryDir dir;
    const QString path = !existing.isEmpty() ? existing
        : !keep.isEmpty()                    ? keep
                                             : dir.filePath(gzip ? QStringLiteral("bench.json.gz") : QStringLiteral("bench.json"));
    if (existing.isEmpty()) {
        std::unique_ptr<QIODevice> out;
        if (gzip)
            out = std::make_unique<KCompressionDevice>(path, KCompressionDevice::GZip);
        else
            out = std::make_unique<QFile>(path);
        if (!out->open(QIODevice::WriteOnly))
            return 1;
        out->write("{\"deviceProperties\": [{\"name\": \"AMD Instinct MI300X\"}], \"traceEvents\": [\n");
        qint64 written = 0;
        int i = 0;
        while (written < megabytes << 20) {
            const QByteArray b = block(i, 1000.0 + 200.0 * i, calls < 0 || i < calls);
            written += out->write(i ? ",\n" + b : b);
            ++i;
        }
        out->write("\n]}\n");
        std::printf("wrote %s: %lld MB of JSON, %d Triton launches\n", qPrintable(path), written >> 20, calls < 0 ? i : std::min(i, calls));
    }
    const qint64 fileBytes = QFile(path).size();
    const long rssBefore = peakRssKb();

    qint64 decompressed = 0;
    const double readSeconds = timeStage(path, false, &decompressed);
    const double scanSeconds = timeStage(path, true, &decompressed);
    megabytes = decompressed >> 20;
    std::printf("stages: read %.2f s (%.0f MB/s of JSON), read+scan on its thread, events handed over %.2f s (%.0f MB/s)\n", readSeconds,
        double(megabytes) / readSeconds, scanSeconds, double(megabytes) / scanSeconds);

    timeEventStages(path);

    QElapsedTimer timer;
    timer.start();
    const auto outcome = analyzeTrace(path, {}, {});
    const double seconds = double(timer.nsecsElapsed()) / 1e9;
    if (outcome.status != AnalysisOutcome::Status::Ok) {
        std::fprintf(stderr, "%s\n", qPrintable(outcome.error));
        return 1;
    }
    std::printf("analysed %lld events in %.2f s: %.0f MB/s of JSON (file %.0f MB/s)\n", (long long)outcome.result->events.count, seconds,
        double(megabytes) / seconds, double(fileBytes) / 1048576.0 / seconds);
    std::printf("peak RSS %ld MB (before analysis %ld MB); %zu unique kernels\n", peakRssKb() / 1024, rssBefore / 1024,
        outcome.result->rows.size());
    return 0;
}
