/* 'einsat queens N': N queens on an N x N board, no two attacking.
 *
 * Variable q_R_C (rows and columns numbered from 1) says that a queen
 * stands on row R, column C.  Each row and each column holds exactly one
 * queen, each diagonal at most one.  Boards up to 16 x 16 use pairwise
 * at-most-one clauses (no auxiliary variables: a trace shows only queens,
 * and counting is fastest); above, the encoder chooses by length (ladder
 * and product encodings), which keeps the encoding linear in the number
 * of squares.
 *
 * The solver's own decision heuristic finds large boards slowly: the
 * learned clauses of a board with hundreds of queens span hundreds of
 * levels (bench/RESULTS.md, "N-Queens", has the times).  So by
 * default the front-end makes the decisions through the solver's decide
 * callback, as a constraint solver would: a queen goes into a row with
 * the fewest free squares left ("most constrained first"), on a free
 * square chosen at random (with a fixed seed).  Propagation, conflicts,
 * learning and backjumping stay the solver's; N = 1000 is then found
 * without a conflict.  Counting and listing ('--count', '--all') on the
 * small boards leave the decisions to the solver: its enumeration first
 * searches without learning ('dpll.c', most constrained clause first,
 * close to the rows rule) and counts several times faster than through
 * the callback, which keeps the CDCL search.  (On large boards
 * that search, deciding the first free square and not a random one,
 * gets lost.)  '--decide=solver' leaves the
 * decisions to the solver, and so does '--trace' unless '--decide=rows'
 * is given: the trace is there to show the solver's own search,
 * conflicts included. */

#include "puzzle.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_QUEENS 5000
#define QUEENS_STRING(N) QUEENS_DIGITS (N)
#define QUEENS_DIGITS(N) #N
#define PAIRWISE_QUEENS 16

enum { DECIDE_DEFAULT, DECIDE_ROWS, DECIDE_SOLVER };

#define QUEENS_OPTIONS(OPTION)                                             \
  OPTION (                                                                 \
      CHOICE, decide, DECIDE_DEFAULT, "default|rows|solver",               \
      "who decides: by default the front-end, a queen into a row with "    \
      "the fewest free squares ('rows'), except with --trace, which "      \
      "shows the solver's own heuristic ('solver')")

FE_SETTINGS (queens_options, QUEENS_OPTIONS);

typedef queens_options fe_settings;
static const fe_option queens_table[] = {QUEENS_OPTIONS (FE_ROW)
                                             FE_END_OF_TABLE};

typedef struct queens {
  int n;
  puzzle_options options;
  queens_options queens_options;
  encoder *e;
  int *line;       /* squares of one row, column or diagonal */
  int *row_queen;  /* per row: a square last seen holding a queen, or 0 */
  char *text;      /* a row of the board as printed */
  uint64_t random; /* state of the square choice */
} queens;

/* The squares are the first variables, named and numbered row by row, so
 * a square's variable is computed instead of looked up by name (a million
 * lookups for N = 1000). */
static int square (const queens *q, int row, int column) {
  return (row - 1) * q->n + column;
}

static bool name_squares (queens *q) {
  for (int row = 1; row <= q->n; row++)
    for (int column = 1; column <= q->n; column++)
      if (enc_var (q->e, "q_%d_%d", row, column) != square (q, row, column))
        return false;
  return true;
}

/* Small boards are for counting, where a queen's attacks propagate
 * fastest through direct binary clauses (faster than the ladder
 * encodings, bench/RESULTS.md); large boards need linear encodings. */
static enc_method amo_method (const queens *q) {
  return q->n <= PAIRWISE_QUEENS ? ENC_PAIRWISE : ENC_AUTO;
}

static void encode_rows_and_columns (queens *q) {
  for (int i = 1; i <= q->n; i++) {
    for (int j = 1; j <= q->n; j++)
      q->line[j - 1] = square (q, i, j);
    enc_exactly_one_using (q->e, amo_method (q), q->n, q->line);
    for (int j = 1; j <= q->n; j++)
      q->line[j - 1] = square (q, j, i);
    enc_exactly_one_using (q->e, amo_method (q), q->n, q->line);
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
    enc_at_most_one_using (q->e, amo_method (q), size, q->line);
  }
  for (int s = 3; s <= 2 * n - 1; s++) {
    int size = 0;
    for (int row = 1; row <= n; row++)
      if (s - row >= 1 && s - row <= n)
        q->line[size++] = square (q, row, s - row);
    enc_at_most_one_using (q->e, amo_method (q), size, q->line);
  }
}

/*------------------------------------------------------------------------*/
/* Decisions: most constrained row first. */

static int first_square (const queens *q, int row) {
  return square (q, row, 1);
}

/* Free squares of 'row', counted up to 'limit'; 0 if the row holds a
 * queen.  Checking the remembered queen first makes finished rows cheap,
 * which matters once all queens stand and the solver assigns the
 * auxiliary variables of the encodings with many more decisions. */
