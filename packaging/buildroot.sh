#!/usr/bin/env bash
# Runs a command where Ridgeline's dependencies exist: directly on a host that
# has Qt >= 6.5, Qt Charts, KF6 KArchive, simdjson and GoogleTest, otherwise
# inside a cached Debian 13 build root entered with unshare --mount + chroot.
#
#   packaging/buildroot.sh CMD [ARGS...]
#
# Environment:
#   RIDGELINE_BUILDROOT=auto|always|never   (default auto: probe the host)
#   RIDGELINE_BUILDROOT_DIR=DIR             (default /var/tmp/ridgeline-buildroot-<hash>)
set -euo pipefail

checkout=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
suite=trixie

# Everything the build, the tests, the screenshots and the packages need
# (appstream, desktop-file-utils: the packaging tests' validators; dpkg-dev,
# file: the .deb's dependencies from dpkg-shlibdeps; cmark-gfm,
# python3-markdown: the report rendered as GitHub and Python-Markdown do, to
# check that a trace's names stay text; clang-format-19: the format check,
# pinned, as versions format differently). The root's
# directory name carries a hash of this list, so changing it makes a new root.
packages=(
    ca-certificates cmake ninja-build g++ pkgconf git
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-qpa-plugins
    libkf6archive-dev libsimdjson-dev libgtest-dev libgmock-dev
    xvfb xauth fonts-dejavu-core imagemagick
    libxkbcommon-x11-0 libxcb-cursor0
    clang libclang-rt-dev
    libisal-dev zlib1g-dev
    appstream desktop-file-utils dpkg-dev file
    cmark-gfm python3-markdown clang-format-19
)

log() { printf 'buildroot: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ $# -gt 0 ] || die "usage: packaging/buildroot.sh CMD [ARGS...]"

# A configure of a tiny CMake project answers "does this host have it all?"
# the same way the real build will ask it.
host_has_dependencies() {
    command -v cmake >/dev/null 2>&1 || return 1
    local probe
    probe=$(mktemp -d)
    cat >"$probe/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(probe LANGUAGES NONE)
find_package(Qt6 6.5 REQUIRED COMPONENTS Core Widgets Charts Svg)
find_package(KF6Archive REQUIRED)
find_package(simdjson REQUIRED)
find_package(GTest REQUIRED)
CMAKE
    local ok=0
    (cd "$probe" && cmake -S . -B build >/dev/null 2>&1) || ok=1
    rm -rf "$probe"
    return $ok
}

mode=${RIDGELINE_BUILDROOT:-auto}
if [ "$mode" = never ] || { [ "$mode" = auto ] && host_has_dependencies; }; then
    exec "$@"
fi

[ "$(id -u)" = 0 ] || die "the Debian 13 build root needs root (unshare --mount, chroot); run as root or install the dependencies natively (see README.md)"

hash=$(printf '%s\n' "$suite" "${packages[@]}" | sha256sum | cut -c1-12)
root=${RIDGELINE_BUILDROOT_DIR:-/var/tmp/ridgeline-buildroot-$hash}
stamp="$root/.ridgeline-ready"

# The host's own Debian mirror: the one URI its apt already trusts and reaches.
host_mirror() {
    local uri=""
    if compgen -G '/etc/apt/sources.list.d/*.sources' >/dev/null; then
        uri=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -n1)
    fi
    if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
        uri=$(awk '$1=="deb" && $0 !~ /security/ {print $2; exit}' /etc/apt/sources.list)
    fi
    printf '%s' "${uri:-http://deb.debian.org/debian}"
}

# Runs a command inside the root with a private mount namespace: every mount
# made here disappears when the command exits.
enter_root() {
    local workdir=$1; shift
    local binds=("$checkout" /tmp)
    [ -n "${HOME:-}" ] && [ -d "$HOME" ] && [ "$HOME" != / ] && binds+=("$HOME")
    # The shared inputs beside the checkout (read-only traces and spec).
    [ -d "$checkout/../shared" ] && binds+=("$(cd "$checkout/../shared" && pwd)")
    [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ] && binds+=("$XDG_RUNTIME_DIR")
    local script='set -e
root=$1; workdir=$2; shift 2
mount --make-rprivate /
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount --rbind /sys "$root/sys"
while [ "$1" != -- ]; do
    mkdir -p "$root$1"
    mount --rbind "$1" "$root$1"
    shift
done
shift
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
exec chroot "$root" /usr/bin/env -C "$workdir" "$@"'
    unshare --mount --propagation private bash -c "$script" enter "$root" "$workdir" "${binds[@]}" -- \
        env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            HOME="${HOME:-/root}" TERM="${TERM:-dumb}" LANG=C.UTF-8 \
            ${CI:+CI="$CI"} ${DISPLAY:+DISPLAY="$DISPLAY"} ${XAUTHORITY:+XAUTHORITY="$XAUTHORITY"} \
            ${WAYLAND_DISPLAY:+WAYLAND_DISPLAY="$WAYLAND_DISPLAY"} \
            ${XDG_RUNTIME_DIR:+XDG_RUNTIME_DIR="$XDG_RUNTIME_DIR"} \
            ${QT_QPA_PLATFORM:+QT_QPA_PLATFORM="$QT_QPA_PLATFORM"} \
            ${CTEST_PARALLEL_LEVEL:+CTEST_PARALLEL_LEVEL="$CTEST_PARALLEL_LEVEL"} \
            ${RIDGELINE_SHARED_DIR:+RIDGELINE_SHARED_DIR="$RIDGELINE_SHARED_DIR"} \
            "$@"
}

create_root() {
    command -v debootstrap >/dev/null 2>&1 || {
        log "installing debootstrap on the host"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
    } || die "debootstrap is missing and could not be installed"
    local mirror; mirror=$(host_mirror)
    log "creating Debian 13 ($suite) root in $root from $mirror"
    rm -rf "$root"
    mkdir -p "$root"
    debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.log" 2>&1 \
        || die "debootstrap failed; see $root.log"
    printf 'deb %s %s main\n' "$mirror" "$suite" >"$root/etc/apt/sources.list"
    log "installing ${#packages[@]} packages"
    enter_root / bash -c 'export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq && apt-get install -y -qq --no-install-recommends "$@" && apt-get clean' \
        install "${packages[@]}" >>"$root.log" 2>&1 \
        || die "package installation failed; see $root.log"
    touch "$stamp"
    log "build root ready"
}

# A root without its stamp was interrupted half-way; one whose compiler is
# gone was damaged. Either way, start over.
if [ ! -f "$stamp" ] || [ ! -x "$root/usr/bin/cmake" ] || [ ! -x "$root/usr/bin/g++" ]; then
    create_root
fi

enter_root "$PWD" "$@"
