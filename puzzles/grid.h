#ifndef GRID_H_INCLUDED
#define GRID_H_INCLUDED

/* Logic-grid puzzles (the Einstein / Zebra kind) in the text format of
 * puzzles/README.md: positions, attributes with one value per position,
 * clues relating values and positions, and questions. */

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define GRID_MAX_POSITIONS 100

typedef enum clue_kind {
  CLUE_SAME,
  CLUE_DIFFERENT,
  CLUE_LEFT_OF,           /* a immediately left of b */
  CLUE_RIGHT_OF,          /* a immediately right of b */
  CLUE_SOMEWHERE_LEFT_OF, /* a somewhere left of b */
  CLUE_SOMEWHERE_RIGHT_OF,
  CLUE_NEXT_TO,
  CLUE_NOT_NEXT_TO,
  CLUE_AT,     /* value a at position b */
  CLUE_NOT_AT, /* value a not at position b */
  CLUE_EITHER  /* exactly one of the clues a and b (indices) holds */
} clue_kind;

typedef struct grid_clue {
  clue_kind kind;
  int a, b;    /* values, a position (AT, NOT_AT) or clues (EITHER) */
  bool nested; /* part of an 'either' clue, not asserted alone */
  int line;
} grid_clue;

typedef struct grid_value {
  char *name;
  int attribute;
} grid_value;

typedef struct grid_attribute {
  char *name;
  int first; /* its values are first, ..., first + positions - 1 */
} grid_attribute;

typedef struct grid_question {
  int attribute; /* -1: asks for the position */
  int value;
  char *text; /* NULL: a generic question is printed */
} grid_question;

typedef struct grid_puzzle {
  char *title, *position_name;
  int positions;
  int attributes, values, clues, questions;
  grid_attribute *attribute;
  grid_value *value;
  grid_clue *clue;
  grid_question *question;
} grid_puzzle;

/* Parses the puzzle in 'file' (named 'name' in messages).  Returns true
 * on success; otherwise 'error' holds "NAME:LINE: message". */
bool grid_parse (grid_puzzle *, FILE *file, const char *name, char *error,
                 size_t size);
void grid_release (grid_puzzle *);

#endif
