#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# check_layers.sh BUILD - the engine's layers only reach down (README,
# ARCHITECTURE). Run by `make test` (make layers).
#
# A layer may use itself and the layers listed after it here; the public
# headers of include/eddy belong to the layer that implements them:
#
#   core      errors, files, the container, the MAC grid   eddy_base.h
#   panels    vortex panels, far field, quadtree           (none)
#   fluid     basis, tensor, Taylor step, the asset        eddy.h
#   bodies    the rigid-body port and its Box2D backend    eddy_body.h eddy_box2d_v3.h
#                                                          eddy_box2d_v24.h
#   coupling  the coupled step, forces, feedback           eddy_coupling.h eddy_surface.h
#   scene     JSON scenes (libeddy-build)                  eddy_scene.h
#   builder   the precompute side (libeddy-build)          eddy_build.h eddy_mode.h
#
# Two checks:
#   1. includes: every #include "NAME" in engine/ and include/eddy/ names a
#      header of an allowed layer, and no header name is in two folders;
#   2. symbols: every function or variable an object file of BUILD/engine
#      uses from another object is defined in an allowed layer (this sees
#      calls through a declaration the first check cannot, e.g. one written
#      by hand).
# Within a layer files may use each other; the one cycle between files is
# by design the rigid-body port and its backend (bodies/body_port.h).
set -eu

build=${1:-build}
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
    eddy_base.h) echo core ;;
    eddy.h) echo fluid ;;
    eddy_body.h | eddy_box2d_v3.h | eddy_box2d_v24.h) echo bodies ;;
    eddy_coupling.h | eddy_surface.h) echo coupling ;;
    eddy_scene.h) echo scene ;;
    eddy_build.h | eddy_mode.h) echo builder ;;
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
trap 'rm -f "$map" "$map.defs" "$map.uses"' EXIT
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

if [ $bad -ne 0 ]; then
    echo "check_layers: FAILED (layers, bottom up: core, panels, fluid, bodies, coupling | scene, builder)" >&2
    exit 1
fi
echo "check_layers: $checked includes and $edges cross-object uses all reach down"
