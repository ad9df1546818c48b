# einsat - top-level makefile.
#
#   make            build the release library, CLI and tools (build/release),
#                   in parallel, one short line per step ('V=1': commands)
#   make run        build, then solve the built-in example and print it
#   make test       build and run every test, plain and under ASan+UBSan
#   make CONFIG=debug|asan|tsan|release ...   choose the build configuration
#   make install PREFIX=/usr/local
#   make deps       install the optional Debian packages (Python headers,
#                   clang for 'make fuzz', zbar, solvers to compare with,
#                   emscripten and chromium for the web playground, Open
#                   MPI for einsat-mpi) and
#                   the playground tests' npm package
#   make web        the web playground in build/web ('make serve' shows it)
#   make fuzz       libFuzzer targets (see tests/fuzz/README.md)
#   make mpi        einsat-mpi, the cluster solver (needs Open MPI's mpicc;
#                   see mpi/README.md)
#
# Each component has its own fragment '<dir>/module.mk' which appends to
# the variables below; this file only knows the configurations and the
# generic rules.  A fragment names its objects under $(OUT).

CONFIG ?= release
OUT := build/$(CONFIG)
PREFIX ?= /usr/local
CC ?= cc

VERSION := 0.1.0
SOVERSION := $(firstword $(subst ., ,$(VERSION)))
SONAME := libeinsat.so.$(SOVERSION)

WARNINGS := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
BASEFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -DEINSAT_VERSION=\"$(VERSION)\" \
             -Iinclude -fPIC $(WARNINGS)

ifeq ($(CONFIG),release)
  OPTFLAGS := -O3 -DNDEBUG
else ifeq ($(CONFIG),debug)
  OPTFLAGS := -O0 -g -DLOGGING
else ifeq ($(CONFIG),asan)
  # clang's UBSan checks more than gcc's (a null pointer plus zero, found
  # by the fuzzers only until then), so the sanitizer build prefers clang
  # when it is installed with its sanitizer runtime; 'CC=...' overrides.
  ifeq ($(origin CC),default)
    SANITIZER_CC := $(shell printf 'int main(void){return 0;}' | clang \
      -fsanitize=address,undefined -x c - -o /dev/null 2>/dev/null && echo clang)
    CC := $(or $(SANITIZER_CC),cc)
  endif
  OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
              -fno-sanitize-recover=undefined -DLOGGING
  LDSAN := -fsanitize=address,undefined
else ifeq ($(CONFIG),tsan)
  # ThreadSanitizer for the thread tests ('make CONFIG=tsan test-threads'),
  # with clang when its runtime is installed, as for 'asan'.
  ifeq ($(origin CC),default)
    SANITIZER_CC := $(shell printf 'int main(void){return 0;}' | clang \
      -fsanitize=thread -x c - -o /dev/null 2>/dev/null && echo clang)
    CC := $(or $(SANITIZER_CC),cc)
  endif
  OPTFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=thread
  LDSAN := -fsanitize=thread
else
  $(error unknown CONFIG '$(CONFIG)': use release, debug, asan or tsan)
endif

# A parallel build unless '-j' says otherwise; one line per step
# ('CC src/analyze.c') unless 'V=1' asks for the commands.
ifeq ($(filter -j%,$(MAKEFLAGS)),)
  MAKEFLAGS += -j$(shell nproc 2>/dev/null || echo 2)
endif
V ?= 0
ifeq ($(V),1)
  quiet =
else
  quiet = @printf '  %-4s %s\n' '$(1)' '$(2)';
endif

# Only for the library's objects (see src/module.mk).
LIBFLAGS := -fvisibility=hidden

CFLAGS_ALL := $(BASEFLAGS) $(OPTFLAGS) $(CFLAGS)
LDFLAGS_ALL := $(LDSAN) $(LDFLAGS)
LDLIBS_ALL := -lpthread -lm $(LDLIBS)

LIBRARY := $(OUT)/lib/libeinsat.a
SHARED_LIBRARY := $(OUT)/lib/libeinsat.so.$(VERSION)

# Filled in by the fragments.
LIB_OBJS :=
PROGRAMS :=
TEST_PROGRAMS :=
CLEAN_EXTRA :=

.PHONY: all run test test-one install clean format help print-cflags deps \
        tests-build tests-build-threads
all:

