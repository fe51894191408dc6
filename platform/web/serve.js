// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// serve.js DIR [SECONDS] - a static file server on the loopback address only,
// for make check-web: it prints the port it was given ("port N") and stops
// by itself after SECONDS (default 120), so a check that dies cannot leave it
// running. Serves files under DIR only, read-only, with the MIME types a
// page with WebAssembly needs, cross-origin isolated (a finer clock).
'use strict';
const http = require('http');
const fs = require('fs');
const path = require('path');

const root = path.resolve(process.argv[2] || '.');
const seconds = Number(process.argv[3] || 120);
const types = {
  '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.data': 'application/octet-stream', '.eddy': 'application/octet-stream',
  '.png': 'image/png', '.json': 'application/json',
};

const server = http.createServer((req, res) => {
  const url = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
  const file = path.resolve(root, '.' + url);
  if (!file.startsWith(root + path.sep) && file !== root) {
    res.writeHead(403).end();
    return;
  }
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404).end(); return; }
    // cross-origin isolated (the page loads nothing from elsewhere): the
    // browser's clock, performance.now(), then ticks in microseconds, not
    // in the 0.1 ms steps it gives other pages, and the step times the
    // pages measure resolve a fraction of a millisecond
    res.writeHead(200, { 'Content-Type': types[path.extname(file)] || 'application/octet-stream',
                         'Content-Length': data.length,
                         'Cross-Origin-Opener-Policy': 'same-origin',
                         'Cross-Origin-Embedder-Policy': 'require-corp' });
    res.end(data);
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`port ${server.address().port}`);
});
setTimeout(() => server.close(() => process.exit(0)), seconds * 1000).unref();
setTimeout(() => process.exit(0), seconds * 1000 + 2000).unref();
