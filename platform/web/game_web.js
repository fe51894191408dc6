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
});
