/* Named variables and grids of them, sticky errors, ownership variants,
 * the named DIMACS output (read back by the solver's own parser) and the
 * trace. */

#include "einsat_encode.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed;

static void expect (bool condition, const char *name, const char *why) {
  if (condition)
    printf ("ok %s\n", name);
  else {
    printf ("not ok %s: %s\n", name, why);
    failed++;
  }
}

static void names_and_lookup (void) {
  encoder *e = enc_new (0);
  int a = enc_var (e, "a_%d_%d", 3, 2), b = enc_var (e, "b");
  int t = enc_aux (e);
  expect (a == 1 && b == 2 && t == 3, "names numbered densely",
          "expected variables 1, 2, 3");
  expect (enc_var (e, "a_3_2") == a && enc_find (e, "a_%d_%d", 3, 2) == a,
          "names looked up", "same name gave another variable");
  expect (!enc_find (e, "nope") && enc_vars (e) == 3,
          "find does not create", "enc_find created a variable");
  expect (!strcmp (enc_name (e, a), "a_3_2") &&
              !strcmp (enc_name (e, -b), "b") && !enc_name (e, t) &&
              !enc_name (e, 99),
          "names by index", "enc_name wrong");
  char buffer[32];
  expect (
      !strcmp (enc_format_literal (e, -a, buffer, sizeof buffer),
               "-a_3_2") &&
          !strcmp (enc_format_literal (e, t, buffer, sizeof buffer), "#3"),
      "literals formatted", buffer);
  int count;
  const int *named = enc_named (e, &count);
  expect (count == 2 && named[0] == a && named[1] == b &&
              enc_aux_vars (e) == 1,
          "named list", "enc_named wrong");
  bool all = true;
  for (int i = 0; i < 20000; i++)
    all &= enc_var (e, "v%d", i) == 4 + i;
  for (int i = 0; i < 20000; i++)
    all &= enc_find (e, "v%d", i) == 4 + i &&
           !strcmp (enc_name (e, 4 + i),
                    (snprintf (buffer, sizeof buffer, "v%d", i), buffer));
  expect (all && enc_ok (e), "twenty thousand names", "lookup failed");
  enc_delete (e);
}

