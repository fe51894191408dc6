#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# check_layers.sh BUILD [INTERNAL...] - every folder of C sources reaches
# only what its rules allow (README, "Architecture"). Run by `make test`
# (make layers). INTERNAL: the program sources allowed to reach engine
# internals, as the Makefile names them (BENCH_INTERNAL, FUZZ_INTERNAL).
#
# The engine's layers only reach down. A layer may use itself and the layers
# listed after it here; the public headers of include/eddy belong to the
# layer that implements them:
#
#   core      errors, files, the container, the MAC grid   eddy_base.h eddy_file.h eddy_mac.h
#   panels    vortex panels, far field, quadtree           (none)
#   fluid     basis, tensor, Taylor step, the asset        eddy.h
#   bodies    the rigid-body port and its Box2D backend    eddy_body.h eddy_box2d_v3.h
#                                                          eddy_box2d_v24.h eddy_rigid.h
#   coupling  the coupled step, forces, feedback           eddy_coupling.h eddy_surface.h
#   scene     JSON scenes (libeddy-scene)                  eddy_scene.h
#   builder   the precompute side (libeddy-build)          eddy_build.h eddy_grid.h eddy_mode.h
#
# The programs sit above every layer and see the public API only, included
# as <eddy/NAME.h> (the way they would from an installed eddy), plus the
# headers of their own folder and of the folders listed for it:
#
#   game/eddy-game  game/eddy-game tools        (eddy-game, eddy-level)
#   game/paint      game/paint tools            (eddy-paint)
#   tools           tools                       (sim; cli.h is every tool's)
#   precompute      precompute tools
#   examples        (none: <eddy/...> only, built against the installed package)
#   adapters/NAME   adapters/NAME               (an engine adapter: the rigid-body table of
#                   eddy_rigid.h filled over one physics engine, its own archive; it sees
#                   the public API and its own folder only, never engine/ - so
#                   adapters/chipmunk, and any adapter added beside it)
#   platform        (none: <eddy/...> only; the Windows check's program)
#   bench           bench game/eddy-game tools  (bench_game plays the game's levels)
#   fuzz            fuzz game/eddy-game game/paint tools
#   tests           (and adapters/chipmunk) anything: tests check internals on purpose (engine headers
#                   by bare name, the programs' headers, internal symbols)
#
# Six checks:
#   1. engine includes: every #include "NAME" in engine/ and include/eddy/
#      names a header of an allowed layer, and no header name is in two
#      folders;
#   2. engine symbols: every function or variable an object file of
#      BUILD/engine uses from another object is defined in an allowed layer
#      (this sees calls through a declaration the first check cannot, e.g.
#      one written by hand);
#   3. program includes: every #include of every C source and header outside
#      engine/ and include/ follows its folder's rule above (a folder with no
#      rule fails), and an INTERNAL source alone may name engine headers;
#   4. program symbols: every engine symbol an object of BUILD/obj (the
#      programs' objects) uses is one the public headers mark EDDY_API or
#      EDDY_SCENE_API or EDDY_BUILD_API, i.e. one the shared libraries
#      export;
#   5. internal names: every global of BUILD/engine spelled eddy_* is named
#      by a public header; the rest are spelled eddyi_*;
#   6. no Box2D in the run time: BUILD/libeddy.a and BUILD/libeddy.so
#      (nm) name no b2* symbol; the backends are the Box2D adapters'
#      libraries (libeddy-box2d, libeddy-box2d-v3).
# Within a layer files may use each other; the one cycle between files is
# by design the rigid-body port and its backend (bodies/body_port.h).
set -eu

build=${1:-build}
[ $# -gt 0 ] && shift
internal=" $* "
cd "$(dirname "$0")/.."

allowed() {
    case $1 in
    core) echo "core" ;;
    panels) echo "panels core" ;;
    fluid) echo "fluid panels core" ;;
    bodies) echo "bodies core" ;;
    coupling) echo "coupling fluid panels bodies core" ;;
    scene) echo "scene coupling fluid panels bodies core" ;;
    builder) echo "builder scene coupling fluid panels bodies core" ;;
    *) echo "" ;;
    esac
}

public_layer() {
    case $1 in
    eddy_base.h | eddy_file.h | eddy_mac.h) echo core ;;
    eddy.h) echo fluid ;;
    eddy_body.h | eddy_box2d_v3.h | eddy_box2d_v24.h | eddy_rigid.h) echo bodies ;;
    eddy_coupling.h | eddy_surface.h) echo coupling ;;
    eddy_scene.h) echo scene ;;
    eddy_build.h | eddy_grid.h | eddy_mode.h) echo builder ;;
    *) echo "" ;;
    esac
}

bad=0
fail() {
    echo "check_layers: $*" >&2
    bad=1
}

