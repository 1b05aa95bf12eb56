// Stage libraryops/: the library ops Inductor calls beside its Triton kernels.
// What the models read from an op's args, with TraceLens's dtype tables
// (ATEN_MODELS.md §2) beside Ridgeline's, and integer arithmetic on
// untrusted dims that can overflow but never misbehave.
#pragma once

#include "engine/input/tritonopargs.h"
#include "engine/libraryops/models/libraryopmodel.h"

#include <QString>
#include <QStringView>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace Ridgeline {

// An integer figure from untrusted dims: exact while it fits in 64 bits,
// invalid ("overflowed") from then on, like NaN.
class Count
{
public:
    Count() = default;
    Count(std::int64_t value)
        : m_value(value)
    { } // NOLINT(google-explicit-constructor): formulas read as math
    static Count invalid()
    {
        Count c;
        c.m_value.reset();
        return c;
    }

    bool valid() const { return m_value.has_value(); }
    std::int64_t value() const { return m_value.value_or(0); }
    double toDouble() const;

    friend Count operator+(Count a, Count b);
    friend Count operator-(Count a, Count b);
    friend Count operator*(Count a, Count b);
    // Python's a // b (floor); invalid for b = 0.
    friend Count floorDiv(Count a, Count b);

private:
    std::optional<std::int64_t> m_value = std::int64_t(0);
};

Count floorDiv(Count a, Count b);

using Shape = std::vector<std::int64_t>;

// prod(shape[from:]), 1 for an empty range.
Count product(const Shape& shape, size_t from = 0);
QString shapeText(const Shape& shape);

// TraceLens's name2bpe (case-insensitive; "Scalar" is 4 bytes).
std::optional<int> traceLensAtenBytes(QStringView dtype);
// TraceLens's torch_dtype_map: "fp32", "bf16", ... or "" (no compute spec).
QString traceLensPrecision(QStringView dtype);
// Ridgeline's: the real element size of every tensor dtype the profiler
// writes (bool is a byte); nullopt for what is not a tensor dtype.
std::optional<int> trueBytes(QStringView dtype);
// Ridgeline's precision: as TraceLens, plus e5m2 as fp8 and 8-bit integers as int8.
QString truePrecision(QStringView dtype);

// The op's args by position, as TraceLens indexes them.
class OpArgs
{
public:
    explicit OpArgs(const TritonOpArgs& args);

    // Why no tensor can have these args, naming the argument: a negative
    // size or stride, or more elements than 64 bits count; empty when every
    // recorded shape is possible. The models run only on args without damage,
    // so every product() of a shape they take is exact.
    const QString& damage() const { return m_damage; }

    int count() const { return int(m_args.inputDims.size()); }
    // The dims of argument i; nullptr when past the end or not a list of
    // non-negative integers (the reader keeps negative sizes: they are
    // refused here, and named by damage()).
    const Shape* dims(int i) const;
    // A tensor argument: dims present and non-empty (TraceLens's `[]` is a
    // non-tensor or an absent optional).
    bool isTensor(int i) const
    {
        const Shape* s = dims(i);
        return s && !s->empty();
    }
    QStringView type(int i) const;
    QStringView concrete(int i) const;

    // Concrete input i parsed the way the models read it; nullopt when it
    // does not parse.
    std::optional<std::int64_t> integer(int i) const;
    std::optional<double> real(int i) const;
    // 'True'/'true'/'1' -> true, 'False'/'false'/'0' -> false; nullopt otherwise.
    std::optional<bool> boolean(int i) const;
    // "[1, 2]" (or a bare "3") as integers; nullopt when it does not parse.
    std::optional<std::vector<std::int64_t>> integerList(int i) const;
    std::optional<std::vector<double>> realList(int i) const;
    std::optional<std::vector<bool>> booleanList(int i) const;

private:
    const TritonOpArgs& m_args;
    QString m_damage;
};

inline constexpr double notANumber = std::numeric_limits<double>::quiet_NaN();

// "matrix" + "bf16" -> "matrix_bf16"; "" when the precision is unknown.
QString computeSpec(QStringView maf, const QString& precision);
// An integer figure as digits, anything else to 10 significant digits.
QString figureText(double value);

// The model handed back: TraceLens's figures kept only where they differ
// from Ridgeline's (flops, bytes or roof), with the reasons that apply.
LibraryOpModel finishModel(
    LibraryOpCategory category, LibraryOpFigures truth, LibraryOpFigures traceLens, const QStringList& whyTheyDiffer);

} // namespace Ridgeline
