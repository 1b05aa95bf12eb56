#include "guimain.h"

#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

namespace Ridgeline {

int runGui(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("Ridgeline"));
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("TRACE"), QStringLiteral("Trace to open."));
    parser.parse(app.arguments());

    MainWindow window;
    window.show();
    if (!parser.positionalArguments().isEmpty())
        window.openTrace(parser.positionalArguments().front());
    return app.exec();
}

} // namespace Ridgeline
