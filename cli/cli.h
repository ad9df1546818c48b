#ifndef CLI_H_INCLUDED
#define CLI_H_INCLUDED

#include "einsat.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>

/* Shared by the command line and the front-end commands. */

/* in 'output.c' */
int cli_error (const char *fmt, ...) __attribute__ ((format (printf, 1, 2)));
void cli_print_result (einsat *, int result, int vars, bool model);
bool cli_write_minisat_result (einsat *, int result, int vars,
                               const char *path);
double cli_process_time (void);

/* in 'faults.c': 'einsat_new', or with 'EINSAT_FAIL_ALLOC=N' in the
 * environment an instance whose N-th allocation fails (for tests) */
einsat *cli_new_solver (void);

/* in 'commands.c': front-ends started as 'einsat NAME ...' */
typedef int cli_command (int argc, char **argv);
cli_command *cli_find_command (const char *name);
void cli_print_commands (void);

#endif
