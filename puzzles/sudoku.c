/* 'einsat sudoku': solves, proves unique or checks every Sudoku in a
 * file, one incremental solver per size for the whole batch, and
 * summarizes the batch (puzzles per second).  Bad lines are reported with
 * their line number and the batch goes on.  The formats, the output and
 * the exit codes are described in 'puzzles/SUDOKU.md'. */

#include "sudoku.h"

#include <stdlib.h>
#include <string.h>

typedef struct counts {
  int64_t puzzles, invalid, solved, unique, several, unsolvable;
  int64_t correct, wrong;
} counts;

typedef struct app {
  const char *path;
  bool line, unique, check, cnf, quiet, summary;
  int forced_box;
  sudoku_settings settings;
  sudoku_reader reader;
  sudoku_solver *solvers[SUDOKU_MAX_BOX + 1]; /* by box size */
  sudoku puzzle, solutions[2];
  counts counts;
  double start_process, start_wall;
} app;

static void print_usage (void) {
  printf (
      "usage: einsat sudoku [options] [FILE|-]\n"
      "\n"
      "Solves every Sudoku in FILE (standard input if missing or '-'): "
      "one per\n"
      "line (81 characters, '.' or '0' blank; 16x16 with 1-9 and A-G; "
      "numbers\n"
      "separated by spaces for any size) or laid out over several lines "
      "with\n"
      "optional separators ('|', '-', '+').  Boxes from 2x2 (4x4 grid) "
      "to 8x8\n"
      "(64x64).  See puzzles/SUDOKU.md.\n"
      "\n"
      "  --line           one line per puzzle instead of a grid\n"
      "  --unique         prove the solution unique or show a second "
      "one\n"
      "  --check          verify filled grids instead of solving\n"
      "  --cnf            print the named DIMACS CNF of the one puzzle "
      "and stop\n"
      "  --box=B          boxes of BxB (default: recognized from the "
      "input)\n"
      "  -q, --quiet      print only the summary\n"
      "  --summary        print the summary also for a single puzzle\n"
      "  --amo=METHOD     at most one: auto, pairwise, sequential, "
      "commander,\n"
      "                   bimander or product (default pairwise up to "
      "25x25)\n"
      "  --rebuild=N      puzzles before the solver is built again\n"
      "                   (default 0 = never; with --enumerate=0 the "
      "number\n"
      "                   of cell variables)\n"
      "  --NAME=VALUE     solver option (see 'einsat --help')\n"
      "\n"
      "Exit code 0 if every puzzle was solved (unique with --unique, "
      "correct\n"
      "with --check), 2 if some puzzle has no solution (or several, or "
      "is\n"
      "wrong), 1 for errors such as bad lines (the batch goes on).\n");
}

/*------------------------------------------------------------------------*/
/* Arguments. */

static int parse_amo (const char *name) {
  static const char *const names[] = {"auto",      "pairwise", "sequential",
                                      "commander", "bimander", "product"};
  for (int i = 0; i < 6; i++)
    if (!strcmp (name, names[i]))
      return i; /* the order of 'enc_method' */
  return -1;
}

/* Solver options are tried on a scratch solver so that mistakes show up
 * before any puzzle is read. */
static int solver_option (app *a, char *arg) {
  if (!grid_solver_option ("sudoku", arg))
    return 1;
  a->settings.option[a->settings.options++] = arg;
  return -1;
}

static int flag (app *a, const char *arg) {
  if (!strcmp (arg, "--line"))
    a->line = true;
  else if (!strcmp (arg, "--unique"))
    a->unique = true;
  else if (!strcmp (arg, "--check"))
    a->check = true;
  else if (!strcmp (arg, "--cnf"))
    a->cnf = true;
  else if (!strcmp (arg, "-q") || !strcmp (arg, "--quiet"))
    a->quiet = true;
  else if (!strcmp (arg, "--summary"))
    a->summary = true;
  else
    return 0;
  return 1;
}

/* Options with a value; returns 1 if taken, 0 if not, -1 if invalid. */
static int valued (app *a, const char *arg) {
  int res = grid_int_option (arg, "--box=", SUDOKU_MIN_BOX, SUDOKU_MAX_BOX,
                             &a->forced_box);
  if (!res)
    res = grid_int_option (arg, "--rebuild=", 0, 1 << 30,
                           &a->settings.rebuild);
  if (!res && !strncmp (arg, "--amo=", 6)) {
    res = (a->settings.amo = parse_amo (arg + 6)) < 0 ? -1 : 1;
    if (res < 0)
      cli_error ("unknown method in '%s'", arg);
  }
  return res;
}

