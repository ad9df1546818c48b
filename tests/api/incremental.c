/* Randomised incremental API test: random sequences of add / assume /
 * solve / val / failed on small formulas, each result checked against
 * exhaustive search: SAT models must satisfy every clause added so far
 * and every assumption; UNSAT must be real, and the failed assumptions
 * must be assumptions that on their own already make the formula UNSAT. */

#include "../common/oracle.h"
#include "../common/random_options.h"
#include "answers.h"
#include "einsat.h"

static formula f;
static uint64_t restored, eliminated;

static int threads = 1;     /* option 'threads' (third argument) */
static uint64_t portfolios; /* solves in which workers ran */

static bool run_trace (uint64_t seed) {
  uint64_t rng = seed;
  trace_state t = {"incremental", seed, 0};
  memset (&f, 0, sizeof f);
  f.vars = 3 + oracle_below (&rng, 12);
  einsat *solver = oracle_below (&rng, 2) ? einsat_new () : 0;
  if (!solver)
    solver = einsat_new ();
  randomize_options (solver, &rng);
  if (threads > 1) { /* the workers start on the raw formula */
    einsat_set_option (solver, "threads", threads);
    einsat_set_option (solver, "threadsoversubscribe", 1);
    einsat_set_option (solver, "threadsdelay", 0);
  }
  int steps = 5 + oracle_below (&rng, 40);
  bool ok = true;
  for (t.step = 0; ok && t.step < steps; t.step++) {
    int adds = oracle_below (&rng, 3 * f.vars / 2 + 1);
    for (int i = 0; i < adds && f.clauses < ORACLE_MAX_CLAUSES; i++) {
      int size = 1 + oracle_below (&rng, 4);
      if (oracle_below (&rng, 3))
        size = 3;
      formula_add_random (&f, &rng, size);
      for (int j = 0; j < size; j++)
        einsat_add (solver, f.lits[f.clauses - 1][j]);
      einsat_add (solver, 0);
    }
    int assumed[16], assumptions = oracle_below (&rng, 6);
    for (int i = 0; i < assumptions; i++) {
      int var = 1 + oracle_below (&rng, f.vars);
      assumed[i] = oracle_below (&rng, 2) ? var : -var;
      einsat_assume (solver, assumed[i]);
    }
    int res = einsat_solve (solver);
    ok = check (&t, answer_error (&f, solver, res, assumed, assumptions));
  }
  portfolios += einsat_statistic (solver, "workers_started") > 0;
  restored += einsat_statistic (solver, "restored");
  eliminated += einsat_statistic (solver, "eliminated");
  einsat_delete (solver);
  return ok;
}

int main (int argc, char **argv) {
  long count = argc > 1 ? atol (argv[1]) : 1000;
  uint64_t seed = argc > 2 ? strtoull (argv[2], 0, 10) : 1;
  threads = argc > 3 ? atoi (argv[3]) : 1;
  long failed = 0;
  for (long i = 0; i < count && failed < 5; i++)
    failed += !run_trace (seed * 7919 + (uint64_t) i);
  if (!failed && threads > 1)
    printf ("ok incremental with %d threads: %ld random API traces, "
            "workers ran in %llu\n",
            threads, count, (unsigned long long) portfolios);
  else if (!failed)
    printf ("ok incremental: %ld random API traces (%llu variables "
            "eliminated, %llu restored)\n",
            count, (unsigned long long) eliminated,
            (unsigned long long) restored);
  return failed != 0;
}
