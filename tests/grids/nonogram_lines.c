/* nonogram_lines - tests of nonogram line solving against brute force,
 * and a generator of test puzzles whose answers brute force knows:
 *
 *   nonogram_lines lines SEED COUNT
 *       settles COUNT random short lines (random runs, random known
 *       cells) with 'nonogram_settle' and compares every cell's colours
 *       and the verdict with what the enumeration of all 2^L pictures of
 *       the line gives
 *   nonogram_lines long SEED COUNT
 *       the same for COUNT random lines of 40 to 320 cells, against a
 *       plain reference: whether the runs fit, tried with each cell set
 *       to each of its colours
 *   nonogram_lines puzzles SEED COUNT DIR
 *       writes COUNT small random puzzles DIR/pN.non (from random
 *       pictures, some with two rows' runs swapped so that there may be
 *       no picture) and DIR/expect, a line 'pN.non unique|several|none'
 *       each, found by trying every picture row by row
 *   nonogram_lines picture KIND WIDTH HEIGHT SEED
 *       prints a puzzle (with its goal) made of a random picture: KIND
 *       'discs' is black where an odd number of random discs cover a
 *       cell, 'blobs' where any of them does, 'noise' each cell black
 *       with probability 1/2; large puzzles for the benchmarks, some of
 *       which line solving settles and some not
 *
 * The brute force shares no code with the line solver.  Prints what is
 * wrong and exits 1 on a mismatch. */

#include "../../puzzles/nonogram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static unsigned next (unsigned bound) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (unsigned) ((state >> 33) % bound);
}

/* The runs of the word 'bits' of 'length' cells (bit i = cell i). */
static int runs_of (unsigned bits, int length, int *runs) {
  int count = 0, run = 0;
  for (int i = 0; i <= length; i++) {
    if (i < length && (bits >> i & 1)) {
      run++;
      continue;
    }
    if (run)
      runs[count++] = run;
    run = 0;
  }
  return count;
}

static bool same_runs (unsigned bits, int length, const nonogram_clue *c) {
  int runs[32], count = runs_of (bits, length, runs);
  if (count != c->count)
    return false;
  for (int i = 0; i < count; i++)
    if (runs[i] != c->runs[i])
      return false;
  return true;
}

/*------------------------------------------------------------------------*/
/* Lines. */

/* The colours every fitting picture gives each cell; false if none
 * fits. */
static bool brute_force (const nonogram_clue *clue, int length,
                         const unsigned char *known, unsigned char *out) {
  memset (out, 0, (size_t) length);
  bool any = false;
  for (unsigned bits = 0; bits < 1u << length; bits++) {
    bool fits = true;
    for (int i = 0; fits && i < length; i++)
      fits = known[i] & (bits >> i & 1 ? NONOGRAM_BLACK : NONOGRAM_WHITE);
    if (!fits || !same_runs (bits, length, clue))
      continue;
    any = true;
    for (int i = 0; i < length; i++)
      out[i] |= bits >> i & 1 ? NONOGRAM_BLACK : NONOGRAM_WHITE;
  }
  return any;
}

static void print_line (const char *what, const unsigned char *cells,
                        int length, int step) {
  printf ("  %-8s ", what);
  for (int i = 0; i < length; i++)
    putchar (".#?x"[cells[i * step] == NONOGRAM_WHITE   ? 0
                    : cells[i * step] == NONOGRAM_BLACK ? 1
                    : cells[i * step] == NONOGRAM_OPEN  ? 2
                                                        : 3]);
  putchar ('\n');
}

/* Settles 'cells' (whose states before are 'known') once and compares
 * with brute force; false after printing the difference. */
static bool settle_checked (nonogram_line *solver, const nonogram_clue *clue,
                            int length, const unsigned char *known,
                            unsigned char *cells, int step, int *windows,
                            int number, int round, bool *fits_out) {
  unsigned char want[16];
  bool fits = *fits_out = brute_force (clue, length, known, want);
  int changed = -1;
  int res = nonogram_settle (solver, clue, length, cells, step, windows,
                             &changed);
  bool ok = res == fits;
  int count = 0;
  for (int i = 0; ok && i < length; i++) {
    unsigned char expected = fits ? want[i] : known[i];
    ok = cells[i * step] == expected;
    count += expected != known[i];
  }
  ok = ok && (!fits || changed == count);
  if (ok)
    return true;
  printf ("line %d, round %d: %d cells, runs", number, round, length);
  for (int r = 0; r < clue->count; r++)
    printf (" %d", clue->runs[r]);
  printf (", settle returned %d (brute force: %s), %d changed%s\n", res,
          fits ? "fits" : "no picture", changed,
          windows ? ", with windows" : "");
  print_line ("known", known, length, 1);
  print_line ("settled", cells, length, step);
  if (fits)
    print_line ("expected", want, length, 1);
  return false;
}

