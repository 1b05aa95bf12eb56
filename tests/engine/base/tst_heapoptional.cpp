// HeapOptional: a row's big, mostly empty parts in one pointer each, shared
// between copies until one of them is written.
#include "engine/base/memory/heapoptional.h"

#include <QString>
#include <gtest/gtest.h>
#include <thread>
#include <vector>

using namespace Ridgeline;

TEST(HeapOptional, EmptyCostsOnePointerAndReadsAsNone)
{
    static_assert(sizeof(HeapOptional<QString>) == sizeof(void*));
    HeapOptional<QString> none;
    EXPECT_FALSE(none);
    EXPECT_TRUE(none == std::nullopt);
    EXPECT_EQ(none.operator->(), nullptr);
    EXPECT_EQ(none.value_or(QStringLiteral("fallback")), QStringLiteral("fallback"));
    EXPECT_FALSE(none.toOptional());
}

TEST(HeapOptional, CopiesShareUntilOneIsWritten)
{
    HeapOptional<QString> a = QStringLiteral("figures");
    HeapOptional<QString> b = a;
    const HeapOptional<QString>& readA = a;
    const HeapOptional<QString>& readB = b;
    EXPECT_EQ(readA.operator->(), readB.operator->()); // one block for both
    *b = QStringLiteral("changed"); // detaches b
    EXPECT_EQ(*readA, QStringLiteral("figures"));
    EXPECT_EQ(*readB, QStringLiteral("changed"));
    EXPECT_NE(readA.operator->(), readB.operator->());
    // The sole owner writes in place.
    const QString* before = readA.operator->();
    *a = QStringLiteral("again");
    EXPECT_EQ(readA.operator->(), before);
}

TEST(HeapOptional, AssignResetEmplaceAndMove)
{
    HeapOptional<QString> a;
    a = QStringLiteral("x");
    ASSERT_TRUE(a);
    HeapOptional<QString> b = a;
    a = std::nullopt; // b keeps its value
    EXPECT_FALSE(a);
    EXPECT_EQ(*b, QStringLiteral("x"));
    a.emplace(3, QLatin1Char('y'));
    EXPECT_EQ(*a, QStringLiteral("yyy"));
    HeapOptional<QString> c = std::move(a);
    EXPECT_FALSE(a); // NOLINT(bugprone-use-after-move): moved-from is empty
    EXPECT_EQ(*c, QStringLiteral("yyy"));
    const HeapOptional<QString>& same = c;
    c = same; // self-assignment keeps the value
    EXPECT_EQ(*c, QStringLiteral("yyy"));
    const std::optional<QString> fromOptional = QStringLiteral("z");
    HeapOptional<QString> d = fromOptional;
    EXPECT_EQ(d.toOptional(), fromOptional);
    d.reset();
    EXPECT_FALSE(d);
}

TEST(HeapOptional, CopiesOnManyThreadsCountTheirOwners)
{
    // Rows are copied by the analysis thread and the window's: the last
    // owner, whichever thread it is on, frees the block (ASan checks).
    HeapOptional<std::vector<int>> shared = std::vector<int>(1000, 7);
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([shared] {
            for (int i = 0; i < 10000; ++i) {
                HeapOptional<std::vector<int>> copy = shared;
                if (i % 100 == 0)
                    copy->push_back(i); // detaches this copy only
            }
        });
    }
    for (std::thread& thread : threads)
        thread.join();
    EXPECT_EQ(shared->size(), 1000u);
}

TEST(SharedValue, ReadsNeverCopyAndEditDetachesOneCopy)
{
    SharedValue<std::vector<int>> empty;
    SharedValue<std::vector<int>> other;
    EXPECT_EQ(&*empty, &*other) << "empty values share one static instance";
    EXPECT_TRUE(empty->empty());

    SharedValue<std::vector<int>> a = std::vector<int> { 1, 2, 3 };
    SharedValue<std::vector<int>> b = a;
    EXPECT_EQ(&*a, &*b);
    EXPECT_EQ(b->size(), 3u); // a read through a non-const value: still shared
    EXPECT_EQ(&*a, &*b);
    b.edit().push_back(4); // detaches b only
    EXPECT_NE(&*a, &*b);
    EXPECT_EQ(a->size(), 3u);
    EXPECT_EQ(b->size(), 4u);
    other.edit().push_back(9); // an empty value gets its own on the first write
    EXPECT_TRUE(empty->empty());
    EXPECT_EQ(other->size(), 1u);
}
