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
  OPTION (FLAG, cnf, 0, "print the named DIMACS CNF and stop")             \
  OPTION (TEXT, svg, "FILE", "draw the picture as SVG")                    \
  OPTION (TEXT, png, "FILE", "draw the picture as PNG")                    \
  OPTION (NUMBER, scale, 10, 1, 100, "N",                                  \
          "pixels per cell in SVG and PNG (default 10)")                   \
  OPTION (NUMBER, border, 4, 0, 100, "N",                                  \
          "white cells around the drawing (default 4)")                    \
  OPTION (FLAG, stats, 0, "print the encoding size and the times")

FE_SETTINGS (nonogram_options, NONOGRAM_OPTIONS);
typedef nonogram_options fe_settings;
static const fe_option nonogram_rows[] = {NONOGRAM_OPTIONS (FE_ROW)
                                              FE_END_OF_TABLE};

typedef struct app {
  const char *path;
  nonogram_options options;
  fe_arguments arguments;
  fe_output svg, png; /* opened before solving */
  nonogram puzzle;
  unsigned char *pictures[2]; /* width * height each, 1 = black */
  int found;
  double start;
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

static void print_stats (app *a, encoder *e, double encoded,
                         double solved) {
  einsat *solver = enc_solver (e);
  printf ("c encoding: %d variables (%d cells), %" PRId64 " clauses\n",
          enc_vars (e), a->puzzle.width * a->puzzle.height,
          enc_clauses (e));
  printf ("c search: %" PRIu64 " conflicts, %" PRIu64 " decisions\n",
          einsat_statistic (solver, "conflicts"),
          einsat_statistic (solver, "decisions"));
  printf ("c time: %.3f s reading and encoding, %.3f s solving "
          "(process time)\n",
          encoded - a->start, solved - encoded);
}

/*------------------------------------------------------------------------*/
/* Solving. */

static int store_picture (void *data, const int *values) {
  app *a = data;
  unsigned char *picture = a->pictures[a->found++];
  for (int i = 0; values[i]; i++)
    picture[abs (values[i]) - 1] = values[i] > 0;
  return 1;
}

/* Returns false on a solver error (reported). */
static bool solve (app *a, encoder *e) {
  const nonogram *n = &a->puzzle;
  int cells = n->width * n->height;
  int *project = malloc (sizeof (int) * cells);
  for (int i = 0; i < 2; i++)
    a->pictures[i] = calloc ((size_t) cells, 1);
  if (!project || !a->pictures[0] || !a->pictures[1]) {
    free (project);
    return !fe_out_of_memory ();
  }
  for (int i = 0; i < cells; i++)
    project[i] = i + 1;
  int complete = 0;
  int64_t found = einsat_enumerate (enc_solver (e), project, cells,
                                    a->options.unique ? 2 : 1,
                                    store_picture, a, &complete);
  free (project);
  if (found < 0 || (!found && !complete))
    return !fe_solver_error (einsat_error (enc_solver (e)));
  return true;
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

static int write_cnf (app *a) {
  encoder *e = enc_new (ENC_NO_SOLVER);
  if (!e)
    return fe_out_of_memory ();
  enc_comment (e,
               "nonogram %s: %d x %d, variable rRcC says row R column "
               "C is black",
               a->path, a->puzzle.width, a->puzzle.height);
  int res = 0;
  if (!nonogram_encode (e, &a->puzzle) || !enc_write_dimacs (e, stdout))
    res = ferror (stdout) ? 1 : fe_solver_error (enc_error (e));
  enc_delete (e);
  return res;
}

static int solve_and_report (app *a, encoder *e) {
  if (!fe_apply_solver_options (enc_solver (e), &a->arguments))
    return 1;
  if (!nonogram_encode (e, &a->puzzle))
    return fe_solver_error (enc_error (e));
  double encoded = fe_process_time ();
  if (!solve (a, e))
    return 1;
  double solved = fe_process_time ();
  int res = report (a);
  if (a->options.stats && res != 1)
    print_stats (a, e, encoded, solved);
  return res;
}

static int run (app *a, const char *path) {
  a->path = path;
  if (!open_pictures (a) || !nonogram_read (path, &a->puzzle))
    return 1;
  if (a->options.cnf)
    return write_cnf (a);
  encoder *e = puzzle_new_encoder (ENC_NO_RECORD);
  if (!e)
    return fe_out_of_memory ();
  int res = solve_and_report (a, e);
  puzzle_delete_encoder (e);
  return res;
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
    0};

int nonogram_main (int argc, char **argv) {
  app a;
  memset (&a, 0, sizeof a);
  a.start = fe_process_time ();
  const fe_table tables[] = {{nonogram_rows, &a.options}, {0, 0}};
  int res = fe_parse_command (&a.arguments, &nonogram_command_line, tables,
                              argc, argv);
  if (res < 0)
    res = run (&a, a.arguments.file[0]);
  fe_discard_output (&a.svg); /* removed if created but not drawn */
  fe_discard_output (&a.png);
  nonogram_release (&a.puzzle);
  free (a.pictures[0]);
  free (a.pictures[1]);
  fe_release_arguments (&a.arguments);
  return res;
}
