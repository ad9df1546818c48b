/* Cardinality constraints ('einsat_add_atmost', 'einsat_add_exactly')
 * against exhaustive search: random incremental traces mixing clauses,
 * at-most-k and exactly-k constraints (any bound, with repeated and
 * complementary literals),
 * assumptions, solving and enumeration, each result checked against the
 * formula in which every constraint is spelled out as clauses (at most k
 * of n true: every k + 1 of them contain a false one; exactly k: also at
 * most n - k of the negations), which is obviously right.  A third of
 * the traces are mostly exactly-one constraints, half of them with the
 * search without learning off, so that the native propagation of their
 * clauses (and their clauses added when first needed) does the work,
 * the other half with it on, which copies their clauses.  Some traces
 * run a portfolio of two threads, whose workers copy the constraints.  Models must satisfy it, UNSAT must be
 * real, failed assumptions must suffice, model counts must match.  Every
 * clause the solver exports ('einsat_set_export', with threads the workers'
 * shared clauses too) must be over the user's variables (never the
 * counters' internal ones) and implied by the formula, assumptions aside.
 *
 * Proof traces (with a checker as third argument) trace a DRAT or LRAT
 * proof while adding clauses and constraints of bound one (and trivial
 * bounds, and exactly n - 1 of n); a refutation is checked by the checker
 * against the formula with each at-most-one spelled out as its pairwise
 * clauses and each exactly-one as these and its clause, which is what
 * the library states in proofs. */

#include "../common/oracle.h"
#include "../common/random_options.h"
#include "answers.h"
#include "einsat.h"

#include <unistd.h>

#define MAX_CONSTRAINT 9

static formula f;
static uint64_t progressions;
static uint64_t natives, exactly, exactly_clauses, enumerated, workers,
    exported, proofs;
static bool export_failed;

/* Each exported clause: over the formula's variables and implied by it
 * (no model of the formula falsifies it). */
static void check_export (void *data, const int *lits, int size, int glue) {
  (void) data, (void) glue;
  uint32_t forced_true = 0, forced_false = 0;
  exported++;
  for (int i = 0; i < size; i++) {
    int var = abs (lits[i]);
    if (var < 1 || var > f.vars) {
      export_failed = true;
      return;
    }
    *(lits[i] > 0 ? &forced_false : &forced_true) |= 1u << (var - 1);
  }
  if (!(forced_true & forced_false) &&
      oracle_count (&f, forced_true, forced_false, 1, 0))
    export_failed = true;
}

/* Every (bound + 1)-subset of 'lits' gets the clause of its negations. */
static void spell_out (int size, const int *lits, int bound, int first,
                       int *chosen, int depth) {
  if (depth == bound + 1) {
    int clause[MAX_CONSTRAINT + 1];
    for (int i = 0; i < depth; i++)
      clause[i] = -chosen[i];
    formula_add (&f, depth, clause);
    return;
  }
  for (int i = first; i < size; i++) {
    chosen[depth] = lits[i];
    spell_out (size, lits, bound, i + 1, chosen, depth + 1);
  }
}

static bool used_before (const int *lits, int size, int var) {
  for (int i = 0; i < size; i++)
    if (abs (lits[i]) == var)
      return true;
  return false;
}

static void spell_out_atmost (int size, const int *lits, int bound) {
  if (bound < 0)
    formula_add (&f, 0, lits);
  else if (bound < size) {
    int chosen[MAX_CONSTRAINT + 1];
    spell_out (size, lits, bound, 0, chosen, 0);
  }
}

/* At most (or with 'exact' exactly) 'bound' of 'lits'. */
static void add_cardinality (einsat *solver, int size, const int *lits,
                             int bound, bool exact) {
  if (exact)
    einsat_add_exactly (solver, lits, (size_t) size, bound);
  else
    einsat_add_atmost (solver, lits, (size_t) size, bound);
  if (getenv ("ATMOST_VERBOSE")) {
    fprintf (stderr, "%s %d:", exact ? "exactly" : "atmost", bound);
    for (int i = 0; i < size; i++)
      fprintf (stderr, " %d", lits[i]);
    fprintf (stderr, "\n");
  }
  if (!exact) {
    spell_out_atmost (size, lits, bound);
    return;
  }
  /* In the order of the library's proof: exactly n - 1 of n (n > 2) is
   * exactly one of the negations, their pairwise clauses first. */
  int negated[MAX_CONSTRAINT];
  for (int i = 0; i < size; i++)
    negated[i] = -lits[i];
  bool mirrored = bound >= 2 && bound + 1 == size;
  if (!mirrored)
    spell_out_atmost (size, lits, bound);
  spell_out_atmost (size, negated, bound < 0 ? size : size - bound);
  if (mirrored)
    spell_out_atmost (size, lits, bound);
}

/* Variables evenly spaced (step 1 or 2, up or down), all of one sign,
 * so that the solver, having numbered the variables in order, stores
 * the constraint as a progression; false if they do not fit. */
