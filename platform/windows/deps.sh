#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# Builds the libraries the Windows cross-build links (Box2D 2.4, cJSON,
# cmocka) for x86_64-w64-mingw32 from Debian's own source packages, into
# PREFIX (default build/windows/deps). Nothing is downloaded from anywhere but
# Debian: `apt-get source` after a deb-src line this script adds for the
# release the machine runs (as root, or through sudo). A library already
# built (its stamp in PREFIX) is kept, so only the first run pays.
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

build_cmake box2d "$(unpack box2d box2d)" "${TOOLCHAIN[@]}" -DBOX2D_BUILD_UNIT_TESTS=OFF -DBOX2D_BUILD_TESTBED=OFF \
    -DBOX2D_BUILD_DOCS=OFF
build_cmake cjson "$(unpack cjson cjson)" "${TOOLCHAIN[@]}" -DENABLE_CJSON_TEST=OFF -DBUILD_SHARED_AND_STATIC_LIBS=OFF \
    -DENABLE_CUSTOM_COMPILER_FLAGS=OFF
build_cmake cmocka "$(unpack cmocka cmocka)" "${TOOLCHAIN[@]}" -DWITH_STATIC_LIB=ON -DUNIT_TESTING=OFF -DWITH_EXAMPLES=OFF
echo "windows deps: ready in $PREFIX" >&2