/* One random line: runs from a random picture (or random runs that may
 * not fit), known cells from that picture or at random, settled, then
 * (as line solving on a grid does) more cells fixed and settled again,
 * with the same windows. */
static bool test_line (nonogram_line *solver, int number) {
  int length = 1 + (int) next (14), step = 1 + (int) next (3);
  unsigned picture = next (1u << length);
  int runs[32];
  nonogram_clue clue = {runs_of (picture, length, runs), runs, 0};
  if (!next (4)) { /* runs that need not fit */
    clue.count = (int) next (4);
    for (int r = 0; r < clue.count; r++)
      runs[r] = 1 + (int) next (4);
  }
  unsigned char known[16], cells[48];
  bool honest = next (2);
  for (int i = 0; i < length; i++)
    cells[i * step] = NONOGRAM_OPEN;
  int windows[64], *w = next (2) ? windows : 0;
  if (w)
    nonogram_open_windows (&clue, length, w);
  for (int round = 0; round < 3; round++) {
    for (int i = 0; i < length; i++) {
      unsigned black = honest ? picture >> i & 1 : next (2);
      if (cells[i * step] == NONOGRAM_OPEN && !next (3))
        cells[i * step] = black ? NONOGRAM_BLACK : NONOGRAM_WHITE;
      known[i] = cells[i * step];
    }
    bool fits;
    if (!settle_checked (solver, &clue, length, known, cells, step, w,
                         number, round, &fits))
      return false;
    if (!fits) /* line solving on a grid stops there */
      break;
  }
  return true;
}

/* Long lines (up to five words of 64 cells) against a plain reference:
 * whether the runs fit the cells, tried with each cell set to each of
 * its colours in turn. */
static bool fits_reference (const nonogram_clue *clue, int length,
                            const unsigned char *cells, bool *can) {
  const int k = clue->count;
  /* can[j * (length + 2) + i]: cells i .. length-1 hold runs j .. k-1 */
  for (int j = k; j >= 0; j--)
    for (int i = length + 1; i >= 0; i--) {
      bool ok = false;
      if (i >= length)
        ok = j == k;
      else {
        if (cells[i] & NONOGRAM_WHITE)
          ok = can[j * (length + 2) + i + 1];
        int r = j < k ? clue->runs[j] : 0;
        if (!ok && j < k && i + r <= length) {
          bool black = true;
          for (int t = i; black && t < i + r; t++)
            black = cells[t] & NONOGRAM_BLACK;
          if (black && i + r == length)
            ok = j + 1 == k;
          else if (black && (cells[i + r] & NONOGRAM_WHITE))
            ok = can[(j + 1) * (length + 2) + i + r + 1];
        }
      }
      can[j * (length + 2) + i] = ok;
    }
  return can[0];
}

enum { LONG = 320 };

/* The colours each cell can take in the pictures that fit; false if
 * none does. */
static bool settle_reference (const nonogram_clue *clue, int length,
                              const unsigned char *known,
                              unsigned char *want) {
  static bool can[(LONG / 2 + 2) * (LONG + 2)];
  unsigned char cells[LONG];
  memcpy (cells, known, (size_t) length);
  if (!fits_reference (clue, length, cells, can))
    return false;
  for (int i = 0; i < length; i++) {
    want[i] = 0;
    for (int colour = NONOGRAM_WHITE; colour <= NONOGRAM_BLACK; colour++)
      if (known[i] & colour) {
        cells[i] = (unsigned char) colour;
        if (fits_reference (clue, length, cells, can))
          want[i] |= (unsigned char) colour;
        cells[i] = known[i];
      }
  }
  return true;
}

/* A random long line from nearly all white (white stretches longer than
 * 64 cells) to nearly all black, with some cells known (sometimes all of
 * them, sometimes one wrong), settled twice (more cells known the second
 * time, windows kept) and compared with the reference each time. */
