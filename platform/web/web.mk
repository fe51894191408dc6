# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# The web build: Debian's emscripten, the libraries from Debian's source
# packages (platform/web/deps.sh), everything under build/web. Run through
# the top-level Makefile:
#
#   make web         libeddy.a as WebAssembly objects, the JavaScript API
#                    (eddy-core.js/.wasm + eddy.js) with its example page,
#                    bits.js (platform/windows/bits.c for Node), and the
#                    game as a page: index.html, .js, .wasm, .data
#   make check-web   the same fluid run natively and as WebAssembly under
#                    Node, compared bit for bit; the example page opened in
#                    Debian's headless Chromium from a loopback server; the
#                    game's page playing the replays of CHECK_LEVELS there
#                    (platform/web/check_game.sh)
#   make web-bench   the page's step on level 6 and the paper's game against
#                    native, alternating in one run (BENCH_ROUNDS), and the
#                    page's download size
EMCC    ?= emcc
# Debian's emscripten runs its JavaScript optimiser with the machine's node,
# which must find Debian's acorn (node-acorn) there.
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
EMAR    ?= emar
W       ?= build/web
DEPS    ?= $(W)/deps

WARN     := -Wall -Wextra -Wpedantic
# -msimd128: the engine's two-lane vectors (engine/core/simd.h) become
# WebAssembly's f64x2 instructions, one IEEE operation per lane as on x86
# (the same bits: check-web compares them); without it clang splits them
# into scalar operations. Every browser of the last years runs them.
WEB_OPT  ?= -O2 -msimd128
CFLAGS   := -std=c17 $(WARN) $(WEB_OPT)
CXXFLAGS := -std=c++17 $(WARN) $(WEB_OPT)
# each object's headers (a changed struct rebuilds what uses it)
DEPFLAGS := -MMD -MP
LAYERS   := core panels fluid bodies coupling scene
CPPFLAGS := -Iinclude -Iinclude/eddy $(addprefix -Iengine/,$(LAYERS)) -I$(DEPS)/include \
            -D_POSIX_C_SOURCE=200809L

