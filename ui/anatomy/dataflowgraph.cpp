#include "anatomy/dataflowgraph.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

namespace Ridgeline {
namespace {

// Python's arithmetic operators in a temporary's expression, by name.
void addOperatorNames(QStringView rhs, QStringList& names, QSet<QString>& seen)
{
    static const std::pair<QStringView, QString> operators[] = {
        { u" + ", QStringLiteral("add") },
        { u" - ", QStringLiteral("sub") },
        { u" * ", QStringLiteral("mul") },
        { u" / ", QStringLiteral("div") },
        { u" // ", QStringLiteral("floordiv") },
        { u" % ", QStringLiteral("mod") },
        { u" < ", QStringLiteral("lt") },
        { u" > ", QStringLiteral("gt") },
        { u" == ", QStringLiteral("eq") },
        { u".to(", QStringLiteral("cast") },
    };
    for (const auto& [token, name] : operators) {
        if (rhs.contains(token) && !seen.contains(name)) {
            seen.insert(name);
            names << name;
        }
    }
}

} // namespace

int DataflowGraph::loads() const
{
    return int(std::count_if(accesses.begin(), accesses.end(), [](const Access& a) { return !a.store; }));
}

int DataflowGraph::stores() const
{
    return int(accesses.size()) - loads();
}

DataflowGraph buildDataflowGraph(const KernelAnatomy& anatomy, const QString& text, int maxScannedLines)
{
    DataflowGraph graph;
    QSet<int> accessLines;
    for (size_t p = 0; p < anatomy.pointers.size(); ++p) {
        const auto& accesses = anatomy.pointers[p].accesses;
        for (size_t a = 0; a < accesses.size(); ++a) {
            const SourceAccess& s = accesses[a];
            graph.accesses.push_back({ int(p), int(a), s.op == SourceAccess::Op::Store, s.index, !s.mask.isEmpty(), s.line });
            accessLines.insert(s.line);
        }
    }
    std::stable_sort(graph.accesses.begin(), graph.accesses.end(),
        [](const DataflowGraph::Access& a, const DataflowGraph::Access& b) { return a.line < b.line; });

    static const QRegularExpression assignment(QStringLiteral("^\\s*(tmp\\d+|_tmp\\d+|tmp\\d+_\\w*)\\s*=\\s*(.+)$"));
    static const QRegularExpression reduction(
        QStringLiteral("\\b(tl\\.(?:sum|max|min|reduce|argmax|argmin|cumsum|xor_sum)|triton_helpers\\.(?:max2|min2|prod|welford\\w*|"
                       "online_softmax\\w*)|[A-Za-z_]*welford[A-Za-z_]*)\\s*\\("));
    static const QRegularExpression call(
        QStringLiteral("\\b(?:tl|libdevice|triton_helpers|tl\\.math|tl_math)\\.([A-Za-z_][A-Za-z0-9_]*)\\s*\\("));
    QSet<QString> seen;
    int lineNumber = 0;
    for (QStringView line : QStringView(text).split(u'\n')) {
        ++lineNumber;
        if (lineNumber > maxScannedLines)
            break;
        if (accessLines.contains(lineNumber))
            continue;
        const auto match = assignment.matchView(line);
        if (!match.hasMatch())
            continue;
        const QStringView rhs = match.capturedView(2);
        if (const auto r = reduction.matchView(rhs); r.hasMatch()) {
            graph.reductions.push_back({ r.captured(1), lineNumber });
            continue;
        }
        ++graph.opLines;
        for (auto it = call.globalMatchView(rhs); it.hasNext();) {
            const QString name = it.next().captured(1);
            if (name != u"full" && name != u"broadcast_to" && !seen.contains(name)) {
                seen.insert(name);
                graph.opNames << name;
            }
        }
        addOperatorNames(rhs, graph.opNames, seen);
    }
    return graph;
}

} // namespace Ridgeline
