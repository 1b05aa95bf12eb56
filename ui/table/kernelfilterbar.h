// Folder table/: the kernel table's widgets.
// The row of controls above the kernel table: a text filter (substring or
// regular expression over names and ops) and toggles per category and per
// provenance, each showing how many kernels it holds, and one for the
// library kernels (GEMM, attention, ...: time only), shown by default.
// Narrower than its toggles' titles (a laptop at 125 %), the toggles name
// their kinds by key ("poi (13)"): the bar never makes the window wider
// than the screen.
#pragma once

#include "tracesummary.h"

#include <QWidget>

class QCheckBox;
class QHBoxLayout;
class QLineEdit;
class QToolButton;

namespace Ridgeline {

class KernelFilterProxy;

class KernelFilterBar final : public QWidget
{
    Q_OBJECT
public:
    KernelFilterBar(KernelFilterProxy* proxy, QWidget* parent = nullptr);

    void setSummary(const TraceSummary& summary);
    QLineEdit* textField() const { return m_text; }
    QCheckBox* regexToggle() const { return m_regex; }
    // Shows the "Only changed" toggle while a baseline is compared.
    void setCompareMode(bool comparing);
    QCheckBox* onlyChangedToggle() const { return m_onlyChanged; }
    QToolButton* categoryToggle(const QString& key) const;
    QToolButton* provenanceToggle(const QString& key) const;
    QToolButton* libraryToggle() const { return m_library; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyText();
    void fitToggleTexts(); // titles where they fit, else keys
    QList<QToolButton*> toggles() const;
    QToolButton* addToggle(QHBoxLayout* layout, const QString& key, const QString& title, bool category);

    KernelFilterProxy* m_proxy;
    QLineEdit* m_text;
    QCheckBox* m_regex;
    QCheckBox* m_onlyChanged;
    QList<QToolButton*> m_categoryToggles;
    QList<QToolButton*> m_provenanceToggles;
    QToolButton* m_library = nullptr;
};

} // namespace Ridgeline
