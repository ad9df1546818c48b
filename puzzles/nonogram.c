/* 'einsat nonogram': solves a nonogram given in the '.non' format,
 * prints the picture as text ('#' black, '.' white), proves it unique on
 * request, compares it with the goal picture of the file, and draws it
 * as SVG or PNG.  The format and the output are described in
 * 'puzzles/NONOGRAM.md'. */

#include "nonogram.h"

#include <stdlib.h>
#include <string.h>

typedef struct app {
  const char *path, *svg_path, *png_path;
  bool unique, cnf, stats;
  int scale, border;
  int options;
  char **option; /* solver options "--name=value" */
  nonogram puzzle;
  unsigned char *pictures[2]; /* width * height each, 1 = black */
  int found;
  double start;
} app;

static void print_usage (void) {
  printf (
      "usage: einsat nonogram [options] FILE\n"
      "\n"
      "Solves the nonogram in FILE ('.non' format: width, height, rows, "
      "columns,\n"
      "optional goal and givens; see puzzles/NONOGRAM.md) and prints the "
      "picture\n"
      "('#' black, '.' white).  When the file has a goal, the picture is "
      "compared\n"
      "with it.\n"
      "\n"
      "  --unique         prove the picture unique or show another one\n"
      "  --cnf            print the named DIMACS CNF and stop\n"
      "  --svg FILE       draw the picture as SVG\n"
      "  --png FILE       draw the picture as PNG\n"
      "  --scale=N        pixels per cell in SVG and PNG (default 10)\n"
      "  --border=N       white cells around the drawing (default 4)\n"
      "  --stats          print the encoding size and the times\n"
      "  --NAME=VALUE     solver option (see 'einsat --help')\n"
      "\n"
      "Exit code 0 if solved (unique with --unique, matching the goal "
      "if there\n"
      "is one), 2 if there is no solution, another one or a different "
      "goal, 1 for\n"
      "errors in the file (reported before solving, nothing on standard "
      "output).\n");
}

/*------------------------------------------------------------------------*/
/* Arguments. */

static int solver_option (app *a, char *arg) {
  if (!grid_solver_option ("nonogram", arg))
    return 1;
  a->option[a->options++] = arg;
  return -1;
}

/* "--svg FILE" or "--svg=FILE"; returns 1 if taken, -1 if the file is
 * missing, 0 for other arguments. */
static int path_option (const char *name, int argc, char **argv, int *i,
                        const char **path) {
  const char *arg = argv[*i];
  size_t n = strlen (name);
  if (strncmp (arg, name, n))
    return 0;
  if (arg[n] == '=' && arg[n + 1])
    *path = arg + n + 1;
  else if (!arg[n] && *i + 1 < argc)
    *path = argv[++*i];
  else if (!arg[n] || arg[n] == '=') {
    cli_error ("'%s' needs a file name", name);
    return -1;
  } else
    return 0;
  return 1;
}

static int flag_or_value (app *a, const char *arg) {
  if (!strcmp (arg, "--unique"))
    a->unique = true;
  else if (!strcmp (arg, "--cnf"))
    a->cnf = true;
  else if (!strcmp (arg, "--stats"))
    a->stats = true;
  else {
    int res = grid_int_option (arg, "--scale=", 1, 100, &a->scale);
    if (!res)
      res = grid_int_option (arg, "--border=", 0, 100, &a->border);
    return res;
  }
  return 1;
}

