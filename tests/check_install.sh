#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# check_install.sh PREFIX OUT - what a studio sees after `make install
# PREFIX=...`: run by `make install-check` (part of `make check`) on a copy
# installed into build/stage. Checks that
#   - every public header compiles alone from <eddy/...>, as C17 (but the
#     C++-only eddy_box2d_v24.h, which must refuse C) and as C++17,
#     warning-free; the built backend's header is installed;
#   - pkg-config finds eddy, the Box2D adapter (eddy-box2d or eddy-box2d-v3,
#     whose "backend" variable names it), eddy-scene, eddy-build and their
#     -static forms, and examples/ builds against them, shared and static
#     (pkg-config --static --libs eddy-static, no editing of its output),
#     into OUT;
#   - the fluid-only example needs no builder library (no LAPACK, BLAS, FFTW,
#     cJSON) and no Box2D (libeddy has none: shared, it loads no adapter and
#     no libbox2d; static, it needs nothing but libm and libc); the examples
#     run, and the game with its own Box2D world (own_world_*) prints its
#     crate's three readings, alike shared and static, and so does the
#     program each LINK: line of an installed adapter header builds;
#   - libeddy.so's soname names no backend, the adapter's names its Box2D,
#     the scenes' and the builder's (which make Box2D worlds) name the
#     backend, and a program records those names;
#   - the game (eddy-game, eddy-level) and the paint tool (eddy-paint) build
#     from their sources against the installed package alone (pkg-config; the
#     source tree's include/ and engine/ are not on the include path); the
#     game needs no builder library;
#   - the installed prefix, copied out of the tree and run from a directory
#     outside it, is complete: no installed program holds a path into the
#     tree, the installed eddy-game finds its levels and assets in
#     share/eddy and replays level 1's installed replay to the tree's final
#     state, the installed eddy-paint and eddy-level make the tree's bytes
#     from the installed scripts and levels, and so do the programs built
#     from the package, on the moved libraries;
#   - every installed tool starts.
# The Makefile passes the programs' source lists and SDL flags in the
# environment (GAME_SRC, LEVEL_SRC, PAINT_SRC, GAME_CFLAGS, GAME_LIBS,
# PAINT_CFLAGS, PAINT_LIBS) and where the tree's build is (TREE_BUILD).
set -eu
needed() { objdump -p "$1" | awk '$1 == "NEEDED" {print $2}' | tr '\n' ' '; }
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
# The Box2D adapter installed (eddy-box2d: 2.4, eddy-box2d-v3: v3); its
# cflags find its Box2D's headers, which eddy's own do not name.
if pkg-config --exists eddy-box2d-v3 && [ "$(pkg-config --variable=backend eddy-box2d-v3)" = v3 ]; then
    box2d=eddy-box2d-v3
else
    box2d=eddy-box2d
fi
n=0
cflags=$(pkg-config --cflags eddy "$box2d")
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
rm -f "$out/header.c" "$out/header.cpp"

# ------------------------------------------------------------ pkg-config, examples
pkg-config --exists eddy eddy-scene eddy-build eddy-static eddy-scene-static eddy-build-static \
    "$box2d" "$box2d-static" ||
    fail "pkg-config does not find eddy, $box2d, eddy-scene, eddy-build and their -static forms"
backend=$(pkg-config --variable=backend "$box2d")
[ "$backend" = v24 ] || [ "$backend" = v3 ] || fail "$box2d.pc names no backend ('$backend')"
[ -e "$prefix/include/eddy/eddy_box2d_$backend.h" ] || fail "eddy_box2d_$backend.h is not installed"
case " $(pkg-config --cflags --libs eddy) $(pkg-config --static --libs eddy-static) " in
*box2d*) fail "eddy.pc or eddy-static.pc names Box2D: $(pkg-config --libs eddy)" ;;
esac
echo "check_install: pkg-config eddy $(pkg-config --modversion eddy):" \
    "$(pkg-config --cflags --libs eddy)"
echo "check_install: pkg-config eddy-build:" "$(pkg-config --cflags --libs eddy-build)"
echo "check_install: pkg-config --static eddy-static:" "$(pkg-config --static --cflags --libs eddy-static)"
make -s -C examples OUT="$out"
make -s -C examples OUT="$out" STATIC=1
"$out/build_tank" "$out/tank.eddy"
for p in fluid_only fluid_only_static; do
    "$out/$p" "$out/tank.eddy" >"$out/$p.txt" || fail "$p failed"
    [ "$(grep -c '^t=' "$out/$p.txt")" -eq 3 ] || fail "$p printed $(cat "$out/$p.txt")"
