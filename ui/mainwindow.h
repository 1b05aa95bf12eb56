// The main window: summary strip, kernel table, and the status bar that
// shows analysis progress with a Cancel button.
#pragma once

#include "analysisresult.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace Ridgeline {

class AnalysisController;
class KernelTableModel;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    void openTrace(const QString& path);
    AnalysisController* controller() const { return m_controller; }
    QTableView* kernelView() const { return m_table; }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createActions();
    void showResult(std::shared_ptr<const AnalysisResult> result);
    void showError(const QString& error);
    void setBusy(bool busy);
    void updateSummary();

    AnalysisController* m_controller;
    KernelTableModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QTableView* m_table;
    QLineEdit* m_filter;
    QLabel* m_summary;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
};

} // namespace Ridgeline
