// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// What a cache block's Triton source states beyond size_hints and the
// signature: exact element counts of static shapes ("xnumel = 4096"), block
// sizes fixed as constexprs ("XBLOCK: tl.constexpr = 1"), a
// template's M, N and K, its ALLOW_TF32, and Inductor's own estimates in
// inductor_meta. Read with anchored line patterns: linear in the source.
#pragma once

#include <QString>
#include <QStringView>
#include <cstdint>
#include <optional>
#include <vector>

namespace Ridgeline {

struct TritonSourceFacts
{
    // "xnumel = N" statements in order: one for a kernel of static shape, one
    // per sub-kernel for a foreach kernel; empty when xnumel is an argument.
    std::vector<std::int64_t> xnumels;
    std::vector<qsizetype> xnumelAt; // where each statement starts in the source
    std::optional<std::int64_t> ynumel; // a 2-D tiled pointwise kernel's second size
    std::optional<std::int64_t> rnumel; // "r0_numel = N" or "rnumel = N"
    bool hasZnumel = false; // a third tile size: exact counts not attempted
    // Block sizes the kernel fixes in its body ("XBLOCK: tl.constexpr = 1",
    // "R0_BLOCK: tl.constexpr = 1024", RBLOCK before PyTorch 2.6): a
    // persistent reduction's, which the launch's kernel_kwargs then lack.
    std::optional<std::int64_t> xblock, yblock, r0block;

    // A template's sizes as written: "64", or "ks0" for a dynamic one.
    QString gemmM, gemmN, gemmK;
    std::optional<bool> allowTf32;

    std::optional<double> inductorNumGb; // inductor_meta 'kernel_num_gb'
    std::optional<std::int64_t> inductorFlop; // inductor_meta 'kernel_flop'
};

// At most this many "xnumel =" statements are kept (a foreach kernel of
// thousands of tensors is still counted; its statements past this are not).
constexpr size_t maxStatedNumels = 4096;

TritonSourceFacts readTritonSourceFacts(QStringView source);

// "64" -> 64; "ks0", "" or a number past 64 bits -> nullopt.
std::optional<std::int64_t> statedSize(const QString& text);

} // namespace Ridgeline
