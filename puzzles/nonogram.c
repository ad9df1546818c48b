/* 'einsat nonogram': solves a nonogram given in the '.non' format,
 * prints the picture as text ('#' black, '.' white), proves it unique on
 * request, compares it with the goal picture of the file, and draws it
 * as SVG or PNG.  The format and the output are described in
 * 'puzzles/NONOGRAM.md'. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

#define NONOGRAM_OPTIONS(OPTION)                                           \
  OPTION (FLAG, unique, 0, "prove the picture unique or show another one") \
  OPTION (FLAG, cnf, 0,                                                    \
          "print the whole encoding as named DIMACS CNF and stop")         \
  OPTION (TEXT, svg, "FILE", "draw the picture as SVG")                    \
  OPTION (TEXT, png, "FILE", "draw the picture as PNG")                    \
  OPTION (NUMBER, scale, 10, 1, 100, "N",                                  \
          "pixels per cell in SVG and PNG (default 10)")                   \
  OPTION (NUMBER, border, 4, 0, 100, "N",                                  \
          "white cells around the drawing (default 4)")                    \
  OPTION (FLAG, stats, 0,                                                  \
          "print what line solving fixed, the encoding size and the "      \
          "times")                                                         \
  OPTION (FLAG, sat_only, 0,                                               \
          "no line solving: the SAT solver settles the whole encoding")    \
  OPTION (NUMBER, max_clauses, 50000000, 1, 2000000000, "N",               \
          "refuse encodings of more than N clauses (default 50 million, "  \
          "about 6 GB)")

FE_SETTINGS (nonogram_options, NONOGRAM_OPTIONS);
typedef nonogram_options fe_settings;
static const fe_option nonogram_rows[] = {NONOGRAM_OPTIONS (FE_ROW)
                                              FE_END_OF_TABLE};

/* The state of solving one puzzle. */
typedef struct solving {
  nonogram_grid grid; /* after line solving */
  int open;           /* cells line solving left open */
  nonogram_cnf cnf;   /* of the open part */
  einsat *solver;     /* NULL if none was needed */
  int *open_cell; /* the cell of each variable after line solving */
  double read, lines, encoded, solved; /* process times */
} solving;

typedef struct app {
  const char *path;
  nonogram_options options;
  fe_arguments arguments;
  fe_output svg, png; /* opened before solving */
  nonogram puzzle;
  unsigned char *pictures[2]; /* width * height each, 1 = black */
  int found;
  double start;
  solving solving;
} app;

/* The pictures' files, opened before anything is solved or printed. */
static bool open_pictures (app *a) {
  const nonogram_options *o = &a->options;
  return (!o->svg || fe_open_output (&a->svg, o->svg, "SVG")) &&
         (!o->png || fe_open_output (&a->png, o->png, "PNG"));
}

/*------------------------------------------------------------------------*/
/* Output. */

static void print_picture (const nonogram *n, const unsigned char *black) {
  for (int row = 0; row < n->height; row++) {
    for (int col = 0; col < n->width; col++)
      putchar (black[row * n->width + col] ? '#' : '.');
    putchar ('\n');
  }
}

/* Whether the runs of 'black' are the clues (an independent check of
 * the goal). */
static bool fits_line (const nonogram_clue *clue,
                       const unsigned char *black, int length, int step) {
  int runs = 0, run = 0;
  for (int i = 0; i <= length; i++) {
    if (i < length && black[i * step]) {
      run++;
      continue;
    }
    if (!run)
      continue;
    if (runs == clue->count || clue->runs[runs] != run)
      return false;
    runs++;
    run = 0;
  }
  return runs == clue->count;
}

static bool fits_clues (const nonogram *n, const unsigned char *black) {
  for (int row = 0; row < n->height; row++)
    if (!fits_line (n->rows + row, black + row * n->width, n->width, 1))
      return false;
  for (int col = 0; col < n->width; col++)
    if (!fits_line (n->columns + col, black + col, n->height, n->width))
      return false;
  return true;
}

/* Returns false on a mismatch. */
static bool compare_goal (app *a) {
  const nonogram *n = &a->puzzle;
  if (!n->goal || !a->found)
    return true;
  int cells = n->width * n->height, differ = 0;
  for (int i = 0; i < cells; i++)
    differ += n->goal[i] != a->pictures[0][i];
  if (!differ) {
    puts ("goal: matches");
    return true;
  }
  printf ("goal: differs in %d cells (the goal %s the clues)\n", differ,
          fits_clues (n, n->goal) ? "fits" : "does not fit");
  return false;
}

