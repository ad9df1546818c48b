# Test programs: every 'tests/<dir>/<name>.c' outside 'common', 'unit',
# 'fuzz' and 'install' (whose programs its suite builds against the
# installed files) becomes the program '$(OUT)/tests/<name>' linked
# against the library.  Unit tests (tests/unit) link against the library objects and
# may include the internal headers.

TEST_SOURCES := $(filter-out tests/unit/% tests/common/% tests/fuzz/% tests/install/%, \
                  $(wildcard tests/*/*.c))
TEST_PROGRAMS += $(patsubst tests/%.c,$(OUT)/tests/%,$(TEST_SOURCES))

$(OUT)/tests/%: $(OUT)/tests/%.o $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $< $(LIBRARY) $(LDLIBS_ALL)

UNIT_SOURCES := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(patsubst %.c,$(OUT)/%.o,$(UNIT_SOURCES))
$(UNIT_OBJS): CFLAGS_ALL += -Isrc

$(OUT)/tests/unit/unit: $(UNIT_OBJS) $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $(UNIT_OBJS) $(LIBRARY) $(LDLIBS_ALL)

ifneq ($(UNIT_SOURCES),)
TEST_PROGRAMS += $(OUT)/tests/unit/unit
endif
