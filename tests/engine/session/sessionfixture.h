// Shared by the session tests: a folder holding a trace, a capture, an
// Inductor cache and a baseline (empty files: a session only names them),
// and a session of every field over them.
#pragma once

#include "engine/session/session.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QString>

namespace Ridgeline::Test {

inline bool touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write("{}") == 2;
}

// One user GPU, "My Card" (2.5 TB/s, 300 TFLOPS BF16), in the peaks editor's format.
inline GpuCatalog myCard()
{
    QString error;
    return GpuCatalog::fromJson(R"({"format": "ridgeline-gpus/1", "gpus": [{"name": "My Card", "aliases": ["MC-1"],
        "peaks": {"datasheet": {"hbm_tbps": 2.5, "tflops": {"matrix_bf16": 300, "vector_fp32": 40}}}}]})",
        &error)
        .value();
}

// In `folder`: run/trace.json.gz, run/captures/graph0.json, run/cache/ and base/baseline.json.
inline Session everyField(const QString& folder)
{
    touch(folder + QStringLiteral("/run/trace.json.gz"));
    touch(folder + QStringLiteral("/run/captures/graph0.json"));
    touch(folder + QStringLiteral("/run/cache/fx_graph.py"));
    touch(folder + QStringLiteral("/base/baseline.json"));
    Session session;
    session.trace = folder + QStringLiteral("/run/trace.json.gz");
    session.captures = { folder + QStringLiteral("/run/captures/graph0.json") };
    session.inductorCache = folder + QStringLiteral("/run/cache");
    session.baseline = folder + QStringLiteral("/base/baseline.json");
    session.rangeUs = std::pair(1250.5, 98000.0);
    session.filterText = QStringLiteral("triton_poi \"fused\" \u00e9");
    session.selectedKernel = QStringLiteral("triton_poi_fused_add_0");
    session.gpuChoice = QStringLiteral("My Card");
    session.peaks = PeakSet::MaxAchievable;
    session.latencyFloorUs = 3.25;
    session.cacheRoofs = true;
    session.userGpus = myCard();
    return session;
}

} // namespace Ridgeline::Test