/* Returns -1 to go on, otherwise the exit code. */
static int parse_arguments (app *a, int argc, char **argv) {
  if (!(a->option = calloc ((size_t) argc, sizeof (char *))))
    return cli_error ("out of memory");
  a->scale = 10;
  a->border = 4;
  for (int i = 1; i < argc; i++) {
    char *arg = argv[i];
    int res;
    if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      print_usage ();
      return 0;
    }
    if ((res = flag_or_value (a, arg)) ||
        (res = path_option ("--svg", argc, argv, &i, &a->svg_path)) ||
        (res = path_option ("--png", argc, argv, &i, &a->png_path))) {
      if (res < 0)
        return 1;
    } else if (arg[0] == '-' && arg[1] == '-') {
      if ((res = solver_option (a, arg)) >= 0)
        return res;
    } else if (arg[0] == '-' && arg[1])
      return cli_error ("unknown option '%s' (try 'einsat nonogram "
                        "--help')",
                        arg);
    else if (a->path)
      return cli_error ("too many files ('%s' and '%s')", a->path, arg);
    else
      a->path = arg;
  }
  if (!a->path)
    return cli_error ("no puzzle file (try 'einsat nonogram --help')");
  return -1;
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

static bool draw (app *a) {
  grid_picture picture = {a->puzzle.width, a->puzzle.height,
                          a->pictures[0]};
  bool ok = true;
  if (a->svg_path)
    ok &= grid_write_svg (&picture, a->scale, a->border, a->svg_path);
  if (a->png_path)
    ok &= grid_write_png (&picture, a->scale, a->border, a->png_path);
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

static bool set_options (app *a, einsat *solver) {
  for (int i = 0; i < a->options; i++)
    if (!grid_apply_solver_option (solver, a->option[i]))
      return false;
  return true;
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
    cli_error ("out of memory");
    return false;
  }
  for (int i = 0; i < cells; i++)
    project[i] = i + 1;
  int complete = 0;
  int64_t found =
      einsat_enumerate (enc_solver (e), project, cells, a->unique ? 2 : 1,
                        store_picture, a, &complete);
  free (project);
  if (found < 0 || (!found && !complete)) {
    cli_error ("solver failed: %s", einsat_error (enc_solver (e)));
    return false;
  }
  return true;
}

static int report (app *a) {
  const nonogram *n = &a->puzzle;
  if (!a->found) {
    puts ("no solution");
    return 2;
  }
  print_picture (n, a->pictures[0]);
  int res = 0;
  if (a->unique && a->found == 1)
    puts ("unique");
  else if (a->found == 2) {
    puts ("not unique, another solution:");
    print_picture (n, a->pictures[1]);
    res = 2;
  }
  if (!compare_goal (a))
    res = 2;
  return draw (a) ? res : 1;
}

static int write_cnf (app *a) {
  encoder *e = enc_new (ENC_NO_SOLVER);
  if (!e)
    return cli_error ("out of memory");
  enc_comment (e,
               "nonogram %s: %d x %d, variable rRcC says row R column "
               "C is black",
               a->path, a->puzzle.width, a->puzzle.height);
  int res = 0;
  if (!nonogram_encode (e, &a->puzzle) || !enc_write_dimacs (e, stdout))
    res = cli_error ("cannot write the CNF: %s", enc_error (e));
  enc_delete (e);
  return res;
}

static int run (app *a) {
  if (!nonogram_read (a->path, &a->puzzle))
    return 1;
  if (a->cnf)
    return write_cnf (a);
  encoder *e = enc_new (ENC_NO_RECORD);
  if (!e)
    return cli_error ("out of memory");
  int res = 1;
  if (!set_options (a, enc_solver (e)) || !nonogram_encode (e, &a->puzzle))
    cli_error ("cannot encode the puzzle: %s", enc_error (e));
  else {
    double encoded = cli_process_time ();
    if (solve (a, e)) {
      double solved = cli_process_time ();
      res = report (a);
      if (a->stats)
        print_stats (a, e, encoded, solved);
    }
  }
  enc_delete (e);
  return res;
}

int nonogram_main (int argc, char **argv) {
  app a;
  memset (&a, 0, sizeof a);
  a.start = cli_process_time ();
  int res = parse_arguments (&a, argc, argv);
  if (res < 0)
    res = run (&a);
  nonogram_release (&a.puzzle);
  free (a.pictures[0]);
  free (a.pictures[1]);
  free (a.option);
  return res;
}