static bool test_long_line (nonogram_line *solver, int number) {
  static unsigned char picture[LONG + 1], known[LONG], cells[LONG];
  static unsigned char want[LONG];
  static int runs[LONG];
  int length = 40 + (int) next (LONG - 40);
  int percent = next (3) ? 2 + (int) next (97) : 1 + (int) next (8);
  int run = 0, k = 0;
  for (int i = 0; i <= length; i++) {
    picture[i] = i < length && (int) next (100) < percent;
    if (picture[i])
      run++;
    else if (run)
      runs[k++] = run, run = 0;
  }
  nonogram_clue clue = {k, runs, 0};
  int chance = next (4) ? 2 + (int) next (12) : 1; /* 1: all known */
  for (int i = 0; i < length; i++)
    cells[i] = NONOGRAM_OPEN;
  if (!next (8)) /* perhaps no longer fitting */
    cells[next ((unsigned) length)] = next (2) ? NONOGRAM_BLACK
                                               : NONOGRAM_WHITE;
  int windows[2 * LONG + 4], *w = next (2) ? windows : 0;
  if (w)
    nonogram_open_windows (&clue, length, w);
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < length; i++) {
      if (cells[i] == NONOGRAM_OPEN && !next ((unsigned) chance))
        cells[i] = picture[i] ? NONOGRAM_BLACK : NONOGRAM_WHITE;
      known[i] = cells[i];
    }
    bool fits = settle_reference (&clue, length, known, want);
    int res = nonogram_settle (solver, &clue, length, cells, 1, w, 0);
    bool ok = res == fits;
    for (int i = 0; ok && i < length; i++)
      ok = cells[i] == (fits ? want[i] : known[i]);
    if (!ok) {
      printf ("long line %d, round %d: %d cells, %d runs, settle returned "
              "%d (reference: %s)%s\n",
              number, round, length, k, res, fits ? "fits" : "no picture",
              w ? ", with windows" : "");
      print_line ("known", known, length, 1);
      print_line ("settled", cells, length, 1);
      if (fits)
        print_line ("expected", want, length, 1);
      return false;
    }
    if (!fits)
      break;
  }
  return true;
}

static int test_long_lines (int count) {
  nonogram_line solver;
  nonogram_line_init (&solver);
  int bad = 0;
  for (int i = 0; i < count && bad < 5; i++)
    bad += !test_long_line (&solver, i);
  nonogram_line_release (&solver);
  if (bad)
    return 1;
  printf ("ok %d long lines agree with the reference\n", count);
  return 0;
}

