// Starts the desktop app: QApplication, the main window, the trace to open.
#pragma once

#include <QString>
#include <QStringList>

namespace Ridgeline {

// Opens `tracePath` when it is not empty, with `inductorCache` attached when
// that is not empty; without `searchDefaultCache`, no cache but an attached
// one is read.
// `baseline`, when not empty, is read once the trace is shown: compare mode.
int runGui(int argc, char** argv, const QString& tracePath, const QString& inductorCache, bool searchDefaultCache,
    const QStringList& captures = {}, const QString& baseline = {});

} // namespace Ridgeline
