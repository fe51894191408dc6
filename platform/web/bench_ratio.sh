#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# bench_ratio.sh CHROMIUM WEB_DIR NATIVE_GAME NATIVE_SIM ROUNDS LEVEL... -
# make web-bench: the loopback server on WEB_DIR, then bench_ratio.js (the
# page against the native build, alternating over ROUNDS rounds).
set -eu
web=$2
. "$(dirname "$0")/serve_start.sh"
mkdir -p "$web/check"
serve_start "$web" 1800 "$web/check/serve-bench.txt"
chromium=$1
shift 2
node "$(dirname "$0")/bench_ratio.js" "$chromium" "$web" "$port" "$@"
