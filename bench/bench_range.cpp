// Range re-analysis benchmark: what a time range picked on the timeline
// costs once the trace is prepared (no file read), against opening the
// trace, and what keeping the prepared trace costs in memory.
//
//   ridgeline_range_bench TRACE.json.gz [RUNS]
//       median times: analyzeTrace (read + figures), the middle third of the
//       GPU time from the prepared trace, and the whole trace from it again.
//   ridgeline_range_bench --memory keep|drop TRACE.json.gz
//       one analysis, the result kept (with or without its prepared trace),
//       then the resident memory (VmRSS, after malloc_trim) and its peak;
//       with keep, the same after one range of it too.
// No assertion; never part of the test suite.
#include "engine/analysis.h"
#include "engine/preparedtrace.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <algorithm>
#include <cstdio>
#include <functional>
#include <malloc.h>
#include <string_view>
#include <vector>

using namespace Ridgeline;

namespace {

double medianMs(int runs, const std::function<void()>& run)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        run();
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

// "VmRSS:  123 kB" and the like from /proc/self/status, in MiB.
double statusMiB(const char* key)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith(key))
            return line.mid(int(qstrlen(key))).trimmed().split(' ').front().toDouble() / 1024.0;
    }
    return -1;
}

AnalysisOptions options(bool keep)
{
    AnalysisOptions analysis;
    analysis.read.searchDefaultInductorCache = false;
    analysis.figures.keepPreparedTrace = keep;
    return analysis;
}

TimeRangeUs middleThird(const AnalysisResult& result)
{
    const DeviceActivity* device = result.activity.mainDevice();
    const double span = device ? device->spanUs : 0;
    return { span / 3, 2 * span / 3 };
}

int memory(bool keep, const QString& path)
{
    const AnalysisOutcome outcome = analyzeTrace(path, options(keep), {});
    if (outcome.status != AnalysisOutcome::Status::Ok) {
        std::fprintf(stderr, "%s\n", qPrintable(outcome.error));
        return 1;
    }
    malloc_trim(0); // what was freed goes back: the resident size is what stays
    const PreparedTrace* prepared = outcome.result->prepared.get();
    std::printf("%s: result kept %s its prepared trace: VmRSS %.1f MiB, VmHWM %.1f MiB", qPrintable(path), keep ? "with" : "without",
        statusMiB("VmRSS:"), statusMiB("VmHWM:"));
    if (prepared)
        std::printf(" (%zu GPU events, %zu Triton ops, %zu launches, %zu op calls)", prepared->trace.gpuEvents.size(),
            prepared->trace.tritonOps.size(), prepared->trace.launches.size(), prepared->merged.linked.opCalls.size());
    std::printf("\n");
    if (prepared) {
        // A range's copies of the trace come and go: the peak they add.
        AnalysisOptions ranged = options(true);
        ranged.figures.gpuRange = middleThird(*outcome.result);
        const AnalysisOutcome range = analyzePreparedTrace(outcome.result->prepared, ranged.figures, {});
        malloc_trim(0);
        std::printf("  after a range of it (%s): VmRSS %.1f MiB, VmHWM %.1f MiB\n",
            range.status == AnalysisOutcome::Status::Ok ? "analysed" : "failed", statusMiB("VmRSS:"), statusMiB("VmHWM:"));
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    if (argc >= 4 && std::string_view(argv[1]) == "--memory")
        return memory(std::string_view(argv[2]) == "keep", QString::fromLocal8Bit(argv[3]));
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s TRACE [RUNS] | --memory keep|drop TRACE\n", argv[0]);
        return 2;
    }
    const QString path = QString::fromLocal8Bit(argv[1]);
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;

    std::shared_ptr<const AnalysisResult> whole;
    const double openMs = medianMs(runs, [&] { whole = analyzeTrace(path, options(true), {}).result; });
    if (!whole || !whole->prepared) {
        std::fprintf(stderr, "%s: not analysed\n", qPrintable(path));
        return 1;
    }
    AnalysisOptions ranged = options(true);
    ranged.figures.gpuRange = middleThird(*whole);
    double rangeKernelUs = 0;
    const double rangeMs
        = medianMs(runs, [&] { rangeKernelUs = analyzePreparedTrace(whole->prepared, ranged.figures, {}).result->totalGpuKernelTimeUs; });
    const double againMs = medianMs(runs, [&] { analyzePreparedTrace(whole->prepared, options(true).figures, {}); });
    std::printf("%s, median of %d:\n", qPrintable(path), runs);
    std::printf("  open (read + figures)              %8.1f ms\n", openMs);
    std::printf("  range %.0f-%.0f us from prepared   %8.1f ms  (%.0f of %.0f us of kernels)\n", ranged.figures.gpuRange->startUs,
        ranged.figures.gpuRange->endUs, rangeMs, rangeKernelUs, whole->totalGpuKernelTimeUs);
    std::printf("  whole trace again from prepared    %8.1f ms\n", againMs);
    return 0;
}
