# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# eddy - top-level build.
#
#   make              libraries, precompute, sim, tests, bench (and the game once SDL2 is there)
#   make test         the layer check and every unit/physics/end-to-end test (cmocka)
#   make sanitize     the same tests built with AddressSanitizer + UBSan, in build/sanitize
#   make check        make test, make sanitize, make install-check, make check-windows and
#                     make check-web side by side on every core (JOBS): what CI runs
#   make install-check  installs into build/stage, checks the exported symbols, builds
#                     examples/, the game and the paint tool against it through
#                     pkg-config, runs them and the installed programs (moved out
#                     of the tree) on the installed data, uninstalls
#   make test-v3 BOX2D_V3_PREFIX=DIR   the suite on Box2D v3 (in build/v3)
#   make bench        benchmarks (speed and memory numbers live here, not in tests)
#   make run          the game (eddy-game) on its levels; headless without a display
#   make demo         the headless demo scene of the tools (sim, JSON Lines)
#   make install      PREFIX=/usr/local by default (DESTDIR, BINDIR, LIBDIR,
#                     INCLUDEDIR, PKGCONFIGDIR, DATADIR honoured); make uninstall
#                     undoes it
#   make compile_commands.json   the compile commands of every C and C++ source
#                     (for editors and clangd), from this Makefile's own rules
#   make clean        removes BUILD (build/ by default; BUILD=build/v3 only that)
#
# Rigid-body backend: Box2D v3 when found (BOX2D_V3_PREFIX, default /usr/local
# if it holds v3 headers), else Debian's Box2D 2.4 through a C++ shim.

# `make` alone builds everything (the backend stamp's rule comes first below).
.DEFAULT_GOAL := all

CC      ?= cc
CXX     ?= g++
PREFIX  ?= /usr/local
BUILD   ?= build
OPT     ?= -O2 -g
SAN     ?=

WARN     := -Wall -Wextra -Wpedantic
CFLAGS   := -std=c17 $(WARN) $(OPT) $(SAN) -D_POSIX_C_SOURCE=200809L
CXXFLAGS := -std=c++17 $(WARN) $(OPT) $(SAN)
LDFLAGS  := $(SAN)
# Every compile writes the headers its output depends on beside the output
# (OUT.d, or BIN.d for a program compiled from one source), included at the
# end of this file: touching one header rebuilds exactly what includes it.
# -MP adds an empty rule per header, so a deleted header stops no build.
# An object also depends on its .d file, which has an empty rule: an object
# whose .d is missing (compiled before the dependencies were tracked) is
# compiled again once. clang writes the .d after the object, so each compile
# touches its object last: otherwise every clang build (fuzz, web) would
# find its .d newer than its object and compile everything again.
DEPFLAGS := -MMD -MP

