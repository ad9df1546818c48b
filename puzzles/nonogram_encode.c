/* Nonogram lines as CNF, linear in the size of their layouts and as
 * strong as a complete line solver under unit propagation.
 *
 * The pictures of a line are the paths through its layout ('nonogram.h':
 * node (j, p) = runs 0 .. j-1 placed, cell p next; a white cell leads to
 * (j, p + 1), run j placed at p to (j + 1, p + r_j + 1)).  The encoding
 * follows Bacchus ("GAC via unit propagation", CP 2007): a variable per
 * node and per placement, and supports both ways, so that unit
 * propagation removes every node, placement and colour that no complete
 * path uses, which is what a complete line solver does.  The clauses:
 *
 *   node -> next node in the layer  v  placement of run j here
 *   node -> previous node in the layer  v  placement ending here
 *   placement -> its first node,  placement -> its last node
 *   node (j, p) -> cell p - 1 white      (every way in reads it white)
 *   cell i white -> some node (j, i + 1)
 *   cell i black -> some placement covering it
 *   placement -> each cell it covers black
 *
 * The white steps need no variables: both of their nodes hold exactly
 * when the step is taken.  Written directly, the last two lines would
 * cost (run length) x (placements) clauses, the old automaton's
 * quadratic part.  Instead the placements of run j are cut into blocks
 * of r_j consecutive starts, each with prefix and suffix disjunctions
 * (chains of z <-> x v y); the placements covering a cell form a window
 * of r_j starts, the union of one suffix and the next block's prefix, so
 * "covering" is two literals per run and cell.  The disjunctions are
 * exact under propagation both ways, which keeps the encoding as strong
 * as the direct one.  A line of k runs and slack S then has at most
 * (k + 1)(S + 1) nodes, k (S + 1) placements and 2 k (S + 1)
 * disjunctions; the automaton over cells this replaces had (L + 1)(S + 1)
 * states and twice as many transitions (sizes in bench/NONOGRAM.md).
 *
 * Given a grid that line solving has settled, each line keeps only the
 * nodes and placements on paths that fit the known cells (the others are
 * false), lines without open cells are left out, and only open cells
 * have variables. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

/* Constants among literals: a part that does not exist is false. */
#define TRUE_LIT (1 << 30)
#define FALSE_LIT (-TRUE_LIT)

typedef struct writer {
  const nonogram *puzzle;
  const nonogram_grid *grid;
  const nonogram_sink *sink;
  nonogram_cnf *cnf;
  bool failed;
  nonogram_line line;
  unsigned char *states; /* of the line's cells */
  int *cells;            /* their literals */
  int *variable;         /* of each cell of the grid, 0 if known */
  int *clause;
  int *nodes, *placements, *prefix, *suffix; /* literals */
  size_t capacity;                          /* of each of the four */
  int side;
} writer;

/*------------------------------------------------------------------------*/
/* Clauses and variables. */

/* Counting alone goes on beyond the variables a solver can take, so that
 * the size of any encoding can be told; one beyond them is refused
 * before it is built ('NONOGRAM_MAX_VARS'). */
static int new_var (writer *w) {
  int64_t var = ++w->cnf->vars;
  if (var <= NONOGRAM_MAX_VARS)
    return (int) var;
  if (w->sink)
    w->failed = true;
  return 1;
}

/* Adds the clause 'lits' without its false literals, or nothing if one is
 * true. */
static void add (writer *w, int n, int *lits) {
  int size = 0;
  for (int i = 0; i < n; i++) {
    if (lits[i] == TRUE_LIT)
      return;
    if (lits[i] != FALSE_LIT)
      lits[size++] = lits[i];
  }
  w->cnf->clauses++;
  w->cnf->literals += size;
  if (!w->failed && w->sink && !w->sink->clause (w->sink->data, size, lits))
    w->failed = true;
}

static void add2 (writer *w, int a, int b) {
  int lits[2] = {a, b};
  add (w, 2, lits);
}

