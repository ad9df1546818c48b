# tools/check: einsat-check, the independent model and DRAT proof checker.
# It shares no code with src/ on purpose (it is the test oracle).

CHECK_SRCS := $(sort $(wildcard tools/check/*.c))
CHECK_OBJS := $(CHECK_SRCS:%.c=$(OUT)/%.o)

PROGRAMS += $(OUT)/bin/einsat-check

$(OUT)/bin/einsat-check: $(CHECK_OBJS)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $(CHECK_OBJS)