static int free_squares (queens *q, einsat *solver, int row, int limit) {
  int queen = q->row_queen[row - 1];
  if (queen && einsat_current_value (solver, queen) > 0)
    return 0;
  int first = first_square (q, row), count = 0;
  for (int var = first; var < first + q->n && count < limit; var++) {
    int value = einsat_current_value (solver, var);
    if (value > 0) {
      q->row_queen[row - 1] = var;
      return 0;
    }
    count += !value;
  }
  return count;
}

static uint64_t next_random (queens *q) {
  q->random ^= q->random << 13; /* xorshift64 */
  q->random ^= q->random >> 7;
  q->random ^= q->random << 17;
  return q->random;
}

static int choose_square (queens *q, einsat *solver, int row, int count) {
  int chosen = (int) (next_random (q) % (uint64_t) count);
  int first = first_square (q, row);
  for (int var = first; var < first + q->n; var++)
    if (!einsat_current_value (solver, var) && !chosen--)
      return var;
  return 0;
}

/* The decide callback: a free square of a row with the fewest free
 * squares, or 0 when every row holds a queen (then the solver assigns
 * what is left).  A row with one free square needs no decision: the
 * row's clause propagates it. */
static int decide_square (void *data) {
  queens *q = data;
  einsat *solver = enc_solver (q->e);
  int best_row = 0, best_count = q->n + 1;
  for (int row = 1; row <= q->n && best_count > 2; row++) {
    int count = free_squares (q, solver, row, best_count);
    if (count && count < best_count)
      best_row = row, best_count = count;
  }
  return best_row ? choose_square (q, solver, best_row, best_count) : 0;
}

/* Counting learns a clause at almost every dead end and each clause is
 * useful only nearby in the search tree, so frequent reductions pay
 * (measured in bench/RESULTS.md, "N-Queens"). */
static void tune_for_counting (queens *q) {
  einsat_set_option (enc_solver (q->e), "reduceint", 50);
}

static void let_front_end_decide (queens *q) {
  einsat *solver = enc_solver (q->e);
  for (int var = 1; var <= q->n * q->n; var++)
    einsat_freeze (solver, var); /* the callback names them */
  einsat_set_decide (solver, q, decide_square);
}

/*------------------------------------------------------------------------*/

static void print_board (void *data, const puzzle_solution *s) {
  queens *q = data;
  char *line = q->text;
  for (int row = 1; row <= q->n; row++) {
    for (int column = 1; column <= q->n; column++) {
      int var = square (q, row, column);
      line[2 * column - 2] = puzzle_true (s, var) ? 'Q' : '.';
      line[2 * column - 1] = ' ';
    }
    line[2 * q->n - 1] = 0;
    puts (line);
  }
}

static int read_size (void *data, const fe_arguments *arguments) {
  queens *q = data;
  const char *arg = arguments->file[0];
  char *end;
  errno = 0;
  long value = strtol (arg, &end, 10);
  if (errno || end == arg || *end || value < 1 || value > MAX_QUEENS)
    return fe_error ("invalid board size '%s' (1 to %d)", arg, MAX_QUEENS);
  q->n = (int) value;
  return -1;
}

/* The encoding, and who decides. */
static int encode_board (void *data, encoder *e, puzzle_printer *printer) {
  queens *q = data;
  const puzzle_options *o = &q->options;
  q->e = e;
  q->line = malloc ((size_t) q->n * sizeof *q->line);
  q->row_queen = calloc ((size_t) q->n, sizeof *q->row_queen);
  q->text = malloc (2 * (size_t) q->n + 1);
  if (!q->line || !q->row_queen || !q->text)
    return fe_out_of_memory ();
  enc_comment (e, "%d queens: q_R_C = queen on row R, column C", q->n);
  if (!name_squares (q))
    return fe_solver_error (enc_error (e));
  encode_rows_and_columns (q);
  encode_diagonals (q);
  bool listing = (o->all >= 0 || o->count) && q->n <= PAIRWISE_QUEENS;
  int decide = q->queens_options.decide;
  bool rows = decide == DECIDE_ROWS ||
              (decide == DECIDE_DEFAULT && !o->trace && !listing);
  if (!o->cnf && rows)
    let_front_end_decide (q);
  if (!o->cnf && listing)
    tune_for_counting (q);
  *printer = (puzzle_printer){.print = print_board, .data = q,
                              .none = "No solution."};
  return -1;
}

static const fe_command_line queens_command_line = {
    "einsat queens [options] N",
    "Places N queens on an N x N board so that no two attack each other\n"
    "and prints the board ('Q' a queen, '.' an empty square).  Variables\n"
    "are named q_R_C (row R, column C, from 1).  1 <= N <= " QUEENS_STRING (
        MAX_QUEENS) ".\n",
    0, PUZZLE_EXIT_CODES, 0};

int queens_main (int argc, char **argv) {
  queens q = {.random = 0x9e3779b97f4a7c15u};
  const fe_table tables[] = {{puzzle_table, &q.options},
                             {queens_table, &q.queens_options},
                             {0, 0}};
  const puzzle_front_end front_end = {
      &queens_command_line, tables, &q.options, &q, read_size,
      encode_board};
  int res = puzzle_main (&front_end, argc, argv);
  free (q.line);
  free (q.row_queen);
  free (q.text);
  return res;
}
