/* Gaussian elimination on XOR constraints.  Tseitin formulas on random
 * 3-regular graphs (one variable per edge; at each vertex the XOR of its
 * edges equals the vertex's charge) are satisfiable exactly when the sum
 * of the charges is even (the graph being connected), which gives the
 * answer by construction.  With an odd sum they need exponentially long
 * resolution proofs, so CDCL does not refute them within a small conflict
 * limit, while Gaussian elimination refutes them without a conflict.
 * Every model is checked against the clauses. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

#define MAX_VERTICES 200

typedef struct graph {
  int vertices, edges;
  int ends[3 * MAX_VERTICES / 2][2];
} graph;

static bool connected (const graph *g) {
  int component[MAX_VERTICES];
  for (int v = 0; v < g->vertices; v++)
    component[v] = v;
  for (bool changed = true; changed;) {
    changed = false;
    for (int e = 0; e < g->edges; e++) {
      int a = g->ends[e][0], b = g->ends[e][1];
      int low = component[a] < component[b] ? component[a] : component[b];
      if (component[a] != low || component[b] != low)
        component[a] = component[b] = low, changed = true;
    }
  }
  for (int v = 0; v < g->vertices; v++)
    if (component[v])
      return false;
  return true;
}

/* A random simple connected 3-regular graph (pairing model, retried). */
static void random_cubic_graph (graph *g, int vertices, uint64_t *rng) {
  g->vertices = vertices, g->edges = 3 * vertices / 2;
  int points[3 * MAX_VERTICES];
  for (bool simple = false; !simple || !connected (g);) {
    for (int i = 0; i < 3 * vertices; i++)
      points[i] = i / 3;
    for (int i = 3 * vertices - 1; i > 0; i--) {
      int j = oracle_below (rng, i + 1), t = points[i];
      points[i] = points[j], points[j] = t;
    }
    simple = true;
    for (int e = 0; e < g->edges; e++) {
      int a = points[2 * e], b = points[2 * e + 1];
      g->ends[e][0] = a, g->ends[e][1] = b;
      simple &= a != b;
      for (int f = 0; f < e; f++)
        simple &= !((g->ends[f][0] == a && g->ends[f][1] == b) ||
                    (g->ends[f][0] == b && g->ends[f][1] == a));
    }
  }
}

static void store (void *context, int size, const int *lits) {
  clause_buffer_add (context, size, lits);
}

/* The Tseitin formula with random charges whose sum has parity 'odd'. */
static void tseitin (const graph *g, bool odd, uint64_t *rng, clause_buffer *c) {
  c->size = 0;
  int sum = 0;
  for (int v = 0; v < g->vertices; v++) {
    int vars[3], k = 0;
    for (int e = 0; e < g->edges; e++)
      if (g->ends[e][0] == v || g->ends[e][1] == v)
        vars[k++] = e + 1;
    int charge = oracle_below (rng, 2);
    if (v == g->vertices - 1)
      charge = (sum & 1) != odd;
    sum += charge;
    oracle_xor_clauses (rng, 3, vars, charge, false, store, c);
  }
}

static clause_buffer xor_formula;

/* A Tseitin formula on a fresh random cubic graph of 100 vertices (150
 * edge variables), in 'xor_formula'. */
static void random_tseitin (uint64_t *rng, bool odd) {
  graph g;
  random_cubic_graph (&g, 100, rng);
  tseitin (&g, odd, rng, &xor_formula);
}

/* Far beyond what CDCL refutes in 1,000 conflicts. */
static void test_odd_charge_refuted_without_search (void) {
  uint64_t rng = 1;
  for (int round = 0; round < 5; round++) {
    random_tseitin (&rng, true);
    einsat *solver = einsat_new ();
    clause_buffer_to_solver (solver, &xor_formula);
    einsat_set_conflict_limit (solver, 1000);
    CHECK (einsat_solve (solver) == 20);
    CHECK (einsat_statistic (solver, "gauss_xors") == 100);
    CHECK (einsat_statistic (solver, "conflicts") == 0);
    einsat_delete (solver);
  }
}

