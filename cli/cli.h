#ifndef CLI_H_INCLUDED
#define CLI_H_INCLUDED

/* The main command of 'einsat': solving, enumerating and certifying the
 * models of a DIMACS file ('solve.c'), its output ('output.c') and its
 * enumeration ('enumerate.c'), for a host: the command line ('main.c')
 * or the web playground (web/). */

#include "frontend.h"

#include <limits.h>

/* in 'solve.c': the main command on a host that stops the solver on
 * signals ('watch' from the start of a run until it gets NULL) and after
 * 'seconds' ('limit' before the search, 0 after it), and says what
 * stopped it ('interrupted': "SIGINT", ... or NULL).  Returns the exit
 * code. */
typedef struct cli_host {
  const char *banner; /* after the version on the first 'c' line */
  void (*watch) (einsat *);
  void (*limit) (einsat *, double seconds);
  const char *(*interrupted) (void);
} cli_host;

int cli_run (int argc, char **argv, const cli_host *);

/* in 'output.c' */
void cli_print_result (einsat *, int result, int vars, bool model);
/* Writes the result to 'output' (opened, not yet truncated) and closes
 * it; false after a write error (reported). */
bool cli_write_minisat_result (einsat *, int result, int vars, fe_output *);
/* Prints 'values' (ending in 0) as 'v' lines of at most 78 characters. */
void cli_print_values (const int *values);

/* The options of the main command, those of enumeration last. */
#define CLI_OPTIONS(OPTION)                                                \
  OPTION (FLAG, version, 0, "print the version and exit")                  \
  OPTION (FLAG, quiet, 'q', "no comment lines")                            \
  OPTION (COUNT, verbose, 'v', "progress lines (repeat for more)")         \
  OPTION (FLAG, no_model, 'n', "do not print the model ('v' lines)")       \
  OPTION (SECONDS, time, INT_MAX, "S",                                     \
          "stop after S seconds (decimals allowed)")                       \
  OPTION (NUMBER, conflicts, -1, 0, INT64_MAX, "N",                        \
          "stop after N conflicts")                                        \
  OPTION (FLAG, relaxed, 0,                                                \
          "accept literals beyond the header and a wrong clause count")    \
  OPTION (ALIAS, strict, "relaxed", 0, "reject those (default)")           \
  OPTION (TEXT, proof, "FILE",                                             \
          "write a DRAT proof ('-' for standard output); with --unique: "  \
          "a proof that no second model exists")                           \
  OPTION (FLAG, proof_text, 0, "textual instead of binary DRAT")           \
  OPTION (ALIAS, no_binary, "proof_text", 1, 0)                            \
  OPTION (TEXT, lrat, "FILE",                                              \
          "write an LRAT proof (text, with clause hints that make "        \
          "checking linear)")                                              \
  OPTION (FLAG, lrat_binary, 0, "binary instead of textual LRAT")          \
  OPTION (HEADING, enumeration,                                            \
          "Model enumeration (projected on 'c ind' variables or "          \
          "--project):")                                                   \
  OPTION (OPTIONAL, all, 0, 1, INT64_MAX, "N",                             \
          "print all models (at most N), each after 'c model K'")          \
  OPTION (FLAG, count, 0,                                                  \
          "print only the number of models ('c models N')")                \
  OPTION (FLAG, unique, 0,                                                 \
          "print the model and 'c unique yes|no' (looks for two)")         \
  OPTION (TEXT, project, "FILE",                                           \
          "enumerate over the variables listed in FILE")                   \
  OPTION (TEXT, cnf_out, "FILE",                                           \
          "with --unique --proof: the formula the proof refutes (input "   \
          "plus the clause blocking the model; default PROOF.cnf)")

FE_SETTINGS (cli_options, CLI_OPTIONS);

/* in 'enumerate.c': '--all[=N]', '--count', '--unique', '--project=FILE'
 * and '--cnf-out=FILE' */
enum { CLI_SOLVE = 0, CLI_ALL, CLI_COUNT, CLI_UNIQUE };

typedef struct cli_projection cli_projection;
typedef struct cli_enumeration {
  const cli_options *options;
  int mode;                 /* CLI_SOLVE: no enumeration */
  const char *input;        /* the DIMACS file */
  fe_output proof, cnf_out; /* the certificate of '--unique' */
  char *default_cnf_out;    /* PROOF.cnf */
  bool proof_binary;
  cli_projection *projection; /* from '--project=FILE' */
} cli_enumeration;

/* Checks the options and opens the certificate's files before the input
 * is read ('output' is the MiniSat result file, which enumeration does
 * not write), and reads '--project=FILE'.  Returns false after an error
 * (reported). */
bool cli_prepare_enumeration (cli_enumeration *, const char *input,
                              const char *output, const char *proof,
                              bool proof_binary);

/* After the input was read: the projection fits its variables.  Returns
 * false after an error (reported). */
bool cli_check_projection (cli_enumeration *, const einsat_dimacs *);

/* Enumerates after the input was read; prints the models and counts and
 * returns 10, 20, 0, or -1 after printing an error. */
int cli_enumerate (einsat *, cli_enumeration *, einsat_dimacs *);

void cli_release_enumeration (cli_enumeration *);

/* in 'cubes.c': the cubes of an iCNF file ('p inccnf', 'a ... 0'), each
 * ending in 0, and solving the formula under each in turn. */
typedef struct cli_cubes {
  int *lits;
  size_t size, capacity;
  int64_t count;
} cli_cubes;

/* The reader's 'cube' callback ('einsat_dimacs'); 'data' is the cubes. */
int cli_collect_cube (void *data, const int *lits, int size);

/* Returns 10 at the first satisfiable cube (the solver holds its model),
 * 20 if every cube is unsatisfiable, 0 if a limit or 'interrupted' left
 * one open, -1 after reporting an error. */
int cli_solve_cubes (einsat *, const cli_cubes *, bool quiet,
                     const char *(*interrupted) (void));
void cli_release_cubes (cli_cubes *);

#endif