/* Returns -1 to go on, otherwise the exit code. */
static int parse_arguments (app *a, int argc, char **argv) {
  if (!(a->settings.option = calloc ((size_t) argc, sizeof (char *))))
    return cli_error ("out of memory");
  a->settings.rebuild = -1;
  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    int res;
    if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      print_usage ();
      return 0;
    } else if (flag (a, arg))
      continue;
    else if ((res = valued (a, arg))) {
      if (res < 0)
        return 1;
    } else if (arg[0] == '-' && arg[1] == '-') {
      if ((res = solver_option (a, arg)) >= 0)
        return res;
    } else if (arg[0] == '-' && arg[1])
      return cli_error ("unknown option '%s' (try 'einsat sudoku --help')",
                        arg);
    else if (a->path)
      return cli_error ("too many files ('%s' and '%s')", a->path, arg);
    else
      a->path = arg;
  }
  if (a->check + a->cnf + a->unique > 1)
    return cli_error ("--check, --cnf and --unique exclude each other");
  if (!a->path)
    a->path = "-";
  return -1;
}

/*------------------------------------------------------------------------*/
/* Output. */

static int value_width (const sudoku *s) {
  return !s->tokens ? 1 : s->size < 10 ? 1 : 2;
}

/* A grid is built in a buffer and written with one call per buffer
 * full: a stdio call per character (each takes the stream's lock) cost
 * 7 % of the time of a batch of easy puzzles. */
typedef struct text {
  size_t size;
  char chars[4096];
} text;

static void flush_text (text *t) {
  fwrite (t->chars, 1, t->size, stdout);
  t->size = 0;
}

static void put_char (text *t, char ch) {
  if (t->size == sizeof t->chars)
    flush_text (t);
  t->chars[t->size++] = ch;
}

static void put_string (text *t, const char *string) {
  while (*string)
    put_char (t, *string++);
}

static void put_value (text *t, const sudoku *s, int value, int width) {
  if (s->tokens) {
    char digits[16];
    snprintf (digits, sizeof digits, "%*d", width, value);
    put_string (t, digits);
  } else
    put_char (t, sudoku_value_char (value));
}

static void put_line (text *t, const sudoku *s) {
  int cells = s->size * s->size;
  for (int i = 0; i < cells; i++) {
    if (s->tokens && i)
      put_char (t, ' ');
    put_value (t, s, s->cells[i], 1);
  }
}

static void put_separator (text *t, const sudoku *s, int width) {
  int segment = s->box * (width + 1) - 1;
  for (int b = 0; b < s->box; b++) {
    if (b)
      put_char (t, '+');
    int dashes = segment + (b > 0) + (b + 1 < s->box);
    for (int i = 0; i < dashes; i++)
      put_char (t, '-');
  }
  put_char (t, '\n');
}

static void print_grid (const sudoku *s) {
  text t;
  t.size = 0;
  int n = s->size, width = value_width (s);
  for (int row = 0; row < n; row++) {
    if (row && row % s->box == 0)
      put_separator (&t, s, width);
    for (int col = 0; col < n; col++) {
      if (col)
        put_string (&t, col % s->box ? " " : " | ");
      put_value (&t, s, s->cells[row * n + col], width);
    }
    put_char (&t, '\n');
  }
  flush_text (&t);
}

static void print_line (const sudoku *s) {
  text t;
  t.size = 0;
  put_line (&t, s);
  flush_text (&t);
}

static void print_answer (app *a, int found) {
  if (a->quiet)
    return;
  if (a->line) {
    if (!found)
      fputs ("none", stdout);
    else
      print_line (a->solutions);
    if (a->unique && found == 1)
      fputs (" unique", stdout);
    else if (found == 2) {
      putchar (' ');
      print_line (a->solutions + 1);
    }
    putchar ('\n');
    return;
  }
  if (a->counts.puzzles > 1)
    putchar ('\n');
  if (!found)
    puts ("no solution");
  else
    print_grid (a->solutions);
  if (a->unique && found == 1)
    puts ("unique");
  else if (found == 2) {
    puts ("not unique, another solution:");
    print_grid (a->solutions + 1);
  }
}

