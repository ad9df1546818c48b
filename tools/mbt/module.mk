# The model-based API tester 'einsat-mbt' (see tools/mbt/mbt.h).  It uses
# the public API only.

MBT_OBJS := $(patsubst %.c,$(OUT)/%.o,$(wildcard tools/mbt/*.c))

$(OUT)/bin/einsat-mbt: $(MBT_OBJS) $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $(MBT_OBJS) $(LIBRARY) $(LDLIBS_ALL)

PROGRAMS += $(OUT)/bin/einsat-mbt