# ------------------------------------------------------------ headers -> layer
map=$(mktemp)
trap 'rm -f "$map" "$map.defs" "$map.uses" "$map.public" "$map.objuses"' EXIT
for h in include/eddy/*.h; do
    name=$(basename "$h")
    layer=$(public_layer "$name")
    [ -n "$layer" ] || fail "$h: a public header with no layer (add it to public_layer)"
    echo "$name $layer" >>"$map"
done
for dir in engine/*/; do
    layer=$(basename "$dir")
    [ -n "$(allowed "$layer")" ] || fail "engine/$layer: a layer with no rule (add it to allowed)"
    for h in "$dir"*.h; do
        [ -e "$h" ] || continue
        echo "$(basename "$h") $layer" >>"$map"
    done
done
dups=$(awk '{print $1}' "$map" | sort | uniq -d)
for d in $dups; do fail "header name $d is in two folders (includes are by bare name)"; done

# ------------------------------------------------------------ 1. includes
checked=0
for f in include/eddy/*.h engine/*/*.c engine/*/*.cpp engine/*/*.h; do
    [ -e "$f" ] || continue
    case $f in
    include/*) from=$(public_layer "$(basename "$f")") ;;
    *) from=$(echo "$f" | cut -d/ -f2) ;;
    esac
    ok=$(allowed "$from")
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
        to=$(awk -v n="$inc" '$1 == n {print $2; exit}' "$map")
        if [ -z "$to" ]; then
            fail "$f includes \"$inc\", which is no header of include/eddy or engine/"
            continue
        fi
        case " $ok " in
        *" $to "*) ;;
        *) fail "$f ($from) includes $inc ($to): $from may use only: $ok" ;;
        esac
        checked=$((checked + 1))
    done
done

# ------------------------------------------------------------ 2. symbols
objs=$(find "$build/engine" -name '*.o' 2>/dev/null | sort)
edges=0
if [ -z "$objs" ]; then
    fail "no object files under $build/engine: build the libraries first"
else
    : >"$map.defs"
    : >"$map.uses"
    for o in $objs; do
        layer=$(echo "$o" | sed "s|^$build/engine/||" | cut -d/ -f1)
        nm "$o" | awk -v l="$layer" -v o="$o" -v defs="$map.defs" -v uses="$map.uses" '
            NF == 3 && $2 ~ /^[TDRBC]$/ { print $3, l >> defs }
            NF == 2 && $1 == "U" { print $2, l, o >> uses }'
    done
    rules=""
    for l in core panels fluid bodies coupling scene builder; do
        rules="$rules$l:$(allowed "$l" | tr ' ' ',');"
    done
    report=$(awk -v rules="$rules" '
        BEGIN {
            n = split(rules, r, ";")
            for (i = 1; i <= n; i++) {
                if (r[i] == "") continue
                split(r[i], kv, ":")
                m = split(kv[2], to, ",")
                for (j = 1; j <= m; j++) ok[kv[1] " " to[j]] = 1
            }
        }
        FILENAME == ARGV[1] { owner[$1] = $2; next }
        ($1 in owner) {
            edges++
            if (!((($2 " " owner[$1]) in ok)))
                print "BAD " $3 " (" $2 ") uses " $1 " of the " owner[$1] " layer"
        }
        END { print "EDGES " edges + 0 }' "$map.defs" "$map.uses")
    edges=$(echo "$report" | sed -n 's/^EDGES //p')
    echo "$report" | sed -n 's/^BAD //p' | while read -r line; do
        echo "check_layers: $line" >&2
    done
    if echo "$report" | grep -q '^BAD '; then bad=1; fi
fi

# ------------------------------------------------- 5. internal names
# A global the engine defines is either named in a public header
# (include/eddy/) or spelled eddyi_*, so nobody reading a stack trace or an
# nm listing mistakes an internal function for API (docs/design.md, "Names").
if [ -s "$map.defs" ]; then
    cat include/eddy/*.h | grep -o '\<eddy_[A-Za-z0-9_]*' | sort -u >"$map.named"
    for sym in $(awk '$1 ~ /^eddy_/ {print $1}' "$map.defs" | sort -u | comm -23 - "$map.named"); do
        fail "the engine defines $sym, which no public header names: internal globals are spelled eddyi_*"
    done
fi

# ------------------------------------------------------------ 3. program includes
# the game's rooms (game/eddy-game/*/, the Makefile's GAME_ROOMS) and the kit
game_dirs="game/eddy-game/core game/eddy-game/level game/eddy-game/play game/eddy-game/render game/eddy-game/app game/kit"
program_rule() {
    case $1 in
    game/eddy-game/* | game/kit/*) echo "$game_dirs tools" ;;
    game/paint/*) echo "game/paint game/kit tools" ;;
    tools/*) echo "tools" ;;
    precompute/*) echo "precompute tools" ;;
    examples/*) echo "-" ;;
    adapters/*/*) echo "$(dirname "$1")" ;;
    platform/*) echo "-" ;;
    bench/*) echo "bench $game_dirs tools" ;;
    fuzz/*) echo "fuzz $game_dirs game/paint tools" ;;
    tests/*) echo "tests $game_dirs game/paint tools fuzz adapters/chipmunk" ;;
    *) echo "" ;;
    esac
}
engine_header() { [ -n "$(awk -v n="$1" '$1 == n {print $2; exit}' "$map")" ]; }
in_dirs() {
    name=$1
    shift
    for d in "$@"; do [ -e "$d/$name" ] && return 0; done
    return 1
}
programs=0
sources=$(find . -path ./build -prune -o -path ./.git -prune -o -path ./engine -prune -o \
    -path ./include -prune -o \( -name '*.c' -o -name '*.cpp' -o -name '*.h' \) -print |
    sed 's|^\./||' | sort)
for f in $sources; do
    dirs=$(program_rule "$f")
    if [ -z "$dirs" ]; then
        fail "$f: a folder with no rule (add it to program_rule and the list at the top)"
        continue
    fi
    programs=$((programs + 1))
    case "$internal" in *" $f "*) may_internal=1 ;; *) may_internal=0 ;; esac
    case $f in tests/*) may_internal=1 ;; esac
    # shellcheck disable=SC2086 # dirs are words
    [ "$dirs" = "-" ] && set -- || set -- $dirs
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<eddy\/\([^>]*\)>.*/\1/p' "$f"); do
        # an adapter's header is installed beside the public ones (<eddy/eddy_chipmunk.h>)
        [ -e "include/eddy/$inc" ] || in_dirs "$inc" adapters/*/ ||
            fail "$f includes <eddy/$inc>, which is no public header"
    done
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
        if [ $may_internal -eq 1 ] && [ -e "$(dirname "$f")/$inc" ]; then
            continue # a test including a fuzz target's source by its path
        fi
        case $inc in
        */*) fail "$f includes \"$inc\": name a header by its file name (the Makefile sets -I)" ;;
        esac
        if in_dirs "$inc" "$@"; then
            continue
        elif [ -e "include/eddy/$inc" ] && [ $may_internal -eq 0 ]; then
            fail "$f includes \"$inc\": include a public header as <eddy/$inc>"
        elif engine_header "$inc"; then
            [ $may_internal -eq 1 ] ||
                fail "$f includes \"$inc\", an engine header: its folder sees the public API only (a bench or fuzz target that must reach internals is named in the Makefile's BENCH_INTERNAL or FUZZ_INTERNAL)"
        else
            fail "$f includes \"$inc\", which is in none of: ${*:-<eddy/...> only}"
        fi
    done