# ---------------------------------------------------------- layers and libraries
#
# engine/ holds one folder per layer (README, "Architecture"); public headers
# live in include/eddy (installed as <eddy/...>), each layer's private headers
# beside its sources. Sources include both by bare name, so every folder is on
# the include path; a header name must therefore be unique across folders.
#
# Every engine/LAYER/*.c (and *.cpp) is compiled into the library of its layer,
# picked up by the wildcard below: a new source file needs no Makefile change.
#   RUNTIME_LAYERS  -> libeddy        load an asset, the fluid, panels, bodies,
#                                     the coupling: needs libm only (the Box2D
#                                     backend is its adapter library's, below)
#   SCENE_LAYERS    -> libeddy-scene  JSON scenes (a game's level files): on top
#                                     of libeddy, SCENE_LIBS (cJSON) only
#   BUILDER_LAYERS  -> libeddy-build  the precompute side, on top of both:
#                                     BUILDER_LIBS (LAPACKE, OpenBLAS, FFTW,
#                                     ARPACK, CHOLMOD)
# A game runs on libeddy and, if it reads scenes, libeddy-scene; only the
# tools that build assets need libeddy-build. A new layer folder goes into
# one of the three lists (the build stops on a folder in none) and into
# tests/check_layers.sh, which says what each layer may include; a new
# external library of the builder goes into BUILDER_LIBS (it then reaches
# the tools, the tests and eddy-build.pc).
RUNTIME_LAYERS := core panels fluid bodies coupling
SCENE_LAYERS   := scene
BUILDER_LAYERS := builder
ENGINE_DIRS    := $(RUNTIME_LAYERS) $(SCENE_LAYERS) $(BUILDER_LAYERS)
UNKNOWN_LAYERS := $(filter-out $(ENGINE_DIRS),$(notdir $(patsubst %/,%,$(wildcard engine/*/))))
ifneq ($(UNKNOWN_LAYERS),)
  $(error engine/$(firstword $(UNKNOWN_LAYERS)) is in none of RUNTIME_LAYERS, SCENE_LAYERS, BUILDER_LAYERS)
endif

# Include paths. The engine and the tests see every layer's folder (the
# engine's sources include headers by bare name). The programs (game/,
# tools/, precompute/, bench/, fuzz/; examples/ through pkg-config) see only
# include/, as <eddy/NAME.h> the way they would see an installed eddy, plus
# their own folders; the one benchmark pair and fuzz target that must reach
# internals are named below (BENCH_INTERNAL, FUZZ_INTERNAL), and
# tests/check_layers.sh holds every folder to these rules.
CJSON_CPPFLAGS := -I/usr/include/cjson
CPPFLAGS     := -Iinclude -Iinclude/eddy $(addprefix -Iengine/,$(ENGINE_DIRS)) $(CJSON_CPPFLAGS)
APP_CPPFLAGS := -Iinclude $(CJSON_CPPFLAGS)
SCENE_LIBS   := -lcjson -lm
# The builder reads shape catalogues with cJSON too.
BUILDER_LIBS := -lcjson -llapacke -lopenblas -lfftw3 -lm
# Levels with walls (engine/builder/domain_*.c): ARPACK's Lanczos over a
# SuiteSparse CHOLMOD factorisation.
BUILDER_LIBS += -larpack -lcholmod

# The libraries export only what the public headers mark EDDY_API or
# EDDY_BUILD_API; every engine object is position independent, so one
# compile serves the static and the shared library.
LIB_CFLAGS   := -fPIC -fvisibility=hidden
LIB_CXXFLAGS := -fPIC -fvisibility=hidden -fvisibility-inlines-hidden

# The version, from the public header (one place).
VERSION_PART = $(shell sed -n 's/^\#define EDDY_VERSION_$(1) \([0-9]*\)$$/\1/p' include/eddy/eddy_base.h)
VERSION_MAJOR := $(call VERSION_PART,MAJOR)
VERSION_MINOR := $(call VERSION_PART,MINOR)
VERSION_PATCH := $(call VERSION_PART,PATCH)
VERSION   := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)
# While the major version is 0 every minor release may change the ABI.
SOVERSION := $(if $(filter 0,$(VERSION_MAJOR)),0.$(VERSION_MINOR),$(VERSION_MAJOR))

# ---------------------------------------------------------- rigid-body backend
# include/eddy/eddy_body.h is implemented by engine/bodies/body_port.c, which holds all the
# logic that does not depend on Box2D (plain C, no Box2D header), and by one of
# two backends holding only the Box2D calls (the hooks of engine/bodies/body_port.h),
# each built into its adapter library beside libeddy (LIBTAG, below);
# exactly one backend is built:
#   v3   engine/bodies/body_box2d_v3.c    Box2D v3.1 (C), when its headers are found
#   v24  engine/bodies/body_box2d_v24.cpp Debian's Box2D 2.4 (C++, libbox2d-dev)
#
#   make BOX2D_V3_PREFIX=/opt/box2d-v3   a v3 installed under that prefix
#   make BODY_BACKEND=v24                2.4 even when a v3 is found
#
# Without BOX2D_V3_PREFIX, /usr/local is used if it holds v3. v3 is told apart
# by box2d/math_functions.h: 2.4 also ships box2d/box2d.h, but not that. v3 is
# linked by full path (static library preferred), because a bare -lbox2d finds
# Debian's 2.4 in /usr/lib first. A static v3 goes into the adapter's shared
# library (libeddy-box2d-v3.so), so it must be position independent (cmake
# -DCMAKE_POSITION_INDEPENDENT_CODE=ON); its symbols stay hidden there.
BOX2D_V3_PREFIX ?= $(if $(wildcard /usr/local/include/box2d/math_functions.h),/usr/local,)
ifneq ($(BOX2D_V3_PREFIX),)
  ifeq ($(wildcard $(BOX2D_V3_PREFIX)/include/box2d/math_functions.h),)
    $(error BOX2D_V3_PREFIX=$(BOX2D_V3_PREFIX): no include/box2d/math_functions.h there, so no Box2D v3)
  endif
endif
BODY_BACKEND ?= $(if $(BOX2D_V3_PREFIX),v3,v24)
BODY_COMMA := ,
ifeq ($(BODY_BACKEND),v3)
  ifeq ($(BOX2D_V3_PREFIX),)
    $(error BODY_BACKEND=v3 needs Box2D v3: set BOX2D_V3_PREFIX)
  endif
  BOX2D_V3_LIB := $(firstword \
    $(wildcard $(BOX2D_V3_PREFIX)/lib*/libbox2d.a $(BOX2D_V3_PREFIX)/lib/*/libbox2d.a) \
    $(wildcard $(BOX2D_V3_PREFIX)/lib*/libbox2d.so $(BOX2D_V3_PREFIX)/lib/*/libbox2d.so))
  ifeq ($(BOX2D_V3_LIB),)
    $(error no libbox2d.a or libbox2d.so under $(BOX2D_V3_PREFIX)/lib*)
  endif
  BODY_SRC      := engine/bodies/body_box2d_v3.c
  BODY_PUBLIC_H := include/eddy/eddy_box2d_v3.h
  BOX2D_NAME    := eddy-box2d-v3
  # Box2D's development line (3.2) reshaped a few calls: body_box2d_v3.c
  # compiles against either, told apart by a type only 3.2 has.
  BOX2D_DEV     := $(shell grep -qs b2MotionLocks $(BOX2D_V3_PREFIX)/include/box2d/types.h && echo 1)
  BODY_CPPFLAGS := -I$(BOX2D_V3_PREFIX)/include $(if $(BOX2D_DEV),-DEDDY_BOX2D_DEV=1)
  BODY_LIBS     := $(BOX2D_V3_LIB) \
    $(if $(filter %.so,$(BOX2D_V3_LIB)),-Wl$(BODY_COMMA)-rpath$(BODY_COMMA)$(patsubst %/,%,$(dir $(BOX2D_V3_LIB)))) -lm
  BODY_SO_FLAGS := $(if $(filter %.a,$(BOX2D_V3_LIB)),-Wl$(BODY_COMMA)--exclude-libs$(BODY_COMMA)libbox2d.a)
  # What eddy.pc says a static link needs (a v3 install has no box2d.pc).
  BODY_PC_REQUIRES :=
  BODY_PC_LIBS     := $(BODY_LIBS)
else ifeq ($(BODY_BACKEND),v24)
  BODY_SRC      := engine/bodies/body_box2d_v24.cpp
  BODY_PUBLIC_H := include/eddy/eddy_box2d_v24.h
  BOX2D_NAME    := eddy-box2d
  BODY_CPPFLAGS :=
  BODY_LIBS     := -lbox2d -lstdc++ -lm
  BODY_SO_FLAGS :=
  # Debian's libbox2d-dev ships box2d.pc
  BODY_PC_REQUIRES := box2d
  BODY_PC_LIBS     := -lstdc++ -lm
else
  $(error BODY_BACKEND must be v3 or v24, not $(BODY_BACKEND))
endif

# A backend change must rebuild what it touches: BUILD/backend.stamp holds
# the backend, its library and its flags, and is rewritten (so made newer)
# only when they change; the backend's objects, the libraries and the test
# and example objects compiled against Box2D depend on it, and every program
# on the libraries. make BODY_BACKEND=v24 after a v3 build rebuilds libeddy.a
# with the 2.4 backend rather than installing the v3 one beside
# eddy_box2d_v24.h. (A separate tree per backend, as make test-v3's
# build/v3, avoids even that rebuild.)
BACKEND_STAMP := $(BUILD)/backend.stamp
BACKEND_ID    := $(strip $(BODY_BACKEND) $(BODY_SRC) $(BODY_CPPFLAGS) $(BODY_LIBS))
$(BACKEND_STAMP): FORCE
	@mkdir -p $(dir $@)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(BACKEND_ID)' ]; then \
	  echo "rigid-body backend for $(BUILD): $(BACKEND_ID)"; printf '%s\n' '$(BACKEND_ID)' > $@; fi
.PHONY: FORCE
FORCE:

# libeddy names no Box2D symbol: the backend is a library of its own beside
# it, the Box2D adapter (docs/design.md, "Libraries"): libeddy-box2d (2.4,
# C++) or libeddy-box2d-v3 (BOX2D_NAME), an archive and a shared library
# that link libeddy, linked before it. One libeddy serves both Box2D
# adapters and the Chipmunk one. The scenes and the builder make eddy's own
# Box2D worlds (eddy_world_create, the adapter's), so their shared libraries
# link the adapter and carry the backend in their names:
# libeddy-scene-box2d-v24.so.0.1 or libeddy-scene-box2d-v3.so.0.1, and
# libeddy-build-...; a program records those names and never loads the other
# backend's adapter.
LIBTAG := box2d-$(BODY_BACKEND)

# ---------------------------------------------------------- sources
BACKEND_SRC  := engine/bodies/body_box2d_v3.c engine/bodies/body_box2d_v24.cpp
layer_sources = $(filter-out $(BACKEND_SRC),$(wildcard $(foreach l,$(1),engine/$(l)/*.c engine/$(l)/*.cpp)))
object_of     = $(patsubst %.cpp,$(BUILD)/%.o,$(patsubst %.c,$(BUILD)/%.o,$(1)))
# The Box2D adapter's own sources: the backend, and for the shared adapter
# the port's helpers reached through libeddy.so's table (body_port.h).
PORT_LINK_SRC := engine/bodies/body_port_link.c
BACKEND_SRC  += $(PORT_LINK_SRC)
RUNTIME_SRC  := $(call layer_sources,$(RUNTIME_LAYERS))
BODY_OBJ     := $(call object_of,$(BODY_SRC))
PORT_LINK_OBJ := $(call object_of,$(PORT_LINK_SRC))
SCENE_SRC    := $(call layer_sources,$(SCENE_LAYERS))
BUILDER_SRC  := $(call layer_sources,$(BUILDER_LAYERS))
RUNTIME_OBJ  := $(call object_of,$(RUNTIME_SRC))
SCENE_OBJ    := $(call object_of,$(SCENE_SRC))
BUILDER_OBJ  := $(call object_of,$(BUILDER_SRC))
# Each backend has a public header of its own (bring your own Box2D world:
# eddy_box2d_v3.h, eddy_box2d_v24.h); only the built backend's is installed.
BACKEND_H    := include/eddy/eddy_box2d_v3.h include/eddy/eddy_box2d_v24.h
PUBLIC_H     := $(filter-out $(filter-out $(BODY_PUBLIC_H),$(BACKEND_H)),$(wildcard include/eddy/*.h))

LIB          := $(BUILD)/libeddy.a
SCENE_LIB    := $(BUILD)/libeddy-scene.a
BUILD_LIB    := $(BUILD)/libeddy-build.a
BOX2D_LIB    := $(BUILD)/lib$(BOX2D_NAME).a
BOX2D_SO_NAME := lib$(BOX2D_NAME).so.$(SOVERSION)
BOX2D_SO     := $(BUILD)/lib$(BOX2D_NAME).so.$(VERSION)
SO_NAME      := libeddy.so.$(SOVERSION)
SCENE_SO_NAME := libeddy-scene-$(LIBTAG).so.$(SOVERSION)
BUILD_SO_NAME := libeddy-build-$(LIBTAG).so.$(SOVERSION)
SO           := $(BUILD)/libeddy.so.$(VERSION)
SCENE_SO     := $(BUILD)/libeddy-scene-$(LIBTAG).so.$(VERSION)
BUILD_SO     := $(BUILD)/libeddy-build-$(LIBTAG).so.$(VERSION)
SHARED       := $(SO) $(SCENE_SO) $(BUILD_SO) $(BUILD)/$(SO_NAME) $(BUILD)/libeddy.so \
                $(BOX2D_SO) $(BUILD)/$(BOX2D_SO_NAME) $(BUILD)/lib$(BOX2D_NAME).so \
                $(BUILD)/$(SCENE_SO_NAME) $(BUILD)/libeddy-scene.so \
                $(BUILD)/$(BUILD_SO_NAME) $(BUILD)/libeddy-build.so
# What a program of this tree links: the builder's archive, then the
# scenes', then the Box2D adapter's, then the run time's, then their
# libraries (static, so a test may reach internals). The game links only
# what it runs on (GAME_RUN_LIBS).
RUNTIME_LIBS  := $(BOX2D_LIB) $(LIB) $(BODY_LIBS)
SCENE_RUN_LIBS := $(SCENE_LIB) $(BOX2D_LIB) $(LIB) $(SCENE_LIBS) $(BODY_LIBS)
ALL_LIBS      := $(BUILD_LIB) $(SCENE_LIB) $(BOX2D_LIB) $(LIB) $(BUILDER_LIBS) $(BODY_LIBS)
ALL_LIB_DEPS  := $(BUILD_LIB) $(SCENE_LIB) $(BOX2D_LIB) $(LIB)

TOOLS      := $(BUILD)/bin/precompute $(BUILD)/bin/sim
TEST_SRC   := $(wildcard tests/test_*.c)
TESTS      := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRC))
BENCH_SRC  := $(wildcard bench/*.c)
BENCHES    := $(patsubst bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))

.PHONY: all libs test layers sanitize tsan bench run demo install uninstall install-check \
        check-exports test-v3 clean assets
all: libs $(TOOLS) $(TESTS) $(BENCHES)
libs: $(LIB) $(BOX2D_LIB) $(SCENE_LIB) $(BUILD_LIB) $(SHARED)

$(BUILD)/engine/%.o: engine/%.c $(BUILD)/engine/%.d
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(BODY_CPPFLAGS) $(CFLAGS) $(LIB_CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

$(BUILD)/engine/%.o: engine/%.cpp $(BUILD)/engine/%.d
	@mkdir -p $(dir $@)
	$(CXX) $(CPPFLAGS) $(CXXFLAGS) $(LIB_CXXFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

# The backend's object is compiled against the chosen Box2D.
$(call object_of,$(BODY_SRC)): $(BACKEND_STAMP)

$(LIB): $(RUNTIME_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $(RUNTIME_OBJ)

# The Box2D adapter's archive: the backend alone, calling libeddy.a's port.
$(BOX2D_LIB): $(BODY_OBJ) $(BACKEND_STAMP)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $(BODY_OBJ)

$(SCENE_LIB): $(SCENE_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

$(BUILD_LIB): $(BUILDER_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# The run time links with nothing but libm: --no-undefined makes a call
# into Box2D, the builder (or into cJSON, LAPACK, FFTW) a link error here.
$(SO): $(RUNTIME_OBJ)
	$(CC) -shared -Wl,-soname,$(SO_NAME) -Wl,--no-undefined -o $@ $(RUNTIME_OBJ) $(LDFLAGS) -lm

# The shared Box2D adapter: the backend and body_port_link.c, which reaches
# libeddy.so's port through its one table (eddy_adapter_port), on libeddy.so
# and Box2D (a static v3 stays hidden inside it).
$(BOX2D_SO): $(BODY_OBJ) $(PORT_LINK_OBJ) $(SO) $(BACKEND_STAMP)
	$(CC) -shared -Wl,-soname,$(BOX2D_SO_NAME) -Wl,--no-undefined -o $@ $(BODY_OBJ) \
	  $(PORT_LINK_OBJ) $(LDFLAGS) $(SO) $(BODY_SO_FLAGS) $(BODY_LIBS)

# The scenes and the builder call the libraries below them for everything
# public (so a world a scene makes is the run time's, with its one Box2D)
# and take those libraries' internals (errors, the container, the basis, a
# scene's body parser) from their static archives as hidden copies
# (--exclude-libs): the shared libraries are named first, so only symbols
# they do not export are taken from the archives. --no-undefined: the scenes
# need nothing but libeddy and cJSON, the builder nothing else but its own.
$(SCENE_SO): $(SCENE_OBJ) $(BOX2D_SO) $(SO) $(LIB)
	$(CC) -shared -Wl,-soname,$(SCENE_SO_NAME) -Wl,--no-undefined -o $@ $(SCENE_OBJ) \
	  $(LDFLAGS) $(BOX2D_SO) $(SO) -Wl,--exclude-libs,libeddy.a $(LIB) $(SCENE_LIBS)

$(BUILD_SO): $(BUILDER_OBJ) $(SCENE_SO) $(BOX2D_SO) $(SO) $(SCENE_LIB) $(LIB)
	$(CC) -shared -Wl,-soname,$(BUILD_SO_NAME) -Wl,--no-undefined -o $@ $(BUILDER_OBJ) \
	  $(LDFLAGS) $(SCENE_SO) $(BOX2D_SO) $(SO) -Wl,--exclude-libs,libeddy-scene.a:libeddy.a \
	  $(SCENE_LIB) $(LIB) $(BUILDER_LIBS)

$(BUILD)/$(SO_NAME) $(BUILD)/libeddy.so: $(SO)
	ln -sf $(notdir $<) $@
$(BUILD)/$(BOX2D_SO_NAME) $(BUILD)/lib$(BOX2D_NAME).so: $(BOX2D_SO)
	ln -sf $(notdir $<) $@
$(BUILD)/$(SCENE_SO_NAME) $(BUILD)/libeddy-scene.so: $(SCENE_SO)
	ln -sf $(notdir $<) $@
$(BUILD)/$(BUILD_SO_NAME) $(BUILD)/libeddy-build.so: $(BUILD_SO)
	ln -sf $(notdir $<) $@

# The programs' own sources compile to objects under BUILD/obj (one rule
# per folder below, each with its folder's flags), so a source shared by
# several programs (the game's core, the painter's) compiles once.
app_objects = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

$(BUILD)/obj/precompute/%.o: precompute/%.c $(BUILD)/obj/precompute/%.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) -Itools $(CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

$(BUILD)/obj/tools/%.o: tools/%.c $(BUILD)/obj/tools/%.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) -Itools $(CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

PRECOMPUTE_OBJ := $(call app_objects,$(wildcard precompute/*.c))
$(BUILD)/bin/precompute: $(PRECOMPUTE_OBJ) $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(PRECOMPUTE_OBJ) -o $@ $(LDFLAGS) $(ALL_LIBS)

$(BUILD)/bin/sim: $(BUILD)/obj/tools/sim.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $< -o $@ $(LDFLAGS) $(ALL_LIBS)

# Every test program links tests/fault_write.c with -Wl,--wrap=write: the
# tests of safe saves make the disk fill up on demand (tests/fault_write.h)
# without any test state in the library.
TEST_LINK := $(BUILD)/tests/fault_write.o -Wl,--wrap=write
$(BUILD)/tests/fault_write.o: tests/fault_write.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/tests/%: tests/%.c $(BUILD)/tests/fault_write.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Itests $< -o $@ $(LDFLAGS) $(TEST_LINK) $(ALL_LIBS) \
	  -lcmocka

# tests/test_own_world plays a game that has its own Box2D world: the game's
# side, which calls Box2D directly, is tests/native_world_v3.c (C) or
# tests/native_world_v24.cpp (C++), after the backend.
NATIVE_WORLD_SRC := $(firstword $(wildcard tests/native_world_$(BODY_BACKEND).c \
                                           tests/native_world_$(BODY_BACKEND).cpp))
$(BUILD)/tests/native_world.o: $(NATIVE_WORLD_SRC) $(BACKEND_STAMP)
	@mkdir -p $(dir $@)
	$(if $(filter %.cpp,$<),$(CXX) $(CPPFLAGS) $(CXXFLAGS),$(CC) $(CPPFLAGS) $(BODY_CPPFLAGS) \
	  $(CFLAGS)) $(DEPFLAGS) -Itests -c $< -o $@

$(BUILD)/tests/test_own_world: tests/test_own_world.c $(BUILD)/tests/native_world.o \
  $(BUILD)/tests/fault_write.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Itests $< $(BUILD)/tests/native_world.o -o $@ \
	  $(LDFLAGS) $(TEST_LINK) $(ALL_LIBS) -lcmocka

# The Chipmunk2D 7 adapter (adapters/chipmunk, eddy_rigid.h's table over a
# cpSpace) is not part of libeddy: it is its own small archive,
# libeddy-chipmunk.a, that a game links before libeddy with -lchipmunk
# (eddy_chipmunk.h's LINK: line; installed, with the header, when Chipmunk's
# headers are found). tests/test_chipmunk couples a Chipmunk crate beside its
# Box2D twin and counts the table's calls.
CHIPMUNK_LIBS := -lchipmunk -lm
CHIPMUNK_LIB  := $(BUILD)/libeddy-chipmunk.a
CHIPMUNK_FOUND := $(wildcard /usr/include/chipmunk/chipmunk.h)
$(BUILD)/obj/adapters/chipmunk/eddy_chipmunk.o: adapters/chipmunk/eddy_chipmunk.c
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@
$(CHIPMUNK_LIB): $(BUILD)/obj/adapters/chipmunk/eddy_chipmunk.o
	rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/tests/test_chipmunk: tests/test_chipmunk.c $(BUILD)/tests/native_world.o \
  $(CHIPMUNK_LIB) $(BUILD)/tests/fault_write.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Itests -Iadapters/chipmunk $< \
	  $(BUILD)/tests/native_world.o -o $@ \
	  $(LDFLAGS) $(TEST_LINK) $(CHIPMUNK_LIB) $(ALL_LIBS) $(CHIPMUNK_LIBS) -lcmocka

# tests/test_adapter_port loads the shared Box2D adapter and libeddy.so of
# this tree (dlopen) and runs them against the static archives.
$(BUILD)/tests/test_adapter_port: $(BOX2D_SO) $(BUILD)/lib$(BOX2D_NAME).so $(BUILD)/libeddy.so

# The bring-your-own-world example of the backend in use
# (examples/own_world_v3.c or own_world_v24.cpp), built against the tree's
# run-time library as a game would against the installed one, and run by
# `make test` (so `make test-v3` runs the v3 one) on a small tank.
# make install-check builds the examples again through pkg-config.
OWN_WORLD_SRC := $(firstword $(wildcard examples/own_world_$(BODY_BACKEND).c \
                                        examples/own_world_$(BODY_BACKEND).cpp))
OWN_WORLD_BIN := $(BUILD)/tree-examples/own_world_$(BODY_BACKEND)
$(OWN_WORLD_BIN): $(OWN_WORLD_SRC) $(BOX2D_LIB) $(LIB)
	@mkdir -p $(dir $@)
	$(if $(filter %.cpp,$<),$(CXX) $(CXXFLAGS),$(CC) $(CFLAGS)) $(DEPFLAGS) -Iinclude \
	  $(BODY_CPPFLAGS) $< -o $@ $(LDFLAGS) $(RUNTIME_LIBS)

$(BUILD)/tree-examples/tank.eddy: $(BUILD)/bin/precompute
	@mkdir -p $(dir $@)
	$(BUILD)/bin/precompute --domain 10x10 --grid 32 --modes 40 -o $@ >/dev/null

.PHONY: example-own-world
example-own-world: $(OWN_WORLD_BIN) $(BUILD)/tree-examples/tank.eddy
	@echo "== $(OWN_WORLD_BIN)"
	@$(OWN_WORLD_BIN) $(BUILD)/tree-examples/tank.eddy

# Benchmarks use the public API; these two reach internals on purpose:
#   bench_coupled  times the paper pipeline, an internal switch
#                  (eddyi_fluid_set_paper_pipeline, eddyi_coupling_set_paper_pipeline)
#   bench_domain   measures what a level's wall panels cost by taking them
#                  out of a loaded asset (no public call does that)
#   bench_advection  times the box collocation product alone against FFTW
#                  transforms, and the builder's choice rule (eddyi_build_advection)
#   bench_accuracy samples the reduced flow on the reference solver's grid
#                  through the basis's own MAC samples and curls
#   bench_asset_load  times the loader's meaning checks apart from the load
#                  (eddyi_asset_check_meaning)
BENCH_INTERNAL := bench_coupled bench_domain bench_advection bench_accuracy bench_asset_load
$(BUILD)/obj/bench/%.o: bench/%.c $(BUILD)/obj/bench/%.d
	@mkdir -p $(dir $@)
	$(CC) $(if $(filter $(BENCH_INTERNAL),$*),$(CPPFLAGS),$(APP_CPPFLAGS)) $(CFLAGS) $(DEPFLAGS) \
	  -c $< -o $@
	@touch -c $@

$(BUILD)/bench/%: $(BUILD)/obj/bench/%.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $< -o $@ $(LDFLAGS) $(ALL_LIBS)

# The include graph between layers and, from the objects, which layer's
# symbols each layer uses; the programs' includes and library calls
# (tests/check_layers.sh; the programs' objects are added at the end).
layers: $(RUNTIME_OBJ) $(SCENE_OBJ) $(BUILDER_OBJ) $(BODY_OBJ) $(PORT_LINK_OBJ) $(LIB) $(SO)
	@sh tests/check_layers.sh $(BUILD) $(BENCH_INTERNAL:%=bench/%.c) $(FUZZ_INTERNAL:%=fuzz/fuzz_%.c)

# Every test binary runs from the repository root; EDDY_BIN tells the
# end-to-end tests where the command-line tools are. Each binary is a run of
# its own ($(BUILD)/runs/NAME.log), so `make -j` runs several at once and a
# test's output stays together; a failed run marks itself (NAME.failed) and
# the others go on; the summary counts them. Everything a test may call is a
# prerequisite of test-needs (the game and paint sections add theirs).
TEST_RUNS := $(patsubst $(BUILD)/tests/%,$(BUILD)/runs/%.log,$(TESTS))
.PHONY: test-needs
test-needs: $(TESTS) $(TOOLS) layers example-own-world
test: $(TEST_RUNS)
	@echo "rigid-body backend: $(BODY_BACKEND)"
	@failed=0; passed=0; \
	for t in $(TESTS); do \
	  if [ -e $(BUILD)/runs/$${t##*/}.failed ]; then failed=$$((failed+1)); echo "FAILED: $$t"; \
	  else passed=$$((passed+1)); fi; \
	done; \
	echo "test binaries: $$passed passed, $$failed failed"; \
	test $$failed -eq 0
$(BUILD)/runs/%.log: FORCE | test-needs
	@mkdir -p $(@D); rm -f $(BUILD)/runs/$*.failed
	@if EDDY_BIN=$(BUILD)/bin $(BUILD)/tests/$* > $@ 2>&1; then r=ok; else r=FAILED; touch $(BUILD)/runs/$*.failed; fi; \
	{ echo "== $(BUILD)/tests/$*"; cat $@; [ $$r = ok ] || echo "FAILED: $(BUILD)/tests/$*"; }

# float-cast-overflow (a double too big for an int) is part of clang's
# -fsanitize=undefined but not of gcc's; the fuzzers found one such bug.
sanitize:
	$(MAKE) BUILD=build/sanitize OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="-fsanitize=address,undefined,float-cast-overflow \
	       -fno-sanitize-recover=undefined,float-cast-overflow" test

# The coupled step on worker threads under ThreadSanitizer (issue 32): the
# library, tests/test_workers and tests/test_game_workers (a shipped replay
# on the game's pool of 1, 2 and 4 threads) built with -fsanitize=thread in
# build/tsan, then run; the replay reads this build's level assets. Not part
# of make check (its CPU time: README, "Crowds, rafts and workers").
tsan: $(LEVEL_ASSETS)
	$(MAKE) BUILD=build/tsan OPT="-O1 -g -fno-omit-frame-pointer" SAN="-fsanitize=thread" \
	  build/tsan/tests/test_workers build/tsan/tests/test_game_workers
	TSAN_OPTIONS="halt_on_error=1" build/tsan/tests/test_workers
	EDDY_BIN=$(BUILD)/bin TSAN_OPTIONS="halt_on_error=1" build/tsan/tests/test_game_workers

# The whole suite on Box2D v3, which CI cannot fetch: build and install v3
# beside the project (README) and point BOX2D_V3_PREFIX at it.
test-v3:
	@test -n "$(BOX2D_V3_PREFIX)" || { echo "make test-v3: set BOX2D_V3_PREFIX=DIR (a Box2D v3 install)"; exit 2; }
	$(MAKE) BUILD=build/v3 BOX2D_V3_PREFIX=$(BOX2D_V3_PREFIX) BODY_BACKEND=v3 test

bench: $(BENCHES) $(TOOLS)
	@for b in $(BENCHES); do echo "== $$b"; EDDY_BIN=$(BUILD)/bin $$b || exit 1; done

# `make run` starts the game: its rule is in the "game" section at the end.
# The headless demo scene of the tools:
demo: $(TOOLS)
	$(BUILD)/bin/precompute --domain 10x10 --grid 64 --modes 73 -o $(BUILD)/demo.eddy
	$(BUILD)/bin/sim --asset $(BUILD)/demo.eddy --scene assets/scenes/demo.json --steps 600 --every 60 --probe 5,5 --probe 2.5,7.5

clean:
	rm -rf $(BUILD)

# The compile command of every C and C++ source, as this Makefile's rules
# give it (make -n prints them without running anything), for clangd and
# other editors: tools/compile_commands.sh turns the dry run into JSON.
.PHONY: compile_commands.json
compile_commands.json:
	$(MAKE) --no-print-directory -n -B all | sh tools/compile_commands.sh "$(CURDIR)" > $@.tmp
	mv $@.tmp $@
# ====================================================== fuzzing and reliability
#
#   make check        make test, make sanitize (the whole suite again under AddressSanitizer
#                     + UBSan) and the install, Windows and web checks: what CI and the README run
#   make fuzz         builds the libFuzzer targets (asset, scene, scene_world,
#                     mode; the game's replay and level parsers, replay and
#                     level; eddy-paint's script interpreter, paint) with
#                     clang into build/fuzz and runs each in turn for
#                     FUZZ_SECONDS (default 60); new inputs go to
#                     build/fuzz/corpus/<target>, crashes to build/fuzz/crashes/
#                     (replay one: build/fuzz/fuzz_<target> FILE)
#   make fuzz-build   only builds them (and generates the binary seeds)
#   make soak         one hour of game time (216,000 steps at 60 Hz) with seeded
#                     random stirs, checked every step; prints one JSON line
#                     (SOAK_ARGS="--bodies" couples three bodies too)
#
# Fuzz seeds: fuzz/corpus/scene holds committed JSON; the binary seeds of
# fuzz/corpus/asset and fuzz/corpus/mode are written by fuzz/make_seeds.c
# through the library's own writers (git ignores them); replay, level and
# paint start from the shipped assets/replays, assets/levels and
# assets/modes/*.paint. The fuzz build needs
# clang with libFuzzer (Debian: clang, libclang-rt-14-dev).

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_CXX     ?= clang++
FUZZ_BUILD   := build/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined
# One plain process per target (libFuzzer's -jobs=N would fork workers that
# log to fuzz-N.log in the current directory).
FUZZ_FLAGS   ?= -print_final_stats=1
# scene_world is fuzz/fuzz_scene.c built with FUZZ_SCENE_WORLD=1: the scene
# target plus rigid-body worlds and coupled steps (slow, so a target apart).
FUZZ_TARGETS := asset scene scene_world $(if $(wildcard engine/builder/mode_file.c),mode,) \
                replay level paint
FUZZ_BINS    := $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_TARGETS))
FUZZ_SEED_TOOL := $(BUILD)/fuzz/make_seeds