static void add3 (writer *w, int a, int b, int c) {
  int lits[3] = {a, b, c};
  add (w, 3, lits);
}

/* A literal for x v y: one of them if the other is false. */
static int disjunction (writer *w, int x, int y) {
  if (x == FALSE_LIT)
    return y;
  if (y == FALSE_LIT)
    return x;
  int z = new_var (w);
  add3 (w, -z, x, y);
  add2 (w, -x, z);
  add2 (w, -y, z);
  return z;
}

/*------------------------------------------------------------------------*/
/* The literals of a line's layout. */

static int width_of (const writer *w) { return w->line.slack + 1; }

static int node (const writer *w, int j, int p) {
  const nonogram_line *l = &w->line;
  if (j < 0 || j > l->clue->count)
    return FALSE_LIT;
  int d = p - l->lo[j];
  if (d < 0 || d > l->slack)
    return FALSE_LIT;
  return w->nodes[(size_t) j * width_of (w) + d];
}

static int placement (const writer *w, int j, int p) {
  const nonogram_line *l = &w->line;
  if (j < 0 || j >= l->clue->count)
    return FALSE_LIT;
  int d = p - l->lo[j];
  if (d < 0 || d > l->slack)
    return FALSE_LIT;
  return w->placements[(size_t) j * width_of (w) + d];
}

static void make_layout (writer *w) {
  const nonogram_line *l = &w->line;
  const int k = l->clue->count, width = width_of (w);
  for (int j = 0; j <= k; j++)
    for (int d = 0; d < width; d++) {
      int p = l->lo[j] + d, *lit = w->nodes + (size_t) j * width + d;
      if (!nonogram_node_alive (l, j, p))
        *lit = FALSE_LIT;
      else if ((!j && !p) || (j == k && p == l->length + 1))
        *lit = TRUE_LIT; /* where every path starts and ends */
      else
        *lit = new_var (w);
    }
  for (int j = 0; j < k; j++)
    for (int d = 0; d < width; d++) {
      int p = l->lo[j] + d;
      w->placements[(size_t) j * width + d] =
          nonogram_placement_alive (l, j, p) ? new_var (w) : FALSE_LIT;
    }
}

static void link_nodes (writer *w) {
  const nonogram_line *l = &w->line;
  const int k = l->clue->count, *runs = l->clue->runs;
  for (int j = 0; j <= k; j++)
    for (int d = 0; d <= l->slack; d++) {
      int p = l->lo[j] + d, a = node (w, j, p);
      if (a == FALSE_LIT)
        continue;
      if (j < k || p < l->length + 1) /* not the end */
        add3 (w, -a, node (w, j, p + 1), placement (w, j, p));
      if (j) /* the way in */
        add3 (w, -a, node (w, j, p - 1),
              placement (w, j - 1, p - runs[j - 1] - 1));
      else if (p)
        add2 (w, -a, node (w, j, p - 1));
      if (p >= 1 && p - 1 < l->length)
        add2 (w, -a, -w->cells[p - 1]);
    }
  for (int j = 0; j < k; j++)
    for (int d = 0; d <= l->slack; d++) {
      int p = l->lo[j] + d, x = placement (w, j, p);
      if (x == FALSE_LIT)
        continue;
      add2 (w, -x, node (w, j, p));
      add2 (w, -x, node (w, j + 1, p + runs[j] + 1));
    }
}

/* The prefix and suffix disjunctions of run j's blocks of placements. */
static void make_blocks (writer *w, int j) {
  const int r = w->line.clue->runs[j], width = width_of (w);
  const int *x = w->placements + (size_t) j * width;
  int *pre = w->prefix + (size_t) j * width;
  int *suf = w->suffix + (size_t) j * width;
  for (int start = 0; start < width; start += r) {
    int end = start + r - 1 < width - 1 ? start + r - 1 : width - 1;
    pre[start] = x[start];
    for (int d = start + 1; d <= end; d++)
      pre[d] = disjunction (w, pre[d - 1], x[d]);
    suf[end] = x[end];
    for (int d = end - 1; d >= start; d--)
      suf[d] = disjunction (w, suf[d + 1], x[d]);
  }
}