static void grids (void) {
  encoder *e = enc_new (0);
  int b = enc_var (e, "b");
  int q = enc_var_grid (e, "q", 2, (int[]) {3, 4});
  int t = enc_aux (e), c = enc_var (e, "c");
  expect (b == 1 && q == 2 && t == 14 && c == 15 && enc_vars (e) == 15,
          "grid numbered row-major", "wrong numbers");
  expect (enc_var (e, "q_2_3") == q + 6 && enc_find (e, "q_%d_%d", 3, 4) ==
              q + 11 && enc_vars (e) == 15,
          "grid names looked up", "lookup of a cell failed");
  expect (!enc_find (e, "q_0_1") && !enc_find (e, "q_4_1") &&
              !enc_find (e, "q_1_5") && !enc_find (e, "q_01_1") &&
              !enc_find (e, "q_1") && !enc_find (e, "q_1_1_1"),
          "no cell outside the grid", "found a cell that is not there");
  const char *n1 = enc_name (e, q), *n2 = enc_name (e, -(q + 5));
  const char *n3 = enc_name (e, q + 11), *n4 = enc_name (e, b);
  expect (!strcmp (n1, "q_1_1") && !strcmp (n2, "q_2_2") &&
              !strcmp (n3, "q_3_4") && !strcmp (n4, "b") && !enc_name (e, t),
          "grid names by index", "enc_name wrong");
  int count;
  const int *named = enc_named (e, &count);
  bool order = count == 14 && named[0] == b && named[13] == c;
  for (int i = 0; order && i < 12; i++)
    order = named[1 + i] == q + i;
  expect (order && enc_aux_vars (e) == 1, "grid in the named list",
          "enc_named wrong");
  int d = enc_var (e, "q_01_1"); /* another name: a new variable */
  expect (d == 16 && enc_var (e, "q_01_1") == d, "near names are names",
          "q_01_1 wrong");
  int cube = enc_var_grid (e, "r", 3, (int[]) {2, 2, 2});
  expect (cube == 17 && enc_find (e, "r_2_1_2") == 17 + 5 &&
              !strcmp (enc_name (e, 17 + 5), "r_2_1_2"),
          "three dimensions", "r_2_1_2 wrong");
  expect (enc_var_grid (e, "q", 1, (int[]) {5}) == 25 &&
              enc_find (e, "q_5") == 29,
          "same prefix, other dimensions", enc_error (e));
  enc_delete (e);
  const struct {
    const char *prefix;
    int dimensions, sizes[5];
    const char *why;
  } clashes[] = {{"q_2", 1, {4}, "exist"},   {"q", 2, {1, 1}, "exist"},
                 {"s", 2, {1, 1}, "exist"},  {"s_1", 1, {1}, "exist"},
                 {"q", 0, {1}, "dimensions"}, {"q", 5, {1, 1, 1, 1, 1}, "dim"},
                 {"u", 1, {0}, "size"},      {"a b", 1, {1}, "white space"},
                 {"u", 2, {1 << 20, 1 << 10}, "too many"}};
  bool all = true;
  for (size_t i = 0; i < sizeof clashes / sizeof *clashes; i++) {
    e = enc_new (ENC_NO_SOLVER);
    enc_var_grid (e, "q", 2, (int[]) {3, 4});
    enc_var (e, "s_1_1");
    all &= enc_ok (e) &&
           !enc_var_grid (e, clashes[i].prefix, clashes[i].dimensions,
                          clashes[i].sizes) &&
           strstr (enc_error (e), clashes[i].why);
    if (!all)
      printf ("# %s: %s\n", clashes[i].prefix, enc_error (e));
    enc_delete (e);
  }
  e = enc_new (ENC_NO_SOLVER);
  enc_var_grid (e, "q_1", 1, (int[]) {2});
  all &= !enc_var_grid (e, "q", 2, (int[]) {2, 2}); /* q_1_2 twice */
  enc_delete (e);
  e = enc_new (ENC_NO_SOLVER);
  enc_var_grid (e, "q", 2, (int[]) {3, 4});
  all &= enc_var_grid (e, "q_5", 1, (int[]) {2}) && enc_ok (e);
  enc_delete (e);
  expect (all, "grid clashes and errors", "a clash or error missed");
}

static void sticky_errors (void) {
  encoder *e = enc_new (0);
  int a = enc_var (e, "a");
  expect (!enc_var (e, "with space") && !enc_ok (e) &&
              strstr (enc_error (e), "white space"),
          "name with white space rejected", enc_error (e));
  expect (!enc_var (e, "b") && !enc_aux (e) && enc_clauses (e) == 0,
          "error is sticky", "calls after the error did something");
  enc_delete (e);
  e = enc_new (0);
  a = enc_var (e, "a");
  ENC_CLAUSE (e, a, 7);
  expect (!enc_ok (e) && strstr (enc_error (e), "enc_clause") &&
              enc_clauses (e) == 0,
          "unknown literal rejected", enc_error (e));
  enc_delete (e);
  e = enc_new (0);
  enc_var (e, "%s", "");
  expect (!enc_ok (e) && strstr (enc_error (e), "empty"), "empty name",
          enc_error (e));
  enc_delete (e);
  e = enc_new (0);
  enc_assert (e, (enc_formula){12345});
  expect (!enc_ok (e) && strstr (enc_error (e), "enc_assert"),
          "invalid formula rejected", enc_error (e));
  enc_delete (e);
  e = enc_new (0);
  int x[3] = {enc_var (e, "x"), enc_var (e, "y"), enc_var (e, "z")};
  enc_at_least_k_using (e, ENC_PRODUCT, 3, x, 2);
  expect (!enc_ok (e) && strstr (enc_error (e), "method"),
          "wrong method rejected", enc_error (e));
  enc_delete (e);
  expect (!enc_new (ENC_NO_SOLVER | ENC_NO_RECORD), "contradicting flags",
          "enc_new accepted both flags");
}

