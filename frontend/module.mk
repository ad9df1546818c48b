# The front-end layer (frontend/frontend.h): errors, clocks, bounded line
# input, checked output, option tables and the command table, shared by
# the command line (cli/) and the puzzle front-ends (puzzles/).  Linked
# into the einsat binary.

FRONTEND_OBJS := $(patsubst %.c,$(OUT)/%.o,$(wildcard frontend/*.c))

CLI_EXTRA_OBJS += $(FRONTEND_OBJS)
$(FRONTEND_OBJS): CFLAGS_ALL += -Ifrontend
$(OUT)/bin/einsat: $(FRONTEND_OBJS)
