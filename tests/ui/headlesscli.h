// The command line run as a user without a display runs it, and a look at
// what it drew: shared by the roofline and timeline export tests.
#pragma once

#include <QImage>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <set>

namespace Ridgeline::Test {

struct CliRun
{
    int exitCode = -1;
    QString stderrText;
    QString stdoutText;
};

// Runs the command line with no display at all: it must pick the offscreen
// platform by itself.
inline CliRun runCli(const QStringList& arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(RIDGELINE_BINARY), arguments);
    process.waitForFinished(120000);
    return { process.exitCode(), QString::fromUtf8(process.readAllStandardError()), QString::fromUtf8(process.readAllStandardOutput()) };
}

// The colours of every step-th pixel in both directions: a blank or
// one-colour page has a handful, a drawn chart dozens.
inline int distinctColours(const QImage& image, int step)
{
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += step) {
        for (int x = 0; x < image.width(); x += step)
            colours.insert(image.pixel(x, y));
    }
    return int(colours.size());
}

} // namespace Ridgeline::Test
