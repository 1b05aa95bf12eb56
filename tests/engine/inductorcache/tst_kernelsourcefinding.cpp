// Each Triton row's source found, in issue 32's order: the per-kernel file
// of the trace's kernel_hash, else of kernel_file's base name; else a block
// of the kernel's name (a cache's wrapper, an output_code.py, a tlparse log);
// else none, saying why. Fixtures: sources of ../shared/realdata laid out as
// a cache at run time, traces of one kernel written here.
#include "cachefixtures.h"
#include "engine/export/resultexport.h"
#include "engine/inductorcache/inputkind.h"
#include "engine/inductorcache/wrapperfileparser.h"
#include "hkustsources.h"
#include "testsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

const QString tlparseLog = QStringLiteral("realdata/meta-pytorch__tlparse/tests__inputs__simple.log");
const QString tlparseOutputCode = QStringLiteral("realdata/meta-pytorch__tlparse/DERIVED__tests__inputs__simple.log.output_code.0.py");
const QString dropoutName = QStringLiteral("triton_poi_fused_native_dropout_0");

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// One Triton op, its launch and its kernel; `args` as the op's extra JSON args.
QByteArray oneKernelTrace(const QString& name, const QByteArray& args)
{
    const QByteArray n = name.toUtf8();
    return traceJson(
        tritonOpEvent(n, 100, 20, 1, args) + ",\n" + launchEvent(105, 5, 10) + ",\n" + flowEnd(10) + ",\n" + kernelEvent(n, 200, 40, 10));
}

class KernelSourceFinding : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_wrapper = sharedPath(hkustWrapper);
        if (m_wrapper.isEmpty())
            GTEST_SKIP() << "../shared/realdata absent: the source-finding fixtures are real Inductor output";
        m_embedSource = blockSource(m_wrapper, embedName);
        ASSERT_FALSE(m_embedSource.isEmpty());
    }

    // The analysis of a one-kernel trace with `cache`; the row's source.
    FoundSource found(const QString& name, const QByteArray& args, const QString& cache)
    {
        const QString trace = m_files.write(QStringLiteral("trace.json"), oneKernelTrace(name, args));
        const AnalysisOutcome outcome = cache.isEmpty() ? analyze(trace) : analyzeWithCache(trace, cache);
        EXPECT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
        if (!outcome.result)
            return {};
        m_warnings = outcome.result->warnings;
        m_cacheKind = outcome.result->inductorCache.kind;
        const KernelRow* row = findRow(*outcome.result, name);
        EXPECT_NE(row, nullptr);
        EXPECT_TRUE(row && row->model->source) << "every Triton row of an analysis says where its source is";
        return row && row->model->source ? *row->model->source : FoundSource {};
    }

    // A cache folder holding the embedding kernel's per-kernel file <xx>/<hash>.py.
    QString perKernelCache(const QByteArray& content)
    {
        m_files.write(QStringLiteral("cache/2t/") + embedHash + QStringLiteral(".py"), content);
        return m_files.path(QStringLiteral("cache"));
    }

    CacheFixtures m_files;
    QString m_wrapper;
    QString m_embedSource;
    QStringList m_warnings;
    QString m_cacheKind;
};

TEST_F(KernelSourceFinding, ByKernelHashBeforeKernelFile)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    // kernel_file names another file: the hash decides, and the recorded path is never opened.
    const FoundSource s = found(
        embedName, "\"kernel_hash\": \"" + embedHash.toUtf8() + "\", \"kernel_file\": \"/nowhere/zz/czzsomeotherkernel.py\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::KernelFile) << qPrintable(s.source.why);
    EXPECT_EQ(s.source.file, cache + QStringLiteral("/2t/") + embedHash + QStringLiteral(".py"));
    EXPECT_TRUE(s.source.why.isEmpty());
    ASSERT_TRUE(s.text);
    EXPECT_EQ(*s.text, m_embedSource);
    EXPECT_EQ(s.key, QStringLiteral("hash:") + embedHash);
    // Read once found: the embedding's table is gathered through the token ids.
    ASSERT_TRUE(s.source.anatomy);
    ASSERT_EQ(s.source.anatomy->pointers.size(), 5u);
    EXPECT_EQ(s.source.anatomy->pointers[0].arg, QStringLiteral("in_ptr0"));
    EXPECT_EQ(s.source.anatomy->pointers[1].kind, AccessKind::Gather);
}