/* The (at most two) literals saying that run j covers cell i: its start
 * lies in the window i - r_j + 1 .. i, cut to the layer. */
static int cover (const writer *w, int j, int i, int *lits) {
  const int r = w->line.clue->runs[j], width = width_of (w);
  const size_t row = (size_t) j * width;
  int first = i - r + 1 - w->line.lo[j], last = i - w->line.lo[j];
  if (first < 0)
    first = 0;
  if (last > width - 1)
    last = width - 1;
  if (first > last)
    return 0;
  if (first / r == last / r) {
    /* One block: the window starts it or ends the layer. */
    lits[0] = first % r ? w->suffix[row + first] : w->prefix[row + last];
    return 1;
  }
  lits[0] = w->suffix[row + first];
  lits[1] = w->prefix[row + last];
  return 2;
}

/* Each cell's colours: black cells are covered, white cells are followed
 * by a node.  The runs that may cover cell i and the layers whose
 * window holds node i + 1 are ranges of j that move right with i. */
static void support_cells (writer *w) {
  const nonogram_line *l = &w->line;
  const int k = l->clue->count, *runs = l->clue->runs;
  int first_run = 0, first_layer = 0;
  for (int i = 0; i < l->length; i++) {
    int cell = w->cells[i];
    int n = 0;
    w->clause[n++] = -cell;
    while (first_run < k && l->lo[first_run] + l->slack + runs[first_run] <= i)
      first_run++;
    for (int j = first_run; j < k && l->lo[j] <= i; j++) {
      int lits[2], m = cover (w, j, i, lits);
      for (int t = 0; t < m; t++) {
        add2 (w, -lits[t], cell);
        w->clause[n++] = lits[t];
      }
    }
    add (w, n, w->clause);
    n = 0;
    w->clause[n++] = cell;
    while (l->lo[first_layer] + l->slack < i + 1)
      first_layer++;
    for (int j = first_layer; j <= k && l->lo[j] <= i + 1; j++)
      w->clause[n++] = node (w, j, i + 1);
    add (w, n, w->clause);
  }
}

static bool reserve (writer *w, const nonogram_clue *clue, int slack) {
  size_t need = (size_t) (clue->count + 1) * (size_t) (slack + 1);
  if (need <= w->capacity)
    return true;
  free (w->nodes);
  free (w->placements);
  free (w->prefix);
  free (w->suffix);
  w->capacity = need;
  w->nodes = malloc (sizeof (int) * need);
  w->placements = malloc (sizeof (int) * need);
  w->prefix = malloc (sizeof (int) * need);
  w->suffix = malloc (sizeof (int) * need);
  if (w->nodes && w->placements && w->prefix && w->suffix)
    return true;
  w->capacity = 0;
  return false;
}

/* Past the limit, counting goes on by a bound from the size of the
 * layout, which takes no time: the nodes, placements and disjunctions
 * and at most three clauses for each, two per cell and run covering it,
 * two per cell. */
static void estimate_line (nonogram_cnf *cnf, const nonogram_clue *clue,
                           int length) {
  int64_t width = nonogram_slack (clue, length) + 1, k = clue->count;
  int64_t parts = (4 * k + 1) * width;
  cnf->vars += parts;
  cnf->clauses += 3 * parts + 2 * (k * width + length) + 2 * length;
  cnf->literals += 9 * parts + 4 * (k * width + length) + 2 * k * length;
  cnf->estimated = true;
}

