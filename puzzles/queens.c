/* 'einsat queens N': N queens on an N x N board, no two attacking.
 *
 * Variable q_R_C (rows and columns numbered from 1) says that a queen
 * stands on row R, column C.  Each row and each column holds exactly one
 * queen, each diagonal at most one.  Boards up to 16 x 16 use pairwise
 * at-most-one clauses (no auxiliary variables: a trace shows only queens,
 * and counting is fastest); above, the solver's native at-most-one
 * constraints ('einsat_add_atmost', through ENC_NATIVE): one list of
 * squares per line, no clauses and no auxiliary variables (the clausal
 * encodings took 1.6 million variables and 8.9 million clauses for
 * N = 1000).  '--cnf' writes the encoder's automatic clausal encoding of
 * the same constraints (ladder and product encodings, linear in the
 * number of squares).  The squares are a grid of names ('enc_var_grid'),
 * which stores no name per square.
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
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A square is a variable: N * N must not exceed the solver's limit
 * (EINSAT_MAX_VAR, 2^28 - 1). */
#define MAX_QUEENS 16383
#define QUEENS_STRING(N) QUEENS_DIGITS (N)
#define QUEENS_DIGITS(N) #N
#define PAIRWISE_QUEENS 16

/* Memory per square of boards above PAIRWISE_QUEENS, with a margin over
 * what bench/RESULTS.md ("N-Queens at scale") measured for N = 1000 to
 * 10000: peak resident memory (75-78 bytes solving: the solver's
 * arrays per variable and the index of the constraints; 125-133 writing
 * the CNF: the recorded ladder and product encodings) and peak address
 * space, which also counts the untouched half of blocks grown by
 * doubling and the untouched watch lists (up to 164 and 159 bytes). */
#define SOLVE_BYTES_PER_SQUARE 90
#define CNF_BYTES_PER_SQUARE 140
#define SOLVE_ADDRESS_PER_SQUARE 200
#define CNF_ADDRESS_PER_SQUARE 200

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
  char *text;      /* a row of the board as printed */
  uint64_t random; /* state of the square choice */
  /* The decisions' view of the board (see below). */
  int *placed;     /* the queens the front-end knows of */
  int queens;      /* how many */
  int *row_queen;  /* per row: its known queen, or 0 */
  int *free;       /* per row: squares no known queen attacks */
  bool *column_taken, *diagonal_taken, *antidiagonal_taken;
} queens;

/* The squares are the first variables, a grid of names numbered row by
 * row, so a square's variable is computed instead of looked up by name,
 * and no name is stored (25 million of them for N = 5000). */
static int square (const queens *q, int row, int column) {
  return (row - 1) * q->n + column;
}

static bool name_squares (queens *q) {
  int sizes[2] = {q->n, q->n};
  return enc_var_grid (q->e, "q", 2, sizes) == 1;
}

/* Small boards are for counting, where a queen's attacks propagate
 * fastest through direct binary clauses (faster than the ladder
 * encodings, bench/RESULTS.md); large boards need linear encodings. */
static enc_method amo_method (const queens *q) {
  return q->n <= PAIRWISE_QUEENS ? ENC_PAIRWISE : ENC_NATIVE;
}

/* All rows first: the solver then numbers the squares in the order of
 * the board, so that every line's squares stay evenly spaced in its
 * numbering too, and it stores each native constraint in constant space
 * as a progression instead of a list of squares. */
