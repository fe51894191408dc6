// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// play_page.js CHROMIUM URL OUT_PNG [SHOT_FRAME [SECONDS]] - opens URL (the
// game's page, index.html?replay=ID&fast) in headless Chromium, driven
// through the DevTools protocol over a pipe (--remote-debugging-pipe: no
// port, no WebSocket, nothing to install), and watches what the page
// reports on <body> (platform/web/shell.html). Once the level has played
// SHOT_FRAME frames (default 240) it takes a screenshot into OUT_PNG; it
// ends when the level is won or lost, the game stops, or after SECONDS
// (default 150). Prints one JSON line: the page's last report, the
// screenshot's frame, and the page's console lines. Real time, not
// virtual: the step times the page measures are the browser's own.
// EDDY_PAGE_PROFILE=FILE also records the page's CPU profile into FILE
// (platform/web/profile_top.js lists where its time went).
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const [chromium, url, outPng] = process.argv.slice(2, 5);
const shotFrame = Number(process.argv[5] || 240);
const seconds = Number(process.argv[6] || 150);
if (!chromium || !url || !outPng) {
  console.error('usage: play_page.js CHROMIUM URL OUT_PNG [SHOT_FRAME [SECONDS]]');
  process.exit(64);
}

const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'eddy-chromium-'));
const browser = spawn(chromium, [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--mute-audio',
  '--no-first-run', '--no-default-browser-check', '--disable-extensions',
  '--autoplay-policy=no-user-gesture-required', '--window-size=1280,800',
  '--user-data-dir=' + profile, '--remote-debugging-pipe',
  // EDDY_CHROMIUM_FLAGS: more switches, for an experiment (for example
  // --js-flags=--no-liftoff: the WebAssembly optimised before it first runs)
  ...(process.env.EDDY_CHROMIUM_FLAGS || '').split(' ').filter(Boolean), 'about:blank',
], { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
let stderr = '';
browser.stdio[2].on('data', (d) => { stderr = (stderr + d).slice(-4000); });
const toBrowser = browser.stdio[3], fromBrowser = browser.stdio[4];

let nextId = 1, buffer = Buffer.alloc(0);
const waiting = new Map();
const consoleLines = [];
function send(method, params = {}, sessionId) {
  const id = nextId++;
  const msg = { id, method, params };
  if (sessionId) msg.sessionId = sessionId;
  toBrowser.write(JSON.stringify(msg) + '\0');
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject, method }));
}
fromBrowser.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (let end; (end = buffer.indexOf(0)) >= 0;) {
    const msg = JSON.parse(buffer.subarray(0, end).toString('utf8'));
    buffer = buffer.subarray(end + 1);
    if (msg.id && waiting.has(msg.id)) {
      const w = waiting.get(msg.id);
      waiting.delete(msg.id);
      if (msg.error) w.reject(new Error(w.method + ': ' + msg.error.message));
      else w.resolve(msg.result);
    } else if (msg.method === 'Runtime.consoleAPICalled') {
      const text = msg.params.args.map((a) => a.value !== undefined ? String(a.value) : a.type).join(' ');
      consoleLines.push(text);
    } else if (msg.method === 'Runtime.exceptionThrown') {
      consoleLines.push('exception: ' + msg.params.exceptionDetails.text + ' ' +
        ((msg.params.exceptionDetails.exception || {}).description || ''));
    }
  }
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let finished = false;
function finish(result, code) {
  if (finished) return;
  finished = true;
  result.console = consoleLines.slice(-40);
  console.log(JSON.stringify(result));
  try { toBrowser.write(JSON.stringify({ id: nextId++, method: 'Browser.close' }) + '\0'); } catch (e) { /* gone */ }
  setTimeout(() => {
    try { browser.kill('SIGKILL'); } catch (e) { /* gone */ }
    fs.rmSync(profile, { recursive: true, force: true });
    process.exit(code);
  }, 1500);
}
browser.on('exit', () => {
  if (!finished) finish({ error: 'Chromium ended early: ' + stderr.trim().split('\n').slice(-3).join(' | ') }, 1);
});
// the page's last report goes with a timeout: where it stood
let state = {};
setTimeout(() => finish({ error: `no end after ${seconds} s`, page: state }, 1), seconds * 1000).unref();

async function main() {
  const { targetId } = await send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  await send('Runtime.enable', {}, sessionId);
  await send('Page.enable', {}, sessionId);
  await send('Emulation.setDeviceMetricsOverride',
    { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false }, sessionId);
  // EDDY_PAGE_PROFILE=FILE: the page's CPU profile (the DevTools
  // protocol's, with the WebAssembly functions' names) is written to FILE
  const profileTo = process.env.EDDY_PAGE_PROFILE;
  if (profileTo) {
    await send('Profiler.enable', {}, sessionId);
    await send('Profiler.setSamplingInterval', { interval: 200 }, sessionId);
    await send('Profiler.start', {}, sessionId);
  }
  await send('Page.navigate', { url }, sessionId);
  const started = Date.now();
  let shot = null;
  const hashes = {}; // frame -> the page's hash, at each look
  for (;;) {
    await sleep(100);
    const r = await send('Runtime.evaluate', {
      expression: 'JSON.stringify(Object.assign({}, document.body ? document.body.dataset : {},' +
        ' { note: (document.getElementById("note") || {}).textContent }))',
      returnByValue: true,
    }, sessionId);
    state = JSON.parse(r.result.value || '{}');
    const frame = Number(state.frame || 0);
    if (state.hash && state.status === 'playing') hashes[frame] = state.hash;
    const inLevel = state.status === 'playing' || state.status === 'won' || state.status === 'lost';
    if (!shot && inLevel && (frame >= shotFrame || state.status !== 'playing')) {
      const png = await send('Page.captureScreenshot', { format: 'png' }, sessionId);
      fs.writeFileSync(outPng, Buffer.from(png.data, 'base64'));
      shot = { frame, status: state.status };
    }
    if (shot && (state.status === 'won' || state.status === 'lost')) break;
    if (state.state === 'failed' || state.state === 'ended') break;
  }
  if (profileTo) {
    const { profile } = await send('Profiler.stop', {}, sessionId);
    fs.writeFileSync(profileTo, JSON.stringify(profile));
  }
  finish({ page: state, shot, hashes, seconds: (Date.now() - started) / 1000 }, 0);
}
main().catch((e) => finish({ error: String(e.message || e) }, 1));
