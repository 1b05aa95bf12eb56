// Shows the selected kernel's derivation (raw args, element counts, bytes,
// FLOPs, throughput, bounding roof, TraceLens differences) and copies it as
// Markdown.
#pragma once

#include "gpuspec.h"
#include "kernelrow.h"

#include <QWidget>

class QTextBrowser;

namespace Ridgeline {

class FormulaInspector final : public QWidget
{
    Q_OBJECT
public:
    explicit FormulaInspector(QWidget* parent = nullptr);

    // `row` may be null (nothing selected); it must outlive the next call.
    void setKernel(const KernelRow* row, const GpuSpec& gpu, PeakSet peaks);
    QString markdown() const { return m_markdown; }
    QString plainText() const; // what the user sees, for tests

public Q_SLOTS:
    void copyMarkdown();

private:
    QTextBrowser* m_view;
    QString m_markdown;
};

} // namespace Ridgeline
