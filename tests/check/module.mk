# tests/check: drat-fuzz, the random proof generator and naive reference
# checker used by tests/check/suite (which compiles it itself if this
# build of it is missing).

TEST_PROGRAMS += $(OUT)/tests/check/drat-fuzz

$(OUT)/tests/check/drat-fuzz: $(OUT)/tests/check/drat-fuzz.o
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $<
