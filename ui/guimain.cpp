#include "guimain.h"

#include "analysiscontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QTimer>

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
    QObject::connect(window.controller(), &AnalysisController::finished, &window,
                     [&window, path, comparing] { saveWhenShown(window, path, comparing); }, Qt::SingleShotConnection);
}

} // namespace

int runGui(int argc, char** argv, const QString& tracePath, const QString& inductorCache, bool searchDefaultCache,
           const QStringList& captures, const QString& baseline)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Ridgeline"));
    MainWindow window;
    window.setSearchDefaultInductorCache(searchDefaultCache);
    const QString screenshot = qEnvironmentVariable("RIDGELINE_SCREENSHOT");
    if (!screenshot.isEmpty())
        arrangeScreenshot(window, screenshot, !baseline.isEmpty());
    if (!baseline.isEmpty() && !tracePath.isEmpty()) // compared once the trace is shown
        QObject::connect(window.controller(), &AnalysisController::finished, &window,
                         [&window, baseline] { QTimer::singleShot(0, &window, [&window, baseline] { window.compareWithBaseline(baseline); }); },
                         Qt::SingleShotConnection);
    window.show();
    if (!tracePath.isEmpty())
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
