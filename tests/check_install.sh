#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# check_install.sh PREFIX OUT - what a studio sees after `make install
# PREFIX=...`: run by `make install-check` (part of `make check`) on a copy
# installed into build/stage. Checks that
#   - every public header compiles alone from <eddy/...>, as C17 (but the
#     C++-only eddy_box2d_v24.h, which must refuse C) and as C++17,
#     warning-free; exactly one backend header is installed;
#   - pkg-config finds eddy and eddy-build, and examples/ builds against them,
#     shared and static, into OUT;
#   - the fluid-only example needs no builder library (no LAPACK, BLAS, FFTW,
#     cJSON) and, linked statically, not even Box2D; the examples run, and
#     the game with its own Box2D world (own_world_*) prints its crate's
#     three readings, alike shared and static;
#   - every installed tool starts.
set -eu
prefix=$1
out=$2
cd "$(dirname "$0")/.."
mkdir -p "$out"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
export LD_LIBRARY_PATH="$prefix/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
fail() {
    echo "check_install: $*" >&2
    exit 1
}

# ------------------------------------------------------------ headers
n=0
cflags=$(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags eddy)
for h in "$prefix"/include/eddy/*.h; do
    name=$(basename "$h")
    printf '#include <eddy/%s>\nint eddy_check_install_unit;\n' "$name" >"$out/header.c"
    if [ "$name" = eddy_box2d_v24.h ]; then
        if ${CC:-cc} -std=c17 $cflags -fsyntax-only "$out/header.c" 2>/dev/null; then
            fail "<eddy/$name> compiles as C; it must say it is C++ only"
        fi
    else
        # shellcheck disable=SC2086 # cflags are words
        ${CC:-cc} -std=c17 -Wall -Wextra -Wpedantic -Werror $cflags -fsyntax-only \
            "$out/header.c" || fail "<eddy/$name> does not compile alone as C"
    fi
    cp "$out/header.c" "$out/header.cpp"
    # shellcheck disable=SC2086
    ${CXX:-g++} -std=c++17 -Wall -Wextra -Wpedantic -Werror $cflags -fsyntax-only \
        "$out/header.cpp" || fail "<eddy/$name> does not compile alone as C++"
    n=$((n + 1))
done
[ "$n" -ge 8 ] || fail "only $n public headers installed"
backends=$(ls "$prefix"/include/eddy/eddy_box2d_*.h | wc -l)
[ "$backends" -eq 1 ] || fail "$backends backend headers installed (eddy_box2d_*.h); one is right"
rm -f "$out/header.c" "$out/header.cpp"

# ------------------------------------------------------------ pkg-config, examples
pkg-config --exists eddy eddy-build || fail "pkg-config does not find eddy and eddy-build"
echo "check_install: pkg-config eddy $(pkg-config --modversion eddy):" \
    "$(pkg-config --cflags --libs eddy)"
echo "check_install: pkg-config eddy-build:" "$(pkg-config --cflags --libs eddy-build)"
make -s -C examples OUT="$out"
make -s -C examples OUT="$out" STATIC=1
"$out/build_tank" "$out/tank.eddy"
for p in fluid_only fluid_only_static; do
    "$out/$p" "$out/tank.eddy" >"$out/$p.txt" || fail "$p failed"
    [ "$(grep -c '^t=' "$out/$p.txt")" -eq 3 ] || fail "$p printed $(cat "$out/$p.txt")"
done
cmp -s "$out/fluid_only.txt" "$out/fluid_only_static.txt" ||
    fail "the shared and the static fluid_only disagree"
"$out/build_tank_static" "$out/tank_static.eddy" >/dev/null
cmp -s "$out/tank.eddy" "$out/tank_static.eddy" || fail "the static builder wrote other bytes"
own=0
for p in own_world_v24 own_world_v24_static own_world_v3; do
    [ -x "$out/$p" ] || continue
    "$out/$p" "$out/tank.eddy" >"$out/$p.txt" || fail "$p failed"
    [ "$(grep -c '^t=.*water force' "$out/$p.txt")" -eq 3 ] || fail "$p printed $(cat "$out/$p.txt")"
    own=$((own + 1))
done
[ "$own" -ge 1 ] || fail "no own_world example was built"
if [ -x "$out/own_world_v24_static" ]; then
    cmp -s "$out/own_world_v24.txt" "$out/own_world_v24_static.txt" ||
        fail "the shared and the static own_world_v24 disagree"
fi

needed() { objdump -p "$1" | awk '$1 == "NEEDED" {print $2}' | tr '\n' ' '; }
builder_libs='lapack|blas|fftw|cjson|gfortran'
echo "check_install: fluid_only needs: $(needed "$out/fluid_only")"
echo "check_install: fluid_only_static needs: $(needed "$out/fluid_only_static")"
if ldd "$out/fluid_only" | grep -Eq "$builder_libs"; then
    fail "fluid_only loads a builder library: $(ldd "$out/fluid_only" | grep -E "$builder_libs")"
fi
if needed "$out/fluid_only_static" | grep -Eq "$builder_libs|eddy|box2d|stdc"; then
    fail "the static fluid_only needs more than libm and libc: $(needed "$out/fluid_only_static")"
fi

# ------------------------------------------------------------ tools
for t in precompute sim eddy-game eddy-paint eddy-level; do
    [ -x "$prefix/bin/$t" ] || fail "$t is not installed"
    "$prefix/bin/$t" --help >/dev/null || fail "$t --help failed"
done
echo "check_install: $n headers, 2 pkg-config packages, $((4 + own)) example builds, 5 tools: all good"
