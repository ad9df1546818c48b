# The command line program 'einsat' (and the front-ends it dispatches to,
# whose objects their own fragments add to CLI_EXTRA_OBJS).

CLI_OBJS := $(patsubst %.c,$(OUT)/%.o,$(wildcard cli/*.c))
CLI_EXTRA_OBJS ?=

$(OUT)/bin/einsat: $(CLI_OBJS) $(CLI_EXTRA_OBJS) $(LIBRARY)
	@mkdir -p $(dir $@)
	$(call quiet,LD,$@)$(CC) $(LDFLAGS_ALL) -o $@ $(CLI_OBJS) $(CLI_EXTRA_OBJS) $(LIBRARY) $(LDLIBS_ALL)

$(OUT)/cli/%.o: CFLAGS_ALL += -Icli -Ifrontend

PROGRAMS += $(OUT)/bin/einsat
RUN_COMMAND ?= $(OUT)/bin/einsat examples/small.cnf
