# The solver library: libeinsat.a and libeinsat.so.  Its objects are
# compiled with hidden visibility: the shared library exports only the
# functions of include/einsat.h and include/ipasir.h (tests/install checks
# it), and calls between its own functions need no indirection.  The
# static library has the same objects, so the unit tests, which reach
# into the internals, link against it.

LIB_SOURCES := $(wildcard src/*.c)
LIB_OBJS := $(patsubst %.c,$(OUT)/%.o,$(LIB_SOURCES))
$(LIB_OBJS): CFLAGS_ALL += $(LIBFLAGS)

$(LIBRARY): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(call quiet,AR,$@)ar rcs $@ $^

# The file has the full version, its SONAME the major one (what programs
# record and the loader looks for), and the development link points to
# the SONAME, as usual.
$(SHARED_LIBRARY): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) -shared -Wl,-soname,$(SONAME) $(LDFLAGS_ALL) \
	  -o $@ $^ $(LDLIBS_ALL)
	@ln -sf libeinsat.so.$(VERSION) $(OUT)/lib/$(SONAME)
	@ln -sf $(SONAME) $(OUT)/lib/libeinsat.so

PROGRAMS += $(LIBRARY) $(SHARED_LIBRARY)
