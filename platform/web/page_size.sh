#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# page_size.sh WEB_DIR - the game page's download, as it is and compressed
# (gzip -9, as a server would send it): first what opening the page costs
# (index.html, .js, .wasm and .data, which packs the first level's asset),
# then each level's asset fetched when the player first opens that level
# (WEB_DIR/levels/*.eddy).
set -eu
web=$1
mb() { awk -v b="$1" 'BEGIN{printf "%.2f", b / 1048576}'; }
total=0 total_gz=0 line=
for f in index.html index.js index.wasm index.data; do
    size=$(wc -c <"$web/$f")
    gz=$(gzip -9 -c "$web/$f" | wc -c)
    total=$((total + size)) total_gz=$((total_gz + gz))
    line="$line $f $(mb "$gz"),"
done
echo "index.html first download: $(mb "$total") MB, $(mb "$total_gz") MB compressed (gzip -9:${line%,})"
lazy=0 lazy_gz=0 line=
for f in "$web"/levels/*.eddy; do
    [ -f "$f" ] || continue
    size=$(wc -c <"$f")
    gz=$(gzip -9 -c "$f" | wc -c)
    lazy=$((lazy + size)) lazy_gz=$((lazy_gz + gz))
    line="$line $(basename "$f" .eddy) $(mb "$gz"),"
done
echo "levels fetched when first opened: $(mb "$lazy") MB, $(mb "$lazy_gz") MB compressed in all (gzip -9, MB:${line%,})"
