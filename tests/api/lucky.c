/* Lucky assignments: formulas that one of the trivial strategies must
 * satisfy are solved without a conflict, each model is checked against
 * the clauses, and the attempt is skipped where the decisions belong to
 * the caller (assumptions) or nothing changed since the last one. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

#define VARS 60
#define CLAUSES 250

/* Random ternary clauses, each with at least one literal of 'sign':
 * all variables with the opposite value satisfy them. */
static void random_one_signed (clause_buffer *f, uint64_t *rng,
                               int sign) {
  f->size = 0;
  for (int c = 0; c < CLAUSES; c++) {
    int lits[3];
    for (int i = 0; i < 3; i++) {
      int var = 1 + oracle_below (rng, VARS);
      lits[i] = oracle_below (rng, 2) ? var : -var;
    }
    int forced = oracle_below (rng, 3);
    if ((lits[forced] > 0) != (sign > 0))
      lits[forced] = -lits[forced];
    clause_buffer_add (f, 3, lits);
  }
}

/* Every clause has a negative literal: the first strategy (every variable
 * false, forwards) satisfies the formula; with positive literals the
 * second one (every variable true) does at the latest. */
static void test_one_signed_clauses (void) {
  uint64_t rng = 1;
  static clause_buffer f;
  for (int round = 0; round < 20; round++) {
    int sign = round & 1 ? 1 : -1;
    random_one_signed (&f, &rng, sign);
    einsat *solver = einsat_new ();
    clause_buffer_to_solver (solver, &f);
    CHECK (einsat_solve (solver) == 10);
    CHECK (model_satisfies_buffer (solver, &f));
    CHECK (einsat_statistic (solver, "lucky_models") == 1);
    CHECK (einsat_statistic (solver, "lucky_tries") <= (sign < 0 ? 1 : 2));
    CHECK (einsat_statistic (solver, "conflicts") == 0);
    einsat_delete (solver);
  }
}

/* Each of the four orders meets a conflict on its first or second
 * variable: x1 must be true (forwards false fails), x3 false (forwards
 * true fails), x8 true and x7 false (backwards false and true fail).
 * Satisfying each clause in turn by its first positive literal (the
 * fifth strategy) works.  The long first clause makes the solver's
 * variable order the external one (variables are numbered inside in the
 * order they first occur). */
static void test_positive_horn (void) {
  static const int clauses[][8] = {{1, 2, 3, 4, 5, 6, 7, 8},
                                   {1, 2},  {1, -2}, {-3, 4}, {-3, -4},
                                   {6, 8},  {-6, 8}, {5, -7}, {-5, -7}};
  static clause_buffer f;
  f.size = 0;
  for (int i = 0; i < 9; i++)
    clause_buffer_add (&f, i ? 2 : 8, clauses[i]);
  einsat *solver = einsat_new ();
  clause_buffer_to_solver (solver, &f);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &f));
  CHECK (einsat_statistic (solver, "lucky_tries") == 5);
  CHECK (einsat_statistic (solver, "lucky_models") == 1);
  CHECK (einsat_statistic (solver, "conflicts") == 0);
  einsat_delete (solver);
}

/* All eight clauses over three variables, each excluding one of the eight
 * assignments, so UNSAT by construction: no strategy can succeed, and the
 * answer comes from the search. */
static void test_unsatisfiable (void) {
  einsat *solver = einsat_new ();
  for (int mask = 0; mask < 8; mask++) {
    for (int v = 1; v <= 3; v++)
      einsat_add (solver, mask & (1 << (v - 1)) ? v : -v);
    einsat_add (solver, 0);
  }
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "lucky_models") == 0);
  einsat_delete (solver);
}

/* Not with assumptions, not twice on the same clauses, again after new
 * clauses, and never with the option off. */
static void test_when_tried (void) {
  uint64_t rng = 2;
  static clause_buffer f;
  random_one_signed (&f, &rng, -1);
  einsat *solver = einsat_new ();
  clause_buffer_to_solver (solver, &f);
  einsat_assume (solver, 1);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &f));
  CHECK (einsat_val (solver, 1) == 1);
  CHECK (einsat_statistic (solver, "lucky_tries") == 0);
  for (int again = 0; again < 2; again++) {
    CHECK (einsat_solve (solver) == 10);
    CHECK (model_satisfies_buffer (solver, &f));
    CHECK (einsat_statistic (solver, "lucky_tries") == 1);
  }
  int clause[] = {-1, -2};
  clause_buffer_add (&f, 2, clause);
  einsat_add (solver, -1), einsat_add (solver, -2), einsat_add (solver, 0);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &f));
  CHECK (einsat_statistic (solver, "lucky_tries") == 2);
  einsat_delete (solver);

  solver = einsat_new ();
  CHECK (einsat_set_option (solver, "lucky", 0));
  clause_buffer_to_solver (solver, &f);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &f));
  CHECK (einsat_statistic (solver, "lucky_tries") == 0);
  einsat_delete (solver);
}

int main (void) {
  static const test_case cases[] = {
      {"one-signed-clauses", test_one_signed_clauses},
      {"positive-horn", test_positive_horn},
      {"unsatisfiable", test_unsatisfiable},
      {"when-tried", test_when_tried},
  };
  return run_test_cases ("lucky", cases, sizeof cases / sizeof *cases);
}
