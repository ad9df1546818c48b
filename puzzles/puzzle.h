#ifndef PUZZLE_H_INCLUDED
#define PUZZLE_H_INCLUDED

/* What the puzzle front-ends share, on top of the front-end layer
 * ('frontend.h': errors, input, output, options): their commands,
 * encoders with solvers, the driver of the encoding front-ends and
 * black-and-white pictures.
 *
 * The driver ('driver.c').  'einsat zebra' and 'einsat queens' build
 * their encoding with named variables (einsat_encode.h) and hand it to
 * 'puzzle_run' together with a function that prints one solution.
 * 'puzzle_run' then does what their common options ask for, the same
 * way for both:
 *
 *   --cnf[=FILE]  write the named DIMACS (standard output by default)
 *                 instead of solving; exit 0
 *   --trace       print the solver's steps in the puzzle's variable
 *                 names while solving (for small instances)
 *   --all[=N]     print every solution (at most N), each after a line
 *                 'solution K:', then the line 'N solutions'
 *   --count       print only the line 'N solutions'
 *   --unique      print one solution and whether it is unique ('The
 *                 solution is unique.'); some front-ends always do
 *   (default)     print one solution
 *   --proof=FILE  certify the answer when there is no solution, or with
 *                 --unique exactly one: the encoding (plus the clause
 *                 that blocks the solution) goes to FILE.cnf, and a
 *                 second solver proves it unsatisfiable, writing the DRAT
 *                 proof to FILE ('einsat-check drat FILE.cnf FILE');
 *                 otherwise neither file is written.  Solutions are
 *                 printed once the certificate is written.
 *
 * Solutions are enumerated projected on the named variables, so
 * auxiliary variables of the encodings never count twice.  Exit codes
 * follow the solver: 10 if there is a solution, 20 if there is none, 0
 * after --cnf and --help, 1 on errors (message on standard error as
 * 'einsat: ...', nothing on standard output). */

#include "einsat_encode.h"
#include "frontend.h"

/* The commands ('einsat NAME ...', listed in 'commands.c'). */
int formula_main (int argc, char **argv);
int nonogram_main (int argc, char **argv);
int queens_main (int argc, char **argv);
int sudoku_main (int argc, char **argv);
int zebra_main (int argc, char **argv);

/*------------------------------------------------------------------------*/
/* Encoders (in 'driver.c'). */

/* An encoder as 'enc_new' makes it, whose solver comes from
 * 'fe_new_solver' (so that the tests can make its allocations fail);
 * NULL when out of memory. */
encoder *puzzle_new_encoder (unsigned flags);

/* Deletes the encoder and its solver. */
void puzzle_delete_encoder (encoder *);

/*------------------------------------------------------------------------*/
/* The driver (in 'driver.c'). */

#define PUZZLE_OPTIONS(OPTION)                                             \
  OPTION (OPTIONAL, all, 0, 1, INT64_MAX, "N",                             \
          "print all solutions (at most N)")                               \
  OPTION (FLAG, count, 0, "print only the number of solutions")            \
  OPTION (OPTIONAL_TEXT, cnf, "FILE",                                      \
          "write the encoding as DIMACS with variable names ('c var 17 "   \
          "NAME' lines) instead of solving (standard output by default)")  \
  OPTION (FLAG, unique, 0,                                                 \
          "print one solution and whether it is the only one")            \
  OPTION (TEXT, proof, "FILE",                                             \
          "with no solution, or with --unique exactly one: write a DRAT "  \
          "proof of it to FILE and the CNF it refutes to FILE.cnf")        \
  OPTION (FLAG, proof_text, 0, "textual instead of binary DRAT")           \
  OPTION (FLAG, trace, 0,                                                  \
          "print the solver's steps (decisions, propagations with their "  \
          "reasons, conflicts, learned clauses, backjumps) in the "        \
          "variables' names")

FE_SETTINGS (puzzle_options, PUZZLE_OPTIONS);

extern const fe_option puzzle_table[];
#define PUZZLE_EXIT_CODES                                                  \
  "Exit code 10 if there is a solution, 20 if there is none, 1 on "        \
  "errors.\n"

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
  const char *noun;  /* "solution" if NULL */
  bool unnumbered;   /* --all: no 'solution K:' lines, no empty lines */
} puzzle_printer;

/* A front-end on the driver.  'puzzle_main' parses its command line,
 * opens the file of '--cnf=FILE' (so that an unwritable path is reported
 * before any work), calls 'read' with the arguments, makes an encoder
 * (without a solver for '--cnf'), calls 'encode' and runs the encoding
 * as the options ask (see above) with the solver options of the command
 * line.  'read' and 'encode' return -1 to go on, otherwise the exit
 * code; 'encode' fills in the printer. */
typedef struct puzzle_front_end {
  const fe_command_line *command_line;
  const fe_table *tables;        /* they include 'puzzle_table' */
  const puzzle_options *options; /* the settings of 'puzzle_table' */
  void *data;                    /* passed to 'read' and 'encode' */
  int (*read) (void *data, const fe_arguments *);
  int (*encode) (void *data, encoder *, puzzle_printer *);
} puzzle_front_end;

/* Returns the exit code. */
int puzzle_main (const puzzle_front_end *, int argc, char **argv);

/*------------------------------------------------------------------------*/
/* Black-and-white pictures (in 'png.c' and 'svg.c'). */

typedef struct puzzle_picture {
  int width, height;          /* in cells */
  const unsigned char *black; /* width * height, row-major, 1 = black */
} puzzle_picture;

/* Each cell becomes a 'scale' x 'scale' square and a white margin of
 * 'border' cells surrounds the picture (a QR code reader needs four).
 * Both write to an output opened with 'fe_open_output' and close it;
 * they return false (reported) on an error. */
bool puzzle_write_png (const puzzle_picture *, int scale, int border,
                       fe_output *);
bool puzzle_write_svg (const puzzle_picture *, int scale, int border,
                       fe_output *);

#endif
