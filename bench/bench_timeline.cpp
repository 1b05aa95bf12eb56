// Timeline benchmark: drawing a frame and hit-testing with a million
// synthetic GPU events (four streams of back-to-back kernels of 0.3-40 us,
// labels of Triton rows, GEMMs and copies), at several zooms, into a
// 1920x1080 image with the pane's own painter. Prints ms per frame and
// per hit test; no assertion (the bar: under 16 ms a frame).
//
//   QT_QPA_PLATFORM=offscreen ridgeline_timeline_bench [EVENTS]
//   ridgeline_timeline_bench --trace TRACE.json.gz [RUNS]
//   ridgeline_timeline_bench --overlap [EVENTS]
// The second form analyses a real trace with and without the timeline kept,
// alternately, and prints each one's median time and what the timeline holds.
// The third draws issue 34's hostile case as the window's pane does: a
// million kernels on one stream all running at once (each starts 1 ns after
// the one before and lasts 1 s), at every zoom, and prints the peak RSS.
#include "engine/analysis.h"
#include "engine/timeline/timelinedetail.h"
#include "timeline/timelinepainter.h"

#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <algorithm>
#include <cstdio>
#include <random>
#include <string_view>

using namespace Ridgeline;

namespace {

std::shared_ptr<Timeline> syntheticTimeline(std::int64_t events)
{
    auto timeline = std::make_shared<Timeline>();
    for (int l = 0; l < 64; ++l)
        timeline->labels.push_back({ QStringLiteral("triton_poi_fused_%1").arg(l), TimelineLabelKind::GpuWork, GpuWork::Triton, l, -1 });
    timeline->labels.push_back({ QStringLiteral("Cijk_gemm"), TimelineLabelKind::GpuWork, GpuWork::Gemm, -1, 0 });
    timeline->labels.push_back({ QStringLiteral("Memcpy DtoD"), TimelineLabelKind::GpuWork, GpuWork::Memcpy, -1, -1 });
    std::mt19937_64 random(7);
    std::uniform_int_distribution<int> label(0, 65);
    std::lognormal_distribution<double> durationUs(1.0, 1.0);
    std::exponential_distribution<double> gapUs(1.0);
    const int streams = 4;
    for (int s = 0; s < streams; ++s) {
        TimelineLane& lane = timeline->lanes.emplace_back();
        lane.title = QStringLiteral("GPU 0 stream %1").arg(s);
        double t = 0;
        for (std::int64_t i = 0; i < events / streams; ++i) {
            const double duration = std::clamp(durationUs(random), 0.3, 40.0);
            lane.events.append(std::int64_t(t * 1000), std::int64_t(duration * 1000), std::uint32_t(label(random)));
            t += duration + gapUs(random);
            if (i % 20000 == 19999)
                t += 2000; // an idle gap of 2 ms now and then
        }
        timeline->endNs = std::max(timeline->endNs, std::int64_t(t * 1000));
    }
    timeline->gpuEvents = events;
    return timeline;
}

// N kernels on one stream, all running at once, as make_hostile_trace.py's
// overlapping-kernels writes them.
std::shared_ptr<Timeline> overlappingTimeline(std::int64_t events)
{
    auto timeline = std::make_shared<Timeline>();
    timeline->labels.push_back({ QStringLiteral("Cijk_Alik_Bljk_overlap"), TimelineLabelKind::GpuWork, GpuWork::Gemm, -1, 0 });
    TimelineLane& lane = timeline->lanes.emplace_back();
    lane.title = QStringLiteral("GPU 0 stream 7");
    for (std::int64_t i = 0; i < events; ++i)
        lane.events.append(i, 1'000'000'000, 0);
    timeline->endNs = events + 1'000'000'000;
    timeline->gpuEvents = events;
    return timeline;
}

// The process's peak resident memory (VmHWM), in MB.
long peakRssMb()
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').front().toLong() / 1024;
    }
    return -1;
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[values.size() / 2];
}

int compareOnTrace(const QString& path, int runs)
{
    std::vector<double> without, with;
    std::shared_ptr<const AnalysisResult> kept;
    for (int run = 0; run < runs; ++run) {
        for (bool keep : { false, true }) {
            AnalysisOptions options;
            options.read.searchDefaultInductorCache = false;
            options.figures.keepTimeline = keep;
            QElapsedTimer timer;
            timer.start();
            const AnalysisOutcome outcome = analyzeTrace(path, options, {});
            (keep ? with : without).push_back(double(timer.nsecsElapsed()) / 1e6);
            if (outcome.status != AnalysisOutcome::Status::Ok) {
                std::fprintf(stderr, "%s\n", qPrintable(outcome.error));
                return 3;
            }
            if (keep)
                kept = outcome.result;
        }
    }
    const double a = medianOf(without), b = medianOf(with);
    std::printf("%s: analysis without the timeline %.1f ms, with it %.1f ms (%+.1f %%), median of %d\n", qPrintable(path), a, b,
        (b / a - 1) * 100, runs);
    if (kept && kept->timeline)
        std::printf("timeline: %lld GPU events, %.1f bytes each in the GPU lanes, %zu lanes, %zu labels\n",
            (long long)kept->timeline->gpuEvents, kept->timeline->bytesPerGpuEvent(), kept->timeline->lanes.size(),
            kept->timeline->labels.size());
    return 0;
}

