// Shared by the window tests: a trace opened in a MainWindow, read and
// shown (the window shows a result in steps after reading ends, the
// inspector's first row last).
#pragma once

#include "analysiscontroller.h"
#include "inspector/formulainspector.h"
#include "mainwindow.h"

#include <QSignalSpy>
#include <QTest>

namespace Ridgeline::Test {

inline bool loadAndShow(MainWindow& window, const QString& path)
{
    QSignalSpy finished(window.controller(), &AnalysisController::finished);
    window.openTrace(path);
    return finished.wait(60000) && QTest::qWaitFor([&] { return !window.inspector()->markdown().isEmpty(); }, 5000);
}

} // namespace Ridgeline::Test
