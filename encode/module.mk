# The encoding library (include/einsat_encode.h): built as
# libeinsat_encode.a for other programs and linked into the einsat binary
# for the puzzle front-ends.  Its tests in tests/encode link against it.

ENCODE_SOURCES := $(wildcard encode/*.c)
ENCODE_OBJS := $(patsubst %.c,$(OUT)/%.o,$(ENCODE_SOURCES))
ENCODE_LIBRARY := $(OUT)/lib/libeinsat_encode.a

$(ENCODE_LIBRARY): $(ENCODE_OBJS)
	@mkdir -p $(dir $@)
	@rm -f $@
	$(call quiet,AR,$@)ar rcs $@ $^

PROGRAMS += $(ENCODE_LIBRARY)
CLI_EXTRA_OBJS += $(ENCODE_OBJS)
$(OUT)/bin/einsat: $(ENCODE_OBJS)

# More specific than the generic test rule in tests/module.mk, so it wins.
$(OUT)/tests/encode/%: $(OUT)/tests/encode/%.o $(ENCODE_LIBRARY) $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $< $(ENCODE_LIBRARY) $(LIBRARY) $(LDLIBS_ALL)
