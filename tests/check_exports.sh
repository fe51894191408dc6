#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# check_exports.sh LIB MARK HEADER... - the shared library LIB exports exactly
# the functions the headers declare with MARK (EDDY_API, EDDY_SCENE_API or EDDY_BUILD_API):
# nothing internal leaks out (-fvisibility=hidden), and no public function
# is missing its mark. Run by `make check-exports` (with EXCEPT and ALSO for
# the split between libeddy and its Box2D adapter, below). A marked declaration
# names its function on its first line: "MARK type name(".
set -eu
lib=$1
mark=$2
shift 2
exported=$(mktemp)
declared=$(mktemp)
trap 'rm -f "$exported" "$declared"' EXIT
nm -D --defined-only "$lib" | awk '$2 ~ /^[TDBRVWiu]$/ {print $3}' | sort >"$exported"
# EXCEPT: names the headers declare that another library defines (the Box2D
# adapter's eddy_world_create, declared in eddy_body.h); ALSO: names declared
# in a header not given, which LIB defines too.
{
    sed -n "s/^$mark [^(]*[ *]\([A-Za-z_][A-Za-z_0-9]*\)(.*/\1/p" "$@"
    for name in ${ALSO:-}; do echo "$name"; done
} | sort -u | grep -v -x -F "$(printf '%s\n' ${EXCEPT:-} '#none#')" >"$declared" || true
if ! cmp -s "$exported" "$declared"; then
    echo "check_exports: $lib does not export exactly the $mark functions of $*:" >&2
    comm -23 "$exported" "$declared" | sed 's/^/  exported, not declared public: /' >&2
    comm -13 "$exported" "$declared" | sed 's/^/  declared public, not exported: /' >&2
    exit 1
fi
echo "check_exports: $(basename "$lib") exports its $(wc -l <"$declared") $mark functions and nothing else"
