// Stage inductorcache/: the Inductor cache found, opened, parsed and indexed.
// Where the Inductor cache is: the path the user gave, else the first of
// $TORCHINDUCTOR_CACHE_DIR, ~/.cache/torchinductor and
// /tmp/torchinductor_<user> that exists. The environment is a plain value,
// so tests (and the command line) can say what it holds.
#pragma once

#include <QString>
#include <QStringList>

namespace Ridgeline {

struct CacheEnvironment
{
    QString torchInductorCacheDir; // $TORCHINDUCTOR_CACHE_DIR; empty when unset
    QString homeDir;
    QString tempDir; // PyTorch's tempfile.gettempdir(): $TMPDIR, else /tmp
    QString userName; // getpass.getuser(): $LOGNAME, $USER, $LNAME, $USERNAME, else the account

    // What this process sees.
    static CacheEnvironment fromProcess();
};

struct CacheLocation
{
    QString path; // empty when no cache was given or found
    QString origin; // "given", "$TORCHINDUCTOR_CACHE_DIR", "~/.cache/torchinductor", "/tmp/torchinductor_<user>"
    QStringList searched; // the default places looked at, in order, when none was given
};

class InductorCacheLocator
{
public:
    // `explicitPath` wins when set, existing or not (a wrong path is the
    // user's to hear about, not to be silently replaced). Otherwise, with
    // `searchDefaults`, the first existing default place.
    static CacheLocation locate(const QString& explicitPath, bool searchDefaults, const CacheEnvironment& environment);
};

} // namespace Ridgeline
