// Graph matcher benchmark: the hostile shapes of issue 22, timed, with the
// process's peak RSS after each. N identical capture windows against N
// replays that differ only in grid (one replay is the windows' graph), and
// W distinct windows of long non-Triton segments against 20 replays.
//
//   ridgeline_graphmatcher_bench
#include "engine/graphs/graphmatcher.h"

#include <QElapsedTimer>
#include <cstdio>
#include <string>
#include <sys/resource.h>

using namespace Ridgeline;

namespace {

GraphNode node(std::uint32_t label, std::uint64_t geometry, bool triton)
{
    GraphNode n;
    n.label = label;
    n.geometry = geometry;
    n.triton = triton;
    return n;
}

double peakRssMb()
{
    rusage usage {};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // KiB on Linux
}

// Times building the matcher and matching every replay, and prints it under `name`.
void matchAndReport(const std::string& name, const std::vector<CaptureWindow>& windows, const std::vector<ReplayedGraph>& replays)
{
    QElapsedTimer timer;
    timer.start();
    GraphMatcher matcher(windows);
    int matched = 0, unattributed = 0;
    for (const ReplayedGraph& replay : replays)
        (matcher.match(replay).status == GraphMatchStatus::Matched ? matched : unattributed) += 1;
    std::printf("%-48s %8.3f s  peak RSS %7.1f MB  (%d matched, %d not)\n", name.c_str(), double(timer.nsecsElapsed()) / 1e9, peakRssMb(),
        matched, unattributed);
}

void identicalWindowsOtherGrids(int n)
{
    // A decode graph's shape: 40 Triton kernels between library GEMMs.
    std::vector<GraphNode> graph;
    for (std::uint32_t k = 0; k < 40; ++k) {
        graph.push_back(node(100 + k, 1000 + k, true));
        graph.push_back(node(10 + k % 5, 0, false));
    }
    std::vector<CaptureWindow> windows(static_cast<size_t>(n));
    for (CaptureWindow& window : windows) {
        window.nodes = graph;
        window.opsSignature = 1;
    }
    std::vector<ReplayedGraph> replays(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        replays[size_t(i)].nodes = graph;
        replays[size_t(i)].nodes.front().geometry = 1000 + std::uint64_t(i);
    }
    matchAndReport(std::to_string(n) + " identical windows x " + std::to_string(n) + " replays in other grids", windows, replays);
}

void longOtherSegments(int windowCount, int segment)
{
    std::vector<CaptureWindow> windows(static_cast<size_t>(windowCount));
    for (int w = 0; w < windowCount; ++w) {
        CaptureWindow& window = windows[size_t(w)];
        for (int t = 0; t < 8; ++t) {
            window.nodes.push_back(node(100 + std::uint32_t(t), 0, true));
            for (int k = 0; k < segment; ++k)
                window.nodes.push_back(
                    node(k == segment / 2 ? 100000 + std::uint32_t(w) : 1000 + std::uint32_t((k * 7 + t) % 97), 0, false));
        }
        window.opsSignature = std::uint64_t(w);
    }
    std::vector<ReplayedGraph> replays(20);
    for (int r = 0; r < 20; ++r)
        replays[size_t(r)].nodes = windows[size_t(r % windowCount)].nodes;
    matchAndReport(std::to_string(windowCount) + " windows x 20 replays, 8 segments of " + std::to_string(segment), windows, replays);
}

} // namespace

int main()
{
    identicalWindowsOtherGrids(8000);
    identicalWindowsOtherGrids(20000);
    longOtherSegments(60, 500);
    longOtherSegments(200, 500);
    return 0;
}
