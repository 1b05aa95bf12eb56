// Stage libraryops/: the library ops (GEMM, attention, convolution, norms,
// elementwise, reductions) that Inductor calls beside its Triton kernels.
// The performance model of one library op from its recorded args: pure
// functions, no trace reading. Ridgeline's figures are the true ones; where
// TraceLens's reference model reports something else (the spec's "points a
// re-implementation must copy", ../shared/spec/ATEN_MODELS.md §9), its
// figures are computed too, exactly as it does, with why they differ.
#pragma once

#include "engine/input/tritonopargs.h"

#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>
#include <QStringView>
#include <optional>

namespace Ridgeline {

enum class LibraryOpCategory
{
    Gemm,
    Attention,
    Conv,
    Norm,
    Elementwise,
    Reduction,
    Other
};

// "gemm", "attention", "conv", "norm", "elementwise", "reduction", "other".
QString categoryName(LibraryOpCategory category);

struct LibraryOpFigures
{
    // flops NaN: no figures at all (TraceLens keeps such a row with its
    // kernel time only, e.g. upsample called with a scale factor).
    double flops = 0;
    double bytes = 0; // NaN when unknown (TraceLens: a dtype without a size, such as bool)
    QString computeSpec; // the roof, as TraceLens names it: "matrix_bf16", "vector_fp32", "" when none
    QString rule; // which model gave the figures ("GEMM: addmm", ...)
    QList<QPair<QString, double>> params; // parsed parameters (M, N, K, B, H, ...) for the inspector
    QStringList derivation; // human-readable lines with the real numbers
};

struct LibraryOpModel
{
    LibraryOpCategory category = LibraryOpCategory::Other;
    LibraryOpFigures figures; // Ridgeline's (the true) figures
    std::optional<LibraryOpFigures> tracelens; // TraceLens's where they differ
    QString tracelensWhy; // why they differ
};

// Every op name some model below covers, aliases included (exact names, as
// the profiler writes them).
bool isModelledLibraryOp(QStringView opName);
// All those names, sorted (tests walk them).
QStringList modelledLibraryOps();
// The category of a modelled op name, whether or not its args fit (nullopt:
// not modelled). A model may refine it (min/max of two tensors is elementwise).
std::optional<LibraryOpCategory> libraryOpCategory(QStringView opName);

// args: the op's Input Dims / Input type / Input Strides / Concrete Inputs
// as the reader parses them for Triton ops; nullopt when the op is not
// modelled or its args do not fit the model (then whyNot says why, when
// given).
std::optional<LibraryOpModel> modelLibraryOp(QStringView opName, const TritonOpArgs& args, QString* whyNot = nullptr);

} // namespace Ridgeline
