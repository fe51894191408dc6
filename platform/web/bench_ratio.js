// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// bench_ratio.js CHROMIUM WEB_DIR PORT NATIVE_GAME NATIVE_SIM ROUNDS LEVEL...
// - the page's speed as a ratio to the native build, measured in one run
// (make web-bench; bench_ratio.sh starts the loopback server on WEB_DIR and
// passes its PORT). Two workloads, each run ROUNDS times in the page and
// natively, the two sides alternating (page then native in odd rounds,
// native then page in even ones):
//   - the paper's game scene (assets/scenes/paper-game.json, 3000 steps of
//     tools/sim.c): WEB_DIR/bench/sim.html in headless Chromium against
//     NATIVE_SIM; a run's time is its median step (sim's "total");
//   - each LEVEL's recorded win (assets/replays/LEVEL.replay):
//     WEB_DIR/index.html?replay=LEVEL&fast against NATIVE_GAME --headless;
//     a run's time is its mean step over the replay, and both must win.
// The machine this runs on may be busy: a run's time then swings with what
// else runs, on either side. Alternating the sides spreads the load over
// both, and each side's minimum over the rounds is its least disturbed run:
// the ratio of the minima is the figure to quote; the medians' ratio is
// printed beside it. Exits 1 when a run fails or a replay is not won.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [chromium, web, port, nativeGame, nativeSim, roundsArg, ...levels] = process.argv.slice(2);
const rounds = Number(roundsArg);
if (!chromium || !web || !port || !nativeGame || !nativeSim || !(rounds >= 1)) {
  console.error('usage: bench_ratio.js CHROMIUM WEB_DIR PORT NATIVE_GAME NATIVE_SIM ROUNDS LEVEL...');
  process.exit(64);
}
const here = __dirname;
const out = path.join(web, 'check');
fs.mkdirSync(out, { recursive: true });
const base = `http://127.0.0.1:${port}`;

function fail(what, detail) {
  console.error(`bench_ratio: ${what}${detail ? ': ' + detail : ''}`);
  process.exit(1);
}
function run(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) fail(`${cmd} did not run`, r.error.message);
  return r.stdout || '';
}
function lastJson(text, what) {
  const lines = text.trim().split('\n');
  try { return JSON.parse(lines[lines.length - 1]); } catch (e) { return fail(what + ': no JSON line', text.slice(-300)); }
}
// the page through play_page.js (its JSON line: the page's last report)
function page(url, png, shotFrame, seconds) {
  const r = lastJson(run('node', [path.join(here, 'play_page.js'), chromium, url, png,
    String(shotFrame), String(seconds)]), url);
  if (r.error) fail(url, JSON.stringify(r.error) + ' ' + JSON.stringify(r.page || {}));
  return r.page;
}

const work = [{
  name: 'paper-game step (sim, 3000 steps, median step)',
  page() {
    const p = page(`${base}/bench/sim.html`, path.join(out, 'paper.png'), 1000000, 120);
    try { return JSON.parse(p.summary).summary.timings_ms.total.median; } catch (e) { return fail('sim.html: no summary', JSON.stringify(p)); }
  },
  native() {
    const j = lastJson(run(nativeSim, ['--asset', path.join(web, 'bench/paper.eddy'), '--scene',
      'assets/scenes/paper-game.json', '--steps', '3000', '--every', '3000']), 'native sim');
    return j.summary.timings_ms.total.median;
  },
}];
for (const level of levels) {
  let pageFinish = null;
  work.push({
    name: `level ${level}, a step (mean over its replay)`,
    page() {
      const p = page(`${base}/index.html?replay=${level}&fast`, path.join(out, `${level}.png`), 240, 300);
      if (p.status !== 'won') fail(`index.html?replay=${level}: not won`, JSON.stringify(p));
      if (pageFinish !== null && pageFinish !== p.finish) fail(`${level}: the page won at ${p.finish} s, before at ${pageFinish} s`);
      pageFinish = p.finish;
      return Number(p.stepMs);
    },
    native() {
      const j = lastJson(run(nativeGame, ['--headless', '--level', level, '--replay',
        `assets/replays/${level}.replay`]), `native ${level}`);
      if (j.status !== 'won') fail(`native ${level}: not won`, j.status);
      return j.timings_ms.step;
    },
  });
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ');
console.log(`web-bench: ${rounds} rounds, the page and the native build alternating; load average ${load()}`);
const times = work.map(() => ({ page: [], native: [] }));
for (let r = 1; r <= rounds; r++) {
  const order = r % 2 ? ['page', 'native'] : ['native', 'page'];
  work.forEach((w, i) => {
    for (const side of order) times[i][side].push(w[side]());
    console.log(`  round ${r}: ${w.name}: page ${times[i].page[r - 1].toFixed(3)} ms, ` +
                `native ${times[i].native[r - 1].toFixed(3)} ms`);
  });
}
const min = (a) => Math.min(...a);
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(`web-bench: load average ${load()} at the end (1, 5, 15 min; ${os.cpus().length} cores). ` +
            'A busy machine slows either side by turns: the ratio of the minima over the ' +
            'alternating rounds is the one to quote, the medians\' beside it.');
work.forEach((w, i) => {
  const t = times[i];
  console.log(`${w.name}: page ${min(t.page).toFixed(3)} ms, native ${min(t.native).toFixed(3)} ms ` +
              `(minima, ${(min(t.page) / min(t.native)).toFixed(2)}x); medians ${median(t.page).toFixed(3)} ms, ` +
              `${median(t.native).toFixed(3)} ms (${(median(t.page) / median(t.native)).toFixed(2)}x)`);
});
