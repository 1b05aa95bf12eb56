#include "recentfiles.h"

#include "settingskeys.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace Ridgeline {

RecentFiles::RecentFiles(QMenu* menu, QObject* parent)
    : QObject(parent)
    , m_menu(menu)
    , m_files(QSettings().value(SettingsKeys::recentFiles()).toStringList())
{
    rebuild();
}

void RecentFiles::add(const QString& path)
{
    if (path.startsWith(u':')) // the bundled sample lives in the resources
        return;
    const QString absolute = QFileInfo(path).absoluteFilePath();
    m_files.removeAll(absolute);
    m_files.prepend(absolute);
    while (m_files.size() > SettingsKeys::maxRecentFiles)
        m_files.removeLast();
    rebuild();
}

void RecentFiles::rebuild()
{
    m_menu->clear();
    for (int i = 0; i < m_files.size(); ++i) {
        const QString path = m_files[i];
        QAction* action = m_menu->addAction(QStringLiteral("&%1  %2").arg((i + 1) % 10).arg(QDir::toNativeSeparators(path)));
        action->setEnabled(QFileInfo::exists(path));
        connect(action, &QAction::triggered, this, [this, path] { Q_EMIT openRequested(path); });
    }
    if (!m_files.isEmpty()) {
        m_menu->addSeparator();
        m_menu->addAction(tr("Clear List"), this, [this] {
            m_files.clear();
            save();
            rebuild();
        });
    }
    m_menu->setEnabled(!m_files.isEmpty());
}

void RecentFiles::save() const
{
    QSettings().setValue(SettingsKeys::recentFiles(), m_files);
}

} // namespace Ridgeline
