// Stage export/: an analysis as JSON or CSV (declared in resultexport.h).
// A kernel's own members in the JSON export: its name, model, args, time,
// figures and the blocks behind them (V1's cache block, the GEMM shape,
// Inductor's estimate, the source, the capture), before the judgement
// adds its roof, attainable time, launch, findings and advice.
#include "engine/export/graphexport.h"
#include "engine/export/json/jsonnumber.h"
#include "engine/export/resultexport.h"
#include "engine/perfmodel/kernelkinds/inductorestimate.h"
#include "engine/results/naming/rowdisplayname.h"

#include <QJsonDocument>

namespace Ridgeline {
namespace {

RowJson::Value rawList(const QString& json)
{
    if (json.isEmpty())
        return {};
    const QJsonDocument document = QJsonDocument::fromJson(json.toUtf8());
    return document.isArray() ? RowJson::Value(RowJson::Array::fromQJson(document.array())) : RowJson::Value(json);
}

// The Inductor cache's block for this kernel: where the V1 figures come
// from, or (for V2 rows) the cross-check of the same kernel.
RowJson::Value v1Object(const KernelModel& model)
{
    if (!model.v1)
        return {};
    const V1Derivation& v1 = *model.v1;
    const WrapperKernel& block = v1.kernel;
    RowJson::Array signature;
    for (const SignatureEntry& entry : block.signature)
        signature.append(RowJson::Object { { QStringLiteral("name"), entry.name }, { QStringLiteral("type"), entry.type } });
    RowJson::Object sizeHints;
    for (const SizeHint& hint : block.sizeHints)
        sizeHints[hint.key] = qint64(hint.value);
    return RowJson::Object {
        { QStringLiteral("wrapper_file"), block.wrapperFile },
        { QStringLiteral("block"), block.blockIndex },
        { QStringLiteral("line"), block.line },
        { QStringLiteral("kernel_path"), block.kernelPath.isEmpty() ? RowJson::Value() : RowJson::Value(block.kernelPath) },
        { QStringLiteral("heuristic"), heuristicKey(block.heuristic) },
        { QStringLiteral("size_hints"), sizeHints },
        { QStringLiteral("size_hints_text"), block.sizeHintsText },
        { QStringLiteral("signature"), signature },
        { QStringLiteral("aten_ops"), RowJson::Array::fromStringList(block.atenOps) },
        { QStringLiteral("ops_source"), v1.opsSource },
        { QStringLiteral("xnumel"), RowJson::Value(v1.xnumel) },
        { QStringLiteral("rnumel"), RowJson::Value(v1.rnumel) },
        { QStringLiteral("bytes"), RowJson::Value(v1.bytes) },
        { QStringLiteral("flops"), RowJson::Value(v1.flops) },
        { QStringLiteral("bytes_formula"), v1.bytesFormula },
        { QStringLiteral("flops_formula"), v1.flopsFormula },
        { QStringLiteral("approximate"), v1.approximate }, // size_hints round up to powers of two; a static block states its counts
        { QStringLiteral("defining_files"), v1.definingFiles },
        { QStringLiteral("output_write_note"), model.v1OutputWriteNote ? RowJson::Value(*model.v1OutputWriteNote) : RowJson::Value() },
    };
}

RowJson::Value gemmObject(const KernelModel& model)
{
    if (!model.gemm)
        return {};
    const GemmShape& g = *model.gemm;
    return RowJson::Object {
        { QStringLiteral("op"), g.op },
        { QStringLiteral("batch"), qint64(g.batch) },
        { QStringLiteral("m"), qint64(g.m) },
        { QStringLiteral("n"), qint64(g.n) },
        { QStringLiteral("k"), qint64(g.k) },
        { QStringLiteral("operand_dtype"), g.operandDtype },
        { QStringLiteral("allow_tf32"), RowJson::Value(g.allowTf32) },
        { QStringLiteral("gemm_flops"), qint64(g.gemmFlops) },
        { QStringLiteral("epilogue_flops"), qint64(g.epilogueFlops) },
        { QStringLiteral("source"), g.source },
    };
}

// Inductor's opinion beside Ridgeline's, with the difference in percent.
RowJson::Value inductorObject(const KernelRow& row)
{
    if (!row.model->inductor)
        return {};
    const InductorEstimate& e = *row.model->inductor;
    const auto flops = e.flops ? std::optional(double(*e.flops)) : std::nullopt;
    const auto bytes = e.bytes ? std::optional(double(*e.bytes)) : std::nullopt;
    return RowJson::Object {
        { QStringLiteral("bytes"), e.bytes ? RowJson::Value(qint64(*e.bytes)) : RowJson::Value() },
        { QStringLiteral("flops"), e.flops ? RowJson::Value(qint64(*e.flops)) : RowJson::Value() },
        { QStringLiteral("bytes_difference_percent"), figureJson(differencePercent(row.bytes(), bytes)) },
        { QStringLiteral("flops_difference_percent"), figureJson(differencePercent(row.flops(), flops)) },
        { QStringLiteral("source"), e.source },
    };
}

} // namespace

RowJson::Value sampleStatsJson(const std::optional<SampleStats>& stats)
{
    if (!stats)
        return {};
    return RowJson::Object {
        { QStringLiteral("sum"), timeJson(stats->sum) },
        { QStringLiteral("mean"), timeJson(stats->mean) },
        { QStringLiteral("median"), timeJson(stats->median) },
        { QStringLiteral("min"), timeJson(stats->min) },
        { QStringLiteral("max"), timeJson(stats->max) },
        { QStringLiteral("std"), timeJson(stats->std) },
    };
}

RowJson::Object kernelFields(const KernelRow& row)
{
    RowJson::Object object;
    object[QStringLiteral("name")] = row.name;
    object[QStringLiteral("display_name")] = rowNames(row).display;
    object[QStringLiteral("category")] = categoryKey(row.parsedName.category);
    object[QStringLiteral("kind")] = rowKindKey(row.kind);
    object[QStringLiteral("provenance")] = provenanceKey(row.provenance());
    object[QStringLiteral("reason")] = row.model->reason;
    object[QStringLiteral("xnumel")] = row.hasModel() ? RowJson::Value(qint64(row.model->xnumel)) : RowJson::Value();
    object[QStringLiteral("rnumel")] = row.hasModel() ? RowJson::Value(qint64(row.model->rnumel)) : RowJson::Value();
    object[QStringLiteral("fused_ops")] = RowJson::Array::fromStringList(row.parsedName.fusedOps());
    object[QStringLiteral("input_dims")] = rawList(row.args->inputDimsJson);
    object[QStringLiteral("input_types")] = rawList(row.args->inputTypesJson);
    object[QStringLiteral("input_strides")] = rawList(row.args->inputStridesJson);
    object[QStringLiteral("concrete_inputs")] = rawList(row.args->concreteInputsJson);
    object[QStringLiteral("kernel_file")] = row.args->kernelFile.isEmpty() ? RowJson::Value() : RowJson::Value(row.args->kernelFile);
    object[QStringLiteral("calls")] = row.calls;
    object[QStringLiteral("timed_calls")] = row.timedCalls();
    object[QStringLiteral("kernel_time_us")] = sampleStatsJson(row.kernelTimeUs);
    object[QStringLiteral("share_of_gpu_time")] = figureJson(row.shareOfGpuTime);
    object[QStringLiteral("flops")] = row.flops() ? RowJson::Value(qint64(row.model->flops)) : RowJson::Value();
    object[QStringLiteral("flops_known")] = row.hasModel() ? RowJson::Value(row.model->flopsKnown) : RowJson::Value();
    object[QStringLiteral("bytes")] = row.hasModel() && row.model->bytes ? RowJson::Value(qint64(*row.model->bytes)) : RowJson::Value();
    object[QStringLiteral("gflops")] = figureJson(row.gflops());
    object[QStringLiteral("data_moved_mib")] = figureJson(row.dataMovedMib());
    object[QStringLiteral("flops_per_byte")] = figureJson(row.flopsPerByte());
    object[QStringLiteral("tb_per_s")] = figureJson(meanOf(row.tbPerS));
    object[QStringLiteral("tflops_per_s")] = figureJson(meanOf(row.tflopsPerS));
    object[QStringLiteral("gemm")] = gemmObject(row.model);
    object[QStringLiteral("inductor")] = inductorObject(row);
    if (row.model->outputWrite)
        object[QStringLiteral("output_write")] = RowJson::Object {
            { QStringLiteral("counted"), row.model->outputWrite->counted },
            { QStringLiteral("tensor"), row.model->outputWrite->tensor },
            { QStringLiteral("ambiguous"), row.model->outputWrite->ambiguous },
            { QStringLiteral("note"), row.model->outputWrite->note },
        };
    object[QStringLiteral("v1")] = v1Object(row.model);
    object[QStringLiteral("source")] = kernelSourceJson(row.model);
    object[QStringLiteral("capture")] = replayJson(row);
    if (row.traceLens && row.traceLens->figuresDiffer) { // a library op's time alone: libraryOpJson
        const TraceLensFigures& tl = *row.traceLens;
        const bool modelled = traceLensModels(row.parsedName.category);
        object[QStringLiteral("tracelens")] = RowJson::Object {
            { QStringLiteral("modelled"), modelled },
            { QStringLiteral("flops"), modelled ? RowJson::Value(qint64(tl.flops)) : RowJson::Value() },
            { QStringLiteral("bytes"), modelled ? RowJson::Value(qint64(tl.bytes)) : RowJson::Value() },
            { QStringLiteral("gflops"), figureJson(tl.gflops) },
            { QStringLiteral("data_moved_mib"), figureJson(tl.dataMovedMib) },
            { QStringLiteral("flops_per_byte"), figureJson(tl.flopsPerByte) },
            { QStringLiteral("tb_per_s"), figureJson(tl.tbPerS) },
            { QStringLiteral("tflops_per_s"), figureJson(tl.tflopsPerS) },
            { QStringLiteral("why"), tl.why },
        };
    }
    return object;
}

QJsonObject kernelJson(const KernelRow& row)
{
    return kernelFields(row).toQJson();
}

} // namespace Ridgeline
