// The summary strip says each figure once and plainly: the Triton share is
// labelled with what it is a share of, a warning names a file rather than
// where it lies, and graphs that launch no Triton kernel are not reported
// as failed matches.
#include "engine/lens/judgement.h"
#include "engine/roofline/gpuspec.h"
#include "summarystrip.h"
#include "tracesummary.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

AnalysisResult traceOf(double tritonUs, double otherUs)
{
    AnalysisResult result;
    result.tracePath = QStringLiteral("/home/someone/traces/run.json.gz");
    result.totalGpuKernelTimeUs = tritonUs + otherUs;
    result.tritonKernelTimeUs = tritonUs;
    result.gpuTime.us[GpuWork::Triton] = tritonUs;
    result.gpuTime.us[GpuWork::Other] = otherUs;
    result.gpuTime.us[GpuWork::Memcpy] = 1;
    return result;
}

QString shown(const AnalysisResult& result)
{
    SummaryStrip strip;
    strip.setJudgement(*judge(std::make_shared<const AnalysisResult>(result), [] {
        Lens lens;
        lens.peaks = PeakSet::Datasheet;
        return lens;
    }()));
    return strip.text();
}

} // namespace

TEST(SummaryStrip, EachTritonShareSaysWhatItIsAShareOf)
{
    const QString text = shown(traceOf(193, 807));
    EXPECT_TRUE(text.contains(QStringLiteral("(19.30 % of kernel time)"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("shares of kernels and copies"))) << qPrintable(text);
}

TEST(SummaryStrip, AWarningNamesTheFileNotItsPath)
{
    AnalysisResult result = traceOf(1, 1);
    result.warnings << QStringLiteral("/home/someone/traces/capture.json.gz: no stream capture in this trace (no StreamBeginCapture call)");
    const QString text = shown(result);
    EXPECT_TRUE(text.contains(QStringLiteral("⚠ capture.json.gz: no stream capture"))) << qPrintable(text);
    EXPECT_FALSE(text.contains(QStringLiteral("/home/someone"))) << qPrintable(text);
    EXPECT_EQ(withFileNames(QStringLiteral("5.3 TB/s over CUDA/HIP graphs")), QStringLiteral("5.3 TB/s over CUDA/HIP graphs"));
    EXPECT_EQ(withFileNames(QStringLiteral("Inductor cache /tmp/a/b.zip: bad")), QStringLiteral("Inductor cache b.zip: bad"));
}

TEST(SummaryStrip, GraphsWithoutTritonKernelsAreNoFailedMatch)
{
    // An SGLang decode step: one graph launch of library kernels only.
    AnalysisResult result = traceOf(0, 10);
    result.graphs.launches.resize(1);
    result.graphs.launchesWithoutTriton = 1;
    CaptureSummary self;
    self.isReplayTrace = true;
    result.graphs.captures.push_back(self);
    const QString text = shown(result);
    EXPECT_FALSE(text.contains(QStringLiteral("0 of 1"))) << qPrintable(text);
    EXPECT_TRUE(text.contains(QStringLiteral("runs no Triton kernels"))) << qPrintable(text);

    // Launches of both kinds: only those with Triton kernels have a match to find.
    result.graphs.launches.resize(3);
    result.graphs.matchedLaunches = 2;
    result.graphs.replayedTritonKernels = 4;
    result.graphs.attributedKernels = 4;
    const QString mixed = shown(result);
    EXPECT_TRUE(mixed.contains(QStringLiteral("<b>2 of 2</b> graph launches matched"))) << qPrintable(mixed);
    EXPECT_TRUE(mixed.contains(QStringLiteral("(and 1 of library kernels only that no capture holds)"))) << qPrintable(mixed);
    EXPECT_FALSE(mixed.contains(QStringLiteral("library kernels (memcpy"))) << qPrintable(mixed);

    // Issue 30: replayed library kernels given their captured ops are said beside the Triton ones.
    result.graphs.replayedLibraryKernels = 6;
    result.graphs.attributedLibraryKernels = 5;
    const QString library = shown(result);
    EXPECT_TRUE(library.contains(QStringLiteral(", 5 of 6 library kernels (memcpy, memset) to their captured ops"))) << qPrintable(library);
}
