#include "inspector/formulainspector.h"

#include "anatomy/anatomyview.h"
#include "derivation/kernelderivation.h"
#include "inspector/pythonhighlighter.h"
#include "table/provenancedelegate.h"

#include <QAction>
#include <QClipboard>
#include <QEvent>
#include <QGuiApplication>
#include <QLabel>
#include <QTabWidget>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextTable>
#include <QToolBar>
#include <QVBoxLayout>

namespace Ridgeline {
namespace {

// A blend of the text and base colours: table rules and code backgrounds
// that stay visible in light and dark palettes alike.
QColor mix(const QColor& a, const QColor& b, double weightOfA)
{
    return QColor::fromRgbF(float(a.redF() * weightOfA + b.redF() * (1 - weightOfA)),
        float(a.greenF() * weightOfA + b.greenF() * (1 - weightOfA)), float(a.blueF() * weightOfA + b.blueF() * (1 - weightOfA)));
}

} // namespace

FormulaInspector::FormulaInspector(QWidget* parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget)
    , m_view(new QTextBrowser)
    , m_anatomy(new AnatomyView)
    , m_badge(new QLabel)
    , m_copy(new QAction(QIcon::fromTheme(QStringLiteral("edit-copy")), tr("Copy as Markdown"), this))
{
    auto* toolbar = new QToolBar;
    toolbar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolbar->setIconSize(QSize(16, 16));
    m_badge->setTextFormat(Qt::RichText);
    m_badge->setToolTip(tr("Where the figures come from: V2 (the trace event's args), V1 (the Inductor cache) or none"));
    toolbar->addWidget(m_badge);
    auto* spacer = new QWidget;
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    toolbar->addWidget(spacer);
    m_copy->setToolTip(tr("Copy the whole derivation as Markdown, to paste into an issue or a report"));
    m_copy->setEnabled(false);
    connect(m_copy, &QAction::triggered, this, &FormulaInspector::copyMarkdown);
    toolbar->addAction(m_copy);

    m_view->setOpenLinks(false);
    m_view->setPlaceholderText(tr("Select a kernel in the table to see how its bytes, FLOPs, throughput and "
                                  "roofline placement were derived."));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(toolbar);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_view, tr("Derivation"));
    m_tabs->addTab(m_anatomy, tr("Anatomy"));
    m_tabs->setTabToolTip(1, tr("The kernel's source: its loads and stores with their kinds and bytes, the dataflow, findings and facts"));
    layout->addWidget(m_tabs);
}

void FormulaInspector::showAnatomy(bool anatomy)
{
    m_tabs->setCurrentWidget(anatomy ? static_cast<QWidget*>(m_anatomy) : m_view);
}

void FormulaInspector::setKernel(const KernelRow* row, const TraceJudgement* judged, const QString& preface)
{
    if (!judged)
        row = nullptr;
    QString markdown = row ? preface + derivationMarkdown(*row, *judged) : QString();
    // Copied now, built when its tab shows: a new result's rows may carry
    // the same text, and the anatomy keeps nothing of the old ones.
    m_anatomy->setKernel(row, judged);
    // The window re-sends the selection when the GPU, the peaks or the table
    // change; laying out the same text again would only cost time.
    if (markdown == m_markdown)
        return;
    m_markdown = std::move(markdown);
    showMarkdown();
    m_copy->setEnabled(row != nullptr);
    if (row) {
        m_badge->setText(QStringLiteral("<span style=\"background-color:%1; color:white; font-weight:bold;\">&nbsp;%2&nbsp;</span>")
                .arg(ProvenanceDelegate::badgeColor(provenanceKey(row->provenance())).name(), provenanceKey(row->provenance())));
    } else {
        m_badge->clear();
    }
}

void FormulaInspector::showMarkdown()
{
    // The document is built and styled before the view shows it: styling a
    // laid-out document relays it out once per table cell, which costs tens
    // of milliseconds on the GUI thread at every selection change.
    auto* document = new QTextDocument(m_view);
    document->setDefaultFont(m_view->font());
    document->setDocumentMargin(12);
    document->setMarkdown(m_markdown);
    styleDocument(document);
    // Highlighted now, not on the next event-loop turn: the view shows the
    // coloured source at once, and the document is laid out a single time.
    const QPalette palette = this->palette();
    const bool dark = palette.color(QPalette::Base).lightnessF() < 0.5;
    (new PythonHighlighter(document, dark))->rehighlight();
    // The text control deletes the document it created itself; the ones
    // made here are this widget's to delete. Ask before swapping: afterwards
    // the control's own document is already gone.
    QTextDocument* old = m_view->document();
    const bool ours = old->parent() == m_view;
    m_view->setDocument(document);
    if (ours)
        delete old;
}

