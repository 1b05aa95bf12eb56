#include "guimain.h"

#include "analysiscontroller.h"
#include "anatomy/anatomyview.h"
#include "engine/session/sessionfile.h"
#include "inspector/formulainspector.h"
#include "mainwindow.h"
#include "table/kerneltableview.h"
#include "timeline/timelinepane.h"
#include "timeline/timelineview.h"
#include "window/sessionactions.h"
#include "workspace/fulltimeline.h"

#include <QApplication>
#include <QIcon>
#include <QPalette>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>
#include <cstdio>

namespace Ridgeline {
namespace {

// Saves the window once it shows everything asked for (the trace, and in
// compare mode the comparison), after the chart has settled.
void saveWhenShown(MainWindow& window, const QString& path, bool comparing)
{
    if (comparing && !window.comparison()) {
        QTimer::singleShot(200, &window, [&window, path, comparing] { saveWhenShown(window, path, comparing); });
        return;
    }
    // RIDGELINE_SCREENSHOT_KERNEL=TEXT: the first kernel whose name holds TEXT
    // is the one selected (a Triton or library-op row, else a library kernel).
    if (const QString wanted = qEnvironmentVariable("RIDGELINE_SCREENSHOT_KERNEL"); !wanted.isEmpty() && window.result()) {
        const auto holds = [&](const KernelRow& row) { return row.name.contains(wanted); };
        const auto& rows = window.result()->rows;
        const auto& library = window.result()->libraryKernels;
        if (const auto row = std::find_if(rows.begin(), rows.end(), holds); row != rows.end()) {
            const int i = int(row - rows.begin());
            QTimer::singleShot(300, &window, [&window, i] { window.kernelView()->selectKernel(i); });
        } else if (const auto kernel = std::find_if(library.begin(), library.end(), holds); kernel != library.end()) {
            const int i = int(kernel - library.begin());
            QTimer::singleShot(300, &window, [&window, i] { window.kernelView()->selectKernels({}, { i }); });
        }
    }
    // RIDGELINE_SCREENSHOT_TAB=timeline: the timeline tab in front; =fulltimeline:
    // the full-window timeline; RIDGELINE_SCREENSHOT_RANGE=START_US:END_US: it shows that range.
    if (const QString tab = qEnvironmentVariable("RIDGELINE_SCREENSHOT_TAB"); tab == u"timeline" || tab == u"fulltimeline") {
        if (tab == u"fulltimeline")
            window.fullTimeline()->setFull(true);
        else
            window.chartTabs()->setCurrentWidget(window.timelinePane());
        const QStringList range = qEnvironmentVariable("RIDGELINE_SCREENSHOT_RANGE").split(u':');
        if (range.size() == 2)
            QTimer::singleShot(400, &window,
                [&window, range] { window.timelineView()->showRange(range[0].toDouble() * 1000.0, range[1].toDouble() * 1000.0); });
    }
    // RIDGELINE_SCREENSHOT_TAB=anatomy: the inspector's Anatomy tab in front,
    // the side pane given half the width and the inspector three quarters of
    // its height (what a user reading a kernel drags the splitters to).
    // =findings: the same with its Findings in front, the first one selected.
    if (const QString tab = qEnvironmentVariable("RIDGELINE_SCREENSHOT_TAB"); tab == u"anatomy" || tab == u"findings") {
        window.inspector()->showAnatomy();
        if (tab == u"findings")
            QTimer::singleShot(500, &window, [&window] { window.inspector()->anatomy()->selectFinding(0); });
        if (auto* side = qobject_cast<QSplitter*>(window.inspector()->parentWidget())) {
            side->setSizes({ side->height() / 4, side->height() * 3 / 4 });
            if (auto* main = qobject_cast<QSplitter*>(side->parentWidget()))
                main->setSizes({ main->width() / 2, main->width() / 2 });
        }
    }
    QTimer::singleShot(800, &window, [&window, path] {
        const bool saved = window.grab().save(path);
        std::fprintf(stderr, saved ? "screenshot: %s\n" : "cannot write screenshot %s\n", qPrintable(path));
        QApplication::exit(saved ? 0 : 1);
    });
}

// RIDGELINE_SCREENSHOT=FILE.png: once the trace is shown, save the window
// as an image and quit. Used by packaging/screenshot.sh for the README.
void arrangeScreenshot(MainWindow& window, const QString& path, bool comparing)
{
    QObject::connect(
        window.controller(), &AnalysisController::finished, &window, [&window, path, comparing] { saveWhenShown(window, path, comparing); },
        Qt::SingleShotConnection);
}

// RIDGELINE_COLOR_SCHEME=dark|light: the palette regardless of the
// desktop's (for screenshots and checks; a desktop's own dark theme is
// followed without it). Fusion, as its palette is the one applied whole.
void applyColorScheme(QApplication& app)
{
    const QString scheme = qEnvironmentVariable("RIDGELINE_COLOR_SCHEME");
    if (scheme != u"dark" && scheme != u"light")
        return;
    QApplication::setStyle(QStringLiteral("Fusion"));
    if (scheme == u"light") {
        app.setPalette(QApplication::style()->standardPalette());
        return;
    }
    QPalette dark;
    const QColor window(0x2b, 0x2d, 0x31), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6), mid(0x50, 0x52, 0x58);
    dark.setColor(QPalette::Window, window);
    dark.setColor(QPalette::WindowText, text);
    dark.setColor(QPalette::Base, base);
    dark.setColor(QPalette::AlternateBase, QColor(0x26, 0x28, 0x2c));
    dark.setColor(QPalette::ToolTipBase, base);
    dark.setColor(QPalette::ToolTipText, text);
    dark.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
    dark.setColor(QPalette::Text, text);
    dark.setColor(QPalette::Button, window);
    dark.setColor(QPalette::ButtonText, text);
    dark.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    dark.setColor(QPalette::Light, QColor(0x3a, 0x3c, 0x42));
    dark.setColor(QPalette::Midlight, QColor(0x34, 0x36, 0x3b));
    dark.setColor(QPalette::Mid, mid);
    dark.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1c));
    dark.setColor(QPalette::Shadow, Qt::black);
    dark.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xc4));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::Link, QColor(0x6c, 0xa8, 0xff));
    dark.setColor(QPalette::LinkVisited, QColor(0xb0, 0x8c, 0xff));
    for (auto role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        dark.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x80));
    app.setPalette(dark);
}

} // namespace

