# The solver library: libeinsat.a and libeinsat.so.

LIB_SOURCES := $(wildcard src/*.c)
LIB_OBJS := $(patsubst %.c,$(OUT)/%.o,$(LIB_SOURCES))

$(LIBRARY): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(call quiet,AR,$@)ar rcs $@ $^

$(SHARED_LIBRARY): $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) -shared -Wl,-soname,libeinsat.so.$(VERSION) $(LDFLAGS_ALL) \
	  -o $@ $^ $(LDLIBS_ALL)
	@ln -sf libeinsat.so.$(VERSION) $(OUT)/lib/libeinsat.so

PROGRAMS += $(LIBRARY) $(SHARED_LIBRARY)
