/* The propagation limit ('einsat_set_propagation_limit') is exact:
 *
 *   - random formulas (up to 20 variables, answers checked against
 *     exhaustive search): the solver is deterministic, so a run with
 *     limit L above the P propagations of the unlimited run must be that
 *     run (same answer, same count); with L = P the answer may be left
 *     to inprocessing, which does not start once the limit is used up;
 *     a run with L < P must stop with 0 after exactly L propagations, or
 *     give the right answer within L (a conflict can settle it before
 *     the propagations the unlimited run made afterwards); inprocessing,
 *     which propagates without the limit, may pass it by a few literals
 *     plus the variables (one probe or vivified clause, after which it
 *     checks the limit);
 *     symmetry breaking (off by default) is drawn on for half of them;
 *   - the pigeonhole formula PHP(12,11) and limits up to 10^6: the count
 *     where the call stopped, within the same bound;
 *   - with symmetry breaking, the root propagation before the detection
 *     counts against the limit: a chain of units in front of a pigeonhole
 *     formula stops exactly at each limit below the chain's length;
 *   - the limit counts from the start of each call, '-1' removes it, and
 *     a stopped instance solves normally afterwards.
 *
 * Usage: propagation_limit [FORMULAS [SEED]] */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

#include <stdbool.h>
#include <stdint.h>

#define SLACK 8 /* literals inprocessing may propagate past the limit */

static int formulas = 300;
static uint64_t seed = 20260817;

static void add_formula (einsat *solver, const formula *f) {
  for (int c = 0; c < f->clauses; c++)
    einsat_add_clause (solver, f->lits[c], (size_t) f->sizes[c]);
}

static uint64_t propagations (einsat *solver) {
  return einsat_statistic (solver, "propagations");
}

/* Solves 'f' on a fresh solver with 'limit'; checks a model or an UNSAT
 * answer against the oracle.  Returns the result. */
static int solve_limited (const formula *f, int64_t limit, bool satisfiable,
                          bool symmetry, uint64_t *used) {
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "symmetry", symmetry);
  add_formula (solver, f);
  einsat_set_propagation_limit (solver, limit);
  int res = einsat_solve (solver);
  *used = propagations (solver);
  if (res == EINSAT_SATISFIABLE) {
    int model[ORACLE_MAX_VARS + 1] = {0};
    for (int v = 1; v <= f->vars; v++)
      model[v] = einsat_val (solver, v);
    CHECK (oracle_check_model (f, model));
  }
  if (res == EINSAT_UNSATISFIABLE)
    CHECK (!satisfiable);
  einsat_delete (solver);
  return res;
}

static void test_random_formulas (void) {
  uint64_t rng = seed;
  /* a stream of its own, so that the formulas stay those of the seed */
  uint64_t symmetry_rng = seed ^ 0x53594d4d45545259ull;
  uint64_t exact = 0, early = 0, passed = 0, most = 0;
  formula *f = malloc (sizeof *f);
  for (int i = 0; i < formulas; i++) {
    int vars = 3 + oracle_below (&rng, 18);
    formula_random (f, &rng, vars, vars * (3 + oracle_below (&rng, 3)));
    bool satisfiable = oracle_count (f, 0, 0, 1, 0) > 0;
    bool symmetry = oracle_below (&symmetry_rng, 2);
    uint64_t total, used;
    /* an inprocessing round propagates its root-level units at once */
    uint64_t slack = SLACK + (uint64_t) vars;
    int expected = solve_limited (f, -1, satisfiable, symmetry, &total);
    CHECK (expected == (satisfiable ? 10 : 20));
    for (uint64_t limit = 0; limit <= total + 1; limit++) {
      int res = solve_limited (f, (int64_t) limit, satisfiable, symmetry,
                              &used);
      if (limit > total)
        CHECK (res == expected && used == total);
      else if (limit == total) /* spent: no inprocessing to finish */
        CHECK ((res == expected || !res) && used == total);
      else if (res) {
        CHECK (res == expected && used <= limit + slack);
        early++;
      } else {
        CHECK (limit <= used && used <= limit + slack);
        if (used == limit)
          exact++;
        else
          passed++;
        if (used > limit && used - limit > most)
          most = used - limit;
      }
    }
  }
  free (f);
  /* Only inprocessing may pass the limit, and it rarely runs this early. */
  CHECK (passed * 100 <= exact);
  printf ("propagation limit: %llu stops exact, %llu past it (at most by "
          "%llu), %llu answers within the limit\n",
          (unsigned long long) exact, (unsigned long long) passed,
          (unsigned long long) most, (unsigned long long) early);
}

