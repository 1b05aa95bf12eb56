// The GPU peaks editor: a figure changed in the table is saved, with its
// source, to a file `--gpu-file` reads; an invalid figure or name refuses to
// save; the main window merges the saved GPUs and redraws its roofs.
#include "mainwindow.h"
#include "peaks/peakseditor.h"
#include "peaks/userpeaksfile.h"
#include "shownanalysis.h"

#include <QAbstractSeries>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

const QString Mi300x = QStringLiteral("AMD Instinct MI300X");

QTableWidgetItem* cell(const PeaksEditor& editor, const QString& key, int column)
{
    const int row = editor.rowOf(key);
    return row < 0 ? nullptr : editor.figuresTable()->item(row, column);
}

std::optional<GpuCatalog> readBack(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QString error;
    auto catalog = GpuCatalog::fromJson(file.readAll(), &error);
    EXPECT_TRUE(catalog) << qPrintable(error);
    return catalog;
}

} // namespace

TEST(PeaksEditor, AnOverriddenFigureIsSavedWithItsSource)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpus.json"));
    PeaksEditor editor(GpuCatalog::of({}), path, Mi300x);
    EXPECT_EQ(editor.nameField()->text(), Mi300x);
    QTableWidgetItem* bf16 = cell(editor, QStringLiteral("matrix_bf16"), PeaksEditor::DatasheetColumn);
    ASSERT_NE(bf16, nullptr);
    EXPECT_EQ(bf16->text(), QStringLiteral("1307.4"));
    QSignalSpy saved(&editor, &PeaksEditor::saved);

    bf16->setText(QStringLiteral("1000"));
    EXPECT_EQ(cell(editor, QStringLiteral("matrix_bf16"), PeaksEditor::DatasheetSourceColumn)->text(), QStringLiteral("user override"));
    QString error;
    ASSERT_TRUE(editor.save(&error)) << qPrintable(error);
    EXPECT_EQ(saved.size(), 1);

    const auto file = readBack(path);
    ASSERT_TRUE(file);
    ASSERT_EQ(file->gpus().size(), 1U); // only what the user touched
    const GpuSpec& gpu = file->gpus().front();
    EXPECT_EQ(gpu.name, Mi300x);
    const ComputeRoof* roof = gpu.datasheet->roof(QStringLiteral("matrix_bf16"));
    ASSERT_NE(roof, nullptr);
    EXPECT_DOUBLE_EQ(roof->tflops, 1000);
    EXPECT_EQ(roof->source, QStringLiteral("user override"));
    // The figures left alone keep theirs: the datasheet's, the GPU's sources.
    const ComputeRoof* fp8 = gpu.datasheet->roof(QStringLiteral("matrix_fp8"));
    ASSERT_NE(fp8, nullptr);
    EXPECT_DOUBLE_EQ(fp8->tflops, 2614.9);
    EXPECT_TRUE(fp8->source.isEmpty());
    EXPECT_EQ(gpu.sourceOf(fp8->source), GpuCatalog::builtIn().defaultGpu().sources);
    EXPECT_DOUBLE_EQ(gpu.maxAchievable->roof(QStringLiteral("matrix_bf16"))->tflops, 708);

    // Merged over the built-in catalogue, it is what the roofs are drawn from.
    const GpuCatalog merged = UserPeaksFile::merged(*file);
    EXPECT_EQ(merged.gpus().size(), GpuCatalog::builtIn().gpus().size());
    EXPECT_DOUBLE_EQ(merged.find(Mi300x)->datasheet->roof(QStringLiteral("matrix_bf16"))->tflops, 1000);
}

TEST(PeaksEditor, ATypedSourceAndANewGpuAreKept)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpus.json"));
    PeaksEditor editor(GpuCatalog::of({}), path, Mi300x);
    editor.addGpu(QStringLiteral("Lab GPU"));
    EXPECT_EQ(editor.gpuChoice()->currentText(), QStringLiteral("Lab GPU"));
    cell(editor, QStringLiteral("hbm_tbps"), PeaksEditor::MaxAchievableColumn)->setText(QStringLiteral("2.5"));
    cell(editor, QStringLiteral("matrix_bf16"), PeaksEditor::MaxAchievableSourceColumn)->setText(QStringLiteral("our GEMM sweep"));
    cell(editor, QStringLiteral("matrix_bf16"), PeaksEditor::MaxAchievableColumn)->setText(QStringLiteral("400"));
    QString error;
    ASSERT_TRUE(editor.save(&error)) << qPrintable(error);

    const auto file = readBack(path);
    ASSERT_TRUE(file);
    const GpuSpec* lab = file->find(QStringLiteral("Lab GPU"));
    ASSERT_NE(lab, nullptr);
    EXPECT_FALSE(lab->datasheet); // no figure in that column: no such set
    ASSERT_TRUE(lab->maxAchievable);
    EXPECT_DOUBLE_EQ(lab->maxAchievable->memoryBandwidthTBps, 2.5);
    EXPECT_EQ(lab->maxAchievable->memorySource, QStringLiteral("user override"));
    ASSERT_EQ(lab->maxAchievable->computeRoofs.size(), 1U); // empty rows are no roofs
    EXPECT_EQ(lab->maxAchievable->computeRoofs.front().source, QStringLiteral("our GEMM sweep"));
    EXPECT_EQ(file->find(Mi300x), nullptr); // untouched: not in the user's file
}

