# The grid puzzle front-ends 'einsat sudoku' and 'einsat nonogram': their
# objects are linked into the einsat binary (listed in cli/commands.c).

PUZZLES_OBJS := $(patsubst %.c,$(OUT)/%.o,$(wildcard puzzles/*.c))
CLI_EXTRA_OBJS += $(PUZZLES_OBJS)
$(OUT)/bin/einsat: $(PUZZLES_OBJS)

$(OUT)/puzzles/%.o: CFLAGS_ALL += -Icli
