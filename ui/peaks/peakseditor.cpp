#include "peaks/peakseditor.h"

#include "peaks/userpeaksfile.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <utility>

namespace Ridgeline {
namespace {

const QString HbmKey = QStringLiteral("hbm_tbps");
constexpr int KeyRole = Qt::UserRole; // on a row's first cell
constexpr int ShownSourceRole = Qt::UserRole + 1; // on a source cell: its text when shown

// The roofs a new GPU starts with: the ones a Triton roofline uses most.
const QStringList NewGpuRoofs { QStringLiteral("matrix_fp8"), QStringLiteral("matrix_bf16"), QStringLiteral("matrix_fp16"),
    QStringLiteral("vector_fp32") };

QString figureText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

int figureColumn(PeakSet set)
{
    return set == PeakSet::Datasheet ? PeaksEditor::DatasheetColumn : PeaksEditor::MaxAchievableColumn;
}

bool sameName(const QString& a, const QString& b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

} // namespace

PeaksEditor::PeaksEditor(const GpuCatalog& user, const QString& path, const QString& shownGpu, QWidget* parent)
    : QDialog(parent)
    , m_user(user)
    , m_path(path)
    , m_gpuChoice(new QComboBox)
    , m_name(new QLineEdit)
    , m_aliases(new QLineEdit)
    , m_sources(new QLineEdit)
    , m_table(new QTableWidget(0, ColumnCount))
    , m_status(new QLabel)
    , m_revert(new QPushButton(tr("&Revert to Built-in")))
{
    setWindowTitle(tr("GPU Peaks"));
    // The first GPUs and the one shown: a settings file of a hundred
    // thousand GPUs must not make a combo box no one can scroll (the GPU
    // menu's "Other GPU…" chooses any, and the editor opens on it).
    constexpr size_t listed = 100;
    const GpuCatalog shown = UserPeaksFile::merged(m_user);
    QStringList names;
    for (size_t i = 0; i < shown.gpus().size() && i < listed; ++i)
        names << shown.gpus()[i].name;
    if (const GpuSpec* current = shown.find(shownGpu); current && !names.contains(current->name))
        names << current->name;
    m_gpuChoice->addItems(names);
    auto* newGpu = new QPushButton(tr("&New GPU…"));
    auto* addRoofButton = new QPushButton(tr("Add &Roof…"));
    auto* choiceRow = new QHBoxLayout;
    choiceRow->addWidget(m_gpuChoice, 1);
    choiceRow->addWidget(newGpu);
    choiceRow->addWidget(m_revert);

    m_aliases->setToolTip(tr("Other names, comma-separated: a trace's GPU name that holds one of them picks this GPU"));
    m_sources->setToolTip(tr("Where the figures come from; a figure with a source of its own shows it in the table"));
    auto* form = new QFormLayout;
    form->addRow(tr("GPU:"), choiceRow);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("&Aliases:"), m_aliases);
    form->addRow(tr("&Sources:"), m_sources);

    m_table->setHorizontalHeaderLabels({ tr("Roof"), tr("Datasheet"), tr("Source"), tr("Max-achievable"), tr("Source") });
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(DatasheetSourceColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(MaxAchievableSourceColumn, QHeaderView::Stretch);
    m_table->setToolTip(tr("HBM in TB/s, compute roofs in TFLOPS (dense). An empty figure: the set lacks that roof. "
                           "A figure you change gets the source \"%1\" unless you type another.")
            .arg(QString::fromLatin1(OverrideSource)));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close);
    QPushButton* exportButton = buttons->addButton(tr("&Export…"), QDialogButtonBox::ActionRole);
    exportButton->setToolTip(tr("Write your GPUs to a file for ridgeline --gpu-file"));
    buttons->button(QDialogButtonBox::Save)->setToolTip(tr("Keep your GPUs in %1; the roofline redraws with them").arg(m_path));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    auto* roofRow = new QHBoxLayout;
    roofRow->addWidget(addRoofButton);
    roofRow->addStretch(1);
    layout->addLayout(roofRow);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    resize(760, 460);