done
cmp -s "$out/fluid_only.txt" "$out/fluid_only_static.txt" ||
    fail "the shared and the static fluid_only disagree"
for p in workers workers_static; do
    "$out/$p" "$out/tank.eddy" 3 >"$out/$p.txt" || fail "$p failed"
    [ "$(grep -c '^t=' "$out/$p.txt")" -eq 3 ] && grep -q '^same bits on 1 and 3 workers$' "$out/$p.txt" ||
        fail "$p printed $(cat "$out/$p.txt")"
done
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
# The link recipe the installed backend header states (its "LINK:" line),
# run as written on the own_world example: the documentation is the build.
recipe=$(sed -n 's/^ \*   LINK: //p' "$prefix/include/eddy/eddy_box2d_$backend.h")
[ -n "$recipe" ] || fail "eddy_box2d_$backend.h states no LINK: recipe"
src=$(ls "$PWD"/examples/own_world_"$backend".c* | head -n 1)
cmd=$(printf '%s\n' "$recipe" | sed "s|game\.cpp |$src |; s|game\.c |$src |; s|-o game\$|-o $out/own_world_recipe|")
echo "check_install: the link recipe of eddy_box2d_$backend.h: $cmd"
sh -c "$cmd" || fail "the link recipe of eddy_box2d_$backend.h fails: $recipe"
"$out/own_world_recipe" "$out/tank.eddy" >"$out/own_world_recipe.txt" ||
    fail "the program linked by eddy_box2d_$backend.h's recipe failed"
cmp -s "$out/own_world_recipe.txt" "$out/own_world_$backend.txt" ||
    fail "the program linked by eddy_box2d_$backend.h's recipe disagrees with the example"
# The Chipmunk2D adapter's archive (libeddy-chipmunk.a, installed when
# Chipmunk's headers are found): its header's LINK: line, run as written on
# examples/own_world_chipmunk.c.
if [ -f "$prefix/include/eddy/eddy_chipmunk.h" ]; then
    recipe=$(sed -n 's/^ \*   LINK: //p' "$prefix/include/eddy/eddy_chipmunk.h")
    [ -n "$recipe" ] || fail "eddy_chipmunk.h states no LINK: recipe"
    cmd=$(printf '%s\n' "$recipe" |
        sed "s|game\.c |$PWD/examples/own_world_chipmunk.c |; s|-o game\$|-o $out/own_world_chipmunk|")
    echo "check_install: the link recipe of eddy_chipmunk.h: $cmd"
    sh -c "$cmd" || fail "the link recipe of eddy_chipmunk.h fails: $recipe"
    "$out/own_world_chipmunk" "$out/tank.eddy" >"$out/own_world_chipmunk.txt" ||
        fail "own_world_chipmunk failed"
    [ "$(grep -c '^t=.*water force' "$out/own_world_chipmunk.txt")" -eq 3 ] ||
        fail "own_world_chipmunk printed $(cat "$out/own_world_chipmunk.txt")"
    # the same libeddy, with no Box2D and no Box2D adapter beside it
    if ldd "$out/own_world_chipmunk" | grep -q box2d; then
        fail "own_world_chipmunk loads Box2D: $(ldd "$out/own_world_chipmunk" | grep box2d | tr -s ' \t' ' ')"
    fi
    echo "check_install: own_world_chipmunk needs: $(needed "$out/own_world_chipmunk")"
fi
if [ -x "$out/own_world_v24_static" ]; then
    cmp -s "$out/own_world_v24.txt" "$out/own_world_v24_static.txt" ||
        fail "the shared and the static own_world_v24 disagree"
fi

builder_libs='lapack|blas|fftw|cjson|gfortran'
echo "check_install: fluid_only needs: $(needed "$out/fluid_only")"
echo "check_install: fluid_only_static needs: $(needed "$out/fluid_only_static")"
if ldd "$out/fluid_only" | grep -Eq "$builder_libs"; then
    fail "fluid_only loads a builder library: $(ldd "$out/fluid_only" | grep -E "$builder_libs")"
fi
if needed "$out/fluid_only_static" | grep -Eq "$builder_libs|eddy|box2d|stdc"; then
    fail "the static fluid_only needs more than libm and libc: $(needed "$out/fluid_only_static")"
fi
if ldd "$out/fluid_only" | grep -Eq "box2d|stdc"; then
    fail "fluid_only loads Box2D or its adapter: $(ldd "$out/fluid_only" | grep -E "box2d|stdc" | tr -s ' \t' ' ')"
fi