done

# ------------------------------------------------------------ 4. program symbols
public=$(sed -n 's/^EDDY_\(BUILD_\|SCENE_\)\{0,1\}API [^(]*[ *]\([A-Za-z_][A-Za-z_0-9]*\)(.*/\2/p' \
    include/eddy/*.h | sort -u)
app_objs=$(find "$build/obj" -name '*.o' 2>/dev/null | sort)
app_uses=0
if [ -z "$app_objs" ]; then
    fail "no object files under $build/obj: build the programs first"
elif [ -s "$map.defs" ]; then
    echo "$public" >"$map.public"
    for o in $app_objs; do
        src=$(echo "$o" | sed "s|^$build/obj/||; s|\.o$|.c|")
        case "$internal" in *" $src "*) continue ;; esac
        nm -u "$o" | awk '{print $NF}' | sort -u >"$map.objuses"
        bad_syms=$(awk 'FILENAME == ARGV[1] { def[$1] = 1; next }
                        FILENAME == ARGV[2] { pub[$1] = 1; next }
                        ($1 in def) { n++; if (!($1 in pub)) print $1 }
                        END { print "COUNT " n + 0 }' "$map.defs" "$map.public" "$map.objuses")
        app_uses=$((app_uses + $(echo "$bad_syms" | sed -n 's/^COUNT //p')))
        for sym in $(echo "$bad_syms" | grep -v '^COUNT '); do
            fail "$src uses $sym, an engine internal the shared libraries do not export"
        done
    done
fi

# ------------------------------------------------------------ 6. no Box2D in libeddy
# The run time serves every engine: Box2D lives in the adapter libraries
# (libeddy-box2d, libeddy-box2d-v3) alone, so neither form of libeddy
# defines or uses a Box2D symbol (b2*, C or C++; docs/design.md, "Libraries").
box2d_syms=0
for lib in "$build/libeddy.a" "$build/libeddy.so"; do
    if [ ! -e "$lib" ]; then
        fail "$lib is missing: build the libraries first"
        continue
    fi
    if [ "${lib%.so}" = "$lib" ]; then list=$(nm -C "$lib" 2>/dev/null); else list=$(nm -C -D "$lib"); fi
    found=$(printf '%s\n' "$list" | grep -E '(^|[^A-Za-z0-9_])b2[A-Za-z_]' | sort -u | head -n 5 || true)
    box2d_syms=$((box2d_syms + 1))
    if [ -n "$found" ]; then
        fail "$lib names Box2D symbols (they belong in the adapter library): $(echo "$found" | tr -s ' \n' ' ')"
    fi
done

if [ $bad -ne 0 ]; then
    echo "check_layers: FAILED (layers, bottom up: core, panels, fluid, bodies, coupling | scene, builder | programs)" >&2
    exit 1
fi
echo "check_layers: $checked includes and $edges cross-object uses all reach down;" \
    "$programs program sources and $app_uses uses of the library by program objects keep to the public API;" \
    "libeddy.a and libeddy.so name no Box2D symbol"
