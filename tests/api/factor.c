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

int main (void) {
  static const test_case cases[] = {
      {"duplicate-binaries-not-factored",
       test_duplicate_binaries_not_factored},
      {"fruitless-rounds-sat-out", test_fruitless_rounds_sat_out},
  };
  return run_test_cases ("factor", cases, sizeof cases / sizeof *cases);
}
