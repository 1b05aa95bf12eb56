#include "anatomy/anatomyview.h"

#include "anatomy/accesskindcolors.h"
#include "anatomy/anatomyfacts.h"
#include "anatomy/anatomysourceview.h"
#include "anatomy/dataflowdiagram.h"
#include "anatomy/sourceannotations.h"
#include "derivation/kernelderivation.h"
#include "engine/base/text/units.h"
#include "engine/export/launch/launchexport.h"
#include "engine/kernelsource/pointerkindtext.h"
#include "inspector/pythonhighlighter.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace Ridgeline {
namespace {

constexpr int pointerRole = Qt::UserRole;
constexpr int accessRole = Qt::UserRole + 1;

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightnessF() < 0.5;
}

} // namespace

AnatomyView::AnatomyView(QWidget* parent)
    : QWidget(parent)
    , m_stack(new QStackedWidget)
    , m_noSource(new QLabel)
    , m_tree(new QTreeWidget)
    , m_findings(new QListWidget)
    , m_facts(new QLabel)
    , m_diagram(new DataflowDiagram)
    , m_source(new AnatomySourceView)
{
    m_noSource->setWordWrap(true);
    m_noSource->setTextFormat(Qt::RichText);
    m_noSource->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_noSource->setMargin(12);
    m_noSource->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_tree->setHeaderLabels({ tr("Pointer / access"), tr("Kind"), tr("Unique bytes"), tr("Per access"), tr("Index, mask, note") });
    m_tree->setRootIsDecorated(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->header()->setStretchLastSection(true);
    m_tree->setToolTip(tr("Each pointer of the kernel's def line, its kind and the bytes its index expressions can touch; "
                          "select a load or store to see its line"));
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
        if (!item || m_selecting)
            return;
        const int access = item->data(0, accessRole).toInt();
        if (access < 0)
            selectPointer(item->data(0, pointerRole).toInt());
        else
            selectAccess(item->data(0, pointerRole).toInt(), access);
    });
    m_findings->setWordWrap(true);
    m_findings->setAlternatingRowColors(true);
    connect(m_findings, &QListWidget::currentRowChanged, this, [this](int row) {
        if (!m_selecting && row >= 0)
            selectFinding(row);
    });
    m_facts->setWordWrap(true);
    m_facts->setTextFormat(Qt::RichText);
    m_facts->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_facts->setMargin(8);
    m_facts->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* factsScroll = new QScrollArea;
    factsScroll->setWidget(m_facts);
    factsScroll->setWidgetResizable(true);
    factsScroll->setFrameShape(QFrame::NoFrame);

    m_lists = new QTabWidget;
    m_lists->setDocumentMode(true);
    m_lists->addTab(m_tree, tr("Accesses"));
    m_lists->addTab(m_findings, tr("Findings"));
    m_lists->addTab(factsScroll, tr("Facts"));

    connect(m_diagram, &DataflowDiagram::pointerClicked, this, &AnatomyView::selectPointer);
    connect(m_diagram, &DataflowDiagram::accessClicked, this, &AnatomyView::selectAccess);
    auto* diagramScroll = new QScrollArea;
    diagramScroll->setWidget(m_diagram);
    diagramScroll->setWidgetResizable(true);
    diagramScroll->setFrameShape(QFrame::NoFrame);

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_lists);
    splitter->addWidget(diagramScroll);
    splitter->addWidget(m_source);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 2);
    splitter->setStretchFactor(2, 3);
    splitter->setSizes({ 200, 200, 300 }); // the drawing as tall as the lists: collapsed, it reads as a glitch

    m_stack->addWidget(m_noSource);
    m_stack->addWidget(splitter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_stack);
    // The panes scroll and shrink: the tab must not raise the window's least
    // height (a laptop at 125 %, Full HD at 200 %).
    setMinimumHeight(80);
    m_noSource->setText(tr("Select a Triton kernel to see its source, its loads and stores and the bytes they touch."));
}

// What decides the views but the facts: the same kernel re-sent (the GPU,
// the peaks or the table changed) keeps its source view and selection.
QString AnatomyView::signature(const KernelRow* row, const std::vector<JudgedFinding>& findings)
{
    if (!row)
        return {};
    QString key = row->name + u'\n' + (row->model->source ? row->model->source->key + row->model->source->source.why : QString());
    for (const JudgedFinding& f : findings)
        key += u'\n' + f.finding.text + u'\t' + QString::number(f.timeAtStakeUs);
    return key;
}

void AnatomyView::setKernel(const KernelRow* row, const TraceJudgement* judged)
{
    std::vector<JudgedFinding> findings;
    if (row && judged) {
        findings = judged->findingsOf(*row);
    } else if (row) {
        for (const KernelFinding& f : row->findings)
            findings.push_back({ f, 0.0 });
    }
    const QString key = signature(row, findings);
    m_launch = row && judged ? judgedLaunch(*row, judged->gpuSpec()) : std::nullopt;
    m_modelBytes = row ? row->bytes() : std::nullopt;
    if (key == m_signature && !key.isEmpty()) {
        if (!m_dirty && showsSource())
            fillFacts();
        return;
    }
    m_signature = key;
    m_name = row ? row->name : QString();
    m_found = row && row->model->source ? std::optional<FoundSource>(*row->model->source) : std::nullopt;
    m_kernelFindings = std::move(findings);
    m_findingsJudged = row && judged;
    m_dirty = true;
    if (isVisible())
        build();
}

