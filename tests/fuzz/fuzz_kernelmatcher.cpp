// libFuzzer target: the comparison's kernel matcher. The bytes become two
// lists of kernel rows whose names, categories, fused ops and dims come
// from small alphabets, so that buckets collide and every tier pairs; the
// shares include NaN, infinities, zeros of both signs and ties. Whatever
// the rows, the matching is one-to-one and its counts add up.
#include "engine/comparison/kernelmatcher.h"
#include "engine/triton/opcatalog.h"

#include <cstdlib>
#include <fuzzer/FuzzedDataProvider.h>
#include <limits>

namespace {

using namespace Ridgeline;

void check(bool condition)
{
    if (!condition)
        std::abort();
}

double share(FuzzedDataProvider& bytes)
{
    switch (bytes.ConsumeIntegralInRange<int>(0, 9)) {
    case 0:
        return std::numeric_limits<double>::quiet_NaN();
    case 1:
        return std::numeric_limits<double>::infinity();
    case 2:
        return -0.0;
    case 3:
        return -bytes.ConsumeIntegralInRange<int>(0, 4) / 8.0;
    case 4:
        return std::numeric_limits<double>::denorm_min();
    default:
        return bytes.ConsumeIntegralInRange<int>(0, 16) / 16.0; // ties are likely
    }
}

KernelRow row(FuzzedDataProvider& bytes)
{
    static const QString names[] = {
        QStringLiteral("triton_poi_fused_add_0"),
        QStringLiteral("triton_poi_fused_add_1"),
        QStringLiteral("triton_poi_fused_mul_add_2"),
        QStringLiteral("triton_red_fused_sum_3"),
        QStringLiteral("triton_per_fused_mean_rsqrt_4"),
        QStringLiteral("triton_0"),
        QStringLiteral("nccl_allreduce"),
        QString(),
    };
    static const QString dims[] = { QStringLiteral("[[8]]"), QStringLiteral("[[16]]"), QStringLiteral("[[8], [8]]"), QString() };
    static const QStringList ops[] = { {}, { QStringLiteral("add") }, { QStringLiteral("add"), QStringLiteral("mul") },
        { QStringLiteral("mul"), QStringLiteral("add"), QStringLiteral("add") } };
    KernelRow r;
    r.name = names[bytes.ConsumeIntegralInRange<size_t>(0, std::size(names) - 1)];
    r.parsedName = parseKernelName(r.name, OpCatalog::builtIn());
    if (bytes.ConsumeBool()) { // categories and ops the name does not say: any combination
        r.parsedName.category = KernelCategory(bytes.ConsumeIntegralInRange<int>(0, 3));
        r.parsedName.setFused(r.parsedName.fusedPart(), ops[bytes.ConsumeIntegralInRange<size_t>(0, std::size(ops) - 1)]);
    }
    r.kind = RowKind(bytes.ConsumeIntegralInRange<int>(0, 4));
    r.args.edit().inputDimsJson = dims[bytes.ConsumeIntegralInRange<size_t>(0, std::size(dims) - 1)];
    r.args.edit().hasInputDims = bytes.ConsumeBool();
    r.args.edit().inputTypesJson = bytes.ConsumeBool() ? QStringLiteral("[\"c10::BFloat16\"]") : QStringLiteral("[\"float\"]");
    r.args.edit().inputStridesJson = bytes.ConsumeBool() ? QStringLiteral("[[1]]") : QString();
    if (bytes.ConsumeBool())
        r.shareOfGpuTime = share(bytes);
    return r;
}

std::vector<KernelRow> rows(FuzzedDataProvider& bytes)
{
    std::vector<KernelRow> list(bytes.ConsumeIntegralInRange<size_t>(0, 400));
    for (KernelRow& r : list)
        r = row(bytes);
    return list;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    FuzzedDataProvider bytes(data, size);
    const std::vector<KernelRow> baseline = rows(bytes);
    const std::vector<KernelRow> candidate = rows(bytes);
    const KernelMatching matching = matchKernels(baseline, candidate);

    std::vector<int> seen(baseline.size());
    int counted[matchKindCount] = {};
    check(matching.matches.size() >= candidate.size());
    for (size_t i = 0; i < matching.matches.size(); ++i) {
        const KernelMatch& m = matching.matches[i];
        ++counted[int(m.kind)];
        if (i < candidate.size()) {
            check(m.candidate == int(i));
            check((m.baseline < 0) == (m.kind == MatchKind::Added));
            check(m.kind != MatchKind::Removed);
        } else {
            check(m.candidate == -1 && m.kind == MatchKind::Removed);
        }
        if (m.baseline < 0)
            continue;
        check(m.baseline < int(baseline.size()));
        check(++seen[size_t(m.baseline)] == 1); // each baseline row once: matched or removed
        if (m.candidate < 0)
            continue;
        const QString& ours = candidate[size_t(m.candidate)].name;
        const QString& theirs = baseline[size_t(m.baseline)].name;
        if (m.kind == MatchKind::Same || m.kind == MatchKind::Reshaped)
            check(ours == theirs);
        if (m.kind == MatchKind::Renamed)
            check(ours != theirs);
    }
    for (int seenOnce : seen)
        check(seenOnce == 1);
    for (int k = 0; k < matchKindCount; ++k)
        check(counted[k] == matching.counts[k]);
    check(size_t(matching.count(MatchKind::Removed) + int(candidate.size()) - matching.count(MatchKind::Added)) == baseline.size());
    return 0;
}
