// Stage base/: a GPU kernel's name as people read it.
#include "engine/base/names/readablekernelname.h"

#include "engine/base/names/boundeddemangle.h"

#include <QList>
#include <QRegularExpression>
#include <algorithm>

namespace Ridgeline {

namespace {

const QString ellipsis = QStringLiteral("…");

QString elidedInTheMiddle(const QString& text)
{
    if (text.size() <= maxShortNameLength)
        return text;
    const qsizetype half = (maxShortNameLength - 1) / 2;
    return text.left(half) + ellipsis + text.right(half);
}

// The index past the bracket that closes the one opening at `open`, counting
// only its own kind of bracket and parentheses (lambdas and anonymous
// namespaces inside template args); the text's end when it never closes.
qsizetype pastClosing(QStringView text, qsizetype open)
{
    int angles = 0, parens = 0;
    for (qsizetype i = open; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == u'(')
            ++parens;
        else if (c == u')')
            --parens;
        else if (c == u'<' && parens == 0)
            ++angles;
        else if (c == u'>' && parens == 0 && (i == 0 || text[i - 1] != u'-') && --angles == 0)
            return i + 1;
    }
    return text.size();
}

// Splits text at its top-level separator (',' or "::"), outside <>, () and {}.
QList<QStringView> topLevelParts(QStringView text, QStringView separator)
{
    QList<QStringView> parts;
    int depth = 0;
    qsizetype start = 0;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == u'<' || c == u'(' || c == u'{')
            ++depth;
        else if ((c == u'>' && (i == 0 || text[i - 1] != u'-')) || c == u')' || c == u'}')
            --depth;
        else if (depth == 0 && text.mid(i).startsWith(separator)) {
            parts << text.mid(start, i - start).trimmed();
            start = i + separator.size();
            i = start - 1;
        }
    }
    parts << text.mid(start).trimmed();
    return parts;
}

// What tells apart the instances of one kernel template, from its args: the
// first arg named in a library's own namespace (not c10:: or std::, whose
// types say only the dtype), by its last named part: the functor or the
// function whose lambda it is ("at::native::CUDAFunctor_add<c10::BFloat16>"
// -> "CUDAFunctor_add", "at::native::rsqrt_kernel_cuda(...)::{lambda()#2}::
// operator()() const::{lambda(float)#1}" -> "rsqrt_kernel_cuda"). Empty when none.
QString templateHint(QStringView args)
{
    for (QStringView arg : topLevelParts(args, u",")) {
        if (!arg.contains(u"::") || arg.startsWith(u"c10::") || arg.startsWith(u"std::"))
            continue;
        const QList<QStringView> parts = topLevelParts(arg, u"::");
        for (qsizetype i = parts.size() - 1; i >= 0; --i) {
            QStringView part = parts[i];
            if (part.isEmpty() || part.startsWith(u'{') || part.startsWith(u'(') || part.startsWith(u"operator"))
                continue;
            const qsizetype cut = std::min(
                part.indexOf(u'<') < 0 ? part.size() : part.indexOf(u'<'), part.indexOf(u'(') < 0 ? part.size() : part.indexOf(u'('));
            part = part.left(cut).trimmed();
            if (!part.isEmpty())
                return part.toString();
        }
    }
    return {};
}

// A C++ signature cut to its qualified name (shortSignature without its test
// for one: the demangler's output is one, "f(int)" included).
QString cutSignature(QStringView signature)
{
    static constexpr QStringView anonymous = u"(anonymous namespace)::";
    QString name;
    for (qsizetype i = 0; i < signature.size();) {
        const QChar c = signature[i];
        if (signature.mid(i).startsWith(anonymous)) {
            i += anonymous.size();
        } else if (c == u' ') { // what came before was a return type or a specifier
            name.clear();
            ++i;
        } else if (c == u'<') {
            const qsizetype past = pastClosing(signature, i);
            const QString hint = templateHint(signature.mid(i + 1, std::max<qsizetype>(0, past - i - 2)));
            name += hint.isEmpty() ? QString(u'<' + ellipsis + u'>') : QString(u'<' + hint + QStringLiteral(", ") + ellipsis + u'>');
            i = past;
        } else if (c == u'(') {
            if (!name.endsWith(u"operator"))
                break;
            name += u"()";
            i += 2;
        } else {
            name += c;
            ++i;
        }
    }
    return elidedInTheMiddle(name.isEmpty() ? signature.toString() : name);
}

} // namespace

QString shortSignature(QStringView signature)
{
    if (!signature.contains(u"::") && !signature.contains(u'<'))
        return signature.toString();
    return cutSignature(signature);
}

QString tensileShortName(QStringView name)
{
    if (!name.startsWith(u"Cijk_"))
        return {};
    static const QRegularExpression tile(QStringLiteral("_MT(\\d{1,6})x(\\d{1,6})x(\\d{1,6})(?:_|$)"));
    const QRegularExpressionMatch match = tile.matchView(name);
    if (!match.hasMatch())
        return {};
    // The leading fields say the transposes and the types: the first five.
    const QStringView head = name.left(match.capturedStart());
    qsizetype cut = 0;
    for (int fields = 0; fields < 5 && cut < head.size(); ++fields) {
        const qsizetype next = head.indexOf(u'_', cut + 1);
        cut = next < 0 ? head.size() : next;
    }
    return elidedInTheMiddle(head.left(cut).toString() + ellipsis + QStringLiteral(" MT ") + match.captured(1) + u'x' + match.captured(2)
        + u'x' + match.captured(3));
}

ReadableKernelName readableKernelName(QStringView name)
{
    ReadableKernelName readable;
    readable.fullName = name.toString();
    if (name.startsWith(u"_Z")) {
        const QByteArray mangled = name.toUtf8();
        const std::string_view view(mangled.constData(), size_t(mangled.size()));
        if (const auto text = demangleBounded(view)) {
            readable.fullName = QString::fromStdString(*text);
            readable.demangled = true;
            readable.shortName = cutSignature(readable.fullName);
        } else if (const auto shortName = nameFromMangling(view)) {
            readable.shortName = elidedInTheMiddle(QString::fromStdString(*shortName));
        } else {
            readable.shortName = elidedInTheMiddle(readable.fullName);
        }
        return readable;
    }
    const QString tensile = tensileShortName(name);
    readable.shortName = tensile.isEmpty() ? shortSignature(name) : tensile;
    return readable;
}

} // namespace Ridgeline
