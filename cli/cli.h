#ifndef CLI_H_INCLUDED
#define CLI_H_INCLUDED

#include "einsat.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* Shared by the command line and the front-end commands. */

/* in 'output.c' */
int cli_error (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
int cli_verror (const char *fmt, va_list);
bool cli_parse_limit (const char *, int64_t *); /* a positive count */
void cli_print_result (einsat *, int result, int vars, bool model);
/* Writes the result to 'file' (opened for writing, not yet truncated)
 * and closes it; 'path' names it in errors. */
bool cli_write_minisat_result (einsat *, int result, int vars, FILE *file,
                               const char *path);
double cli_process_time (void);

/* in 'faults.c': 'einsat_new', or with 'EINSAT_FAIL_ALLOC=N' in the
 * environment an instance whose N-th allocation fails (for tests) */
einsat *cli_new_solver (void);

/* in 'enumerate.c': '--all[=N]', '--count', '--unique', '--project=FILE'
 * and '--cnf-out=FILE' of the main command */
enum { CLI_SOLVE = 0, CLI_ALL, CLI_COUNT, CLI_UNIQUE, CLI_NO_MODE };
typedef struct cli_enumeration {
  int mode; /* CLI_SOLVE: no enumeration; CLI_NO_MODE: '--project' or
               '--cnf-out' without a mode (reported by 'cli_enumerate') */
  int64_t limit; /* --all=N (0: all) */
  const char *project_path, *cnf_out_path;
} cli_enumeration;
/* 1 if 'arg' is an enumeration option, 0 if not, -1 after an error. */
int cli_parse_enumeration_option (cli_enumeration *, const char *arg);
void cli_print_enumeration_usage (void);
/* Enumerates after the input was read; prints the models and counts and
 * returns 10, 20, 0, or -1 after printing an error.  'output' (the
 * MiniSat result file) must be NULL: there is no single model to write. */
int cli_enumerate (einsat *, const cli_enumeration *, const char *input,
                   const char *output, einsat_dimacs *,
                   const char *proof_path, bool proof_binary);

/* in 'commands.c': front-ends started as 'einsat NAME ...' */
typedef int cli_command (int argc, char **argv);
cli_command *cli_find_command (const char *name);
void cli_print_commands (void);

#endif
