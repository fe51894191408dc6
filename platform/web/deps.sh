#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the web build links (Box2D 2.4, zlib, cJSON, FreeType,
# SDL2, SDL2_ttf) as WebAssembly with Debian's emscripten, from Debian's own source
# packages, into PREFIX (default build/web/deps). Nothing is downloaded from
# anywhere but Debian (`apt-get source`, after a deb-src line this script adds
# for the machine's release, as root or through sudo), and no Emscripten port
# is used (ports download). A library already built (its stamp in PREFIX) is
# kept, so only the first run pays (SDL2's configure is the slow part).
#
#   platform/web/deps.sh [PREFIX [LIBRARY...]]
# LIBRARY: box2d (the run time's), zlib, cjson, freetype, sdl2, sdl2ttf (the
# game's);
# all of them when none is named.
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX=${1:-build/web/deps}
shift || true
WANT=${*:-box2d zlib cjson freetype sdl2 sdl2ttf}
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
SRC="$PREFIX/src"
mkdir -p "$SRC"

# shellcheck source=platform/debian_source.sh
. platform/debian_source.sh
PLATFORM_NAME="web deps"
CMAKE_LAUNCHER=emcmake

# emcc runs its JavaScript tools with node, which must find Debian's acorn.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

COMMON=(-DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX"
    -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX"
    -DBUILD_SHARED_LIBS=OFF)

# zlib (the game's PNG screenshots): its compression sources compiled
# directly, without the gz* file functions (Debian's CMake patches make only
# a shared library).
build_zlib() {
    local dir=$1 obj="$PREFIX/build-zlib" f
    [ -f "$PREFIX/.zlib.stamp" ] && return 0
    echo "$PLATFORM_NAME: building zlib from Debian's source ($dir)" >&2
    mkdir -p "$obj" "$PREFIX/include" "$PREFIX/lib"
    # zlib's own CMake, once run in the folder, renames the header
    [ -f "$dir/zconf.h" ] || cp "$dir/zconf.h.included" "$dir/zconf.h"
    for f in adler32 compress crc32 deflate infback inffast inflate inftrees trees uncompr zutil; do
        emcc -O2 -c "$dir/$f.c" -o "$obj/$f.o"
    done >"$PREFIX/zlib.log" 2>&1
    rm -f "$PREFIX/lib/libz.a"
    emar rcs "$PREFIX/lib/libz.a" "$obj"/*.o
    cp "$dir/zlib.h" "$dir/zconf.h" "$PREFIX/include/"
    touch "$PREFIX/.zlib.stamp"
}

for lib in $WANT; do
    case $lib in
    box2d) build_cmake box2d "$(unpack box2d box2d)" "${COMMON[@]}" -DBOX2D_BUILD_UNIT_TESTS=OFF \
        -DBOX2D_BUILD_TESTBED=OFF -DBOX2D_BUILD_DOCS=OFF ;;
    zlib) build_zlib "$(unpack zlib zlib)" ;;
    cjson) build_cmake cjson "$(unpack cjson cjson)" "${COMMON[@]}" -DENABLE_CJSON_TEST=OFF \
        -DBUILD_SHARED_AND_STATIC_LIBS=OFF -DENABLE_CUSTOM_COMPILER_FLAGS=OFF ;;
    # FreeType without its optional libraries, but on the zlib above (its own
    # copy would clash with it at the game's link)
    freetype) build_cmake freetype "$(unpack freetype freetype)" "${COMMON[@]}" -DFT_REQUIRE_ZLIB=ON \
        -DZLIB_LIBRARY="$PREFIX/lib/libz.a" -DZLIB_INCLUDE_DIR="$PREFIX/include" \
        -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON ;;
    # SDL2 with what the game uses only (video, render, events, audio, timers,
    # RWops), no tests, no SDL2main: fewer sources for emcc to compile.
    sdl2) build_cmake sdl2 "$(unpack libsdl2 libsdl2)" "${COMMON[@]}" -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF \
        -DSDL_THREADS=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_POWER=OFF \
        -DSDL_SENSOR=OFF -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_LOADSO=OFF -DSDL_FILESYSTEM=OFF \
        -DSDL_DISKAUDIO=OFF -DSDL_DUMMYAUDIO=OFF -DSDL_OFFSCREEN=OFF -DSDL_OPENGL=OFF \
        -DSDL2_DISABLE_SDL2MAIN=ON -DSDL2_DISABLE_UNINSTALL=ON ;;
    sdl2ttf) build_cmake sdl2ttf "$(unpack libsdl2-ttf libsdl2-ttf)" "${COMMON[@]}" -DSDL2TTF_VENDORED=OFF \
        -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_INSTALL=ON ;;
    *) echo "web deps: no library called '$lib'" >&2; exit 64 ;;
    esac
done
echo "web deps: ready in $PREFIX" >&2