# ------------------------------------------------------------ the game and the paint tool
# Built the way a studio would build them from the package: pkg-config for
# eddy (and cJSON, SDL), the programs' own folders for their headers.
# The game runs on eddy and eddy-scene (its levels are scenes); eddy-level
# and eddy-paint build assets and modes, so they take eddy-build.
app_cflags="-std=c17 -Wall -Wextra -Wpedantic -O2 -D_POSIX_C_SOURCE=200809L"
build_app() { # OUT PACKAGES CFLAGS LIBS SOURCES...
    app_out=$1 packages=$2 extra_cflags=$3 extra_libs=$4
    shift 4
    # shellcheck disable=SC2086 # package and flag lists are words
    pkg_flags=$(pkg-config --cflags $packages libcjson)
    case " $pkg_flags " in
    *" -I$(pwd)/include"* | *" -Iinclude"* | *"/engine/"*) fail "pkg-config points into the source tree: $pkg_flags" ;;
    esac
    # shellcheck disable=SC2086
    ${CC:-cc} $app_cflags $pkg_flags ${APP_INCLUDES:--Igame/paint -Itools} $extra_cflags "$@" \
        -o "$app_out" $(pkg-config --libs $packages libcjson) -lm $extra_libs ||
        fail "$(basename "$app_out") does not build against the package"
}
# shellcheck disable=SC2086 # source lists are words
build_app "$out/eddy-game" "eddy-scene" "${GAME_CFLAGS:-}" "${GAME_LIBS:-}" $GAME_SRC
# shellcheck disable=SC2086
build_app "$out/eddy-level" "eddy-build" "" "" $LEVEL_SRC
# shellcheck disable=SC2086
build_app "$out/eddy-paint" "eddy-build" "${PAINT_CFLAGS:-}" "${PAINT_LIBS:-}" $PAINT_SRC
echo "check_install: eddy-game, eddy-level and eddy-paint built against the package"
no_builder='lapack|blas|fftw|arpack|cholmod|gfortran|libeddy-build'
for g in "$out/eddy-game" "$prefix/bin/eddy-game"; do
    if ldd "$g" | grep -Eq "$no_builder"; then
        fail "$g loads the builder's libraries: $(ldd "$g" | grep -E "$no_builder" | tr -s ' \t' ' ')"
    fi
done
echo "check_install: eddy-game needs: $(needed "$out/eddy-game")"
hash_of() { sed -n 's/.*"hash":"\([0-9a-f]*\)".*/\1/p' "$1"; }
status_of() { sed -n 's/.*"status":"\([a-z]*\)".*/\1/p' "$1"; }
replay=assets/replays/01-first-current.replay
"$TREE_BUILD/bin/eddy-game" --headless --level 1 --replay "$replay" --levels assets/levels \
    --assets "$TREE_BUILD/assets" >"$out/game_tree.json" || fail "the tree's eddy-game failed"
[ "$(status_of "$out/game_tree.json")" = won ] || fail "the tree's eddy-game does not win level 1's replay"

# ------------------------------------------------------------ backend and library names
soname_of() { objdump -p "$prefix/lib/$1.so" | awk '$1 == "SONAME" {print $2}'; }
case $(soname_of libeddy) in
libeddy.so.*) ;;
*) fail "libeddy.so has the soname '$(soname_of libeddy)'; libeddy.so.N is right (it has no backend)" ;;
esac
case $(soname_of "lib$box2d") in
"lib$box2d.so."*) ;;
*) fail "lib$box2d.so has the soname '$(soname_of "lib$box2d")'" ;;
esac
for lib in libeddy-scene libeddy-build; do
    case $(soname_of $lib) in
    "$lib-box2d-$backend.so."*) ;;
    *) fail "$lib.so has the soname '$(soname_of $lib)', which does not name the $backend backend" ;;
    esac
done
needed "$out/workers" | grep -q "lib$box2d.so" ||
    fail "workers does not record the $backend adapter: $(needed "$out/workers")"
echo "check_install: backend $backend: libeddy.so.* has none, its adapter is lib$box2d.so.*," \
    "the scenes' and the builder's name it (a program linked on one backend never loads the other's)"

# ------------------------------------------------------------ the installed prefix, moved
# The installed programs find their data under the prefix (share/eddy beside
# bin/), wherever the prefix is: it is copied out of the source tree and run
# from a directory outside it, and no program holds a path into the tree.
tree=$(pwd)
moved=$(mktemp -d /tmp/eddy-moved.XXXXXX)
work=$(mktemp -d /tmp/eddy-run.XXXXXX)
trap 'rm -rf "$moved" "$work"' EXIT
cp -a "$prefix/." "$moved/"
for b in eddy-game eddy-paint eddy-level precompute sim; do
    objcopy --strip-debug "$moved/bin/$b" "$work/$b.stripped"
    if grep -a -q -F "$tree" "$work/$b.stripped"; then
        fail "installed $b holds a path into the source tree ($tree)"
    fi
    rm -f "$work/$b.stripped"
