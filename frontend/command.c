/* The commands 'einsat NAME ...', from the table the front-ends
 * provide, and their command lines and '--help'. */

#include "frontend.h"

#include <string.h>

const fe_command *fe_find_command (const fe_command *commands,
                                   const char *name) {
  for (const fe_command *c = commands; c->name; c++)
    if (!strcmp (c->name, name))
      return c;
  return 0;
}

void fe_print_commands (const fe_command *commands) {
  if (!commands[0].name)
    return;
  printf ("\nCommands ('einsat COMMAND --help' for their options):\n");
  for (const fe_command *c = commands; c->name; c++)
    printf ("  %-18s %s\n", c->name, c->summary);
}

/* What the usage line says: the command's name and its arguments. */
typedef struct usage {
  char command[32]; /* "" for the main command */
  int required, total;
  char words[4][32]; /* the arguments' names */
} usage;

static void read_usage (const char *line, usage *u) {
  memset (u, 0, sizeof *u);
  const char *p = line + strcspn (line, " \n");
  for (int position = 0; *p == ' '; position++) {
    p += strspn (p, " ");
    int length = (int) strcspn (p, " \n");
    bool optional = *p == '[';
    if (!position && !optional)
      snprintf (u->command, sizeof u->command, "%.*s", length, p);
    else if (strncmp (p, "[options]", 9) && u->total < 4) {
      snprintf (u->words[u->total++], sizeof *u->words, "%.*s", length, p);
      u->required += !optional;
    }
    p += length;
  }
}

static void print_help (const fe_command_line *c, const usage *u,
                        const fe_table *tables) {
  printf ("usage: %s\n\n%s", c->usage, c->about);
  if (c->max_line)
    printf ("Lines are at most %zu characters long.\n", c->max_line);
  fe_print_options (tables, *u->command ? u->command : 0);
  if (c->after)
    printf ("\n%s", c->after);
  if (c->more_help)
    c->more_help ();
}

int fe_parse_command (fe_arguments *a, const fe_command_line *c,
                      const fe_table *tables, int argc, char **argv) {
  usage u;
  read_usage (c->usage, &u);
  const char *command = *u.command ? u.command : 0;
  if (!fe_parse_arguments (a, command, argc, argv, tables))
    return 1;
  if (a->help) {
    print_help (c, &u, tables);
    return 0;
  }
  const char *space = command ? " " : "";
  if (a->files > u.total)
    return fe_error ("too many arguments: '%s' (try 'einsat%s%s --help')",
                     a->file[u.total], space, u.command);
  if (a->files < u.required)
    return fe_error ("missing %s (try 'einsat%s%s --help')",
                     u.words[a->files], space, u.command);
  return -1;
}
