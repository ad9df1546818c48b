# The web playground (web/README.md): 'make web' compiles the solver
# library, the encoding library, the puzzle front-ends and einsat-check
# to WebAssembly with Debian's Emscripten and writes a folder of static
# files, build/web/; 'make serve' serves it on 127.0.0.1.
#
# Emscripten rather than clang's wasm32-wasi target: its C library has
# setjmp/longjmp, so running out of memory in the page ends in the same
# "out of memory" error as natively instead of a trap; it grows the
# memory on demand and brings an in-memory file system for the
# front-ends' files.  Debian's emscripten runs its JavaScript tools with
# the 'node' on the PATH, which may not search Debian's module folder
# (a Node.js from another package): NODE_PATH names it.

EMCC ?= emcc
WEB_OUT := build/web
WEB_OBJ := build/wasm
WEB_PORT ?= 8080
WEB_EMCC := NODE_PATH=/usr/share/nodejs $(EMCC)

# No processes in a browser: the decompressor pipes are left out.
WEB_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L \
              -DEINSAT_VERSION=\"$(VERSION)\" -DEINSAT_NO_DECOMPRESSORS \
              -Iinclude -Icli -Ifrontend $(WARNINGS) -O3 -DNDEBUG

# The command line's own 'main.c' stays out (signals, an interval
# timer): 'web/main.c' and 'web/solve.c' are the playground's host.
WEB_SOURCES := $(wildcard src/*.c encode/*.c frontend/*.c puzzles/*.c \
                 web/*.c) cli/output.c cli/enumerate.c cli/cubes.c cli/solve.c
WEB_OBJS := $(WEB_SOURCES:%.c=$(WEB_OBJ)/%.o)
WEB_CHECK_OBJS := $(wildcard tools/check/*.c)
WEB_CHECK_OBJS := $(WEB_CHECK_OBJS:%.c=$(WEB_OBJ)/%.o)

# A fresh instance per run (MODULARIZE, no automatic 'main'); the memory
# grows up to 2 GB, the most a 32-bit browser heap gives.
WEB_LDFLAGS := -O3 -sMODULARIZE=1 -sINVOKE_RUN=0 -sEXIT_RUNTIME=1 \
               -sALLOW_MEMORY_GROWTH=1 -sMAXIMUM_MEMORY=2147483648 \
               -sENVIRONMENT=worker,node \
               -sEXPORTED_RUNTIME_METHODS=callMain,FS

WEB_PAGE_FILES := $(wildcard web/page/*)
WEB_EXAMPLES := puzzles/examples/einstein.txt puzzles/examples/pets.txt \
                puzzles/examples/zebra.txt python/examples/gchq2015.non

.PHONY: web serve
web: $(WEB_OUT)/einsat.js $(WEB_OUT)/einsat-check.js $(WEB_OUT)/index.html

$(WEB_OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(call quiet,EMCC,$<)$(WEB_EMCC) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

$(WEB_OUT)/einsat.js: $(WEB_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(WEB_EMCC) $(WEB_LDFLAGS) -sEXPORT_NAME=createEinsat \
	  -o $@ $(WEB_OBJS)

$(WEB_OUT)/einsat-check.js: $(WEB_CHECK_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(WEB_EMCC) $(WEB_LDFLAGS) \
	  -sEXPORT_NAME=createEinsatCheck -o $@ $(WEB_CHECK_OBJS)

# The page, its examples, and the service worker's list of files (so the
# page works offline once loaded).
$(WEB_OUT)/index.html: $(WEB_PAGE_FILES) $(WEB_EXAMPLES) web/module.mk
	@mkdir -p $(WEB_OUT)/examples
	$(call quiet,CP,$(WEB_OUT))cp $(WEB_PAGE_FILES) $(WEB_OUT)/ && \
	  cp $(WEB_EXAMPLES) $(WEB_OUT)/examples/

serve: web
	@echo "einsat playground: http://127.0.0.1:$(WEB_PORT)/"
	@cd $(WEB_OUT) && python3 -m http.server --bind 127.0.0.1 $(WEB_PORT)

-include $(shell find $(WEB_OBJ) -name '*.d' 2>/dev/null)
