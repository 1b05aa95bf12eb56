// Shared by the window tests: a trace opened in a MainWindow, read and
// shown (the window shows a result in steps after reading ends, the
// inspector's first row last), and a modal message box answered.
#pragma once

#include "analysiscontroller.h"
#include "inspector/formulainspector.h"
#include "mainwindow.h"

#include <QApplication>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <memory>

namespace Ridgeline::Test {

inline bool loadAndShow(MainWindow& window, const QString& path)
{
    QSignalSpy finished(window.controller(), &AnalysisController::finished);
    window.openTrace(path);
    return finished.wait(60000) && QTest::qWaitFor([&] { return !window.inspector()->markdown().isEmpty(); }, 5000);
}

// Closes the next modal message box and returns its text (once it is shown).
inline std::shared_ptr<QString> closeNextMessageBox()
{
    auto text = std::make_shared<QString>();
    auto* timer = new QTimer;
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, [timer, text] {
        if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget())) {
            *text = box->text();
            box->done(QMessageBox::Ok);
            timer->deleteLater();
        }
    });
    timer->start();
    return text;
}

} // namespace Ridgeline::Test
