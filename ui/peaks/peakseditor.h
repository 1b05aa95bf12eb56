// Folder peaks/: the GPU peaks editor.
// A dialog to add a GPU or override its figures: HBM TB/s and each compute
// roof's TFLOPS for the datasheet and max-achievable sets, each figure with
// its source (a figure the user changes becomes a "user override" unless
// they name another). Save writes the user's file (UserPeaksFile) with only
// the GPUs they touched; Export writes the same to a chosen path, for
// `ridgeline --gpu-file`.
#pragma once

#include "engine/roofline/gpuspec.h"

#include <QDialog>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace Ridgeline {

class PeaksEditor final : public QDialog
{
    Q_OBJECT
public:
    // Columns of figuresTable(); row 0 is the memory roof (key "hbm_tbps").
    enum Column
    {
        RoofColumn,
        DatasheetColumn,
        DatasheetSourceColumn,
        MaxAchievableColumn,
        MaxAchievableSourceColumn,
        ColumnCount
    };
    static constexpr const char* OverrideSource = "user override";

    // `user`: the user's GPUs as last saved, shown over the built-in ones;
    // `path`: where Save writes them; `shownGpu`: the GPU to open with.
    PeaksEditor(const GpuCatalog& user, const QString& path, const QString& shownGpu, QWidget* parent = nullptr);
    ~PeaksEditor() override;

    // Validates the shown GPU, writes the file; false (the reason shown in
    // the dialog and in *error) when a figure or the name is invalid.
    bool save(QString* error = nullptr);
    bool exportTo(const QString& path, QString* error = nullptr);
    const GpuCatalog& userGpus() const { return m_user; }

    // The shown GPU's widgets, for tests.
    QComboBox* gpuChoice() const { return m_gpuChoice; }
    QLineEdit* nameField() const { return m_name; }
    QTableWidget* figuresTable() const { return m_table; }
    int rowOf(const QString& key) const; // -1 when the GPU has no such roof
    void addGpu(const QString& name);
    void addRoof(const QString& key);

Q_SIGNALS:
    void saved(const GpuCatalog& user);

private:
    void showGpu(const QString& name);
    void figureEdited(int row, int column);
    // The table as a GpuSpec; nullopt and *error when something is invalid.
    std::optional<GpuSpec> editedGpu(QString* error) const;
    bool commit(QString* error); // the shown GPU into m_user, if edited
    void revertToBuiltIn();
    void fail(const QString& error);
    const GpuSpec* known(const QString& name) const; // the user's, else built in

    GpuCatalog m_user;
    QString m_path;
    GpuSpec m_shown; // as it was when shown
    bool m_edited = false;
    bool m_filling = false;
    QComboBox* m_gpuChoice;
    QLineEdit* m_name;
    QLineEdit* m_aliases;
    QLineEdit* m_sources;
    QTableWidget* m_table;
    QLabel* m_status;
    QPushButton* m_revert;
};

} // namespace Ridgeline
