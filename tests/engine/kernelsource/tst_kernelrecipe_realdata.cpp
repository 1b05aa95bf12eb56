// Every Triton kernel of the real Inductor wrapper files in ../shared/realdata
// (PyTorch 2.0 to 2.9) parsed and measured: no problem lines for the kernels
// the parser supports, and the kinds of known loads (the hkust-nlp vLLM
// cache's embedding gather and RoPE slices of the fused qkv buffer).
// Skipped, loudly, when ../shared is absent.
#include "kernelfixtures.h"

#include "engine/inductorcache/wrapperfileparser.h"
#include "engine/kernelsource/recipe/kernelmeasure.h"
#include "engine/kernelsource/recipe/kernelrecipe.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <gtest/gtest.h>
#include <iostream>

namespace Ridgeline::Test {
namespace {

struct RealKernel
{
    QString file;
    WrapperKernel kernel;
};

std::vector<RealKernel> realKernels()
{
    std::vector<RealKernel> kernels;
    const QString root = sharedPath(QStringLiteral("realdata"));
    if (root.isEmpty())
        return kernels;
    QDir dir(root);
    for (const QString& folder : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
        QDir sub(dir.filePath(folder));
        for (const QString& name : sub.entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name)) {
            QFile file(sub.filePath(name));
            if (!file.open(QIODevice::ReadOnly))
                continue;
            const WrapperFileParse parse = WrapperFileParser::parse(name, QString::fromUtf8(file.readAll()));
            for (const WrapperKernel& k : parse.kernels)
                kernels.push_back({folder + u'/' + name, k});
        }
    }
    return kernels;
}

QString describe(const KernelAnatomy& a)
{
    QStringList parts;
    for (const PointerAnatomy& p : a.pointers) {
        parts.append(QStringLiteral("%1 %2 %3 u=%4..%5 pa=%6 %7")
                         .arg(p.arg, pointerRoleKey(p.role), accessKindKey(p.kind))
                         .arg(p.uniqueBytes ? QString::number(*p.uniqueBytes) : QStringLiteral("?"))
                         .arg(p.uniqueBytesMax ? QString::number(*p.uniqueBytesMax) : QStringLiteral("?"))
                         .arg(p.perAccessBytes ? QString::number(*p.perAccessBytes) : QStringLiteral("?"))
                         .arg(p.why));
    }
    return parts.join(QStringLiteral("\n    "));
}

TEST(KernelRecipeRealData, EveryKernelParsesWithoutProblems)
{
    const std::vector<RealKernel> kernels = realKernels();
    if (kernels.empty())
        GTEST_SKIP() << "../shared/realdata is absent: the real kernels were not parsed";
    int templates = 0;
    for (const RealKernel& k : kernels) {
        const KernelRecipe recipe = parseKernelSource(k.kernel.source);
        const KernelAnatomy a = measureKernel(recipe, {});
        std::cerr << k.file.left(40).toStdString() << " " << k.kernel.name.toStdString() << " loads " << a.parsedLoads << "/"
                  << (a.metaNumLoad ? *a.metaNumLoad : -1) << " " << a.countNote.toStdString() << " " << a.problem.toStdString() << "\n    "
                  << describe(a).toStdString() << "\n";
        if (recipe.heuristic == u"template") {
            ++templates;
            continue;
        }
        EXPECT_TRUE(recipe.error.isEmpty()) << k.file.toStdString() << " " << k.kernel.name.toStdString() << ": " << recipe.error.toStdString();
        EXPECT_TRUE(recipe.problems.isEmpty()) << k.file.toStdString() << " " << k.kernel.name.toStdString() << ": "
                                               << recipe.problems.join(u'\n').toStdString();
    }
    std::cerr << kernels.size() << " kernels, " << templates << " templates\n";
}

} // namespace
} // namespace Ridgeline::Test
