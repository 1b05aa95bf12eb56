// Stage triton/: what a Triton kernel name says.
// Splits an Inductor kernel name into category, fused ATen ops and index:
// triton_poi_fused__unsafe_view_mul_silu_2 -> poi, [_unsafe_view, mul, silu], 2.
#pragma once

#include "engine/base/memory/heapoptional.h"
#include "engine/triton/kernelcategory.h"

#include <QStringList>
#include <string_view>

namespace Ridgeline {

class OpCatalog;

struct KernelName
{
    KernelCategory category = KernelCategory::Other;
    bool opsSegmented = true; // false when fusedPart is not made of known ops
    int index = -1; // Inductor's counter, -1 when absent

    // In name order; empty when none or not segmentable.
    const QStringList& fusedOps() const { return m_fused ? m_fused->ops : noOps(); }
    // The text between "fused_" and the index.
    const QString& fusedPart() const { return m_fused ? m_fused->part : noPart(); }
    void setFused(QString part, QStringList ops);
    // Holds the fused part and ops of an equal name in one copy: a trace
    // of 200,000 numbered kernels of one pattern keeps one.
    void shareFusedWith(const KernelName& equal);

private:
    static const QStringList& noOps();
    static const QString& noPart();
    struct Fused
    {
        QString part;
        QStringList ops;
    };
    // On the heap, shared between copies: the name of a library row (a
    // million of them in a hostile trace) has none and costs a pointer.
    HeapOptional<Fused> m_fused;
};

bool isTritonKernelName(QStringView name);
// The same test on a name's UTF-8 bytes, before it is worth a QString.
bool isTritonKernelName(std::string_view utf8Name);

KernelName parseKernelName(QStringView name, const OpCatalog& catalog);

// Splits "_unsafe_view_mul_silu" into known op names, preferring the longest
// match at each step from the end. Returns nullopt when no split exists.
// Linear in the name: no op spans more tokens than the catalog's longest.
std::optional<QStringList> segmentOps(QStringView fusedPart, const OpCatalog& catalog);
constexpr qsizetype maxFusedPartLength = 4096; // longer: not segmented

} // namespace Ridgeline
