// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// profile_top.js PROFILE [N] - the N (default 25) functions with the most
// time of their own in a CPU profile that play_page.js recorded
// (EDDY_PAGE_PROFILE=FILE): percent of the samples, and the name.
'use strict';
const fs = require('fs');
const [file, n] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile_top.js PROFILE [N]');
  process.exit(64);
}
const p = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((node) => [node.id, node]));
const self = new Map();
let total = 0;
for (const id of p.samples) {
  const node = byId.get(id);
  const name = node.callFrame.functionName || '(anonymous ' + node.callFrame.url.split('/').pop() + ')';
  self.set(name, (self.get(name) || 0) + 1);
  total++;
}
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(n || 25));
for (const [name, count] of top) console.log((100 * count / total).toFixed(1).padStart(5) + '%  ' + name);
