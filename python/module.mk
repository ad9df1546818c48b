# The Python package 'einsat' (python/): a C extension linking the
# static library, plus pure-Python helpers.
#
#   make python                   builds python/einsat/_einsat<suffix> in
#                                 place, for the 'python3' on PATH
#   make python PYTHON=/usr/bin/python3   for another interpreter
#   make python PYTHON_DEST=DIR   builds the importable package DIR/einsat
#                                 (the tests use $(OUT)/python)
#
# The interpreter is asked for its include directory and extension suffix
# only when 'python' is built, so nothing else needs Python.
#
# Under CONFIG=asan the library is sanitized, and a sanitized shared
# object cannot be loaded into an interpreter that was not built with the
# sanitizers.  So by default the extension is built without them and
# links a plain debug copy of the library (assertions and logging on).
# With PYTHON_SANITIZE=1 it is sanitized like the library and must be run
# with the sanitizer runtimes preloaded (EINSAT_PYTHON_ASAN=1 makes
# tests/python/suite do that).

PYTHON ?= python3
PYTHON_DEST ?= python
PYTHON_PACKAGE := $(wildcard python/einsat/*.py python/einsat/pysat/*.py)
PYTHON_CFLAGS := -std=c11 -fPIC -Iinclude $(WARNINGS) $(OPTFLAGS) $(CFLAGS)
PYTHON_LDFLAGS := -shared -Wl,--exclude-libs,ALL $(LDFLAGS)
PYTHON_LIBRARY := $(LIBRARY)

ifeq ($(CONFIG)-$(PYTHON_SANITIZE),asan-)
PYTHON_CFLAGS := -std=c11 -fPIC -Iinclude $(WARNINGS) -O1 -g $(CFLAGS)
PYTHON_LIBRARY := $(OUT)/python-lib/libeinsat.a
PYTHON_LIB_OBJS := $(patsubst src/%.c,$(OUT)/python-lib/%.o,$(wildcard src/*.c))
$(OUT)/python-lib/%.o: src/%.c
	@mkdir -p $(dir $@)
	$(call quiet,CC,$<)$(CC) $(BASEFLAGS) -O1 -g -DLOGGING $(CFLAGS) \
	  -MMD -MP -c $< -o $@
$(PYTHON_LIBRARY): $(PYTHON_LIB_OBJS)
	@rm -f $@
	$(call quiet,AR,$@)ar rcs $@ $^
endif

.PHONY: python python-extension
python: $(PYTHON_LIBRARY)
	@inc=$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])') && \
	suffix=$$($(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))') || \
	  { echo "make python: cannot run '$(PYTHON)'" >&2; exit 1; }; \
	if [ ! -f "$$inc/Python.h" ]; then \
	  echo "make python: $$inc/Python.h not found (install the Python headers, e.g. python3-dev)" >&2; \
	  exit 1; \
	fi; \
	$(MAKE) --no-print-directory python-extension \
	  PYTHON_INCLUDE="$$inc" PYTHON_SUFFIX="$$suffix"

ifneq ($(PYTHON_SUFFIX),)
PYTHON_EXTENSION := $(PYTHON_DEST)/einsat/_einsat$(PYTHON_SUFFIX)

python-extension: $(PYTHON_EXTENSION) \
  $(patsubst python/%,$(PYTHON_DEST)/%,$(PYTHON_PACKAGE))

$(PYTHON_EXTENSION): python/einsat_module.c include/einsat.h $(PYTHON_LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,CC,$@)$(CC) $(PYTHON_CFLAGS) -isystem $(PYTHON_INCLUDE) $(PYTHON_LDFLAGS) \
	  -o $@ python/einsat_module.c $(PYTHON_LIBRARY) -lpthread -lm

ifneq ($(PYTHON_DEST),python)
$(PYTHON_DEST)/einsat/%.py: python/einsat/%.py
	@mkdir -p $(dir $@)
	$(call quiet,CP,$@)cp $< $@
endif
endif

CLEAN_EXTRA += python/einsat/_einsat*.so python/build python/*.egg-info