    connect(m_gpuChoice, &QComboBox::activated, this, [this] {
        QString error;
        if (!commit(&error)) {
            m_gpuChoice->setCurrentText(m_shown.name); // stay until it is fixed
            fail(error);
            return;
        }
        showGpu(m_gpuChoice->currentText());
    });
    connect(newGpu, &QPushButton::clicked, this, [this] {
        const QString name = QInputDialog::getText(this, tr("New GPU"), tr("Name:"));
        if (!name.trimmed().isEmpty())
            addGpu(name.trimmed());
    });
    connect(addRoofButton, &QPushButton::clicked, this, [this] {
        const QString key = QInputDialog::getText(this, tr("Add Roof"), tr("Key, such as matrix_fp8 or vector_fp64:"));
        if (!key.isEmpty())
            addRoof(key.trimmed().toLower());
    });
    connect(m_revert, &QPushButton::clicked, this, &PeaksEditor::revertToBuiltIn);
    connect(m_table, &QTableWidget::cellChanged, this, &PeaksEditor::figureEdited);
    for (QLineEdit* field : { m_name, m_aliases, m_sources })
        connect(field, &QLineEdit::textEdited, this, [this] { m_edited = true; });
    connect(buttons->button(QDialogButtonBox::Save), &QPushButton::clicked, this, [this] { save(); });
    connect(exportButton, &QPushButton::clicked, this, [this] {
        const QString target
            = QFileDialog::getSaveFileName(this, tr("Export GPU Peaks"), QStringLiteral("gpus.json"), tr("GPU peaks (*.json)"));
        if (!target.isEmpty())
            exportTo(target);
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    const GpuSpec* first = known(shownGpu);
    showGpu(first ? first->name : m_gpuChoice->itemText(0));
}

PeaksEditor::~PeaksEditor() = default;

const GpuSpec* PeaksEditor::known(const QString& name) const
{
    for (const GpuSpec& gpu : m_user.gpus()) {
        if (sameName(gpu.name, name))
            return &gpu;
    }
    for (const GpuSpec& gpu : GpuCatalog::builtIn().gpus()) {
        if (sameName(gpu.name, name))
            return &gpu;
    }
    return nullptr;
}

void PeaksEditor::showGpu(const QString& name)
{
    const GpuSpec* gpu = known(name);
    m_shown = gpu ? *gpu : GpuSpec { name, {}, {}, {}, std::nullopt, std::nullopt, {}, std::nullopt, {}, std::nullopt, {} };
    m_edited = !gpu; // a new GPU is the user's once saved
    m_filling = true;
    m_gpuChoice->setCurrentText(m_shown.name);
    m_name->setText(m_shown.name);
    // A built-in GPU keeps its name: a new name would be a new GPU.
    const GpuSpec* builtIn = GpuCatalog::builtIn().find(m_shown.name);
    m_name->setReadOnly(builtIn && sameName(builtIn->name, m_shown.name));
    m_aliases->setText(m_shown.aliases.join(QStringLiteral(", ")));
    m_sources->setText(m_shown.sources);

    QStringList keys { HbmKey };
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        if (const auto& figures = m_shown.figures(set)) {
            for (const ComputeRoof& roof : figures->computeRoofs) {
                if (!keys.contains(roof.key))
                    keys << roof.key;
            }
        }
    }
    if (!gpu)
        keys << NewGpuRoofs;
    m_table->setRowCount(0);
    for (const QString& key : keys)
        addRoof(key);
    m_filling = false;

    bool userChanged = false;
    for (const GpuSpec& mine : m_user.gpus())
        userChanged = userChanged || sameName(mine.name, m_shown.name);
    m_revert->setEnabled(userChanged);
    m_revert->setText(m_name->isReadOnly() ? tr("&Revert to Built-in") : tr("&Remove GPU"));
}

int PeaksEditor::rowOf(const QString& key) const
{
    for (int row = 0; row < m_table->rowCount(); ++row) {
        if (m_table->item(row, RoofColumn)->data(KeyRole).toString() == key)
            return row;
    }
    return -1;
}

void PeaksEditor::addRoof(const QString& key)
{
    static const QRegularExpression valid(QStringLiteral("^[a-z]+_[a-z0-9]+$"));
    if (rowOf(key) >= 0 || (key != HbmKey && !valid.match(key).hasMatch())) {
        if (!m_filling)
            fail(tr("A roof's key is a kind and a precision, such as matrix_fp8 (and not one the GPU has)"));
        return;
    }
    const bool filling = std::exchange(m_filling, true);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* roofItem = new QTableWidgetItem(key == HbmKey ? tr("HBM (TB/s)") : computeRoofLabel(key) + tr(" (TFLOPS)"));
    roofItem->setData(KeyRole, key);
    roofItem->setFlags(roofItem->flags() & ~Qt::ItemIsEditable);
    roofItem->setToolTip(key);
    m_table->setItem(row, RoofColumn, roofItem);
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        QString figure;
        QString source;
        if (const auto& figures = m_shown.figures(set)) {
            if (key == HbmKey) {
                figure = figureText(figures->memoryBandwidthTBps);
                source = m_shown.sourceOf(figures->memorySource);
            } else if (const ComputeRoof* roof = figures->roof(key)) {
                figure = figureText(roof->tflops);
                source = m_shown.sourceOf(roof->source);
            }
        }
        m_table->setItem(row, figureColumn(set), new QTableWidgetItem(figure));
        auto* sourceItem = new QTableWidgetItem(source);
        sourceItem->setData(ShownSourceRole, source);
        m_table->setItem(row, figureColumn(set) + 1, sourceItem);
    }
    m_filling = filling;
}

void PeaksEditor::figureEdited(int row, int column)
{
    if (m_filling)
        return;
    m_edited = true;
    if (column != DatasheetColumn && column != MaxAchievableColumn)
        return;
    // A changed figure is the user's unless they named its source already.
    QTableWidgetItem* source = m_table->item(row, column + 1);
    if (source && source->text() == source->data(ShownSourceRole).toString()) {
        m_filling = true;
        source->setText(m_table->item(row, column)->text().trimmed().isEmpty() ? QString() : QString::fromLatin1(OverrideSource));
        m_filling = false;
    }
}

std::optional<GpuSpec> PeaksEditor::editedGpu(QString* error) const
{
    GpuSpec gpu = m_shown;
    gpu.name = m_name->text().trimmed();
    if (gpu.name.isEmpty()) {
        *error = tr("A GPU needs a name.");
        return std::nullopt;
    }
    gpu.aliases.clear();
    for (const QString& alias : m_aliases->text().split(u',', Qt::SkipEmptyParts)) {
        if (!alias.trimmed().isEmpty())
            gpu.aliases << alias.trimmed();
    }
    gpu.sources = m_sources->text().trimmed();
    for (PeakSet set : { PeakSet::Datasheet, PeakSet::MaxAchievable }) {
        const int column = figureColumn(set);
        const QString setName = set == PeakSet::Datasheet ? tr("Datasheet") : tr("Max-achievable");
        PeakFigures figures;
        bool any = false;
        bool hasHbm = false;
        for (int row = 0; row < m_table->rowCount(); ++row) {
            const QString key = m_table->item(row, RoofColumn)->data(KeyRole).toString();
            const QString text = m_table->item(row, column)->text().trimmed();
            if (text.isEmpty())
                continue;
            bool ok = false;
            double value = text.toDouble(&ok);
            if (!ok)
                value = QLocale().toDouble(text, &ok);
            if (!ok || !std::isfinite(value) || !(value > 0)) {
                *error = tr("%1 %2: \"%3\" is not a positive number.").arg(setName, m_table->item(row, RoofColumn)->text(), text);
                return std::nullopt;
            }
            const QString typed = m_table->item(row, column + 1)->text().trimmed();
            const QString source = typed == gpu.sources ? QString() : typed; // the GPU's sources: none of its own
            any = true;
            if (key == HbmKey) {
                hasHbm = true;
                figures.memoryBandwidthTBps = value;
                figures.memorySource = source;
            } else {
                figures.computeRoofs.push_back({ key, computeRoofLabel(key), value, source });
            }
        }
        if (any && !hasHbm) {
            *error = tr("%1: its roofs need the HBM bandwidth (TB/s).").arg(setName);
            return std::nullopt;
        }
        std::stable_sort(figures.computeRoofs.begin(), figures.computeRoofs.end(),
            [](const ComputeRoof& a, const ComputeRoof& b) { return a.tflops > b.tflops; });
        gpu.figures(set) = any ? std::optional<PeakFigures>(figures) : std::nullopt;
    }
    if (!gpu.datasheet && !gpu.maxAchievable) {
        *error = tr("%1 needs its HBM bandwidth in at least one of the sets.").arg(gpu.name);
        return std::nullopt;
    }
    return gpu;
}

bool PeaksEditor::commit(QString* error)
{
    if (!m_edited)
        return true;
    const auto gpu = editedGpu(error);
    if (!gpu)
        return false;
    std::vector<GpuSpec> user;
    for (const GpuSpec& mine : m_user.gpus()) {
        if (!sameName(mine.name, gpu->name) && !sameName(mine.name, m_shown.name))
            user.push_back(mine);
    }
    user.push_back(*gpu);
    // As the file will read back: labels, order and sources as fromJson gives them.
    QString reason;
    const auto normalised = GpuCatalog::fromJson(GpuCatalog::of(std::move(user)).toJson(), &reason);
    if (!normalised) {
        *error = reason;
        return false;
    }
    m_user = *normalised;
    if (m_gpuChoice->findText(gpu->name, Qt::MatchFixedString) < 0) {
        if (const int old = m_gpuChoice->findText(m_shown.name, Qt::MatchFixedString);
            old >= 0 && !GpuCatalog::builtIn().find(m_shown.name))
            m_gpuChoice->setItemText(old, gpu->name); // a renamed GPU of the user's
        else
            m_gpuChoice->addItem(gpu->name);
    }
    showGpu(gpu->name);
    return true;
}

void PeaksEditor::addGpu(const QString& name)
{
    QString error;
    if (!commit(&error)) {
        fail(error);
        return;
    }
    if (m_gpuChoice->findText(name, Qt::MatchFixedString) < 0)
        m_gpuChoice->addItem(name);
    showGpu(name);
}

void PeaksEditor::revertToBuiltIn()
{
    std::vector<GpuSpec> user;
    for (const GpuSpec& mine : m_user.gpus()) {
        if (!sameName(mine.name, m_shown.name))
            user.push_back(mine);
    }
    m_user = GpuCatalog::of(std::move(user));
    QString next = m_shown.name;
    if (!m_name->isReadOnly()) { // the user's own GPU: gone
        m_gpuChoice->removeItem(m_gpuChoice->findText(m_shown.name, Qt::MatchFixedString));
        next = m_gpuChoice->itemText(0);
    }
    m_edited = false;
    showGpu(next);
    m_status->setText(tr("Reverted; Save to keep it."));
}

void PeaksEditor::fail(const QString& error)
{
    m_status->setStyleSheet(QStringLiteral("QLabel { color: #c00000; }"));
    m_status->setText(error);
}

bool PeaksEditor::save(QString* error)
{
    QString reason;
    if (!commit(&reason) || !UserPeaksFile::write(m_path, m_user, &reason)) {
        fail(reason);
        if (error)
            *error = reason;
        return false;
    }
    m_status->setStyleSheet({});
    m_status->setText(tr("Saved to %1").arg(m_path));
    Q_EMIT saved(m_user);
    return true;
}

bool PeaksEditor::exportTo(const QString& path, QString* error)
{
    QString reason;
    bool written = commit(&reason);
    if (written && m_user.gpus().empty()) {
        reason = tr("No GPU of yours to export yet: change a figure or add a GPU first.");
        written = false;
    }
    if (!written || !UserPeaksFile::write(path, m_user, &reason)) {
        fail(reason);
        if (error)
            *error = reason;
        return false;
    }
    m_status->setStyleSheet({});
    m_status->setText(tr("Exported to %1: ridgeline --gpu-file %1").arg(path));
    return true;
}

} // namespace Ridgeline
