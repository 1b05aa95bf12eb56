#include "window/windowexports.h"

#include "export/rooflineexportdialog.h"
#include "settingskeys.h"
#include "shownanalysis.h"
#include "window/traceinputs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace Ridgeline {

WindowExports::WindowExports(const ShownAnalysis* shown, const RooflineView* roofline, const TraceInputs* inputs, QMainWindow* window)
    : QObject(window)
    , m_shown(shown)
    , m_roofline(roofline)
    , m_inputs(inputs)
    , m_window(window)
{ }

void WindowExports::addActions(QMenu* file)
{
    QAction* exportTable = file->addAction(tr("&Export Kernel Table…"), this, &WindowExports::exportKernelTable);
    exportTable->setShortcut(QKeySequence(tr("Ctrl+E")));
    QAction* exportChart = file->addAction(tr("Export &Roofline…"), this, &WindowExports::exportRoofline);
    exportChart->setShortcut(QKeySequence(tr("Ctrl+Shift+E")));
}

void WindowExports::exportKernelTable()
{
    if (!m_shown->result())
        return;
    const QString base = QFileInfo(m_shown->result()->tracePath).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export Kernel Table"),
        QDir(m_inputs->dialogFolder()).filePath(base + QStringLiteral(".kernels.csv")), tr("CSV (*.csv);;JSON (*.json)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!m_shown->exportKernelTable(path, &error))
        QMessageBox::warning(m_window, tr("Export Failed"), error);
    else
        m_window->statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void WindowExports::exportRoofline()
{
    if (!m_shown->result())
        return;
    QSettings settings;
    RooflineExportOptions defaults;
    defaults.path = QDir(m_inputs->dialogFolder())
                        .filePath(QFileInfo(m_shown->result()->tracePath).completeBaseName() + QStringLiteral(".roofline.png"));
    defaults.size = settings.value(SettingsKeys::exportSize(), defaults.size).toSize();
    defaults.scale = settings.value(SettingsKeys::exportScale(), defaults.scale).toDouble();
    defaults.frame = m_roofline->frame();
    RooflineExportDialog dialog(defaults, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const RooflineExportOptions options = dialog.options();
    settings.setValue(SettingsKeys::exportSize(), options.size);
    settings.setValue(SettingsKeys::exportScale(), options.scale);
    QString error;
    if (!writeRooflineImage(options, &error))
        QMessageBox::warning(m_window, tr("Export Failed"), error);
    else
        m_window->statusBar()->showMessage(tr("Exported %1").arg(options.path), 5000);
}

bool WindowExports::writeRooflineImage(const RooflineExportOptions& chosen, QString* error) const
{
    const auto& judgement = m_shown->judgement();
    if (!judgement) {
        *error = tr("No trace is open: nothing to export to %1").arg(chosen.path);
        return false;
    }
    // The judged roofline: the lens's t0 and cache roofs, the comparison's arrows.
    return Ridgeline::exportRoofline(*judgement, chosen, error);
}

} // namespace Ridgeline
