// Stage triton/: what a Triton kernel name says.
// What Ridgeline knows about ATen ops: which names exist (to split kernel
// names into ops) and how many FLOPs each costs per element, in Ridgeline's
// count and in the TraceLens reference model's.
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>
#include <optional>

namespace Ridgeline {

enum class OpCostKind
{
    Arithmetic, // counted in FLOPs
    MemoryOnly, // moves or reinterprets data: 0 FLOPs by design
    NotCounted, // unknown to both tables: 0 FLOPs, said plainly
};

struct OpCost
{
    OpCostKind kind = OpCostKind::NotCounted;
    int flopsPerElement = 0; // Ridgeline's count
    int traceLensFlopsPerElement = 0; // what TraceLens counts (0 outside its table)
    bool inTraceLensTable = false;
};

class OpCatalog
{
public:
    // The catalog built from the op list resource (aten_ops.txt).
    static const OpCatalog& builtIn();

    // A catalog from an explicit list: for tests of the segmentation.
    explicit OpCatalog(QSet<QString> names);

    bool isKnownOp(QStringView name) const { return m_names.contains(name.toString()); }
    // The most '_'-separated tokens any known op name has: no op in a
    // kernel name can span more.
    int maxOpTokens() const { return m_maxOpTokens; }
    int size() const { return int(m_names.size()); }

    static OpCost cost(QStringView op);

private:
    QSet<QString> m_names;
    int m_maxOpTokens = 1;
};

} // namespace Ridgeline
