// Eager attention read from the host's records: a softmax kernel whose
// launch sits between two batched matmuls under one module call is a chain's
// (OWLv2 spends most of its kernel time in them); a softmax beside bmm calls
// of other modules is none, however many bmm calls the trace holds. The
// softmax row's advice then says to use SDPA, with the module it found.
#include "engine/advice/eagerattention.h"
#include "engine/lens/judgement.h"
#include "engine/libraryops/eagerattentionchains.h"
#include "testsupport.h"

#include <gtest/gtest.h>

using namespace Ridgeline;
using namespace Ridgeline::Test;

namespace {

// bmm(Q [8, 64, 32], K^T [8, 32, 64]) in BF16.
const QByteArray bmmArgs = R"("Input Dims": [[8, 64, 32], [8, 32, 64]], "Input type": ["c10::BFloat16", "c10::BFloat16"], )"
                           R"("Input Strides": [[2048, 32, 1], [2048, 64, 1]], "Concrete Inputs": ["", ""])";
const QByteArray softmaxKernel = "void (anonymous namespace)::softmax_warp_forward<c10::BFloat16, c10::BFloat16, float, 6, false, false>";

QByteArray moduleFrame(const QByteArray& name, double ts, double dur, int tid = 1)
{
    return "{\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"" + name + "\", \"pid\": 100, \"tid\": " + QByteArray::number(tid)
        + ", \"ts\": " + QByteArray::number(ts, 'f', 3) + ", \"dur\": " + QByteArray::number(dur, 'f', 3) + ", \"args\": {}}";
}

// Builds a trace of host calls in time order: each GPU kernel runs 5 us
// after its launch, on stream 0.
struct Recipe
{
    QByteArrayList events;
    int correlation = 1;

    void bmm(double ts, int tid = 1)
    {
        events << tritonOpEvent("aten::bmm", ts, 20, correlation, bmmArgs, tid);
        launch(ts + 2, "Cijk_Ailk_Bljk_BBS_BH_MT64x64x32", tid);
    }
    void launch(double ts, const QByteArray& kernel, int tid = 1)
    {
        events << launchEvent(ts, 4, correlation, "hipLaunchKernel", tid);
        events << kernelEvent(kernel, ts + 5, 3, correlation);
        ++correlation;
    }
    std::shared_ptr<const AnalysisResult> analysed(TempTraces& traces) const
    {
        const AnalysisOutcome outcome = analyze(traces.write(QStringLiteral("attention.json"), traceJson(events.join(",\n"))));
        EXPECT_TRUE(outcome.result) << outcome.error.toStdString();
        return outcome.result;
    }
};

const KernelRow* softmaxRow(const AnalysisResult& result)
{
    for (const KernelRow& row : result.libraryKernels) {
        if (isSoftmaxKernelName(row.name))
            return &row;
    }
    return nullptr;
}

} // namespace

TEST(EagerAttentionChains, SoftmaxBetweenTwoBmmUnderOneModuleCallIsAChain)
{
    // Two calls of an attention module: bmm, softmax, bmm in each. Then a
    // classifier's softmax after a projection's bmm in another module, and
    // a bmm of a third: around that softmax, but under other module calls.
    Recipe recipe;
    for (double at : { 100.0, 400.0 }) {
        recipe.events << moduleFrame("nn.Module: Attention_0", at, 200);
        recipe.bmm(at + 10);
        recipe.launch(at + 60, softmaxKernel);
        recipe.bmm(at + 100);
    }
    recipe.events << moduleFrame("nn.Module: Projection_0", 700, 50);
    recipe.bmm(710);
    recipe.events << moduleFrame("nn.Module: Classifier_0", 760, 50);
    recipe.launch(770, softmaxKernel);
    recipe.events << moduleFrame("nn.Module: Projection_1", 820, 50);
    recipe.bmm(830);
    TempTraces traces;
    const auto result = recipe.analysed(traces);
    ASSERT_TRUE(result);
    ASSERT_EQ(result->eagerAttention.size(), 1u);
    EXPECT_EQ(result->eagerAttention.front().softmaxKernel, QString::fromUtf8(softmaxKernel));
    EXPECT_EQ(result->eagerAttention.front().calls, 2) << "the classifier's softmax is no chain's";
    EXPECT_EQ(result->eagerAttention.front().module, QStringLiteral("nn.Module: Attention_0"));

    const KernelRow* softmax = softmaxRow(*result);
    ASSERT_TRUE(softmax);
    EXPECT_EQ(softmax->calls, 3);
    EXPECT_EQ(eagerAttentionChain(*result, *softmax),
        QStringLiteral("2 of its 3 calls between two batched matmuls (aten::bmm), under one call of nn.Module: Attention_0"));
    const std::shared_ptr<const Judgement> judgement = judgedOnMi300x(result);
    const Advice advice = judgement->trace.adviceOf(*softmax);
    EXPECT_EQ(advice.adviceClass, AdviceClass::EagerAttention) << advice.text.toStdString();
    EXPECT_TRUE(advice.text.contains(QStringLiteral("use scaled_dot_product_attention"))) << advice.text.toStdString();
}

