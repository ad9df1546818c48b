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

#define SUDOKU_OPTIONS(OPTION)                                             \
  OPTION (FLAG, line, 0, "one line per puzzle instead of a grid")          \
  OPTION (FLAG, unique, 0,                                                 \
          "prove the solution unique or show a second one")                \
  OPTION (FLAG, check, 0, "verify filled grids instead of solving")        \
  OPTION (FLAG, cnf, 0,                                                    \
          "print the named DIMACS CNF of the one puzzle and stop")         \
  OPTION (FLAG, hint, 0,                                                   \
          "print the next cell propagation forces in the one puzzle, "     \
          "and why")                                                       \
  OPTION (NUMBER, box, 0, SUDOKU_MIN_BOX, SUDOKU_MAX_BOX, "B",             \
          "boxes of BxB (default: recognized from the input)")             \
  OPTION (FLAG, quiet, 'q', "print only the summary")                      \
  OPTION (FLAG, summary, 0, "print the summary also for a single puzzle")  \
  OPTION (CHOICE, amo, 0,                                                  \
          "auto|pairwise|sequential|commander|bimander|product",           \
          "at most one (default pairwise up to 25x25, then auto)")         \
  OPTION (NUMBER, rebuild, -1, 0, 1 << 30, "N",                            \
          "puzzles before the solver is built again (default 0 = never; "  \
          "with --enumerate=0 the number of cell variables)")

FE_SETTINGS (sudoku_options, SUDOKU_OPTIONS);
typedef sudoku_options fe_settings;
static const fe_option sudoku_rows[] = {SUDOKU_OPTIONS (FE_ROW)
                                            FE_END_OF_TABLE};

typedef struct app {
  sudoku_options options;
  fe_arguments arguments;
  const char *path;
  sudoku_settings settings;
  sudoku_reader reader;
  sudoku_solver *solvers[SUDOKU_MAX_BOX + 1]; /* by box size */
  sudoku puzzle, solutions[2];
  counts counts;
  double start_process, start_wall;
} app;

/*------------------------------------------------------------------------*/
/* Output. */

static int value_width (const sudoku *s) {
  return !s->tokens ? 1 : s->size < 10 ? 1 : 2;
}

/* A grid is built in a buffer and written with one call per buffer
 * full: a stdio call per character takes the stream's lock each time,
 * a noticeable part of a batch of easy puzzles (bench/GRIDS.md). */
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
  if (a->options.quiet)
    return;
  if (a->options.line) {
    if (!found)
      fputs ("none", stdout);
    else
      print_line (a->solutions);
    if (a->options.unique && found == 1)
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
  if (a->options.unique && found == 1)
    puts ("unique");
  else if (found == 2) {
    puts ("not unique, another solution:");
    print_grid (a->solutions + 1);
  }
}

static void print_summary (app *a) {
  const counts *c = &a->counts;
  double process = fe_process_time () - a->start_process;
  double wall = fe_wall_time () - a->start_wall;
  printf ("c puzzles %" PRId64 ", invalid %" PRId64 "\n", c->puzzles,
          c->invalid);
  if (a->options.check)
    printf ("c correct %" PRId64 ", wrong %" PRId64 "\n", c->correct,
            c->wrong);
  else if (a->options.unique)
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
  if (a->options.quiet)
    return;
  if (correct)
    puts ("correct");
  else
    printf ("wrong: %s\n", why);
}

static sudoku_solver *solver_for (app *a, int box) {
  if (!a->solvers[box])
    a->solvers[box] = sudoku_solver_new (box, &a->settings);
  return a->solvers[box];
}

/* Returns false on a solver error (which stops the batch, reported). */
static bool solve_puzzle (app *a) {
  sudoku_solver *solver = solver_for (a, a->puzzle.box);
  if (!solver)
    return false;
  int found = sudoku_solve (solver, &a->puzzle, a->options.unique ? 2 : 1,
                            a->solutions);
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
  if (c->wrong || c->unsolvable || (a->options.unique && c->several))
    return 2;
  return 0;
}

/* Stops at an error of the solver, of the input or of standard output:
 * the puzzles after it would not be solved or their answers lost. */