// Each bad input refuses to save, says why, and leaves the file alone.
TEST(PeaksEditor, InvalidValuesRefuseToSave)
{
    for (const char* bad : { "-5", "0", "abc", "inf", "nan", "1e400" }) {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("gpus.json"));
        PeaksEditor editor(GpuCatalog::of({}), path, Mi300x);
        cell(editor, QStringLiteral("hbm_tbps"), PeaksEditor::DatasheetColumn)->setText(QString::fromLatin1(bad));
        QString error;
        EXPECT_FALSE(editor.save(&error)) << bad;
        EXPECT_TRUE(error.contains(QStringLiteral("not a positive number"))) << qPrintable(error);
        EXPECT_FALSE(QFile::exists(path)) << bad;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("gpus.json"));
    PeaksEditor editor(GpuCatalog::of({}), path, Mi300x);
    editor.addGpu(QStringLiteral("Lab GPU"));
    cell(editor, QStringLiteral("hbm_tbps"), PeaksEditor::DatasheetColumn)->setText(QStringLiteral("1"));
    editor.nameField()->setText(QString());
    QString error;
    EXPECT_FALSE(editor.save(&error));
    EXPECT_TRUE(error.contains(QStringLiteral("name"))) << qPrintable(error);
    editor.nameField()->setText(QStringLiteral("Lab GPU"));
    cell(editor, QStringLiteral("hbm_tbps"), PeaksEditor::DatasheetColumn)->setText(QString());
    cell(editor, QStringLiteral("matrix_bf16"), PeaksEditor::DatasheetColumn)->setText(QStringLiteral("100"));
    EXPECT_FALSE(editor.save(&error)); // roofs without the HBM figure
    EXPECT_TRUE(error.contains(QStringLiteral("HBM"))) << qPrintable(error);
    EXPECT_FALSE(QFile::exists(path));
}

// The window reads the user's file at start and redraws after a save.
TEST(PeaksEditor, TheWindowDrawsTheUsersRoofs)
{
    const QString path = UserPeaksFile::defaultPath(); // in the tests' throw-away settings folder
    GpuSpec mi300x = GpuCatalog::builtIn().defaultGpu();
    // The window draws the max-achievable set by default: the user overrides one of its roofs.
    for (ComputeRoof& roof : mi300x.maxAchievable->computeRoofs) {
        if (roof.key == QStringLiteral("matrix_bf16")) {
            roof.tflops = 1111;
            roof.source = QStringLiteral("user override");
        }
    }
    QString error;
    ASSERT_TRUE(UserPeaksFile::write(path, GpuCatalog::of({ mi300x }), &error)) << qPrintable(error);
    const auto roofNames = [](const MainWindow& window) {
        QStringList names;
        for (QAbstractSeries* series : window.rooflineView()->chart()->series())
            names << series->name();
        return names.join(u'|');
    };
    {
        MainWindow window;
        EXPECT_EQ(window.userPeaksPath(), path);
        EXPECT_TRUE(roofNames(window).contains(QStringLiteral("BF16 matrix 1111 TFLOPS"))) << qPrintable(roofNames(window));

        GpuSpec lab;
        lab.name = QStringLiteral("Lab GPU");
        lab.datasheet = PeakFigures { 2, {}, { { QStringLiteral("matrix_bf16"), QStringLiteral("BF16 matrix"), 321, {} } }, {} };
        window.applyUserPeaks(GpuCatalog::of({ lab }));
        EXPECT_NE(window.catalog().find(QStringLiteral("Lab GPU")), nullptr);
        EXPECT_TRUE(roofNames(window).contains(QStringLiteral("BF16 matrix 708 TFLOPS"))); // the override is gone
        window.shown()->setGpuChoice(QStringLiteral("Lab GPU"));
        EXPECT_TRUE(roofNames(window).contains(QStringLiteral("BF16 matrix 321 TFLOPS"))) << qPrintable(roofNames(window));
    }
    QFile::remove(path);
}
