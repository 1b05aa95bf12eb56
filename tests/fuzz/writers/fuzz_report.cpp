// libFuzzer target: the Markdown report of a trace whose names come from the
// bytes (issue 34). The bytes give the kernels' names (Triton-looking and
// library ones), the trace's GPU name, the GPU events' pid and the file's
// name; the trace goes through the real reader and analysis, and the report
// of a comparison with itself is written. Whatever the names, the report
// stays what the writer made it: outside code spans no `<` (no tag) and no
// `[` (no link), every line that opens a heading is one of the report's
// own, and every table row has its header's cell count.
#include "engine/analysis.h"
#include "engine/export/markdownreport.h"
#include "engine/lens/judgement.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>
#include <cstdio>
#include <cstdlib>
#include <fuzzer/FuzzedDataProvider.h>

namespace {

using namespace Ridgeline;

void check(bool condition, const char* what, const QString& line)
{
    if (!condition) {
        std::fprintf(stderr, "fuzz_report: %s: %s\n", what, line.toUtf8().constData());
        std::abort();
    }
}

QString name(FuzzedDataProvider& bytes)
{
    const std::string raw = bytes.ConsumeRandomLengthString(200);
    return QString::fromUtf8(raw.data(), qsizetype(raw.size()));
}

QJsonObject kernel(const QString& kernelName, const QString& pid, double ts, int correlation)
{
    return QJsonObject { { QStringLiteral("ph"), QStringLiteral("X") }, { QStringLiteral("cat"), QStringLiteral("kernel") },
        { QStringLiteral("name"), kernelName }, { QStringLiteral("pid"), pid }, { QStringLiteral("tid"), 7 }, { QStringLiteral("ts"), ts },
        { QStringLiteral("dur"), 5 },
        { QStringLiteral("args"),
            QJsonObject { { QStringLiteral("correlation"), correlation }, { QStringLiteral("grid"), QJsonArray { 64, 1, 1 } },
                { QStringLiteral("block"), QJsonArray { 256, 1, 1 } } } } };
}

// The line with its code spans taken out. The writer fences a span with a
// run of backticks longer than any inside it, so the first run of the same
// length closes it; an unclosed run is text.
QString outsideCodeSpans(const QString& line)
{
    QString out;
    qsizetype i = 0;
    while (i < line.size()) {
        if (line[i] != u'`') {
            out += line[i++];
            continue;
        }
        qsizetype run = 0;
        while (i + run < line.size() && line[i + run] == u'`')
            ++run;
        const QString fence(run, u'`');
        qsizetype close = line.indexOf(fence, i + run);
        // Only a run of exactly that length closes it.
        while (close >= 0 && close + run < line.size() && line[close + run] == u'`') {
            qsizetype past = close;
            while (past < line.size() && line[past] == u'`')
                ++past;
            close = line.indexOf(fence, past);
        }
        if (close < 0) {
            out += fence;
            i += run;
            continue;
        }
        i = close + run;
    }
    return out;
}

// `|` that split a GitHub table row: the unescaped ones.
int cellBars(const QString& line)
{
    int bars = 0;
    for (qsizetype i = 0; i < line.size(); ++i) {
        if (line[i] == u'\\') {
            ++i;
            continue;
        }
        bars += line[i] == u'|';
    }
    return bars;
}

void checkReport(const QString& report)
{
    static const QStringList ownHeadings { QStringLiteral("## Where the time goes"), QStringLiteral("## What to fix first"),
        QStringLiteral("## Triton kernels and library ops by recoverable time"), QStringLiteral("## Against the baseline") };
    int tableBars = -1;
    for (const QString& line : report.split(u'\n')) {
        check(!line.contains(u'\r'), "a carriage return", line);
        if (line.startsWith(u'#'))
            check(line.startsWith(QStringLiteral("# Ridgeline: ")) || ownHeadings.contains(line), "a heading of a name", line);
        const QString text = outsideCodeSpans(line);
        check(!text.contains(u'<'), "a raw < outside a code span", line);
        check(!text.contains(u'['), "a raw [ outside a code span", line);
        if (line.startsWith(u'|')) {
            if (tableBars < 0)
                tableBars = cellBars(line);
            check(cellBars(line) == tableBars, "a table row of another cell count", line);
        } else {
            tableBars = -1;
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    static QTemporaryDir dir;
    if (!dir.isValid())
        std::abort();
    FuzzedDataProvider bytes(data, size);
    const QString gpu = name(bytes);
    const QString pid = name(bytes);
    // The file's name: any character a file name may hold.
    QString fileName = name(bytes).replace(u'/', u'_').replace(QChar(0), u'_');
    if (fileName.isEmpty() || fileName == u"." || fileName == u"..")
        fileName = QStringLiteral("trace");
    fileName = fileName.left(100) + QStringLiteral(".json");

    QJsonArray events;
    double ts = 1000;
    for (int i = 0; i < 6 && bytes.remaining_bytes() > 0; ++i) {
        QString kernelName = name(bytes);
        if (bytes.ConsumeBool())
            kernelName.prepend(QStringLiteral("triton_poi_fused_"));
        for (int call = 0; call < 2; ++call, ts += 20)
            events.append(kernel(kernelName, pid, ts, int(events.size()) + 1));
    }
    const QJsonObject trace { { QStringLiteral("schemaVersion"), 1 },
        { QStringLiteral("deviceProperties"), QJsonArray { QJsonObject { { QStringLiteral("name"), gpu } } } },
        { QStringLiteral("traceEvents"), events } };
    const QString path = dir.filePath(fileName);
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly))
            return 0; // a name the file system refuses
        file.write(QJsonDocument(trace).toJson(QJsonDocument::Compact));
    }
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = false;
    const AnalysisOutcome outcome = analyzeTrace(path, options, {});
    QFile::remove(path);
    if (outcome.status != AnalysisOutcome::Status::Ok)
        return 0;
    const auto judgement = judge(outcome.result, Lens {}, outcome.result);
    ReportInputs report;
    report.judgement = judgement.get();
    checkReport(QString::fromUtf8(markdownReport(report)));
    return 0;
}
