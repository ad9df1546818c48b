/* Line solving: which colours each cell of one line can still take.
 *
 * The pictures of a line that fit its runs are the paths through the
 * layered graph of its layout ('nonogram.h'): node (j, p) means "runs
 * 0 .. j-1 are placed, cell p is next"; a white cell moves on to
 * (j, p + 1), placing run j at p to (j + 1, p + r_j + 1).  Given the
 * cells' states, a forward pass marks the nodes reachable from (0, 0) and
 * a backward pass those from which (k, L + 1) can be reached; a node or
 * an edge on both sides lies on a fitting path.  Then a cell can be black
 * if a live placement covers it, and white if a live node follows it
 * (every way into node (j, p + 1) reads cell p as white).  Every cell
 * that is the same in all fitting pictures is fixed: the complete line
 * solver of the best nonogram solvers (see Jan Wolter's survey,
 * webpbn.com/survey, and Batenburg and Kosters, "Solving nonograms by
 * combining relaxations", Pattern Recognition 2009), in O(k S + L) for k
 * runs and slack S instead of the O(k L^2) of trying every placement.
 * Only the nodes of a layer's window (S + 1 positions) are stored. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

void nonogram_line_init (nonogram_line *l) { memset (l, 0, sizeof *l); }

void nonogram_line_release (nonogram_line *l) {
  free (l->lo);
  free (l->forward);
  free (l->backward);
  free (l->whites);
  free (l->covered);
  free (l->white_possible);
  free (l->may_be_white);
  memset (l, 0, sizeof *l);
}

int nonogram_slack (const nonogram_clue *clue, int length) {
  int used = 0;
  for (int j = 0; j < clue->count; j++)
    used += clue->runs[j] + 1;
  return length + 1 - used;
}

static bool reserve (nonogram_line *l, int runs, int length, size_t nodes) {
  if (runs + 1 > l->lo_capacity) {
    free (l->lo);
    l->lo_capacity = runs + 1;
    if (!(l->lo = malloc (sizeof (int) * (size_t) l->lo_capacity)))
      return false;
  }
  if (nodes > l->nodes_capacity) {
    free (l->forward);
    free (l->backward);
    l->nodes_capacity = nodes;
    l->forward = malloc (nodes);
    l->backward = malloc (nodes);
    if (!l->forward || !l->backward)
      return false;
  }
  if (length + 2 > l->cells_capacity) {
    free (l->whites);
    free (l->covered);
    free (l->white_possible);
    free (l->may_be_white);
    l->cells_capacity = length + 2;
    size_t n = (size_t) l->cells_capacity;
    l->whites = malloc (sizeof (int) * n);
    l->covered = malloc (sizeof (int) * n);
    l->white_possible = malloc (n);
    l->may_be_white = malloc (n);
    if (!l->whites || !l->covered || !l->white_possible || !l->may_be_white)
      return false;
  }
  return true;
}

/* Frees everything after a failed allocation, so that the capacities
 * stay true. */
static int out_of_memory (nonogram_line *l) {
  nonogram_line_release (l);
  return -1;
}

/* Whether run cells from .. to-1 may all be black and cell 'to' (L is
 * the extra white cell) white. */
static bool fits_run (const nonogram_line *l, int from, int to) {
  return l->whites[to] == l->whites[from] && l->may_be_white[to];
}

/* The nodes of layer j that may be live: d = first .. last. */
typedef struct window {
  int first, last;
} window;

static window window_of (const nonogram_line *l, int j) {
  if (l->range)
    return (window){l->range[2 * j], l->range[2 * j + 1]};
  return (window){0, l->slack};
}

static bool within (window w, int d) { return w.first <= d && d <= w.last; }

/* Node (j, lo_j + d) is reached from (0, 0) by a white cell from
 * (j, lo_j + d - 1) or by placing run j-1 at lo_{j-1} + d. */
static void pass_forward (const nonogram_line *l) {
  const int k = l->clue->count, width = l->slack + 1;
  window before = {1, 0};
  for (int j = 0; j <= k; j++) {
    window w = window_of (l, j);
    unsigned char *layer = l->forward + (size_t) j * width;
    const unsigned char *previous = layer - width;
    const unsigned char *white = l->may_be_white + l->lo[j] - 1;
    int start = (j ? l->lo[j - 1] : 0) + w.first;
    int end = l->lo[j] - 1 + w.first;
    for (int d = w.first; d <= w.last; d++, start++, end++) {
      bool reached = d > w.first ? layer[d - 1] && white[d] : !j && !d;
      if (!reached && within (before, d) && previous[d])
        reached = fits_run (l, start, end);
      layer[d] = reached;
    }
    before = w;
  }
}

/* Node (j, p) reaches (k, L + 1) by a white cell p to (j, p + 1) or by
 * placing run j at p.  On the way, the colours the live paths give the
 * cells are collected: black where a live placement covers them
 * ('covered' is a difference array), white where a live node follows. */
