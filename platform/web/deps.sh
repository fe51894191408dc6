#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the web build links (Box2D 2.4, zlib, cJSON, FreeType,
# SDL2, SDL2_ttf) as WebAssembly with Debian's emscripten, from Debian's own source
# packages, into PREFIX (default build/web/deps). Nothing is downloaded from
# anywhere but Debian (`apt-get source`, after a deb-src line this script adds
# for the machine's release, as root or through sudo), and no Emscripten port
# is used (ports download). A library already built (its stamp in PREFIX) is
# kept, so only the first run pays.
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

# SDL2 and SDL2_ttf compiled directly, without CMake: SDL2 ships its
# configuration for Emscripten (include/SDL_config_emscripten.h, which
# SDL_config.h picks), so CMake's configure (some 300 checks, each a whole
# emcc link) is not needed; the sources are those that configuration builds.
# Two compilers at a time (xargs -P2).
build_sdl2_direct() {
    local dir=$1 obj="$PREFIX/build-sdl2" d
    [ -f "$PREFIX/.sdl2.stamp" ] && return 0
    echo "$PLATFORM_NAME: building sdl2 from Debian's source ($dir, its Emscripten configuration)" >&2
    mkdir -p "$obj" "$PREFIX/include/SDL2" "$PREFIX/lib"
    local dirs="src src/atomic src/audio src/audio/disk src/audio/dummy src/audio/emscripten
        src/cpuinfo src/dynapi src/events src/file src/filesystem/emscripten src/haptic
        src/haptic/dummy src/hidapi src/joystick src/joystick/emscripten src/loadso/dlopen
        src/locale src/locale/emscripten src/misc src/misc/emscripten src/power
        src/power/emscripten src/render src/render/opengles2 src/render/software src/sensor
        src/sensor/dummy src/stdlib src/thread src/thread/generic src/timer src/timer/unix
        src/video src/video/emscripten src/video/yuv2rgb"
    for d in $dirs; do ls "$dir/$d"/*.c; done |
        awk -v o="$obj/" '{n = $0; sub(/.*\/src\//, "", n); gsub(/\//, "_", n); sub(/\.c$/, ".o", n); print $0, o n}' |
        SDL_INC="$dir/include" xargs -P2 -n2 sh -c 'emcc -O2 -I"$SDL_INC" -c "$0" -o "$1" || exit 255' \
        >"$PREFIX/sdl2.log" 2>&1
    rm -f "$PREFIX/lib/libSDL2.a"
    emar rcs "$PREFIX/lib/libSDL2.a" "$obj"/*.o
    cp "$dir"/include/*.h "$PREFIX/include/SDL2/"
    touch "$PREFIX/.sdl2.stamp"
}
build_sdl2ttf_direct() {
    local dir=$1 obj="$PREFIX/build-sdl2ttf"
    [ -f "$PREFIX/.sdl2ttf.stamp" ] && return 0
    echo "$PLATFORM_NAME: building sdl2ttf from Debian's source ($dir)" >&2
    mkdir -p "$obj"
    emcc -O2 -I"$PREFIX/include/SDL2" -I"$PREFIX/include/freetype2" -c "$dir/SDL_ttf.c" \
        -o "$obj/SDL_ttf.o" >"$PREFIX/sdl2ttf.log" 2>&1
    rm -f "$PREFIX/lib/libSDL2_ttf.a"
    emar rcs "$PREFIX/lib/libSDL2_ttf.a" "$obj/SDL_ttf.o"
    cp "$dir/SDL_ttf.h" "$PREFIX/include/SDL2/"
    touch "$PREFIX/.sdl2ttf.stamp"
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
    sdl2) build_sdl2_direct "$(unpack libsdl2 libsdl2)" ;;
    sdl2ttf) build_sdl2ttf_direct "$(unpack libsdl2-ttf libsdl2-ttf)" ;;
    *) echo "web deps: no library called '$lib'" >&2; exit 64 ;;
    esac
done
echo "web deps: ready in $PREFIX" >&2
