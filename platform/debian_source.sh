# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# debian_source.sh - sourced by platform/windows/deps.sh and platform/web/deps.sh:
# how both get a library's source from Debian and build it once with CMake.
# The caller sets PREFIX (an absolute folder) and SRC (where sources unpack).
#
#   unpack PACKAGE FOLDER       `apt-get source PACKAGE` into $SRC, once (after
#                               a deb-src line for the machine's release, added
#                               if the machine has none); prints the folder
#   build_cmake NAME DIR ARGS   configure ($CMAKE_LAUNCHER cmake), build, install
#                               into $PREFIX, once (a stamp in $PREFIX says so)

as_root=()
if [ "$(id -u)" -ne 0 ]; then as_root=(sudo); fi

# The source lines: the same mirror and release as the machine's own lines.
# write_source_lines only writes them (false when the machine has some
# already); .ci/install-deps calls it before its own apt-get update, so the
# two platform builds that make check runs side by side never update at once.
write_source_lines() {
    local list=/etc/apt/sources.list.d/eddy-deb-src.sources
    if [ -f "$list" ] || grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
        return 1
    fi
    local codename
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' \
        "Suites: $codename $codename-updates" 'Components: main' \
        'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' |
        "${as_root[@]}" tee "$list" >/dev/null
}

add_source_lines() {
    if write_source_lines; then
        "${as_root[@]}" apt-get update -q >&2
    fi
}

unpack() {
    local pkg=$1
    local dir # FOLDER-VERSION: libsdl2-2.26 is not libsdl2-ttf-2.20
    dir=$(find "$SRC" -maxdepth 1 -mindepth 1 -type d -name "${2}-[0-9]*" | head -n1)
    if [ -z "$dir" ]; then
        add_source_lines
        (cd "$SRC" && apt-get source -q --download-only "$pkg" >&2 &&
            dpkg-source -x --no-check "$(ls ${pkg}_*.dsc | head -n1)" >&2)
        dir=$(find "$SRC" -maxdepth 1 -mindepth 1 -type d -name "${2}-[0-9]*" | head -n1)
    fi
    echo "$dir"
}

build_cmake() {
    local name=$1 dir=$2
    shift 2
    [ -f "$PREFIX/.$name.stamp" ] && return 0
    echo "${PLATFORM_NAME:-deps}: building $name from Debian's source ($dir)" >&2
    ${CMAKE_LAUNCHER:-} cmake -S "$dir" -B "$PREFIX/build-$name" "$@" >"$PREFIX/$name.log" 2>&1
    cmake --build "$PREFIX/build-$name" -j2 >>"$PREFIX/$name.log" 2>&1
    cmake --install "$PREFIX/build-$name" >>"$PREFIX/$name.log" 2>&1
    touch "$PREFIX/.$name.stamp"
}
