// The command line: its options, read and checked before any application
// object exists, so that bad arguments and the headless options never need a
// display.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <QSize>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>

namespace Ridgeline::App {

enum ExitCode
{
    Success = 0,
    Failure = 1,
    BadArguments = 2,
    UnreadableTrace = 3,
    CannotWrite = 4
};

// One line on stderr, prefixed "ridgeline: ".
void printError(const QString& message);

// What --export-roofline draws, and how large.
struct RooflineOptions
{
    QString path;
    PeakSet peaks = PeakSet::MaxAchievable;
    bool gpuFrame = false;
    QSize size { 1600, 1000 };
    double scale = 1;
    bool cacheRoofs = false; // the GPU's cache bandwidths as dotted roofs
};

// What --export-timeline draws: the whole trace, or --range of it.
struct TimelineOptions
{
    QString path; // .png or .svg
    QSize size { 1600, 700 };
    double scale = 1;
};

struct Options
{
    QString exportPath;
    QString reportPath; // --report: Markdown
    std::optional<double> latencyFloorUs; // --latency-floor: t0 for both traces
    RooflineOptions roofline;
    TimelineOptions timeline;
    // --range START_US:END_US from the first GPU event: the timeline's view,
    // and the GPU events the analysis (--export, --report, the roofline) counts.
    std::optional<std::pair<double, double>> rangeUs;
    QString gpuName;
    QString gpuFile;
    QString tracePath;
    QString inductorCache; // empty: the default places, unless noInductorCache
    bool noInductorCache = false;
    QStringList captures; // capture traces of the trace's CUDA/HIP graphs
    QString baseline; // a trace to compare TRACE with
    QString baselineInductorCache;
    QStringList baselineCaptures;
    bool listGpus = false;
    bool quiet = false;
};

// What the command line asks: run (with options), or exit at once with
// exitCode (after --help, --version or an error already printed).
struct CommandLine
{
    bool run = false;
    int exitCode = Success;
    Options options;

    // Headless: an export, a roofline or the GPU list, no window.
    bool headless() const;
    // Needs the widgets module: the window, or a roofline or timeline to draw.
    bool needsWidgets() const;
};

CommandLine readCommandLine(int argc, char** argv);

} // namespace Ridgeline::App
