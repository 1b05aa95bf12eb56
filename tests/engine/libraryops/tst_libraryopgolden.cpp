// The library-op models against TraceLens's own figures for the non-Triton
// ops of three real traces (../shared/traces/aten_golden/, computed by
// TraceLens's code; README there). Each golden row's args go through the
// reader's own args parser, then modelLibraryOp; TraceLens's figure (the
// model's `tracelens` where Ridgeline's differs, else its figures) must equal
// the golden flops and bytes to 1e-6 relative and name the same roof.
// Rows whose figures need TraceLens's pseudo-ops or iteration annotations
// (MoE pseudo-ops, serving attention) are not modelled: listed, counted.
#include "engine/input/eventargsreader.h"
#include "engine/libraryops/models/libraryopmodel.h"
#include "testsupport.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>
#include <gtest/gtest.h>
#include <iostream>

using namespace Ridgeline;

namespace {

struct GoldenFile
{
    const char* name;
    int rows; // golden rows in the file
    int notRequired; // rows of ops the issue does not require
};

// ATEN_MODELS.md §5.2 and §8 (MoE): figures from annotations or pseudo-ops.
bool notRequired(const QString& op)
{
    return op.startsWith(u"pseudo_op::moe_") || op == u"vllm::unified_attention_with_output" || op.contains(u"paged_attention")
        || op.startsWith(u"aiter::pa_");
}

bool sameFigure(double golden, double ours)
{
    return golden == ours || std::abs(golden - ours) <= 1e-6 * std::max(std::abs(golden), std::abs(ours));
}

class AtenGolden : public ::testing::TestWithParam<GoldenFile>
{
};

TEST_P(AtenGolden, ModelsReproduceTraceLensFiguresAndRoof)
{
    const GoldenFile file = GetParam();
    const QString path = Ridgeline::Test::sharedPath(QStringLiteral("traces/aten_golden/") + QLatin1String(file.name));
    if (path.isEmpty())
        GTEST_SKIP() << "../shared/traces/aten_golden is absent: the golden comparison did not run";
    QFile input(path);
    ASSERT_TRUE(input.open(QIODevice::ReadOnly)) << path.toStdString();
    const QJsonObject golden = QJsonDocument::fromJson(input.readAll()).object();
    const QJsonArray rows = golden.value(u"rows").toArray();
    ASSERT_EQ(rows.size(), file.rows);

    EventArgsReader reader;
    int matched = 0, skipped = 0;
    QStringList skippedOps;
    for (const QJsonValue& value : rows) {
        const QJsonObject row = value.toObject();
        const QString op = row.value(u"name").toString();
        if (notRequired(op)) {
            ++skipped;
            skippedOps << op;
            continue;
        }
        const QByteArray argsJson = QJsonDocument(row.value(u"args").toObject()).toJson(QJsonDocument::Compact);
        std::int64_t externalId = -1;
        const auto args = reader.readTritonOpArgs(argsJson.toStdString(), &externalId);
        const std::string where = op.toStdString() + " " + argsJson.toStdString();
        ASSERT_TRUE(args->malformed.isEmpty()) << where << ": " << args->malformed.toStdString();
        EXPECT_TRUE(isModelledLibraryOp(op)) << where;
        QString whyNot;
        const auto model = modelLibraryOp(op, *args, &whyNot);
        if (!model) {
            ADD_FAILURE() << where << ": not modelled: " << whyNot.toStdString();
            continue;
        }
        const LibraryOpFigures& tl = model->tracelens ? *model->tracelens : model->figures;
        const QJsonValue flops = row.value(u"flops"), bytes = row.value(u"bytes"), spec = row.value(u"compute_spec");
        bool ok = true;
        if (flops.isNull()) {
            ok &= std::isnan(tl.flops);
            EXPECT_TRUE(std::isnan(tl.flops)) << where << ": TraceLens has no figures, ours " << tl.flops;
        } else {
            ok &= sameFigure(flops.toDouble(), tl.flops);
            EXPECT_TRUE(sameFigure(flops.toDouble(), tl.flops)) << where << ": flops " << tl.flops << " vs golden " << flops.toDouble();
        }
        if (bytes.isNull()) {
            ok &= std::isnan(tl.bytes);
            EXPECT_TRUE(std::isnan(tl.bytes)) << where << ": TraceLens has no bytes, ours " << tl.bytes;
        } else {
            ok &= sameFigure(bytes.toDouble(), tl.bytes);
            EXPECT_TRUE(sameFigure(bytes.toDouble(), tl.bytes)) << where << ": bytes " << tl.bytes << " vs golden " << bytes.toDouble();
        }
        if (!spec.isNull()) {
            ok &= spec.toString() == tl.computeSpec;
            EXPECT_EQ(spec.toString().toStdString(), tl.computeSpec.toStdString()) << where;
        }
        // Ridgeline's own figures exist for every modelled row.
        EXPECT_TRUE(std::isfinite(model->figures.flops)) << where;
        EXPECT_FALSE(model->figures.rule.isEmpty()) << where;
        if (model->tracelens) {
            EXPECT_FALSE(model->tracelensWhy.isEmpty()) << where;
        }
        matched += ok ? 1 : 0;
    }
    std::cout << "[ golden   ] " << file.name << ": " << matched << " of " << (rows.size() - skipped) << " modelled rows match TraceLens; "
              << skipped << " not required (" << skippedOps.join(QStringLiteral(", ")).toStdString() << ")" << std::endl;
    EXPECT_EQ(skipped, file.notRequired);
    EXPECT_EQ(matched, file.rows - file.notRequired);
}

std::string fileName(const ::testing::TestParamInfo<GoldenFile>& info)
{
    const std::string name = info.param.name;
    return name.substr(0, name.find('.'));
}

INSTANTIATE_TEST_SUITE_P(Traces, AtenGolden,
    ::testing::Values(GoldenFile { "torch_compile_triton.json", 4, 0 }, GoldenFile { "xdit_sd35_profile.json", 135, 0 },
        // two MoE pseudo-ops and vLLM's unified attention
        GoldenFile { "vllm_decode_full_merged.json", 17, 3 }),
    fileName);

} // namespace
