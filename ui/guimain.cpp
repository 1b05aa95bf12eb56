#include "guimain.h"

#include "analysiscontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QTimer>

#include <cstdio>

namespace Ridgeline {
namespace {

// RIDGELINE_SCREENSHOT=FILE.png: once the trace is shown, save the window
// as an image and quit. Used by packaging/screenshot.sh for the README.
void arrangeScreenshot(MainWindow& window, const QString& path)
{
    QObject::connect(window.controller(), &AnalysisController::finished, &window, [&window, path] {
        QTimer::singleShot(800, &window, [&window, path] {
            const bool saved = window.grab().save(path);
            std::fprintf(stderr, saved ? "screenshot: %s\n" : "cannot write screenshot %s\n", qPrintable(path));
            QApplication::exit(saved ? 0 : 1);
        });
    });
}

} // namespace

int runGui(int argc, char** argv, const QString& tracePath, const QString& inductorCache, bool searchDefaultCache,
           const QStringList& captures)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Ridgeline"));
    MainWindow window;
    window.setSearchDefaultInductorCache(searchDefaultCache);
    const QString screenshot = qEnvironmentVariable("RIDGELINE_SCREENSHOT");
    if (!screenshot.isEmpty())
        arrangeScreenshot(window, screenshot);
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
