#ifndef ZEBRA_H_INCLUDED
#define ZEBRA_H_INCLUDED

/* zebra.h - logic-grid puzzles (the Einstein / Zebra kind) in the text
 * format of puzzles/README.md: positions, attributes with one value per
 * position, clues relating values and positions, and questions; read by
 * 'zebra_read.c', encoded and solved by 'zebra.c'. */

#include "frontend.h"

#define ZEBRA_MAX_POSITIONS 100

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

typedef struct zebra_clue {
  clue_kind kind;
  int a, b;    /* values, a position (AT, NOT_AT) or clues (EITHER) */
  bool nested; /* part of an 'either' clue, not asserted alone */
  int line;
} zebra_clue;

typedef struct zebra_value {
  char *name;
  int attribute;
} zebra_value;

typedef struct zebra_attribute {
  char *name;
  int first; /* its values are first, ..., first + positions - 1 */
} zebra_attribute;

typedef struct zebra_question {
  int attribute; /* -1: asks for the position */
  int value;
  char *text; /* NULL: a generic question is printed */
} zebra_question;

typedef struct zebra_puzzle {
  char *title, *position_name;
  int positions;
  int attributes, values, clues, questions;
  zebra_attribute *attribute;
  zebra_value *value;
  zebra_clue *clue;
  zebra_question *question;
} zebra_puzzle;

/* Lines are at most this long: an attribute of 100 values with names of
 * 600 characters. */
#define ZEBRA_MAX_LINE 65536

/* Reads the puzzle from 'input'.  Returns false after reporting an error
 * as "einsat: FILE:LINE: message". */
bool zebra_read (zebra_puzzle *, fe_input *input);
void zebra_release (zebra_puzzle *);

#endif
