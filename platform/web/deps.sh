#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the web build links (Box2D 2.4, cJSON, FreeType, SDL2,
# SDL2_ttf) as WebAssembly with Debian's emscripten, from Debian's own source
# packages, into PREFIX (default build/web/deps). Nothing is downloaded from
# anywhere but Debian (`apt-get source`, after a deb-src line this script adds
# for the machine's release, as root or through sudo), and no Emscripten port
# is used (ports download). A library already built (its stamp in PREFIX) is
# kept, so only the first run pays (SDL2's configure is the slow part).
#
#   platform/web/deps.sh [PREFIX [LIBRARY...]]
# LIBRARY: box2d (the run time's), cjson, freetype, sdl2, sdl2ttf (the game's);
# all of them when none is named.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX=${1:-build/web/deps}
shift || true
WANT=${*:-box2d cjson freetype sdl2 sdl2ttf}
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
SRC="$PREFIX/src"
mkdir -p "$SRC"

as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi

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

# Unpacks Debian source package $1 (folder name $2-*) into $SRC, once.
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

# emcc runs its JavaScript tools with node, which must find Debian's acorn.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

COMMON=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX"
    -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX"
    -DBUILD_SHARED_LIBS=OFF)

build() {
    local name=$1 dir=$2
    shift 2
    [ -f "$PREFIX/.$name.stamp" ] && return 0
    echo "web deps: building $name from Debian's source ($dir)" >&2
    emcmake cmake -S "$dir" -B "$PREFIX/build-$name" "${COMMON[@]}" "$@" >"$PREFIX/$name.log" 2>&1
    cmake --build "$PREFIX/build-$name" -j2 >>"$PREFIX/$name.log" 2>&1
    cmake --install "$PREFIX/build-$name" >>"$PREFIX/$name.log" 2>&1
    touch "$PREFIX/.$name.stamp"
}

for lib in $WANT; do
    case $lib in
    box2d) build box2d "$(unpack box2d box2d)" -DBOX2D_BUILD_UNIT_TESTS=OFF \
        -DBOX2D_BUILD_TESTBED=OFF -DBOX2D_BUILD_DOCS=OFF ;;
    cjson) build cjson "$(unpack cjson cjson)" -DENABLE_CJSON_TEST=OFF \
        -DBUILD_SHARED_AND_STATIC_LIBS=OFF -DENABLE_CUSTOM_COMPILER_FLAGS=OFF ;;
    freetype) build freetype "$(unpack freetype freetype)" -DFT_DISABLE_ZLIB=ON \
        -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON ;;
    sdl2) build sdl2 "$(unpack libsdl2 libsdl2)" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
        -DSDL_THREADS=OFF ;;
    sdl2ttf) build sdl2ttf "$(unpack libsdl2-ttf libsdl2-ttf)" -DSDL2TTF_VENDORED=OFF \
        -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_INSTALL=ON ;;
    *) echo "web deps: no library called '$lib'" >&2; exit 64 ;;
    esac
done
echo "web deps: ready in $PREFIX" >&2