static void test_even_charge_satisfiable (void) {
  uint64_t rng = 2;
  for (int round = 0; round < 5; round++) {
    random_tseitin (&rng, false);
    einsat *solver = einsat_new ();
    clause_buffer_to_solver (solver, &xor_formula);
    CHECK (einsat_solve (solver) == 10);
    CHECK (model_satisfies_buffer (solver, &xor_formula));
    einsat_delete (solver);
  }
}

/* Without Gaussian elimination (option off, or a proof traced, which it
 * cannot justify) the conflict limit stops the search. */
static void test_off_with_option_or_proof (void) {
  uint64_t rng = 3;
  random_tseitin (&rng, true);
  for (int proof = 0; proof < 2; proof++) {
    einsat *solver = einsat_new ();
    FILE *sink = 0;
    if (proof) {
      sink = fopen ("/dev/null", "w");
      CHECK (sink);
      einsat_trace_proof (solver, sink, true);
    } else
      CHECK (einsat_set_option (solver, "gauss", 0));
    clause_buffer_to_solver (solver, &xor_formula);
    einsat_set_conflict_limit (solver, 1000);
    CHECK (einsat_solve (solver) == 0);
    CHECK (einsat_statistic (solver, "gauss_rounds") == 0);
    einsat_delete (solver);
    if (sink)
      fclose (sink);
  }
}

/* A unit and equivalences that follow from sums of XORs only:
 * x1 ^ x2 ^ x3 = 1, x2 ^ x3 ^ x4 = 0 and x3 ^ x4 ^ x5 = 1 give x1 = -x4
 * and x2 = -x5, and with x1 ^ x2 ^ x3 ^ x6 = 1 also x6 = 0. */
static void test_units_and_equivalences (void) {
  uint64_t rng = 4;
  xor_formula.size = 0;
  int xors[][5] = {{3, 1, 2, 3, 1}, {3, 2, 3, 4, 0}, {3, 3, 4, 5, 1},
                   {4, 1, 2, 3, 6}};
  for (int i = 0; i < 4; i++) {
    int size = xors[i][0], rhs = size == 4 ? 1 : xors[i][4];
    oracle_xor_clauses (&rng, size, xors[i] + 1, rhs, false, store,
                        &xor_formula);
  }
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "lucky", 0)); /* it would satisfy it */
  clause_buffer_to_solver (solver, &xor_formula);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &xor_formula));
  CHECK (einsat_val (solver, 6) == -6);
  CHECK ((einsat_val (solver, 1) > 0) != (einsat_val (solver, 4) > 0));
  CHECK ((einsat_val (solver, 2) > 0) != (einsat_val (solver, 5) > 0));
  CHECK (einsat_statistic (solver, "gauss_units") >= 1);
  CHECK (einsat_statistic (solver, "gauss_equivalences") >= 1);
  einsat_delete (solver);
}

/* The odd Tseitin formula with the four clauses of vertex 0 relaxed by a
 * selector: under the assumption that the selector is false they are the
 * XOR that makes the system inconsistent, but they are no XOR in the
 * formula, so preprocessing cannot see it.  The search needs the other
 * 99 XORs as a matrix: they imply the parity of the three edges at
 * vertex 0 as soon as two of them are assigned. */
