/* 'einsat zebra [FILE]': logic-grid puzzles of the Einstein / Zebra kind
 * (format in puzzles/README.md); without a file the Einstein riddle.
 *
 * Variable VALUE@P says that VALUE is at position P.  Each attribute is
 * a permutation: every value at exactly one position, every position
 * with exactly one value of the attribute.  Each clue is built as a
 * formula over these variables and asserted; the clues are conjunctions
 * of implications and equivalences between literals, which the encoder
 * turns into clauses without auxiliary variables ('either' is the
 * exception: an exclusive or of two conjunctions). */

#include "zebra.h"
#include "puzzle.h"

#include <stdlib.h>
#include <string.h>

static const char einstein[] =
    "title Einstein's riddle: who owns the fish?\n"
    "positions 5 house\n"
    "attribute color red green white yellow blue\n"
    "attribute nationality Brit Swede Dane Norwegian German\n"
    "attribute drink tea coffee milk beer water\n"
    "attribute smoke Pall_Mall Dunhill Blends Bluemasters Prince\n"
    "attribute pet dogs birds cats horses fish\n"
    "same Brit red\n"
    "same Swede dogs\n"
    "same Dane tea\n"
    "left-of green white\n"
    "same green coffee\n"
    "same Pall_Mall birds\n"
    "same yellow Dunhill\n"
    "at milk 3\n"
    "at Norwegian 1\n"
    "next-to Blends cats\n"
    "next-to horses Dunhill\n"
    "same Bluemasters beer\n"
    "same German Prince\n"
    "next-to Norwegian blue\n"
    "next-to Blends water\n"
    "question nationality fish Who owns the fish?\n";

typedef struct zebra {
  puzzle_options options;
  zebra_puzzle g;
  encoder *e;
  int *position; /* of each value in the solution being printed */
} zebra;

/*------------------------------------------------------------------------*/
/* Encoding. */

static int at_var (zebra *z, int value, int position) {
  return enc_var (z->e, "%s@%d", z->g.value[value].name, position);
}

/* 'value at position' as a formula, false outside the grid. */
static enc_formula at (zebra *z, int value, int position) {
  if (position < 1 || position > z->g.positions)
    return enc_false (z->e);
  return enc_lit (z->e, at_var (z, value, position));
}

static void encode_permutations (zebra *z) {
  int n = z->g.positions, lits[ZEBRA_MAX_POSITIONS];
  for (int a = 0; a < z->g.attributes; a++) {
    int first = z->g.attribute[a].first;
    for (int v = first; v < first + n; v++) {
      for (int p = 1; p <= n; p++)
        lits[p - 1] = at_var (z, v, p);
      enc_exactly_one (z->e, n, lits);
    }
    for (int p = 1; p <= n; p++) {
      for (int v = first; v < first + n; v++)
        lits[v - first] = at_var (z, v, p);
      enc_exactly_one (z->e, n, lits);
    }
  }
}

static enc_formula clue_formula (zebra *, int index);

/* a at p + offset exactly when b at p ('offset' 0: same position). */
static enc_formula shifted (zebra *z, int a, int b, int offset) {
  enc_formula parts[ZEBRA_MAX_POSITIONS + 2];
  int n = 0;
  for (int p = 0; p <= z->g.positions + 1; p++)
    if (offset || (p >= 1 && p <= z->g.positions))
      parts[n++] = enc_iff (z->e, at (z, a, p + offset), at (z, b, p));
  return enc_and (z->e, n, parts);
}

static enc_formula different (zebra *z, int a, int b) {
  enc_formula parts[ZEBRA_MAX_POSITIONS];
  for (int p = 1; p <= z->g.positions; p++)
    parts[p - 1] =
        enc_not (z->e, ENC_AND (z->e, at (z, a, p), at (z, b, p)));
  return enc_and (z->e, z->g.positions, parts);
}