/* Encodes one line whose cells (states and literals) are in 'w'. */
static bool encode_line (writer *w, const nonogram_clue *clue, int length) {
  int res = nonogram_settle (&w->line, clue, length, w->states, 1, 0, 0);
  if (res < 0)
    return false;
  if (!res) { /* a contradiction line solving would have found */
    add (w, 0, w->clause);
    return true;
  }
  if (!reserve (w, clue, w->line.slack))
    return false;
  make_layout (w);
  link_nodes (w);
  for (int j = 0; j < clue->count; j++)
    make_blocks (w, j);
  support_cells (w);
  return true;
}

/* The states and literals of line 'line' (rows first, then columns);
 * false if the grid has no open cell in it. */
static bool load_line (writer *w, int line, const nonogram_clue **clue,
                       int *length) {
  const nonogram *n = w->puzzle;
  bool row = line < n->height;
  int index = row ? line : line - n->height;
  *clue = row ? n->rows + index : n->columns + index;
  *length = row ? n->width : n->height;
  bool open = !w->grid;
  for (int i = 0; i < *length; i++) {
    int r = row ? index : i, c = row ? i : index;
    unsigned char state =
        w->grid ? w->grid->cells[(size_t) r * n->width + c] : NONOGRAM_OPEN;
    w->states[i] = state;
    open |= state == NONOGRAM_OPEN;
    w->cells[i] = state == NONOGRAM_BLACK   ? TRUE_LIT
                  : state == NONOGRAM_WHITE ? FALSE_LIT
                  : w->grid ? w->variable[(size_t) r * n->width + c]
                            : nonogram_cell (n, r, c);
  }
  return open;
}

/* The givens as unit clauses (with a grid, known cells are constants). */
static void add_givens (writer *w) {
  const nonogram *n = w->puzzle;
  for (int i = 0; i < n->givens; i++) {
    int lit = nonogram_cell (n, n->given[2 * i], n->given[2 * i + 1]);
    add (w, 1, &lit);
  }
}

/* Variables for the cells: all of them, or the open ones of a grid. */
static bool number_cells (writer *w) {
  const nonogram *n = w->puzzle;
  size_t cells = (size_t) n->width * n->height;
  if (!w->grid) {
    w->cnf->vars = (int64_t) cells;
    return true;
  }
  if (!(w->variable = malloc (sizeof (int) * cells)))
    return false;
  for (size_t c = 0; c < cells; c++)
    w->variable[c] =
        w->grid->cells[c] == NONOGRAM_OPEN ? (int) ++w->cnf->vars : 0;
  return true;
}

bool nonogram_encode (const nonogram *n, const nonogram_grid *grid,
                      const nonogram_sink *sink, nonogram_cnf *cnf) {
  writer w;
  memset (&w, 0, sizeof w);
  int64_t limit = cnf->limit;
  memset (cnf, 0, sizeof *cnf);
  cnf->limit = limit;
  w.puzzle = n;
  w.grid = grid;
  w.sink = sink;
  w.cnf = cnf;
  w.side = n->width > n->height ? n->width : n->height;
  nonogram_line_init (&w.line);
  w.states = malloc ((size_t) w.side + 1);
  w.cells = malloc (sizeof (int) * ((size_t) w.side + 1));
  w.clause = malloc (sizeof (int) * (2 * (size_t) w.side + 2));
  bool ok = w.states && w.cells && w.clause && number_cells (&w);
  if (ok && !grid)
    add_givens (&w);
  for (int line = 0; ok && !w.failed && line < n->width + n->height;
       line++) {
    const nonogram_clue *clue;
    int length;
    if (!load_line (&w, line, &clue, &length))
      continue;
    if (!sink && cnf->limit && cnf->clauses > cnf->limit)
      estimate_line (cnf, clue, length);
    else
      ok = encode_line (&w, clue, length);
  }
  nonogram_line_release (&w.line);
  free (w.states);
  free (w.cells);
  free (w.clause);
  free (w.variable);
  free (w.nodes);
  free (w.placements);
  free (w.prefix);
  free (w.suffix);
  if (!ok)
    fe_out_of_memory ();
  return ok && !w.failed;
}