done
levels=$(ls "$moved/share/eddy/levels"/*.json | wc -l)
[ "$levels" -eq "$(ls assets/levels/*.json | wc -l)" ] || fail "$levels levels installed"
run_moved() { (cd "$work" && env -u EDDY_GAME_LEVELS -u EDDY_GAME_ASSETS "$@"); }
run_moved "$moved/bin/eddy-game" --headless --level 1 \
    --replay "$moved/share/eddy/replays/01-first-current.replay" >"$out/game_moved.json" ||
    fail "the installed eddy-game, moved out of the tree, failed"
[ "$(hash_of "$out/game_moved.json")" = "$(hash_of "$out/game_tree.json")" ] ||
    fail "the installed eddy-game ends level 1's replay in another state than the tree's"
run_moved "$moved/bin/eddy-game" --headless --level "$levels" --frames 30 >/dev/null ||
    fail "the installed eddy-game cannot play level $levels from its installed data"
run_moved "$moved/bin/eddy-game" --headless --level 07-cave --frames 30 >/dev/null ||
    fail "the installed eddy-game cannot play the walled level 07-cave"
echo "check_install: the installed eddy-game, moved to $moved and run from $work, plays" \
    "level 1's installed replay to '$(status_of "$out/game_moved.json")' (hash" \
    "$(hash_of "$out/game_moved.json"), as the tree's) and its $levels levels from share/eddy"
run_moved "$moved/bin/eddy-paint" --script "$moved/share/eddy/modes/cave-out.paint" \
    -o "$work/cave-out.mode" >/dev/null || fail "the installed eddy-paint failed on cave-out.paint"
cmp -s "$work/cave-out.mode" "$TREE_BUILD/assets/cave-out.mode" ||
    fail "the installed eddy-paint wrote another cave-out.mode than the tree's"
run_moved "$moved/bin/eddy-level" build "$moved/share/eddy/levels/01-first-current.json" \
    --modes "$moved/share/eddy/assets" -o "$work/01.eddy" >/dev/null ||
    fail "the installed eddy-level failed on level 1"
cmp -s "$work/01.eddy" "$TREE_BUILD/assets/levels/01-first-current.eddy" ||
    fail "the installed eddy-level built another level 1 asset than the tree's"
echo "check_install: the installed eddy-paint paints cave-out.mode (walls from share/eddy/levels)" \
    "and eddy-level builds level 1 from share/eddy, byte for byte as the tree's"

# The game and the paint tool built from the package run on the moved prefix
# too (its shared libraries included).
LD_LIBRARY_PATH="$moved/lib" run_moved "$out/eddy-game" --headless --level 1 \
    --replay "$moved/share/eddy/replays/01-first-current.replay" \
    --levels "$moved/share/eddy/levels" --assets "$moved/share/eddy/assets" \
    >"$out/game_pkg.json" || fail "eddy-game (package) failed"
[ "$(hash_of "$out/game_pkg.json")" = "$(hash_of "$out/game_tree.json")" ] ||
    fail "eddy-game built from the package ends level 1's replay in another state than the tree's"
LD_LIBRARY_PATH="$moved/lib" run_moved "$out/eddy-paint" \
    --script "$moved/share/eddy/modes/jet.paint" -o "$work/jet.mode" >/dev/null ||
    fail "eddy-paint (package) failed on jet.paint"
cmp -s "$work/jet.mode" "$TREE_BUILD/assets/jet.mode" ||
    fail "eddy-paint built from the package wrote another jet.mode than the tree's"
LD_LIBRARY_PATH="$moved/lib" run_moved "$out/eddy-level" build \
    "$moved/share/eddy/levels/02-paddle.json" --modes "$moved/share/eddy/assets" \
    -o "$work/02.eddy" >/dev/null || fail "eddy-level (package) failed on level 2"
cmp -s "$work/02.eddy" "$TREE_BUILD/assets/levels/02-paddle.eddy" ||
    fail "eddy-level built from the package wrote another level 2 asset than the tree's"
echo "check_install: eddy-game, eddy-paint and eddy-level built from the package agree with" \
    "the tree's (replay hash, jet.mode, level 2's asset)"

# ------------------------------------------------------------ tools
for t in precompute sim eddy-game eddy-paint eddy-level; do
    [ -x "$prefix/bin/$t" ] || fail "$t is not installed"
    "$prefix/bin/$t" --help >/dev/null || fail "$t --help failed"
done
echo "check_install: $n headers, 8 pkg-config packages, $((4 + own)) example builds, 5 tools: all good"