static int run_batch (app *a) {
  int res;
  bool stopped = false;
  while (!stopped &&
         (res = sudoku_read (&a->reader, &a->puzzle)) != SUDOKU_END) {
    if (res == SUDOKU_INVALID ||
        (!a->options.check &&
         !sudoku_givens_consistent (&a->reader, &a->puzzle))) {
      a->counts.invalid++;
      continue;
    }
    a->counts.puzzles++;
    if (a->options.check)
      check_grid (a);
    else if (!solve_puzzle (a))
      stopped = true;
    stopped |= ferror (stdout) != 0;
  }
  stopped |= a->reader.input.failed;
  if (!stopped && !a->counts.puzzles && !a->counts.invalid)
    return fe_error ("%s: no puzzle", a->reader.input.path);
  fflush (stdout);
  if (a->options.summary || a->options.quiet ||
      a->counts.puzzles + a->counts.invalid > 1)
    print_summary (a);
  return stopped ? 1 : exit_code (a);
}

/* '--cnf' and '--hint': the input holds one puzzle. */
static int one_puzzle (app *a) {
  int res = sudoku_read (&a->reader, &a->puzzle);
  if (res == SUDOKU_END && a->reader.input.failed)
    return 1;
  if (res == SUDOKU_END)
    return fe_error ("%s: no puzzle", a->reader.input.path);
  if (res == SUDOKU_INVALID ||
      !sudoku_givens_consistent (&a->reader, &a->puzzle))
    return 1;
  sudoku second;
  if (sudoku_read (&a->reader, &second) != SUDOKU_END)
    return fe_error ("%s: --%s takes one puzzle, the input has more",
                     a->reader.input.path, a->options.cnf ? "cnf" : "hint");
  if (a->reader.input.failed)
    return 1;
  if (a->options.hint)
    return sudoku_hint (&a->puzzle, &a->settings);
  return sudoku_write_cnf (&a->puzzle, &a->settings, stdout) ? 0 : 1;
}

static const fe_command_line sudoku_command_line = {
    "einsat sudoku [options] [FILE|-]",
    "Solves every Sudoku in FILE (standard input if missing or '-'): one "
    "per\n"
    "line (81 characters, '.' or '0' blank; 16x16 with 1-9 and A-G; "
    "numbers\n"
    "separated by spaces for any size) or laid out over several lines "
    "with\n"
    "optional separators ('|', '-', '+').  Boxes from 2x2 (4x4 grid) to "
    "8x8\n"
    "(64x64).  The output reads back as input.  See puzzles/SUDOKU.md.\n",
    SUDOKU_MAX_LINE,
    "Exit code 0 if every puzzle was solved (unique with --unique, "
    "correct\n"
    "with --check), 2 if some puzzle has no solution (or several, or is\n"
    "wrong), 1 for errors such as bad lines (the batch goes on).\n",
    0};

/* After the options were parsed: returns -1 to go on, otherwise the exit
 * code. */
static int check_options (app *a) {
  const sudoku_options *o = &a->options;
  if (o->check + o->cnf + o->hint + o->unique > 1)
    return fe_error ("--check, --cnf, --hint and --unique exclude each "
                     "other");
  a->path = a->arguments.files ? a->arguments.file[0] : "-";
  a->settings.amo = o->amo; /* the order of 'enc_method' */
  a->settings.rebuild = (int) o->rebuild;
  a->settings.arguments = &a->arguments;
  return -1;
}

int sudoku_main (int argc, char **argv) {
  app *a = calloc (1, sizeof *a);
  if (!a)
    return fe_out_of_memory ();
  a->start_process = fe_process_time ();
  a->start_wall = fe_wall_time ();
  const fe_table tables[] = {{sudoku_rows, &a->options}, {0, 0}};
  int res = fe_parse_command (&a->arguments, &sudoku_command_line, tables,
                              argc, argv);
  if (res < 0)
    res = check_options (a);
  if (res < 0 &&
      !sudoku_open_reader (&a->reader, a->path, (int) a->options.box))
    res = 1;
  else if (res < 0) {
    res = a->options.cnf || a->options.hint ? one_puzzle (a) : run_batch (a);
    sudoku_close_reader (&a->reader);
  }
  for (int box = 0; box <= SUDOKU_MAX_BOX; box++)
    sudoku_solver_delete (a->solvers[box]);
  fe_release_arguments (&a->arguments);
  free (a);
  return res;
}
