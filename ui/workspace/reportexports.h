// Folder workspace/: the timeline as a place to work, and the window's own exports.
// File > Export Report… and Export Timeline…: what `--report` and
// `--export-timeline` write, from the judgement the window shows (its
// GPU, peaks, t0 and baseline): the engine's Markdown report, and the
// timeline image of the range in view or the whole trace, at the size and
// scale the dialog asks for, light or dark as the window is.
#pragma once

#include "timeline/timelineexport.h"

#include <QObject>

class QMainWindow;
class QMenu;

namespace Ridgeline {

class ShownAnalysis;
class TimelineView;
class TraceInputs;

class ReportExports final : public QObject
{
    Q_OBJECT
public:
    ReportExports(const ShownAnalysis* shown, const TimelineView* timeline, const TraceInputs* inputs, QMainWindow* window);

    void addActions(QMenu* file);
    void exportReport(); // asks where
    void exportTimeline(); // asks where (.png or .svg), at what size and scale, and of what range
    // False with *error when nothing is shown or the file cannot be written.
    bool writeReport(const QString& path, QString* error) const;
    // The options' file at their size and of their range (none: the whole
    // trace); the palette: the view's.
    bool writeTimeline(TimelineExportOptions options, QString* error) const;
    // The range the timeline shows, in us from the trace's first GPU event.
    std::optional<std::pair<double, double>> rangeInViewUs() const;

private:
    QString suggestedPath(const QString& suffix) const;
    void say(bool written, const QString& path, const QString& error);

    const ShownAnalysis* m_shown;
    const TimelineView* m_timeline;
    const TraceInputs* m_inputs;
    QMainWindow* m_window;
};

} // namespace Ridgeline