static void print_summary (app *a) {
  const counts *c = &a->counts;
  double process = cli_process_time () - a->start_process;
  double wall = grid_wall_time () - a->start_wall;
  printf ("c puzzles %" PRId64 ", invalid %" PRId64 "\n", c->puzzles,
          c->invalid);
  if (a->check)
    printf ("c correct %" PRId64 ", wrong %" PRId64 "\n", c->correct,
            c->wrong);
  else if (a->unique)
    printf ("c solved %" PRId64 ", unique %" PRId64 ", several %" PRId64
            ", no solution %" PRId64 "\n",
            c->solved, c->unique, c->several, c->unsolvable);
  else
    printf ("c solved %" PRId64 ", no solution %" PRId64 "\n", c->solved,
            c->unsolvable);
  printf ("c time %.3f s process, %.3f s wall, %.0f puzzles per second "
          "(process time)\n",
          process, wall, process > 0 ? c->puzzles / process : 0.0);
  for (int box = SUDOKU_MIN_BOX; box <= SUDOKU_MAX_BOX; box++) {
    if (!a->solvers[box])
      continue;
    int vars;
    int64_t clauses;
    sudoku_encoding_size (a->solvers[box], &vars, &clauses);
    printf ("c encoding %dx%d: %d variables, %" PRId64 " clauses\n",
            box * box, box * box, vars, clauses);
    sudoku_search search;
    sudoku_search_counts (a->solvers[box], &search);
    printf ("c search %dx%d: %" PRIu64 " puzzles searched without "
            "learning (%" PRIu64 " decisions), %" PRIu64
            " of them finished by CDCL (%" PRIu64 " conflicts)\n",
            box * box, box * box, search.enumerations,
            search.dpll_decisions, search.handed_over, search.conflicts);
  }
}

/*------------------------------------------------------------------------*/

static void check_grid (app *a) {
  char why[160];
  bool correct = sudoku_correct (&a->puzzle, 0, why, sizeof why);
  a->counts.correct += correct;
  a->counts.wrong += !correct;
  if (a->quiet)
    return;
  if (correct)
    puts ("correct");
  else
    printf ("wrong: %s\n", why);
}

static sudoku_solver *solver_for (app *a, int box) {
  if (!a->solvers[box] &&
      !(a->solvers[box] = sudoku_solver_new (box, &a->settings)))
    cli_error ("cannot build the %dx%d solver (out of memory?)", box * box,
               box * box);
  return a->solvers[box];
}

/* Returns false on a solver error (which stops the batch). */
static bool solve_puzzle (app *a) {
  sudoku_solver *solver = solver_for (a, a->puzzle.box);
  if (!solver)
    return false;
  int found =
      sudoku_solve (solver, &a->puzzle, a->unique ? 2 : 1, a->solutions);
  if (found < 0)
    return false;
  counts *c = &a->counts;
  c->solved += found > 0;
  c->unsolvable += !found;
  c->unique += found == 1;
  c->several += found == 2;
  print_answer (a, found);
  return true;
}

static int exit_code (app *a) {
  const counts *c = &a->counts;
  if (c->invalid)
    return 1;
  if (c->wrong || c->unsolvable || (a->unique && c->several))
    return 2;
  return 0;
}

static int run_batch (app *a) {
  int res;
  while ((res = sudoku_read (&a->reader, &a->puzzle)) != SUDOKU_END) {
    if (res == SUDOKU_INVALID ||
        (!a->check && !sudoku_givens_consistent (&a->reader, &a->puzzle))) {
      a->counts.invalid++;
      continue;
    }
    a->counts.puzzles++;
    if (a->check)
      check_grid (a);
    else if (!solve_puzzle (a))
      return 1;
  }
  fflush (stdout);
  if (a->summary || a->quiet || a->counts.puzzles + a->counts.invalid > 1)
    print_summary (a);
  return exit_code (a);
}

static int write_cnf (app *a) {
  int res = sudoku_read (&a->reader, &a->puzzle);
  if (res == SUDOKU_END)
    return cli_error ("%s: no puzzle", a->reader.input.path);
  if (res == SUDOKU_INVALID ||
      !sudoku_givens_consistent (&a->reader, &a->puzzle))
    return 1;
  sudoku second;
  if (sudoku_read (&a->reader, &second) != SUDOKU_END)
    return cli_error ("%s: --cnf takes one puzzle, the input has more",
                      a->reader.input.path);
  if (!sudoku_write_cnf (&a->puzzle, &a->settings, stdout))
    return 1;
  return fflush (stdout) ? cli_error ("writing the CNF failed") : 0;
}

int sudoku_main (int argc, char **argv) {
  app *a = calloc (1, sizeof *a);
  if (!a)
    return cli_error ("out of memory");
  a->start_process = cli_process_time ();
  a->start_wall = grid_wall_time ();
  int res = parse_arguments (a, argc, argv);
  if (res < 0 && !sudoku_open_reader (&a->reader, a->path, a->forced_box))
    res = 1;
  else if (res < 0) {
    res = a->cnf ? write_cnf (a) : run_batch (a);
    sudoku_close_reader (&a->reader);
  }
  for (int box = 0; box <= SUDOKU_MAX_BOX; box++)
    sudoku_solver_delete (a->solvers[box]);
  free (a->settings.option);
  free (a);
  return res;
}
