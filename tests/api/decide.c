/* External decisions ('einsat_set_decide', 'einsat_current_value'): on
 * random small formulas with random options, a callback that names
 * random literals (also assigned ones, unknown variables and 0, which the
 * solver must ignore) checks at every call that the partial assignment it
 * sees is consistent and falsifies no clause, and every answer is checked
 * against exhaustive search.  A callback that names a whole assignment
 * gets exactly that model; enumeration counts exactly with a callback. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/oracle.h"
#include "../common/random_options.h"

static formula f;

typedef struct decider {
  einsat *solver;
  uint64_t rng;
  long calls, bad_views;
  const int *wanted; /* if not NULL: decide these literals in order */
} decider;

/* The callback's view: every literal and its negation agree, and no
 * clause has all its literals false (propagation is done when the solver
 * asks for a decision). */
static bool view_is_consistent (decider *d) {
  for (int v = 1; v <= f.vars; v++) {
    int value = einsat_current_value (d->solver, v);
    if (value < -1 || value > 1 || einsat_current_value (d->solver, -v) != -value)
      return false;
  }
  for (int c = 0; c < f.clauses; c++) {
    bool falsified = true;
    for (int i = 0; falsified && i < f.sizes[c]; i++)
      falsified = einsat_current_value (d->solver, f.lits[c][i]) < 0;
    if (falsified)
      return false;
  }
  return true;
}

static int random_decision (void *data) {
  decider *d = data;
  d->calls++;
  if (!view_is_consistent (d))
    d->bad_views++;
  switch (oracle_below (&d->rng, 8)) {
  case 0:
    return 0;
  case 1:
    return f.vars + 1 + oracle_below (&d->rng, 100); /* unknown */
  default: {
    int lit = 1 + oracle_below (&d->rng, f.vars);
    return oracle_below (&d->rng, 2) ? lit : -lit;
  }
  }
}

static void add_formula (einsat *solver) {
  for (int c = 0; c < f.clauses; c++)
    einsat_add_clause (solver, f.lits[c], (size_t) f.sizes[c]);
}

static bool model_checks (einsat *solver) {
  uint32_t x = 0;
  for (int v = 1; v <= f.vars; v++)
    if (einsat_val (solver, v) > 0)
      x |= 1u << (v - 1);
  return oracle_satisfies (&f, x);
}

static void test_random_decisions (void) {
  for (uint64_t seed = 1; seed <= 300 && !check_failure[0]; seed++) {
    uint64_t rng = seed;
    int vars = 6 + oracle_below (&rng, 12);
    formula_random (&f, &rng, vars, vars * (3 + oracle_below (&rng, 3)));
    einsat *solver = einsat_new ();
    randomize_options (solver, &rng);
    decider d = {solver, seed, 0, 0, 0};
    einsat_set_decide (solver, &d, random_decision);
    for (int v = 1; v <= f.vars; v += 2)
      einsat_freeze (solver, v); /* the others may be eliminated */
    add_formula (solver);
    int res = einsat_solve (solver);
    bool sat = oracle_count (&f, 0, 0, 1, 0) > 0;
    CHECK (res == (sat ? 10 : 20));
    CHECK (res != 10 || model_checks (solver));
    CHECK (!d.bad_views);
    einsat_delete (solver);
  }
}

static int wanted_decision (void *data) {
  decider *d = data;
  d->calls++;
  for (const int *p = d->wanted; *p; p++)
    if (!einsat_current_value (d->solver, *p))
      return *p;
  return 0;
}

/* The model is what the callback decided and what that forced. */
static void test_decisions_are_followed (void) {
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "phase", 1);
  int wanted[11];
  for (int v = 1; v <= 10; v++)
    wanted[v - 1] = v % 3 ? -v : v, einsat_freeze (solver, v);
  wanted[10] = 0;
  for (int v = 1; v < 10; v++) { /* (v | v+1): satisfiable many ways */
    int clause[2] = {v, v + 1};
    einsat_add_clause (solver, clause, 2);
  }
  decider d = {solver, 1, 0, 0, wanted};
  einsat_set_decide (solver, &d, wanted_decision);
  int res = einsat_solve (solver);
  CHECK (res == 10);
  /* -1 forces 2, 3 is decided, -4 forces 5, and so on. */
  for (int v = 1; v <= 10; v++)
    CHECK (einsat_val (solver, v) == (v % 3 == 1 ? -v : v));
  CHECK (einsat_statistic (solver, "external_decisions") >= 1);
  einsat_set_decide (solver, 0, 0); /* removed: the solver decides */
  long calls = d.calls;
  einsat_add (solver, -3), einsat_add (solver, 0);
  CHECK (einsat_solve (solver) == 10 && d.calls == calls);
  CHECK (einsat_val (solver, 3) == -3);
  for (int v = 1; v < 10; v++)
    CHECK (einsat_val (solver, v) > 0 || einsat_val (solver, v + 1) > 0);
  einsat_delete (solver);
}

typedef struct models {
  long count, bad;      /* reported, and not a new projection of a model */
  bool seen[1 << 12];   /* projections reported so far */
} models;

/* Each projected model must extend to a model of the formula and come
 * only once. */
static int check_model (void *data, const int *values) {
  models *m = data;
  uint32_t true_vars = 0, false_vars = 0;
  for (const int *p = values; *p; p++)
    *(*p > 0 ? &true_vars : &false_vars) |= 1u << (abs (*p) - 1);
  m->count++;
  if (m->seen[true_vars] || !oracle_count (&f, true_vars, false_vars, 1, 0))
    m->bad++;
  m->seen[true_vars] = true;
  return 1;
}

/* While enumerating, the callback's literals are taken only on projected
 * variables: every model is checked and the counts stay exact, projected
 * or not. */
static void test_enumeration_with_callback (void) {
  for (uint64_t seed = 1; seed <= 40 && !check_failure[0]; seed++) {
    uint64_t rng = seed;
    memset (&f, 0, sizeof f);
    f.vars = 12;
    for (int c = 0; c < 20 + oracle_below (&rng, 20); c++)
      formula_add_random (&f, &rng, 3);
    int projected = 1 + oracle_below (&rng, f.vars), project[12];
    for (int i = 0; i < projected; i++)
      project[i] = i + 1;
    bool seen[1 << 12] = {0};
    uint64_t expected = 0;
    for (uint32_t x = 0; x < (1u << f.vars); x++) {
      uint32_t key = x & ((1u << projected) - 1);
      if (oracle_satisfies (&f, x) && !seen[key])
        seen[key] = true, expected++;
    }
    einsat *solver = einsat_new ();
    randomize_options (solver, &rng);
    decider d = {solver, seed, 0, 0, 0};
    einsat_set_decide (solver, &d, random_decision);
    add_formula (solver);
    static models m;
    memset (&m, 0, sizeof m);
    int complete = 0;
    int64_t n = einsat_enumerate (solver, project, projected, 0, check_model,
                                  &m, &complete);
    CHECK (complete && n == m.count && (uint64_t) n == expected && !m.bad);
    CHECK (!d.bad_views);
    einsat_delete (solver);
  }
}

static const test_case cases[] = {
    {"random decisions", test_random_decisions},
    {"decisions are followed", test_decisions_are_followed},
    {"enumeration with a callback", test_enumeration_with_callback},
};

int main (void) { return RUN_TESTS ("decide", cases); }
