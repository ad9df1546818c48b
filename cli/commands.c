/* The front-end commands of 'einsat NAME ...'.  Each front-end provides
 * one 'int NAME_main (int argc, char **argv)' with 'argv[0]' = NAME. */

#include "cli.h"
#include "../puzzles/puzzle_io.h"

#include <string.h>

typedef struct command_row {
  const char *name, *help;
  cli_command *main;
} command_row;

cli_command queens_main; /* in 'puzzles/queens.c' */
cli_command zebra_main;  /* in 'puzzles/zebra.c' */

static const command_row commands[] = {
    {"nonogram", "solve a nonogram (paint by numbers) puzzle", nonogram_main},
    {"queens", "N queens: one solution, all, or the count", queens_main},
    {"sudoku", "solve, check or prove unique Sudoku puzzles", sudoku_main},
    {"zebra", "logic-grid puzzles, by default Einstein's riddle",
     zebra_main},
    {0, 0, 0},
};

cli_command *cli_find_command (const char *name) {
  for (const command_row *c = commands; c->name; c++)
    if (!strcmp (c->name, name))
      return c->main;
  return 0;
}

void cli_print_commands (void) {
  if (!commands[0].name)
    return;
  printf ("\nCommands ('einsat COMMAND --help' for their options):\n");
  for (const command_row *c = commands; c->name; c++)
    printf ("  %-18s %s\n", c->name, c->help);
}
