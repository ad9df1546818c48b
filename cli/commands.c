/* The front-end commands of 'einsat NAME ...'.  Each front-end provides
 * one 'int NAME_main (int argc, char **argv)' with 'argv[0]' = NAME. */

#include "cli.h"
#include "../puzzles/grid.h"

#include <string.h>

typedef struct command_row {
  const char *name, *help;
  cli_command *main;
} command_row;

static const command_row commands[] = {
    {"nonogram", "solve a nonogram (paint by numbers) puzzle", nonogram_main},
    {"sudoku", "solve, check or prove unique Sudoku puzzles", sudoku_main},
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
