#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# check_page.sh CHROMIUM WEB_DIR NATIVE_BITS - opens WEB_DIR/example.html?check
# in headless Chromium from a loopback server (platform/web/serve.js) and
# checks what the page reports: it ran to the end, its fluid's energy after
# three seconds has the same bits as the native run of the same stir on the
# same asset (NATIVE_BITS: platform/windows/bits.c built for Linux), and it
# drew something. Leaves a screenshot in WEB_DIR/check/example.png.
set -eu
chromium=$1
web=$2
native_bits=$3
out="$web/check"
mkdir -p "$out"

. "$(dirname "$0")/serve_start.sh"
serve_start "$web" 90 "$out/serve.txt"
url="http://127.0.0.1:$port/example.html?check"
# Virtual time: the page's timers run as fast as the machine allows and the
# run ends in the same state however busy the machine is.
flags="--headless=new --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=30000"
# shellcheck disable=SC2086 # flags are words
timeout 120 "$chromium" $flags --dump-dom "$url" >"$out/example.dom" 2>"$out/chromium.log" || true
# shellcheck disable=SC2086
timeout 120 "$chromium" $flags --window-size=1000,640 --screenshot="$out/example.png" "$url" \
    >/dev/null 2>>"$out/chromium.log" || true

state=$(sed -n 's/.*id="result" data-state="\([a-z]*\)".*/\1/p' "$out/example.dom")
if [ "$state" != done ]; then
    echo "check_page: the page ended in state '${state:-none}':" >&2
    grep -A3 'id="result"' "$out/example.dom" >&2 || true
    exit 1
fi
page_energy=$(awk '/id="result"/{sub(/.*>energy /, ""); print $1; exit}' "$out/example.dom")
lit=$(awk '/^lit /{print $2; exit}' "$out/example.dom")
native_energy=$("$native_bits" "$web/tank.eddy" | awk '/^step 180 energy/{print $4}')
same=$(node -e '
  const b = Buffer.alloc(8); b.writeDoubleBE(Number(process.argv[1]));
  const page = b.toString("hex");
  const m = /^(-?)0x([01])\.([0-9a-f]*)p([+-]\d+)$/.exec(process.argv[2]);
  if (!m) { console.log("no native number"); process.exit(); }
  const e = Number(m[4]) + 1023 - (m[2] === "0" ? 1 : 0);
  const bits = (BigInt(m[1] ? 1 : 0) << 63n) | (BigInt(m[2] === "0" ? 0 : e) << 52n) |
               BigInt("0x" + (m[3] + "0000000000000").slice(0, 13));
  console.log(page === bits.toString(16).padStart(16, "0") ? "same" : page + " vs " + bits.toString(16));
' "$page_energy" "$native_energy")
if [ "$same" != same ]; then
    echo "check_page: the page's energy $page_energy differs from native $native_energy ($same)" >&2
    exit 1
fi
if [ "${lit:-0}" -lt 1000 ]; then
    echo "check_page: the page drew almost nothing (${lit:-0} lit pixels)" >&2
    exit 1
fi
echo "example.html (Chromium): energy $page_energy, the same bits as Linux; $lit pixels drawn; screenshot $out/example.png"
