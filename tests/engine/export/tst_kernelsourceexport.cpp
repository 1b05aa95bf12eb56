// A kernel's `source` in the export: every field of a hand-filled
// KernelAnatomy where the parser will put it, null where a figure is unknown
// or the anatomy absent, and the two CSV columns.
#include "engine/export/resultexport.h"

#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

// An embedding gather: an index loaded from in_ptr0, rows gathered from in_ptr1, one store.
KernelAnatomy gatherAnatomy()
{
    KernelAnatomy a;
    a.parsedLoads = 2;
    a.parsedStores = 1;
    a.metaNumLoad = 1; // Inductor leaves out the index's load
    a.atenOps = QStringList { QStringLiteral("embedding") };
    a.sourceNodes = QStringList { QStringLiteral("long"), QStringLiteral("embedding") };
    PointerAnatomy index;
    index.arg = QStringLiteral("in_ptr0");
    index.dtype = QStringLiteral("*i64");
    index.kind = AccessKind::Contiguous;
    index.accesses.push_back({ SourceAccess::Op::Load, QStringLiteral("x0"), QStringLiteral("xmask"), QStringLiteral("evict_last"), 21 });
    index.uniqueElements = 8;
    index.uniqueBytes = 64;
    index.uniqueBytesMax = 64;
    index.perAccessBytes = 64;
    PointerAnatomy table;
    table.arg = QStringLiteral("in_ptr1");
    table.dtype = QStringLiteral("*bf16");
    table.kind = AccessKind::Gather;
    table.accesses.push_back({ SourceAccess::Op::Load, QStringLiteral("r0_1 + 2048*tmp4"), {}, {}, 27 });
    table.uniqueElements = 2048;
    table.uniqueBytes = 4096;
    table.uniqueBytesMax = 32768;
    table.perAccessBytes = 32768;
    table.why = QStringLiteral("rows between 1 and min(8, 151936)");
    PointerAnatomy out;
    out.arg = QStringLiteral("out_ptr0");
    out.role = PointerAnatomy::Role::Out;
    out.dtype = QStringLiteral("*bf16");
    out.kind = AccessKind::Broadcast;
    out.reuse = 12;
    out.accesses.push_back({ SourceAccess::Op::Store, QStringLiteral("r0_1"), QStringLiteral("r0_mask"), {}, 30 });
    // uniqueElements unknown: the sums are unknown too
    a.pointers = { index, table, out };
    a.uniqueBytesMax = 999;
    a.perAccessBytes = std::nullopt;
    a.inductorBytes = 65600;
    a.approximate = true;
    a.countNote = QStringLiteral("one load more than num_load: the index's");
    return a;
}

TEST(KernelSourceExport, EveryAnatomyFieldIsWritten)
{
    KernelSource source;
    source.origin = SourceOrigin::KernelFile;
    source.file = QStringLiteral("/cache/2t/c2tq.py");
    source.anatomy = gatherAnatomy();
    const QJsonObject o = kernelSourceJson(source, QStringList { QStringLiteral("ignored") }, {}).toQJson();
    EXPECT_EQ(o[QStringLiteral("origin")].toString(), QStringLiteral("kernel_file"));
    EXPECT_EQ(o[QStringLiteral("file")].toString(), QStringLiteral("/cache/2t/c2tq.py"));
    EXPECT_TRUE(o[QStringLiteral("why")].isNull());
    EXPECT_EQ(o[QStringLiteral("parsed_loads")].toInt(), 2);
    EXPECT_EQ(o[QStringLiteral("parsed_stores")].toInt(), 1);
    EXPECT_EQ(o[QStringLiteral("meta_num_load")].toInt(), 1);
    EXPECT_TRUE(o[QStringLiteral("meta_num_store")].isNull());
    EXPECT_EQ(o[QStringLiteral("aten_ops")].toArray(), QJsonArray { QStringLiteral("embedding") }) << "the anatomy's own win";
    EXPECT_EQ(o[QStringLiteral("source_nodes")].toArray(), (QJsonArray { QStringLiteral("long"), QStringLiteral("embedding") }));
    EXPECT_TRUE(o[QStringLiteral("unique_bytes")].isNull());
    EXPECT_EQ(o[QStringLiteral("unique_bytes_max")].toInteger(), 999);
    EXPECT_TRUE(o[QStringLiteral("per_access_bytes")].isNull());
    EXPECT_EQ(o[QStringLiteral("inductor_bytes")].toInteger(), 65600);
    EXPECT_TRUE(o[QStringLiteral("approximate")].toBool());
    EXPECT_EQ(o[QStringLiteral("count_note")].toString(), QStringLiteral("one load more than num_load: the index's"));
    EXPECT_TRUE(o[QStringLiteral("problem")].isNull());

    const QJsonArray pointers = o[QStringLiteral("pointers")].toArray();
    ASSERT_EQ(pointers.size(), 3);
    const QJsonObject index = pointers[0].toObject();
    EXPECT_EQ(index[QStringLiteral("arg")].toString(), QStringLiteral("in_ptr0"));
    EXPECT_EQ(index[QStringLiteral("role")].toString(), QStringLiteral("in"));
    EXPECT_EQ(index[QStringLiteral("dtype")].toString(), QStringLiteral("*i64"));
    EXPECT_EQ(index[QStringLiteral("kind")].toString(), QStringLiteral("contiguous"));
    EXPECT_TRUE(index[QStringLiteral("reuse")].isNull());
    EXPECT_EQ(index[QStringLiteral("unique_elements")].toInteger(), 8);
    EXPECT_EQ(index[QStringLiteral("unique_bytes")].toInteger(), 64);
    EXPECT_EQ(index[QStringLiteral("unique_bytes_max")].toInteger(), 64);
    EXPECT_EQ(index[QStringLiteral("per_access_bytes")].toInteger(), 64);
    const QJsonObject load = index[QStringLiteral("accesses")].toArray()[0].toObject();
    EXPECT_EQ(load[QStringLiteral("op")].toString(), QStringLiteral("load"));
    EXPECT_EQ(load[QStringLiteral("index")].toString(), QStringLiteral("x0"));
    EXPECT_EQ(load[QStringLiteral("mask")].toString(), QStringLiteral("xmask"));
    EXPECT_EQ(load[QStringLiteral("eviction")].toString(), QStringLiteral("evict_last"));
    EXPECT_EQ(load[QStringLiteral("line")].toInt(), 21);

    const QJsonObject table = pointers[1].toObject();
    EXPECT_EQ(table[QStringLiteral("kind")].toString(), QStringLiteral("gather"));
    EXPECT_EQ(table[QStringLiteral("unique_bytes")].toInteger(), 4096);
    EXPECT_EQ(table[QStringLiteral("unique_bytes_max")].toInteger(), 32768);
    EXPECT_EQ(table[QStringLiteral("why")].toString(), QStringLiteral("rows between 1 and min(8, 151936)"));
    const QJsonObject gathered = table[QStringLiteral("accesses")].toArray()[0].toObject();
    EXPECT_TRUE(gathered[QStringLiteral("mask")].isNull()) << "no mask is null, not \"\"";
    EXPECT_TRUE(gathered[QStringLiteral("eviction")].isNull());

    const QJsonObject out = pointers[2].toObject();
    EXPECT_EQ(out[QStringLiteral("role")].toString(), QStringLiteral("out"));
    EXPECT_EQ(out[QStringLiteral("kind")].toString(), QStringLiteral("broadcast"));
    EXPECT_EQ(out[QStringLiteral("reuse")].toInteger(), 12);
    EXPECT_TRUE(out[QStringLiteral("unique_elements")].isNull());
    EXPECT_EQ(out[QStringLiteral("accesses")].toArray()[0].toObject()[QStringLiteral("op")].toString(), QStringLiteral("store"));
}

