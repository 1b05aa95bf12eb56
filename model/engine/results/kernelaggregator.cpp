#include "engine/results/kernelaggregator.h"

#include "engine/base/text/textinterner.h"
#include "engine/findings/kernelfindings.h"
#include "engine/launch/launchofkernel.h"
#include "engine/linking/kernelrowkey.h"
#include "engine/triton/opcatalog.h"

#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <algorithm>
#include <span>
#include <tuple>
#include <unordered_map>

namespace Ridgeline {
namespace {

struct Group
{
    QString name;
    RowKind kind = RowKind::Launched;
    const TritonOpArgs* args = nullptr; // the first call's; null for kernel-only groups
    std::vector<const KernelCall*> calls; // a group of op calls
    std::vector<std::uint32_t> kernelOnlyCalls; // or of kernel-only calls: into LinkedKernels::kernelOnlyCalls
};

// One model for the kernels that read the same things. Without an Inductor
// cache a model reads its kernel's category and fused ops and its op's args
// (interned by the reader: equal args are one object), never the name:
// Inductor's numbered kernels of one pattern and shape (triton_poi_fused_
// add_0, _1, ...) get one model instead of a copy of about 700 bytes each.
// Its texts are interned before it is shared; a row that adds to its
// reason copies it then (SharedValue).
class SharedModels
{
public:
    SharedModels(const KernelModeller& modeller, TextInterner& texts)
        : m_modeller(modeller)
        , m_texts(texts)
    { }

    SharedValue<KernelModel> of(const ModelInput& input)
    {
        if (m_modeller.readsKernelNames())
            return m_modeller.model(input);
        Key key { input.parsedName.category, input.parsedName.opsSegmented, input.parsedName.fusedPart(), input.args };
        if (const auto it = m_models.find(key); it != m_models.end())
            return it->second;
        KernelModel model = m_modeller.model(input);
        shareEqualTexts(model, m_texts);
        return m_models.emplace(std::move(key), SharedValue<KernelModel>(std::move(model))).first->second;
    }

private:
    using Key = std::tuple<KernelCategory, bool, QString, const TritonOpArgs*>;
    struct KeyHash
    {
        size_t operator()(const Key& key) const
        {
            return qHashMulti(0, int(std::get<0>(key)), std::get<1>(key), std::get<2>(key), std::get<3>(key));
        }
    };
    const KernelModeller& m_modeller;
    TextInterner& m_texts;
    std::unordered_map<Key, SharedValue<KernelModel>, KeyHash> m_models;
};

// The four lists that make a kernel call unique, beside its name.
auto listsOf(const TritonOpArgs& a)
{
    return std::tie(a.inputDimsJson, a.inputTypesJson, a.inputStridesJson, a.concreteInputsJson);
}

// The unique kernel calls, as TraceLens groups them: by name and the four
// arg lists' text (KernelRowKey). `name` and `args` outlive the grouping:
// the trace's.
class Groups
{
public:
    Group& of(const QString& name, const TritonOpArgs* args)
    {
        const auto [index, added] = m_index.insert({ name, args }, std::uint32_t(m_groups.size()));
        if (!added)
            return m_groups[index];
        Group& group = m_groups.emplace_back();
        group.name = name;
        group.args = args;
        group.kind = args ? RowKind::Launched : RowKind::KernelOnly;
        return group;
    }