static void pass_backward (nonogram_line *l) {
  const int *runs = l->clue->runs, k = l->clue->count, width = l->slack + 1;
  memset (l->covered, 0, sizeof (int) * (size_t) (l->length + 2));
  memset (l->white_possible, 0, (size_t) l->length + 2);
  window after = {1, 0};
  for (int j = k; j >= 0; j--) {
    window w = window_of (l, j);
    unsigned char *layer = l->backward + (size_t) j * width;
    const unsigned char *forward = l->forward + (size_t) j * width;
    const unsigned char *next = layer + width;
    const int first = l->lo[j], run = j < k ? runs[j] : 0;
    for (int d = w.last; d >= w.first; d--) {
      int p = first + d;
      bool reaches = d < w.last ? layer[d + 1] && l->may_be_white[p]
                                : j == k && d == width - 1;
      if (within (after, d) && next[d] && fits_run (l, p, p + run)) {
        reaches = true;
        if (forward[d]) { /* a live placement */
          l->covered[p]++;
          l->covered[p + run]--;
        }
      }
      layer[d] = reaches;
      if (reaches && forward[d] && p)
        l->white_possible[p - 1] = 1;
    }
    after = w;
  }
}

/* Narrows the windows to the live nodes. */
static void narrow (nonogram_line *l) {
  const int width = l->slack + 1;
  for (int j = 0; j <= l->clue->count; j++) {
    window w = window_of (l, j);
    const unsigned char *f = l->forward + (size_t) j * width;
    const unsigned char *b = l->backward + (size_t) j * width;
    while (w.first < w.last && !(f[w.first] && b[w.first]))
      w.first++;
    while (w.last > w.first && !(f[w.last] && b[w.last]))
      w.last--;
    l->range[2 * j] = w.first;
    l->range[2 * j + 1] = w.last;
  }
}

bool nonogram_node_alive (const nonogram_line *l, int j, int p) {
  if (j < 0 || j > l->clue->count)
    return false;
  int d = p - l->lo[j];
  if (!within (window_of (l, j), d))
    return false;
  size_t at = (size_t) j * (l->slack + 1) + d;
  return l->forward[at] && l->backward[at];
}

/* Tested on the cells as they were before they were settled, which is
 * what the passes saw. */
bool nonogram_placement_alive (const nonogram_line *l, int j, int p) {
  if (j < 0 || j >= l->clue->count)
    return false;
  int d = p - l->lo[j];
  if (!within (window_of (l, j), d) || !within (window_of (l, j + 1), d))
    return false;
  size_t at = (size_t) j * (l->slack + 1) + d;
  if (!l->forward[at] || !l->backward[at + l->slack + 1])
    return false;
  int end = p + l->clue->runs[j];
  return l->whites[end] == l->whites[p] && l->may_be_white[end];
}

void nonogram_open_windows (const nonogram_clue *clue, int length,
                            int *windows) {
  int slack = nonogram_slack (clue, length);
  for (int j = 0; j <= clue->count; j++) {
    windows[2 * j] = 0;
    windows[2 * j + 1] = slack;
  }
}

int nonogram_settle (nonogram_line *l, const nonogram_clue *clue, int length,
                     unsigned char *cells, int step, int *windows,
                     int *changed) {
  int slack = nonogram_slack (clue, length);
  if (changed)
    *changed = 0;
  l->clue = clue;
  l->length = length;
  l->slack = slack;
  l->range = windows;
  if (slack < 0)
    return 0;
  size_t nodes = (size_t) (clue->count + 1) * (size_t) (slack + 1);
  if (!reserve (l, clue->count, length, nodes))
    return out_of_memory (l);
  l->lo[0] = 0;
  for (int j = 0; j < clue->count; j++)
    l->lo[j + 1] = l->lo[j] + clue->runs[j] + 1;
  l->whites[0] = 0;
  for (int i = 0; i < length; i++) {
    unsigned char cell = cells[i * step];
    l->whites[i + 1] = l->whites[i] + (cell == NONOGRAM_WHITE);
    l->may_be_white[i] = (cell & NONOGRAM_WHITE) != 0;
  }
  l->whites[length + 1] = l->whites[length];
  l->may_be_white[length] = 1; /* the extra white cell */
  pass_forward (l);
  if (!within (window_of (l, clue->count), slack) || !l->forward[nodes - 1])
    return 0;
  pass_backward (l);
  if (windows)
    narrow (l);
  int black = 0, count = 0;
  for (int i = 0; i < length; i++) {
    black += l->covered[i];
    unsigned char old = cells[i * step], now = old;
    if (!black)
      now &= (unsigned char) ~NONOGRAM_BLACK;
    if (!l->white_possible[i])
      now &= (unsigned char) ~NONOGRAM_WHITE;
    cells[i * step] = now;
    count += now != old;
  }
  if (changed)
    *changed = count;
  return 1;
}
