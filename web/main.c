/* The WebAssembly program of the web playground ('make web', see
 * web/README.md).  The page's worker starts it like the command line,
 * with an argument vector and files in an in-memory file system, on a
 * fresh instance for every run (so no state leaks from one run into the
 * next):
 *
 *   einsat solve [options] FILE   a DIMACS formula ('solve.c')
 *   einsat COMMAND ...            a front-end, as 'einsat COMMAND' (the
 *                                 Sudoku hint is 'einsat sudoku --hint')
 *
 * The command line's own main ('cli/main.c') is not linked: it stops on
 * signals and an interval timer, which a browser does not have. */

#include "web.h"

#include <string.h>

int main (int argc, char **argv) {
  if (argc > 1 && !strcmp (argv[1], "solve"))
    return web_solve (argc - 1, argv + 1);
  const fe_command *command =
      argc > 1 ? fe_find_command (fe_commands, argv[1]) : 0;
  if (command)
    return command->main (argc - 1, argv + 1);
  return fe_error ("usage: einsat solve|COMMAND ... (the web "
                   "playground's program)");
}