.PHONY: check fuzz fuzz-build fuzz-seeds soak

# make check keeps every core busy: one make with a job per core (JOBS, the
# processor count unless given) builds and runs the four checks side by side,
# each target's output printed whole when it ends (--output-sync). The long
# library builds of Windows and the web start first.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
.PHONY: check-all
check:
	+$(MAKE) -j$(JOBS) --output-sync=target check-all
check-all: check-web check-windows test sanitize install-check

# Windows (README, "Windows"): the run time, its DLL, sim, the game and the
# portable tests cross-built with Debian's mingw-w64 in build/windows,
# against Box2D 2.4, cJSON, cmocka, zlib, FreeType, SDL2 and SDL2_ttf built
# there from Debian's source packages (platform/windows/deps.sh);
# check-windows runs the tests under wine64, compares a run with Linux's bit
# for bit, plays level 1's replay and runs eddy-paint, eddy-level (both
# without the builder there) and the live rebuild (platform/windows/windows.mk).
# The web (README, "In a browser"): the run time as WebAssembly with Debian's
# emscripten in build/web (Box2D 2.4 built there from Debian's source
# package by platform/web/deps.sh), its JavaScript API and example page;
# check-web compares a run under Node with Linux bit for bit and opens the
# page in headless Chromium from a loopback server (platform/web/web.mk).
# The game's page (build/web/index.html) needs SDL2, SDL2_ttf, FreeType, zlib and
# cJSON built for emcc too (deps.sh, once: see README for the time); when
# they cannot be built (no deb-src access), or with WEB_GAME=no (their first
# build costs about three minutes of CPU: README), the web build goes on
# without the game and check-web says so.
WEB_BUILD ?= build/web
WEB_GAME  ?= yes
WEB_GAME_ARGS = GAME_WEB_SRC="$(GAME_DIR)/app/game_main.c $(GAME_WINDOW) $(GAME_CORE)" \
  SCENE_WEB_SRC="$(SCENE_SRC)" GAME_WEB_FLAGS="$(GAME_FLAGS)" EMBED_WEB_SRC=$(EMBED_SRC) \
  NATIVE_ASSETS=$(BUILD)/assets NATIVE_GAME=$(GAME_BIN) \
  GAME_DEPS_READY=$$(cat $(WEB_BUILD)/deps/game-deps.txt 2>/dev/null || echo no)