TEST_F(KernelSourceFinding, ByKernelFilesBaseName)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    const FoundSource s = found(embedName, "\"kernel_file\": \"/tmp/torchinductor_someone/2t/" + embedHash.toUtf8() + ".py\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::KernelFile) << qPrintable(s.source.why);
    ASSERT_TRUE(s.text);
    EXPECT_EQ(*s.text, m_embedSource);
}

TEST_F(KernelSourceFinding, ByNameInACachesWrapperWithItsComments)
{
    m_files.write(QStringLiteral("cache/2n/c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py"), fileBytes(m_wrapper));
    const FoundSource s = found(embedName, {}, m_files.path(QStringLiteral("cache")));
    EXPECT_EQ(s.source.origin, SourceOrigin::CacheName) << qPrintable(s.source.why);
    EXPECT_TRUE(s.source.file.endsWith(QStringLiteral("2n/c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py")));
    ASSERT_TRUE(s.text);
    EXPECT_EQ(*s.text, m_embedSource);
    // The comment above the block (line 313 of the file).
    EXPECT_EQ(s.sourceNodes,
        QStringList(
            { QStringLiteral("long"), QStringLiteral("embedding"), QStringLiteral("to"), QStringLiteral("pow_1"), QStringLiteral("mean"),
                QStringLiteral("add"), QStringLiteral("rsqrt"), QStringLiteral("mul"), QStringLiteral("to_1"), QStringLiteral("mul_1") }));
    EXPECT_EQ(s.atenOps,
        QStringList({ QStringLiteral("_to_copy"), QStringLiteral("embedding"), QStringLiteral("pow"), QStringLiteral("mean"),
            QStringLiteral("add"), QStringLiteral("rsqrt"), QStringLiteral("mul") }));
}

TEST_F(KernelSourceFinding, ByNameInAPerKernelFileWhenTheHashIsUnknown)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    const FoundSource s = found(embedName, "\"kernel_hash\": \"cnotinthiscachexxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::CacheName) << qPrintable(s.source.why);
    ASSERT_TRUE(s.text);
    EXPECT_EQ(*s.text, m_embedSource);
}

TEST_F(KernelSourceFinding, InAnOutputCodePyGivenAlone)
{
    const QString outputCode = sharedPath(tlparseOutputCode);
    const FoundSource s = found(dropoutName, {}, outputCode);
    EXPECT_EQ(s.source.origin, SourceOrigin::OutputCode) << qPrintable(s.source.why);
    EXPECT_EQ(s.source.file, outputCode);
    ASSERT_TRUE(s.text);
    EXPECT_EQ(*s.text, blockSource(outputCode, dropoutName));
    EXPECT_EQ(s.sourceNodes, QStringList { QStringLiteral("input_1") });
    EXPECT_EQ(s.atenOps, QStringList { QStringLiteral("native_dropout") });
}

TEST_F(KernelSourceFinding, InATlparseLogsOutputCodeEntry)
{
    const QString log = sharedPath(tlparseLog);
    EXPECT_EQ(classifyInput(log).kind, InputKind::InductorCache) << "a TORCH_TRACE log is a source of kernels";
    const FoundSource s = found(dropoutName, {}, log);
    EXPECT_EQ(s.source.origin, SourceOrigin::Tlparse) << qPrintable(s.source.why);
    EXPECT_EQ(s.source.file, log + QStringLiteral(":629")) << "the entry's line";
    EXPECT_EQ(m_cacheKind, QStringLiteral("TORCH_TRACE log"));
    ASSERT_TRUE(s.text);
    // The payload, tabs stripped, is the output_code.py that tlparse writes out (DERIVED beside it).
    EXPECT_EQ(*s.text, blockSource(sharedPath(tlparseOutputCode), dropoutName));
}

TEST_F(KernelSourceFinding, NoCacheSaysSo)
{
    const FoundSource s = found(embedName, "\"kernel_hash\": \"" + embedHash.toUtf8() + "\"", {});
    EXPECT_EQ(s.source.origin, SourceOrigin::None);
    EXPECT_FALSE(s.text);
    EXPECT_EQ(s.source.why, QStringLiteral("no Inductor cache given"));
}

TEST_F(KernelSourceFinding, HashNotInTheCacheAndNameNotDefinedSaysBoth)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    const FoundSource s = found(QStringLiteral("triton_poi_fused_mystery_9"), "\"kernel_hash\": \"cabsent\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::None);
    EXPECT_TRUE(s.source.why.startsWith(QStringLiteral("kernel_hash cabsent is not among the cache's 1 per-kernel files; ")))
        << qPrintable(s.source.why);
    EXPECT_TRUE(s.source.why.contains(QStringLiteral("triton_poi_fused_mystery_9 is not defined in"))) << qPrintable(s.source.why);
}

