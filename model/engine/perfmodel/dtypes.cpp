#include "engine/perfmodel/dtypes.h"

#include <array>
#include <utility>

namespace Ridgeline {
namespace {

using Entry = std::pair<const char16_t*, int>;

// The eight names of TraceLens's table (spec section 5).
constexpr std::array traceLensTable {
    Entry { u"c10::BFloat16", 2 },
    Entry { u"c10::Half", 2 },
    Entry { u"c10::Float", 4 },
    Entry { u"c10::Double", 8 },
    Entry { u"c10::Byte", 1 },
    Entry { u"c10::Char", 1 },
    Entry { u"c10::Int", 4 },
    Entry { u"c10::Long", 8 },
};

// Names TraceLens misses: plain C++ spellings that the profiler writes for
// some tensors, booleans, float8 and the remaining c10 scalar types.
constexpr std::array extraTable {
    Entry { u"float", 4 },
    Entry { u"double", 8 },
    Entry { u"int", 4 },
    Entry { u"unsigned int", 4 },
    Entry { u"long", 8 },
    Entry { u"long int", 8 },
    Entry { u"long long", 8 },
    Entry { u"long long int", 8 },
    Entry { u"unsigned long", 8 },
    Entry { u"short", 2 },
    Entry { u"short int", 2 },
    Entry { u"unsigned short", 2 },
    Entry { u"signed char", 1 },
    Entry { u"unsigned char", 1 },
    Entry { u"char", 1 },
    Entry { u"bool", 1 },
    Entry { u"c10::Bool", 1 },
    Entry { u"c10::Short", 2 },
    Entry { u"c10::UInt16", 2 },
    Entry { u"c10::UInt32", 4 },
    Entry { u"c10::UInt64", 8 },
    Entry { u"c10::ComplexHalf", 4 },
    Entry { u"c10::ComplexFloat", 8 },
    Entry { u"c10::ComplexDouble", 16 },
    Entry { u"c10::Float8_e4m3fn", 1 },
    Entry { u"c10::Float8_e4m3fnuz", 1 },
    Entry { u"c10::Float8_e5m2", 1 },
    Entry { u"c10::Float8_e5m2fnuz", 1 },
    Entry { u"c10::Float8_e8m0fnu", 1 },
    Entry { u"c10::Float4_e2m1fn_x2", 1 },
    Entry { u"c10::QInt8", 1 },
    Entry { u"c10::QUInt8", 1 },
    Entry { u"c10::QInt32", 4 },
    Entry { u"c10::qint8", 1 },
    Entry { u"c10::quint8", 1 },
    Entry { u"c10::qint32", 4 },
};

constexpr std::array pointerTable {
    Entry { u"*bf16", 2 },
    Entry { u"*fp16", 2 },
    Entry { u"*f16", 2 },
    Entry { u"*fp32", 4 },
    Entry { u"*f32", 4 },
    Entry { u"*fp64", 8 },
    Entry { u"*f64", 8 },
    Entry { u"*i8", 1 },
    Entry { u"*u8", 1 },
    Entry { u"*i1", 1 },
    Entry { u"*i16", 2 },
    Entry { u"*u16", 2 },
    Entry { u"*i32", 4 },
    Entry { u"*u32", 4 },
    Entry { u"*i64", 8 },
    Entry { u"*u64", 8 },
    Entry { u"*fp8e4nv", 1 },
    Entry { u"*fp8e4b8", 1 },
    Entry { u"*fp8e5", 1 },
    Entry { u"*fp8e5b16", 1 },
    Entry { u"*fp8e4b15", 1 },
};

template <typename Table> std::optional<int> lookup(const Table& table, QStringView name)
{
    for (const auto& [key, bytes] : table) {
        if (name == QStringView(key))
            return bytes;
    }
    return std::nullopt;
}

} // namespace

std::optional<int> bytesPerElement(QStringView dtype)
{
    const QStringView name = dtype.trimmed();
    if (auto bytes = lookup(traceLensTable, name))
        return bytes;
    return lookup(extraTable, name);
}

int traceLensBytesPerElement(QStringView dtype)
{
    // TraceLens matches the exact string, so no trimming here.
    return lookup(traceLensTable, dtype).value_or(0);
}

std::optional<int> pointerBytesPerElement(QStringView pointerType)
{
    return lookup(pointerTable, pointerType.trimmed());
}

} // namespace Ridgeline