    // In the order a map of "name\ntext" kept them (kernel-only first for a
    // name): the rows' order does not hang on the trace's.
    std::vector<Group> sorted() &&
    {
        // Grown by doubling, a group of millions of calls holds up to twice
        // its size until here; the times come next and need the room.
        for (Group& group : m_groups) {
            group.calls.shrink_to_fit();
            group.kernelOnlyCalls.shrink_to_fit();
        }
        std::sort(m_groups.begin(), m_groups.end(), [](const Group& a, const Group& b) {
            if (a.name != b.name)
                return a.name < b.name;
            if (!a.args || !b.args)
                return !a.args && b.args;
            return listsOf(*a.args) < listsOf(*b.args);
        });
        return std::move(m_groups);
    }

private:
    std::vector<Group> m_groups;
    KernelRowKeyIndex m_index;
};

// Puts rows[order[i]] at i, by swapping along the permutation's cycles: no
// second array of rows (a row is a kilobyte, a trace may have a million).
void permute(std::vector<KernelRow>& rows, std::vector<std::uint32_t> order)
{
    for (std::uint32_t start = 0; start < order.size(); ++start) {
        std::uint32_t current = start;
        while (order[current] != start) {
            const std::uint32_t next = order[current];
            std::swap(rows[current], rows[next]);
            order[current] = current;
            current = next;
        }
        order[current] = current;
    }
}

void appendReason(KernelModel& model, const QString& note)
{
    model.reason = model.reason.isEmpty() ? note : model.reason + QStringLiteral("; ") + note;
}

bool isReplayed(const KernelCall* call)
{
    return call->graphLaunch >= 0 && call->captureWindow >= 0;
}

// The chain of the group's first replayed call, and how many graph launches
// and capture windows its calls came from.
ReplayChain replayChain(const std::vector<const KernelCall*>& calls, const GraphMergeSummary& graphs)
{
    ReplayChain chain;
    QSet<int> launches, windows;
    for (const KernelCall* call : calls) {
        if (!isReplayed(call))
            continue;
        if (launches.isEmpty()) {
            const MergedGraphLaunch& launch = graphs.launches[size_t(call->graphLaunch)];
            const MergedCaptureWindow& window = graphs.windows[size_t(call->captureWindow)];
            const CaptureSummary& capture = graphs.captures[size_t(window.source)];
            chain.graphLaunchCorrelation = launch.correlation;
            chain.graphLaunchTs = launch.ts;
            chain.captureFile = capture.path;
            chain.captureInSameTrace = capture.isReplayTrace;
            chain.captureWindow = window.ordinal + 1;
            chain.batchSize = window.batchSize;
            chain.mode = window.mode;
            chain.capturedOpTs = call->op->ts;
            chain.capturedOpExternalId = call->op->externalId;
        }
        launches.insert(call->graphLaunch);
        windows.insert(call->captureWindow);
    }
    chain.graphLaunches = int(launches.size());
    chain.captureWindows = int(windows.size());
    return chain;
}

// Why a group's replayed kernels have no op: the distinct reasons, counted,
// the most frequent first. Reasons may name their capture window, so 10k
// windows are 10k reasons: a few are said, the rest counted.
QString unattributedReasons(const std::vector<std::uint32_t>& kernelOnlyCalls, const LinkedKernels& linked)
{
    constexpr int reasonsSaid = 3;
    QHash<QString, int> reasons;
    for (std::uint32_t index : kernelOnlyCalls) {
        if (const KernelOnlyCall& call = linked.kernelOnlyCalls[index]; call.unattributedReason >= 0)
            ++reasons[linked.reasonOf(call)];
    }
    std::vector<std::pair<QString, int>> ranked;
    ranked.reserve(size_t(reasons.size()));
    for (auto it = reasons.cbegin(); it != reasons.cend(); ++it)
        ranked.emplace_back(it.key(), it.value());
    std::sort(ranked.begin(), ranked.end(),
        [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; });
    QStringList parts;
    int rest = 0;
    for (size_t i = 0; i < ranked.size(); ++i) {
        if (int(i) >= reasonsSaid) {
            rest += ranked[i].second;
            continue;
        }
        parts << (ranked.size() == 1 ? ranked[i].first : QStringLiteral("%1 calls: %2").arg(ranked[i].second).arg(ranked[i].first));
    }
    if (rest > 0)
        parts << QStringLiteral("%1 more calls for %2 other reasons").arg(rest).arg(ranked.size() - reasonsSaid);
    return parts.join(QStringLiteral("; "));
}

// The grid and block of the group's first GPU kernel that has them: the
// calls of one row share their args, so their launches share a shape.
const LaunchShape* firstLaunchShape(const RawTrace& trace, const LinkedKernels& linked, const Group& group)
{
    auto shapeOf = [&](std::uint32_t event) -> const LaunchShape* {
        const GpuEventRecord record = trace.gpuEvents[event];
        return record.kind == GpuEventKind::Kernel ? trace.launchShapes.find(record.nameId, record.geometry) : nullptr;
    };
    for (const KernelCall* call : group.calls) {
        for (std::uint32_t event : std::span<const std::uint32_t>(call->kernels)) {
            if (const LaunchShape* shape = shapeOf(event))
                return shape;
        }
    }
    for (std::uint32_t index : group.kernelOnlyCalls) {
        if (const LaunchShape* shape = shapeOf(linked.kernelOnlyCalls[index].event))
            return shape;
    }
    return nullptr;
}

} // namespace

std::vector<KernelRow> aggregateKernels(const RawTrace& trace, const LinkedKernels& linked, const KernelModeller& modeller,
    const GraphMergeSummary* graphs, RowOfCall* rowOfCall)
{
    Groups grouping;
    for (const KernelCall& call : linked.opCalls)
        grouping.of(call.op->name(), call.op->args().get()).calls.push_back(&call);
    for (std::uint32_t i = 0; i < linked.kernelOnlyCalls.size(); ++i)
        grouping.of(trace.gpuEventNames[trace.gpuEvents.nameId(linked.kernelOnlyCalls[i].event)], nullptr).kernelOnlyCalls.push_back(i);
    std::vector<Group> groups = std::move(grouping).sorted();

    const OpCatalog& catalog = OpCatalog::builtIn();
    std::vector<KernelRow> rows;
    rows.reserve(groups.size());
    TextInterner texts; // one copy of each sentence the rows repeat
    SharedModels models(modeller, texts);
    QHash<QString, KernelName> namesByFusedPart; // one copy of each pattern's fused part and ops
    for (Group& group : groups) {
        KernelRow row;
        row.name = group.name;
        row.parsedName = parseKernelName(group.name, catalog);
        if (!row.parsedName.fusedPart().isEmpty()) {
            const auto seen = namesByFusedPart.constFind(row.parsedName.fusedPart());
            if (seen != namesByFusedPart.constEnd())
                row.parsedName.shareFusedWith(*seen);
            else
                namesByFusedPart.insert(row.parsedName.fusedPart(), row.parsedName);
        }
        // Ops of other names reach here only when their args say kernel_backend
        // "triton"; replayed kernels of other names only when such an op
        // launched them in a capture.
        if (!isTritonKernelName(group.name))
            row.parsedName.category = KernelCategory::User;
        row.calls = int(group.calls.size() + group.kernelOnlyCalls.size());

        std::vector<double> times;
        times.reserve(group.calls.size() + group.kernelOnlyCalls.size()); // exactly: millions of calls
        int withoutKernel = 0, droppedKernel = 0, badOpDuration = 0;
        for (const KernelCall* call : group.calls) {
            if (call->busyTimeUs)
                times.push_back(*call->busyTimeUs);
            else
                ++withoutKernel;
            if (call->kernelEventDropped)
                ++droppedKernel;
            if (call->op && call->op->badDuration)
                ++badOpDuration;
        }
        for (std::uint32_t index : group.kernelOnlyCalls) // one kernel each, always timed
            times.push_back(busyTimeUs(trace, std::span(&linked.kernelOnlyCalls[index].event, 1)));

        if (group.kind == RowKind::KernelOnly) {
            row.kind = RowKind::KernelOnly;
            // No args to read, but the Inductor cache may know the kernel by name.
            KernelModel byName = modeller.model(ModelInput { row.name, row.parsedName, nullptr });
            const QString replayReason = unattributedReasons(group.kernelOnlyCalls, linked);
            if (byName.provenance == Provenance::V1) {
                row.model = std::move(byName);
                if (!replayReason.isEmpty())
                    appendReason(row.model.edit(), QStringLiteral("figures from the Inductor cache by name: ") + replayReason);
            } else {
                row.model.edit().provenance = Provenance::None;
                const bool replays = std::any_of(group.kernelOnlyCalls.begin(), group.kernelOnlyCalls.end(),
                    [&](std::uint32_t index) { return linked.kernelOnlyCalls[index].graphLaunch >= 0; });
                row.model.edit().reason = replayReason.isEmpty()
                    ? QStringLiteral("GPU kernel without a Triton op (CUDA/HIP graph replay): time only, nothing to model")
                    : replays ? QStringLiteral("graph replay, time only: ") + replayReason
                              : replayReason;
            }
        } else {
            row.args = group.calls.front()->op->args();
            const bool replayed = graphs && std::any_of(group.calls.begin(), group.calls.end(), isReplayed);
            row.kind = replayed ? RowKind::Replayed : times.empty() ? RowKind::OpOnly : RowKind::Launched;
            row.model = models.of(ModelInput { row.name, row.parsedName, &*row.args });
            if (replayed) {
                row.replay = replayChain(group.calls, *graphs);
                const ReplayChain& chain = *row.replay;
                QString capture = chain.captureInSameTrace ? QStringLiteral("this trace") : QFileInfo(chain.captureFile).fileName();
                capture += QStringLiteral(" (capture %1%2)")
                               .arg(chain.captureWindow)
                               .arg(chain.batchSize ? QStringLiteral(", batch %1").arg(*chain.batchSize) : QString());
                appendReason(row.model.edit(),
                    QStringLiteral("figures from the op captured in %1, time from %2 %3 in %4 %5")
                        .arg(capture)
                        .arg(times.size())
                        .arg(times.size() == 1 ? QStringLiteral("replay") : QStringLiteral("replays"))
                        .arg(chain.graphLaunches)
                        .arg(chain.graphLaunches == 1 ? QStringLiteral("graph launch") : QStringLiteral("graph launches")));
            }
            if (badOpDuration > 0)
                appendReason(row.model.edit(),
                    QStringLiteral("%1 of %2 calls have a cpu_op with a missing or negative dur, so their launch could not be attributed")
                        .arg(badOpDuration)
                        .arg(row.calls));
            if (droppedKernel > 0)
                appendReason(row.model.edit(),
                    QStringLiteral("%1 of %2 calls launched a GPU kernel whose event was malformed and skipped")
                        .arg(droppedKernel)
                        .arg(row.calls));
            if (row.kind == RowKind::OpOnly && badOpDuration == 0 && droppedKernel == 0)
                appendReason(row.model.edit(), QStringLiteral("no GPU kernel: launched during graph capture (figures, no time)"));
            else if (withoutKernel > 0 && row.kind == RowKind::Launched && droppedKernel == 0 && badOpDuration == 0)
                appendReason(
                    row.model.edit(), QStringLiteral("%1 of %2 calls ran no GPU kernel (graph capture)").arg(withoutKernel).arg(row.calls));
        }

        // The found source (by kernel_hash, name, output_code or log), else the V1 block's.
        const QString* source = row.model->source && row.model->source->text ? row.model->source->text.get()
            : row.model->v1                                                  ? &row.model->v1->kernel.source
                                                                             : nullptr;
        if (auto launch = launchOfKernel({ &*row.model, row.parsedName.category, group.args, firstLaunchShape(trace, linked, group),
                source ? QStringView(*source) : QStringView(), trace.gpuComputeUnits }))
            row.launch = std::move(*launch);
        // What to change: the launch's and the source's findings (under_filled
        // here only where the trace gave its compute units).
        row.findings = findKernelFindings({ row.launch ? &*row.launch : nullptr, anatomyOf(*row.model), &*row.model, trace.gpuName });

        // TraceLens's own figures where they differ from the row's.
        const bool traceLensDiffers = row.hasModel() && !row.model->traceLensDifferences.isEmpty();
        const std::optional<double> traceLensBytes = traceLensDiffers ? std::optional(double(row.model->traceLensBytes)) : std::nullopt;
        const std::optional<double> traceLensFlops = traceLensDiffers ? std::optional(double(row.model->traceLensFlops)) : std::nullopt;
        const CallStatistics stats = summarizeCalls(times, { row.bytes(), row.flops(), traceLensBytes, traceLensFlops });
        row.kernelTimeUs = stats.time;
        if (row.kernelTimeUs && trace.totalGpuKernelTimeUs > 0)
            row.shareOfGpuTime = row.kernelTimeUs->sum / trace.totalGpuKernelTimeUs;
        row.tbPerS = stats.rates[0];
        row.tflopsPerS = stats.rates[1];
        row.callTimesUs = CallTimes(std::move(times)); // sorted already: no copy

        if (traceLensDiffers) {
            TraceLensFigures figures;
            figures.bytes = row.model->traceLensBytes;
            figures.flops = row.model->traceLensFlops;
            figures.gflops = double(figures.flops) / 1e9;
            figures.dataMovedMib = double(figures.bytes) / double(1 << 20);
            if (figures.bytes > 0)
                figures.flopsPerByte = double(figures.flops) / double(figures.bytes);
            if (const auto& rate = stats.rates[2])
                figures.tbPerS = rate->mean;
            if (const auto& rate = stats.rates[3])
                figures.tflopsPerS = rate->mean;
            figures.why = row.model->traceLensDifferences.join(QStringLiteral("; "));
            row.traceLens = figures;
        }
        shareEqualTexts(row, texts);
        rows.push_back(std::move(row));
    }

    // Most time first, then by name; sorted as indices, then moved in place.
    std::vector<std::uint32_t> order(rows.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        const KernelRow& a = rows[x];
        const KernelRow& b = rows[y];
        const double ta = a.kernelTimeUs ? a.kernelTimeUs->sum : -1.0;
        const double tb = b.kernelTimeUs ? b.kernelTimeUs->sum : -1.0;
        if (ta != tb)
            return ta > tb;
        return a.name < b.name;
    });
    if (rowOfCall) {
        // The group of rows[order[i]] is groups[order[i]]: its calls' row is i.
        rowOfCall->opCalls.assign(linked.opCalls.size(), 0);
        rowOfCall->kernelOnlyCalls.assign(linked.kernelOnlyCalls.size(), 0);
        for (std::uint32_t row = 0; row < order.size(); ++row) {
            const Group& group = groups[order[row]];
            for (const KernelCall* call : group.calls)
                rowOfCall->opCalls[size_t(call - linked.opCalls.data())] = row;
            for (std::uint32_t index : group.kernelOnlyCalls)
                rowOfCall->kernelOnlyCalls[index] = row;
        }
    }
    permute(rows, std::move(order));
    return rows;
}

} // namespace Ridgeline
