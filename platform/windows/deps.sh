#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the Windows cross-build links (Box2D 2.4, cJSON,
# cmocka) for x86_64-w64-mingw32 from Debian's own source packages, into
# PREFIX (default build/windows/deps). Nothing is downloaded from anywhere but
# Debian: `apt-get source` after a deb-src line this script adds for the
# release the machine runs (as root, or through sudo). A library already
# built (its stamp in PREFIX) is kept, so only the first run pays.
#
#   platform/windows/deps.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX=${1:-build/windows/deps}
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
SRC="$PREFIX/src"
mkdir -p "$SRC"

as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi

# The source lines: the same mirror and release as the machine's own lines.
add_source_lines() {
    local list=/etc/apt/sources.list.d/eddy-deb-src.sources
    if [ -f "$list" ] || grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        return 0
    fi
    local codename
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' \
        "Suites: $codename $codename-updates" 'Components: main' \
        'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
        "${as_root[@]}" tee "$list" >/dev/null
    "${as_root[@]}" apt-get update -q >&2
}

# Unpacks Debian source package $1 into $SRC (once); prints its folder.
unpack() {
    local pkg=$1
    local dir
    dir=$(find "$SRC" -maxdepth 1 -mindepth 1 -type d -name "${2}-*" | head -n1)
    if [ -z "$dir" ]; then
        add_source_lines
        (cd "$SRC" && apt-get source -q --download-only "$pkg" >&2 &&
            dpkg-source -x --no-check "$(ls ${pkg}_*.dsc | head -n1)" >&2)
        dir=$(find "$SRC" -maxdepth 1 -mindepth 1 -type d -name "${2}-*" | head -n1)
    fi
    echo "$dir"
}

TOOLCHAIN=(-DCMAKE_SYSTEM_NAME=Windows
    -DCMAKE_C_COMPILER=x86_64-w64-mingw32-gcc
    -DCMAKE_CXX_COMPILER=x86_64-w64-mingw32-g++
    -DCMAKE_RC_COMPILER=x86_64-w64-mingw32-windres
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX"
    -DBUILD_SHARED_LIBS=OFF)

# Configures, builds and installs one CMake project, once.
build() {
    local name=$1 dir=$2
    shift 2
    [ -f "$PREFIX/.$name.stamp" ] && return 0
    echo "windows deps: building $name from Debian's source ($dir)" >&2
    cmake -S "$dir" -B "$PREFIX/build-$name" "${TOOLCHAIN[@]}" "$@" >"$PREFIX/$name.log" 2>&1
    cmake --build "$PREFIX/build-$name" -j2 >>"$PREFIX/$name.log" 2>&1
    cmake --install "$PREFIX/build-$name" >>"$PREFIX/$name.log" 2>&1
    touch "$PREFIX/.$name.stamp"
}

build box2d "$(unpack box2d box2d)" -DBOX2D_BUILD_UNIT_TESTS=OFF -DBOX2D_BUILD_TESTBED=OFF \
    -DBOX2D_BUILD_DOCS=OFF
build cjson "$(unpack cjson cjson)" -DENABLE_CJSON_TEST=OFF -DBUILD_SHARED_AND_STATIC_LIBS=OFF \
    -DENABLE_CUSTOM_COMPILER_FLAGS=OFF
build cmocka "$(unpack cmocka cmocka)" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF
echo "windows deps: ready in $PREFIX" >&2