void AnatomyView::ensureBuilt()
{
    if (m_dirty)
        build();
}

void AnatomyView::showEvent(QShowEvent* event)
{
    ensureBuilt();
    QWidget::showEvent(event);
}

void AnatomyView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange && !m_dirty && showsSource()) {
        m_dirty = true;
        if (isVisible())
            build();
    }
    QWidget::changeEvent(event);
}

const KernelAnatomy* AnatomyView::anatomy() const
{
    return m_found && m_found->source.anatomy ? &*m_found->source.anatomy : nullptr;
}

bool AnatomyView::showsSource() const
{
    return m_stack->currentIndex() == 1;
}

QString AnatomyView::noSourceText() const
{
    return m_noSource->text();
}

QString AnatomyView::factsText() const
{
    return m_facts->text();
}

void AnatomyView::build()
{
    m_dirty = false;
    m_selecting = true;
    m_tree->clear();
    m_findings->clear();
    m_diagram->setGraph(nullptr, {});
    m_source->setAnnotations({});
    m_source->setSource(nullptr);
    m_source->highlightLines({});
    m_selecting = false;
    if (m_name.isEmpty()) {
        m_noSource->setText(tr("Select a Triton kernel to see its source, its loads and stores and the bytes they touch."));
        m_stack->setCurrentIndex(0);
        return;
    }
    if (!m_found || m_found->source.origin == SourceOrigin::None || !m_found->text) {
        const QString why = !m_found        ? tr("its source is not looked for: it is not a Triton kernel's row")
            : m_found->source.why.isEmpty() ? tr("no reason recorded")
                                            : m_found->source.why;
        m_noSource->setText(tr("<p><b>No source for %1.</b></p><p>Why: %2.</p><p>%3</p>")
                .arg(m_name.toHtmlEscaped(), why.toHtmlEscaped(), sourceAttachHint().toHtmlEscaped()));
        m_stack->setCurrentIndex(0);
        return;
    }
    const QString& text = *m_found->text;
    delete m_highlighter;
    m_highlighter = nullptr;
    m_source->setSource(m_found->text);
    if (text.size() <= maxColouredChars) {
        // Coloured now, not on the next event-loop turn: laid out once.
        m_highlighter = new PythonHighlighter(m_source->document(), isDark(palette()), PythonHighlighter::WholeDocument);
        m_highlighter->rehighlight();
    }
    if (const KernelAnatomy* a = anatomy())
        m_diagram->setGraph(a, buildDataflowGraph(*a, text));
    fillTree();
    fillFindings();
    fillFacts();
    annotateSource();
    m_stack->setCurrentIndex(1);
    // The kernel starts at its decorator: the imports above it say nothing.
    static const QRegularExpression decorator(QStringLiteral("^@triton"), QRegularExpression::MultilineOption);
    const qsizetype at = text.indexOf(decorator);
    if (at > 0)
        m_source->showLineAtTop(int(QStringView(text).first(at).count(u'\n')) + 1);
}

void AnatomyView::fillTree()
{
    const KernelAnatomy* a = anatomy();
    if (!a)
        return;
    const bool dark = isDark(palette());
    for (int p = 0; p < int(a->pointers.size()); ++p) {
        const PointerAnatomy& pointer = a->pointers[p];
        auto* item = new QTreeWidgetItem(m_tree);
        item->setText(0, QStringLiteral("%1  %2 %3").arg(pointer.arg, pointer.dtype, pointerRoleKey(pointer.role)));
        item->setText(1, pointerKindText(pointer));
        item->setForeground(1, accessKindColor(pointer.kind, dark));
        item->setText(2, bytesRangeText(pointer));
        item->setText(3, pointer.perAccessBytes ? formatBytes(*pointer.perAccessBytes) : tr("unknown"));
        item->setText(4, pointer.why);
        item->setToolTip(4, pointer.why);
        item->setData(0, pointerRole, p);
        item->setData(0, accessRole, -1);
        // A generated kernel may have tens of thousands of accesses: the
        // first ones are listed, the drawing and the source show the rest.
        const int listed = std::min(int(pointer.accesses.size()), maxListedAccesses);
        for (int i = 0; i < listed; ++i) {
            const SourceAccess& s = pointer.accesses[i];
            auto* child = new QTreeWidgetItem(item);
            child->setText(0, QStringLiteral("%1  line %2").arg(sourceAccessOpKey(s.op)).arg(s.line));
            QString detail = s.index;
            if (!s.mask.isEmpty())
                detail += tr("   mask: ") + s.mask;
            if (!s.eviction.isEmpty())
                detail += QStringLiteral("   ") + s.eviction;
            child->setText(4, detail);
            child->setToolTip(4, detail);
            child->setData(0, pointerRole, p);
            child->setData(0, accessRole, i);
        }
        if (listed < int(pointer.accesses.size())) {
            auto* more = new QTreeWidgetItem(item);
            more->setText(0, tr("%1 more").arg(formatCount(std::int64_t(pointer.accesses.size()) - listed)));
            more->setFlags(Qt::NoItemFlags);
        }
    }
    m_tree->expandAll();
    for (int c = 0; c < 4; ++c)
        m_tree->resizeColumnToContents(c);
}

