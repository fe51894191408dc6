# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# The Windows cross-build: Debian's mingw-w64 toolchain, the libraries from
# Debian's source packages (platform/windows/deps.sh), everything under
# build/windows. Run through the top-level Makefile:
#
#   make windows         libeddy (static libeddy.a, and eddy.dll with its
#                        import library libeddy.dll.a; no Box2D in either),
#                        the Box2D 2.4 adapter libeddy-box2d.a, libeddy-scene.a,
#                        sim.exe, eddy-game.exe (+ fonts/), eddy-paint.exe
#                        and eddy-level.exe without the builder, the run
#                        time's portable tests (*.exe); the builder's objects
#   make check-windows   runs those tests under Debian's wine64, bits.c on
#                        both sides (the same bits), level 1's replay by both
#                        games (won alike), a screenshot, a paint script and
#                        eddy-level check on both sides, the live rebuild
#                        (docs in README, "Windows")
#
# The builder (precompute, eddy-level build, eddy-paint's preview) needs
# LAPACK, FFTW, ARPACK and SuiteSparse, which Debian does not build for
# mingw: it is compiled here, linked whole only where those exist
# (BUILDER=full builder-programs, README "Windows": MSYS2); without them the
# painter and eddy-level link engine/builder/none in its place.
.DEFAULT_GOAL := all
CROSS   ?= x86_64-w64-mingw32-
CC      := $(CROSS)gcc
CXX     := $(CROSS)g++
AR      := $(CROSS)ar
W       ?= build/windows
DEPS    ?= $(W)/deps

WARN     := -Wall -Wextra -Wpedantic
CFLAGS   := -std=c17 $(WARN) -O2
CXXFLAGS := -std=c++17 $(WARN) -O2
LAYERS   := core panels fluid bodies coupling scene
CPPFLAGS := -Iinclude -Iinclude/eddy $(addprefix -Iengine/,$(LAYERS)) -I$(DEPS)/include \
            -DEDDY_EXPORTS -DEDDY_SCENE_EXPORTS
# One program per file, no DLLs of the toolchain's to carry along.
LDFLAGS  := -static

