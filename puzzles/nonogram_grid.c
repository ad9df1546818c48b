/* Line solving on the whole grid: each row and column is settled by the
 * complete line solver ('nonogram_line.c'), and a line is settled again
 * only when one of its cells changed since (a queue of dirty lines, as
 * in every dedicated nonogram solver).  What is fixed then holds in every
 * picture of the puzzle; a puzzle with no open cell left has exactly one
 * picture, and one whose line has no fitting picture has none. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

bool nonogram_grid_init (nonogram_grid *g, const nonogram *n) {
  memset (g, 0, sizeof *g);
  g->puzzle = n;
  size_t cells = (size_t) n->width * n->height;
  int lines = n->width + n->height;
  g->cells = malloc (cells);
  g->queue = malloc (sizeof (int) * (size_t) lines);
  g->queued = calloc ((size_t) lines, sizeof (bool));
  g->window_at = malloc (sizeof (size_t) * ((size_t) lines + 1));
  if (!g->cells || !g->queue || !g->queued || !g->window_at)
    return false;
  g->window_at[0] = 0;
  for (int line = 0; line < lines; line++) {
    int runs = line < n->height ? n->rows[line].count
                                : n->columns[line - n->height].count;
    g->window_at[line + 1] = g->window_at[line] + 2 * ((size_t) runs + 1);
  }
  if (!(g->windows = malloc (sizeof (int) * g->window_at[lines])))
    return false;
  memset (g->cells, NONOGRAM_OPEN, cells);
  g->open = (int) cells;
  for (int i = 0; i < n->givens; i++) {
    unsigned char *cell =
        g->cells + (size_t) n->given[2 * i] * n->width + n->given[2 * i + 1];
    g->open -= *cell == NONOGRAM_OPEN;
    *cell &= NONOGRAM_BLACK;
  }
  nonogram_line_init (&g->line);
  for (int line = 0; line < lines; line++) {
    g->queue[line] = line;
    g->queued[line] = true;
    bool row = line < n->height;
    nonogram_open_windows (row ? n->rows + line
                               : n->columns + line - n->height,
                           row ? n->width : n->height,
                           g->windows + g->window_at[line]);
  }
  g->size = lines;
  return true;
}

void nonogram_grid_release (nonogram_grid *g) {
  free (g->cells);
  free (g->queue);
  free (g->queued);
  free (g->windows);
  free (g->window_at);
  nonogram_line_release (&g->line);
  memset (g, 0, sizeof *g);
}

static void enqueue (nonogram_grid *g, int line) {
  if (g->queued[line])
    return;
  int lines = g->puzzle->width + g->puzzle->height;
  g->queue[(g->head + g->size++) % lines] = line;
  g->queued[line] = true;
}

static int dequeue (nonogram_grid *g) {
  int lines = g->puzzle->width + g->puzzle->height;
  int line = g->queue[g->head];
  g->head = (g->head + 1) % lines;
  g->size--;
  g->queued[line] = false;
  return line;
}

/* Line 'line' is row 'line' or column 'line - height'. */
typedef struct line_place {
  const nonogram_clue *clue;
  int length, step;
  unsigned char *cells;
} line_place;

static line_place place_of (const nonogram_grid *g, int line) {
  const nonogram *n = g->puzzle;
  if (line < n->height)
    return (line_place){n->rows + line, n->width, 1,
                        g->cells + (size_t) line * n->width};
  int col = line - n->height;
  return (line_place){n->columns + col, n->height, n->width, g->cells + col};
}

/* Queues the crossing lines of the cells of 'line' that 'before' (their
 * states before settling) says changed, and counts the cells fixed. */
static void spread (nonogram_grid *g, int line, const line_place *at,
                    const unsigned char *before) {
  const nonogram *n = g->puzzle;
  for (int i = 0; i < at->length; i++) {
    unsigned char now = at->cells[i * at->step];
    if (now == before[i])
      continue;
    g->open -= before[i] == NONOGRAM_OPEN;
    enqueue (g, line < n->height ? n->height + i : i);
  }
}

bool nonogram_propagate (nonogram_grid *g) {
  const nonogram *n = g->puzzle;
  int side = n->width > n->height ? n->width : n->height;
  unsigned char *before = malloc ((size_t) side);
  if (!before)
    return false;
  bool ok = true;
  while (g->size && !g->contradiction) {
    int line = dequeue (g);
    line_place at = place_of (g, line);
    for (int i = 0; i < at.length; i++)
      before[i] = at.cells[i * at.step];
    int changed = 0;
    int res = nonogram_settle (&g->line, at.clue, at.length, at.cells,
                               at.step, g->windows + g->window_at[line],
                               &changed);
    g->settled++;
    if (res < 0) {
      ok = false;
      break;
    }
    if (!res)
      g->contradiction = true;
    else if (changed)
      spread (g, line, &at, before);
  }
  free (before);
  return ok;
}