void AnatomyView::fillFindings()
{
    for (const JudgedFinding& judged : m_kernelFindings) {
        const KernelFinding& f = judged.finding;
        QString about;
        if (!f.pointer.isEmpty())
            about += f.pointer;
        if (f.line > 0)
            about += (about.isEmpty() ? QString() : QStringLiteral(", ")) + tr("line %1").arg(f.line);
        // The time at stake is the kernel's recoverable time: the same for
        // each of its findings, never their sum.
        const QString atStake = m_findingsJudged ? tr(" — %1 at stake").arg(formatTimeUs(judged.timeAtStakeUs)) : QString();
        auto* item = new QListWidgetItem(findingKindKey(f.kind) + QStringLiteral(" — ") + f.text
            + (about.isEmpty() ? QString() : QStringLiteral(" (") + about + u')') + atStake);
        item->setToolTip(f.text);
        m_findings->addItem(item);
    }
    if (m_kernelFindings.empty()) {
        auto* item = new QListWidgetItem(tr("No findings for this kernel."));
        item->setFlags(Qt::NoItemFlags);
        m_findings->addItem(item);
    }
}

void AnatomyView::fillFacts()
{
    QString html = anatomyFactsHtml(*m_found, m_launch ? &*m_launch : nullptr, m_modelBytes);
    if (m_found->text->size() > maxColouredChars)
        html += tr("<p>The source is %1 characters: shown without colouring (above %2).</p>")
                    .arg(formatCount(m_found->text->size()), formatCount(maxColouredChars));
    m_facts->setText(html);
}

void AnatomyView::annotateSource()
{
    if (const KernelAnatomy* a = anatomy())
        m_source->setAnnotations(SourceAnnotations(*a, isDark(palette())));
}

QTreeWidgetItem* AnatomyView::itemFor(int pointer, int access) const
{
    QTreeWidgetItem* item = m_tree->topLevelItem(pointer);
    if (item && access >= 0 && access < maxListedAccesses)
        return item->child(access);
    return item;
}

void AnatomyView::highlight(int pointer, int access, const QList<int>& lines)
{
    m_selecting = true;
    m_diagram->highlight(pointer, access);
    if (QTreeWidgetItem* item = pointer >= 0 ? itemFor(pointer, access) : nullptr)
        m_tree->setCurrentItem(item);
    else
        m_tree->setCurrentItem(nullptr);
    for (int i = 0; i < m_tree->topLevelItemCount(); ++i) {
        QFont itemFont = m_tree->font();
        itemFont.setBold(i == pointer);
        m_tree->topLevelItem(i)->setFont(0, itemFont);
    }
    m_source->highlightLines(lines);
    m_selecting = false;
}

void AnatomyView::selectPointer(int pointer)
{
    ensureBuilt();
    const KernelAnatomy* a = anatomy();
    if (!a || pointer < 0 || pointer >= int(a->pointers.size()))
        return;
    QList<int> lines;
    for (const SourceAccess& s : a->pointers[pointer].accesses)
        lines << s.line;
    highlight(pointer, -1, lines);
}

void AnatomyView::selectAccess(int pointer, int access)
{
    ensureBuilt();
    const KernelAnatomy* a = anatomy();
    if (!a || pointer < 0 || pointer >= int(a->pointers.size()) || access < 0 || access >= int(a->pointers[pointer].accesses.size()))
        return;
    highlight(pointer, access, { a->pointers[pointer].accesses[access].line });
}

void AnatomyView::selectFinding(int index)
{
    ensureBuilt();
    if (index < 0 || index >= int(m_kernelFindings.size()))
        return;
    const KernelFinding& f = m_kernelFindings[index].finding;
    int pointer = -1;
    QList<int> lines;
    if (const KernelAnatomy* a = anatomy()) {
        for (int p = 0; p < int(a->pointers.size()); ++p) {
            if (a->pointers[p].arg == f.pointer)
                pointer = p;
        }
        if (f.line <= 0 && pointer >= 0) {
            for (const SourceAccess& s : a->pointers[pointer].accesses)
                lines << s.line;
        }
    }
    if (f.line > 0)
        lines = { f.line };
    highlight(pointer, -1, lines);
    m_selecting = true;
    m_findings->setCurrentRow(index);
    m_selecting = false;
    m_lists->setCurrentWidget(m_findings); // selected from elsewhere, it is seen
}

QWidget* AnatomyView::currentList() const
{
    return m_lists->currentWidget();
}

QString AnatomyView::highlightedPointer() const
{
    const KernelAnatomy* a = anatomy();
    const int p = m_diagram->highlightedPointer();
    return a && p >= 0 && p < int(a->pointers.size()) ? a->pointers[p].arg : QString();
}

} // namespace Ridgeline
