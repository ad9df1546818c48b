/* puzzle_io.h - what the grid puzzle front-ends ('einsat sudoku', 'einsat
 * nonogram') share: reading input line by line with the line number at
 * hand for "einsat: FILE:LINE: message" errors, option values, clocks,
 * and drawing black-and-white pictures as PNG and SVG.
 *
 * The logic-grid puzzles of 'einsat zebra' have their own reader in
 * 'grid.h'. */

#ifndef PUZZLE_IO_H_INCLUDED
#define PUZZLE_IO_H_INCLUDED

#include "cli.h"

#include <stdbool.h>
#include <stdio.h>

/* The front-end commands (listed in 'cli/commands.c'). */
int sudoku_main (int argc, char **argv);
int nonogram_main (int argc, char **argv);

/*------------------------------------------------------------------------*/
/* Input lines (in 'grid.c'). */

typedef struct grid_input {
  FILE *file;
  const char *path; /* for messages ("<stdin>" for '-') */
  char *line;       /* current line without its end of line */
  size_t capacity;  /* allocated for 'line' */
  long number;      /* current line number, 1-based */
  bool close;       /* 'file' was opened here */
} grid_input;

/* Opens 'path' ('-' = standard input); reports failure and returns
 * false. */
bool grid_open (grid_input *, const char *path);
void grid_close (grid_input *);

/* Reads the next line into 'in->line' (without '\n' or '\r' and without
 * trailing white space).  Returns false at the end of the input. */
bool grid_read_line (grid_input *);

/* Prints "einsat: FILE:LINE: message" to stderr and returns 1. */
int grid_error (const grid_input *, long line, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

/*------------------------------------------------------------------------*/
/* Small helpers (in 'puzzle_io.c'). */

/* Matches "--name=value" against 'prefix' ("--name=") and parses the
 * value as an integer in [min, max].  Returns 1 if it matched and was
 * valid, -1 if it matched but the value is invalid (reported), 0 if the
 * argument is another one. */
int grid_int_option (const char *arg, const char *prefix, int min, int max,
                     int *value);

double grid_wall_time (void); /* seconds since some fixed point */

/* Solver options on a front-end's command line: '--NAME=VALUE' or
 * '--configure=NAME'.  'grid_solver_option' tries one on a scratch
 * solver, so that mistakes show up before any puzzle is read: returns 1
 * if it is valid, 0 if not (reported with a hint to 'einsat COMMAND
 * --help').  'grid_apply_solver_option' sets it on a solver. */
int grid_solver_option (const char *command, const char *arg);
bool grid_apply_solver_option (einsat *, const char *arg);

/*------------------------------------------------------------------------*/
/* Black-and-white pictures (in 'png.c' and 'svg.c'). */

typedef struct grid_picture {
  int width, height;          /* in cells */
  const unsigned char *black; /* width * height, row-major, 1 = black */
} grid_picture;

/* Each cell becomes a 'scale' x 'scale' square and a white margin of
 * 'border' cells surrounds the picture (a QR code reader needs four).
 * Both return false (reported, naming 'path') on a write error. */
bool grid_write_png (const grid_picture *, int scale, int border,
                     const char *path);
bool grid_write_svg (const grid_picture *, int scale, int border,
                     const char *path);

#endif
