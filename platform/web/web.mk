# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# The web build: Debian's emscripten, the libraries from Debian's source
# packages (platform/web/deps.sh), everything under build/web. Run through
# the top-level Makefile:
#
#   make web         libeddy.a as WebAssembly objects, the JavaScript API
#                    (eddy-core.js/.wasm + eddy.js) with its example page,
#                    and bits.js (platform/windows/bits.c for Node)
#   make check-web   the same fluid run natively and as WebAssembly under
#                    Node, compared bit for bit; the example page opened in
#                    Debian's headless Chromium from a loopback server
EMCC    ?= emcc
# Debian's emscripten runs its JavaScript optimiser with the machine's node,
# which must find Debian's acorn (node-acorn) there.
export NODE_PATH := /usr/share/nodejs$(if $(NODE_PATH),:$(NODE_PATH))
EMAR    ?= emar
W       ?= build/web
DEPS    ?= $(W)/deps

WARN     := -Wall -Wextra -Wpedantic
CFLAGS   := -std=c17 $(WARN) -O2
CXXFLAGS := -std=c++17 $(WARN) -O2
LAYERS   := core panels fluid bodies coupling scene
CPPFLAGS := -Iinclude -Iinclude/eddy $(addprefix -Iengine/,$(LAYERS)) -I$(DEPS)/include \
            -D_POSIX_C_SOURCE=200809L

BACKEND_SRC := $(filter-out engine/bodies/body_box2d_v24.cpp,$(wildcard engine/bodies/body_box2d_*))
RUNTIME_SRC := $(filter-out $(BACKEND_SRC),$(wildcard $(foreach l,core panels fluid bodies coupling,engine/$(l)/*.c engine/$(l)/*.cpp)))
obj = $(patsubst %,$(W)/obj/%.o,$(basename $(1)))
RUNTIME_OBJ := $(call obj,$(RUNTIME_SRC))
LIB := $(W)/lib/libeddy.a

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

.PHONY: all check
all: $(LIB) $(PAGE) $(W)/node/bits.js

$(W)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(W)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(EMCC) $(CPPFLAGS) $(CXXFLAGS) -c $< -o $@

$(LIB): $(RUNTIME_OBJ)
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
NATIVE_LIBS ?= build/libeddy.a -lbox2d -lstdc++ -lm
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
$(CHECK)/bits-native: platform/windows/bits.c
	@mkdir -p $(dir $@)
	cc -Iinclude $(CFLAGS) $< -o $@ $(NATIVE_LIBS)

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
	echo "web checks: $$passed passed, $$failed failed"; \
	test $$failed -eq 0
