// Chooses the figures for a kernel: the category decides whether it can be
// modelled at all, then each model source is asked in order (V2 first, V1
// as the fallback) and the first answer wins. Failures are collected into
// the one-line reason a row of provenance "none" carries.
#pragma once

#include "kernelmodelsource.h"

#include <memory>
#include <vector>

namespace Ridgeline {

class KernelModeller
{
public:
    // The sources in priority order.
    explicit KernelModeller(std::vector<std::unique_ptr<KernelModelSource>> sources);
    // V2 only: what this version of Ridgeline ships.
    static KernelModeller standard();

    KernelModel model(const ModelInput& input) const;

private:
    std::vector<std::unique_ptr<KernelModelSource>> m_sources;
};

} // namespace Ridgeline
