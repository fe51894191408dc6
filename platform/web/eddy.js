// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * eddy.js - eddy's reduced fluid for JavaScript games: a small API over the
 * run time compiled to WebAssembly (eddy-core.js + eddy-core.wasm, made by
 * `make web`). Load it after eddy-core.js:
 *
 *   <script src="eddy-core.js"></script>
 *   <script src="eddy.js"></script>
 *   <script>
 *   Eddy.load().then(async (eddy) => {
 *     const bytes = await (await fetch('tank.eddy')).arrayBuffer();
 *     const asset = eddy.loadAsset(bytes);          // throws Error(message) on a bad asset
 *     const fluid = asset.createFluid({ viscosity: 1e-3 });
 *     fluid.stir({ x: 3, y: 3, radius: 1, fx: 40, fy: 0 });   // N/m^2, for the next step
 *     fluid.step(1 / 60);
 *     const [u, v] = fluid.velocity(5, 5);          // m/s at a point (metres, y up)
 *     const uv = fluid.velocityMany(points);        // Float64Array [x0,y0,x1,y1,...] -> [u0,v0,...]
 *     fluid.destroy(); asset.destroy();             // WebAssembly memory is not collected
 *   });
 *   </script>
 *
 * Units are SI, y up, as everywhere in eddy (include/eddy/eddy.h explains the
 * fluid; this file only moves numbers across). An asset is made offline with
 * `precompute` (or `eddy-level build` for a game level) and fetched like any
 * other file. Every call that can fail throws an Error whose message is the
 * library's own one-line message.
 */
(function (root) {
  'use strict';

  const ERROR_BYTES = 4 + 256; // eddy_error: a result code and its message

  function wrap(M) {
    const err = M._malloc(ERROR_BYTES);
    const info = M._malloc(8 * 8);
    const uv = M._malloc(16);

    function fail(what) {
      const msg = M.UTF8ToString(err + 4);
      throw new Error(msg || what);
    }

    // A scratch buffer in the module's memory that grows when needed.
    let scratch = 0, scratchBytes = 0;
    function scratchOf(bytes) {
      if (bytes > scratchBytes) {
        if (scratch) M._free(scratch);
        scratch = M._malloc(bytes);
        scratchBytes = bytes;
      }
      return scratch;
    }

    class Fluid {
      constructor(handle, asset) { this.handle = handle; this.asset = asset; }
      stir({ x, y, radius, fx = 0, fy = 0 }) {
        if (M._eddy_web_fluid_stir(this.handle, x, y, radius, fx, fy) !== 0)
          throw new Error('eddy: stir refused (a number that is not finite, or a radius <= 0)');
      }
      excite(name, amplitude) {
        const n = M.lengthBytesUTF8(name) + 1;
        const p = scratchOf(n);
        M.stringToUTF8(name, p, n);
        if (M._eddy_fluid_excite_name(this.handle, p, amplitude) !== 0)
          throw new Error(`eddy: no painted mode named '${name}'`);
      }
      step(dt) {
        if (M._eddy_fluid_step(this.handle, dt) !== 0)
          throw new Error(`eddy: step of ${dt} s refused`);
      }
      lastStepMs() { return M._eddy_web_fluid_step_ms(this.handle); }
      velocity(x, y) {
        M._eddy_fluid_velocity(this.handle, x, y, uv);
        return [M.HEAPF64[uv >> 3], M.HEAPF64[(uv >> 3) + 1]];
      }
      velocityMany(points, out) {
        const n = points.length >> 1;
        const p = scratchOf(points.length * 16);
        M.HEAPF64.set(points, p >> 3);
        const q = p + points.length * 8;
        M._eddy_fluid_velocity_many(this.handle, n, p, q);
        const result = out || new Float64Array(points.length);
        result.set(M.HEAPF64.subarray(q >> 3, (q >> 3) + points.length));
        return result;
      }
      kineticEnergy() { return M._eddy_fluid_kinetic_energy(this.handle); }
      destroy() { if (this.handle) M._eddy_fluid_destroy(this.handle); this.handle = 0; }
    }

    class Asset {
      constructor(handle) {
        this.handle = handle;
        M._eddy_web_asset_info(handle, info);
        const f = M.HEAPF64.subarray(info >> 3, (info >> 3) + 8);
        this.width = f[0]; this.height = f[1]; this.nx = f[2]; this.ny = f[3];
        this.modes = f[4]; this.paintedModes = f[5]; this.walls = f[6]; this.shapes = f[7];
      }
      createFluid({ viscosity = 0 } = {}) {
        const h = M._eddy_web_fluid_create(this.handle, viscosity, err);
        if (!h) fail('eddy: cannot create the fluid');
        return new Fluid(h, this);
      }
      solidAt(x, y) { return M._eddy_asset_solid_at(this.handle, x, y) !== 0; }
      destroy() { if (this.handle) M._eddy_asset_destroy(this.handle); this.handle = 0; }
    }

    return {
      version: () => M.UTF8ToString(M._eddy_version_string()),
      loadAsset(arrayBuffer) {
        const bytes = new Uint8Array(arrayBuffer);
        const p = M._malloc(Math.max(bytes.length, 1));
        M.HEAPU8.set(bytes, p);
        const h = M._eddy_web_asset_load(p, bytes.length, err);
        M._free(p);
        if (!h) fail('eddy: cannot load the asset');
        return new Asset(h);
      },
    };
  }

  root.Eddy = {
    // Resolves to the API once the WebAssembly module is compiled.
    load(options) { return root.EddyCore(options || {}).then(wrap); },
  };
})(typeof window !== 'undefined' ? window : globalThis);
