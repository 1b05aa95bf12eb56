#include "table/kernelfilterbar.h"

#include "engine/triton/kernelcategory.h"
#include "itemmodels/kernelfilterproxy.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace Ridgeline {
namespace {

const KernelCategory categories[] = { KernelCategory::Pointwise, KernelCategory::Reduction,
                                      KernelCategory::PersistentReduction, KernelCategory::Template,
                                      KernelCategory::Foreach, KernelCategory::SplitScan,
                                      KernelCategory::Generic, KernelCategory::User, KernelCategory::Other };

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
}

void KernelFilterBar::setCompareMode(bool comparing)
{
    m_onlyChanged->setVisible(comparing);
    if (!comparing)
        m_onlyChanged->setChecked(false);
}

QToolButton* KernelFilterBar::addToggle(QHBoxLayout* layout, const QString& key, const QString& title, bool category)
{
    auto* button = new QToolButton;
    button->setCheckable(true);
    button->setChecked(true);
    button->setAutoRaise(true);
    button->setProperty("key", key);
    button->setProperty("title", title);
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
        button->setText(QStringLiteral("%1 (%2)").arg(button->property("title").toString()).arg(count));
        button->setVisible(count > 0);
    }
    for (QToolButton* button : m_provenanceToggles) {
        const int count = summary.byProvenance.value(button->property("key").toString());
        button->setText(QStringLiteral("%1 (%2)").arg(button->property("title").toString()).arg(count));
        button->setVisible(count > 0);
    }
    m_library->setText(QStringLiteral("%1 (%2)").arg(m_library->property("title").toString()).arg(summary.libraryKernels));
    m_library->setVisible(summary.libraryKernels > 0);
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