TEST_F(KernelSourceFinding, APerKernelFileThatIsNotPythonSaysSo)
{
    // An ELF header: NUL bytes in it. The literal's own length, so that the
    // read stays inside it (a fixed count read past its end under ASan).
    static constexpr char elf[] = "\x7f"
                                  "ELF\x02\x01\x01\x00\x00\x00 not a kernel";
    const QString cache = perKernelCache(QByteArray(elf, sizeof elf - 1));
    const FoundSource s = found(embedName, "\"kernel_hash\": \"" + embedHash.toUtf8() + "\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::None);
    EXPECT_TRUE(s.source.why.contains(QStringLiteral("/2t/") + embedHash + QStringLiteral(".py, which is binary data, not Python")))
        << qPrintable(s.source.why);
}

// A per-kernel file alone is a V1 source as a wrapper's block is: the row
// without V2 args gets from the file of its kernel_hash the figures the
// block of its name gives.
TEST_F(KernelSourceFinding, APerKernelFileGivesTheBlocksV1Figures)
{
    const QString trace
        = m_files.write(QStringLiteral("v1.json"), oneKernelTrace(embedName, "\"kernel_hash\": \"" + embedHash.toUtf8() + "\""));
    m_files.write(QStringLiteral("wrapper/2n/c2nak7xibfgncvuab2e3g5oznuffpe6fsxkbvdni4ri43rsozvtp.py"), fileBytes(m_wrapper));
    const AnalysisOutcome byBlock = analyzeWithCache(trace, m_files.path(QStringLiteral("wrapper")));
    const AnalysisOutcome byFile = analyzeWithCache(trace, perKernelCache(m_embedSource.toUtf8()));
    ASSERT_TRUE(byBlock.result && byFile.result);
    const KernelRow* block = findRow(*byBlock.result, embedName);
    const KernelRow* file = findRow(*byFile.result, embedName);
    ASSERT_TRUE(block && file);
    ASSERT_EQ(block->provenance(), Provenance::V1) << qPrintable(block->model->reason);
    ASSERT_EQ(file->provenance(), Provenance::V1) << qPrintable(file->model->reason);
    EXPECT_EQ(file->model->xnumel, block->model->xnumel);
    EXPECT_EQ(file->model->rnumel, block->model->rnumel);
    EXPECT_EQ(file->bytes(), block->bytes());
    EXPECT_EQ(file->flops(), block->flops());
    ASSERT_TRUE(file->model->v1);
    EXPECT_EQ(file->model->v1->kernel.heuristic, block->model->v1->kernel.heuristic);
    EXPECT_EQ(file->model->v1->kernel.origin, SourceOrigin::KernelFile);
}

TEST_F(KernelSourceFinding, RowsOfOneHashShareOneText)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    const QByteArray hash = "\"kernel_hash\": \"" + embedHash.toUtf8() + "\", ";
    const QByteArray n = embedName.toUtf8();
    // Two calls with other Concrete Inputs: two rows, one source.
    const QString trace = m_files.write(QStringLiteral("two.json"),
        traceJson(tritonOpEvent(n, 100, 20, 1, hash + "\"Concrete Inputs\": [\"\", \"1\"]") + ",\n" + launchEvent(105, 5, 10) + ",\n"
            + flowEnd(10) + ",\n" + kernelEvent(n, 200, 40, 10) + ",\n"
            + tritonOpEvent(n, 300, 20, 2, hash + "\"Concrete Inputs\": [\"\", \"2\"]") + ",\n" + launchEvent(305, 5, 11) + ",\n"
            + flowEnd(11) + ",\n" + kernelEvent(n, 400, 40, 11)));
    const AnalysisOutcome outcome = analyzeWithCache(trace, cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    std::vector<const KernelRow*> rows;
    for (const KernelRow& row : outcome.result->rows) {
        if (row.name == embedName)
            rows.push_back(&row);
    }
    ASSERT_EQ(rows.size(), 2u);
    ASSERT_TRUE(rows[0]->model->source && rows[1]->model->source);
    EXPECT_EQ(rows[0]->model->source->text.get(), rows[1]->model->source->text.get()) << "read once per hash";
    EXPECT_EQ(rows[0]->model->source->key, rows[1]->model->source->key);
}

// The export carries each Triton kernel's `source` with its pointers; the
// CSV's two source columns come before the launch's, every other column in its place.
TEST_F(KernelSourceFinding, TheExportCarriesTheSource)
{
    const QString cache = perKernelCache(m_embedSource.toUtf8());
    const QByteArray args = "\"kernel_hash\": \"" + embedHash.toUtf8() + "\"";
    const QString trace = m_files.write(QStringLiteral("trace.json"), oneKernelTrace(embedName, args));
    const AnalysisOutcome outcome = analyzeWithCache(trace, cache);
    ASSERT_EQ(outcome.status, AnalysisOutcome::Status::Ok) << qPrintable(outcome.error);
    const KernelRow* row = findRow(*outcome.result, embedName);
    ASSERT_NE(row, nullptr);
    const QJsonObject source = kernelJson(*row)[QStringLiteral("source")].toObject();
    EXPECT_EQ(source[QStringLiteral("origin")].toString(), QStringLiteral("kernel_file"));
    EXPECT_EQ(source[QStringLiteral("file")].toString(), cache + QStringLiteral("/2t/") + embedHash + QStringLiteral(".py"));
    const QJsonArray pointers = source[QStringLiteral("pointers")].toArray();
    ASSERT_EQ(pointers.size(), 5);
    EXPECT_EQ(pointers[1].toObject()[QStringLiteral("arg")].toString(), QStringLiteral("in_ptr1"));
    EXPECT_EQ(pointers[1].toObject()[QStringLiteral("kind")].toString(), QStringLiteral("gather"));
    const QList<QByteArray> lines = exportCsv(judged(outcome.result)->trace).split('\n');
    ASSERT_GE(lines.size(), 2);
    EXPECT_TRUE(lines[0].endsWith(",source_unique_bytes,source_unique_bytes_max,programs,waves,first_finding,display_name,advice"))
        << lines[0].right(80).constData();
}

// A 10 MB source (one long expression) is found whole; nothing in it is parsed here.
TEST_F(KernelSourceFinding, AHugeSourceIsFoundWhole)
{
    QByteArray source = m_embedSource.toUtf8();
    source += "\n    tmp_huge = " + QByteArray(10 << 20, '1') + "\n";
    const QString cache = perKernelCache(source);
    const FoundSource s = found(embedName, "\"kernel_hash\": \"" + embedHash.toUtf8() + "\"", cache);
    EXPECT_EQ(s.source.origin, SourceOrigin::KernelFile);
    ASSERT_TRUE(s.text);
    EXPECT_EQ(s.text->size(), source.size());
}

// A TORCH_TRACE log of ~80 MB: a payload past the 64 MiB cap is skipped with
// a warning (never held whole), the entry after it is still read, and lines
// longer than the reader's chunk are carried through.
TEST_F(KernelSourceFinding, AHugeLogStaysBounded)
{
    if (builtWithSanitizers())
        GTEST_SKIP() << "hostile scale: not under the sanitizers";
    const QString path = m_files.path(QStringLiteral("huge.log"));
    QFile log(path);
    ASSERT_TRUE(log.open(QIODevice::WriteOnly));
    const QByteArray prefix = "V1206 15:18:21.452000 1500233 torch/_inductor/graph.py:2030] ";
    log.write(prefix + "{\"str\": \"" + QByteArray(3 << 20, 'x') + "\"}\n"); // a 3 MB line of another entry
    log.write(prefix + "{\"inductor_output_code\": {\"filename\": \"/tmp/a.py\"}, \"has_payload\": \"0\"}\n");
    const QByteArray tabbed = '\t' + QByteArray(1 << 20, 'y') + '\n';
    for (int i = 0; i < 70; ++i)
        log.write(tabbed);
    log.write(prefix + "{\"inductor_output_code\": {\"filename\": \"/tmp/b.py\"}, \"has_payload\": \"1\"}\n");
    const QByteArray outputCode = fileBytes(sharedPath(tlparseOutputCode));
    for (const QByteArray& line : outputCode.split('\n'))
        log.write('\t' + line + '\n');
    log.close();
    const FoundSource s = found(dropoutName, {}, path);
    EXPECT_EQ(s.source.origin, SourceOrigin::Tlparse) << qPrintable(s.source.why);
    EXPECT_EQ(s.source.file, path + QStringLiteral(":73"));
    EXPECT_TRUE(m_warnings.join(u'\n').contains(path + QStringLiteral(":2: an inductor_output_code payload larger than 64 MiB; skipped")))
        << qPrintable(m_warnings.join(u'\n'));
}

} // namespace
