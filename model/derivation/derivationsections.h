// Folder derivation/: the formula inspector's text.
// The sections of a kernel's derivation, each writing one part of the
// inspector's Markdown; kernelderivation.cpp puts them in order.
#pragma once

#include "engine/base/text/markdownwriter.h"
#include "engine/lens/judgement.h"
#include "engine/results/kernelrow.h"
#include "engine/roofline/gpuspec.h"

#include <cstdint>

namespace Ridgeline::Derivation {

// Numbers as the derivation prints them. Counts carry thousands separators;
// figures derived by division keep six significant digits, as TraceLens's
// report does (3.05398); exact quotients (GFLOPS, MB) keep every digit.
QString count(std::int64_t n); // "268,435,456"
QString figure(double value); // "3.05398", "0.833333", "527.382"
QString exact(double value); // "1.34217728", "256.00390625", "1536"
QString shape(const std::vector<std::int64_t>& dims); // "[8, 4096, 8192]"

void writeSummary(MarkdownWriter& md, const KernelRow& row);
// One line of results under the summary: the figures the table shows,
// under the judgement's GPU, peaks and t0 (its recoverable time too; a
// latency-bound kernel says so instead of its fraction of the roof).
void writeAtAGlance(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged);
// Replayed rows: replay kernel -> graph launch -> capture -> captured op.
void writeReplayChain(MarkdownWriter& md, const KernelRow& row);
void writeRawArgs(MarkdownWriter& md, const KernelRow& row);
void writeElementCounts(MarkdownWriter& md, const KernelRow& row);
void writeBytes(MarkdownWriter& md, const KernelRow& row);
// "Total bytes = a + b = N B = M MB" from the terms, or, when the row's bytes
// are unknown, that `unknownPart` ("a tensor's dtype") is why.
void writeTotalBytes(MarkdownWriter& md, const KernelRow& row, const QStringList& terms, const QString& unknownPart);
void writeFlops(MarkdownWriter& md, const KernelRow& row);
void writeNoModel(MarkdownWriter& md, const KernelRow& row);
// A library op row (needs row.libraryOp): its model's rule, parameters and
// derivation, the kernels under it, TraceLens's figures where they differ.
void writeLibraryOp(MarkdownWriter& md, const KernelRow& row);
void writeTime(MarkdownWriter& md, const KernelRow& row);
void writeThroughput(MarkdownWriter& md, const KernelRow& row);
void writeRoofline(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged);
// t0 and its source, the roof term, attainable per call, measured mean,
// fraction of attainable, recoverable time and the limiter's meaning.
void writeAttainableTime(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged);
void writeTraceLens(MarkdownWriter& md, const KernelRow& row);
// Inductor's own estimate beside Ridgeline's figures; needs row.model->inductor.
void writeInductorEstimate(MarkdownWriter& md, const KernelRow& row);

// How the kernel was launched (row.launch under the judged GPU); nothing
// where the row has no launch facts.
void writeLaunch(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged);
// What to do about the row: its advice's class and sentence (advice/).
void writeAdvice(MarkdownWriter& md, const KernelRow& row, const TraceJudgement& judged);

// The Inductor cache's sections; each needs row.model->v1.
void writeV1Block(MarkdownWriter& md, const KernelRow& row);
void writeV1Bytes(MarkdownWriter& md, const KernelRow& row);
void writeV1FlopsSource(MarkdownWriter& md, const KernelRow& row);
void writeV1CrossCheck(MarkdownWriter& md, const KernelRow& row);
void writeTritonSource(MarkdownWriter& md, const KernelRow& row);

// The kernel's source read (needs row.model->source): its origin, or why
// there is none and how to attach one; each pointer's kind and bytes, their
// sums beside the model's bytes and Inductor's kernel_num_gb.
void writeKernelSource(MarkdownWriter& md, const KernelRow& row);
// What to change (the judgement's findingsOf), each with the pointer and line it is about and its time at stake.
void writeFindings(MarkdownWriter& md, const std::vector<JudgedFinding>& findings);

} // namespace Ridgeline::Derivation
