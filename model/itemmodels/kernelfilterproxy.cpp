#include "itemmodels/kernelfilterproxy.h"

#include "itemmodels/kerneltablemodel.h"

namespace Ridgeline {

KernelFilterProxy::KernelFilterProxy(QObject* parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(KernelTableModel::SortRole);
    setDynamicSortFilter(true);
}

bool KernelFilterProxy::setTextFilter(const QString& text, bool regularExpression)
{
    m_text = text;
    m_useRegex = regularExpression;
    m_textError.clear();
    if (regularExpression) {
        m_regex = QRegularExpression(text, QRegularExpression::CaseInsensitiveOption);
        if (!m_regex.isValid()) {
            m_textError = m_regex.errorString();
            m_text.clear(); // an unfinished pattern shows everything, not nothing
        }
    }
    Q_EMIT filterAboutToChange();
    invalidateRowsFilter();
    Q_EMIT filterChanged();
    return m_textError.isEmpty();
}

void KernelFilterProxy::setCategoryVisible(const QString& category, bool visible)
{
    if (visible)
        m_hiddenCategories.remove(category);
    else
        m_hiddenCategories.insert(category);
    Q_EMIT filterAboutToChange();
    invalidateRowsFilter();
    Q_EMIT filterChanged();
}

void KernelFilterProxy::setProvenanceVisible(const QString& provenance, bool visible)
{
    if (visible)
        m_hiddenProvenances.remove(provenance);
    else
        m_hiddenProvenances.insert(provenance);
    Q_EMIT filterAboutToChange();
    invalidateRowsFilter();
    Q_EMIT filterChanged();
}

void KernelFilterProxy::setOnlyChanged(bool only)
{
    m_onlyChanged = only;
    Q_EMIT filterAboutToChange();
    invalidateRowsFilter();
    Q_EMIT filterChanged();
}

bool KernelFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    if (m_hiddenCategories.contains(index.data(KernelTableModel::CategoryKeyRole).toString()))
        return false;
    if (m_hiddenProvenances.contains(index.data(KernelTableModel::ProvenanceKeyRole).toString()))
        return false;
    if (m_onlyChanged) {
        const QVariant changed = index.data(KernelTableModel::ChangedRole);
        if (changed.isValid() && !changed.toBool())
            return false;
    }
    if (m_text.isEmpty())
        return true;
    const QString haystack = index.data(KernelTableModel::FilterTextRole).toString();
    return m_useRegex ? m_regex.match(haystack).hasMatch() : haystack.contains(m_text, Qt::CaseInsensitive);
}

bool KernelFilterProxy::filtersAnything() const
{
    return !m_text.isEmpty() || !m_hiddenCategories.isEmpty() || !m_hiddenProvenances.isEmpty() || m_onlyChanged;
}

} // namespace Ridgeline
