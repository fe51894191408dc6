#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# bench_paper.sh CHROMIUM WEB_DIR NATIVE_SIM - the paper's game scene
# (assets/scenes/paper-game.json, 15 bodies on a 64-cell, 73-mode asset),
# 3000 steps by tools/sim.c in a page (WEB_DIR/bench/sim.html, headless
# Chromium from a loopback server) and natively, one after the other; prints
# the median and mean step times (sim's "total") and their ratios.
set -eu
chromium=$1
web=$2
native=$3
out="$web/check"
mkdir -p "$out"
here=$(dirname "$0")
. "$(dirname "$0")/serve_start.sh"
serve_start "$web" 300 "$out/serve-bench.txt"
node "$here/play_page.js" "$chromium" "http://127.0.0.1:$port/bench/sim.html" "$out/paper.png" \
    1000000 120 >"$out/paper.json" || true
# the median (steady state: the browser first runs the WebAssembly through
# its quick compiler, then its optimising one) and the mean
page=$(node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  try { const t = JSON.parse(r.page.summary).summary.timings_ms.total; console.log(t.median, t.mean); }
  catch (e) { console.log("none"); }' "$out/paper.json")
native_ms=$("$native" --asset "$web/bench/paper.eddy" --scene assets/scenes/paper-game.json \
    --steps 3000 --every 3000 | tail -n 1 | node -e '
  let s = ""; process.stdin.on("data", (d) => s += d).on("end", () => {
    try { const t = JSON.parse(s).summary.timings_ms.total; console.log(t.median, t.mean); }
    catch (e) { console.log("none"); } });')
if [ "$page" = none ] || [ "$native_ms" = none ]; then
    echo "bench_paper: no timing (page: $page, native: $native_ms; see $out/paper.json)" >&2
    exit 1
fi
node -e 'const [pm, pa, nm, na] = process.argv.slice(1).map(Number);
  console.log(`paper-game step (sim, 3000 steps): median ${pm.toFixed(3)} ms in the page, ` +
              `${nm.toFixed(3)} ms native (${(pm / nm).toFixed(2)}x); mean ${pa.toFixed(3)} ms, ` +
              `${na.toFixed(3)} ms (${(pa / na).toFixed(2)}x)`);' $page $native_ms