// The window's pane over a million overlapping kernels: the whole span,
// then zoomed in around their starts (where they pile up) and their ends.
int drawOverlap(std::int64_t events)
{
    QElapsedTimer timer;
    timer.start();
    const std::shared_ptr<Timeline> timeline = overlappingTimeline(events);
    std::printf("%lld overlapping kernels on one stream, built in %lld ms, peak RSS %ld MB\n", (long long)events,
        (long long)timer.elapsed(), peakRssMb());
    TimelineScene scene;
    scene.timeline = timeline;
    scene.colouring = TimelineColouring(*timeline, {});
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    QFont font;
    font.setPixelSize(13);
    const double end = double(timeline->endNs);
    const std::pair<double, double> views[]
        = { { 0, end }, { 0, double(events) }, { double(events) / 2, double(events) / 2 + 1000 }, { end - 2.0 * double(events), end } };
    for (const auto& [start, stop] : views) {
        scene.startNs = start;
        scene.endNs = stop;
        double worst = 0, total = 0;
        const int frames = 10;
        for (int f = 0; f < frames; ++f) {
            timer.restart();
            QPainter painter(&image);
            TimelinePainter::paint(painter, scene, QRectF(0, 0, 1920, 1080), font);
            painter.end();
            const double ms = double(timer.nsecsElapsed()) / 1e6;
            worst = std::max(worst, ms);
            total += ms;
        }
        std::printf("view [%.0f, %.0f] ns: %7.2f ms a frame, worst %7.2f ms\n", start, stop, total / frames, worst);
    }
    std::printf("peak RSS %ld MB\n", peakRssMb());
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc > 2 && std::string_view(argv[1]) == "--trace") {
        QCoreApplication app(argc, argv);
        return compareOnTrace(QString::fromLocal8Bit(argv[2]), argc > 3 ? std::atoi(argv[3]) : 9);
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QGuiApplication app(argc, argv);
    if (argc > 1 && std::string_view(argv[1]) == "--overlap")
        return drawOverlap(argc > 2 ? std::atoll(argv[2]) : 1'000'000);
    const std::int64_t events = argc > 1 ? std::atoll(argv[1]) : 1'000'000;
    QElapsedTimer timer;
    timer.start();
    const std::shared_ptr<Timeline> timeline = syntheticTimeline(events);
    std::printf("%lld events in %zu lanes, %.1f bytes an event kept, built in %lld ms, %.1f ms of trace\n", (long long)events,
        timeline->lanes.size(), timeline->bytesPerGpuEvent(), (long long)timer.elapsed(), double(timeline->endNs) / 1e6);

    std::vector<KernelTimeFigures> figures(64);
    for (size_t k = 0; k < figures.size(); ++k) {
        figures[k].attainableUs = 0.5 + double(k) * 0.1;
        figures[k].limiter = k % 5 == 0 ? Limiter::Latency : Limiter::Memory;
    }
    TimelineScene scene;
    scene.timeline = timeline;
    scene.colouring = TimelineColouring(*timeline, figures);
    scene.highlightedLabel = 3; // a selected row: its calls drawn in every frame
    timer.restart();
    scene.highlightedEvents = eventsOfLabel(*timeline, 3);
    std::printf("a row selected: its calls found in %.2f ms\n", double(timer.nsecsElapsed()) / 1e6);
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    QFont font;
    font.setPixelSize(13);
    const double total = double(timeline->endNs);
    {
        // The first frame loads fonts and glyphs: not a frame of panning.
        scene.startNs = 0;
        scene.endNs = total;
        timer.restart();
        QPainter painter(&image);
        TimelinePainter::paint(painter, scene, QRectF(0, 0, 1920, 1080), font);
        std::printf("first frame (fonts loaded): %.2f ms\n", double(timer.nsecsElapsed()) / 1e6);
    }
    for (double zoom : { 1.0, 10.0, 100.0, 1000.0, 10000.0 }) {
        const double span = total / zoom;
        const int frames = 20;
        double worst = 0;
        timer.restart();
        for (int f = 0; f < frames; ++f) {
            // Frames across the trace, as panning would draw them.
            scene.startNs = (total - span) * f / frames;
            scene.endNs = scene.startNs + span;
            QElapsedTimer frame;
            frame.start();
            QPainter painter(&image);
            TimelinePainter::paint(painter, scene, QRectF(0, 0, 1920, 1080), font);
            painter.end();
            worst = std::max(worst, double(frame.nsecsElapsed()) / 1e6);
        }
        std::printf("zoom %6gx (%10.3f ms in view): %6.2f ms a frame, worst %6.2f ms\n", zoom, span / 1e6,
            double(timer.nsecsElapsed()) / 1e6 / frames, worst);
    }

    std::mt19937_64 random(11);
    std::uniform_real_distribution<double> at(0, total);
    const int tests = 200'000;
    int found = 0;
    timer.restart();
    for (int i = 0; i < tests; ++i) {
        const TimelineLane& lane = timeline->lanes[size_t(i) % timeline->lanes.size()];
        if (hitTest(lane.events, at(random), 500))
            ++found;
    }
    std::printf("hit test: %.3f us each (%d of %d hit)\n", double(timer.nsecsElapsed()) / 1e3 / tests, found, tests);
    return 0;
}
