/* nonogram.h - the parts of 'einsat nonogram': reading the '.non' format
 * ('nonogram_read.c'), encoding each row and column as an automaton over
 * its cells ('nonogram_encode.c'), and the command ('nonogram.c'). */

#ifndef NONOGRAM_H_INCLUDED
#define NONOGRAM_H_INCLUDED

#include "puzzle.h"

#define NONOGRAM_MAX_SIDE 2000

/* The longest line is the goal of the largest puzzle. */
#define NONOGRAM_MAX_LINE (NONOGRAM_MAX_SIDE * NONOGRAM_MAX_SIDE + 64)

/* The runs of one row (left to right) or column (top to bottom). */
typedef struct nonogram_clue {
  int count;
  int *runs;
  long line; /* where it was read */
} nonogram_clue;

typedef struct nonogram {
  int width, height;
  nonogram_clue *rows, *columns; /* height and width of them */
  unsigned char *goal;           /* width * height (1 = black), or NULL */
  int givens;                    /* black cells given: */
  int *given;                    /* row, column, row, column, ... */
} nonogram;

/* Reads and checks the puzzle in 'path' ('-' = standard input).  Reports
 * every problem as "einsat: FILE:LINE: message" and returns false. */
bool nonogram_read (const char *path, nonogram *);
void nonogram_release (nonogram *);

/* Adds the puzzle to 'e': the cell variables "r<row>c<col>" (1-based)
 * come first, numbered 1 + row * width + col, then the automata.  Returns
 * enc_ok. */
bool nonogram_encode (encoder *e, const nonogram *);

static inline int nonogram_cell (const nonogram *n, int row, int col) {
  return 1 + row * n->width + col;
}

#endif