static int test_lines (int count) {
  nonogram_line solver;
  nonogram_line_init (&solver);
  int bad = 0;
  for (int i = 0; i < count && bad < 5; i++)
    bad += !test_line (&solver, i);
  nonogram_line_release (&solver);
  if (bad)
    return 1;
  printf ("ok %d lines agree with brute force\n", count);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Small puzzles. */

typedef struct small {
  int width, height;
  int runs[2][8][8]; /* [rows or columns][index][run] */
  int count[2][8];
} small;

static void derive_clues (small *s, const unsigned *rows) {
  for (int r = 0; r < s->height; r++)
    s->count[0][r] = runs_of (rows[r], s->width, s->runs[0][r]);
  for (int c = 0; c < s->width; c++) {
    unsigned bits = 0;
    for (int r = 0; r < s->height; r++)
      bits |= (rows[r] >> c & 1) << r;
    s->count[1][c] = runs_of (bits, s->height, s->runs[1][c]);
  }
}

static bool column_fits (const small *s, const unsigned *rows, int c) {
  unsigned bits = 0;
  for (int r = 0; r < s->height; r++)
    bits |= (rows[r] >> c & 1) << r;
  nonogram_clue clue = {s->count[1][c], (int *) s->runs[1][c], 0};
  return same_runs (bits, s->height, &clue);
}

/* Pictures found (up to 2), trying every fitting row in turn. */
static int count_pictures (const small *s, unsigned *rows, int row) {
  if (row == s->height) {
    for (int c = 0; c < s->width; c++)
      if (!column_fits (s, rows, c))
        return 0;
    return 1;
  }
  nonogram_clue clue = {s->count[0][row], (int *) s->runs[0][row], 0};
  int found = 0;
  for (unsigned bits = 0; bits < 1u << s->width && found < 2; bits++)
    if (same_runs (bits, s->width, &clue)) {
      rows[row] = bits;
      found += count_pictures (s, rows, row + 1);
    }
  return found < 2 ? found : 2;
}

static void write_runs (FILE *file, const int *runs, int count) {
  if (!count)
    fputs ("0", file);
  for (int i = 0; i < count; i++)
    fprintf (file, i ? ",%d" : "%d", runs[i]);
  fputc ('\n', file);
}

static bool write_small (const small *s, const char *path) {
  FILE *file = fopen (path, "w");
  if (!file)
    return false;
  fprintf (file, "width %d\nheight %d\n\nrows\n", s->width, s->height);
  for (int r = 0; r < s->height; r++)
    write_runs (file, s->runs[0][r], s->count[0][r]);
  fputs ("\ncolumns\n", file);
  for (int c = 0; c < s->width; c++)
    write_runs (file, s->runs[1][c], s->count[1][c]);
  return !fclose (file);
}

static int make_puzzles (int count, const char *dir) {
  char path[4096];
  snprintf (path, sizeof path, "%s/expect", dir);
  FILE *expect = fopen (path, "w");
  if (!expect)
    return 1;
  int verdicts[3] = {0, 0, 0};
  for (int i = 0; i < count; i++) {
    small s;
    memset (&s, 0, sizeof s);
    s.width = 1 + (int) next (7);
    s.height = 1 + (int) next (6);
    unsigned rows[8], density = 2 + next (4);
    for (int r = 0; r < s.height; r++) {
      rows[r] = 0;
      for (int c = 0; c < s.width; c++)
        rows[r] |= (unsigned) (next (density) > 0) << c;
    }
    derive_clues (&s, rows);
    if (s.height > 1 && next (3) == 0) { /* same black cells, other rows */
      int a = (int) next ((unsigned) s.height), b = (a + 1) % s.height;
      int swapped[8];
      memcpy (swapped, s.runs[0][a], sizeof swapped);
      memcpy (s.runs[0][a], s.runs[0][b], sizeof swapped);
      memcpy (s.runs[0][b], swapped, sizeof swapped);
      int n = s.count[0][a];
      s.count[0][a] = s.count[0][b];
      s.count[0][b] = n;
    }
    unsigned found[8];
    int pictures = count_pictures (&s, found, 0);
    snprintf (path, sizeof path, "%s/p%d.non", dir, i);
    if (!write_small (&s, path))
      return 1;
    const char *verdict[] = {"none", "unique", "several"};
    fprintf (expect, "p%d.non %s\n", i, verdict[pictures]);
    verdicts[pictures]++;
  }
  if (fclose (expect))
    return 1;
  printf ("%d puzzles: %d unique, %d several, %d none\n", count,
          verdicts[1], verdicts[2], verdicts[0]);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Large pictures. */

static void print_clue (const unsigned char *cells, int length, int step) {
  int run = 0, runs = 0;
  for (int i = 0; i <= length; i++) {
    if (i < length && cells[(size_t) i * step]) {
      run++;
      continue;
    }
    if (run)
      printf (runs++ ? ",%d" : "%d", run);
    run = 0;
  }
  puts (runs ? "" : "0");
}

static int make_picture (const char *kind, int width, int height) {
  bool noise = !strcmp (kind, "noise"), blobs = !strcmp (kind, "blobs");
  if (!noise && !blobs && strcmp (kind, "discs"))
    return 1;
  unsigned char *cells = calloc ((size_t) width * height, 1);
  if (!cells)
    return 1;
  int discs = noise ? 0 : 6 + (int) next (20);
  int side = width > height ? width : height;
  for (int d = 0; d < discs; d++) {
    long x = next ((unsigned) width), y = next ((unsigned) height);
    long radius = 2 + next ((unsigned) side / 4 + 1);
    for (long r = 0; r < height; r++)
      for (long c = 0; c < width; c++)
        if ((r - y) * (r - y) + (c - x) * (c - x) <= radius * radius)
          cells[r * width + c] = blobs ? 1 : cells[r * width + c] ^ 1;
  }
  for (size_t i = 0; noise && i < (size_t) width * height; i++)
    cells[i] = (unsigned char) next (2);
  printf ("title \"%s %d\"\nwidth %d\nheight %d\n\nrows\n", kind, discs,
          width, height);
  for (int r = 0; r < height; r++)
    print_clue (cells + (size_t) r * width, width, 1);
  puts ("\ncolumns");
  for (int c = 0; c < width; c++)
    print_clue (cells + c, height, width);
  fputs ("\ngoal \"", stdout);
  for (size_t i = 0; i < (size_t) width * height; i++)
    putchar ('0' + cells[i]);
  puts ("\"");
  free (cells);
  return 0;
}

int main (int argc, char **argv) {
  if (argc == 4 && !strcmp (argv[1], "lines")) {
    state = strtoull (argv[2], 0, 10);
    return test_lines (atoi (argv[3]));
  }
  if (argc == 4 && !strcmp (argv[1], "long")) {
    state = strtoull (argv[2], 0, 10);
    return test_long_lines (atoi (argv[3]));
  }
  if (argc == 5 && !strcmp (argv[1], "puzzles")) {
    state = strtoull (argv[2], 0, 10);
    return make_puzzles (atoi (argv[3]), argv[4]);
  }
  if (argc == 6 && !strcmp (argv[1], "picture")) {
    state = strtoull (argv[5], 0, 10);
    int width = atoi (argv[3]), height = atoi (argv[4]);
    if (width < 1 || height < 1 || width > NONOGRAM_MAX_SIDE ||
        height > NONOGRAM_MAX_SIDE)
      return 1;
    return make_picture (argv[2], width, height);
  }
  fprintf (stderr, "usage: nonogram_lines lines|long SEED COUNT | puzzles SEED "
                   "COUNT DIR | picture KIND WIDTH HEIGHT SEED\n");
  return 1;
}
