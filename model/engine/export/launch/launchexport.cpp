#include "engine/export/launch/launchexport.h"

#include "engine/export/json/jsonnumber.h"
#include "engine/launch/computeunits.h"

#include <QJsonArray>
#include <QJsonObject>

namespace Ridgeline {
namespace {

RowJson::Value dimsJson(const std::optional<std::array<std::int64_t, 3>>& dims)
{
    if (!dims)
        return {};
    return RowJson::Array { qint64((*dims)[0]), qint64((*dims)[1]), qint64((*dims)[2]) };
}

// "XBLOCK=1,R0_BLOCK=1024,waves_per_eu=2" as {"XBLOCK": 1, ...}: integers
// where a value is one, its text otherwise.
RowJson::Value kwargsJson(const QString& kwargs)
{
    if (kwargs.isEmpty())
        return {};
    RowJson::Object object;
    for (QStringView pair : QStringView(kwargs).split(u',')) {
        const qsizetype equals = pair.indexOf(u'=');
        if (equals <= 0)
            continue;
        const QStringView value = pair.mid(equals + 1).trimmed();
        bool ok = false;
        const qlonglong number = value.toLongLong(&ok);
        object.insert(pair.left(equals).trimmed().toString(), ok ? RowJson::Value(number) : RowJson::Value(value.toString()));
    }
    return object;
}

} // namespace

std::optional<LaunchFacts> judgedLaunch(const KernelRow& row, const GpuSpec& gpu)
{
    if (!row.launch)
        return std::nullopt;
    LaunchFacts facts = *row.launch;
    fillComputeUnits(facts, gpu.computeUnits,
        QStringLiteral("the GPU catalogue: %1%2")
            .arg(gpu.name, gpu.computeUnitsSource.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(gpu.computeUnitsSource)));
    return facts;
}

RowJson::Value launchJson(const KernelRow& row, const GpuSpec& gpu)
{
    const std::optional<LaunchFacts> launch = judgedLaunch(row, gpu);
    if (!launch)
        return {};
    const LaunchFacts& f = *launch;
    const RowJson::Value null;
    const auto textOrNull = [&](const QString& value) { return value.isEmpty() ? null : RowJson::Value(value); };
    return RowJson::Object {
        { QStringLiteral("num_warps"), RowJson::Value(f.numWarps) },
        { QStringLiteral("num_stages"), RowJson::Value(f.numStages) },
        { QStringLiteral("kwargs"), kwargsJson(f.kwargs) },
        { QStringLiteral("grid"), dimsJson(f.grid) },
        { QStringLiteral("block"), dimsJson(f.block) },
        { QStringLiteral("grid_counts"), f.gridCounts ? RowJson::Value(gridCountsKey(*f.gridCounts)) : null },
        { QStringLiteral("programs"), RowJson::Value(f.programs) },
        { QStringLiteral("programs_source"), textOrNull(f.programsSource) },
        { QStringLiteral("programs_approximate"), f.programs ? RowJson::Value(f.programsApproximate) : null },
        { QStringLiteral("programs_note"), textOrNull(f.note) },
        { QStringLiteral("compute_units"), RowJson::Value(f.computeUnits) },
        { QStringLiteral("compute_units_source"), textOrNull(f.computeUnitsSource) },
        { QStringLiteral("waves"), figureJson(f.waves) },
        { QStringLiteral("active_lane_share"), figureJson(f.activeLaneShare) },
        { QStringLiteral("active_lane_share_source"), textOrNull(f.activeLaneShareSource) },
        { QStringLiteral("blocks_per_sm"), figureJson(f.blocksPerSm) },
        { QStringLiteral("registers_per_thread"), RowJson::Value(f.registersPerThread) },
        { QStringLiteral("shared_memory"), RowJson::Value(f.sharedMemory) },
        { QStringLiteral("est_achieved_occupancy_percent"), figureJson(f.estAchievedOccupancyPercent) },
    };
}

QStringList launchCsvHeader()
{
    return { QStringLiteral("programs"), QStringLiteral("waves") };
}

QStringList launchCsvFields(const KernelRow& row, const GpuSpec& gpu)
{
    const std::optional<LaunchFacts> launch = judgedLaunch(row, gpu);
    if (!launch)
        return { QString(), QString() };
    return { launch->programs ? QString::number(*launch->programs) : QString(), exportFigureText(launch->waves) };
}

} // namespace Ridgeline