int runGui(int argc, char** argv, const QString& tracePath, const QString& inductorCache, bool searchDefaultCache,
    const QStringList& captures, const QString& baseline)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Ridgeline"));
    applyColorScheme(app);
    // The installed desktop file names the app's icon; the window carries it too.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.ridgeline.Ridgeline"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/ridgeline/icons/io.github.ridgeline.Ridgeline.svg")));
    MainWindow window;
    window.setSearchDefaultInductorCache(searchDefaultCache);
    const QString screenshot = qEnvironmentVariable("RIDGELINE_SCREENSHOT");
    if (!screenshot.isEmpty())
        arrangeScreenshot(window, screenshot, !baseline.isEmpty());
    if (!baseline.isEmpty() && !tracePath.isEmpty()) // compared once the trace is shown
        QObject::connect(
            window.controller(), &AnalysisController::finished, &window,
            [&window, baseline] { QTimer::singleShot(0, &window, [&window, baseline] { window.compareWithBaseline(baseline); }); },
            Qt::SingleShotConnection);
    window.show();
    // A session file (`ridgeline work.ridgeline`) opens as File > Open Session does.
    if (tracePath.endsWith(u'.' + SessionFile::suffix()))
        window.sessions()->open(tracePath);
    else if (!tracePath.isEmpty())
        window.openTrace(tracePath, inductorCache, captures);
    else if (!inductorCache.isEmpty())
        window.attachInductorCache(inductorCache);
    for (const QString& capture : captures) {
        if (tracePath.isEmpty())
            window.attachCaptureTrace(capture);
    }
    return app.exec();
}

} // namespace Ridgeline