.PHONY: web check-web web-bench
# (its game prerequisites are named after the game section defines them)
web: $(BUILD)/bin/precompute
	bash platform/web/deps.sh $(WEB_BUILD)/deps box2d
	@if [ "$(WEB_GAME)" = no ]; then echo no > $(WEB_BUILD)/deps/game-deps.txt; \
	  echo "make web: WEB_GAME=no: no game page (its libraries are not built for emcc)"; \
	elif bash platform/web/deps.sh $(WEB_BUILD)/deps zlib cjson freetype sdl2 sdl2ttf; then \
	  echo yes > $(WEB_BUILD)/deps/game-deps.txt; else echo no > $(WEB_BUILD)/deps/game-deps.txt; \
	  echo "make web: the game's libraries could not be built for emcc (above): no game page"; fi
	+$(MAKE) -f platform/web/web.mk W=$(WEB_BUILD) NATIVE_BIN=$(BUILD)/bin $(WEB_GAME_ARGS)
check-web: web $(LIB)
	+$(MAKE) -f platform/web/web.mk W=$(WEB_BUILD) check NATIVE_BIN=$(BUILD)/bin \
	  NATIVE_LIBS="$(LIB) -lm" $(WEB_GAME_ARGS)
web-bench: web
	+$(MAKE) -f platform/web/web.mk W=$(WEB_BUILD) bench NATIVE_BIN=$(BUILD)/bin $(WEB_GAME_ARGS)

WINDOWS_BUILD ?= build/windows
.PHONY: windows check-windows windows-deps
windows-deps:
	bash platform/windows/deps.sh $(WINDOWS_BUILD)/deps
# The programs' sources are the lists of the game and painter sections below
# (expanded when the recipe runs); the built-in level's C is made natively.
WINDOWS_APPS = GAME_SOURCES="$(GAME_DIR)/app/game_main.c $(GAME_CORE) $(GAME_WINDOW)" \
  PAINT_SOURCES="game/paint/paint_main.c $(PAINT_CORE) $(PAINT_WINDOW)" EMBED_SRC=$(EMBED_SRC)
windows: windows-deps $(BUILD)/gen/game_embedded.c
	+$(MAKE) -f platform/windows/windows.mk W=$(WINDOWS_BUILD) $(WINDOWS_APPS)
check-windows: check-portable windows $(BUILD)/bin/precompute $(LIB) $(BUILD)/bin/eddy-game \
  $(BUILD)/assets/levels/01-first-current.eddy
	+$(MAKE) -f platform/windows/windows.mk W=$(WINDOWS_BUILD) $(WINDOWS_APPS) check \
	  NATIVE_BIN=$(BUILD)/bin NATIVE_LIBS="$(LIB) -lm" NATIVE_GAME=$(BUILD)/bin/eddy-game \
	  NATIVE_ASSETS=$(BUILD)/assets

# The MSVC-style compile (README, "Windows"): the run time again without the
# GCC/Clang vector extensions (-DEDDY_NO_VECTOR_EXT: engine/core/simd.h takes
# simd_portable.h, as MSVC's C compiler would), ISO C17 with every warning an
# error, in a sub-make into $(PORTABLE_BUILD). The vector build and this one
# must give the same bits: platform/windows/bits.c on two level assets (the
# fluid: tensor and grid paths), and eddy-game relinked on it playing three
# levels' replays (panels, feedback, bodies): the same JSON line but for the
# timings, the state hash included.
PORTABLE_BUILD  ?= $(BUILD)/portable
PORTABLE_LEVELS := 01-first-current 07-cave 08-island
.PHONY: check-portable
check-portable: $(LIB) $(BOX2D_LIB) $(SCENE_LIB) $(BUILD)/bin/eddy-game \
  $(patsubst %,$(BUILD)/assets/levels/%.eddy,$(PORTABLE_LEVELS))
	+$(MAKE) BUILD=$(PORTABLE_BUILD) OPT="-O2 -Werror -DEDDY_NO_VECTOR_EXT" $(PORTABLE_BUILD)/libeddy.a \
	  $(PORTABLE_BUILD)/lib$(BOX2D_NAME).a
	$(CC) $(GAME_OBJ) $(EMBED_OBJ) $(GAME_CORE_LIB) -o $(PORTABLE_BUILD)/eddy-game $(LDFLAGS) \
	  $(GAME_LIBS) $(SCENE_LIB) $(PORTABLE_BUILD)/lib$(BOX2D_NAME).a $(PORTABLE_BUILD)/libeddy.a \
	  $(SCENE_LIBS) $(BODY_LIBS)
	$(CC) -Iinclude $(CFLAGS) platform/windows/bits.c -o $(PORTABLE_BUILD)/bits $(PORTABLE_BUILD)/libeddy.a -lm
	$(CC) -Iinclude $(CFLAGS) platform/windows/bits.c -o $(PORTABLE_BUILD)/bits-vector $(LIB) -lm
	@set -e; cd $(PORTABLE_BUILD); a="../assets/levels/01-first-current.eddy ../assets/levels/07-cave.eddy"; \
	./bits-vector $$a > bits-vector.txt; ./bits $$a > bits.txt; \
	cmp -s bits-vector.txt bits.txt || { echo "FAILED: bits differ without the vector extensions"; \
	  diff bits-vector.txt bits.txt | head -5; exit 1; }; \
	echo "check-portable: bits.c, $$(wc -l < bits.txt) lines, the same bits without the vector extensions"
	@set -e; for l in $(PORTABLE_LEVELS); do \
	  for g in $(BUILD)/bin/eddy-game $(PORTABLE_BUILD)/eddy-game; do \
	    $$g --headless --level assets/levels/$$l.json --replay assets/replays/$$l.replay \
	      --levels assets/levels --assets $(BUILD)/assets | sed 's/,"timings_ms".*//' > $$g-$$l.json; \
	  done; \
	  cmp -s $(BUILD)/bin/eddy-game-$$l.json $(PORTABLE_BUILD)/eddy-game-$$l.json || \
	    { echo "FAILED: $$l's replay ends elsewhere without the vector extensions"; \
	      cat $(BUILD)/bin/eddy-game-$$l.json $(PORTABLE_BUILD)/eddy-game-$$l.json; exit 1; }; \
	  echo "check-portable: $$l: $$(sed 's/.*"status":"\([a-z]*\)".*"hash":"\([0-9a-f]*\)".*/\1, hash \2/' \
	    $(PORTABLE_BUILD)/eddy-game-$$l.json), the same without the vector extensions"; \
	done