# libeddy holds no Box2D: the 2.4 backend is the adapter's archive,
# libeddy-box2d.a, linked before libeddy.a (docs/design.md, "Libraries").
# (body_port_link.c is the shared adapter's alone: no adapter DLL here.)
BOX2D_SRC   := engine/bodies/body_box2d_v24.cpp
BACKEND_SRC := $(wildcard engine/bodies/body_box2d_*) engine/bodies/body_port_link.c
RUNTIME_SRC := $(filter-out $(BACKEND_SRC),$(wildcard $(foreach l,core panels fluid bodies coupling,engine/$(l)/*.c engine/$(l)/*.cpp)))
SCENE_SRC   := $(wildcard engine/scene/*.c)
obj = $(patsubst %,$(W)/obj/%.o,$(basename $(1)))
RUNTIME_OBJ := $(call obj,$(RUNTIME_SRC))
BOX2D_OBJ   := $(call obj,$(BOX2D_SRC))
SCENE_OBJ   := $(call obj,$(SCENE_SRC))

LIB       := $(W)/lib/libeddy.a
BOX2D_LIB := $(W)/lib/libeddy-box2d.a
SCENE_LIB := $(W)/lib/libeddy-scene.a
DLL       := $(W)/bin/eddy.dll
IMPLIB    := $(W)/lib/libeddy.dll.a
DEP_LIBS  := -L$(DEPS)/lib -lbox2d -lstdc++ -lm
SCENE_DEP_LIBS := -L$(DEPS)/lib -lcjson

# The run time's tests that need neither the builder (no LAPACK, FFTW,
# ARPACK or SuiteSparse for mingw in Debian) nor POSIX-only calls: the
# platform seam, the box basis, the stream products (every SIMD width the
# processor has), the panels and the bodies. Each is the same source as on
# Linux.
WIN_TESTS := test_file_seam test_basis test_stream_products test_panel test_body
TEST_EXES := $(patsubst %,$(W)/tests/%.exe,$(WIN_TESTS))

# ------------------------------------------------------------ the programs
# sim, eddy-game and eddy-paint from the same sources as on Linux (the top
# Makefile passes their lists: GAME_SOURCES, PAINT_SOURCES, and the built-in
# level compiled to C, EMBED_SRC, which is data). What POSIX has and Windows
# has not goes through the seams: tools/cli.h (CPU budget), game/kit/
# (program folder, private folder, child processes), and for the few
# headers MinGW lacks, platform/windows/include. The windows need SDL2 and
# SDL2_ttf (with FreeType and zlib) from deps.sh; cglm is header-only: the
# build reads the Debian package's headers through $(W)/cglm.
GAME_SOURCES  ?=
PAINT_SOURCES ?=
EMBED_SRC     ?= build/gen/game_embedded.c
GAME_DIR  := game/eddy-game
APP_FLAGS := -Iinclude -I$(DEPS)/include/cjson -I$(DEPS)/include -I$(DEPS)/include/SDL2 \
             -Iplatform/windows/include -I$(W)/cglm -Igame/kit -Itools -D__USE_MINGW_ANSI_STDIO=1 \
             -D__USE_MINGW_ACCESS \
             $(addprefix -I$(GAME_DIR)/,core level play render app) -Igame/paint
SDL_LIBS  := -L$(DEPS)/lib -lmingw32 -lSDL2main -lSDL2_ttf -lfreetype -lSDL2 -lz \
             -lsetupapi -lwinmm -limm32 -lversion -lole32 -loleaut32 -lgdi32 -luser32 -lshell32 \
             -ladvapi32 -luuid -ldinput8
# winpthreads: clock_gettime, which the game's clocks use
RUN_LIBS  := $(SCENE_LIB) $(BOX2D_LIB) $(LIB) $(SCENE_DEP_LIBS) $(DEP_LIBS) -lpthread
app_obj    = $(patsubst %.c,$(W)/app/%.o,$(1))
GAME_EXE  := $(W)/bin/eddy-game.exe
PAINT_EXE := $(W)/bin/eddy-paint.exe
LEVEL_EXE := $(W)/bin/eddy-level.exe
SIM_EXE   := $(W)/bin/sim.exe
# The game's font, DejaVu (free to ship), beside it: Windows has none.
GAME_FONTS := $(addprefix $(W)/bin/fonts/,DejaVuSans.ttf DejaVuSans-Bold.ttf DejaVuSansMono.ttf)
PROGRAMS  := $(SIM_EXE) $(if $(GAME_SOURCES),$(GAME_EXE) $(GAME_FONTS) $(LEVEL_EXE)) \
             $(if $(PAINT_SOURCES),$(PAINT_EXE))
$(W)/bin/fonts/%.ttf: /usr/share/fonts/truetype/dejavu/%.ttf
	@mkdir -p $(dir $@)
	cp $< $@
# eddy-paint's preview builds assets (eddy_build_asset): with the builder
# absent here it says so (below, BUILDER=none).
PAINT_OBJ := $(call app_obj,$(PAINT_SOURCES))

$(W)/cglm/cglm:
	@mkdir -p $(dir $@)
	ln -sfn /usr/include/cglm $@

$(W)/app/%.o: %.c | $(W)/cglm/cglm
	@mkdir -p $(dir $@)
	$(CC) $(APP_FLAGS) $(CFLAGS) -MMD -MP -c $< -o $@
-include $(shell find $(W)/app -name '*.d' 2>/dev/null)

$(W)/app/embedded.o: $(EMBED_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(APP_FLAGS) $(CFLAGS) -c $< -o $@

$(SIM_EXE): $(call app_obj,tools/sim.c) $(BOX2D_LIB) $(LIB) $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $< -o $@ $(LDFLAGS) $(RUN_LIBS)

# The live rebuild runs eddy-level.exe beside the game through
# game/eddy-game/level/game_child.c (CreateProcessW); without the builder
# its build of a level with walls or painted modes fails with a message,
# which the game shows as for any failed rebuild.
$(GAME_EXE): $(call app_obj,$(GAME_SOURCES)) $(W)/app/embedded.o $(BOX2D_LIB) $(LIB) $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(call app_obj,$(GAME_SOURCES)) $(W)/app/embedded.o -o $@ $(LDFLAGS) $(SDL_LIBS) $(RUN_LIBS)


# The builder (engine/builder, precompute, eddy-level's build) is compiled
# here, and linked whole only with its libraries (below): Debian builds no
# LAPACK, BLAS, FFTW, ARPACK or SuiteSparse for mingw (README, "Windows":
# MSYS2 has them). Their headers are
# declarations in portable C, so the Linux packages' headers, one by one in
# $(W)/builder-include, stand in for MSYS2's (the reference CBLAS header as
# cblas.h: OpenBLAS's own is configured for Linux): this proves the sources
# compile for Windows.
BUILDER_SOURCES := $(wildcard engine/builder/*.c) $(wildcard precompute/*.c) \
                   game/eddy-game/level/level_build.c game/eddy-game/tools/level_tool.c
BUILDER_HEADERS := /usr/include/x86_64-linux-gnu/cblas_mangling.h /usr/include/lapack.h \
                   $(wildcard /usr/include/lapacke*.h) /usr/include/fftw3.h /usr/include/arpack \
                   /usr/include/suitesparse
BUILDER_OBJ     := $(patsubst %.c,$(W)/builder/%.o,$(BUILDER_SOURCES))
$(W)/builder-include/.stamp:
	@mkdir -p $(dir $@)
	for h in $(BUILDER_HEADERS); do ln -sfn $$h $(dir $@); done
	ln -sfn /usr/include/x86_64-linux-gnu/cblas-netlib.h $(dir $@)cblas.h
	touch $@
$(W)/builder/%.o: %.c $(W)/builder-include/.stamp | $(W)/cglm/cglm
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Iengine/builder -I$(W)/builder-include $(APP_FLAGS) $(CFLAGS) -MMD -MP -c $< -o $@
-include $(shell find $(W)/builder -name '*.d' 2>/dev/null)

# eddy-paint and eddy-level link the builder. Without its libraries (the
# default here, BUILDER=none) they link libeddy-build-none.a: the builder's
# sources that need none of them (mode files, shape catalogues, asset
# writing, the full-grid solver, the closed-form box basis) plus
# engine/builder/none/ in place of the stages that do (walls, painted modes,
# water with walls) and of FFTW's cosine transform. Painting, saving modes
# and walls, scripts, eddy-level check and solve work; eddy-paint's preview
# and eddy-level build of a level with walls or painted modes say that the
# build has no builder. eddy-level is compiled with EDDY_BUILDER_NONE: its
# check tries levels with walls on the plain box's basis.
NONE_EXCLUDED := domain_basis domain_eigen domain_tensor enrich surface_build
NONE_SOURCES  := $(filter-out $(patsubst %,engine/builder/%.c,$(NONE_EXCLUDED)),$(wildcard engine/builder/*.c)) \
                 $(wildcard engine/builder/none/*.c)
NONE_LIB      := $(W)/lib/libeddy-build-none.a
$(NONE_LIB): $(patsubst %.c,$(W)/builder/%.o,$(NONE_SOURCES))
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^
$(W)/nobuild/level_tool.o: game/eddy-game/tools/level_tool.c $(W)/builder-include/.stamp | $(W)/cglm/cglm
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -I$(W)/builder-include $(APP_FLAGS) -DEDDY_BUILDER_NONE $(CFLAGS) -MMD -MP -c $< -o $@
-include $(wildcard $(W)/nobuild/*.d)

# With the builder's libraries at hand (MSYS2, README "Windows"), the
# programs that need them: precompute, and eddy-level and eddy-paint with
# the whole builder, e.g.
#   make -f platform/windows/windows.mk CROSS= DEPS=/mingw64 BUILDER=full builder-programs \
#     BUILDER_LIBS="-lopenblas -lfftw3 -larpack -lcholmod" GAME_SOURCES=... PAINT_SOURCES=...
# (not run here: Debian has none of those libraries for mingw).
BUILDER       ?= none
BUILDER_LIBS  ?= -llapacke -lopenblas -lfftw3 -larpack -lcholmod
BUILDER_LIB   := $(W)/lib/libeddy-build.a
ifeq ($(BUILDER),full)
  APP_BUILD_LIBS := $(BUILDER_LIB)
  APP_BUILD_DEPS := $(BUILDER_LIBS)
  LEVEL_TOOL_OBJ := $(W)/builder/game/eddy-game/tools/level_tool.o
else
  APP_BUILD_LIBS := $(NONE_LIB)
  APP_BUILD_DEPS :=
  LEVEL_TOOL_OBJ := $(W)/nobuild/level_tool.o
endif
LEVEL_CORE    = $(filter-out %/game_main.c $(GAME_WINDOW_SOURCES),$(GAME_SOURCES))
GAME_WINDOW_SOURCES = $(filter game/eddy-game/render/% game/eddy-game/app/% %/kit_png.c %/kit_batch.c \
                        %/kit_rock.c,$(GAME_SOURCES))
$(BUILDER_LIB): $(filter $(W)/builder/engine/%,$(BUILDER_OBJ))
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^
$(W)/bin/precompute.exe: $(filter $(W)/builder/precompute/%,$(BUILDER_OBJ)) $(BUILDER_LIB) $(BOX2D_LIB) \
  $(LIB) $(SCENE_LIB)
	$(CC) $(filter %.o,$^) -o $@ $(BUILDER_LIB) $(SCENE_LIB) $(BOX2D_LIB) $(LIB) $(SCENE_DEP_LIBS) $(BUILDER_LIBS) \
	  $(DEP_LIBS) -lpthread
$(LEVEL_EXE): $(LEVEL_TOOL_OBJ) $(W)/builder/game/eddy-game/level/level_build.o \
  $(call app_obj,$(LEVEL_CORE)) $(W)/app/embedded.o $(APP_BUILD_LIBS) $(BOX2D_LIB) $(LIB) $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(filter %.o,$^) -o $@ $(LDFLAGS) $(APP_BUILD_LIBS) $(RUN_LIBS) $(APP_BUILD_DEPS)
$(PAINT_EXE): $(PAINT_OBJ) $(APP_BUILD_LIBS) $(BOX2D_LIB) $(LIB) $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(PAINT_OBJ) -o $@ $(LDFLAGS) $(SDL_LIBS) $(APP_BUILD_LIBS) $(RUN_LIBS) $(APP_BUILD_DEPS)
.PHONY: builder-programs
builder-programs: $(W)/bin/precompute.exe $(LEVEL_EXE) $(PAINT_EXE)

.PHONY: all check programs builder
all: $(LIB) $(BOX2D_LIB) $(SCENE_LIB) $(DLL) $(TEST_EXES) $(PROGRAMS) $(BUILDER_OBJ) $(PAINT_OBJ)
builder: $(BUILDER_OBJ)
programs: $(PROGRAMS)

# -MMD: a changed header rebuilds what includes it (a stale object would
# disagree with the others on a structure's layout).
$(W)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c $< -o $@

$(W)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) -MMD -MP -c $< -o $@
-include $(shell find $(W)/obj -name '*.d' 2>/dev/null)

$(LIB): $(RUNTIME_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(BOX2D_LIB): $(BOX2D_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

$(SCENE_LIB): $(SCENE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	$(AR) rcs $@ $^

# The DLL exports what EDDY_API marks (EDDY_EXPORTS above) and nothing else;
# it is the run time alone, so it needs nothing but the C library.
$(DLL): $(RUNTIME_OBJ)
	@mkdir -p $(dir $@) $(dir $(IMPLIB))
	$(CC) -shared -o $@ $^ -Wl,--out-implib,$(IMPLIB) $(LDFLAGS) -lm

$(W)/tests/%.exe: tests/%.c $(BOX2D_LIB) $(LIB) $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Itests $(CFLAGS) $< -o $@ $(LDFLAGS) $(SCENE_LIB) $(BOX2D_LIB) $(LIB) \
	  $(SCENE_DEP_LIBS) -lcmocka-static $(DEP_LIBS)

# ------------------------------------------------------------ check-windows
# The tests above under wine64, then the same run on both systems compared
# byte for byte (platform/windows/bits.c: hexadecimal floats, so equal text
# is equal bits; Windows writes CRLF line ends to a console stream, which
# the comparison ignores). The assets are built natively (NATIVE_BIN is the
# Linux build's bin folder), the native twin links the Linux run time
# (NATIVE_LIBS, given by the top-level Makefile).
WINE        ?= $(firstword $(wildcard /usr/lib/wine/wine64) $(shell command -v wine64 2>/dev/null) wine)
NATIVE_BIN  ?= build/bin
NATIVE_LIBS ?= build/libeddy.a -lm
CHECK       := $(W)/check
export WINEPREFIX ?= $(abspath $(W)/wineprefix)
export WINEDEBUG  ?= -all

$(CHECK)/bits.exe: platform/windows/bits.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) -Iinclude $(CFLAGS) $< -o $@ $(LDFLAGS) $(LIB) -lm

# The same program against the DLL: EDDY_DLL turns EDDY_API into imports.
$(CHECK)/bits-dll.exe: platform/windows/bits.c $(DLL)
	@mkdir -p $(dir $@)
	$(CC) -Iinclude -DEDDY_DLL $(CFLAGS) $< -o $@ -L$(dir $(IMPLIB)) -leddy.dll
	cp $(DLL) $(CHECK)/

$(CHECK)/bits-native: platform/windows/bits.c
	@mkdir -p $(dir $@)
	cc -Iinclude $(CFLAGS) $< -o $@ $(NATIVE_LIBS)

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

# The game: level 1's replay played headless by the Linux eddy-game
# (NATIVE_GAME) and by eddy-game.exe under wine, on the same level and
# asset files. It must win on both, with the same frames, finish time, stars
# and bodies' poses as printed (4 decimals). The state hash, over every bit,
# may differ: the game and Box2D call the C library's sin, cos, atan2 and
# exp, which MinGW's msvcrt and glibc round differently in the last place;
# the run time's own arithmetic is compared bit for bit by bits.c above.
NATIVE_GAME   ?= build/bin/eddy-game
NATIVE_ASSETS ?= build/assets
GAME_REPLAY   ?= assets/replays/01-first-current.replay

# eddy-paint, eddy-level and the live rebuild without the builder: the
# script platform/windows/paint-check.paint run by both painters, each in a
# folder of its own, each then opening the mode file the other saved
# (paint-reopen.paint): the same `info` lines (the divergence left, rounding
# noise, aside) and the same walls file; `eddy-level check` on a few levels
# (a box, walls and a paddle, rocks, water) printing the same lines (without
# the builder, levels with walls are not tried on a stand-in asset); `eddy-level build`
# of a painted level refused with the no-builder message and nothing
# written; tests/reload_seam.c driving the game's live rebuild with
# eddy-level.exe as its child process (game_child.c: CreateProcessW).
NATIVE_LEVEL  ?= $(NATIVE_BIN)/eddy-level
NATIVE_PAINT  ?= $(NATIVE_BIN)/eddy-paint
CHECK_LEVELS  := $(addprefix assets/levels/,01-first-current.json 02-paddle.json 08-island.json \
                   11-raft.json)
$(CHECK)/reload_seam.exe: tests/reload_seam.c $(call app_obj,$(LEVEL_CORE)) $(W)/app/embedded.o $(BOX2D_LIB) $(LIB) \
  $(SCENE_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(APP_FLAGS) $(CFLAGS) $< $(call app_obj,$(LEVEL_CORE)) $(W)/app/embedded.o -o $@ $(LDFLAGS) \
	  $(RUN_LIBS)

check: all $(CHECK)/bits.exe $(CHECK)/bits-dll.exe $(CHECK)/bits-native $(CHECK_ASSETS) \
  $(if $(GAME_SOURCES),$(CHECK)/reload_seam.exe)
	@echo "== wine: $(WINE) (prefix $(WINEPREFIX))"
	@failed=0; passed=0; \
	for t in $(TEST_EXES); do \
	  echo "== $$t (wine)"; \
	  if $(WINE) $$t; then passed=$$((passed+1)); else failed=$$((failed+1)); echo "FAILED: $$t"; fi; \
	done; \
	$(CHECK)/bits-native $(CHECK_ASSETS) > $(CHECK)/linux.txt; \
	for b in bits bits-dll; do \
	  $(WINE) $(CHECK)/$$b.exe $(CHECK_ASSETS) | tr -d '\r' > $(CHECK)/$$b.txt; \
	  if [ -s $(CHECK)/linux.txt ] && cmp -s $(CHECK)/linux.txt $(CHECK)/$$b.txt; then \
	    echo "$$b.exe: $$(wc -l < $(CHECK)/linux.txt) lines, the same bits as Linux"; passed=$$((passed+1)); \
	  else echo "FAILED: $$b.exe differs from Linux:"; diff $(CHECK)/linux.txt $(CHECK)/$$b.txt | head -5; failed=$$((failed+1)); fi; \
	done; \
	if [ -n "$(GAME_SOURCES)" ]; then \
	  play="--headless --level 1 --replay $(GAME_REPLAY) --levels assets/levels --assets $(NATIVE_ASSETS)"; \
	  $(NATIVE_GAME) $$play > $(CHECK)/game-linux.json; \
	  $(WINE) $(GAME_EXE) $$play | tr -d '\r' > $(CHECK)/game.json; \
	  strip_bits() { sed -e 's/,"hash":"[0-9a-f]*"//' -e 's/,"timings_ms".*//' "$$1"; }; \
	  if grep -q '"status":"won"' $(CHECK)/game.json && \
	     [ "$$(strip_bits $(CHECK)/game-linux.json)" = "$$(strip_bits $(CHECK)/game.json)" ]; then \
	    echo "eddy-game.exe: level 1's replay wins as on Linux: $$(strip_bits $(CHECK)/game.json | \
	      sed 's/.*"frames":\([0-9]*\).*"finish_time":\([0-9.]*\).*"stars":\([0-9]\).*/\1 frames, won at \2 s, \3 stars/')"; \
	    passed=$$((passed+1)); \
	  else echo "FAILED: eddy-game.exe on level 1's replay:"; cat $(CHECK)/game-linux.json $(CHECK)/game.json; \
	    failed=$$((failed+1)); fi; \
	fi; \
	if [ -n "$(GAME_SOURCES)" ]; then \
	  rm -f $(CHECK)/shot.png; \
	  $(WINE) $(GAME_EXE) --headless --level 1 --frames 30 --levels assets/levels \
	    --assets $(NATIVE_ASSETS) --screenshot $(CHECK)/shot.png -q; \
	  if [ "$$(head -c 4 $(CHECK)/shot.png 2>/dev/null | tail -c 3)" = PNG ]; then \
	    echo "eddy-game.exe: drew level 1 with SDL2 and SDL2_ttf ($(CHECK)/shot.png)"; passed=$$((passed+1)); \
	  else echo "FAILED: eddy-game.exe drew no screenshot"; failed=$$((failed+1)); fi; \
	fi; \
	if [ -n "$(PAINT_SOURCES)" ]; then \
	  for side in linux win; do rm -rf $(CHECK)/paint-$$side; mkdir -p $(CHECK)/paint-$$side; \
	    cp platform/windows/paint-check.paint platform/windows/paint-reopen.paint $(CHECK)/paint-$$side/; done; \
	  no_div() { tr -d '\r' | sed 's/ max_div=[^ ]*//'; }; \
	  (cd $(CHECK)/paint-linux && $(abspath $(NATIVE_PAINT)) --script paint-check.paint) | no_div \
	    > $(CHECK)/paint-linux.txt; \
	  (cd $(CHECK)/paint-win && $(WINE) $(abspath $(PAINT_EXE)) --script paint-check.paint) | no_div \
	    > $(CHECK)/paint-win.txt; \
	  cp $(CHECK)/paint-win/check.mode $(CHECK)/paint-linux/other.mode 2>/dev/null; \
	  cp $(CHECK)/paint-linux/check.mode $(CHECK)/paint-win/other.mode; \
	  (cd $(CHECK)/paint-linux && $(abspath $(NATIVE_PAINT)) --script paint-reopen.paint) | no_div \
	    > $(CHECK)/paint-linux-reopen.txt; \
	  (cd $(CHECK)/paint-win && $(WINE) $(abspath $(PAINT_EXE)) --script paint-reopen.paint) | no_div \
	    > $(CHECK)/paint-win-reopen.txt; \
	  if [ "$$(wc -l < $(CHECK)/paint-linux.txt)" = 4 ] && cmp -s $(CHECK)/paint-linux.txt $(CHECK)/paint-win.txt && \
	     [ "$$(tail -n 2 $(CHECK)/paint-linux.txt | sed 's/ brush_radius.*//')" = \
	       "$$(sed 's/ brush_radius.*//' $(CHECK)/paint-linux-reopen.txt)" ] && \
	     cmp -s $(CHECK)/paint-linux-reopen.txt $(CHECK)/paint-win-reopen.txt && \
	     cmp -s $(CHECK)/paint-linux/check-walls.json $(CHECK)/paint-win/check-walls.json; then \
	    echo "eddy-paint.exe: painted, projected, stepped, saved and reopened a mode as on Linux, and each opened the other's"; \
	    passed=$$((passed+1)); \
	  else echo "FAILED: eddy-paint.exe differs from Linux:"; \
	    for f in paint-linux paint-win paint-linux-reopen paint-win-reopen; do echo "-- $$f"; cat $(CHECK)/$$f.txt; done; \
	    failed=$$((failed+1)); fi; \
	fi; \
	if [ -n "$(GAME_SOURCES)" ]; then \
	  $(NATIVE_LEVEL) check $(CHECK_LEVELS) > $(CHECK)/level-linux.txt; \
	  $(WINE) $(LEVEL_EXE) check $(CHECK_LEVELS) | tr -d '\r' > $(CHECK)/level-win.txt; \
	  if [ -s $(CHECK)/level-linux.txt ] && cmp -s $(CHECK)/level-linux.txt $(CHECK)/level-win.txt; then \
	    echo "eddy-level.exe check: $$(wc -l < $(CHECK)/level-win.txt) levels, the same lines as Linux"; \
	    passed=$$((passed+1)); \
	  else echo "FAILED: eddy-level.exe check differs:"; diff $(CHECK)/level-linux.txt $(CHECK)/level-win.txt; \
	    failed=$$((failed+1)); fi; \
	  rm -f $(CHECK)/level-01.eddy; \
	  if $(WINE) $(LEVEL_EXE) build assets/levels/01-first-current.json --modes $(NATIVE_ASSETS) \
	       -o $(CHECK)/level-01.eddy 2> $(CHECK)/level-build.txt; then \
	    echo "FAILED: eddy-level.exe built a painted level without the builder"; failed=$$((failed+1)); \
	  elif grep -q 'no builder' $(CHECK)/level-build.txt && [ ! -e $(CHECK)/level-01.eddy ]; then \
	    echo "eddy-level.exe build: refused, nothing written: $$(tr -d '\r' < $(CHECK)/level-build.txt)"; \
	    passed=$$((passed+1)); \
	  else echo "FAILED: eddy-level.exe build:"; cat $(CHECK)/level-build.txt; failed=$$((failed+1)); fi; \
	  rm -rf $(CHECK)/reload; mkdir -p $(CHECK)/reload; \
	  if $(WINE) $(CHECK)/reload_seam.exe $(CHECK)/reload $(LEVEL_EXE) $(CHECK)/paint-win | tr -d '\r' \
	       > $(CHECK)/reload.txt && grep -q 'goes with the watch' $(CHECK)/reload.txt; then \
	    echo "eddy-game's live rebuild (CreateProcessW, eddy-level.exe):"; sed 's/^/  /' $(CHECK)/reload.txt; \
	    passed=$$((passed+1)); \
	  else echo "FAILED: the live rebuild under wine:"; cat $(CHECK)/reload.txt; failed=$$((failed+1)); fi; \
	fi; \
	echo "windows checks: $$passed passed, $$failed failed"; \
	test $$failed -eq 0
