// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// png_look.js FILE.png - what a screenshot of the game shows, as one JSON
// line: its size, how many distinct colours, and the shares of its pixels
// that are water (blue over red and green), bright (text, the HUD's
// light glyphs, foam) and warm (red over blue: the game's bodies and goals
// are drawn warm against the water). Reads the 8-bit RGB or RGBA,
// non-interlaced PNG that Chromium writes, with Node's zlib only.
'use strict';
const fs = require('fs');
const zlib = require('zlib');

function decode(buf) {
  if (buf.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let pos = 8, width = 0, height = 0, type = 0, depth = 0, interlace = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos), kind = buf.toString('latin1', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (kind === 'IHDR') {
      width = data.readUInt32BE(0); height = data.readUInt32BE(4);
      depth = data[8]; type = data[9]; interlace = data[12];
    } else if (kind === 'IDAT') idat.push(data);
    else if (kind === 'IEND') break;
    pos += 12 + len;
  }
  if (depth !== 8 || (type !== 2 && type !== 6) || interlace)
    throw new Error(`PNG kind not read here (depth ${depth}, colour type ${type}, interlace ${interlace})`);
  const bpp = type === 6 ? 4 : 3, stride = width * bpp;
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const f = raw[y * (stride + 1)], row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let v = row[x];
      if (f === 1) v += a;
      else if (f === 2) v += b;
      else if (f === 3) v += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + x] = v & 255;
    }
  }
  return { width, height, bpp, pixels: out };
}

const img = decode(fs.readFileSync(process.argv[2]));
const n = img.width * img.height, colours = new Set();
let water = 0, bright = 0, warm = 0;
for (let i = 0; i < n; i++) {
  const r = img.pixels[i * img.bpp], g = img.pixels[i * img.bpp + 1], b = img.pixels[i * img.bpp + 2];
  colours.add((r << 16) | (g << 8) | b);
  if (b > r + 20 && b > 60) water++;
  if (r + g + b > 600) bright++;
  if (r > b + 40 && r > 90) warm++;
}
const share = (k) => Number((k / n).toFixed(4));
console.log(JSON.stringify({ width: img.width, height: img.height, colours: colours.size,
  water: share(water), bright: share(bright), warm: share(warm) }));
