// Which trace the desktop app reads and which Inductor cache goes with it.
// The rules, widget-free so that they are tested without a display:
// - a cache the user attaches belongs to the open trace (or, with none open,
//   to the next one); opening another trace detaches it, since generic
//   kernel names (triton_0) would match the wrong kernels;
// - reopening a trace brings back the cache last attached to it, until it
//   is detached; the window keeps these pairs in its settings;
// - without an attached cache the default places are searched, unless
//   turned off (--no-inductor-cache);
// - capture traces of a replay trace's CUDA/HIP graphs follow the same
//   rules: attached to the open trace, detached when another opens, brought
//   back when it is reopened.
#pragma once

#include "engine/analysis.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace Ridgeline {

class TraceSession
{
public:
    // What to analyse next, and one line for the user when the cache changed
    // on the way (detached, or brought back); empty otherwise.
    struct Start
    {
        QString trace;
        ReadOptions options;
        QString note;
    };

    Start open(const QString& trace);
    Start open(const QString& trace, const QString& inductorCache, const QStringList& captures = {});
    // Read `openTrace` again with `cache`; with no trace open (empty), keep
    // the cache for the next one and return nullopt.
    std::optional<Start> attach(const QString& cache, const QString& openTrace);
    // Forget the attached cache (also for the next session); read
    // `openTrace` again without it, unless empty.
    std::optional<Start> detach(const QString& openTrace);
    std::optional<Start> reload(const QString& openTrace) const;
    // Adds a capture trace (or folder) to the open trace's; with none open,
    // keeps it for the next one and returns nullopt.
    std::optional<Start> attachCapture(const QString& capture, const QString& openTrace);
    std::optional<Start> detachCaptures(const QString& openTrace);
    QStringList attachedCaptures() const { return m_captures; }
    // The captures remembered per trace, newest first: trace, captures joined by newlines, ...
    QStringList rememberedCaptures() const { return m_rememberedCaptures; }
    void setRememberedCaptures(const QStringList& pairs);

    QString attachedCache() const { return m_cache; }
    void setSearchDefaultCache(bool search) { m_searchDefaults = search; }

    // The caches remembered per trace, newest first: trace, cache, trace, ...
    QStringList rememberedCaches() const { return m_remembered; }
    void setRememberedCaches(const QStringList& pairs);
    static constexpr qsizetype maxRememberedTraces = 50;

private:
    // Attaches the current cache (if any) to `trace` and remembers the pair.
    Start startFor(const QString& trace, QString note = {});
    Start startOf(const QString& trace) const; // the options as they stand
    QString rememberedCacheFor(const QString& trace) const; // empty when none, or gone from disk
    void forget(const QString& trace);
    // Attaches the current captures to `trace` or, when they belonged to
    // another, detaches them; returns the note for the user (or empty).
    QString settleCaptures(const QString& trace);
    void rememberCaptures(const QString& trace);

    QString m_cache; // attached by the user; empty: the default places
    QString m_cacheTrace; // the trace m_cache belongs to; empty: the next one opened
    bool m_searchDefaults = true;
    QStringList m_remembered;
    QStringList m_captures; // capture traces attached by the user
    QString m_capturesTrace; // the trace they belong to; empty: the next one opened
    QStringList m_rememberedCaptures;
};

} // namespace Ridgeline
