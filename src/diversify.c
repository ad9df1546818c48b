/* Diversification of the members of a portfolio: solvers that work on
 * the same formula and share clauses gain most if they search
 * differently (ManySAT, Hamadi, Jabbour and Sais 2009; Plingeling,
 * HordeSat and Mallob do the same with their engines).  Member 'index'
 * gets the option set 'index' modulo the table size, a seed of its own,
 * and from index 1 on a random initial decision order ('shuffle', as
 * gimsatul activates variables in a random order in all threads but the
 * first).  Member 0 is the solver as configured.
 *
 * The table mixes the two modes (focused only as the 'unsat'
 * configuration, stable only with false initial phases as 'sat'),
 * initial phases, random phases in the rephase cycle with an initial
 * local search, and different restart and inprocessing schedules.  It
 * is not tuned: each entry changes the search strongly, and
 * bench/PARALLEL.md measures the portfolio as a whole.  Member 1
 * complements member 0: the default mode schedule spends most of its
 * time in stable mode ('modestable'), so with two workers the second
 * searches in focused mode only (stable only there, the two workers
 * repeated much the same search), and its walks that end near a model
 * grow to sixteen times the effort (member 0's to four times: 'walk.c'):
 * on random k-SAT with long clauses (k = 5 to 7) near the threshold,
 * local search finds the models CDCL does not; on formulas where the
 * walks end far from a model, they sit out as member 0's do
 * (bench/RESULTS.md, "Random k-SAT with large k" and "Walks near a
 * model"). */

#include "internal.h"

#define MAX_SETTINGS 5

static const char *const settings[][MAX_SETTINGS] = {
    {0},
    {"--stable=0", "--target=1", "--walkboost=4", 0},
    {"--stable=2", "--phase=0", 0},
    {"--phase=0", "--modeinit=300", 0},
    {"--rephaserandom", "--walkinitially", 0},
    {"--stable=2", "--reluctantint=512", "--tier1=3", 0},
    {"--chrono=0", "--eliminateeffort=300", "--vivifyeffort=300", 0},
    {"--reusetrail=0", "--restartmargin=20", "--probeeffort=150", 0},
};

#define SETTINGS (sizeof settings / sizeof *settings)

int einsat_diversify (einsat *solver, int index) {
  ES_REQUIRE (solver, "solver is NULL");
  ES_REQUIRE (index >= 0, "negative index %d", index);
  for (const char *const *o = settings[(unsigned) index % SETTINGS]; *o;
       o++)
    if (einsat_parse_option (solver, *o) != 1)
      es_fatal (solver, "invalid diversification option '%s'", *o);
  if (index) {
    int seed = GET_OPTION (seed);
    solver->opts.seed = (int) (((unsigned) seed + (unsigned) index) &
                               (unsigned) INT32_MAX);
    solver->opts.shuffle = 1;
  }
  solver->diversification = index;
  return (int) SETTINGS;
}

/* A random order of the active variables in both decision heuristics:
 * the queue in that order, and scores below any bump (the first bump
 * adds 1) in that order on the heap. */
void es_shuffle (einsat *solver) {
  unsigned n = 0, *order = es_malloc (solver, solver->vars * sizeof *order);
  for (unsigned idx = 0; idx < solver->vars; idx++)
    if (FLAGS (idx)->active)
      order[n++] = idx;
  for (unsigned i = n; i > 1; i--) {
    unsigned j = es_random_below (&solver->random, i), t = order[i - 1];
    order[i - 1] = order[j], order[j] = t;
  }
  heap *h = &solver->scores;
  for (unsigned i = 0; i < n; i++) {
    unsigned idx = order[i];
    es_queue_dequeue (solver, idx);
    es_queue_enqueue (solver, idx);
    if (h->score[idx] < 1e-3) {
      h->score[idx] = 1e-3 * (i + 1) / n;
      es_heap_update (solver, h, idx);
    }
  }
  es_free (solver, order, solver->vars * sizeof *order);
  LOG ("shuffled %u variables", n);
}
