// Folder itemmodels/: Qt item models and proxies over an analysis.
// Sorts the kernel table by raw values and filters it by text (substring
// or regular expression over kernel name and fused ops) and by category
// and provenance toggles.
#pragma once

#include <QRegularExpression>
#include <QSet>
#include <QSortFilterProxyModel>

namespace Ridgeline {

class KernelFilterProxy final : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit KernelFilterProxy(QObject* parent = nullptr);

    // Returns false (and filters nothing) for an invalid regular expression.
    bool setTextFilter(const QString& text, bool regularExpression);
    QString textFilterError() const { return m_textError; }

    // Keys as in categoryKey() / provenanceKey(); hidden ones are filtered out.
    void setCategoryVisible(const QString& category, bool visible);
    void setProvenanceVisible(const QString& provenance, bool visible);
    bool isCategoryVisible(const QString& category) const { return !m_hiddenCategories.contains(category); }
    bool isProvenanceVisible(const QString& provenance) const { return !m_hiddenProvenances.contains(provenance); }
    // Compare mode: only the kernels that differ from their baseline
    // (KernelTableModel::ChangedRole); outside compare mode it filters nothing.
    void setOnlyChanged(bool only);
    bool onlyChanged() const { return m_onlyChanged; }
    // True while some row may be filtered out.
    bool filtersAnything() const;

Q_SIGNALS:
    // Before the rows are filtered anew (the current row may go), and after.
    void filterAboutToChange();
    // After any of the filters above changed and the rows were filtered anew.
    void filterChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString m_text;
    QRegularExpression m_regex;
    bool m_useRegex = false;
    QString m_textError;
    QSet<QString> m_hiddenCategories;
    QSet<QString> m_hiddenProvenances;
    bool m_onlyChanged = false;
};

} // namespace Ridgeline