static bool pick_progression (uint64_t *rng, int size, int *lits) {
  int step = 1 + oracle_below (rng, 2), span = (size - 1) * step;
  if (size < 5 || span >= f.vars)
    return false;
  int first = 1 + oracle_below (rng, f.vars - span);
  bool down = oracle_below (rng, 2), negative = oracle_below (rng, 2);
  for (int i = 0; i < size; i++) {
    int var = down ? first + span - i * step : first + i * step;
    lits[i] = negative ? -var : var;
  }
  return true;
}

/* 'one_hot': exactly one of distinct variables, the rest as below;
 * 'progressive': distinct variables evenly spaced where possible. */
static void add_constraint (einsat *solver, uint64_t *rng, bool proof,
                            bool one_hot, bool progressive) {
  int size = oracle_below (rng, MAX_CONSTRAINT + 1), lits[MAX_CONSTRAINT];
  bool distinct = one_hot || progressive || oracle_below (rng, 2);
  if (one_hot && size < 3)
    size = 3;
  if (distinct && size > f.vars)
    size = f.vars;
  if (!progressive || !pick_progression (rng, size, lits))
    for (int i = 0; i < size; i++) {
      int var;
      do
        var = 1 + oracle_below (rng, f.vars);
      while (distinct && used_before (lits, i, var));
      lits[i] = oracle_below (rng, 2) ? var : -var;
    }
  bool exact = one_hot || !oracle_below (rng, 3);
  int bound = 1;
  if (!one_hot && !oracle_below (rng, 3))
    bound = oracle_below (rng, size + 3) - 1; /* -1 .. size + 1 */
  if (proof && bound > 1 && bound < size && (!exact || bound + 1 < size))
    bound = 1; /* larger bounds cannot be stated in a proof */
  add_cardinality (solver, size, lits, bound, exact);
}

typedef struct counting {
  int vars;
  bool ok;
  int model[ORACLE_MAX_VARS + 1];
} counting;

static int on_model (void *data, const int *values) {
  counting *c = data;
  for (const int *p = values; *p; p++)
    c->model[abs (*p)] = *p;
  c->ok &= oracle_check_model (&f, c->model);
  return 1;
}

static bool check_count (trace_state *t, einsat *solver) {
  int project[ORACLE_MAX_VARS];
  for (int v = 1; v <= f.vars; v++)
    project[v - 1] = v;
  counting c = {f.vars, true, {0}};
  int complete = 0;
  int64_t count = einsat_enumerate (solver, project, f.vars, 0, on_model,
                                    &c, &complete);
  enumerated++;
  if (!complete || count < 0)
    return check (t, "enumeration incomplete");
  if (!c.ok)
    return check (t, "enumerated model falsifies the formula");
  if ((uint64_t) count != oracle_count (&f, 0, 0, 0, 0))
    return check (t, "wrong model count");
  return true;
}

static bool run_trace (uint64_t seed) {
  uint64_t rng = seed;
  trace_state t = {"atmost", seed, 0};
  if (getenv ("ATMOST_VERBOSE"))
    fprintf (stderr, "trace %llu\n", (unsigned long long) seed);
  memset (&f, 0, sizeof f);
  f.vars = 3 + oracle_below (&rng, 12);
  einsat *solver = einsat_new ();
  randomize_options (solver, &rng);
  bool one_hot = !oracle_below (&rng, 3);
  /* Variables numbered in order first (importing them by freezing and
   * melting), then constraints over evenly spaced ones. */
  bool progressive = !oracle_below (&rng, 3);
  for (int v = 1; progressive && v <= f.vars; v++)
    einsat_freeze (solver, v), einsat_melt (solver, v);
  if (one_hot && oracle_below (&rng, 2)) /* else it copies the clauses */
    einsat_set_option (solver, "dpll", 0);
  bool portfolio = !oracle_below (&rng, 8);
  if (portfolio) { /* whose workers copy the constraints */
    einsat_set_option (solver, "threads", 2);
    einsat_set_option (solver, "threadsoversubscribe", 1);
    einsat_set_option (solver, "threadsdelay", oracle_below (&rng, 3));
  }
  export_failed = false;
  if (oracle_below (&rng, 2))
    einsat_set_export (solver, 0, 1 + oracle_below (&rng, 8),
                       1 + oracle_below (&rng, 8), check_export);
  int steps = 3 + oracle_below (&rng, 20);
  bool ok = true;
  for (t.step = 0; ok && t.step < steps; t.step++) {
    int adds = oracle_below (&rng, f.vars + 1);
    for (int i = 0; i < adds && f.clauses < ORACLE_MAX_CLAUSES - 200; i++) {
      if (oracle_below (&rng, one_hot ? 4 : 2)) {
        add_constraint (solver, &rng, false, one_hot,
                        progressive && oracle_below (&rng, 2));
        continue;
      }
      int size = 1 + oracle_below (&rng, 4);
      formula_add_random (&f, &rng, size);
      einsat_add_clause (solver, f.lits[f.clauses - 1], (size_t) size);
      if (getenv ("ATMOST_VERBOSE")) {
        for (int j = 0; j < size; j++)
          fprintf (stderr, "%d ", f.lits[f.clauses - 1][j]);
        fprintf (stderr, "0\n");
      }
    }
    int assumed[16], assumptions = oracle_below (&rng, 5);
    for (int i = 0; i < assumptions; i++) {
      int var = 1 + oracle_below (&rng, f.vars);
      assumed[i] = oracle_below (&rng, 2) ? var : -var;
      einsat_assume (solver, assumed[i]);
    }
    if (!assumptions && !portfolio && !oracle_below (&rng, 4)) {
      ok = check_count (&t, solver);
      continue;
    }
    int res = einsat_solve (solver);
    ok = check (&t, answer_error (&f, solver, res, assumed, assumptions));
    if (ok && export_failed)
      ok = check (&t, "exported a clause not implied by the formula");
  }
  natives += einsat_statistic (solver, "atmosts_added");
  exactly += einsat_statistic (solver, "exactly_added");
  exactly_clauses += einsat_statistic (solver, "exactly_clauses");
  progressions += einsat_statistic (solver, "atmost_progressions");
  workers += einsat_statistic (solver, "workers_started");
  einsat_delete (solver);
  return ok;
}

