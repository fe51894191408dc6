#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the Windows cross-build links (Box2D 2.4, cJSON,
# cmocka; zlib, FreeType, SDL2 and SDL2_ttf for the game and the painter)
# for x86_64-w64-mingw32 from Debian's own source packages, into
# PREFIX (default build/windows/deps). Nothing is downloaded from anywhere but
# Debian: `apt-get source` after a deb-src line this script adds for the
# release the machine runs (as root, or through sudo). A library already
# built (its stamp in PREFIX) is kept, so only the first run pays; each
# build says the processor time it took. SDL2 is configured with only what
# the game and the painter use (video, rendering, events, audio, timers,
# threads, the program's folder): no joystick, haptics, sensors, OpenGL or
# Vulkan. FreeType without bzip2, PNG, HarfBuzz or Brotli.
#
#   platform/windows/deps.sh [PREFIX]
set -euo pipefail
cd "$(dirname "$0")/../.."
PREFIX=${1:-build/windows/deps}
mkdir -p "$PREFIX"
PREFIX=$(cd "$PREFIX" && pwd)
SRC="$PREFIX/src"
mkdir -p "$SRC"

# shellcheck source=platform/debian_source.sh
. platform/debian_source.sh
PLATFORM_NAME="windows deps"

TOOLCHAIN=(-DCMAKE_SYSTEM_NAME=Windows
    -DCMAKE_C_COMPILER=x86_64-w64-mingw32-gcc
    -DCMAKE_CXX_COMPILER=x86_64-w64-mingw32-g++
    -DCMAKE_RC_COMPILER=x86_64-w64-mingw32-windres
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX"
    -DBUILD_SHARED_LIBS=OFF)

# The processor time (user + system, seconds) the children took since the
# last call: what each library's build cost (bash's `times`, in this shell:
# a subshell would count only its own children).
last_cpu=0
built() {
    local now
    times >"$PREFIX/.times"
    now=$(awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/);
        printf "%.1f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$PREFIX/.times")
    local t
    t=$(awk -v a="$now" -v b="$last_cpu" 'BEGIN { printf "%.1f", a - b }')
    last_cpu=$now
    [ "$t" = 0.0 ] || echo "windows deps: $1 took ${t} s of processor time" >&2
}

build_cmake box2d "$(unpack box2d box2d)" "${TOOLCHAIN[@]}" -DBOX2D_BUILD_UNIT_TESTS=OFF -DBOX2D_BUILD_TESTBED=OFF \
    -DBOX2D_BUILD_DOCS=OFF
built box2d
build_cmake cjson "$(unpack cjson cjson)" "${TOOLCHAIN[@]}" -DENABLE_CJSON_TEST=OFF -DBUILD_SHARED_AND_STATIC_LIBS=OFF \
    -DENABLE_CUSTOM_COMPILER_FLAGS=OFF
built cjson
build_cmake cmocka "$(unpack cmocka cmocka)" "${TOOLCHAIN[@]}" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF
built cmocka

# The windowed programs' libraries, found by each other through PREFIX.
FIND=(-DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_FIND_ROOT_PATH="$PREFIX")
# zlib: Debian's source has no win32/ folder, which its CMake build wants for
# the DLL; the static library is its fifteen C files.
build_zlib() {
    local dir=$1 f
    [ -f "$PREFIX/.zlib.stamp" ] && return 0
    echo "windows deps: building zlib from Debian's source ($dir)" >&2
    mkdir -p "$PREFIX/build-zlib" "$PREFIX/include" "$PREFIX/lib"
    cp "$dir/zconf.h.in" "$PREFIX/build-zlib/zconf.h" # what ./configure would leave
    for f in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite inflate infback inftrees \
        inffast trees uncompr zutil; do
        x86_64-w64-mingw32-gcc -O2 -I"$PREFIX/build-zlib" -c "$dir/$f.c" -o "$PREFIX/build-zlib/$f.o"
    done
    rm -f "$PREFIX/lib/libz.a"
    x86_64-w64-mingw32-ar rcs "$PREFIX/lib/libz.a" "$PREFIX"/build-zlib/*.o
    cp "$dir/zlib.h" "$PREFIX/build-zlib/zconf.h" "$PREFIX/include/"
    touch "$PREFIX/.zlib.stamp"
}
build_zlib "$(unpack zlib zlib)"
built zlib
# FreeType on the zlib above (without it, it compiles its own copy, whose
# names clash with zlib's in one program)
build_cmake freetype "$(unpack freetype freetype)" "${TOOLCHAIN[@]}" "${FIND[@]}" -DFT_REQUIRE_ZLIB=ON \
    -DZLIB_LIBRARY="$PREFIX/lib/libz.a" -DZLIB_INCLUDE_DIR="$PREFIX/include" \
    -DFT_DISABLE_BZIP2=ON -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
built freetype
build_cmake sdl2 "$(unpack libsdl2 libsdl2)" "${TOOLCHAIN[@]}" "${FIND[@]}" -DSDL_SHARED=OFF -DSDL_STATIC=ON \
    -DSDL_TEST=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF -DSDL_HIDAPI=OFF -DSDL_SENSOR=OFF -DSDL_POWER=OFF \
    -DSDL_LOCALE=OFF -DSDL_MISC=OFF -DSDL_OPENGL=OFF -DSDL_OPENGLES=OFF -DSDL_VULKAN=OFF
built sdl2
build_cmake sdl2ttf "$(unpack libsdl2-ttf libsdl2-ttf)" "${TOOLCHAIN[@]}" "${FIND[@]}" -DSDL2TTF_VENDORED=OFF \
    -DSDL2TTF_HARFBUZZ=OFF -DSDL2TTF_SAMPLES=OFF -DSDL2TTF_INSTALL=ON
built sdl2ttf
echo "windows deps: ready in $PREFIX" >&2
