// Stage export/: an analysis (or a comparison) as JSON, CSV or Markdown.
// A figure or a time as the JSON exports write it (exportnumber.h's rounding),
// null where there is none.
#pragma once

#include "engine/base/exportnumber.h"

#include <QJsonValue>
#include <optional>

namespace Ridgeline {

inline QJsonValue figureJson(std::optional<double> value)
{
    return value ? QJsonValue(exportFigure(*value)) : QJsonValue(QJsonValue::Null);
}

inline QJsonValue timeJson(std::optional<double> us)
{
    return us ? QJsonValue(exportTimeUs(*us)) : QJsonValue(QJsonValue::Null);
}

} // namespace Ridgeline