TEST(KernelSourceExport, WithoutAnatomyOnlyWhereAndWhy)
{
    KernelSource none;
    none.why = QStringLiteral("no Inductor cache given");
    const QJsonObject o = kernelSourceJson(none, {}, {}).toQJson();
    EXPECT_EQ(o[QStringLiteral("origin")].toString(), QStringLiteral("none"));
    EXPECT_TRUE(o[QStringLiteral("file")].isNull());
    EXPECT_EQ(o[QStringLiteral("why")].toString(), QStringLiteral("no Inductor cache given"));
    for (const char* key : { "parsed_loads", "parsed_stores", "meta_num_load", "meta_num_store", "aten_ops", "source_nodes", "pointers",
             "unique_bytes", "unique_bytes_max", "per_access_bytes", "inductor_bytes" })
        EXPECT_TRUE(o[QString::fromLatin1(key)].isNull()) << key;

    // A wrapper block's comments are known before the anatomy is read.
    KernelSource block;
    block.origin = SourceOrigin::CacheName;
    block.file = QStringLiteral("/cache/2n/c2n.py");
    const QJsonObject b = kernelSourceJson(block, QStringList { QStringLiteral("cat") }, QStringList { QStringLiteral("cat_2") }).toQJson();
    EXPECT_EQ(b[QStringLiteral("origin")].toString(), QStringLiteral("cache_name"));
    EXPECT_EQ(b[QStringLiteral("aten_ops")].toArray(), QJsonArray { QStringLiteral("cat") });
    EXPECT_EQ(b[QStringLiteral("source_nodes")].toArray(), QJsonArray { QStringLiteral("cat_2") });
    EXPECT_TRUE(b[QStringLiteral("pointers")].isNull());
}

TEST(KernelSourceExport, CsvColumnsAreTheAnatomysSums)
{
    EXPECT_EQ(kernelSourceCsvHeader(), QStringList({ QStringLiteral("source_unique_bytes"), QStringLiteral("source_unique_bytes_max") }));
    KernelModel model;
    EXPECT_EQ(kernelSourceCsvFields(model), QStringList({ QString(), QString() })) << "no source looked for";
    EXPECT_TRUE(kernelSourceJson(model).isNull());
    FoundSource found;
    found.source.origin = SourceOrigin::Tlparse;
    KernelAnatomy a;
    a.uniqueBytes = 4160;
    a.uniqueBytesMax = 32832;
    found.source.anatomy = a;
    model.source = found;
    EXPECT_EQ(kernelSourceCsvFields(model), QStringList({ QStringLiteral("4160"), QStringLiteral("32832") }));
    EXPECT_EQ(kernelSourceJson(model).toQJson().toObject()[QStringLiteral("origin")].toString(), QStringLiteral("tlparse"));
}

} // namespace