/* a at p implies b next to p (or, if not 'next_to', not next to p). */
static enc_formula near (zebra *z, int a, int b, bool next_to) {
  enc_formula parts[ZEBRA_MAX_POSITIONS];
  for (int p = 1; p <= z->g.positions; p++) {
    enc_formula left = at (z, b, p - 1), right = at (z, b, p + 1);
    enc_formula neighbour =
        next_to ? ENC_OR (z->e, left, right)
                : enc_not (z->e, ENC_OR (z->e, left, right));
    parts[p - 1] = enc_implies (z->e, at (z, a, p), neighbour);
  }
  return enc_and (z->e, z->g.positions, parts);
}

/* a somewhere left of b: a at p implies b at some q > p. */
static enc_formula somewhere_left (zebra *z, int a, int b) {
  enc_formula parts[ZEBRA_MAX_POSITIONS], later[ZEBRA_MAX_POSITIONS];
  int n = z->g.positions;
  for (int p = 1; p <= n; p++) {
    for (int q = p + 1; q <= n; q++)
      later[q - p - 1] = at (z, b, q);
    parts[p - 1] =
        enc_implies (z->e, at (z, a, p), enc_or (z->e, n - p, later));
  }
  return enc_and (z->e, n, parts);
}

static enc_formula clue_formula (zebra *z, int index) {
  const zebra_clue *c = z->g.clue + index;
  switch (c->kind) {
  case CLUE_SAME:
    return shifted (z, c->a, c->b, 0);
  case CLUE_DIFFERENT:
    return different (z, c->a, c->b);
  case CLUE_LEFT_OF:
    return shifted (z, c->b, c->a, 1);
  case CLUE_RIGHT_OF:
    return shifted (z, c->a, c->b, 1);
  case CLUE_SOMEWHERE_LEFT_OF:
    return somewhere_left (z, c->a, c->b);
  case CLUE_SOMEWHERE_RIGHT_OF:
    return somewhere_left (z, c->b, c->a);
  case CLUE_NEXT_TO:
    return near (z, c->a, c->b, true);
  case CLUE_NOT_NEXT_TO:
    return near (z, c->a, c->b, false);
  case CLUE_AT:
    return at (z, c->a, c->b);
  case CLUE_NOT_AT:
    return enc_not (z->e, at (z, c->a, c->b));
  default:
    return enc_xor (z->e, clue_formula (z, c->a), clue_formula (z, c->b));
  }
}

static void encode (zebra *z) {
  for (int v = 0; v < z->g.values; v++) /* named value by value */
    for (int p = 1; p <= z->g.positions; p++)
      at_var (z, v, p);
  encode_permutations (z);
  for (int i = 0; i < z->g.clues; i++)
    if (!z->g.clue[i].nested)
      enc_assert (z->e, clue_formula (z, i));
  enc_release_formulas (z->e);
}

/*------------------------------------------------------------------------*/
/* Printing a solution: the table and the answers. */

static const char *cell (const zebra *z, int attribute, int position,
                         char *buffer) {
  if (attribute < 0) {
    sprintf (buffer, "%d", position);
    return buffer;
  }
  int first = z->g.attribute[attribute].first;
  for (int v = first; v < first + z->g.positions; v++)
    if (z->position[v] == position)
      return z->g.value[v].name;
  return "?";
}

static int column_width (const zebra *z, int attribute) {
  char buffer[16];
  const char *header =
      attribute < 0 ? z->g.position_name : z->g.attribute[attribute].name;
  int width = (int) strlen (header);
  for (int p = 1; p <= z->g.positions; p++) {
    int length = (int) strlen (cell (z, attribute, p, buffer));
    if (length > width)
      width = length;
  }
  return width;
}

static void print_row (const zebra *z, int position) {
  char buffer[16];
  for (int a = -1; a < z->g.attributes; a++) {
    const char *text = position ? cell (z, a, position, buffer)
                       : a < 0  ? z->g.position_name
                                : z->g.attribute[a].name;
    if (a + 1 < z->g.attributes)
      printf ("%-*s  ", column_width (z, a), text);
    else
      printf ("%s\n", text);
  }
}

