/* Factoring (bounded variable addition): what it factors and when it
 * runs.  Every model is checked against the clauses given. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

static clause_buffer clauses;

static void add (int a, int b) {
  int lits[2] = {a, b};
  clause_buffer_add (&clauses, 2, lits);
}

static einsat *solve_with_factoring (int expected) {
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "lucky", 0)); /* would skip factoring */
  clause_buffer_to_solver (solver, &clauses);
  CHECK (einsat_solve (solver) == expected);
  if (expected == 10)
    CHECK (model_satisfies_buffer (solver, &clauses));
  return solver;
}

/* Rows 1 and 4 and columns 2, 3 and 5: six binary clauses replaced by
 * five over a new variable.  With the columns 2 and 3 only but the
 * clauses (1 | 2) and (4 | 2) twice, the matrix once had a column 2
 * twice, counted a reduction of one and replaced the four clauses by
 * five. */
static void test_duplicate_binaries_not_factored (void) {
  clauses.size = 0;
  for (int row = 1; row <= 4; row += 3) {
    add (row, 2);
    add (row, 3);
    add (row, 5);
  }
  einsat *solver = solve_with_factoring (10);
  CHECK (einsat_statistic (solver, "factored") == 1);
  einsat_delete (solver);

  clauses.size = 0;
  for (int row = 1; row <= 4; row += 3) {
    add (row, 2);
    add (row, 2);
    add (row, 3);
  }
  solver = solve_with_factoring (10);
  CHECK (einsat_statistic (solver, "factored") == 0);
  CHECK (einsat_statistic (solver, "factor_added") == 0);
  einsat_delete (solver);
}

/* A random 3-SAT formula with a planted model (so satisfiable) and
 * frequent elimination rounds: factoring finds hardly any binary
 * products in it, so rounds are sat out, unless 'factoryield' is 0. */
static void test_fruitless_rounds_sat_out (void) {
  uint64_t rng = 11;
  const int vars = 300;
  bool model[301];
  for (int var = 1; var <= vars; var++)
    model[var] = oracle_below (&rng, 2);
  clauses.size = 0;
  for (int i = 0; i < 4 * vars; i++) {
    int lits[3], var[3];
    oracle_distinct_vars (&rng, vars, 3, var);
    bool satisfied = false;
    for (int j = 0; j < 3; j++) {
      lits[j] = oracle_below (&rng, 2) ? var[j] : -var[j];
      satisfied |= (lits[j] > 0) == model[var[j]];
    }
    if (!satisfied)
      lits[0] = -lits[0];
    clause_buffer_add (&clauses, 3, lits);
  }
  for (int yield = 0; yield < 2; yield++) {
    einsat *solver = einsat_new ();
    CHECK (einsat_set_option (solver, "lucky", 0));
    CHECK (einsat_set_option (solver, "walkinitially", 0));
    CHECK (einsat_set_option (solver, "eliminateint", 1));
    CHECK (einsat_set_option (solver, "eliminateinit", 0));
    if (!yield)
      CHECK (einsat_set_option (solver, "factoryield", 0));
    clause_buffer_to_solver (solver, &clauses);
    CHECK (einsat_solve (solver) == 10);
    CHECK (model_satisfies_buffer (solver, &clauses));
    CHECK (einsat_statistic (solver, "eliminations") >= 3);
    CHECK (einsat_statistic (solver, "factorings") >= 1);
    if (yield)
      CHECK (einsat_statistic (solver, "factor_delayed") >= 1);
    else
      CHECK (einsat_statistic (solver, "factor_delayed") == 0);
    einsat_delete (solver);
  }
}

/* Permutation formula: 'n' pigeons in 'n' holes (each pigeon in some hole,
 * at most one pigeon per hole), plus random ternary clauses satisfied by a
 * planted permutation, so satisfiable.  Factoring replaces the at-most-one
 * clauses by products over new variables, and with frequent elimination
 * rounds some of those are eliminated again ('eliminatefactor'): their
 * clauses go to the extension stack, and the model must still satisfy
 * every clause given. */
static void permutation_formula (uint64_t *rng, int n, int extra) {
  clauses.size = 0;
  int hole_of[64];
  for (int p = 0; p < n; p++)
    hole_of[p] = p;
  for (int p = n - 1; p > 0; p--) {
    int q = oracle_below (rng, p + 1), t = hole_of[p];
    hole_of[p] = hole_of[q];
    hole_of[q] = t;
  }
  int lits[64];
  for (int p = 0; p < n; p++) {
    for (int h = 0; h < n; h++)
      lits[h] = p * n + h + 1;
    clause_buffer_add (&clauses, n, lits);
  }
  for (int h = 0; h < n; h++)
    for (int a = 0; a < n; a++)
      for (int b = a + 1; b < n; b++)
        add (-(a * n + h + 1), -(b * n + h + 1));
  for (int i = 0; i < extra; i++) {
    int var[3];
    bool satisfied = false;
    oracle_distinct_vars (rng, n * n, 3, var);
    for (int j = 0; j < 3; j++) {
      int v = var[j] - 1;
      bool value = hole_of[v / n] == v % n;
      lits[j] = oracle_below (rng, 2) ? var[j] : -var[j];
      satisfied |= (lits[j] > 0) == value;
    }
    if (!satisfied)
      lits[0] = -lits[0];
    clause_buffer_add (&clauses, 3, lits);
  }
}

static void test_factoring_variables_eliminated (void) {
  for (int option = 0; option <= 2; option += 2) {
    uint64_t rng = 35, eliminated = 0;
    for (int round = 0; round < 8; round++) {
      permutation_formula (&rng, 14, 400);
      einsat *solver = einsat_new ();
      CHECK (einsat_set_option (solver, "lucky", 0));
      CHECK (einsat_set_option (solver, "cardinality", 0));
      CHECK (einsat_set_option (solver, "eliminateint", 20));
      CHECK (einsat_set_option (solver, "eliminatefactor", option));
      clause_buffer_to_solver (solver, &clauses);
      CHECK (einsat_solve (solver) == 10);
      CHECK (model_satisfies_buffer (solver, &clauses));
      eliminated += einsat_statistic (solver, "eliminated_factor");
      einsat_delete (solver);
    }
    if (option)
      CHECK (eliminated > 0);
    else
      CHECK (eliminated == 0);
  }
}

int main (void) {
  static const test_case cases[] = {
      {"duplicate-binaries-not-factored",
       test_duplicate_binaries_not_factored},
      {"fruitless-rounds-sat-out", test_fruitless_rounds_sat_out},
      {"factoring-variables-eliminated",
       test_factoring_variables_eliminated},
  };
  return run_test_cases ("factor", cases, sizeof cases / sizeof *cases);
}
