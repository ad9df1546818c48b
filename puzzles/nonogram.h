/* nonogram.h - the parts of 'einsat nonogram': reading the '.non' format
 * ('nonogram_read.c'), line solving ('nonogram_line.c' for one line,
 * 'nonogram_grid.c' for the grid), encoding the lines as CNF
 * ('nonogram_encode.c'), and the command ('nonogram.c').
 *
 * Line solving and the encoding share one picture of a line: its layout.
 * A line of L cells with runs r_0 .. r_{k-1} is read from left to right
 * with an extra white cell L at its end.  Node (j, p) says "runs 0 .. j-1
 * are placed, each with the white cell after it, and cell p is the next
 * one to read"; run j can start at p = lo_j .. lo_j + S, where lo_j is the
 * sum of (r_t + 1) over t < j and S = L + 1 - lo_k is the slack.  From
 * node (j, p) a white cell p leads to node (j, p + 1), and placing run j
 * at p (cells p .. p + r_j - 1 black, cell p + r_j white) to node
 * (j + 1, p + r_j + 1).  The pictures of the line are the paths from node
 * (0, 0) to node (k, L + 1): a layered graph of (k + 1)(S + 1) nodes, so
 * line solving costs O(k S + L) and the encoding is linear in the same.
 */

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

static inline int nonogram_cell (const nonogram *n, int row, int col) {
  return 1 + row * n->width + col;
}

/*------------------------------------------------------------------------*/
/* Line solving ('nonogram_line.c').  A cell's state is the set of its
 * colours that are still possible. */

enum {
  NONOGRAM_NONE = 0,  /* no colour left: a contradiction */
  NONOGRAM_WHITE = 1, /* white only: known white */
  NONOGRAM_BLACK = 2, /* black only: known black */
  NONOGRAM_OPEN = 3,  /* either */
};

/* The work space of line solving, reused from line to line; after
 * 'nonogram_settle' it holds which nodes and placements of the line's
 * layout lie on a path that fits the cells (for the encoding). */
typedef struct nonogram_line {
  /* the line last settled */
  const nonogram_clue *clue;
  int length, slack; /* L and S */
  int *lo;           /* k + 1 of them */
  int *range;        /* the windows, or NULL */
  /* private */
  unsigned char *forward, *backward; /* (k + 1)(S + 1) each */
  int *whites; /* cells known white before i (as they were settled) */
  unsigned char *may_be_white; /* cell i as it was (L: the extra cell) */
  int *covered;                /* difference array of black cells */
  unsigned char *white_possible;
  size_t nodes_capacity;
  int cells_capacity, lo_capacity;
} nonogram_line;

void nonogram_line_init (nonogram_line *);
void nonogram_line_release (nonogram_line *);

/* The slack S of a line; negative if the runs do not fit. */
int nonogram_slack (const nonogram_clue *, int length);

/* Settles a line: 'cells[i * step]' (i < length) are the states of its
 * cells; each keeps only the colours that some picture of the line
 * fitting all the cells gives it (the complete line solver: every cell
 * that is the same in all these pictures is fixed).  Returns 1 if a
 * picture fits, 0 if none does (cells unchanged), -1 when out of memory.
 * '*changed' (if not NULL) counts the cells that lost a colour.
 *
 * 'windows' (NULL: all nodes) are, for each layer j of the layout, the
 * first and the last d such that node (j, lo_j + d) may lie on a fitting
 * path: 2 (k + 1) numbers, set by 'nonogram_open_windows' at first and
 * narrowed by each settle to the live nodes.  As cells only lose colours,
 * a line settled again only looks at the nodes that were live. */
int nonogram_settle (nonogram_line *, const nonogram_clue *, int length,
                     unsigned char *cells, int step, int *windows,
                     int *changed);
void nonogram_open_windows (const nonogram_clue *, int length,
                            int *windows);

/* After 'nonogram_settle' returned 1: whether node (j, p) of the layout
 * and the placement of run j at p lie on a fitting path (within the
 * windows, if there were any). */
bool nonogram_node_alive (const nonogram_line *, int j, int p);
bool nonogram_placement_alive (const nonogram_line *, int j, int p);

/*------------------------------------------------------------------------*/
/* Line solving on the grid ('nonogram_grid.c'): rows and columns are
 * settled from a queue of lines whose cells changed until nothing
 * changes. */

typedef struct nonogram_grid {
  const nonogram *puzzle;
  unsigned char *cells; /* width * height states, row by row */
  int open;             /* cells with both colours possible */
  bool contradiction;   /* some line has no fitting picture */
  uint64_t settled;     /* lines settled */
  /* private */
  nonogram_line line;
  int *windows;       /* of all lines: */
  size_t *window_at;  /* where each line's begin */
  int *queue;         /* rows 0 .. height-1, then columns */
  bool *queued;
  int head, size;
} nonogram_grid;

/* All cells open except the givens.  False when out of memory. */
bool nonogram_grid_init (nonogram_grid *, const nonogram *);
void nonogram_grid_release (nonogram_grid *);

/* Settles lines until no line changes or one has no picture
 * ('contradiction').  Returns false when out of memory. */
bool nonogram_propagate (nonogram_grid *);

/*------------------------------------------------------------------------*/
/* The encoding ('nonogram_encode.c').  Without a grid, the whole puzzle
 * is encoded: cell (row, col) is variable 'nonogram_cell', the lines'
 * auxiliary variables follow.  With a grid that line solving settled,
 * only the lines with open cells are, the open cells are variables 1, 2,
 * ... in row-major order, known cells are constants, and only the parts
 * of the layouts that fit the known cells are built. */

/* Far below the constants among the encoding's literals. */
#define NONOGRAM_MAX_VARS (1 << 29)

typedef struct nonogram_cnf {
  int64_t vars;    /* the largest variable */
  int64_t clauses; /* and the literals in them: */
  int64_t literals;
  int64_t limit;  /* in: counting without a sink beyond this many */
  bool estimated; /* clauses bounds the rest from the layouts' sizes */
} nonogram_cnf;

/* Where the clauses go: a solver, a DIMACS file (standard output), or
 * nowhere (counting only).  The callback returns false to stop (an
 * error it reported). */
typedef struct nonogram_sink {
  void *data;
  bool (*clause) (void *data, int size, const int *lits);
} nonogram_sink;

/* Encodes 'puzzle' (restricted to the open part of 'grid' if it is not
 * NULL), sending each clause to 'sink' (which may be NULL) and counting
 * into '*cnf' (without a sink, beyond 'cnf->limit' clauses the count
 * goes on by an upper bound).  Returns false when out of memory (reported) or when the
 * sink stopped. */
bool nonogram_encode (const nonogram *, const nonogram_grid *,
                      const nonogram_sink *, nonogram_cnf *);

#endif
