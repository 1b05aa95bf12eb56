#include "table/kernelfilterbar.h"

#include "engine/triton/kernelcategory.h"
#include "itemmodels/kernelfilterproxy.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QResizeEvent>
#include <QToolButton>

namespace Ridgeline {
namespace {

const KernelCategory categories[]
    = { KernelCategory::Pointwise, KernelCategory::Reduction, KernelCategory::PersistentReduction, KernelCategory::Template,
          KernelCategory::Foreach, KernelCategory::SplitScan, KernelCategory::Generic, KernelCategory::User, KernelCategory::Other };

} // namespace

KernelFilterBar::KernelFilterBar(KernelFilterProxy* proxy, QWidget* parent)
    : QWidget(parent)
    , m_proxy(proxy)
    , m_text(new QLineEdit)
    , m_regex(new QCheckBox(tr("Regex")))
    , m_onlyChanged(new QCheckBox(tr("Only changed")))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_text->setPlaceholderText(tr("Filter by kernel name or op (Ctrl+F)"));
    m_text->setClearButtonEnabled(true);
    m_regex->setToolTip(tr("Treat the filter as a regular expression"));
    layout->addWidget(m_text, 1);
    layout->addWidget(m_regex);
    connect(m_text, &QLineEdit::textChanged, this, &KernelFilterBar::applyText);
    connect(m_regex, &QCheckBox::toggled, this, &KernelFilterBar::applyText);
    m_onlyChanged->setToolTip(tr("Compare mode: only kernels that differ from the baseline (another match than same, "
                                 "or a speedup beyond ±2 %)"));
    m_onlyChanged->setVisible(false);
    layout->addWidget(m_onlyChanged);
    connect(m_onlyChanged, &QCheckBox::toggled, m_proxy, &KernelFilterProxy::setOnlyChanged);

    layout->addSpacing(12);
    for (KernelCategory category : categories)
        m_categoryToggles << addToggle(layout, categoryKey(category), categoryTitle(category), true);
    layout->addSpacing(12);
    for (const char16_t* provenance : { u"V2", u"V1", u"none" })
        m_provenanceToggles << addToggle(layout, QString::fromUtf16(provenance), QString::fromUtf16(provenance), false);
    layout->addSpacing(12);
    // Every GPU kernel has a row; the library ones (no figures) can step aside.
    m_library = addToggle(layout, categoryKey(KernelCategory::Library), tr("Library kernels"), true);
    m_library->setToolTip(tr("Show the GPU kernels of libraries (GEMM, attention, communication, ...): name, calls and time, "
                             "not modelled"));
    // Before a trace every toggle shows: at their titles' width they made
    // the first window wider than a laptop's screen.
    fitToggleTexts();
}

void KernelFilterBar::setCompareMode(bool comparing)
{
    m_onlyChanged->setVisible(comparing);
    if (!comparing)
        m_onlyChanged->setChecked(false);
    fitToggleTexts(); // one more control to make room for
}

QToolButton* KernelFilterBar::addToggle(QHBoxLayout* layout, const QString& key, const QString& title, bool category)
{
    auto* button = new QToolButton;
    button->setCheckable(true);
    button->setChecked(true);
    button->setAutoRaise(true);
    button->setProperty("key", key);
    button->setProperty("title", title);
    button->setProperty("short", key == categoryKey(KernelCategory::Library) ? tr("lib") : key);
    button->setText(title);
    button->setToolTip(category ? tr("Show %1 kernels").arg(title) : tr("Show kernels with provenance %1").arg(title));
    connect(button, &QToolButton::toggled, this, [this, key, category](bool shown) {
        if (category)
            m_proxy->setCategoryVisible(key, shown);
        else
            m_proxy->setProvenanceVisible(key, shown);
    });
    layout->addWidget(button);
    return button;
}

void KernelFilterBar::applyText()
{
    const bool ok = m_proxy->setTextFilter(m_text->text(), m_regex->isChecked());
    m_text->setStyleSheet(ok ? QString() : QStringLiteral("QLineEdit { background: #fde0dc; }"));
    m_text->setToolTip(ok ? QString() : tr("Invalid regular expression: %1").arg(m_proxy->textFilterError()));
}

void KernelFilterBar::setSummary(const TraceSummary& summary)
{
    // Toggles of absent categories hide; the others say how many they hold.
    for (QToolButton* button : m_categoryToggles) {
        const int count = summary.byCategory.value(button->property("key").toString());
        button->setProperty("count", count);
        button->setVisible(count > 0);
    }
    for (QToolButton* button : m_provenanceToggles) {
        const int count = summary.byProvenance.value(button->property("key").toString());
        button->setProperty("count", count);
        button->setVisible(count > 0);
    }
    m_library->setProperty("count", summary.libraryKernels);
    m_library->setVisible(summary.libraryKernels > 0);
    fitToggleTexts();
}

QList<QToolButton*> KernelFilterBar::toggles() const
{
    return m_categoryToggles + m_provenanceToggles + QList<QToolButton*> { m_library };
}

void KernelFilterBar::fitToggleTexts()
{
    const auto text = [](const QToolButton* button, const char* name) {
        const QVariant count = button->property("count");
        const QString title = button->property(name).toString();
        return count.isValid() ? QStringLiteral("%1 (%2)").arg(title).arg(count.toInt()) : title;
    };
    // Measured, not set and asked: each text set lays the window out again.
    const QFontMetrics metrics = fontMetrics();
    const QMargins margins = layout()->contentsMargins();
    int needed = margins.left() + margins.right();
    for (int i = 0; i < layout()->count(); ++i) {
        QLayoutItem* item = layout()->itemAt(i);
        auto* button = qobject_cast<QToolButton*>(item->widget());
        if (item->widget() && !item->widget()->isVisibleTo(this))
            continue;
        if (button) {
            const int padding = button->sizeHint().width() - metrics.horizontalAdvance(button->text());
            // Each toggle may shrink to its short text: the bar's least width.
            const int least = padding + metrics.horizontalAdvance(text(button, "short"));
            if (button->minimumWidth() != least)
                button->setMinimumWidth(least);
            needed += padding + metrics.horizontalAdvance(text(button, "title"));
        } else {
            needed += item->widget() == m_text ? m_text->minimumSizeHint().width() : item->sizeHint().width();
        }
        needed += layout()->spacing();
    }
    // The titles as long as the bar has room for all of them (a bar not
    // shown yet has no width of its own to judge by).
    const char* chosen = isVisible() && needed > width() ? "short" : "title";
    for (QToolButton* button : toggles()) {
        if (const QString shown = text(button, chosen); button->text() != shown)
            button->setText(shown);
    }
}

void KernelFilterBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    if (event->size().width() != event->oldSize().width())
        fitToggleTexts();
}

QToolButton* KernelFilterBar::categoryToggle(const QString& key) const
{
    for (QToolButton* button : m_categoryToggles) {
        if (button->property("key").toString() == key)
            return button;
    }
    return nullptr;
}

QToolButton* KernelFilterBar::provenanceToggle(const QString& key) const
{
    for (QToolButton* button : m_provenanceToggles) {
        if (button->property("key").toString() == key)
            return button;
    }
    return nullptr;
}

} // namespace Ridgeline