static void print_answers (const zebra *z) {
  char buffer[16];
  for (int i = 0; i < z->g.questions; i++) {
    const zebra_question *q = z->g.question + i;
    const char *answer =
        cell (z, q->attribute, z->position[q->value], buffer);
    if (q->text)
      printf ("%s %s\n", q->text, answer);
    else
      printf ("%s of %s: %s\n",
              q->attribute < 0 ? z->g.position_name
                               : z->g.attribute[q->attribute].name,
              z->g.value[q->value].name, answer);
  }
}

static void print_solution (void *data, const puzzle_solution *s) {
  zebra *z = data;
  for (int v = 0; v < z->g.values; v++) {
    z->position[v] = 0;
    for (int p = 1; p <= z->g.positions; p++)
      if (puzzle_true (s, enc_find (z->e, "%s@%d", z->g.value[v].name, p)))
        z->position[v] = p;
  }
  for (int p = 0; p <= z->g.positions; p++)
    print_row (z, p);
  print_answers (z);
}

/*------------------------------------------------------------------------*/

/* The puzzle of the file, or without one Einstein's riddle. */
static int read_puzzle (void *data, const fe_arguments *arguments) {
  zebra *z = data;
  const char *path = arguments->files ? arguments->file[0] : 0;
  FILE *builtin = 0;
  fe_input in;
  bool ok;
  if (path)
    ok = fe_open_input (&in, path, ZEBRA_MAX_LINE);
  else if (!(builtin =
                 fmemopen ((void *) einstein, strlen (einstein), "r")))
    return fe_out_of_memory ();
  else
    ok = fe_open_stream (&in, builtin, "built-in", ZEBRA_MAX_LINE);
  ok = ok && zebra_read (&z->g, &in);
  fe_close_input (&in);
  if (builtin)
    fclose (builtin);
  return ok ? -1 : 1;
}

static int top_level_clues (const zebra_puzzle *g) {
  int count = 0;
  for (int i = 0; i < g->clues; i++)
    count += !g->clue[i].nested;
  return count;
}

/* Also prints the puzzle's title and size before it is solved. */
static int encode_puzzle (void *data, encoder *e, puzzle_printer *printer) {
  zebra *z = data;
  z->e = e;
  if (!(z->position = calloc ((size_t) z->g.values, sizeof *z->position)))
    return fe_out_of_memory ();
  enc_comment (e, "%s", z->g.title ? z->g.title : "logic-grid puzzle");
  enc_comment (e, "VALUE@P: VALUE is at %s P", z->g.position_name);
  encode (z);
  if (!z->options.cnf) {
    if (z->g.title)
      printf ("%s\n", z->g.title);
    printf ("%d %ss, %d attributes, %d clues\n\n", z->g.positions,
            z->g.position_name, z->g.attributes, top_level_clues (&z->g));
  }
  *printer = (puzzle_printer){.print = print_solution,
                              .data = z,
                              .check_unique = true,
                              .none = "This puzzle has no solution."};
  return -1;
}

static const fe_command_line zebra_command_line = {
    "einsat zebra [options] [FILE]",
    "Solves the logic-grid puzzle in FILE (format: puzzles/README.md), or\n"
    "without a file Einstein's riddle, prints the table of the solution,\n"
    "the answers to the puzzle's questions and whether the solution is\n"
    "unique.  Variables are named VALUE@POSITION.\n",
    ZEBRA_MAX_LINE, PUZZLE_EXIT_CODES, 0};

int zebra_main (int argc, char **argv) {
  zebra z;
  memset (&z, 0, sizeof z);
  const fe_table tables[] = {{puzzle_table, &z.options}, {0, 0}};
  const puzzle_front_end front_end = {&zebra_command_line, tables,
                                      &z.options,          &z,
                                      read_puzzle,         encode_puzzle};
  int res = puzzle_main (&front_end, argc, argv);
  free (z.position);
  zebra_release (&z.g);
  return res;
}
