#include "engine/input/eventargsreader.h"

#include "engine/input/jsontext.h"
#include "engine/input/rawtrace.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <tuple>

namespace Ridgeline {
namespace {

using namespace simdjson;

std::optional<std::int64_t> readInteger(ondemand::value value)
{
    std::int64_t number = 0;
    if (!value.get_int64().get(number))
        return number;
    return std::nullopt;
}

// CUPTI's "blocks per SM" and "est. achieved occupancy %": a number, finite.
std::optional<double> readNumber(ondemand::value value)
{
    double number = 0;
    if (!value.get_double().get(number) && std::isfinite(number) && number >= 0)
        return number;
    return std::nullopt;
}

// A non-negative integer written as a number or as a string of digits
// (the runtime calls' `bytes` and `kind`: "616", "1").
std::optional<std::int64_t> readCount(ondemand::value value)
{
    if (auto number = readInteger(value); number && *number >= 0)
        return number;
    std::string_view text;
    if (value.get_string().get(text) || text.empty() || text.size() > 18)
        return std::nullopt;
    std::int64_t number = 0;
    for (char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        number = number * 10 + (c - '0');
    }
    return number;
}

// grid and block: three integers each.
bool readDims(ondemand::value value, std::int64_t dims[3])
{
    ondemand::array array;
    if (value.get_array().get(array))
        return false;
    int n = 0;
    for (auto element : array) {
        std::int64_t number = 0;
        if (n == 3 || element.get_int64().get(number))
            return false;
        dims[n++] = number;
    }
    return n == 3;
}

// An element type error spoils one entry; any other error, the list.
bool spoilsEntryOnly(error_code code)
{
    return code == INCORRECT_TYPE || code == NUMBER_OUT_OF_RANGE || code == BIGINT_ERROR;
}

} // namespace

std::uint64_t LaunchArgs::geometry() const
{
    return hasGrid && hasBlock ? kernelGeometry(grid, block) : 0;
}

LaunchShape LaunchArgs::shape() const
{
    LaunchShape out;
    std::copy(std::begin(grid), std::end(grid), out.grid);
    std::copy(std::begin(block), std::end(block), out.block);
    out.registersPerThread = registersPerThread;
    out.sharedMemory = sharedMemory;
    out.blocksPerSm = blocksPerSm;
    out.estAchievedOccupancyPercent = estAchievedOccupancyPercent;
    return out;
}

padded_string_view EventArgsReader::copy(std::string_view text, std::vector<char>& buffer)
{
    buffer.resize(text.size() + SIMDJSON_PADDING);
    std::memcpy(buffer.data(), text.data(), text.size());
    std::memset(buffer.data() + text.size(), 0, SIMDJSON_PADDING);
    return padded_string_view(buffer.data(), text.size(), buffer.size());
}

QString EventArgsReader::canonical(std::string_view json)
{
    m_minified.resize(json.size());
    size_t length = 0;
    if (simdjson::minify(json.data(), json.size(), m_minified.data(), length))
        return toQString(json);
    // As PyTorch writes the lists (json.dumps): ", " between entries.
    std::string text;
    text.reserve(length + length / 4);
    bool inString = false, escaped = false;
    for (size_t i = 0; i < length; ++i) {
        const char c = m_minified[i];
        text.push_back(c);
        if (inString) {
            escaped = !escaped && c == '\\';
            inString = escaped || c != '"';
        } else if (c == '"') {
            inString = true;
        } else if (c == ',') {
            text.push_back(' ');
        }
    }
    return toQString(text);
}

LaunchArgs EventArgsReader::readLaunchArgs(std::string_view argsJson)
{
    LaunchArgs out;
    if (argsJson.empty())
        return out;
    ondemand::document document;
    ondemand::object object;
    if (m_argsParser.iterate(copy(argsJson, m_argsBuffer)).get(document) || document.get_object().get(object))
        return out;
    for (auto field : object) {
        std::string_view key;
        ondemand::value value;
        if (field.unescaped_key().get(key) || field.value().get(value))
            return out;
        if (key == "correlation") {
            if (auto number = readInteger(value))
                out.correlation = *number;
        } else if (key == "External id") {
            if (auto number = readInteger(value))
                out.externalId = *number;
        } else if (key == "kernel") {
            std::string_view text;
            if (!value.get_string().get(text) && text.size() <= maxKernelNameBytes)
                out.kernel = text;
        } else if (key == "grid") {
            out.hasGrid = readDims(value, out.grid);
        } else if (key == "block") {
            out.hasBlock = readDims(value, out.block);
        } else if (key == "registers per thread") {
            out.registersPerThread = readInteger(value);
        } else if (key == "shared memory") {
            out.sharedMemory = readInteger(value);
        } else if (key == "blocks per SM") {
            out.blocksPerSm = readNumber(value);
        } else if (key == "est. achieved occupancy %") {
            out.estAchievedOccupancyPercent = readNumber(value);
        } else if (key == "bytes") {
            out.copyBytes = readCount(value).value_or(-1);
        } else if (key == "kind") {
            if (auto kind = readCount(value); kind && *kind <= 16)
                out.copyKind = int(*kind);
        }
    }
    return out;
}

std::optional<std::vector<std::optional<std::vector<std::int64_t>>>> EventArgsReader::readIntLists(std::string_view json)
{
    ondemand::document document;
    ondemand::array outer;
    if (m_listParser.iterate(copy(json, m_listBuffer)).get(document) || document.get_array().get(outer))
        return std::nullopt;
    std::vector<std::optional<std::vector<std::int64_t>>> lists;
    for (auto element : outer) {
        ondemand::value value;
        if (element.get(value) || lists.size() == maxListEntries)
            return std::nullopt;
        ondemand::array inner;
        if (auto code = value.get_array().get(inner)) {
            if (!spoilsEntryOnly(code))
                return std::nullopt;
            lists.emplace_back(); // a scalar where a list belongs
            continue;
        }
        std::vector<std::int64_t> dims;
        bool whole = true;
        for (auto item : inner) {
            std::int64_t number = 0;
            if (auto code = item.get_int64().get(number)) {
                if (!spoilsEntryOnly(code))
                    return std::nullopt;
                whole = false; // a float, a string or a nested list
                continue;
            }
            if (dims.size() == maxDims)
                return std::nullopt;
            dims.push_back(number);
        }
        lists.push_back(whole ? std::optional(std::move(dims)) : std::nullopt);
    }
    if (!document.at_end())
        return std::nullopt;
    return lists;
}

bool EventArgsReader::readStrings(std::string_view json, QStringList* out)
{
    ondemand::document document;
    ondemand::array array;
    if (m_listParser.iterate(copy(json, m_listBuffer)).get(document) || document.get_array().get(array))
        return false;
    for (auto element : array) {
        ondemand::value value;
        ondemand::json_type type;
        if (element.get(value) || value.type().get(type) || size_t(out->size()) == maxListEntries)
            return false;
        std::string_view text;
        switch (type) {
        case ondemand::json_type::string:
            if (value.get_string().get(text) || text.size() > maxStringBytes)
                return false;
            out->append(sharedEntry(toQString(text)));
            break;
        case ondemand::json_type::number:
        case ondemand::json_type::boolean:
        case ondemand::json_type::null:
            // A scalar's own text ("1024", "true"), checked to lie in the list.
            text = trimmedJson(value.raw_json_token());
            if (text.empty() || text.data() < m_listBuffer.data() || text.data() + text.size() > m_listBuffer.data() + json.size())
                return false;
            if (text.back() == ',' || text.back() == ']')
                text = trimmedJson(text.substr(0, text.size() - 1));
            out->append(sharedEntry(toQString(text)));
            break;
        default:
            return false;
        }
    }
    return document.at_end();
}

QString EventArgsReader::sharedEntry(QString&& text)
{
    if (const auto it = m_entries.constFind(text); it != m_entries.constEnd())
        return *it;
    // Past the cap the entries are of a hostile variety: kept as they come.
    if (m_entries.size() < maxSharedEntries)
        m_entries.insert(text);
    return text; // moved (C++20)
}

namespace {

// What makes two ops' args the same: every field read (the parsed lists
// follow from their canonical text).
auto contentOf(const TritonOpArgs& a)
{
    return std::tie(a.inputDimsJson, a.inputTypesJson, a.inputStridesJson, a.concreteInputsJson, a.kernelFile, a.kernelHash, a.kernelKwargs,
        a.numWarps, a.numStages, a.kernelBackend, a.inductorNumGb, a.inductorFlop, a.malformed);
}

size_t contentHash(const TritonOpArgs& a)
{
    size_t seed = 0;
    for (const QString* text : { &a.inputDimsJson, &a.inputTypesJson, &a.inputStridesJson, &a.concreteInputsJson, &a.kernelFile,
             &a.kernelHash, &a.kernelKwargs, &a.kernelBackend, &a.malformed })
        seed = qHashMulti(seed, *text);
    return qHashMulti(seed, a.numWarps.value_or(-1), a.numStages.value_or(-1), a.inductorNumGb.value_or(-1.0), a.inductorFlop.value_or(-1));
}

// What the four lists of one args hold, parsed and as text: a dims or
// strides entry is an optional vector (32 bytes) and its heap block (16 and
// 8 a dimension); a type or Concrete Inputs entry a QString (24) and, when
// not shared, its text; the JSON texts are UTF-16.
size_t listBytes(const TritonOpArgs& a)
{
    size_t bytes = 0;
    for (const auto* lists : { &a.inputDims, &a.inputStrides }) {
        for (const auto& entry : *lists)
            bytes += 32 + (entry ? 16 + 8 * entry->size() : 0);
    }
    bytes += 32 * size_t(a.inputTypes.size()) + 56 * size_t(a.concreteInputs.size());
    for (const QString* text : { &a.inputDimsJson, &a.inputTypesJson, &a.inputStridesJson, &a.concreteInputsJson })
        bytes += 2 * size_t(text->size());
    return bytes;
}

// The args without their four lists, saying why: the row is then timed
// only, as with any args that cannot be modelled.
void dropLists(TritonOpArgs& a, size_t cap)
{
    const qsizetype entries = qsizetype(a.inputDims.size() + a.inputStrides.size()) + a.inputTypes.size() + a.concreteInputs.size();
    a.inputDims.clear();
    a.inputStrides.clear();
    a.inputTypes.clear();
    a.concreteInputs.clear();
    a.hasInputDims = a.hasInputTypes = a.hasInputStrides = a.hasConcreteInputs = false;
    a.inputDimsJson.clear();
    a.inputTypesJson.clear();
    a.inputStridesJson.clear();
    a.concreteInputsJson.clear();
    const QString dropped = QStringLiteral("Input Dims, Input type, Input Strides and Concrete Inputs (%L1 entries) not kept: the "
                                           "trace's distinct arg lists passed the reader's %2 MB")
                                .arg(entries)
                                .arg(QString::number(double(cap) / (1 << 20), 'g', 3));
    a.malformed = a.malformed.isEmpty() ? dropped : a.malformed + QStringLiteral("; ") + dropped;
}

} // namespace

std::shared_ptr<const TritonOpArgs> EventArgsReader::intern(TritonOpArgs&& parsed)
{
    // By a hash of the content, checked field by field: a key made of the
    // text would hold a second copy of every distinct args (4,096-entry
    // lists are hundreds of KB).
    size_t hash = contentHash(parsed);
    const auto find = [&]() -> std::shared_ptr<const TritonOpArgs> {
        const auto [first, last] = m_argsByContent.equal_range(hash);
        for (auto it = first; it != last; ++it) {
            if (contentOf(*it->second) == contentOf(parsed))
                return it->second;
        }
        return nullptr;
    };
    if (auto kept = find())
        return kept; // a copy of args kept costs nothing more
    if (const size_t bytes = listBytes(parsed); bytes > 0) {
        if (m_keptListBytes + bytes > m_maxKeptListBytes) {
            dropLists(parsed, m_maxKeptListBytes);
            ++m_droppedListArgs;
            hash = contentHash(parsed);
            if (auto kept = find())
                return kept;
        } else {
            m_keptListBytes += bytes;
        }
    }
    auto shared = std::make_shared<TritonOpArgs>(std::move(parsed)); // not const: a row that holds it last may edit it (SharedValue)
    m_argsByContent.emplace(hash, shared);
    return shared;
}

std::shared_ptr<const TritonOpArgs> EventArgsReader::readTritonOpArgs(std::string_view argsJson, std::int64_t* externalId)
{
    TritonOpArgs args;
    if (argsJson.empty())
        return intern(std::move(args));
    ondemand::document document;
    ondemand::object object;
    if (m_argsParser.iterate(copy(argsJson, m_argsBuffer)).get(document) || document.get_object().get(object)) {
        args.malformed = QStringLiteral("args is not a JSON object");
        return intern(std::move(args));
    }

    QStringList problems;
    for (auto field : object) {
        std::string_view key;
        ondemand::value value;
        if (field.unescaped_key().get(key) || field.value().get(value)) {
            problems << QStringLiteral("args is not valid JSON");
            break;
        }
        std::string_view raw;
        const bool dims = key == "Input Dims", strides = key == "Input Strides";
        const bool types = key == "Input type", concrete = key == "Concrete Inputs";
        if (key == "External id") {
            if (auto number = readInteger(value))
                *externalId = *number;
        } else if (dims || strides || types || concrete) {
            if (value.raw_json().get(raw)) {
                problems << toQString(key) + QStringLiteral(" is not valid JSON");
                break; // the object's walk cannot go on past a broken value
            }
            raw = trimmedJson(raw);
            if (raw.size() > maxListBytes) {
                problems << toQString(key) + QStringLiteral(" is longer than %1 KiB").arg(maxListBytes >> 10);
                continue;
            }
            if (dims || strides) {
                auto parsed = readIntLists(raw);
                if (!parsed) {
                    problems << toQString(key) + QStringLiteral(" is not a list of lists of integers");
                    continue;
                }
                (dims ? args.inputDims : args.inputStrides) = std::move(*parsed);
                (dims ? args.hasInputDims : args.hasInputStrides) = true;
                (dims ? args.inputDimsJson : args.inputStridesJson) = canonical(raw);
            } else {
                QStringList strings;
                if (!readStrings(raw, &strings)) {
                    problems << toQString(key) + QStringLiteral(" is not a list of strings and numbers");
                    continue;
                }
                (types ? args.inputTypes : args.concreteInputs) = std::move(strings);
                (types ? args.hasInputTypes : args.hasConcreteInputs) = true;
                (types ? args.inputTypesJson : args.concreteInputsJson) = canonical(raw);
            }
        } else if (key == "kernel_file" || key == "kernel_hash" || key == "kernel_kwargs" || key == "kernel_backend") {
            std::string_view text;
            if (!value.get_string().get(text) && text.size() <= maxKernelNameBytes)
                (key == "kernel_file"            ? args.kernelFile
                        : key == "kernel_hash"   ? args.kernelHash
                        : key == "kernel_kwargs" ? args.kernelKwargs
                                                 : args.kernelBackend)
                    = toQString(text);
        } else if (key == "kernel_num_gb") {
            // A float; absurd or negative figures are not an estimate.
            double gb = 0;
            if (!value.get_double().get(gb) && gb >= 0 && gb < 1e9)
                args.inductorNumGb = gb;
        } else if (key == "kernel_flop") {
            // Inductor writes an int (exact past 2^53); a float is read as well.
            ondemand::number number;
            if (!value.get_number().get(number)) {
                if (number.is_int64() && number.get_int64() >= 0)
                    args.inductorFlop = number.get_int64();
                else if (number.is_double() && number.get_double() >= 0 && number.get_double() < 9e18)
                    args.inductorFlop = std::int64_t(number.get_double());
            }
        } else if (key == "num_warps" || key == "num_stages") {
            if (auto number = readInteger(value); number && *number >= 0 && *number <= 1 << 20)
                (key == "num_warps" ? args.numWarps : args.numStages) = int(*number);
        }
    }
    args.malformed = problems.join(QStringLiteral("; "));
    return intern(std::move(args));
}

} // namespace Ridgeline
