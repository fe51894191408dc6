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
# threads, the program's folder), compiled directly from a hand-written
# configuration (below): no joystick, haptics, sensors, OpenGL or Vulkan.
# FreeType without bzip2, PNG, HarfBuzz or Brotli.
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
# SDL2 compiled directly, without its CMake configure (some 300 probes, each
# a mingw compile and link: with it SDL2 took 290 s of processor time, without
# it 159 s, README "Windows"): the
# configuration is written by hand, platform/windows/sdl2/SDL_config.h (what
# that configure found for this toolchain, less what eddy leaves out), and
# the sources are the folders it names. Its headers are installed first, with
# that SDL_config.h in place of SDL's own, and SDL2 is compiled against them
# (SDL's include/SDL_config.h would otherwise win: a quoted include looks
# beside the including header first). Two compilers at a time (xargs -P2).
# The stamp holds a checksum of the configuration and of this function, so
# a changed configuration or file list rebuilds SDL2 and SDL2_ttf.
SDL_CONFIG=platform/windows/sdl2/SDL_config.h
build_sdl2_direct() {
    local dir=$1 obj="$PREFIX/build-sdl2" inc="$PREFIX/include/SDL2" d
    [ "$(cat "$PREFIX/.sdl2.stamp" 2>/dev/null)" = "$sdl_config_sum" ] && return 0
    echo "windows deps: building sdl2 from Debian's source ($dir, configured by $SDL_CONFIG)" >&2
    rm -rf "$obj" "$inc" "$PREFIX/.sdl2ttf.stamp"
    mkdir -p "$obj" "$inc" "$PREFIX/lib"
    cp "$dir"/include/*.h "$inc/"
    cp "$SDL_CONFIG" "$inc/SDL_config.h"
    local dirs="src src/atomic src/audio src/audio/directsound src/audio/disk src/audio/dummy
        src/audio/wasapi src/audio/winmm src/cpuinfo src/dynapi src/events src/file
        src/filesystem/windows src/haptic src/haptic/dummy src/hidapi src/joystick
        src/joystick/dummy src/libm src/loadso/windows src/locale src/locale/dummy src/misc
        src/misc/dummy src/power src/render src/render/direct3d src/render/direct3d11
        src/render/software src/sensor src/sensor/dummy src/stdlib src/thread src/timer
        src/timer/windows src/thread/windows src/video src/video/dummy src/video/offscreen
        src/video/windows src/video/yuv2rgb"
    {
        for d in $dirs; do ls "$dir/$d"/*.c; done
        # of core/windows, what the audio and video drivers use (SDL_hid.c
        # and SDL_xinput.c serve the joysticks); of thread/generic, the
        # condition variable Windows' own falls back on (before Vista)
        ls "$dir"/src/core/windows/SDL_windows.c "$dir"/src/core/windows/SDL_immdevice.c \
            "$dir"/src/thread/generic/SDL_syscond.c
        # Direct3D 12 left out, its file still gives SDL_RenderGetD3D12Device
        # (NULL), which the dynamic API table names
        ls "$dir"/src/render/direct3d12/SDL_render_d3d12.c
    } | awk -v o="$obj/" '{n = $0; sub(/.*\/src\//, "", n); gsub(/\//, "_", n); sub(/\.c$/, ".o", n); print $0, o n}' |
        SDL_INC="$inc" xargs -P2 -n2 sh -c 'x86_64-w64-mingw32-gcc -O2 -fno-strict-aliasing \
            -DSDL_STATIC_LIB -I"$SDL_INC" -c "$0" -o "$1" || exit 255' >"$PREFIX/sdl2.log" 2>&1
    x86_64-w64-mingw32-gcc -O2 -I"$inc" -c "$dir/src/main/windows/SDL_windows_main.c" \
        -o "$obj/main.o" >>"$PREFIX/sdl2.log" 2>&1
    rm -f "$PREFIX/lib/libSDL2.a" "$PREFIX/lib/libSDL2main.a"
    x86_64-w64-mingw32-ar rcs "$PREFIX/lib/libSDL2main.a" "$obj/main.o"
    rm "$obj/main.o"
    x86_64-w64-mingw32-ar rcs "$PREFIX/lib/libSDL2.a" "$obj"/*.o
    echo "$sdl_config_sum" >"$PREFIX/.sdl2.stamp"
}
# SDL2_ttf is one source file, on FreeType.
build_sdl2ttf_direct() {
    local dir=$1 obj="$PREFIX/build-sdl2ttf"
    [ -f "$PREFIX/.sdl2ttf.stamp" ] && return 0
    echo "windows deps: building sdl2ttf from Debian's source ($dir)" >&2
    rm -rf "$obj"
    mkdir -p "$obj"
    x86_64-w64-mingw32-gcc -O2 -I"$PREFIX/include/SDL2" -I"$PREFIX/include/freetype2" -c "$dir/SDL_ttf.c" \
        -o "$obj/SDL_ttf.o" >"$PREFIX/sdl2ttf.log" 2>&1
    rm -f "$PREFIX/lib/libSDL2_ttf.a"
    x86_64-w64-mingw32-ar rcs "$PREFIX/lib/libSDL2_ttf.a" "$obj/SDL_ttf.o"
    cp "$dir/SDL_ttf.h" "$PREFIX/include/SDL2/"
    touch "$PREFIX/.sdl2ttf.stamp"
}
sdl_config_sum=$({ cat "$SDL_CONFIG"; declare -f build_sdl2_direct; } | cksum)
build_sdl2_direct "$(unpack libsdl2 libsdl2)"
built sdl2
build_sdl2ttf_direct "$(unpack libsdl2-ttf libsdl2-ttf)"
built sdl2ttf
echo "windows deps: ready in $PREFIX" >&2
