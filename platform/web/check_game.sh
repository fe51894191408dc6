#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# check_game.sh CHROMIUM WEB_DIR NATIVE_GAME LEVEL... - plays the recorded
# win of each LEVEL (an id: assets/replays/LEVEL.replay) through the game's
# page, WEB_DIR/index.html?replay=LEVEL&fast, in headless Chromium from a
# loopback server (serve.js), driven by play_page.js. Each must:
#   - be won in the page;
#   - win at the same time as the native game (NATIVE_GAME --headless);
#   - show the running level in a screenshot (WEB_DIR/check/LEVEL.png) with
#     water, warm bodies and goals, and bright text (png_look.js).
# Prints each level's step time measured in the page beside the native one.
set -eu
chromium=$1
web=$2
native=$3
shift 3
out="$web/check"
mkdir -p "$out"
here=$(dirname "$0")

. "$(dirname "$0")/serve_start.sh"
serve_start "$web" 600 "$out/serve-game.txt"

failed=0
for level in "$@"; do
    json="$out/$level.json"
    png="$out/$level.png"
    rm -f "$png"
    node "$here/play_page.js" "$chromium" "http://127.0.0.1:$port/index.html?replay=$level&fast" \
        "$png" 240 240 >"$json" || true
    # the page's report, then the native game's run of the same replay
    page=$(node -e '
      const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
      if (r.error) { console.log("error " + JSON.stringify(r.error) + " page " + JSON.stringify(r.page || {})); process.exit(); }
      const p = r.page;
      console.log([p.status, p.frame, p.finish, p.stepMs, p.drawMs, p.steps,
                   r.shot ? r.shot.frame : -1, r.seconds].join(" "));' "$json")
    set -- $page
    if [ "$1" != won ]; then
        echo "check_game: $level: the page did not win ($page); its last console lines:" >&2
        node -e 'const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
          for (const l of (r.console || []).slice(-8)) console.error("  " + l);' "$json" >&2 || true
        failed=$((failed + 1))
        continue
    fi
    finish=$3 step=$4 draw=$5 shot_frame=$7 wall=$8
    native_line=$("$native" --headless --level "$level" --replay "assets/replays/$level.replay" \
        2>/dev/null || true)
    set -- $(printf '%s' "$native_line" | node -e '
      let s = ""; process.stdin.on("data", (d) => s += d).on("end", () => {
        try { const j = JSON.parse(s); console.log(j.finish_time.toFixed(4) + " " + j.timings_ms.step); }
        catch (e) { console.log("none 0"); } });')
    # the same win at the same frame; the states match bit for bit for the
    # first frames and then part by the last bits of the two C libraries'
    # sin, exp... (musl's in the page, glibc's natively: README)
    if [ "$1" != "$finish" ]; then
        echo "check_game: $level: won in the page at $finish s, natively at $1 s" >&2
        failed=$((failed + 1))
        continue
    fi
    native_step=$2
    look=$(node "$here/png_look.js" "$png" 2>&1) || look="none"
    verdict=$(printf '%s' "$look" | node -e '
      let s = ""; process.stdin.on("data", (d) => s += d).on("end", () => {
        let j; try { j = JSON.parse(s); } catch (e) { console.log("no screenshot"); return; }
        const bad = [];
        if (j.colours < 500) bad.push(j.colours + " colours");
        if (j.water < 0.15) bad.push("water on " + j.water);
        if (j.warm < 0.0005) bad.push("warm (bodies, goals) on " + j.warm);
        if (j.bright < 0.0005) bad.push("bright (text) on " + j.bright);
        console.log(bad.length ? "blank-looking: " + bad.join(", ") : "ok"); });')
    if [ "$verdict" != ok ]; then
        echo "check_game: $level: the screenshot $png looks $verdict ($look)" >&2
        failed=$((failed + 1))
        continue
    fi
    ratio=$(node -e 'const [a, b] = process.argv.slice(1).map(Number);
      console.log(b > 0 ? (a / b).toFixed(2) : "?");' "$step" "$native_step")
    echo "index.html?replay=$level (Chromium): won at $finish s as natively;" \
        "step $step ms in the page, $native_step ms native (${ratio}x); drawing $draw ms a frame;" \
        "screenshot at frame $shot_frame: $look; ${wall} s"
done
test $failed -eq 0
