// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
// game_web.js - the functions eddy-game calls in a browser (game_app.c,
// under __EMSCRIPTEN__), linked with --js-library: each hands over to the
// page's own (Module.eddy*, platform/web/shell.html), so the C side stays
// plain C17 (no EM_ASM).
mergeInto(LibraryManager.library, {
  // SDL2's audio for Emscripten calls these two of Emscripten's own
  // functions, which only its port asks for: pulled in here.
  eddy_web_fast__deps: ['$autoResumeAudioContext', '$dynCall'],
  eddy_web_fast: function () {
    return Module['eddyFast'] ? 1 : 0;
  },
  eddy_web_saved: function () {
    if (Module['eddySaved']) Module['eddySaved']();
  },
  eddy_web_report: function (level, status, frame, hash, finish, stepMs, drawMs, steps, demo) {
    if (Module['eddyReport'])
      Module['eddyReport'](UTF8ToString(level), UTF8ToString(status), frame, UTF8ToString(hash),
                           finish, stepMs, drawMs, steps, demo);
  },
  eddy_web_exit: function (code) {
    if (Module['eddyExit']) Module['eddyExit'](code);
  },
  // A level's asset that the page did not pack: fetched from url (beside
  // the page) into path in the page's file system, which the game then
  // reads as any file. 0: path is there; 1: on its way (shown: the page
  // shows its progress, Module.eddyLoading); -1: the fetch failed, why
  // (why_cap bytes) says how, and the next call starts it again.
  eddy_web_fetch: function (url, path, title, shown, why, whyCap) {
    url = UTF8ToString(url);
    path = UTF8ToString(path);
    try { FS.stat(path); return 0; } catch (e) { /* not there yet */ }
    const jobs = Module['eddyFetches'] || (Module['eddyFetches'] = {});
    let job = jobs[path];
    if (job && job.failed) {
      delete jobs[path];
      stringToUTF8(job.failed, why, whyCap);
      return -1;
    }
    if (!job) {
      job = jobs[path] = { title: UTF8ToString(title), got: 0, total: 0, shown: false, failed: '' };
      const show = () => { if (job.shown && Module['eddyLoading']) Module['eddyLoading'](job); };
      fetch(url).then((response) => {
        if (!response.ok) throw new Error(url + ': HTTP ' + response.status + ' ' + response.statusText);
        job.total = Number(response.headers.get('Content-Length')) || 0;
        const reader = response.body.getReader(), parts = [];
        const more = () => reader.read().then((r) => {
          if (r.done) return parts;
          parts.push(r.value);
          job.got += r.value.length;
          show();
          return more();
        });
        return more();
      }).then((parts) => {
        const data = new Uint8Array(job.got);
        let at = 0;
        for (const p of parts) { data.set(p, at); at += p.length; }
        FS.mkdirTree(path.slice(0, path.lastIndexOf('/')));
        FS.writeFile(path, data); // whole or not at all: the game sees it complete
        delete jobs[path];
        if (job.shown && Module['eddyLoading']) Module['eddyLoading'](null);
      }).catch((e) => {
        job.failed = String((e && e.message) || e) || 'the download failed';
        if (job.shown && Module['eddyLoading']) Module['eddyLoading'](job);
        if (!job.shown) delete jobs[path]; // a quiet prefetch: asked again, it starts again
      });
    }
    if (shown && !job.shown) {
      job.shown = true;
      if (Module['eddyLoading']) Module['eddyLoading'](job);
    }
    return 1;
  },
});