static void encode_rows_and_columns (queens *q) {
  for (int i = 1; i <= q->n; i++) {
    for (int j = 1; j <= q->n; j++)
      q->line[j - 1] = square (q, i, j);
    enc_exactly_one_using (q->e, amo_method (q), q->n, q->line);
  }
  for (int i = 1; i <= q->n; i++) {
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
/* Decisions: most constrained row first.
 *
 * Asking the solver for the free squares of every row before each
 * decision costs N * N calls per decision, N^3 in all (N = 1000: 10^9).
 * So the front-end keeps its own count of the squares of each row that
 * the queens it knows of do not attack ('free'), and updates it with the
 * columns and diagonals each of these queens takes: O(N) per queen
 * placed or taken back.  Before a decision it checks that its queens
 * still stand (the solver may have backjumped), and it asks the solver
 * only about the row it chooses: if that row holds a queen it did not
 * know of (placed by propagation), that queen joins, and the next row is
 * chosen.  The counts ignore squares that learned clauses rule out, so
 * they may be higher than the solver's; they only rank the rows. */

static int first_square (const queens *q, int row) {
  return square (q, row, 1);
}

static bool attacked (const queens *q, int row, int column) {
  int n = q->n;
  return q->column_taken[column - 1] ||
         q->diagonal_taken[row - column + n - 1] ||
         q->antidiagonal_taken[row + column - 2];
}

/* Queen at (row, column) joins (delta 1) or leaves (delta -1): the
 * squares of other rows it alone attacks change their rows' counts. */
static void count_attacks (queens *q, int row, int column, int delta) {
  int n = q->n;
  if (delta < 0) {
    q->column_taken[column - 1] = false;
    q->diagonal_taken[row - column + n - 1] = false;
    q->antidiagonal_taken[row + column - 2] = false;
  }
  for (int other = 1; other <= n; other++) {
    if (other == row)
      continue;
    int distance = other - row; /* not 0: the three columns differ */
    int columns[3] = {column, column + distance, column - distance};
    for (int i = 0; i < 3; i++) {
      int c = columns[i];
      if (c >= 1 && c <= n && !attacked (q, other, c))
        q->free[other - 1] -= delta;
    }
  }
  if (delta > 0) {
    q->column_taken[column - 1] = true;
    q->diagonal_taken[row - column + n - 1] = true;
    q->antidiagonal_taken[row + column - 2] = true;
  }
}

static void add_queen (queens *q, int var) {
  int row = (var - 1) / q->n + 1, column = (var - 1) % q->n + 1;
  count_attacks (q, row, column, 1);
  q->row_queen[row - 1] = var;
  q->placed[q->queens++] = var;
}

/* Queens the solver took back since the last decision leave. */
static void drop_lost_queens (queens *q, einsat *solver) {
  int kept = 0;
  for (int i = 0; i < q->queens; i++) {
    int var = q->placed[i];
    if (einsat_current_value (solver, var) > 0) {
      q->placed[kept++] = var;
      continue;
    }
    int row = (var - 1) / q->n + 1, column = (var - 1) % q->n + 1;
    q->row_queen[row - 1] = 0;
    count_attacks (q, row, column, -1);
  }
  q->queens = kept;
}

/* The row without a known queen with the fewest free squares, 0 if
 * every row has one. */
static int fewest_free (const queens *q) {
  int best_row = 0, best = INT_MAX;
  for (int row = 1; row <= q->n; row++)
    if (!q->row_queen[row - 1] && q->free[row - 1] < best)
      best_row = row, best = q->free[row - 1];
  return best_row;
}

static uint64_t next_random (queens *q) {
  q->random ^= q->random << 13; /* xorshift64 */
  q->random ^= q->random >> 7;
  q->random ^= q->random << 17;
  return q->random;
}

/* A random unassigned square of 'row', or the true square of a queen
 * the front-end did not know of (negated), or 0 if neither exists. */
static int choose_square (queens *q, einsat *solver, int row) {
  int first = first_square (q, row), count = 0;
  for (int var = first; var < first + q->n; var++) {
    int value = einsat_current_value (solver, var);
    if (value > 0)
      return -var;
    count += !value;
  }
  if (!count)
    return 0;
  int chosen = (int) (next_random (q) % (uint64_t) count);
  for (int var = first; var < first + q->n; var++)
    if (!einsat_current_value (solver, var) && !chosen--)
      return var;
  return 0;
}

/* The decide callback: a free square of the most constrained row, or 0
 * when every row holds a queen (then the solver assigns what is left). */
static int decide_square (void *data) {
  queens *q = data;
  einsat *solver = enc_solver (q->e);
  drop_lost_queens (q, solver);
  for (int row; (row = fewest_free (q));) {
    int var = choose_square (q, solver, row);
    if (var > 0)
      return var;
    if (!var) /* cannot happen after complete propagation */
      return 0;
    add_queen (q, -var);
  }
  return 0;
}

/* Counting learns a clause at almost every dead end and each clause is
 * useful only nearby in the search tree, so frequent reductions pay
 * (measured in bench/RESULTS.md, "N-Queens"). */
static void tune_for_counting (queens *q) {
  einsat_set_option (enc_solver (q->e), "reduceint", 50);
}

/* Every square is in at-most-one constraints, which no variable
 * elimination can touch, and the board has no gates or XORs: the
 * elimination round (with subsumption, substitution and the others)
 * finds nothing and its scratch costs about 100 bytes per square
 * (bench/RESULTS.md, "N-Queens").  Options given on the command line
 * come later and win. */
static void tune_for_native (queens *q) {
  einsat_set_option (enc_solver (q->e), "eliminate", 0);
}

static bool let_front_end_decide (queens *q) {
  size_t n = (size_t) q->n, diagonals = 2 * n - 1;
  q->placed = malloc (n * sizeof *q->placed);
  q->row_queen = calloc (n, sizeof *q->row_queen);
  q->free = malloc (n * sizeof *q->free);
  q->column_taken = calloc (n, 1);
  q->diagonal_taken = calloc (diagonals, 1);
  q->antidiagonal_taken = calloc (diagonals, 1);
  if (!q->placed || !q->row_queen || !q->free || !q->column_taken ||
      !q->diagonal_taken || !q->antidiagonal_taken)
    return false;
  for (size_t row = 0; row < n; row++)
    q->free[row] = q->n;
  einsat *solver = enc_solver (q->e);
  for (int var = 1; var <= q->n * q->n; var++)
    einsat_freeze (solver, var); /* the callback names them */
  einsat_set_decide (solver, q, decide_square);
  return true;
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

/* A board too large for this machine is refused before any work, with
 * its estimate, instead of swapping for minutes. */
static bool fits_in_memory (const queens *q) {
  if (q->n <= PAIRWISE_QUEENS)
    return true;
  const double gb = 1024.0 * 1024 * 1024;
  uint64_t squares = (uint64_t) q->n * (uint64_t) q->n;
  bool cnf = q->options.cnf;
  int resident = cnf ? CNF_BYTES_PER_SQUARE : SOLVE_BYTES_PER_SQUARE;
  int address = cnf ? CNF_ADDRESS_PER_SQUARE : SOLVE_ADDRESS_PER_SQUARE;
  fe_memory limits = fe_memory_limits ();
  if (limits.physical && squares * (uint64_t) resident > limits.physical) {
    fe_error ("%d queens need about %.1f GB of memory (%d bytes per "
              "square), more than this machine's %.1f GB",
              q->n, (double) (squares * (uint64_t) resident) / gb, resident,
              (double) limits.physical / gb);
    return false;
  }
  if (limits.address_space &&
      squares * (uint64_t) address > limits.address_space) {
    fe_error ("%d queens need about %.1f GB of memory (%d bytes of address "
              "space per square), more than 'ulimit -v' allows (%.1f GB)",
              q->n, (double) (squares * (uint64_t) address) / gb, address,
              (double) limits.address_space / gb);
    return false;
  }
  return true;
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
  return fits_in_memory (q) ? -1 : 1;
}

/* The encoding, and who decides. */
static int encode_board (void *data, encoder *e, puzzle_printer *printer) {
  queens *q = data;
  const puzzle_options *o = &q->options;
  q->e = e;
  q->line = malloc ((size_t) q->n * sizeof *q->line);
  q->text = malloc (2 * (size_t) q->n + 1);
  if (!q->line || !q->text)
    return fe_out_of_memory ();
  enc_comment (e, "%d queens: q_R_C = queen on row R, column C", q->n);
  if (enc_solver (e)) /* one allocation; unused watch lists cost nothing */
    einsat_reserve (enc_solver (e), q->n * q->n);
  if (!name_squares (q))
    return fe_solver_error (enc_error (e));
  encode_rows_and_columns (q);
  encode_diagonals (q);
  bool listing = (o->all >= 0 || o->count) && q->n <= PAIRWISE_QUEENS;
  int decide = q->queens_options.decide;
  bool rows = decide == DECIDE_ROWS ||
              (decide == DECIDE_DEFAULT && !o->trace && !listing);
  if (!o->cnf && rows && !let_front_end_decide (q))
    return fe_out_of_memory ();
  if (!o->cnf && listing)
    tune_for_counting (q);
  if (!o->cnf && amo_method (q) == ENC_NATIVE)
    tune_for_native (q);
  *printer = (puzzle_printer){.print = print_board, .data = q,
                              .none = "No solution."};
  return -1;
}

/* The largest board this machine takes (see 'fits_in_memory'). */
static void print_machine_limit (void) {
  fe_memory limits = fe_memory_limits ();
  int n = MAX_QUEENS;
  for (uint64_t squares; n > PAIRWISE_QUEENS; n--) {
    squares = (uint64_t) n * (uint64_t) n;
    if ((!limits.physical ||
         squares * SOLVE_BYTES_PER_SQUARE <= limits.physical) &&
        (!limits.address_space ||
         squares * SOLVE_ADDRESS_PER_SQUARE <= limits.address_space))
      break;
  }
  printf ("\nThis machine (%.1f GB", (double) limits.physical / (1024.0 * 1024 * 1024));
  if (limits.address_space)
    printf (", 'ulimit -v' %.1f GB",
            (double) limits.address_space / (1024.0 * 1024 * 1024));
  printf (") takes N up to %d for one solution.\n", n);
}

static const fe_command_line queens_command_line = {
    "einsat queens [options] N",
    "Places N queens on an N x N board so that no two attack each other\n"
    "and prints the board ('Q' a queen, '.' an empty square).  Variables\n"
    "are named q_R_C (row R, column C, from 1).  1 <= N <= " QUEENS_STRING (
        MAX_QUEENS) ".\n"
    "One solution costs about 75 bytes of memory per square and time\n"
    "growing with the squares (process time, bench/RESULTS.md): N = 1000\n"
    "0.08 GB and 0.2 s, N = 3000 0.7 GB and 2.5 s, N = 5000 1.9 GB and\n"
    "9 s, N = 10000 7.5 GB and 55 s.  A board whose estimate (90 bytes\n"
    "per square, 140 with --cnf; 200 of address space under 'ulimit -v')\n"
    "exceeds what the machine allows is refused before any work.\n"
    "Counting and listing are for small boards (14 queens: 365596\n"
    "solutions in about a second).\n",
    0, PUZZLE_EXIT_CODES, print_machine_limit};

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
  free (q.text);
  free (q.placed);
  free (q.row_queen);
  free (q.free);
  free (q.column_taken);
  free (q.diagonal_taken);
  free (q.antidiagonal_taken);
  return res;
}
