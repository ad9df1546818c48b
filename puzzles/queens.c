/* 'einsat queens N': N queens on an N x N board, no two attacking.
 *
 * Variable q_R_C (rows and columns numbered from 1) says that a queen
 * stands on row R, column C.  Each row and each column holds exactly one
 * queen, each diagonal at most one.  The encoder chooses the at-most-one
 * encoding by length (pairwise up to 6 squares, so small boards have no
 * auxiliary variables and a trace shows only queens; ladder and product
 * encodings above), which keeps the encoding linear in the number of
 * squares: a 1000 x 1000 board has 1.6 million variables (one million
 * named) and 8.9 million clauses. */

#include "puzzle.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_QUEENS 5000

typedef struct queens {
  int n;
  encoder *e;
  int *line; /* squares of one row, column or diagonal */
} queens;

static int square (queens *q, int row, int column) {
  return enc_var (q->e, "q_%d_%d", row, column);
}

static void encode_rows_and_columns (queens *q) {
  for (int row = 1; row <= q->n; row++) /* numbered row by row */
    for (int column = 1; column <= q->n; column++)
      square (q, row, column);
  for (int i = 1; i <= q->n; i++) {
    for (int j = 1; j <= q->n; j++)
      q->line[j - 1] = square (q, i, j);
    enc_exactly_one (q->e, q->n, q->line);
    for (int j = 1; j <= q->n; j++)
      q->line[j - 1] = square (q, j, i);
    enc_exactly_one (q->e, q->n, q->line);
  }
}

/* Diagonals with constant 'row - column' and 'row + column'. */
static void encode_diagonals (queens *q) {
  int n = q->n;
  for (int d = -(n - 2); d <= n - 2; d++) {
    int size = 0;
    for (int row = 1; row <= n; row++)
      if (row - d >= 1 && row - d <= n)
        q->line[size++] = square (q, row, row - d);
    enc_at_most_one (q->e, size, q->line);
  }
  for (int s = 3; s <= 2 * n - 1; s++) {
    int size = 0;
    for (int row = 1; row <= n; row++)
      if (s - row >= 1 && s - row <= n)
        q->line[size++] = square (q, row, s - row);
    enc_at_most_one (q->e, size, q->line);
  }
}

static void print_board (void *data, const puzzle_solution *s) {
  queens *q = data;
  char *line = malloc (2 * (size_t) q->n + 1);
  if (!line)
    return;
  for (int row = 1; row <= q->n; row++) {
    for (int column = 1; column <= q->n; column++) {
      int var = enc_find (q->e, "q_%d_%d", row, column);
      line[2 * column - 2] = puzzle_true (s, var) ? 'Q' : '.';
      line[2 * column - 1] = ' ';
    }
    line[2 * q->n - 1] = 0;
    puts (line);
  }
  free (line);
}

static void print_usage (void) {
  printf ("usage: einsat queens N [options]\n"
          "\n"
          "Places N queens on an N x N board so that no two attack each "
          "other\n"
          "and prints the board ('Q' a queen, '.' an empty square).  "
          "Variables\n"
          "are named q_R_C (row R, column C, from 1).  1 <= N <= %d.\n"
          "\n",
          MAX_QUEENS);
  puzzle_print_options (stdout);
}

static int parse_size (const char *arg, int *n) {
  char *end;
  errno = 0;
  long value = strtol (arg, &end, 10);
  if (errno || end == arg || *end || value < 1 || value > MAX_QUEENS)
    return puzzle_error ("queens: invalid board size '%s' (1 to %d)", arg,
                         MAX_QUEENS);
  *n = (int) value;
  return 0;
}

static int parse_arguments (puzzle_options *o, int *n, int argc,
                            char **argv) {
  for (int i = 1; i < argc; i++) {
    int res = puzzle_parse_option (o, argv[i]);
    if (res < 0)
      return 1;
    if (res)
      continue;
    if (argv[i][0] == '-')
      return puzzle_error ("queens: unknown option '%s' (try '--help')",
                           argv[i]);
    if (*n)
      return puzzle_error ("queens: more than one board size");
    if (parse_size (argv[i], n))
      return 1;
  }
  if (!o->help && !*n)
    return puzzle_error ("queens: board size missing (try '--help')");
  return -1;
}

int queens_main (int argc, char **argv) {
  puzzle_options o = {.command = "queens"};
  queens q = {0, 0, 0};
  int res = parse_arguments (&o, &q.n, argc, argv);
  if (res >= 0)
    return res;
  if (o.help) {
    print_usage ();
    return 0;
  }
  q.e = enc_new (puzzle_encoder_flags (&o));
  q.line = malloc ((size_t) q.n * sizeof *q.line);
  if (!q.e || !q.line)
    res = puzzle_error ("queens: out of memory");
  else {
    enc_comment (q.e, "%d queens: q_R_C = queen on row R, column C", q.n);
    encode_rows_and_columns (&q);
    encode_diagonals (&q);
    puzzle_printer printer = {print_board, &q, false, "No solution."};
    res = puzzle_run (&o, q.e, &printer);
  }
  free (q.line);
  enc_delete (q.e);
  return res;
}