/* Returns false after an error (reported). */
static bool draw (app *a) {
  puzzle_picture picture = {a->puzzle.width, a->puzzle.height,
                            a->pictures[0]};
  int scale = (int) a->options.scale, border = (int) a->options.border;
  bool ok = true;
  if (a->svg.file)
    ok &= puzzle_write_svg (&picture, scale, border, &a->svg);
  if (a->png.file)
    ok &= puzzle_write_png (&picture, scale, border, &a->png);
  return ok;
}

static void print_stats (const app *a) {
  const solving *s = &a->solving;
  int cells = a->puzzle.width * a->puzzle.height;
  if (!a->options.sat_only)
    printf ("c line solving: %" PRIu64 " lines settled, %d of %d cells "
            "fixed\n",
            s->grid.settled, cells - s->open, cells);
  if (s->solver) {
    printf ("c encoding: %" PRId64 " variables (%d open cells), %" PRId64
            " clauses\n",
            s->cnf.vars, s->open, s->cnf.clauses);
    printf ("c search: %" PRIu64 " conflicts, %" PRIu64 " decisions\n",
            einsat_statistic (s->solver, "conflicts"),
            einsat_statistic (s->solver, "decisions"));
  } else
    puts ("c encoding: none (no open cell)");
  printf ("c time: %.3f s reading, %.3f s line solving, %.3f s encoding, "
          "%.3f s solving (process time)\n",
          s->read - a->start, s->lines - s->read, s->encoded - s->lines,
          s->solved - s->encoded);
}

/*------------------------------------------------------------------------*/
/* The size of an encoding, checked before it is built. */

/* What the solver holds per variable, clause and literal, a little more
 * than measured (bench/NONOGRAM.md). */
#define BYTES_PER_VARIABLE 200
#define BYTES_PER_CLAUSE 40
#define BYTES_PER_LITERAL 12

static double estimated_bytes (const nonogram_cnf *cnf) {
  return (double) cnf->vars * BYTES_PER_VARIABLE +
         (double) cnf->clauses * BYTES_PER_CLAUSE +
         (double) cnf->literals * BYTES_PER_LITERAL;
}

/* Counts the clauses of the encoding (of the open part of 'grid' if not
 * NULL) and refuses one beyond the limit.  Returns false after an error
 * (reported). */
static bool measure (app *a, const nonogram_grid *grid, nonogram_cnf *cnf,
                     const char *what) {
  int64_t limit = a->options.max_clauses;
  cnf->limit = limit;
  if (!nonogram_encode (&a->puzzle, grid, 0, cnf))
    return false;
  if (cnf->clauses <= limit && cnf->vars <= NONOGRAM_MAX_VARS)
    return true;
  fe_error ("%s: %s needs %s%" PRId64 " variables and %" PRId64
            " clauses (about %.1f GB of solver memory); the limit is %" PRId64
            " clauses (--max-clauses)",
            a->path, what, cnf->estimated ? "about " : "", cnf->vars,
            cnf->clauses,
            estimated_bytes (cnf) / 1e9, limit);
  return false;
}

/*------------------------------------------------------------------------*/
/* Solving. */

/* The front-end's solver settings, before those of the command line.
 * The solver's "unsat" configuration (focused mode only): the encoding
 * propagates like a line solver, so short focused restarts find the
 * picture and refute a second one sooner than stable mode's long runs
 * (bench/NONOGRAM.md).  Bounded variable elimination finds nothing to
 * gain in the encoding's definitions and costs more than the search on
 * the puzzles that need search. */
static const char *const solver_configuration = "unsat";
static const char *const solver_settings[] = {"--eliminate=0", 0};

static bool set_solver_options (app *a) {
  einsat *solver = a->solving.solver;
  if (!einsat_configure (solver, solver_configuration))
    return !fe_solver_error (einsat_error (solver));
  for (const char *const *o = solver_settings; *o; o++)
    if (einsat_parse_option (solver, *o) != 1)
      return !fe_solver_error (einsat_error (solver));
  return fe_apply_solver_options (solver, &a->arguments);
}

static bool add_to_solver (void *data, int size, const int *lits) {
  einsat_add_clause (data, lits, (size_t) size);
  return true;
}

/* The variables are the open cells (see 'nonogram_encode'). */
static int store_picture (void *data, const int *values) {
  app *a = data;
  unsigned char *picture = a->pictures[a->found++];
  for (int i = 0; values[i]; i++) {
    int var = abs (values[i]);
    int cell = a->options.sat_only ? var - 1 : a->solving.open_cell[var - 1];
    picture[cell] = values[i] > 0;
  }
  return 1;
}