TEST(EagerAttentionChains, ManyBmmCallsElsewhereMakeNoSoftmaxAChain)
{
    // The old count's trap: 96 bmm calls of a MoE block, 48 softmax calls
    // of a router, each in a module of its own with no bmm.
    Recipe recipe;
    double at = 100;
    for (int i = 0; i < 48; ++i) {
        recipe.events << moduleFrame("nn.Module: Experts_0", at, 60);
        recipe.bmm(at + 5);
        recipe.bmm(at + 30);
        recipe.events << moduleFrame("nn.Module: Router_0", at + 70, 20);
        recipe.launch(at + 75, softmaxKernel);
        at += 100;
    }
    TempTraces traces;
    const auto result = recipe.analysed(traces);
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->eagerAttention.empty());
    const KernelRow* softmax = softmaxRow(*result);
    ASSERT_TRUE(softmax);
    EXPECT_EQ(eagerAttentionChain(*result, *softmax), QString());
    EXPECT_NE(judgedOnMi300x(result)->trace.adviceOf(*softmax).adviceClass, AdviceClass::EagerAttention);
}

TEST(EagerAttentionChains, WithoutModuleFramesTheSequenceAloneSaysIt)
{
    // A trace recorded without stacks: bmm, softmax, bmm on one thread is a
    // chain; two softmaxes between one pair of bmm calls are not; nor is a
    // softmax on another thread than the bmm calls.
    Recipe recipe;
    recipe.bmm(100);
    recipe.launch(130, softmaxKernel);
    recipe.bmm(160);
    recipe.launch(190, softmaxKernel);
    recipe.launch(220, softmaxKernel);
    recipe.bmm(250);
    recipe.launch(280, softmaxKernel, 2);
    recipe.bmm(310);
    TempTraces traces;
    const auto result = recipe.analysed(traces);
    ASSERT_TRUE(result);
    ASSERT_EQ(result->eagerAttention.size(), 1u);
    EXPECT_EQ(result->eagerAttention.front().calls, 1);
    EXPECT_EQ(result->eagerAttention.front().module, QString());
    const KernelRow* softmax = softmaxRow(*result);
    ASSERT_TRUE(softmax);
    EXPECT_EQ(eagerAttentionChain(*result, *softmax),
        QStringLiteral("1 of its 4 calls between two batched matmuls (aten::bmm), one after the other on the launching thread"));
}

TEST(EagerAttentionChains, SoftmaxNamesForwardOnly)
{
    EXPECT_TRUE(isSoftmaxKernelName(QStringLiteral("cunn_SoftMaxForward")));
    EXPECT_TRUE(isSoftmaxKernelName(QString::fromUtf8(softmaxKernel)));
    EXPECT_FALSE(isSoftmaxKernelName(QStringLiteral("softmax_warp_backward")));
    EXPECT_FALSE(isSoftmaxKernelName(QStringLiteral("Cijk_Ailk_Bljk_BBS_BH_MT64x64x32")));
}
