// The File ▸ Open Recent menu, kept in the settings, newest first.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace Ridgeline {

class RecentFiles final : public QObject
{
    Q_OBJECT
public:
    RecentFiles(QMenu* menu, QObject* parent = nullptr);

    // Kept in memory; save() writes the settings (the window does it on
    // close: a settings write can take tens of milliseconds).
    void add(const QString& path);
    void save() const;
    QStringList files() const { return m_files; }

Q_SIGNALS:
    void openRequested(const QString& path);

private:
    void rebuild();

    QMenu* m_menu;
    QStringList m_files;
};

} // namespace Ridgeline
