#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# page_size.sh WEB_DIR - the game page's download, each file and in all, as
# it is and compressed (gzip -9, as a server would send it), and how much of
# the packed data is the levels' built assets.
set -eu
web=$1
total=0 total_gz=0 line=
for f in index.html index.js index.wasm index.data; do
    size=$(wc -c <"$web/$f")
    gz=$(gzip -9 -c "$web/$f" | wc -c)
    total=$((total + size)) total_gz=$((total_gz + gz))
    line="$line $f $(awk -v b="$gz" 'BEGIN{printf "%.2f", b / 1048576}') MB,"
done
assets=$(find "${2:-build/assets}/levels" -name '*.eddy' -exec cat {} + 2>/dev/null | gzip -9 | wc -c)
awk -v t="$total" -v g="$total_gz" -v a="$assets" -v l="$line" 'BEGIN{
  printf "index.html download: %.1f MB, %.1f MB compressed (gzip -9:%s of which the levels'"'"' built assets %.1f MB)\n",
         t / 1048576, g / 1048576, l, a / 1048576 }'
