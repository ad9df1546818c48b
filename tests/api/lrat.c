/* LRAT proofs through the API with incremental use: random formulas are
 * solved several times under random assumptions (elimination at tiny
 * intervals, so that assumptions on eliminated variables restore their
 * clauses) and then without assumptions.  Every answer is compared with
 * exhaustive search, and the proof of every final UNSAT answer is checked
 * by 'einsat-check lrat' (the path is the first argument).  Restoring
 * must have happened, or the test proves nothing about it. */

#include "einsat.h"
#include "../common/oracle.h"
#include "../common/random_options.h"

#include <unistd.h>

static formula f;

typedef struct totals {
  long proofs, restored, eliminated;
} totals;

static bool fail (uint64_t seed, const char *what) {
  printf ("not ok lrat seed %llu: %s\n", (unsigned long long) seed, what);
  return false;
}

/* A SAT answer must come with a model of the formula that keeps the
 * assumptions; UNSAT must agree with exhaustive search. */
static bool solve_and_compare (einsat *solver, uint64_t *rng,
                               int assumptions, int *res) {
  uint32_t forced_true = 0, forced_false = 0;
  for (int i = 0; i < assumptions; i++) {
    int var = 1 + oracle_below (rng, f.vars);
    int lit = oracle_below (rng, 2) ? var : -var;
    einsat_assume (solver, lit);
    *(lit > 0 ? &forced_true : &forced_false) |= 1u << (var - 1);
  }
  *res = einsat_solve (solver);
  if (*res == 20)
    return !oracle_count (&f, forced_true, forced_false, 1, 0);
  if (*res != 10)
    return false;
  int model[ORACLE_MAX_VARS + 1] = {0};
  for (int v = 1; v <= f.vars; v++) {
    model[v] = einsat_val (solver, v) > 0 ? 1 : -1;
    uint32_t bit = 1u << (v - 1);
    if (((forced_true & bit) && model[v] < 0) ||
        ((forced_false & bit) && model[v] > 0))
      return false;
  }
  return oracle_check_model (&f, model);
}

static bool run (uint64_t seed, const char *checker, totals *t) {
  uint64_t rng = seed;
  int vars = 5 + oracle_below (&rng, 10);
  formula_random (&f, &rng, vars, vars * (3 + oracle_below (&rng, 4)));
  const char *dir = getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
  char cnf[512], proof[512];
  snprintf (cnf, sizeof cnf, "%s/einsat-lrat-%d.cnf", dir, (int) getpid ());
  snprintf (proof, sizeof proof, "%s/einsat-lrat-%d.lrat", dir,
            (int) getpid ());
  FILE *file = fopen (proof, "w");
  if (!file)
    return fail (seed, "cannot write the proof file");
  einsat *solver = einsat_new ();
  einsat_trace_lrat (solver, file, oracle_below (&rng, 2));
  randomize_options (solver, &rng);
  einsat_set_option (solver, "eliminate", 1);
  set_random_option (solver, &rng, "eliminateint", 1, 5);
  for (int c = 0; c < f.clauses; c++)
    einsat_add_clause (solver, f.lits[c], (size_t) f.sizes[c]);
  bool ok = true;
  int res = 0, solves = oracle_below (&rng, 5);
  for (int i = 0; ok && i < solves; i++)
    if (!solve_and_compare (solver, &rng, 1 + oracle_below (&rng, 4), &res))
      ok = fail (seed, "wrong answer under assumptions");
  if (ok && !solve_and_compare (solver, &rng, 0, &res))
    ok = fail (seed, "wrong answer");
  t->restored += einsat_statistic (solver, "restored");
  t->eliminated += einsat_statistic (solver, "eliminated");
  einsat_close_proof (solver);
  einsat_delete (solver);
  fclose (file);
  if (ok && res == 20) {
    t->proofs++;
    if (!formula_check_proof (&f, checker, "lrat", cnf, proof))
      ok = fail (seed, "LRAT proof rejected");
  }
  if (ok)
    unlink (cnf);
  unlink (proof);
  return ok;
}

int main (int argc, char **argv) {
  if (argc < 2) {
    fprintf (stderr, "usage: lrat CHECKER [COUNT]\n");
    return 1;
  }
  long count = argc > 2 ? atol (argv[2]) : 500;
  totals t = {0, 0, 0};
  long failed = 0;
  for (long i = 0; i < count && failed < 5; i++)
    failed += !run (1000003 + (uint64_t) i, argv[1], &t);
  if (!failed && !t.restored)
    failed = !fail (0, "no clause was ever restored");
  if (!failed)
    printf ("ok lrat: %ld incremental runs, %ld proofs checked "
            "(%ld variables eliminated, %ld restored)\n",
            count, t.proofs, t.eliminated, t.restored);
  return failed != 0;
}
