// renderInOrder: the exports' rows rendered on every core, written in order.
#include "engine/base/orderedrender.h"

#include <gtest/gtest.h>

using namespace Ridgeline;

namespace {

std::vector<QByteArray> rendered(size_t count)
{
    std::vector<QByteArray> out;
    renderInOrder(
        count, [](size_t i) { return QByteArray::number(qulonglong(i * 7919 % 10007)); },
        [&](const QByteArray& text) { out.push_back(text); });
    return out;
}

} // namespace

TEST(OrderedRender, EveryItemOnceInIndexOrderWhateverTheCount)
{
    // Below, at and past the size where the work is split, and with a last
    // round that fills only some of the threads' chunks.
    for (size_t count : { size_t(0), size_t(1), size_t(2047), size_t(2048), size_t(5000), size_t(70001) }) {
        const std::vector<QByteArray> out = rendered(count);
        ASSERT_EQ(out.size(), count);
        for (size_t i = 0; i < count; ++i)
            ASSERT_EQ(out[i], QByteArray::number(qulonglong(i * 7919 % 10007))) << "item " << i << " of " << count;
    }
}