static void test_matrix_refutes_under_assumption (void) {
  uint64_t rng = 5;
  random_tseitin (&rng, true);
  int selector = 151;
  clause_buffer relaxed = {.size = 0};
  for (size_t i = 0, clauses = 0; i < xor_formula.size; i++) {
    if (!xor_formula.lits[i] && clauses++ < 4) /* vertex 0 comes first */
      relaxed.lits[relaxed.size++] = selector;
    relaxed.lits[relaxed.size++] = xor_formula.lits[i];
  }
  for (int matrix = 0; matrix < 2; matrix++) {
    einsat *solver = einsat_new ();
    CHECK (einsat_set_option (solver, "gaussjordan", matrix));
    clause_buffer_to_solver (solver, &relaxed);
    einsat_set_conflict_limit (solver, 20000);
    einsat_assume (solver, -selector);
    int res = einsat_solve (solver);
    if (matrix) {
      CHECK (res == 20);
      CHECK (einsat_failed (solver, -selector));
      CHECK (einsat_statistic (solver, "gaussjordan_matrices") >= 1);
      CHECK (einsat_statistic (solver, "gaussjordan_implied") +
                 einsat_statistic (solver, "gaussjordan_conflicts") >
             0);
      einsat_assume (solver, selector);
      CHECK (einsat_solve (solver) == 10);
      CHECK (model_satisfies_buffer (solver, &relaxed));
    } else
      CHECK (res == 0); /* the conflict limit */
    einsat_delete (solver);
  }
}

/* A first round without budget ('gaussmineffort' 0: nothing of the
 * search to take a share of yet) runs out; the schedule tries again with
 * growing budgets until the system is refuted, without the matrix of
 * the search (which would refute it by itself). */
static void test_unfinished_round_retried (void) {
  uint64_t rng = 6;
  random_tseitin (&rng, true);
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "gaussmineffort", 0));
  CHECK (einsat_set_option (solver, "gaussjordan", 0));
  clause_buffer_to_solver (solver, &xor_formula);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "gauss_unfinished") >= 1);
  CHECK (einsat_statistic (solver, "gauss_rounds") >
         einsat_statistic (solver, "gauss_unfinished"));
  einsat_delete (solver);
}

/* A finished round is not repeated without new clauses, not even by a
 * second solve call.  (Lucky assignments would satisfy the formula
 * before the first round.) */
static void test_finished_round_not_repeated (void) {
  uint64_t rng = 7;
  random_tseitin (&rng, false);
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "lucky", 0));
  clause_buffer_to_solver (solver, &xor_formula);
  CHECK (einsat_solve (solver) == 10);
  CHECK (einsat_statistic (solver, "gauss_rounds") == 1);
  CHECK (einsat_statistic (solver, "gauss_unfinished") == 0);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &xor_formula));
  CHECK (einsat_statistic (solver, "gauss_rounds") == 1);
  einsat_delete (solver);
}

/* A matrix larger than 'gausswords' thousand words is not built, whatever
 * the budget, and the round is not retried for it (a larger budget would
 * not help): memory stays bounded on a formula with many XORs in one
 * component.  The Tseitin matrix has 100 rows of 3 words. */
static void test_matrix_size_bounded (void) {
  uint64_t rng = 8;
  random_tseitin (&rng, true);
  for (int thousands = 0; thousands < 2; thousands++) {
    einsat *solver = einsat_new ();
    CHECK (einsat_set_option (solver, "gausswords", thousands));
    CHECK (einsat_set_option (solver, "gaussjordan", 0));
    clause_buffer_to_solver (solver, &xor_formula);
    einsat_set_conflict_limit (solver, 1000);
    CHECK (einsat_solve (solver) == (thousands ? 20 : 0));
    CHECK (einsat_statistic (solver, "gauss_xors") >= 100);
    CHECK (einsat_statistic (solver, "gauss_unfinished") == 0);
    einsat_delete (solver);
  }
}

int main (void) {
  static const test_case cases[] = {
      {"odd-charge-refuted-without-search",
       test_odd_charge_refuted_without_search},
      {"even-charge-satisfiable", test_even_charge_satisfiable},
      {"off-with-option-or-proof", test_off_with_option_or_proof},
      {"units-and-equivalences", test_units_and_equivalences},
      {"matrix-refutes-under-assumption",
       test_matrix_refutes_under_assumption},
      {"unfinished-round-retried", test_unfinished_round_retried},
      {"finished-round-not-repeated", test_finished_round_not_repeated},
      {"matrix-size-bounded", test_matrix_size_bounded},
  };
  return run_test_cases ("gauss", cases, sizeof cases / sizeof *cases);
}