/* The pictures start as the known cells. */
static bool make_pictures (app *a) {
  const nonogram_grid *g = &a->solving.grid;
  size_t cells = (size_t) a->puzzle.width * a->puzzle.height;
  for (int i = 0; i < 2; i++) {
    if (!(a->pictures[i] = malloc (cells)))
      return false;
    for (size_t c = 0; c < cells; c++)
      a->pictures[i][c] = g->cells[c] == NONOGRAM_BLACK;
  }
  return true;
}

/* The open cells are left to the SAT solver: the lines through them are
 * encoded, and the pictures are enumerated projected on those cells.
 * Returns false on an error (reported). */
static bool search (app *a) {
  solving *s = &a->solving;
  const nonogram_grid *grid = a->options.sat_only ? 0 : &s->grid;
  if (!measure (a, grid, &s->cnf, "the encoding of the open cells"))
    return false;
  if (!(s->solver = fe_new_solver ()))
    return !fe_out_of_memory ();
  if (!set_solver_options (a))
    return false;
  nonogram_sink sink = {s->solver, add_to_solver};
  if (!nonogram_encode (&a->puzzle, grid, &sink, &s->cnf))
    return false;
  if (*einsat_error (s->solver))
    return !fe_solver_error (einsat_error (s->solver));
  s->encoded = fe_process_time ();
  size_t cells = (size_t) a->puzzle.width * a->puzzle.height;
  int *project = malloc (sizeof (int) * cells), open = 0;
  if (!(s->open_cell = malloc (sizeof (int) * cells)) || !project) {
    free (project);
    return !fe_out_of_memory ();
  }
  for (size_t c = 0; c < cells; c++)
    if (s->grid.cells[c] == NONOGRAM_OPEN) {
      s->open_cell[open] = (int) c;
      project[open] = grid ? open + 1 : (int) c + 1;
      open++;
    }
  int complete = 0;
  int64_t found = einsat_enumerate (s->solver, project, open,
                                    a->options.unique ? 2 : 1,
                                    store_picture, a, &complete);
  free (project);
  if (found < 0 || (!found && !complete))
    return !fe_solver_error (einsat_error (s->solver));
  return true;
}

/* Line solving first; what it leaves open goes to the SAT solver.  A
 * grid that line solving fixes completely has exactly one picture.
 * Returns false on an error (reported). */
static bool solve (app *a) {
  solving *s = &a->solving;
  if (!nonogram_grid_init (&s->grid, &a->puzzle))
    return !fe_out_of_memory ();
  if (!a->options.sat_only && !nonogram_propagate (&s->grid))
    return !fe_out_of_memory ();
  s->lines = s->encoded = fe_process_time ();
  s->open = s->grid.open;
  if (s->grid.contradiction)
    return true;
  if (!make_pictures (a))
    return !fe_out_of_memory ();
  if (!s->open) {
    a->found = 1;
    return true;
  }
  return search (a);
}

/* The pictures are drawn before the answer is printed, so that a file
 * that cannot be written leaves no answer on standard output. */
static int report (app *a) {
  const nonogram *n = &a->puzzle;
  if (!a->found) {
    puts ("no solution");
    return 2;
  }
  if (!draw (a))
    return 1;
  print_picture (n, a->pictures[0]);
  int res = 0;
  if (a->options.unique && a->found == 1)
    puts ("unique");
  else if (a->found == 2) {
    puts ("not unique, another solution:");
    print_picture (n, a->pictures[1]);
    res = 2;
  }
  if (!compare_goal (a))
    res = 2;
  return res;
}

/*------------------------------------------------------------------------*/
/* The whole encoding as named DIMACS ('--cnf'), written as it is made. */

typedef struct dimacs {
  FILE *file;
  char buffer[1 << 16];
  size_t size;
} dimacs;

static bool flush_dimacs (dimacs *d) {
  bool ok = fwrite (d->buffer, 1, d->size, d->file) == d->size;
  d->size = 0;
  return ok;
}

static bool write_clause (void *data, int size, const int *lits) {
  dimacs *d = data;
  if (d->size + (size_t) size * 12 + 2 > sizeof d->buffer &&
      !flush_dimacs (d))
    return false;
  for (int i = 0; i < size; i++) {
    char digits[12];
    int n = 0;
    unsigned v = (unsigned) abs (lits[i]);
    do
      digits[n++] = (char) ('0' + v % 10);
    while (v /= 10);
    if (lits[i] < 0)
      d->buffer[d->size++] = '-';
    while (n)
      d->buffer[d->size++] = digits[--n];
    d->buffer[d->size++] = ' ';
  }
  d->buffer[d->size++] = '0';
  d->buffer[d->size++] = '\n';
  return true;
}

