#include "workspace/reportexports.h"

#include "engine/export/markdownreport.h"
#include "settingskeys.h"
#include "shownanalysis.h"
#include "timeline/timelineexportdialog.h"
#include "timeline/timelineview.h"
#include "window/traceinputs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStatusBar>
#include <algorithm>

namespace Ridgeline {

ReportExports::ReportExports(const ShownAnalysis* shown, const TimelineView* timeline, const TraceInputs* inputs, QMainWindow* window)
    : QObject(window)
    , m_shown(shown)
    , m_timeline(timeline)
    , m_inputs(inputs)
    , m_window(window)
{ }

void ReportExports::addActions(QMenu* file)
{
    file->addAction(tr("Export Re&port…"), this, &ReportExports::exportReport);
    file->addAction(tr("Export &Timeline…"), this, &ReportExports::exportTimeline);
}

QString ReportExports::suggestedPath(const QString& suffix) const
{
    return QDir(m_inputs->dialogFolder()).filePath(QFileInfo(m_shown->result()->tracePath).completeBaseName() + suffix);
}

void ReportExports::say(bool written, const QString& path, const QString& error)
{
    if (!written)
        QMessageBox::warning(m_window, tr("Export Failed"), error);
    else
        m_window->statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void ReportExports::exportReport()
{
    if (!m_shown->result())
        return;
    const QString path
        = QFileDialog::getSaveFileName(m_window, tr("Export Report"), suggestedPath(QStringLiteral(".report.md")), tr("Markdown (*.md)"));
    if (path.isEmpty())
        return;
    QString error;
    say(writeReport(path, &error), path, error);
}

void ReportExports::exportTimeline()
{
    if (!m_shown->result())
        return;
    QSettings settings;
    TimelineExportOptions defaults;
    defaults.path = suggestedPath(QStringLiteral(".timeline.png"));
    defaults.size = settings.value(SettingsKeys::timelineExportSize(), defaults.size).toSize();
    defaults.scale = settings.value(SettingsKeys::timelineExportScale(), defaults.scale).toDouble();
    defaults.rangeUs = rangeInViewUs();
    TimelineExportDialog dialog(defaults, m_window);
    if (dialog.exec() != QDialog::Accepted)
        return;
    const TimelineExportOptions options = dialog.options();
    settings.setValue(SettingsKeys::timelineExportSize(), options.size);
    settings.setValue(SettingsKeys::timelineExportScale(), options.scale);
    QString error;
    say(writeTimeline(options, &error), options.path, error);
}

std::optional<std::pair<double, double>> ReportExports::rangeInViewUs() const
{
    // Within the trace: the pane's margins left out.
    const double end = m_timeline->scene().timeline ? double(m_timeline->scene().timeline->endNs) : m_timeline->endNs();
    const double from = std::max(0.0, m_timeline->startNs()), to = std::min(end, m_timeline->endNs());
    if (to > from)
        return std::pair(from / 1000.0, to / 1000.0);
    return std::nullopt;
}

bool ReportExports::writeReport(const QString& path, QString* error) const
{
    const auto& judgement = m_shown->judgement();
    if (!judgement) {
        *error = tr("No trace is open: nothing to export to %1").arg(path);
        return false;
    }
    ReportInputs report;
    report.judgement = judgement.get();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(markdownReport(report)) < 0 || !file.commit()) {
        *error = path + QStringLiteral(": cannot write: ") + file.errorString();
        return false;
    }
    return true;
}

bool ReportExports::writeTimeline(TimelineExportOptions options, QString* error) const
{
    const auto& judgement = m_shown->judgement();
    if (!judgement) {
        *error = tr("No trace is open: nothing to export to %1").arg(options.path);
        return false;
    }
    options.dark = m_timeline->scene().palette.dark;
    QString warning;
    const bool written = Ridgeline::exportTimeline(judgement->trace, options, error, &warning);
    if (written && !warning.isEmpty())
        m_window->statusBar()->showMessage(warning, 8000);
    return written;
}

} // namespace Ridgeline
