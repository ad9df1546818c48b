# The puzzle front-ends ('einsat zebra', 'einsat queens', 'einsat sudoku',
# 'einsat nonogram'), linked into the einsat binary, which runs them
# through their table 'fe_commands' (puzzles/commands.c).  'make run'
# shows the answer of the Einstein riddle (exit code 10 means: solved).

PUZZLE_SOURCES := $(wildcard puzzles/*.c)
PUZZLE_OBJS := $(patsubst %.c,$(OUT)/%.o,$(PUZZLE_SOURCES))

CLI_EXTRA_OBJS += $(PUZZLE_OBJS)
$(PUZZLE_OBJS): CFLAGS_ALL += -Ifrontend
$(OUT)/bin/einsat: $(PUZZLE_OBJS)

RUN_COMMAND := $(OUT)/bin/einsat zebra || [ $$? = 10 ]
