#include "engine/libraryops/models/opargs.h"

#include "engine/base/checkedmath.h"
#include "engine/perfmodel/dtypes.h"

#include <QStringList>
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace Ridgeline {
namespace {

using Entry = std::pair<const char16_t*, int>;

// ATEN_MODELS.md §2, name2bpe.
constexpr std::array atenBytesTable {
    Entry { u"double", 8 },
    Entry { u"long int", 8 },
    Entry { u"float", 4 },
    Entry { u"int", 4 },
    Entry { u"Scalar", 4 },
    Entry { u"c10::Half", 2 },
    Entry { u"c10::BFloat16", 2 },
    Entry { u"c10::Float8_e4m3fnuz", 1 },
    Entry { u"c10::Float8_e4m3fn", 1 },
    Entry { u"c10::Float8_e5m2", 1 },
    Entry { u"c10::Float8_e8m0fnu", 1 },
    Entry { u"unsigned char", 1 },
    Entry { u"signed char", 1 },
    Entry { u"fp8", 1 },
    Entry { u"c10::Float4_e2m1fn_x2", 1 },
    Entry { u"fp4", 1 },
};

using PrecisionEntry = std::pair<const char16_t*, const char16_t*>;

// ATEN_MODELS.md §2, torch_dtype_map.
constexpr std::array atenPrecisionTable {
    PrecisionEntry { u"float", u"fp32" },
    PrecisionEntry { u"double", u"fp64" },
    PrecisionEntry { u"c10::Half", u"fp16" },
    PrecisionEntry { u"c10::BFloat16", u"bf16" },
    PrecisionEntry { u"c10::Float8_e4m3fnuz", u"fp8" },
    PrecisionEntry { u"c10::Float8_e4m3fn", u"fp8" },
    PrecisionEntry { u"unsigned char", u"fp8" },
    PrecisionEntry { u"fp8", u"fp8" },
    PrecisionEntry { u"fp4", u"fp4" },
    PrecisionEntry { u"mxfp4", u"fp4" },
    PrecisionEntry { u"c10::Float4_e2m1fn_x2", u"fp4" },
};

// Ridgeline's additions: what the others are.
constexpr std::array truePrecisionTable {
    PrecisionEntry { u"c10::Float8_e5m2", u"fp8" },
    PrecisionEntry { u"c10::Float8_e5m2fnuz", u"fp8" },
    PrecisionEntry { u"c10::Float", u"fp32" },
    PrecisionEntry { u"c10::Double", u"fp64" },
    PrecisionEntry { u"signed char", u"int8" },
    PrecisionEntry { u"unsigned char", u"int8" },
    PrecisionEntry { u"c10::QInt8", u"int8" },
    PrecisionEntry { u"c10::QUInt8", u"int8" },
};

template <typename Table> auto lookupCaseless(const Table& table, QStringView name) -> std::optional<decltype(table[0].second)>
{
    for (const auto& [key, value] : table) {
        if (name.compare(QStringView(key), Qt::CaseInsensitive) == 0)
            return value;
    }
    return std::nullopt;
}

// The entries of "[a, b, c]" (or of a bare "a"), at most 64.
std::optional<QList<QStringView>> listEntries(QStringView text)
{
    text = text.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    QList<QStringView> entries;
    if (text.front() == u'[' || text.front() == u'(') {
        if (text.size() < 2 || (text.back() != u']' && text.back() != u')'))
            return std::nullopt;
        text = text.sliced(1, text.size() - 2).trimmed();
        if (text.isEmpty())
            return entries;
    }
    for (QStringView entry : text.split(u',')) {
        if (entries.size() == 64)
            return std::nullopt;
        entries.append(entry.trimmed());
    }
    return entries;
}

std::optional<std::int64_t> parseInt(QStringView text)
{
    std::int64_t value = 0;
    if (parseInteger(text, &value) != IntegerParse::Ok)
        return std::nullopt;
    return value;
}

std::optional<double> parseReal(QStringView text)
{
    bool ok = false;
    const double value = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::optional<bool> parseBool(QStringView text)
{
    text = text.trimmed();
    if (text.compare(u"true", Qt::CaseInsensitive) == 0 || text == u"1")
        return true;
    if (text.compare(u"false", Qt::CaseInsensitive) == 0 || text == u"0")
        return false;
    return std::nullopt;
}

template <typename T, typename Parse> std::optional<std::vector<T>> parseList(QStringView text, Parse parse)
{
    const auto entries = listEntries(text);
    if (!entries)
        return std::nullopt;
    std::vector<T> values;
    for (QStringView entry : *entries) {
        const auto value = parse(entry);
        if (!value)
            return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

} // namespace

double Count::toDouble() const
{
    return m_value ? double(*m_value) : std::numeric_limits<double>::quiet_NaN();
}

Count operator+(Count a, Count b)
{
    if (!a.valid() || !b.valid())
        return Count::invalid();
    const auto sum = checkedAdd(a.value(), b.value());
    return sum ? Count(*sum) : Count::invalid();
}

Count operator-(Count a, Count b)
{
    if (!a.valid() || !b.valid() || b.value() == std::numeric_limits<std::int64_t>::min())
        return Count::invalid();
    return a + Count(-b.value());
}

Count operator*(Count a, Count b)
{
    if (!a.valid() || !b.valid())
        return Count::invalid();
    const auto product = checkedMul(a.value(), b.value());
    return product ? Count(*product) : Count::invalid();
}

Count floorDiv(Count a, Count b)
{
    if (!a.valid() || !b.valid() || b.value() == 0 || (a.value() == std::numeric_limits<std::int64_t>::min() && b.value() == -1))
        return Count::invalid();
    std::int64_t quotient = a.value() / b.value();
    if ((a.value() % b.value() != 0) && ((a.value() < 0) != (b.value() < 0)))
        --quotient;
    return quotient;
}

Count product(const Shape& shape, size_t from)
{
    Count result = 1;
    for (size_t i = from; i < shape.size(); ++i)
        result = result * shape[i];
    return result;
}

QString shapeText(const Shape& shape)
{
    QStringList parts;
    for (std::int64_t dim : shape)
        parts << QString::number(dim);
    return u'[' + parts.join(QStringLiteral(", ")) + u']';
}

std::optional<int> traceLensAtenBytes(QStringView dtype)
{
    return lookupCaseless(atenBytesTable, dtype);
}

QString traceLensPrecision(QStringView dtype)
{
    const auto precision = lookupCaseless(atenPrecisionTable, dtype);
    return precision ? QString::fromUtf16(*precision) : QString();
}

std::optional<int> trueBytes(QStringView dtype)
{
    if (dtype.compare(u"Scalar", Qt::CaseInsensitive) == 0)
        return std::nullopt;
    if (auto bytes = bytesPerElement(dtype))
        return bytes;
    return traceLensAtenBytes(dtype);
}

QString truePrecision(QStringView dtype)
{
    if (const auto precision = lookupCaseless(truePrecisionTable, dtype))
        return QString::fromUtf16(*precision);
    return traceLensPrecision(dtype);
}

namespace {

bool anyNegative(const Shape& values)
{
    return std::any_of(values.begin(), values.end(), [](std::int64_t v) { return v < 0; });
}

// Why a recorded shape (and its strides, when recorded) is impossible; empty when possible.
QString shapeDamage(int i, const Shape& dims, const std::optional<Shape>* strides)
{
    for (std::int64_t size : dims) {
        if (size < 0)
            return QStringLiteral("argument %1 has a negative size (%2 in Input Dims %3)").arg(i).arg(size).arg(shapeText(dims));
    }
    if (!product(dims).valid())
        return QStringLiteral("argument %1 has more elements than 64 bits count (Input Dims %2)").arg(i).arg(shapeText(dims));
    if (strides && *strides) {
        const Shape& s = **strides;
        if (anyNegative(s))
            return QStringLiteral("argument %1 has a negative stride (Input Strides %2)").arg(i).arg(shapeText(s));
        if (!s.empty() && s.size() != dims.size())
            return QStringLiteral("argument %1 has %2 strides for %3 dims (Input Strides %4, Input Dims %5)")
                .arg(i)
                .arg(s.size())
                .arg(dims.size())
                .arg(shapeText(s), shapeText(dims));
    }
    return {};
}

} // namespace

OpArgs::OpArgs(const TritonOpArgs& args)
    : m_args(args)
{
    // Once, before any model reads a dim: linear in the recorded sizes.
    const size_t strideCount = m_args.hasInputStrides ? m_args.inputStrides.size() : 0;
    for (size_t i = 0; i < m_args.inputDims.size() && m_damage.isEmpty(); ++i) {
        if (const auto& entry = m_args.inputDims[i])
            m_damage = shapeDamage(int(i), *entry, i < strideCount ? &m_args.inputStrides[i] : nullptr);
    }
}

const Shape* OpArgs::dims(int i) const
{
    if (i < 0 || i >= count())
        return nullptr;
    const auto& entry = m_args.inputDims[size_t(i)];
    return entry && !anyNegative(*entry) ? &*entry : nullptr;
}

QStringView OpArgs::type(int i) const
{
    return i >= 0 && i < m_args.inputTypes.size() ? QStringView(m_args.inputTypes[i]) : QStringView();
}

QStringView OpArgs::concrete(int i) const
{
    return i >= 0 && i < m_args.concreteInputs.size() ? QStringView(m_args.concreteInputs[i]) : QStringView();
}

std::optional<std::int64_t> OpArgs::integer(int i) const
{
    return parseInt(concrete(i));
}
std::optional<double> OpArgs::real(int i) const
{
    return parseReal(concrete(i));
}
std::optional<bool> OpArgs::boolean(int i) const
{
    return parseBool(concrete(i));
}

std::optional<std::vector<std::int64_t>> OpArgs::integerList(int i) const
{
    return parseList<std::int64_t>(concrete(i), parseInt);
}

std::optional<std::vector<double>> OpArgs::realList(int i) const
{
    return parseList<double>(concrete(i), parseReal);
}

std::optional<std::vector<bool>> OpArgs::booleanList(int i) const
{
    return parseList<bool>(concrete(i), parseBool);
}

QString computeSpec(QStringView maf, const QString& precision)
{
    return precision.isEmpty() ? QString() : maf + u'_' + precision;
}

QString figureText(double value)
{
    if (std::isnan(value))
        return QStringLiteral("unknown");
    if (std::abs(value) < 9e15 && value == std::floor(value))
        return QString::number(std::int64_t(value));
    return QString::number(value, 'g', 10);
}

namespace {

bool sameNumber(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

} // namespace

LibraryOpModel finishModel(LibraryOpCategory category, LibraryOpFigures truth, LibraryOpFigures traceLens, const QStringList& whyTheyDiffer)
{
    LibraryOpModel model;
    model.category = category;
    const bool same = sameNumber(truth.flops, traceLens.flops) && sameNumber(truth.bytes, traceLens.bytes)
        && truth.computeSpec == traceLens.computeSpec;
    model.figures = std::move(truth);
    if (!same) {
        model.tracelensWhy = whyTheyDiffer.isEmpty() ? QStringLiteral("TraceLens's model counts this op differently")
                                                     : whyTheyDiffer.join(QStringLiteral("; "));
        model.tracelens = std::move(traceLens);
    }
    return model;
}

} // namespace Ridgeline