static void test_pigeonhole (void) {
  static clause_buffer php;
  php.size = 0;
  /* As for the random formulas: an inprocessing round (probing,
   * vivification) stops at its next termination check, after a probe or
   * a clause, each propagating at most every variable once. */
  uint64_t slack = SLACK + (uint64_t) clause_buffer_pigeonhole (&php, 12, 1);
  for (int64_t limit = 1; limit <= 1000000; limit *= 10) {
    einsat *solver = einsat_new ();
    einsat_set_option (solver, "factor", 0);
    einsat_set_option (solver, "cardinality", 0);
    einsat_set_option (solver, "symmetry", 0); /* else refuted at once */
    clause_buffer_to_solver (solver, &php);
    einsat_set_propagation_limit (solver, limit);
    CHECK (einsat_solve (solver) == EINSAT_UNKNOWN);
    uint64_t used = propagations (solver);
    CHECK ((uint64_t) limit <= used && used <= (uint64_t) limit + slack);
    einsat_delete (solver);
  }
}

/* Units x1, x1 -> x2, ..., then a pigeonhole formula, whose symmetries
 * the detection finds (checked without a limit).  Nothing but the root
 * propagation of the chain runs before the limits below its length, so
 * each stops exactly there, also with breaking on. */
static void test_symmetry_root (void) {
  enum { CHAIN = 40 };
  static clause_buffer chained;
  chained.size = 0;
  clause_buffer_add (&chained, 1, (int[]) {1});
  for (int v = 2; v <= CHAIN; v++)
    clause_buffer_add (&chained, 2, (int[]) {-(v - 1), v});
  clause_buffer_pigeonhole (&chained, 6, CHAIN + 1);
  for (int64_t limit = -1; limit < CHAIN; limit++) {
    einsat *solver = einsat_new ();
    einsat_set_option (solver, "symmetry", 1);
    einsat_set_option (solver, "cardinality", 0);
    clause_buffer_to_solver (solver, &chained);
    einsat_set_propagation_limit (solver, limit);
    int res = einsat_solve (solver);
    if (limit < 0) {
      CHECK (res == EINSAT_UNSATISFIABLE);
      CHECK (einsat_statistic (solver, "symmetry_generators") > 0);
    } else {
      CHECK (res == EINSAT_UNKNOWN);
      CHECK (propagations (solver) == (uint64_t) limit);
    }
    einsat_delete (solver);
  }
}

/* Counted from the start of each call; -1 removes the limit. */
static void test_each_call (void) {
  static clause_buffer php;
  php.size = 0;
  clause_buffer_pigeonhole (&php, 8, 1);
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "cardinality", 0);
  clause_buffer_to_solver (solver, &php);
  einsat_set_propagation_limit (solver, 100);
  for (int call = 1; call <= 3; call++) {
    uint64_t before = propagations (solver);
    CHECK (einsat_solve (solver) == EINSAT_UNKNOWN);
    uint64_t used = propagations (solver) - before;
    CHECK (100 <= used && used <= 100 + SLACK);
  }
  einsat_set_propagation_limit (solver, -1);
  CHECK (einsat_solve (solver) == EINSAT_UNSATISFIABLE);
  einsat_delete (solver);
}

/* Limit 0 stops before the first propagation, also of a satisfiable
 * formula, and the instance is usable afterwards. */
static void test_zero (void) {
  einsat *solver = einsat_new ();
  einsat_add_clause (solver, (int[]) {1, 2}, 2);
  einsat_add_clause (solver, (int[]) {-1, 2}, 2);
  einsat_add_clause (solver, (int[]) {-2, 3}, 2);
  einsat_set_propagation_limit (solver, 0);
  CHECK (einsat_solve (solver) == EINSAT_UNKNOWN);
  CHECK (propagations (solver) == 0);
  einsat_set_propagation_limit (solver, -1);
  CHECK (einsat_solve (solver) == EINSAT_SATISFIABLE);
  CHECK (einsat_val (solver, 2) == 2 && einsat_val (solver, 3) == 3);
  einsat_delete (solver);
}

int main (int argc, char **argv) {
  if (argc > 1)
    formulas = atoi (argv[1]);
  if (argc > 2)
    seed = strtoull (argv[2], 0, 10);
  static const test_case cases[] = {
      {"random formulas", test_random_formulas},
      {"pigeonhole", test_pigeonhole},
      {"symmetry root", test_symmetry_root},
      {"each call", test_each_call},
      {"zero", test_zero},
  };
  return RUN_TESTS ("api propagation limit", cases);
}