include $(sort $(wildcard */module.mk */*/module.mk))

all: $(PROGRAMS)

# Objects are compiled with dependency files so header edits rebuild, and
# depend on the recorded compiler and flags so that changing either (say
# the sanitizer build switching from gcc to clang) rebuilds everything
# instead of linking objects of two compilers.
COMPILER_STAMP := $(OUT)/compiler
$(COMPILER_STAMP): FORCE
	@mkdir -p $(OUT)
	@echo '$(CC) $(BASEFLAGS) $(OPTFLAGS) $(CFLAGS) $(LIBFLAGS)' | cmp -s - $@ 2>/dev/null || \
	  echo '$(CC) $(BASEFLAGS) $(OPTFLAGS) $(CFLAGS) $(LIBFLAGS)' > $@

$(OUT)/%.o: %.c $(COMPILER_STAMP)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

.PHONY: FORCE
FORCE:

# Objects stay: as intermediate files of a test program (or a fragment's
# chain of pattern rules) make would delete them, and then rebuild them
# and relink every test program the next time, because their
# prerequisite, the compiler stamp above, is remade on every run.
.SECONDARY:

-include $(shell find $(OUT) -name '*.d' 2>/dev/null)

run: $(OUT)/bin/einsat
	@$(RUN_COMMAND)

# The whole test suite, plain (release) and under sanitizers; under
# ThreadSanitizer only the thread tests (tests/run knows).
TSAN_AVAILABLE = $(shell for c in clang cc; do printf 'int main(void){return 0;}' \
  | $$c -fsanitize=thread -x c - -o /dev/null 2>/dev/null && echo yes && break; done)

test:
	@$(MAKE) --no-print-directory CONFIG=release all tests-build
	@$(MAKE) --no-print-directory CONFIG=asan all tests-build
ifeq ($(TSAN_AVAILABLE),yes)
	@$(MAKE) --no-print-directory CONFIG=tsan all tests-build-threads
	@tests/run build/release build/asan build/tsan
else
	@echo "make test: no ThreadSanitizer runtime: thread tests without it"
	@tests/run build/release build/asan
endif

# One configuration only (quicker while developing).
test-one: all tests-build
	@tests/run $(OUT)

tests-build: $(TEST_PROGRAMS)

tests-build-threads: $(filter $(OUT)/tests/threads/% $(OUT)/tests/diff/random \
  $(OUT)/tests/api/incremental $(OUT)/tests/limits/generate,$(TEST_PROGRAMS))

# The headers, both libraries (the shared one as libeinsat.so.VERSION
# with the links libeinsat.so.MAJOR, its SONAME, and libeinsat.so), the
# encoding library, the command line program, the checker einsat-check
# and a pkg-config file for each library.
INSTALL_DIRS := include lib bin lib/pkgconfig
install: all
	install -d $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALL_DIRS))
	install -m 644 include/einsat.h include/ipasir.h include/einsat_encode.h \
	  $(DESTDIR)$(PREFIX)/include
	install -m 644 $(LIBRARY) $(ENCODE_LIBRARY) $(DESTDIR)$(PREFIX)/lib
	install -m 755 $(SHARED_LIBRARY) $(DESTDIR)$(PREFIX)/lib
	ln -sf libeinsat.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libeinsat.so
	install -m 755 $(OUT)/bin/einsat $(OUT)/bin/einsat-check \
	  $(DESTDIR)$(PREFIX)/bin
	for pc in einsat einsat_encode; do \
	  sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' \
	    $$pc.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$pc.pc || exit 1; \
	done

# The style is in .clang-format.  The tree predates it and differs in
# line breaks here and there, so 'make format' formats only the C files
# a change touches: those changed since branching from FORMAT_BASE, or
# the ones named in FORMAT_FILES.
FORMAT_BASE ?= main
FORMAT_FILES ?= $(shell git diff --name-only --diff-filter=AM \
                  $(FORMAT_BASE)... -- '*.c' '*.h' 2>/dev/null)
format:
	@if [ -n "$(strip $(FORMAT_FILES))" ]; then \
	  clang-format -i $(FORMAT_FILES); \
	else echo "make format: no C file changed since $(FORMAT_BASE)"; fi

# Optional pieces: each is skipped with a message when missing, so this
# is best effort (needs root and a reachable Debian mirror).
DEBIAN_PACKAGES := python3-dev python3-pycosat clang libclang-rt-14-dev \
                   zbar-tools minisat picosat cadical emscripten chromium \
                   libopenmpi-dev openmpi-bin
deps:
	@if command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
	  apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    $(DEBIAN_PACKAGES) >/dev/null || \
	  echo "make deps: some optional packages could not be installed"; \
	else echo "make deps: needs apt-get and root; install: $(DEBIAN_PACKAGES)"; fi
	@if command -v npm >/dev/null; then \
	  (cd web && npm ci --no-audit --no-fund --loglevel=error) || \
	  echo "make deps: npm packages of web/package.json not installed"; \
	else echo "make deps: npm missing, the web playground tests will skip"; fi

clean:
	rm -rf build $(CLEAN_EXTRA)

help:
	@sed -n '2,17p' Makefile

print-cflags:
	@echo $(CFLAGS_ALL)