# libeddy holds no Box2D: the 2.4 backend is the adapter's archive,
# libeddy-box2d.a, linked before libeddy.a by what makes Box2D worlds (the
# game, sim); the JavaScript API and bits.js need libeddy.a alone.
BOX2D_SRC   := engine/bodies/body_box2d_v24.cpp
BACKEND_SRC := $(wildcard engine/bodies/body_box2d_*) engine/bodies/body_port_link.c
RUNTIME_SRC := $(filter-out $(BACKEND_SRC),$(wildcard $(foreach l,core panels fluid bodies coupling,engine/$(l)/*.c engine/$(l)/*.cpp)))
obj = $(patsubst %,$(W)/obj/%.o,$(basename $(1)))
RUNTIME_OBJ := $(call obj,$(RUNTIME_SRC))
BOX2D_OBJ   := $(call obj,$(BOX2D_SRC))
# The compiler's flags as a file: objects built with other flags are rebuilt.
FLAGS_STAMP := $(W)/obj/flags.txt
$(shell mkdir -p $(W)/obj; echo '$(EMCC) $(CFLAGS) $(CXXFLAGS)' | cmp -s - $(FLAGS_STAMP) || \
  echo '$(EMCC) $(CFLAGS) $(CXXFLAGS)' > $(FLAGS_STAMP))
LIB := $(W)/lib/libeddy.a
BOX2D_LIB := $(W)/lib/libeddy-box2d.a

# What eddy.js calls: the glue's functions and the public API's own.
JS_EXPORTS := _malloc _free _eddy_version_string _eddy_web_asset_load _eddy_web_asset_info \
  _eddy_web_fluid_create _eddy_web_fluid_stir _eddy_web_fluid_step_ms _eddy_fluid_step \
  _eddy_fluid_velocity _eddy_fluid_velocity_many _eddy_fluid_kinetic_energy \
  _eddy_fluid_excite_name _eddy_fluid_destroy _eddy_asset_destroy _eddy_asset_solid_at
comma := ,
empty :=
space := $(empty) $(empty)
JS_LINK := -sMODULARIZE=1 -sEXPORT_NAME=EddyCore -sALLOW_MEMORY_GROWTH=1 \
  -sEXPORTED_FUNCTIONS=[$(subst $(space),$(comma),$(JS_EXPORTS))] \
  -sEXPORTED_RUNTIME_METHODS=[UTF8ToString,stringToUTF8,lengthBytesUTF8,HEAPU8,HEAPF64]

PAGE := $(W)/eddy-core.js $(W)/eddy.js $(W)/example.html $(W)/tank.eddy

# ------------------------------------------------------------ the game
# index.html (+ .js, .wasm, .data): eddy-game itself, its window loop driven
# by the browser (game_app.c), over SDL2, SDL2_ttf, FreeType, zlib, cJSON and
# Box2D built from Debian's sources in DEPS. The top-level Makefile passes the
# game's own source lists (GAME_WEB_SRC, SCENE_WEB_SRC, GAME_WEB_FLAGS) and
# the natively built data: the levels, their built assets (make assets), the
# replays, DejaVu for the text. GAME_DEPS_READY=no builds no game (the
# dependencies could not be built; check-web then says so).
GAME_WEB_SRC   ?=
SCENE_WEB_SRC  ?=
GAME_WEB_FLAGS ?=
EMBED_WEB_SRC  ?= build/gen/game_embedded.c
NATIVE_ASSETS  ?= build/assets
FONT_DIR       ?= /usr/share/fonts/truetype/dejavu
GAME_OBJ_WEB   := $(call obj,$(GAME_WEB_SRC) $(SCENE_WEB_SRC) platform/web/no_spawn.c) \
                  $(W)/obj/gen/game_embedded.o
# cglm (the game's small matrices) is headers only: Debian's, seen alone.
CGLM_DIR       ?= /usr/include/cglm
GAME_CPPFLAGS  := -Iinclude $(GAME_WEB_FLAGS) -I$(DEPS)/include/cjson -I$(DEPS)/include/SDL2 -I$(DEPS)/include \
                  -isystem $(W)/cglm -D_POSIX_C_SOURCE=200809L -Iengine/scene
GAME_DEPS_LIBS := $(addprefix $(DEPS)/lib/,libSDL2_ttf.a libfreetype.a libSDL2.a libcjson.a libz.a libbox2d.a)
# The packed files: the path in the page's file system after the @.
LEVEL_JSON     := $(wildcard assets/levels/*.json)
REPLAYS        := $(wildcard assets/replays/*.replay)
LEVEL_EDDY     := $(patsubst assets/levels/%.json,$(NATIVE_ASSETS)/levels/%.eddy,$(LEVEL_JSON))
# Packed: the first level's asset (the title's backdrop and the first
# level a new player opens). Every other level's asset is served beside the
# page, $(W)/levels/ID.eddy, and fetched when the player first opens it
# (game_app.c, web_asset; platform/web/game_web.js): the page's first
# download stays small (README, "The game in a browser").
PACKED_LEVELS  ?= 01-first-current
PACKED_EDDY    := $(foreach l,$(PACKED_LEVELS),$(NATIVE_ASSETS)/levels/$(l).eddy)
LAZY_EDDY      := $(patsubst $(NATIVE_ASSETS)/levels/%,$(W)/levels/%,$(filter-out $(PACKED_EDDY),$(LEVEL_EDDY)))
FONTS          := $(addprefix $(FONT_DIR)/,DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf)
GAME_DATA      := $(foreach f,$(LEVEL_JSON),--preload-file $(f)@/eddy/levels/$(notdir $(f))) \
                  $(foreach f,$(PACKED_EDDY),--preload-file $(f)@/eddy/assets/levels/$(notdir $(f))) \
                  $(foreach f,$(REPLAYS),--preload-file $(f)@/eddy/replays/$(notdir $(f))) \
                  $(foreach f,$(FONTS),--preload-file $(f)@/eddy/fonts/$(notdir $(f)))
# --profiling-funcs keeps the functions' names, for the console's stack of a
# crash (25 KB compressed).
GAME_LINK      := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -lidbfs.js -sMINIFY_HTML=0 --profiling-funcs \
                  --js-library platform/web/game_web.js --shell-file platform/web/shell.html
GAME_DEPS_READY ?= yes
GAME_PAGE      := $(if $(filter yes,$(GAME_DEPS_READY)),$(W)/index.html $(LAZY_EDDY))

.PHONY: all check game game-objs bench
all: $(LIB) $(PAGE) $(W)/node/bits.js $(GAME_PAGE)
game: $(W)/index.html $(LAZY_EDDY)
game-objs: $(GAME_OBJ_WEB)

$(W)/cglm/cglm:
	@mkdir -p $(dir $@)
	ln -sfn $(CGLM_DIR) $@

$(W)/obj/gen/game_embedded.o: $(EMBED_WEB_SRC) $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(EMCC) $(GAME_CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

# The game's and the scene layer's objects (their own pattern: the game's
# include folders and the SDL2 headers).
$(call obj,$(GAME_WEB_SRC) $(SCENE_WEB_SRC)): $(W)/obj/%.o: %.c $(FLAGS_STAMP) | $(W)/cglm/cglm
	@mkdir -p $(dir $@)
	$(EMCC) $(GAME_CPPFLAGS) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(W)/index.html: $(GAME_OBJ_WEB) $(BOX2D_LIB) $(LIB) $(GAME_DEPS_LIBS) platform/web/shell.html platform/web/game_web.js \
  $(LEVEL_JSON) $(PACKED_EDDY) $(REPLAYS)
	$(EMCC) $(CFLAGS) $(GAME_OBJ_WEB) $(BOX2D_LIB) $(LIB) $(GAME_DEPS_LIBS) -o $@ $(GAME_LINK) $(GAME_DATA)

# the levels fetched on demand, as make assets built them
$(W)/levels/%.eddy: $(NATIVE_ASSETS)/levels/%.eddy
	@mkdir -p $(dir $@)
	cp $< $@


$(W)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(W)/obj/%.o: %.cpp $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(CXXFLAGS) $(DEPFLAGS) -c $< -o $@

-include $(shell find $(W)/obj -name '*.d' 2>/dev/null)

$(LIB): $(RUNTIME_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(EMAR) rcs $@ $^

$(BOX2D_LIB): $(BOX2D_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(EMAR) rcs $@ $^

$(W)/eddy-core.js: platform/web/eddy_web.c $(LIB)
	$(EMCC) -Iinclude $(CFLAGS) $< -o $@ $(LIB) $(JS_LINK)

$(W)/eddy.js $(W)/example.html: $(W)/%: platform/web/%
	@mkdir -p $(dir $@)
	cp $< $@

# The example page's tank, built natively (NATIVE_BIN: the Linux build's bin).
NATIVE_BIN  ?= build/bin
NATIVE_LIBS ?= build/libeddy.a -lm
$(W)/tank.eddy:
	@mkdir -p $(dir $@)
	$(NATIVE_BIN)/precompute --domain 16x9 --grid 64x36 --modes 73 -o $@

# The Windows check's program, for Node (NODERAWFS: it reads the real files).
$(W)/node/bits.js: platform/windows/bits.c $(LIB)
	@mkdir -p $(dir $@)
	$(EMCC) -Iinclude $(CFLAGS) $< -o $@ $(LIB) -sNODERAWFS=1 -sALLOW_MEMORY_GROWTH=1 \
	  -sWASM_ASYNC_COMPILATION=0

# ------------------------------------------------------------ check-web
CHECK := $(W)/check
CHECK_ASSETS := $(CHECK)/box.eddy $(CHECK)/island.eddy $(CHECK)/island-grid.eddy
$(CHECK)/box.eddy:
	@mkdir -p $(dir $@)
	$(NATIVE_BIN)/precompute --domain 10x10 --grid 32 --modes 40 -o $@
$(CHECK)/island.eddy: platform/windows/island.json
	@mkdir -p $(dir $@)
	$(NATIVE_BIN)/precompute --domain 12x7.5 --grid 48x30 --modes 64 --walls $< -o $@
$(CHECK)/island-grid.eddy: platform/windows/island.json
	@mkdir -p $(dir $@)
	$(NATIVE_BIN)/precompute --domain 12x7.5 --grid 48x30 --modes 64 --walls $< \
	  --advection grid -o $@
# the native twin: the host compiler's flags, not the page's (-msimd128 is
# emcc's alone)
$(CHECK)/bits-native: platform/windows/bits.c
	@mkdir -p $(dir $@)
	cc -Iinclude -std=c17 $(WARN) -O2 $< -o $@ $(NATIVE_LIBS)

# The game's replays check-web plays through the page: the first level and a
# pool (free-surface water, waves and spray).
CHECK_LEVELS ?= 01-first-current 11-raft
NATIVE_GAME  ?= build/bin/eddy-game
CHROMIUM ?= $(firstword $(shell command -v chromium chromium-browser 2>/dev/null) chromium)
check: all $(CHECK)/bits-native $(CHECK_ASSETS)
	@failed=0; passed=0; \
	$(CHECK)/bits-native $(CHECK_ASSETS) > $(CHECK)/linux.txt; \
	node $(W)/node/bits.js $(CHECK_ASSETS) > $(CHECK)/wasm.txt; \
	if [ -s $(CHECK)/linux.txt ] && cmp -s $(CHECK)/linux.txt $(CHECK)/wasm.txt; then \
	  echo "bits.js (WebAssembly, Node): $$(wc -l < $(CHECK)/linux.txt) lines, the same bits as Linux"; passed=$$((passed+1)); \
	else echo "FAILED: bits.js differs from Linux:"; diff $(CHECK)/linux.txt $(CHECK)/wasm.txt | head -5; failed=$$((failed+1)); fi; \
	if sh platform/web/check_page.sh "$(CHROMIUM)" $(W) $(CHECK)/bits-native; then passed=$$((passed+1)); \
	else failed=$$((failed+1)); echo "FAILED: example.html in Chromium"; fi; \
	if [ -z "$(GAME_PAGE)" ]; then \
	  echo "SKIPPED: the game's page (index.html): WEB_GAME=no, or SDL2, SDL2_ttf, FreeType, zlib or cJSON could not be built for emcc (make web says which)"; \
	elif sh platform/web/check_game.sh "$(CHROMIUM)" $(W) $(NATIVE_GAME) $(CHECK_LEVELS); then passed=$$((passed+1)); \
	else failed=$$((failed+1)); echo "FAILED: index.html (the game) in Chromium"; fi; \
	if [ -n "$(GAME_PAGE)" ]; then sh platform/web/page_size.sh $(W); fi; \
	echo "web checks: $$passed passed, $$failed failed"; \
	test $$failed -eq 0

# ------------------------------------------------------------ web-bench
# The paper's game scene run by tools/sim.c in a page (bench/sim.html)
# against the native sim, and level 6's replay in the game's page against
# the native game, alternating page and native over BENCH_ROUNDS rounds
# (platform/web/bench_ratio.js: each side's minimum, and the ratios); then
# the game page's download.
BENCH_LEVELS ?= 06-maelstrom
BENCH_ROUNDS ?= 5
NATIVE_SIM   ?= $(NATIVE_BIN)/sim
BENCH := $(W)/bench
$(BENCH)/paper.eddy:
	@mkdir -p $(dir $@)
	$(NATIVE_BIN)/precompute --domain 10x10 --grid 64 --modes 73 -o $@
$(BENCH)/sim.html: tools/sim.c platform/web/bench.html $(BOX2D_LIB) $(LIB) $(call obj,$(SCENE_WEB_SRC)) \
  $(BENCH)/paper.eddy assets/scenes/paper-game.json
	$(EMCC) -Iinclude -Itools $(CFLAGS) -D_POSIX_C_SOURCE=200809L $< -o $@ $(call obj,$(SCENE_WEB_SRC)) \
	  $(BOX2D_LIB) $(LIB) $(DEPS)/lib/libcjson.a $(DEPS)/lib/libbox2d.a -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1 \
	  -sMINIFY_HTML=0 --shell-file platform/web/bench.html \
	  --preload-file $(BENCH)/paper.eddy@/bench/paper.eddy \
	  --preload-file assets/scenes/paper-game.json@/bench/paper-game.json
bench: $(W)/index.html $(LAZY_EDDY) $(BENCH)/sim.html
	sh platform/web/bench_ratio.sh "$(CHROMIUM)" $(W) $(NATIVE_GAME) $(NATIVE_SIM) $(BENCH_ROUNDS) \
	  $(BENCH_LEVELS)
	sh platform/web/page_size.sh $(W)
