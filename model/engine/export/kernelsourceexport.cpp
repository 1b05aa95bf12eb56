// Stage export/: an analysis as JSON or CSV (declared in resultexport.h).
// A kernel's `source`: where its Triton source was found (or why not) and,
// once read, its anatomy: every pointer with its accesses and the bytes its
// index expressions can touch. Null where a figure is unknown.
#include "engine/export/resultexport.h"

namespace Ridgeline {
namespace {

RowJson::Value listOrNull(const QStringList& list, bool known)
{
    return known ? RowJson::Value(RowJson::Array::fromStringList(list)) : RowJson::Value();
}

RowJson::Value textOrNull(const QString& text)
{
    return text.isEmpty() ? RowJson::Value() : RowJson::Value(text);
}

RowJson::Object accessJson(const SourceAccess& access)
{
    return RowJson::Object {
        { QStringLiteral("op"), sourceAccessOpKey(access.op) },
        { QStringLiteral("index"), access.index },
        { QStringLiteral("mask"), textOrNull(access.mask) },
        { QStringLiteral("eviction"), textOrNull(access.eviction) },
        { QStringLiteral("line"), access.line },
    };
}

RowJson::Object pointerJson(const PointerAnatomy& pointer)
{
    RowJson::Array accesses;
    for (const SourceAccess& access : pointer.accesses)
        accesses.append(accessJson(access));
    return RowJson::Object {
        { QStringLiteral("arg"), pointer.arg },
        { QStringLiteral("role"), pointerRoleKey(pointer.role) },
        { QStringLiteral("dtype"), textOrNull(pointer.dtype) },
        { QStringLiteral("kind"), accessKindKey(pointer.kind) },
        { QStringLiteral("reuse"), RowJson::Value(pointer.reuse) },
        { QStringLiteral("accesses"), accesses },
        { QStringLiteral("unique_elements"), RowJson::Value(pointer.uniqueElements) },
        { QStringLiteral("unique_bytes"), RowJson::Value(pointer.uniqueBytes) },
        { QStringLiteral("unique_bytes_max"), RowJson::Value(pointer.uniqueBytesMax) },
        { QStringLiteral("per_access_bytes"), RowJson::Value(pointer.perAccessBytes) },
        { QStringLiteral("why"), textOrNull(pointer.why) },
    };
}

} // namespace

RowJson::Object kernelSourceJson(const KernelSource& source, const QStringList& atenOps, const QStringList& sourceNodes)
{
    const KernelAnatomy* a = source.anatomy ? &*source.anatomy : nullptr;
    // The wrapper's comments are known with a block, parsed or not; the anatomy's own win once read.
    const bool comments = !atenOps.isEmpty() || !sourceNodes.isEmpty();
    RowJson::Object object {
        { QStringLiteral("origin"), sourceOriginKey(source.origin) },
        { QStringLiteral("file"), textOrNull(source.file) },
        { QStringLiteral("why"), textOrNull(source.why) },
        { QStringLiteral("parsed_loads"), a ? RowJson::Value(a->parsedLoads) : RowJson::Value() },
        { QStringLiteral("parsed_stores"), a ? RowJson::Value(a->parsedStores) : RowJson::Value() },
        { QStringLiteral("meta_num_load"), a ? RowJson::Value(a->metaNumLoad) : RowJson::Value() },
        { QStringLiteral("meta_num_store"), a ? RowJson::Value(a->metaNumStore) : RowJson::Value() },
        { QStringLiteral("aten_ops"), a ? listOrNull(a->atenOps, true) : listOrNull(atenOps, comments) },
        { QStringLiteral("source_nodes"), a ? listOrNull(a->sourceNodes, true) : listOrNull(sourceNodes, comments) },
        { QStringLiteral("unique_bytes"), a ? RowJson::Value(a->uniqueBytes) : RowJson::Value() },
        { QStringLiteral("unique_bytes_max"), a ? RowJson::Value(a->uniqueBytesMax) : RowJson::Value() },
        { QStringLiteral("per_access_bytes"), a ? RowJson::Value(a->perAccessBytes) : RowJson::Value() },
        { QStringLiteral("inductor_bytes"), a ? RowJson::Value(a->inductorBytes) : RowJson::Value() },
        { QStringLiteral("approximate"), a ? RowJson::Value(a->approximate) : RowJson::Value() },
        { QStringLiteral("count_note"), a ? textOrNull(a->countNote) : RowJson::Value() },
        { QStringLiteral("problem"), a ? textOrNull(a->problem) : RowJson::Value() },
    };
    RowJson::Value pointers;
    if (a) {
        RowJson::Array list;
        for (const PointerAnatomy& pointer : a->pointers)
            list.append(pointerJson(pointer));
        pointers = list;
    }
    object[QStringLiteral("pointers")] = pointers;
    return object;
}

RowJson::Value kernelSourceJson(const KernelModel& model)
{
    if (!model.source)
        return {};
    return kernelSourceJson(model.source->source, model.source->atenOps, model.source->sourceNodes);
}

QStringList kernelSourceCsvHeader()
{
    return { QStringLiteral("source_unique_bytes"), QStringLiteral("source_unique_bytes_max") };
}

QStringList kernelSourceCsvFields(const KernelModel& model)
{
    const KernelAnatomy* a = model.source && model.source->source.anatomy ? &*model.source->source.anatomy : nullptr;
    const auto number = [](std::optional<std::int64_t> n) { return n ? QString::number(*n) : QString(); };
    return { a ? number(a->uniqueBytes) : QString(), a ? number(a->uniqueBytesMax) : QString() };
}

} // namespace Ridgeline