void FormulaInspector::changeEvent(QEvent* event)
{
    // The rules and tints are mixed from the palette: follow a switch
    // between light and dark.
    if (event->type() == QEvent::PaletteChange && !m_markdown.isEmpty())
        showMarkdown();
    QWidget::changeEvent(event);
}

// The title is the kernel's whole name: as a large heading it filled a
// laptop's pane (one word, broken anywhere), and the derivation began below
// the fold. A step above the text, and free to wrap after each underscore
// (a zero-width space there; plainText() leaves them out).
void FormulaInspector::compactTitle(const QTextBlock& block)
{
    QTextCursor cursor(block);
    const QString text = block.text();
    for (qsizetype at = text.size() - 1; at > 0; --at) {
        if (text.at(at - 1) == u'_' && text.at(at) != u'_') {
            cursor.setPosition(block.position() + int(at));
            cursor.insertText(QString(QChar(0x200B)));
        }
    }
    cursor.setPosition(block.position());
    cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    QTextCharFormat format;
    format.setProperty(QTextFormat::FontSizeAdjustment, 1);
    cursor.mergeCharFormat(format);
}

// Markdown carries no styling: tables get padding and rules, code blocks a
// tinted background, so the derivation reads like a document.
void FormulaInspector::styleDocument(QTextDocument* document) const
{
    // This widget's palette, not the view's: on a palette change this widget
    // hears of it before its children have theirs.
    const QPalette palette = this->palette();
    const QColor rule = mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.2);
    const QColor strongRule = mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.55);
    const QColor tint = mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.06);

    for (QTextFrame* frame : document->rootFrame()->childFrames()) {
        auto* table = qobject_cast<QTextTable*>(frame);
        if (!table)
            continue;
        // Horizontal rules only, a stronger one under the header: the look
        // of a report table rather than a spreadsheet grid.
        QTextTableFormat format = table->format();
        format.setBorder(0);
        format.setBorderCollapse(true);
        format.setCellPadding(4);
        format.setCellSpacing(0);
        format.setTopMargin(4);
        format.setBottomMargin(8);
        table->setFormat(format);
        for (int r = 0; r < table->rows(); ++r) {
            for (int column = 0; column < table->columns(); ++column) {
                QTextTableCell cell = table->cellAt(r, column);
                QTextTableCellFormat cellFormat = cell.format().toTableCellFormat();
                cellFormat.setBottomBorder(r == 0 ? 1.5 : 1);
                cellFormat.setBottomBorderStyle(QTextFrameFormat::BorderStyle_Solid);
                cellFormat.setBottomBorderBrush(r == 0 ? strongRule : rule);
                cellFormat.setLeftPadding(8);
                cellFormat.setRightPadding(8);
                if (r == 0)
                    cellFormat.setBackground(tint);
                cell.setFormat(cellFormat);
            }
        }
    }

    QTextCursor cursor(document);
    cursor.beginEditBlock();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        QTextBlockFormat format = block.blockFormat();
        if (format.headingLevel() == 1) {
            compactTitle(block);
            format.setTopMargin(0);
            format.setBottomMargin(6);
        } else if (format.headingLevel() > 0) {
            format.setTopMargin(14);
            format.setBottomMargin(6);
        } else if (format.hasProperty(QTextFormat::BlockCodeFence)) {
            format.setBackground(tint);
            format.setLeftMargin(4);
        } else {
            continue;
        }
        cursor.setPosition(block.position());
        cursor.setBlockFormat(format);
    }
    cursor.endEditBlock();
    document->setModified(false);
}

QString FormulaInspector::plainText() const
{
    return m_view->toPlainText().remove(QChar(0x200B));
}

const QTextDocument* FormulaInspector::document() const
{
    return m_view->document();
}

void FormulaInspector::copyMarkdown()
{
    if (!m_markdown.isEmpty())
        QGuiApplication::clipboard()->setText(m_markdown);
}

} // namespace Ridgeline