static void given_solver (void) {
  einsat *solver = einsat_new ();
  einsat_add (solver, 5);
  einsat_add (solver, 0);
  encoder *e = enc_new_with_solver (solver, 0);
  int a = enc_var (e, "a");
  ENC_CLAUSE (e, -a, -5);
  expect (a == 6 && enc_solver (e) == solver, "numbering after the solver",
          "first variable is not 6");
  enc_delete (e); /* must not delete the solver */
  einsat_assume (solver, 6);
  expect (einsat_solve (solver) == 20, "given solver kept",
          "clauses of the encoder missing");
  einsat_delete (solver);
  e = enc_new (ENC_NO_SOLVER);
  enc_var (e, "a");
  enc_trace (e, stdout);
  expect (!enc_solver (e) && !enc_ok (e), "no solver", "trace accepted");
  enc_delete (e);
}

/* Writes a small encoding, checks the comment lines and reads it back
 * with the solver's parser. */
static void named_dimacs (void) {
  encoder *e = enc_new (0);
  int q[3];
  for (int i = 0; i < 3; i++)
    q[i] = enc_var (e, "q_%d", i + 1);
  enc_exactly_one_using (e, ENC_SEQUENTIAL, 3, q);
  enc_comment (e, "three queens in a row");
  FILE *file = tmpfile ();
  expect (enc_write_dimacs (e, file), "dimacs written", enc_error (e));
  rewind (file);
  char text[4096];
  size_t n = fread (text, 1, sizeof text - 1, file);
  text[n] = 0;
  expect (strstr (text, "c three queens in a row\n") &&
              strstr (text, "c var 2 q_2\n") &&
              strstr (text, "c ind 1 2 3 0\n") &&
              strstr (text, "p cnf 5 6\n"),
          "dimacs comments", text);
  rewind (file);
  einsat *solver = einsat_new ();
  einsat_dimacs info = {0};
  int ok = einsat_read_dimacs_file (solver, file, "tmp", &info);
  expect (ok && info.variables == 5 && info.read_clauses == 6 &&
              info.project_size == 3,
          "dimacs parsed back", einsat_error (solver));
  einsat_assume (solver, 1);
  einsat_assume (solver, 3);
  expect (einsat_solve (solver) == 20, "dimacs same formula",
          "two queens in a row allowed");
  free (info.project);
  einsat_delete (solver);
  fclose (file);
  enc_delete (e);
  e = enc_new (ENC_NO_RECORD);
  enc_var (e, "a");
  expect (!enc_write_dimacs (e, stdout) &&
              strstr (enc_error (e), "recorded"),
          "no record, no dimacs", enc_error (e));
  enc_delete (e);
}

static void trace_names (void) {
  encoder *e = enc_new (0);
  int x = enc_var (e, "x"), y = enc_var (e, "y"), z = enc_var (e, "z");
  ENC_CLAUSE (e, -x, y);
  ENC_CLAUSE (e, -y, z);
  ENC_CLAUSE (e, -x, -z);
  ENC_CLAUSE (e, x, y);
  for (int var = x; var <= z; var++) /* not eliminated by preprocessing */
    einsat_freeze (enc_solver (e), var);
  FILE *file = tmpfile ();
  enc_trace (e, file);
  int res = einsat_solve (enc_solver (e));
  enc_trace (e, 0);
  rewind (file);
  char text[4096];
  size_t n = fread (text, 1, sizeof text - 1, file);
  text[n] = 0;
  fclose (file);
  expect (res == 10 && strstr (text, "decide ") && strstr (text, "by (") &&
              (strstr (text, "x") || strstr (text, "y")),
          "trace in names", text);
  enc_delete (e);
}

int main (void) {
  names_and_lookup ();
  grids ();
  sticky_errors ();
  given_solver ();
  named_dimacs ();
  trace_names ();
  return failed != 0;
}
