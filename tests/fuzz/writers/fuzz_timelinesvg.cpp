// libFuzzer target: the timeline drawn as SVG (issue 34) with every text a
// trace gives it from the bytes: the lanes' titles and devices, the boxes'
// labels (kernel, step and execute_ range names) and the file's name in the
// title, over boxes at any time and length the timeline may hold. It is
// drawn as --export-timeline draws it (TimelinePainter into QSvgGenerator,
// the title through printableText) and must come out well-formed XML.
#include "engine/timeline/timelinens.h"
#include "timeline/timelinepainter.h"

#include <QGuiApplication>
#include <QXmlStreamReader>
#include <cstdio>
#include <cstdlib>
#include <fuzzer/FuzzedDataProvider.h>

namespace {

using namespace Ridgeline;

QString text(FuzzedDataProvider& bytes)
{
    const std::string raw = bytes.ConsumeRandomLengthString(120);
    return QString::fromUtf8(raw.data(), qsizetype(raw.size()));
}

std::shared_ptr<const Timeline> timelineFrom(FuzzedDataProvider& bytes)
{
    auto timeline = std::make_shared<Timeline>();
    const int labels = bytes.ConsumeIntegralInRange<int>(1, 6);
    for (int i = 0; i < labels; ++i) {
        TimelineLabel label;
        label.name = text(bytes);
        label.kind = TimelineLabelKind(bytes.ConsumeIntegralInRange<int>(0, 4));
        timeline->labels.push_back(label);
    }
    const int lanes = bytes.ConsumeIntegralInRange<int>(1, 4);
    for (int l = 0; l < lanes; ++l) {
        TimelineLane lane;
        lane.kind = TimelineLaneKind(bytes.ConsumeIntegralInRange<int>(0, 4));
        lane.title = text(bytes);
        lane.device = text(bytes);
        // In order of start, within the clock's bound, some far apart.
        std::int64_t start = 0;
        const int events = bytes.ConsumeIntegralInRange<int>(0, 40);
        for (int e = 0; e < events; ++e) {
            start = std::min(
                maxTimelineNs, start + bytes.ConsumeIntegralInRange<std::int64_t>(0, bytes.ConsumeBool() ? 5000 : maxTimelineNs));
            const std::int64_t duration = bytes.ConsumeIntegralInRange<std::int64_t>(0, bytes.ConsumeBool() ? 3000 : maxTimelineNs - start);
            lane.events.append(start, duration, bytes.ConsumeIntegralInRange<std::uint32_t>(0, std::uint32_t(labels - 1)));
            timeline->endNs = std::max(timeline->endNs, start + duration);
        }
        timeline->lanes.push_back(std::move(lane));
    }
    return timeline;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static QGuiApplication application(*argc, *argv); // fonts for the painter's text
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider bytes(data, size);
    TimelineScene scene;
    const QString fileName = text(bytes);
    scene.timeline = timelineFrom(bytes);
    scene.colouring = TimelineColouring(*scene.timeline, {});
    scene.startNs = 0;
    scene.endNs = std::max<double>(1, double(scene.timeline->endNs));
    if (bytes.ConsumeBool()) { // a range, as --range gives
        scene.startNs = double(bytes.ConsumeIntegralInRange<std::int64_t>(0, scene.timeline->endNs));
        scene.endNs = scene.startNs + 1 + double(bytes.ConsumeIntegralInRange<std::int64_t>(0, maxTimelineNs));
    }
    scene.title = fileName + QStringLiteral(": GPU timeline");
    const QSize figure(bytes.ConsumeIntegralInRange<int>(200, 1200), bytes.ConsumeIntegralInRange<int>(120, 700));

    QFont font;
    font.setPixelSize(13);
    const QByteArray svg = TimelinePainter::svg(scene, figure, font);
    QXmlStreamReader xml(svg);
    while (!xml.atEnd())
        xml.readNext();
    if (xml.hasError()) {
        std::fprintf(stderr, "fuzz_timelinesvg: not well-formed XML: %s at line %lld\n", xml.errorString().toUtf8().constData(),
            static_cast<long long>(xml.lineNumber()));
        std::abort();
    }
    return 0;
}
