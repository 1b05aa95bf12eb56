// STUB: to be implemented (inspector helper).
#include "formulainspector.h"

#include "kernelderivation.h"

#include <QTextBrowser>
#include <QVBoxLayout>

namespace Ridgeline {

FormulaInspector::FormulaInspector(QWidget* parent)
    : QWidget(parent)
    , m_view(new QTextBrowser)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
}

void FormulaInspector::setKernel(const KernelRow* row, const GpuSpec& gpu, PeakSet peaks)
{
    m_markdown = row ? derivationMarkdown(*row, gpu, peaks) : QString();
    m_view->setMarkdown(m_markdown);
}

QString FormulaInspector::plainText() const
{
    return m_view->toPlainText();
}

void FormulaInspector::copyMarkdown() { }

} // namespace Ridgeline
