#ifndef PUZZLE_H_INCLUDED
#define PUZZLE_H_INCLUDED

/* What the puzzle front-ends ('einsat zebra', 'einsat queens', ...)
 * share.  A front-end parses its own arguments (passing each one to
 * 'puzzle_parse_option' first), builds its encoding with named variables
 * (einsat_encode.h) and hands it to 'puzzle_run' together with a function
 * that prints one solution.  'puzzle_run' then does what the common
 * options ask for, the same way for every puzzle:
 *
 *   --cnf[=FILE]  write the named DIMACS (standard output by default)
 *                 instead of solving; exit 0
 *   --trace       print the solver's steps in the puzzle's variable
 *                 names while solving (for small instances)
 *   --all[=N]     print every solution (at most N), each after a line
 *                 'solution K:', then the line 'N solutions'
 *   --count       print only the line 'N solutions'
 *   (default)     print one solution; if the front-end asks for it, also
 *                 whether it is unique ('The solution is unique.')
 *
 * Solutions are enumerated projected on the named variables, so
 * auxiliary variables of the encodings never count twice.  Exit codes
 * follow the solver: 10 if there is a solution, 20 if there is none, 0
 * after --cnf and --help, 1 on errors (message on standard error as
 * 'einsat: ...', nothing on standard output). */

#include "einsat_encode.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct puzzle_options {
  const char *command; /* front-end name, for messages */
  bool help, trace, all, count, cnf;
  int64_t limit;        /* --all=N (0: all) */
  const char *cnf_path; /* --cnf=FILE (NULL: standard output) */
} puzzle_options;

/* Returns 1 if 'arg' is a common option (then stored in 'options'), 0 if
 * it is not, -1 if it is malformed (then an error was printed). */
int puzzle_parse_option (puzzle_options *, const char *arg);

/* The common options for a front-end's '--help'. */
void puzzle_print_options (FILE *);

/* Prints "einsat: <message>" on standard error and returns 1. */
int puzzle_error (const char *fmt, ...) ENC_PRINTF (1, 2);

/* A solution's values: 'values[var]' is 1 (true) or -1 (false) for the
 * named variables, 0 for the others. */
typedef struct puzzle_solution {
  const signed char *values;
  int64_t number; /* 1 for the first solution */
} puzzle_solution;

static inline bool puzzle_true (const puzzle_solution *s, int var) {
  return s->values[var] > 0;
}

typedef void puzzle_print_function (void *data, const puzzle_solution *);

typedef struct puzzle_printer {
  puzzle_print_function *print; /* prints one solution */
  void *data;                   /* passed to 'print' */
  bool check_unique; /* default mode: also look for a second solution */
  const char *none;  /* text when there is no solution */
} puzzle_printer;

/* Runs the encoding as the options ask (see above); returns the exit
 * code.  The encoder must have been made without ENC_NO_RECORD if
 * '--cnf' was given and with a solver otherwise. */
int puzzle_run (const puzzle_options *, encoder *, const puzzle_printer *);

/* The flags for 'enc_new' that fit the options: no solver for '--cnf',
 * no recorded clauses otherwise. */
unsigned puzzle_encoder_flags (const puzzle_options *);

/* The front-ends ('einsat NAME ...'). */
int queens_main (int argc, char **argv);
int zebra_main (int argc, char **argv);

#endif