/* Clauses and constraints of bound one, one solve, a refutation checked
 * against the formula with the pairwise clauses (see above). */
static bool run_proof_trace (uint64_t seed, const char *checker) {
  uint64_t rng = seed;
  trace_state t = {"atmost", seed, 0};
  memset (&f, 0, sizeof f);
  f.vars = 3 + oracle_below (&rng, 10);
  const char *dir = getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
  char cnf[512], proof[512];
  snprintf (cnf, sizeof cnf, "%s/einsat-atmost-%d.cnf", dir,
            (int) getpid ());
  snprintf (proof, sizeof proof, "%s/einsat-atmost-%d.proof", dir,
            (int) getpid ());
  FILE *file = fopen (proof, "w");
  if (!file)
    return check (&t, "cannot write the proof file");
  einsat *solver = einsat_new ();
  bool lrat = oracle_below (&rng, 2);
  if (lrat)
    einsat_trace_lrat (solver, file, oracle_below (&rng, 2));
  else
    einsat_trace_proof (solver, file, oracle_below (&rng, 2));
  randomize_options (solver, &rng);
  int adds = f.vars + oracle_below (&rng, 2 * f.vars);
  for (int i = 0; i < adds && f.clauses < ORACLE_MAX_CLAUSES - 200; i++)
    if (oracle_below (&rng, 3))
      add_constraint (solver, &rng, true, false, false);
    else {
      int size = 1 + oracle_below (&rng, 4);
      formula_add_random (&f, &rng, size);
      einsat_add_clause (solver, f.lits[f.clauses - 1], (size_t) size);
    }
  int res = einsat_solve (solver);
  bool ok = true;
  if (res == 10)
    ok = check (&t, model_error (&f, solver, 0, 0));
  else if (res != 20)
    ok = check (&t, "solve returned neither 10 nor 20");
  else if (oracle_count (&f, 0, 0, 1, 0))
    ok = check (&t, "claimed UNSAT but satisfiable");
  einsat_close_proof (solver);
  einsat_delete (solver);
  fclose (file);
  if (ok && res == 20) {
    proofs++;
    if (!formula_check_proof (&f, checker, lrat ? "lrat" : "drat", cnf,
                              proof))
      ok = check (&t, lrat ? "LRAT proof rejected" : "DRAT proof rejected");
  }
  if (ok)
    unlink (cnf);
  unlink (proof);
  return ok;
}

int main (int argc, char **argv) {
  long count = argc > 1 ? atol (argv[1]) : 1000;
  uint64_t seed = argc > 2 ? strtoull (argv[2], 0, 10) : 1;
  long failed = 0;
  if (getenv ("ATMOST_TRACE")) /* one trace, for debugging */
    return !run_trace (strtoull (getenv ("ATMOST_TRACE"), 0, 10));
  const char *checker = argc > 3 ? argv[3] : 0;
  for (long i = 0; i < count && failed < 5; i++)
    failed += !run_trace (seed * 7919 + (uint64_t) i);
  long proof_traces = checker ? count / 2 : 0;
  for (long i = 0; i < proof_traces && failed < 5; i++)
    failed += !run_proof_trace (seed * 104729 + (uint64_t) i, checker);
  if (!failed && count >= 100 && !progressions) {
    printf ("not ok atmost: no constraint stored as a progression\n");
    failed++;
  }
  if (!failed)
    printf ("ok atmost: %ld random traces (%llu native at-most-one and "
            "%llu exactly-one constraints, %llu as progressions, %llu of "
            "their clauses added "
            "when needed, %llu enumerations, %llu threads, %llu exported "
            "clauses checked), %ld proof traces (%llu refutations "
            "checked)\n",
            count, (unsigned long long) natives,
            (unsigned long long) exactly,
            (unsigned long long) progressions,
            (unsigned long long) exactly_clauses,
            (unsigned long long) enumerated, (unsigned long long) workers,
            (unsigned long long) exported, proof_traces,
            (unsigned long long) proofs);
  return failed != 0;
}
