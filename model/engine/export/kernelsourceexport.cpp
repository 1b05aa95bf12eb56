// Stage export/: an analysis as JSON or CSV (declared in resultexport.h).
// A kernel's `source`: where its Triton source was found (or why not) and,
// once read, its anatomy: every pointer with its accesses and the bytes its
// index expressions can touch. Null where a figure is unknown.
#include "engine/export/resultexport.h"

#include <QJsonArray>

namespace Ridgeline {
namespace {

QJsonValue optionalInt(std::optional<std::int64_t> value)
{
    return value ? QJsonValue(qint64(*value)) : QJsonValue(QJsonValue::Null);
}

QJsonValue listOrNull(const QStringList& list, bool known)
{
    return known ? QJsonValue(QJsonArray::fromStringList(list)) : QJsonValue(QJsonValue::Null);
}

QJsonValue textOrNull(const QString& text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

QJsonObject accessJson(const SourceAccess& access)
{
    return QJsonObject {
        { QStringLiteral("op"), sourceAccessOpKey(access.op) },
        { QStringLiteral("index"), access.index },
        { QStringLiteral("mask"), textOrNull(access.mask) },
        { QStringLiteral("eviction"), textOrNull(access.eviction) },
        { QStringLiteral("line"), access.line },
    };
}

QJsonObject pointerJson(const PointerAnatomy& pointer)
{
    QJsonArray accesses;
    for (const SourceAccess& access : pointer.accesses)
        accesses.append(accessJson(access));
    return QJsonObject {
        { QStringLiteral("arg"), pointer.arg },
        { QStringLiteral("role"), pointerRoleKey(pointer.role) },
        { QStringLiteral("dtype"), textOrNull(pointer.dtype) },
        { QStringLiteral("kind"), accessKindKey(pointer.kind) },
        { QStringLiteral("reuse"), optionalInt(pointer.reuse) },
        { QStringLiteral("accesses"), accesses },
        { QStringLiteral("unique_elements"), optionalInt(pointer.uniqueElements) },
        { QStringLiteral("unique_bytes"), optionalInt(pointer.uniqueBytes) },
        { QStringLiteral("unique_bytes_max"), optionalInt(pointer.uniqueBytesMax) },
        { QStringLiteral("per_access_bytes"), optionalInt(pointer.perAccessBytes) },
        { QStringLiteral("why"), textOrNull(pointer.why) },
    };
}

} // namespace

QJsonObject kernelSourceJson(const KernelSource& source, const QStringList& atenOps, const QStringList& sourceNodes)
{
    const KernelAnatomy* a = source.anatomy ? &*source.anatomy : nullptr;
    // The wrapper's comments are known with a block, parsed or not; the anatomy's own win once read.
    const bool comments = !atenOps.isEmpty() || !sourceNodes.isEmpty();
    QJsonObject object {
        { QStringLiteral("origin"), sourceOriginKey(source.origin) },
        { QStringLiteral("file"), textOrNull(source.file) },
        { QStringLiteral("why"), textOrNull(source.why) },
        { QStringLiteral("parsed_loads"), a ? QJsonValue(a->parsedLoads) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("parsed_stores"), a ? QJsonValue(a->parsedStores) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("meta_num_load"), a && a->metaNumLoad ? QJsonValue(*a->metaNumLoad) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("meta_num_store"), a && a->metaNumStore ? QJsonValue(*a->metaNumStore) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("aten_ops"), a ? listOrNull(a->atenOps, true) : listOrNull(atenOps, comments) },
        { QStringLiteral("source_nodes"), a ? listOrNull(a->sourceNodes, true) : listOrNull(sourceNodes, comments) },
        { QStringLiteral("unique_bytes"), a ? optionalInt(a->uniqueBytes) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("unique_bytes_max"), a ? optionalInt(a->uniqueBytesMax) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("per_access_bytes"), a ? optionalInt(a->perAccessBytes) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("inductor_bytes"), a ? optionalInt(a->inductorBytes) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("approximate"), a ? QJsonValue(a->approximate) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("count_note"), a ? textOrNull(a->countNote) : QJsonValue(QJsonValue::Null) },
        { QStringLiteral("problem"), a ? textOrNull(a->problem) : QJsonValue(QJsonValue::Null) },
    };
    QJsonValue pointers = QJsonValue::Null;
    if (a) {
        QJsonArray list;
        for (const PointerAnatomy& pointer : a->pointers)
            list.append(pointerJson(pointer));
        pointers = list;
    }
    object[QStringLiteral("pointers")] = pointers;
    return object;
}

QJsonValue kernelSourceJson(const KernelModel& model)
{
    if (!model.source)
        return QJsonValue::Null;
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
