#include "guimain.h"

#include "mainwindow.h"

#include <QApplication>

namespace Ridgeline {

int runGui(int argc, char** argv, const QString& tracePath)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Ridgeline"));
    MainWindow window;
    window.show();
    if (!tracePath.isEmpty())
        window.openTrace(tracePath);
    return app.exec();
}

} // namespace Ridgeline