# The library again, with clang, the sanitizers and libFuzzer's coverage
# instrumentation (-fsanitize=fuzzer-no-link), by the rules above in a
# sub-make; the targets are then linked against it.
FUZZ_LIB_MAKE := $(MAKE) BUILD=$(FUZZ_BUILD) CC=$(FUZZ_CC) CXX=$(FUZZ_CXX) \
  OPT="-O1 -g -fno-omit-frame-pointer" SAN="-fsanitize=fuzzer-no-link $(FUZZ_SAN)"

# Linked by the C++ driver: the Box2D 2.4 shim is C++, and UBSan's vptr check
# in it needs the C++ half of the sanitizer runtime.
FUZZ_LIBS := $(FUZZ_BUILD)/libeddy-build.a $(FUZZ_BUILD)/libeddy-scene.a \
             $(FUZZ_BUILD)/lib$(BOX2D_NAME).a $(FUZZ_BUILD)/libeddy.a

# Fuzz targets use the public API; this one reaches internals on purpose:
#   fuzz_asset  checks each accepted asset's internal invariants (tensor
#               skew-symmetry, bounded operators, unit grid modes, closed
#               panel outlines) against the loaded structure itself
FUZZ_INTERNAL := asset
$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c $(FUZZ_LIBS)
	$(FUZZ_CC) $(if $(filter $(FUZZ_INTERNAL),$*),$(CPPFLAGS),$(APP_CPPFLAGS)) -std=c17 $(WARN) -O1 -g -fno-omit-frame-pointer \
	  -fsanitize=fuzzer $(FUZZ_SAN) -D_POSIX_C_SOURCE=200809L $(DEPFLAGS) -Ifuzz -c $< -o $@.o
	$(FUZZ_CXX) -fsanitize=fuzzer $(FUZZ_SAN) $@.o -o $@ \
	  $(FUZZ_LIBS) $(BUILDER_LIBS) $(BODY_LIBS)

$(FUZZ_BUILD)/fuzz_scene_world: fuzz/fuzz_scene.c $(FUZZ_LIBS)
	$(FUZZ_CC) $(APP_CPPFLAGS) -std=c17 $(WARN) -O1 -g -fno-omit-frame-pointer \
	  -fsanitize=fuzzer $(FUZZ_SAN) -D_POSIX_C_SOURCE=200809L -DFUZZ_SCENE_WORLD=1 $(DEPFLAGS) -Ifuzz \
	  -c $< -o $@.o
	$(FUZZ_CXX) -fsanitize=fuzzer $(FUZZ_SAN) $@.o -o $@ \
	  $(FUZZ_LIBS) $(BUILDER_LIBS) $(BODY_LIBS)

$(FUZZ_SEED_TOOL): fuzz/make_seeds.c $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(CFLAGS) $(DEPFLAGS) $< -o $@ $(LDFLAGS) $(ALL_LIBS)

fuzz-seeds: $(FUZZ_SEED_TOOL)
	@mkdir -p fuzz/corpus/asset fuzz/corpus/mode
	$(FUZZ_SEED_TOOL) fuzz/corpus/asset $(if $(filter mode,$(FUZZ_TARGETS)),fuzz/corpus/mode,)

fuzz-build:
	+$(FUZZ_LIB_MAKE) $(FUZZ_LIBS)
	+$(MAKE) $(FUZZ_BINS) fuzz-seeds

# One target after another (the machine is shared): FUZZ_SECONDS each.
fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
	  base=$${t%_world}; \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/crashes/$$t; \
	  dict=; if [ -f fuzz/$$base.dict ]; then dict=-dict=fuzz/$$base.dict; fi; \
	  seeds=; if [ -d fuzz/corpus/$$base ]; then seeds=fuzz/corpus/$$base; fi; \
	  case $$base in scene) seeds="$$seeds assets/scenes";; replay) seeds=assets/replays;; \
	    level) seeds=assets/levels;; paint) seeds=assets/modes;; esac; \
	  echo "== fuzz_$$t for $(FUZZ_SECONDS) s"; \
	  $(FUZZ_BUILD)/fuzz_$$t $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) $$dict \
	    -artifact_prefix=$(FUZZ_BUILD)/crashes/$$t/ \
	    $(FUZZ_BUILD)/corpus/$$t $$seeds || exit 1; \
	done

$(BUILD)/soak: tests/soak.c $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $(DEPFLAGS) -Itests $< -o $@ $(LDFLAGS) \
	  -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free $(ALL_LIBS)

# SOAK_ARGS="--bodies" adds three coupled bodies (see tests/soak.c).
SOAK_ARGS ?=
soak: $(BUILD)/soak
	$(BUILD)/soak $(SOAK_ARGS)

# The regression test includes the fuzz targets' sources (its rule, which
# links the game's and the painter's headless cores, is after the game section).

# ====================================================== SDL programs
#
#   build/bin/eddy-paint   the designers' velocity painter (game/paint/, issue 5):
#                          an SDL2 window, and `--script FILE -o OUT.mode`, a
#                          headless mode that needs no display
#   make assets            painted modes: assets/modes/NAME.paint (eddy-paint
#                          scripts) -> build/assets/NAME.mode, through --script
#
# The window needs SDL2 and SDL2_ttf (pkg-config sdl2 SDL2_ttf; zlib for PNG
# screenshots); building never needs a display. Without those packages
# eddy-paint is built without its window (-DEDDY_PAINT_NO_SDL): the script
# mode, the asset rule and the tests still work. The painter's document,
# script interpreter and reduced preview (PAINT_CORE, no SDL) are also linked
# into tests/test_paint.

