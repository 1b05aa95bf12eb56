// Stage graphs/: CUDA/HIP graph replays matched to their captures.
// Interned node labels shared by the replay trace and every capture trace,
// so that graph sequences from different files compare as integers.
#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <vector>

namespace Ridgeline {

class GraphNodeLabels
{
public:
    GraphNodeLabels();

    std::uint32_t intern(const QString& label);
    const QString& text(std::uint32_t id) const { return m_texts[int(id)]; }

    // Kernel names a capture's Triton op launched, whatever their prefix
    // (user-written Triton kernels, kernel_backend "triton"): Triton nodes in
    // every replay too. Captures are read before replays.
    void markTriton(std::uint32_t id);
    bool isTriton(std::uint32_t id) const { return id < m_triton.size() && m_triton[id]; }

    static constexpr std::uint32_t memcpy = 0;
    static constexpr std::uint32_t memset = 1;
    // A captured kernel launch that records no kernel name (CUDA often
    // writes none): it stands for any kernel of fitting grid and block.
    static constexpr std::uint32_t unnamedLaunch = 2;

private:
    QHash<QString, std::uint32_t> m_ids;
    QStringList m_texts;
    std::vector<bool> m_triton;
};

} // namespace Ridgeline
