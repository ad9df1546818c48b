# Fuzzing (see tests/fuzz/README.md).
#
#   make fuzz        builds the libFuzzer targets with clang and ASan+UBSan
#                    into build/fuzz (the library is compiled again there)
#   make fuzz-run    runs the targets: FUZZ_SECONDS each (default 60),
#                    FUZZ_TARGETS to choose (default all)
#   make fuzz-ci     fuzz-run with 25 seconds per target
#
# The normal build gets one replay program per target instead
# ($(OUT)/tests/fuzz/replay-TARGET), which the suite tests/fuzz/suite
# feeds the committed corpus and crash inputs in every configuration.

FUZZ_ALL_TARGETS := parse solve api formula
FUZZ_TARGETS ?= $(FUZZ_ALL_TARGETS)
FUZZ_SECONDS ?= 60
FUZZ_CC ?= clang
FUZZ_OUT ?= build/fuzz
FUZZ_SANITIZE ?= -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS := $(BASEFLAGS) -O1 -g -fno-omit-frame-pointer $(FUZZ_SANITIZE) \
               $(CFLAGS)
# Coverage guides the fuzzer through the library only: instrumenting the
# harness, above all the brute-force oracle's loops, would slow it down
# several times without telling it anything about the solver.
$(FUZZ_OUT)/src/%.o: FUZZ_CFLAGS += -fsanitize=fuzzer-no-link
$(FUZZ_OUT)/encode/%.o: FUZZ_CFLAGS += -fsanitize=fuzzer-no-link

# The targets share the brute-force oracle of the model-based tester, and
# the API target also its trace generator and executor.
FUZZ_HELPERS := tests/fuzz/fuzz.c tools/mbt/oracle.c
FUZZ_MBT_SOURCES := tools/mbt/trace.c tools/mbt/generate.c \
                    tools/mbt/execute.c tools/mbt/proofs.c
fuzz_objects = $(patsubst %.c,$(1)/%.o,tests/fuzz/$(2).c $(FUZZ_HELPERS) \
                 $(if $(filter api,$(2)),$(FUZZ_MBT_SOURCES)))
# The formula target also needs the encoding library.
fuzz_libraries = $(if $(filter formula,$(2)),$(1))

FUZZ_LIB_OBJS := $(patsubst %.c,$(FUZZ_OUT)/%.o,$(LIB_SOURCES))
FUZZ_ENCODE_OBJS := $(patsubst %.c,$(FUZZ_OUT)/%.o,$(wildcard encode/*.c))
FUZZ_PROGRAMS := $(addprefix $(FUZZ_OUT)/fuzz-,$(FUZZ_ALL_TARGETS))

.PHONY: fuzz fuzz-build fuzz-run fuzz-ci

fuzz:
	@tests/fuzz/check-clang "$(FUZZ_CC)"
	@$(MAKE) --no-print-directory fuzz-build

fuzz-build: $(FUZZ_PROGRAMS)

fuzz-run: fuzz
	@FUZZ_OUT=$(FUZZ_OUT) tests/fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-ci: fuzz
	@FUZZ_OUT=$(FUZZ_OUT) tests/fuzz/run 25 $(FUZZ_TARGETS)

$(FUZZ_OUT)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -Itools/mbt -MMD -MP -c $< -o $@

# One libFuzzer program and one replay program per target.
define fuzz_target_rules
$(FUZZ_OUT)/fuzz-$(1): $(call fuzz_objects,$(FUZZ_OUT),$(1)) $(FUZZ_LIB_OBJS) \
                       $(call fuzz_libraries,$(FUZZ_ENCODE_OBJS),$(1))
	$$(FUZZ_CC) $$(FUZZ_SANITIZE) -fsanitize=fuzzer -o $$@ $$^ $$(LDLIBS_ALL)

$(OUT)/tests/fuzz/replay-$(1): $(call fuzz_objects,$(OUT),$(1)) \
                               $(OUT)/tests/fuzz/replay.o \
                               $(call fuzz_libraries,$(ENCODE_LIBRARY),$(1)) \
                               $(LIBRARY)
	@mkdir -p $$(dir $$@)
	$$(call quiet,LD,$$@)$$(CC) $$(LDFLAGS_ALL) -o $$@ $$^ $$(LDLIBS_ALL)
endef
$(foreach t,$(FUZZ_ALL_TARGETS),$(eval $(call fuzz_target_rules,$(t))))

-include $(shell find $(FUZZ_OUT) -name '*.d' 2>/dev/null)

$(OUT)/tests/fuzz/%.o: CFLAGS_ALL += -Itools/mbt
TEST_PROGRAMS += $(addprefix $(OUT)/tests/fuzz/replay-,$(FUZZ_ALL_TARGETS))