SDL_PKGS     := sdl2 SDL2_ttf zlib
SDL_FOUND    := $(shell pkg-config --exists $(SDL_PKGS) 2>/dev/null && echo yes)
# The kit both apps share (game/kit/, issue 31): finding the program's folder
# and the fonts, the exit codes (KIT_CORE, no SDL), and PNG writing, triangle
# batches and rock (KIT_WINDOW, SDL and zlib).
KIT_DIR      := game/kit
KIT_CORE     := $(addprefix $(KIT_DIR)/,kit_path.c kit_status.c kit_font.c)
KIT_WINDOW   := $(addprefix $(KIT_DIR)/,kit_png.c kit_batch.c kit_rock.c)
KIT_CFLAGS   := $(if $(SDL_FOUND),$(shell pkg-config --cflags $(SDL_PKGS)))
$(BUILD)/obj/$(KIT_DIR)/%.o: $(KIT_DIR)/%.c $(BUILD)/obj/$(KIT_DIR)/%.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) -I$(KIT_DIR) $(CFLAGS) $(KIT_CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

PAINT_CORE   := game/paint/paint_doc.c game/paint/paint_script.c game/paint/paint_preview.c
PAINT_WINDOW := $(filter-out $(PAINT_CORE) game/paint/paint_main.c,$(wildcard game/paint/*.c)) \
                $(KIT_CORE) $(KIT_WINDOW)
PAINT_BIN    := $(BUILD)/bin/eddy-paint
PAINT_FLAGS  := -Igame/paint -I$(KIT_DIR) -Itools
ifeq ($(SDL_FOUND)$(if $(PAINT_WINDOW),+),yes+)
  PAINT_SRC    := game/paint/paint_main.c $(PAINT_CORE) $(PAINT_WINDOW)
  PAINT_CFLAGS := $(shell pkg-config --cflags $(SDL_PKGS))
  PAINT_LIBS   := $(shell pkg-config --libs $(SDL_PKGS))
else
  PAINT_SRC    := game/paint/paint_main.c $(PAINT_CORE)
  PAINT_CFLAGS := -DEDDY_PAINT_NO_SDL
  PAINT_LIBS   :=
endif
PAINT_ASSETS := $(patsubst assets/modes/%.paint,$(BUILD)/assets/%.mode,$(wildcard assets/modes/*.paint))

.PHONY: assets
all: $(PAINT_BIN) $(PAINT_ASSETS)
test-needs: $(PAINT_BIN) $(PAINT_ASSETS)
assets: $(PAINT_ASSETS)

PAINT_OBJ      := $(call app_objects,$(PAINT_SRC))
PAINT_CORE_OBJ := $(call app_objects,$(PAINT_CORE))

$(BUILD)/obj/game/paint/%.o: game/paint/%.c $(BUILD)/obj/game/paint/%.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(PAINT_FLAGS) $(CFLAGS) $(PAINT_CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

$(PAINT_BIN): $(PAINT_OBJ) $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(PAINT_OBJ) -o $@ $(LDFLAGS) $(PAINT_LIBS) $(ALL_LIBS)

# The generic test rule links a test with the library only; this one adds the
# painter's headless part.
$(BUILD)/tests/test_paint: tests/test_paint.c $(PAINT_CORE_OBJ) $(BUILD)/tests/fault_write.o \
  $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(PAINT_FLAGS) $(CFLAGS) $(DEPFLAGS) -Itests $< $(PAINT_CORE_OBJ) -o $@ \
	  $(TEST_LINK) \
	  $(LDFLAGS) $(ALL_LIBS) -lcmocka

$(BUILD)/assets/%.mode: assets/modes/%.paint $(PAINT_BIN)
	@mkdir -p $(dir $@)
	$(PAINT_BIN) --script $< -o $@

# ---------------------------------------------------------- game (issue 6)
#
#   build/bin/eddy-game    the water-tank puzzle (game/eddy-game/): an SDL2 window,
#                          and --headless, which needs no display
#   build/bin/eddy-level   builds a level's asset; make assets runs it
#   make assets            also assets/levels/NAME.json -> build/assets/levels/NAME.eddy:
#                          the tank's eigenmodes, the painted modes the level lists in
#                          "asset.paint" (build/assets/MODE.mode, from the rule above)
#                          and the panels of its body outlines. eddy-level writes a
#                          NAME.eddy.d naming the .mode files it read, so a changed
#                          .paint or level rebuilds exactly the assets that use it.
#   make run               builds the game and the assets and opens the window; without
#                          a display (or without SDL2) it says so and plays level 1
#                          headless instead
#   make replays           plays every level with its bot (game_bot.c) and rewrites
#                          assets/replays/ID.replay with the win (after physics changes)
#
# The headless core (GAME_CORE: levels, simulation, commands, replays, loading
# assets; no SDL, no builder) is an archive, linked into eddy-game, eddy-level
# and the game's tests. eddy-game runs on libeddy and libeddy-scene only
# (GAME_RUN_LIBS: its levels are scenes); building assets is eddy-level's
# (level_build.c, libeddy-build) and make's. The built-in level
# (game/eddy-game/app/builtin.json) and its asset, built here by eddy-level, are
# compiled into eddy-game (BUILD/gen/game_embedded.c, tools/embed.sh), so
# the game plays without any data. The game finds its levels and assets in
# share/eddy beside its bin/ directory, installed or not: the build tree
# mirrors an installed prefix with BUILD/share/eddy/levels and .../assets,
# links to assets/levels and BUILD/assets (TREE_DATA), so one rule serves
# both and nothing about the source tree is compiled into a program;
# --levels and --assets override them. Without SDL2 eddy-game is built
# headless only (-DEDDY_GAME_NO_SDL).

GAME_DIR     := game/eddy-game
GAME_CORE    := $(addprefix $(GAME_DIR)/,core/game_sim.c core/game_push.c core/game_spray.c \
                  core/game_flow.c core/game_xform.c core/game_look.c core/game_session.c \
                  core/game_run.c core/game_view.c core/game_quality.c core/game_pool.c \
                  level/game_level.c level/level_place.c level/game_replay.c level/game_asset.c level/game_reload.c level/game_child.c \
                  play/game_bot.c play/game_tutorial.c play/game_card.c play/game_hint.c \
                  play/game_progress.c play/game_sound.c play/game_synth.c) $(KIT_CORE)
GAME_WINDOW  := $(addprefix $(GAME_DIR)/,render/game_text.c render/game_render.c \
                  render/game_shot.c render/game_surface.c app/game_app.c app/game_audio.c) \
                  $(KIT_WINDOW)
GAME_BIN     := $(BUILD)/bin/eddy-game
LEVEL_BIN    := $(BUILD)/bin/eddy-level
GAME_ROOMS   := core level play render app
GAME_FLAGS   := $(addprefix -I$(GAME_DIR)/,$(GAME_ROOMS)) -I$(KIT_DIR) -Itools
ifeq ($(SDL_FOUND),yes)
  GAME_SRC     := $(GAME_DIR)/app/game_main.c $(GAME_WINDOW)
  GAME_CFLAGS  := $(shell pkg-config --cflags $(SDL_PKGS))
  GAME_LIBS    := $(shell pkg-config --libs $(SDL_PKGS))
  GAME_TEST_FLAGS :=
  GAME_TEST_LIBS  := -lz
else
  GAME_SRC     := $(GAME_DIR)/app/game_main.c
  GAME_CFLAGS  := -DEDDY_GAME_NO_SDL
  GAME_LIBS    :=
  GAME_TEST_FLAGS := -DEDDY_GAME_NO_SDL
  GAME_TEST_LIBS  :=
endif
LEVELS       := $(sort $(wildcard assets/levels/*.json))
LEVEL_ASSETS := $(patsubst assets/levels/%.json,$(BUILD)/assets/levels/%.eddy,$(LEVELS))

BUILTIN_LEVEL := $(GAME_DIR)/app/builtin.json
BUILTIN_ASSET := $(BUILD)/assets/builtin.eddy

all: $(GAME_BIN) $(LEVEL_BIN) $(LEVEL_ASSETS)
test-needs: $(GAME_BIN) $(LEVEL_ASSETS)
assets: $(LEVEL_ASSETS) $(BUILTIN_ASSET)

GAME_OBJ        := $(call app_objects,$(GAME_SRC))
GAME_CORE_OBJ   := $(call app_objects,$(GAME_CORE))
GAME_WINDOW_OBJ := $(call app_objects,$(GAME_WINDOW))
GAME_CORE_LIB   := $(BUILD)/obj/$(GAME_DIR)/libgame-core.a
LEVEL_BUILD_OBJ := $(call app_objects,$(GAME_DIR)/level/level_build.c)
LEVEL_OBJ       := $(call app_objects,$(GAME_DIR)/tools/level_tool.c) $(LEVEL_BUILD_OBJ)
EMBED_SRC       := $(BUILD)/gen/game_embedded.c
EMBED_OBJ       := $(BUILD)/obj/gen/game_embedded.o
GAME_RUN_LIBS   := $(SCENE_RUN_LIBS)
# The web page packs the natively built levels and the built-in level's C
# (make web, above: prerequisites expand where they are read).
web: $(LEVEL_ASSETS) $(EMBED_SRC) $(GAME_BIN)

$(BUILD)/obj/$(GAME_DIR)/%.o: $(GAME_DIR)/%.c $(BUILD)/obj/$(GAME_DIR)/%.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(GAME_CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

$(GAME_CORE_LIB): $(GAME_CORE_OBJ)
	rm -f $@
	ar rcs $@ $^

# The built-in level's asset, built as every level's is, then both files
# as C arrays (game_embedded.h).
$(BUILTIN_ASSET): $(BUILTIN_LEVEL) $(LEVEL_BIN)
	@mkdir -p $(dir $@)
	$(LEVEL_BIN) build $< --modes $(BUILD)/assets -o $@

$(EMBED_SRC): $(BUILTIN_LEVEL) $(BUILTIN_ASSET) tools/embed.sh
	@mkdir -p $(dir $@)
	sh tools/embed.sh game_embedded.h game_builtin_level $(BUILTIN_LEVEL) \
	  game_builtin_asset $(BUILTIN_ASSET) > $@.tmp
	mv $@.tmp $@

$(EMBED_OBJ): $(EMBED_SRC)
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(DEPFLAGS) -c $< -o $@

TREE_DATA := $(BUILD)/share/eddy/levels $(BUILD)/share/eddy/assets
$(BUILD)/share/eddy/levels:
	@mkdir -p $(dir $@)
	ln -sfn $(abspath assets/levels) $@
$(BUILD)/share/eddy/assets:
	@mkdir -p $(dir $@) $(BUILD)/assets
	ln -sfn $(abspath $(BUILD)/assets) $@

# No builder here: GAME_RUN_LIBS is libeddy-scene, the Box2D adapter,
# libeddy, cJSON and Box2D.
$(GAME_BIN): $(GAME_OBJ) $(EMBED_OBJ) $(GAME_CORE_LIB) $(SCENE_LIB) $(BOX2D_LIB) $(LIB) | $(TREE_DATA)
	@mkdir -p $(dir $@)
	$(CC) $(GAME_OBJ) $(EMBED_OBJ) $(GAME_CORE_LIB) -o $@ $(LDFLAGS) $(GAME_LIBS) \
	  $(GAME_RUN_LIBS)

$(LEVEL_BIN): $(LEVEL_OBJ) $(GAME_CORE_LIB) $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(LEVEL_OBJ) $(GAME_CORE_LIB) -o $@ $(LDFLAGS) $(ALL_LIBS)

# What the game's tests link beside the test: the builder's half, the
# embedded level, the core.
GAME_TEST_OBJ := $(LEVEL_BUILD_OBJ) $(EMBED_OBJ) $(GAME_CORE_LIB)

# The generic test rule links a test with the library only; this one adds the
# game's headless core.
$(BUILD)/tests/test_game: tests/test_game.c $(GAME_TEST_OBJ) $(BUILD)/tests/fault_write.o \
  $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(GAME_TEST_FLAGS) $(DEPFLAGS) -Itests $< \
	  $(GAME_TEST_OBJ) -o $@ $(LDFLAGS) $(TEST_LINK) $(GAME_TEST_LIBS) $(ALL_LIBS) -lcmocka

# The frame around the game (drawing, pushing, progress, tutorial, sound),
# tested through the same headless core.
$(BUILD)/tests/test_game_frame: tests/test_game_frame.c $(GAME_TEST_OBJ) \
  $(BUILD)/tests/fault_write.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(GAME_TEST_FLAGS) $(DEPFLAGS) -Itests $< \
	  $(GAME_TEST_OBJ) -o $@ $(LDFLAGS) $(TEST_LINK) $(ALL_LIBS) -lcmocka

# The game on its own worker threads (game_pool.h), through the same core.
$(BUILD)/tests/test_game_workers: tests/test_game_workers.c $(GAME_TEST_OBJ) $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(GAME_TEST_FLAGS) $(DEPFLAGS) -Itests $< \
	  $(GAME_TEST_OBJ) -o $@ $(LDFLAGS) $(TEST_LINK) $(ALL_LIBS) -lcmocka

# The frame budget (make bench): the game's work per frame on every level,
# drawn by the window's own code into a software renderer.
BENCH_GAME_OBJ := $(if $(filter yes,$(SDL_FOUND)),$(GAME_WINDOW_OBJ)) $(EMBED_OBJ) $(GAME_CORE_LIB)
$(BUILD)/obj/bench/bench_game.o: bench/bench_game.c $(BUILD)/obj/bench/bench_game.d
	@mkdir -p $(dir $@)
	$(CC) $(APP_CPPFLAGS) $(GAME_FLAGS) $(CFLAGS) $(GAME_CFLAGS) $(DEPFLAGS) -c $< -o $@
	@touch -c $@

$(BUILD)/bench/bench_game: $(BUILD)/obj/bench/bench_game.o $(BENCH_GAME_OBJ) $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $< $(BENCH_GAME_OBJ) -o $@ $(LDFLAGS) $(GAME_LIBS) $(ALL_LIBS)
bench: $(LEVEL_ASSETS)

# Every painted mode first (order only): a level's .d file names the ones it
# reads once it has been built.
$(BUILD)/assets/levels/%.eddy: assets/levels/%.json $(LEVEL_BIN) | $(PAINT_ASSETS)
	@mkdir -p $(dir $@)
	$(LEVEL_BIN) build $< --modes $(BUILD)/assets -o $@ --deps $@.d

-include $(LEVEL_ASSETS:=.d)

.PHONY: replays
replays: $(LEVEL_BIN) $(LEVEL_ASSETS)
	@mkdir -p assets/replays
	@for l in $(LEVELS); do \
	  $(LEVEL_BIN) solve $$l --assets $(BUILD)/assets -o assets/replays/$$(basename $$l .json).replay || exit 1; \
	done

run: $(GAME_BIN) $(LEVEL_ASSETS)
	@if [ "$(SDL_FOUND)" = yes ] && [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
	  $(GAME_BIN); \
	else \
	  echo "make run: no display here (DISPLAY and WAYLAND_DISPLAY are empty), or no SDL2:"; \
	  echo "make run: playing level 1 headless for 600 steps instead; on a desktop, make run opens the game window"; \
	  $(GAME_BIN) --headless --level 1 --frames 600; \
	fi

# ---------------------------------------------------------- fuzz targets of the game
#
# fuzz_replay and fuzz_level link the game's headless core, fuzz_paint the
# painter's, compiled again with the fuzz build's clang, sanitizers and
# coverage into build/fuzz/obj. The regression test (make test) includes all
# fuzz targets' sources, so it links both cores too.

FUZZ_OBJ        := $(FUZZ_BUILD)/obj
FUZZ_GAME_OBJS  := $(patsubst %.c,$(FUZZ_OBJ)/%.o,$(GAME_CORE))
FUZZ_GAME_LIB   := $(FUZZ_OBJ)/libgame-core.a
FUZZ_GAME_LINK  := $(FUZZ_OBJ)/$(GAME_DIR)/level/level_build.o $(FUZZ_GAME_LIB)
FUZZ_PAINT_OBJS := $(patsubst %.c,$(FUZZ_OBJ)/%.o,$(PAINT_CORE))
FUZZ_APP_FLAGS  := $(GAME_FLAGS) $(PAINT_FLAGS) -DEDDY_GAME_NO_SDL -DEDDY_PAINT_NO_SDL
FUZZ_APP_CFLAGS := -std=c17 $(WARN) -O1 -g -fno-omit-frame-pointer $(FUZZ_SAN) \
                   -D_POSIX_C_SOURCE=200809L

$(FUZZ_OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(APP_CPPFLAGS) $(FUZZ_APP_FLAGS) $(FUZZ_APP_CFLAGS) -fsanitize=fuzzer-no-link \
	  $(DEPFLAGS) -c $< -o $@

$(FUZZ_GAME_LIB): $(FUZZ_GAME_OBJS)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz_replay $(FUZZ_BUILD)/fuzz_level: $(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c \
  $(FUZZ_GAME_LINK) $(FUZZ_LIBS)
	$(FUZZ_CC) $(APP_CPPFLAGS) $(FUZZ_APP_FLAGS) $(FUZZ_APP_CFLAGS) -fsanitize=fuzzer $(DEPFLAGS) -Ifuzz \
	  -c $< -o $@.o
	$(FUZZ_CXX) -fsanitize=fuzzer $(FUZZ_SAN) $@.o $(FUZZ_GAME_LINK) -o $@ \
	  $(FUZZ_LIBS) $(BUILDER_LIBS) $(BODY_LIBS)

$(FUZZ_BUILD)/fuzz_paint: fuzz/fuzz_paint.c $(FUZZ_PAINT_OBJS) $(FUZZ_LIBS)
	$(FUZZ_CC) $(APP_CPPFLAGS) $(FUZZ_APP_FLAGS) $(FUZZ_APP_CFLAGS) -fsanitize=fuzzer $(DEPFLAGS) -Ifuzz \
	  -c $< -o $@.o
	$(FUZZ_CXX) -fsanitize=fuzzer $(FUZZ_SAN) $@.o $(FUZZ_PAINT_OBJS) -o $@ \
	  $(FUZZ_LIBS) $(BUILDER_LIBS) $(BODY_LIBS)

FUZZ_SOURCES := $(patsubst %,fuzz/fuzz_%.c,$(filter-out scene_world,$(FUZZ_TARGETS)))
$(BUILD)/tests/test_fuzz_regressions: tests/test_fuzz_regressions.c $(GAME_TEST_OBJ) \
  $(PAINT_CORE_OBJ) $(BUILD)/tests/fault_write.o $(ALL_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(GAME_FLAGS) $(PAINT_FLAGS) $(CFLAGS) $(GAME_TEST_FLAGS) $(DEPFLAGS) \
	  -Itests -Ifuzz $< $(PAINT_CORE_OBJ) $(GAME_TEST_OBJ) -o $@ $(LDFLAGS) $(TEST_LINK) \
	  $(GAME_TEST_LIBS) $(ALL_LIBS) -lcmocka

# ====================================================== install
#
#   make install      PREFIX=/usr/local (DESTDIR for staging; BINDIR, LIBDIR,
#                     INCLUDEDIR, PKGCONFIGDIR, DATADIR to place each part)
#   make uninstall    removes exactly what make install put there
#   make install-check  (part of make check) installs into build/stage, checks
#                     the exports, builds examples/, the game and the paint
#                     tool against it with pkg-config and runs them, moves the
#                     installed prefix out of the tree and runs the installed
#                     programs on their installed data, then uninstalls and
#                     checks nothing is left
#
# Installed:
#   INCLUDEDIR/eddy/  every public header, with the built backend's own
#                     (eddy_box2d_v3.h or eddy_box2d_v24.h; an install of the
#                     other backend into the same prefix adds its own beside
#                     it: the adapters share one libeddy)
#   LIBDIR            libeddy (no Box2D in it), the Box2D adapter
#                     (libeddy-box2d or libeddy-box2d-v3), libeddy-scene,
#                     libeddy-build as static archives and shared libraries
#                     (the scenes' and the builder's named for the backend,
#                     LIBTAG), with the development links libeddy.so,
#                     libeddy-box2d*.so, libeddy-scene.so, libeddy-build.so
#   PKGCONFIGDIR      eddy.pc, eddy-box2d.pc or eddy-box2d-v3.pc, eddy-scene.pc,
#                     eddy-build.pc (the shared libraries), and eddy-static.pc,
#                     eddy-box2d[-v3]-static.pc, eddy-scene-static.pc,
#                     eddy-build-static.pc (the archives, by path, so that
#                     pkg-config --static --libs eddy-static is a static link
#                     whatever else is in LIBDIR)
#   BINDIR            precompute, sim, eddy-game, eddy-paint, eddy-level
#   DATADIR           the game's data (PREFIX/share/eddy): levels/*.json, the
#                     built assets (assets/levels/*.eddy, assets/*.mode), the
#                     paint scripts (modes/*.paint), replays/*.replay and the
#                     tools' scenes/*.json. eddy-game looks for it in
#                     BINDIR/../share/eddy, so keep DATADIR there (or pass
#                     --levels and --assets, or set EDDY_GAME_LEVELS and
#                     EDDY_GAME_ASSETS).

BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DATADIR      ?= $(PREFIX)/share/eddy
INSTALL_BINS := $(TOOLS) $(GAME_BIN) $(PAINT_BIN) $(LEVEL_BIN)
INSTALL_LIBS := libeddy.a libeddy-scene.a libeddy-build.a $(notdir $(SO) $(SCENE_SO) $(BUILD_SO)) \
                $(SO_NAME) $(SCENE_SO_NAME) $(BUILD_SO_NAME) libeddy.so libeddy-scene.so \
                libeddy-build.so lib$(BOX2D_NAME).a $(notdir $(BOX2D_SO)) $(BOX2D_SO_NAME) \
                lib$(BOX2D_NAME).so
INSTALL_PCS  := eddy.pc eddy-scene.pc eddy-build.pc eddy-static.pc eddy-scene-static.pc \
                eddy-build-static.pc $(BOX2D_NAME).pc $(BOX2D_NAME)-static.pc
# The data, as installed path -> source files.
DATA_LEVELS  := $(LEVELS)
DATA_ASSETS  := $(LEVEL_ASSETS)
DATA_MODES   := $(PAINT_ASSETS)
DATA_PAINTS  := $(wildcard assets/modes/*.paint)
DATA_REPLAYS := $(wildcard assets/replays/*.replay)
DATA_SCENES  := $(wildcard assets/scenes/*.json)

# pkg-config files. Libs.private and Requires.private are what a static link
# adds (pkg-config --static): the adapter's Box2D (box2d.pc for 2.4; a v3 by
# path, as it has no .pc), cJSON, the builder's numerics. eddy and
# eddy-static name no Box2D; the Box2D adapter is eddy-box2d (2.4) or
# eddy-box2d-v3 (BOX2D_NAME, with its -static form), whose "backend"
# variable says which; the scenes and the builder make Box2D worlds, so
# they require it.
define PC_HEAD
prefix=$(PREFIX)
libdir=$(LIBDIR)
includedir=$(INCLUDEDIR)
Version: $(VERSION)
endef
define EDDY_PC
$(PC_HEAD)
Name: eddy
Description: Model-reduced 2D fluid for games (run time; engines through $(BOX2D_NAME), eddy-chipmunk or eddy_rigid.h)
Cflags: -I$${includedir}
Libs: -L$${libdir} -leddy
Libs.private: -lm
endef
define EDDY_STATIC_PC
$(PC_HEAD)
Name: eddy-static
Description: eddy's run time as the static libeddy.a; use with --static
Cflags: -I$${includedir}
Libs: $${libdir}/libeddy.a
Libs.private: -lm
endef
define EDDY_BOX2D_PC
$(PC_HEAD)
backend=$(BODY_BACKEND)
Name: $(BOX2D_NAME)
Description: eddy's Box2D $(BODY_BACKEND) adapter: eddy's own Box2D worlds (eddy_world_create) and a game's ($(notdir $(BODY_PUBLIC_H)))
Requires: eddy = $(VERSION)
Requires.private: $(BODY_PC_REQUIRES)
Cflags: -I$${includedir} $(BODY_CPPFLAGS)
Libs: -L$${libdir} -l$(BOX2D_NAME)
Libs.private: $(BODY_PC_LIBS)
endef
define EDDY_BOX2D_STATIC_PC
$(PC_HEAD)
backend=$(BODY_BACKEND)
Name: $(BOX2D_NAME)-static
Description: eddy's Box2D $(BODY_BACKEND) adapter as the static lib$(BOX2D_NAME).a (one Box2D shared with a game's own world); use with --static
Requires: eddy-static = $(VERSION)
Requires.private: $(BODY_PC_REQUIRES)
Cflags: -I$${includedir} $(BODY_CPPFLAGS)
Libs: $${libdir}/lib$(BOX2D_NAME).a
Libs.private: $(BODY_PC_LIBS)
endef
define EDDY_SCENE_PC
$(PC_HEAD)
Name: eddy-scene
Description: eddy's JSON scenes: a scene's fluid, world and coupling, wall files
Requires: $(BOX2D_NAME) = $(VERSION) eddy = $(VERSION)
Requires.private: libcjson
Cflags: -I$${includedir}
Libs: -L$${libdir} -leddy-scene
endef
define EDDY_SCENE_STATIC_PC
$(PC_HEAD)
Name: eddy-scene-static
Description: eddy's JSON scenes as the static libeddy-scene.a; use with --static
Requires: $(BOX2D_NAME)-static = $(VERSION) eddy-static = $(VERSION)
Requires.private: libcjson
Cflags: -I$${includedir}
Libs: $${libdir}/libeddy-scene.a
endef
define EDDY_BUILD_PC
$(PC_HEAD)
Name: eddy-build
Description: eddy's precompute side (assets, painted modes, shape catalogues, the grid solver)
Requires: eddy-scene = $(VERSION) eddy = $(VERSION)
Cflags: -I$${includedir}
Libs: -L$${libdir} -leddy-build
Libs.private: $(BUILDER_LIBS)
endef
define EDDY_BUILD_STATIC_PC
$(PC_HEAD)
Name: eddy-build-static
Description: eddy's precompute side as the static libeddy-build.a; use with --static
Requires: eddy-scene-static = $(VERSION) eddy-static = $(VERSION)
Cflags: -I$${includedir}
Libs: $${libdir}/libeddy-build.a
Libs.private: $(BUILDER_LIBS)
endef
export EDDY_PC EDDY_STATIC_PC EDDY_BOX2D_PC EDDY_BOX2D_STATIC_PC EDDY_SCENE_PC EDDY_SCENE_STATIC_PC EDDY_BUILD_PC EDDY_BUILD_STATIC_PC

install: libs $(INSTALL_BINS) $(LEVEL_ASSETS) $(PAINT_ASSETS) $(if $(CHIPMUNK_FOUND),$(CHIPMUNK_LIB))
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/eddy \
	  $(DESTDIR)$(PKGCONFIGDIR) $(addprefix $(DESTDIR)$(DATADIR)/,levels assets/levels modes \
	  replays scenes)
	install -m 644 $(PUBLIC_H) $(DESTDIR)$(INCLUDEDIR)/eddy/
	install -m 644 $(LIB) $(BOX2D_LIB) $(SCENE_LIB) $(BUILD_LIB) $(DESTDIR)$(LIBDIR)/
	$(if $(CHIPMUNK_FOUND),install -m 644 $(CHIPMUNK_LIB) $(DESTDIR)$(LIBDIR)/)
	$(if $(CHIPMUNK_FOUND),install -m 644 adapters/chipmunk/eddy_chipmunk.h $(DESTDIR)$(INCLUDEDIR)/eddy/)
	install -m 755 $(SO) $(BOX2D_SO) $(SCENE_SO) $(BUILD_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf $(notdir $(SO)) $(DESTDIR)$(LIBDIR)/$(SO_NAME)
	ln -sf $(SO_NAME) $(DESTDIR)$(LIBDIR)/libeddy.so
	ln -sf $(notdir $(BOX2D_SO)) $(DESTDIR)$(LIBDIR)/$(BOX2D_SO_NAME)
	ln -sf $(BOX2D_SO_NAME) $(DESTDIR)$(LIBDIR)/lib$(BOX2D_NAME).so
	ln -sf $(notdir $(SCENE_SO)) $(DESTDIR)$(LIBDIR)/$(SCENE_SO_NAME)
	ln -sf $(SCENE_SO_NAME) $(DESTDIR)$(LIBDIR)/libeddy-scene.so
	ln -sf $(notdir $(BUILD_SO)) $(DESTDIR)$(LIBDIR)/$(BUILD_SO_NAME)
	ln -sf $(BUILD_SO_NAME) $(DESTDIR)$(LIBDIR)/libeddy-build.so
	printf '%s\n' "$$EDDY_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy.pc
	printf '%s\n' "$$EDDY_STATIC_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy-static.pc
	printf '%s\n' "$$EDDY_BOX2D_PC" > $(DESTDIR)$(PKGCONFIGDIR)/$(BOX2D_NAME).pc
	printf '%s\n' "$$EDDY_BOX2D_STATIC_PC" > $(DESTDIR)$(PKGCONFIGDIR)/$(BOX2D_NAME)-static.pc
	printf '%s\n' "$$EDDY_SCENE_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy-scene.pc
	printf '%s\n' "$$EDDY_SCENE_STATIC_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy-scene-static.pc
	printf '%s\n' "$$EDDY_BUILD_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy-build.pc
	printf '%s\n' "$$EDDY_BUILD_STATIC_PC" > $(DESTDIR)$(PKGCONFIGDIR)/eddy-build-static.pc
	install -m 755 $(INSTALL_BINS) $(DESTDIR)$(BINDIR)/
	install -m 644 $(DATA_LEVELS) $(DESTDIR)$(DATADIR)/levels/
	install -m 644 $(DATA_ASSETS) $(DESTDIR)$(DATADIR)/assets/levels/
	install -m 644 $(DATA_MODES) $(DESTDIR)$(DATADIR)/assets/
	install -m 644 $(DATA_PAINTS) $(DESTDIR)$(DATADIR)/modes/
	install -m 644 $(DATA_REPLAYS) $(DESTDIR)$(DATADIR)/replays/
	install -m 644 $(DATA_SCENES) $(DESTDIR)$(DATADIR)/scenes/
	@if [ "$(abspath $(BINDIR)/../share/eddy)" != "$(abspath $(DATADIR))" ]; then \
	  echo "make install: note: eddy-game looks for its data in BINDIR/../share/eddy, not $(DATADIR):"; \
	  echo "make install: give it --levels $(DATADIR)/levels --assets $(DATADIR)/assets"; \
	fi

uninstall:
	rm -f $(addprefix $(DESTDIR)$(INCLUDEDIR)/eddy/,$(notdir $(PUBLIC_H)))
	rm -f $(DESTDIR)$(INCLUDEDIR)/eddy/eddy_chipmunk.h
	-rmdir $(DESTDIR)$(INCLUDEDIR)/eddy 2>/dev/null
	rm -f $(addprefix $(DESTDIR)$(LIBDIR)/,$(INSTALL_LIBS))
	rm -f $(DESTDIR)$(LIBDIR)/libeddy-chipmunk.a
	rm -f $(addprefix $(DESTDIR)$(PKGCONFIGDIR)/,$(INSTALL_PCS))
	rm -f $(addprefix $(DESTDIR)$(BINDIR)/,$(notdir $(INSTALL_BINS)))
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/levels/,$(notdir $(DATA_LEVELS))) \
	  $(addprefix $(DESTDIR)$(DATADIR)/assets/levels/,$(notdir $(DATA_ASSETS))) \
	  $(addprefix $(DESTDIR)$(DATADIR)/assets/,$(notdir $(DATA_MODES))) \
	  $(addprefix $(DESTDIR)$(DATADIR)/modes/,$(notdir $(DATA_PAINTS))) \
	  $(addprefix $(DESTDIR)$(DATADIR)/replays/,$(notdir $(DATA_REPLAYS))) \
	  $(addprefix $(DESTDIR)$(DATADIR)/scenes/,$(notdir $(DATA_SCENES)))
	-rmdir $(addprefix $(DESTDIR)$(DATADIR)/,levels assets/levels assets modes replays scenes) \
	  $(DESTDIR)$(DATADIR) 2>/dev/null

# eddy_world_create and eddy_body_get_backend (eddy_body.h) are the Box2D
# adapter's: its library exports them with its own header's functions, and
# libeddy.so everything else.
ADAPTER_API := eddy_world_create eddy_body_get_backend
check-exports: $(SO) $(BOX2D_SO) $(SCENE_SO) $(BUILD_SO)
	@EXCEPT="$(ADAPTER_API)" sh tests/check_exports.sh $(SO) EDDY_API $(addprefix include/eddy/,eddy_base.h \
	  eddy_file.h eddy_mac.h eddy.h eddy_body.h eddy_rigid.h eddy_coupling.h eddy_surface.h)
	@ALSO="$(ADAPTER_API)" sh tests/check_exports.sh $(BOX2D_SO) EDDY_API $(BODY_PUBLIC_H)
	@sh tests/check_exports.sh $(SCENE_SO) EDDY_SCENE_API include/eddy/eddy_scene.h
	@sh tests/check_exports.sh $(BUILD_SO) EDDY_BUILD_API $(addprefix include/eddy/,eddy_build.h \
	  eddy_grid.h eddy_mode.h)

STAGE      := $(abspath $(BUILD))/stage
STAGE_DIRS := PREFIX=$(STAGE) DESTDIR= BINDIR=$(STAGE)/bin LIBDIR=$(STAGE)/lib \
              INCLUDEDIR=$(STAGE)/include PKGCONFIGDIR=$(STAGE)/lib/pkgconfig \
              DATADIR=$(STAGE)/share/eddy
install-check: check-exports libs $(INSTALL_BINS) $(LEVEL_ASSETS) $(PAINT_ASSETS)
	rm -rf $(STAGE) $(BUILD)/examples
	$(MAKE) --no-print-directory install $(STAGE_DIRS)
	CC="$(CC)" CXX="$(CXX)" TREE_BUILD=$(abspath $(BUILD)) \
	  GAME_SRC="$(GAME_SRC) $(GAME_CORE) $(EMBED_SRC)" \
	  LEVEL_SRC="$(GAME_DIR)/tools/level_tool.c $(GAME_DIR)/level/level_build.c $(GAME_CORE) $(EMBED_SRC)" \
	  PAINT_SRC="$(PAINT_SRC)" APP_INCLUDES="$(sort $(GAME_FLAGS) $(PAINT_FLAGS))" \
	  GAME_CFLAGS="$(GAME_CFLAGS)" GAME_LIBS="$(GAME_LIBS)" PAINT_CFLAGS="$(PAINT_CFLAGS)" \
	  PAINT_LIBS="$(PAINT_LIBS)" sh tests/check_install.sh $(STAGE) $(abspath $(BUILD))/examples
	$(MAKE) --no-print-directory uninstall $(STAGE_DIRS)
	@left=$$(find $(STAGE) -type f -o -type l); \
	if [ -n "$$left" ]; then echo "make uninstall left: $$left"; exit 1; fi; \
	echo "install-check: installed, built the examples, the game and the paint tool against it," \
	  "ran the installed programs on their installed data, uninstalled cleanly"

# ====================================================== header dependencies
# What each compile wrote (DEPFLAGS): objects' OUT.d, programs' BIN.d.
DEP_FILES := $(wildcard $(BUILD)/engine/*/*.d $(BUILD)/obj/*/*.d $(BUILD)/obj/*/*/*.d \
               $(BUILD)/obj/*/*/*/*.d $(FUZZ_OBJ)/*/*/*/*.d \
               $(BUILD)/tests/*.d $(BUILD)/bench/*.d $(BUILD)/fuzz/*.d $(BUILD)/tree-examples/*.d \
               $(BUILD)/*.d $(FUZZ_BUILD)/*.d $(FUZZ_OBJ)/*/*.d $(FUZZ_OBJ)/*/*/*.d)
-include $(DEP_FILES)
# The objects' .d files as explicit targets with no recipe (see DEPFLAGS): a
# missing one is remade by doing nothing, which rebuilds its object.
PROGRAM_OBJ := $(PRECOMPUTE_OBJ) $(BUILD)/obj/tools/sim.o $(PAINT_OBJ) $(GAME_OBJ) $(LEVEL_OBJ) \
               $(GAME_CORE_OBJ) $(GAME_WINDOW_OBJ) $(EMBED_OBJ) $(PAINT_CORE_OBJ) \
               $(patsubst bench/%.c,$(BUILD)/obj/bench/%.o,$(BENCH_SRC))
OBJECT_DEPS := $(patsubst %.o,%.d,$(RUNTIME_OBJ) $(BODY_OBJ) $(PORT_LINK_OBJ) $(SCENE_OBJ) $(BUILDER_OBJ) \
               $(PROGRAM_OBJ))
$(sort $(OBJECT_DEPS)):
# make layers checks the programs' objects too
layers: $(PROGRAM_OBJ)