static void write_header (const app *a, const nonogram_cnf *cnf) {
  const nonogram *n = &a->puzzle;
  printf ("c nonogram %s: %d x %d, variable rRcC says row R column C is "
          "black\n",
          a->path, n->width, n->height);
  for (int row = 0; row < n->height; row++)
    for (int col = 0; col < n->width; col++)
      printf ("c var %d r%dc%d\n", nonogram_cell (n, row, col), row + 1,
              col + 1);
  int cells = n->width * n->height;
  if (cnf->vars > cells) /* the projection on the cells */
    for (int v = 1; v <= cells; v++)
      printf ("%s%d%s", v % 10 == 1 ? "c ind " : "", v,
              v == cells ? " 0\n" : v % 10 ? " " : "\n");
  printf ("p cnf %" PRId64 " %" PRId64 "\n", cnf->vars, cnf->clauses);
}

static int write_cnf (app *a) {
  nonogram_cnf cnf;
  if (!measure (a, 0, &cnf, "the encoding"))
    return 1;
  write_header (a, &cnf);
  dimacs *d = malloc (sizeof *d);
  if (!d)
    return fe_out_of_memory ();
  d->file = stdout;
  d->size = 0;
  nonogram_sink sink = {d, write_clause};
  bool ok = nonogram_encode (&a->puzzle, 0, &sink, &cnf) && flush_dimacs (d);
  free (d);
  if (!ok && !ferror (stdout))
    return 1; /* out of memory, reported */
  return fe_check_stdout () ? 0 : 1;
}

static int run (app *a, const char *path) {
  a->path = path;
  if (!open_pictures (a) || !nonogram_read (path, &a->puzzle))
    return 1;
  a->solving.read = fe_process_time ();
  if (a->options.cnf)
    return write_cnf (a);
  if (!solve (a))
    return 1;
  a->solving.solved = fe_process_time ();
  int res = report (a);
  if (a->options.stats && res != 1)
    print_stats (a);
  return res;
}

/* Measured figures (bench/NONOGRAM.md), rounded up. */
static void print_limits (void) {
  printf (
      "\n"
      "Sizes: up to %d x %d cells.  Line solving comes first and costs "
      "little\n"
      "(a 512 x 512 puzzle it settles: under 0.1 s and 10 MB; 2000 x 2000: "
      "under\n"
      "0.5 s and 70 MB).  The cells it leaves open go to the SAT solver, "
      "which\n"
      "needs about 110 bytes per clause of their encoding (the whole 200 x "
      "200\n"
      "Gargantua: 3.7 million clauses, 0.4 GB, 1.5 s).  An encoding of more "
      "than\n"
      "--max-clauses is refused before it is built, with its size.\n",
      NONOGRAM_MAX_SIDE, NONOGRAM_MAX_SIDE);
}

static const fe_command_line nonogram_command_line = {
    "einsat nonogram [options] FILE",
    "Solves the nonogram in FILE ('.non' format: width, height, rows, "
    "columns,\n"
    "optional goal and givens; see puzzles/NONOGRAM.md) and prints the "
    "picture\n"
    "('#' black, '.' white).  When the file has a goal, the picture is "
    "compared\n"
    "with it.\n",
    NONOGRAM_MAX_LINE,
    "Exit code 0 if solved (unique with --unique, matching the goal if "
    "there\n"
    "is one), 2 if there is no solution, another one or a different goal, "
    "1 for\n"
    "errors in the file (reported before solving, nothing on standard "
    "output).\n",
    print_limits};

int nonogram_main (int argc, char **argv) {
  app a = {0};
  a.start = fe_process_time ();
  const fe_table tables[] = {{nonogram_rows, &a.options}, {0, 0}};
  int res = fe_parse_command (&a.arguments, &nonogram_command_line, tables,
                              argc, argv);
  if (res < 0)
    res = run (&a, a.arguments.file[0]);
  fe_discard_output (&a.svg); /* removed if created but not drawn */
  fe_discard_output (&a.png);
  if (a.solving.solver)
    einsat_delete (a.solving.solver);
  nonogram_grid_release (&a.solving.grid);
  free (a.solving.open_cell);
  nonogram_release (&a.puzzle);
  free (a.pictures[0]);
  free (a.pictures[1]);
  fe_release_arguments (&a.arguments);
  return res;
}
