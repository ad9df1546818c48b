/* sudoku.h - the parts of 'einsat sudoku': reading puzzles in their
 * formats ('sudoku_read.c'), encoding and solving them in one incremental
 * solver per size ('sudoku_solve.c'), and the command with its output
 * ('sudoku.c'). */

#ifndef SUDOKU_H_INCLUDED
#define SUDOKU_H_INCLUDED

#include "puzzle.h"

#define SUDOKU_MIN_BOX 2
#define SUDOKU_MAX_BOX 8
#define SUDOKU_MAX_SIZE (SUDOKU_MAX_BOX * SUDOKU_MAX_BOX)
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_SIZE * SUDOKU_MAX_SIZE)

/* A 64x64 puzzle on one line, numbers separated by spaces, has fewer
 * than 12,500 characters. */
#define SUDOKU_MAX_LINE 65536

/* A puzzle or a solution: 'size' x 'size' cells with values 1..size, 0
 * for a blank, in boxes of 'box' x 'box'. */
typedef struct sudoku {
  int box, size;
  int cells[SUDOKU_MAX_CELLS];
  long line;   /* where it starts in the input */
  bool tokens; /* written as numbers (else one character per cell) */
  /* Of a puzzle from 'sudoku_read': its givens (the cells with a value,
   * in order), and whether two of them clash. */
  int givens;
  int given[SUDOKU_MAX_CELLS];
  bool clashing;
} sudoku;

/*------------------------------------------------------------------------*/
/* Reading (in 'sudoku_read.c'). */

typedef struct sudoku_entries sudoku_entries;

typedef struct sudoku_reader {
  fe_input input;
  sudoku_entries *line_cells; /* the cells of the current line */
  int forced_box;             /* --box=B, else 0 (recognize the size) */
  sudoku grid;                /* the grid being collected row by row */
  int rows;     /* rows collected so far (0: no grid in progress) */
  bool broken;  /* the grid in progress had an error: skip its rows */
  bool pending; /* 'input.line' still needs to be looked at */
} sudoku_reader;

enum { SUDOKU_END, SUDOKU_PUZZLE, SUDOKU_INVALID };

/* Opens 'path' ('-' = standard input) with the box size forced to
 * 'forced_box' (0: recognized per puzzle).  Reports failure. */
bool sudoku_open_reader (sudoku_reader *, const char *path, int forced_box);
void sudoku_close_reader (sudoku_reader *);

/* Reads the next puzzle.  Returns SUDOKU_PUZZLE (filled in), SUDOKU_END
 * (also after an error of the input, then 'input.failed' is set), or
 * SUDOKU_INVALID after reporting a bad line (reading may go on). */
int sudoku_read (sudoku_reader *, sudoku *);

/* Two givens with the same value in a row, column or box: reports them
 * (at the puzzle's line) and returns false. */
bool sudoku_givens_consistent (sudoku_reader *, const sudoku *);

/* Every unit holds every value once and the givens of 'puzzle' (if not
 * NULL) are kept.  Otherwise writes what is wrong into 'why'. */
bool sudoku_correct (const sudoku *grid, const sudoku *puzzle, char *why,
                     size_t size);

/* The value as one character ('1'-'9', 'A'-'Z' from 10 on, '.' blank). */
char sudoku_value_char (int value);

/*------------------------------------------------------------------------*/
/* Solving (in 'sudoku_solve.c'). */

typedef struct sudoku_solver sudoku_solver;

typedef struct sudoku_settings {
  int amo;     /* enc_method for 'at most one', 0 = by size */
  int rebuild; /* puzzles before a fresh solver, -1 = by size */
  const fe_arguments *arguments; /* with the solver options */
} sudoku_settings;

/* A solver for boxes of 'box' x 'box', or NULL after reporting an
 * error. */
sudoku_solver *sudoku_solver_new (int box, const sudoku_settings *);
void sudoku_solver_delete (sudoku_solver *);

/* Solves 'puzzle' looking for up to 'limit' (1 or 2) solutions, which
 * go to 'solutions'.  Returns how many were found (0, 1 or 2), or -1 on
 * a solver error (reported). */
int sudoku_solve (sudoku_solver *, const sudoku *puzzle, int limit,
                  sudoku solutions[2]);

/* Writes the rules and the givens of 'puzzle' as named DIMACS to 'file'
 * (variables "r<row>c<col>=<value>", 1-based).  Returns false on error
 * (reported, unless it is a write error of 'file'). */
bool sudoku_write_cnf (const sudoku *puzzle, const sudoku_settings *,
                       FILE *file);

/* Prints the next cell that propagation forces in 'puzzle' and why
 * ('--hint', in 'sudoku_hint.c').  Returns the exit code. */
int sudoku_hint (const sudoku *puzzle, const sudoku_settings *);

/* Size of the encoding for a box size (for '--stats' and the docs). */
void sudoku_encoding_size (sudoku_solver *, int *vars, int64_t *clauses);

/* How the puzzles were searched: enumerations without learning, those
 * of them CDCL finished, their decisions, and CDCL conflicts. */
typedef struct sudoku_search {
  uint64_t enumerations, handed_over, dpll_decisions, conflicts;
} sudoku_search;
void sudoku_search_counts (sudoku_solver *, sudoku_search *);

#endif
