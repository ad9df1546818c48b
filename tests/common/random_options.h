#ifndef RANDOM_OPTIONS_H_INCLUDED
#define RANDOM_OPTIONS_H_INCLUDED

/* Random solver configurations for the randomised tests: small formulas
 * reach reductions, mode switches, rephasing and restarts only with
 * small intervals, so the intervals are drawn small as often as not. */

#include "einsat.h"
#include "oracle.h"

#include <stdio.h>

static inline void set_random_option (einsat *solver, uint64_t *rng,
                                      const char *name, int min,
                                      int max) {
  int value = min + oracle_below (rng, max - min + 1);
  if (!einsat_set_option (solver, name, value)) {
    fprintf (stderr, "could not set option '%s' to %d\n", name, value);
    exit (1);
  }
}

static inline void randomize_options (einsat *solver, uint64_t *rng) {
  einsat_set_option (solver, "check", 1);
  if (oracle_below (rng, 4) == 0)
    return; /* defaults */
  set_random_option (solver, rng, "stable", 0, 2);
  set_random_option (solver, rng, "modeinit", 1, 100);
  set_random_option (solver, rng, "reduceint", 1, 60);
  set_random_option (solver, rng, "reducefraction", 10, 100);
  set_random_option (solver, rng, "rephaseint", 1, 60);
  set_random_option (solver, rng, "reluctantint", 2, 16);
  set_random_option (solver, rng, "restartint", 1, 10);
  set_random_option (solver, rng, "minimize", 0, 1);
  set_random_option (solver, rng, "phase", 0, 1);
  set_random_option (solver, rng, "phasesaving", 0, 1);
  set_random_option (solver, rng, "target", 0, 2);
  set_random_option (solver, rng, "reusetrail", 0, 1);
  set_random_option (solver, rng, "tier1", 1, 3);
  set_random_option (solver, rng, "tier2", 3, 8);
  set_random_option (solver, rng, "seed", 0, 1000);
  set_random_option (solver, rng, "minimizedepth", 1, 20);
  set_random_option (solver, rng, "vivifyint", 1, 100);
  set_random_option (solver, rng, "vivifyeffort", 100, 2000);
  set_random_option (solver, rng, "vivifysort", 0, 1);
  set_random_option (solver, rng, "eliminate", 0, 1);
  set_random_option (solver, rng, "eliminateinit", 0, 30);
  set_random_option (solver, rng, "eliminateint", 1, 100);
  set_random_option (solver, rng, "eliminatebound", 0, 16);
  set_random_option (solver, rng, "eliminatefactor", 0, 2);
  set_random_option (solver, rng, "subsume", 0, 1);
  set_random_option (solver, rng, "chrono", 0, 1);
  set_random_option (solver, rng, "shrink", 0, 3);
  set_random_option (solver, rng, "chronolevels", 0, 3);
  set_random_option (solver, rng, "eliminategates", 0, 1);
  set_random_option (solver, rng, "eliminatexor", 0, 1);
  set_random_option (solver, rng, "eliminatexorsize", 2, 5);
  set_random_option (solver, rng, "block", 0, 1);
  set_random_option (solver, rng, "factor", 0, 1);
  set_random_option (solver, rng, "factorsize", 2, 5);
  set_random_option (solver, rng, "gauss", 0, 1);
  set_random_option (solver, rng, "cardinality", 0, 1);
  set_random_option (solver, rng, "atmostdetect", 0, 1);
  set_random_option (solver, rng, "gaussjordan", 0, 1);
  set_random_option (solver, rng, "gaussxorsize", 2, 8);
  set_random_option (solver, rng, "gaussmineffort", 0, 50);
  set_random_option (solver, rng, "gaussjordansteps", 0, 50);
  set_random_option (solver, rng, "blockocclim", 0, 20);
  set_random_option (solver, rng, "probe", 0, 1);
  set_random_option (solver, rng, "probeint", 1, 100);
  set_random_option (solver, rng, "decompose", 0, 1);
  set_random_option (solver, rng, "hbr", 0, 1);
  set_random_option (solver, rng, "transred", 0, 1);
  set_random_option (solver, rng, "transredeffort", 0, 1000);
  set_random_option (solver, rng, "walk", 0, 1);
  set_random_option (solver, rng, "walkeffort", 0, 100);
  set_random_option (solver, rng, "walkinitially", 0, 1);
  set_random_option (solver, rng, "walkmineffort", 0, 5);
  set_random_option (solver, rng, "enumerate", 0, 1);
  set_random_option (solver, rng, "otfs", 0, 1);
  set_random_option (solver, rng, "minimizebinary", 0, 1);
  set_random_option (solver, rng, "rephaserandom", 0, 1);
  set_random_option (solver, rng, "bumpreasons", 0, 1);
  set_random_option (solver, rng, "bumpreasonslimit", 1, 20);
  set_random_option (solver, rng, "bumpreasonsrate", 1, 20);
  set_random_option (solver, rng, "lucky", 0, 1);
  set_random_option (solver, rng, "congruence", 0, 1);
  set_random_option (solver, rng, "congruencexorsize", 3, 8);
  set_random_option (solver, rng, "congruencemineffort", 0, 50);
  set_random_option (solver, rng, "congruencerepeat", 0, 1);
  set_random_option (solver, rng, "factoryield", 0, 100);
  /* Drawn from a copy of the state, so that the draws of the callers
   * after this (and the coverage their fixed seeds reach) stay as they
   * were before sweeping was added. */
  uint64_t sweep_rng = *rng ^ 0x5357454550ull;
  set_random_option (solver, &sweep_rng, "sweep", 0, 1);
  set_random_option (solver, &sweep_rng, "sweepdepth", 1, 3);
  set_random_option (solver, &sweep_rng, "sweepvars", 2, 64);
  set_random_option (solver, &sweep_rng, "sweepclauses", 2, 200);
  set_random_option (solver, &sweep_rng, "sweepmineffort", 0, 50);
  set_random_option (solver, &sweep_rng, "sweepsearcheffort", 1, 1000);
  /* Likewise for reordering. */
  uint64_t reorder_rng = *rng ^ 0x52454f52444552ull;
  set_random_option (solver, &reorder_rng, "reorder", 0, 2);
  set_random_option (solver, &reorder_rng, "reorderint", 1, 60);
  set_random_option (solver, &reorder_rng, "reordermaxsize", 2, 8);
  /* Likewise for the branching bandit. */
  uint64_t bandit_rng = *rng ^ 0x42414e444954ull;
  set_random_option (solver, &bandit_rng, "bandit", 0, 1);
  set_random_option (solver, &bandit_rng, "banditexplore", 0, 2000);
  /* Likewise for symmetry breaking (off by default): the differential,
   * incremental and enumeration tests check its answers too. */
  uint64_t symmetry_rng = *rng ^ 0x53594d4d45545259ull;
  set_random_option (solver, &symmetry_rng, "symmetry", 0, 1);
}

/* Prints the options differing from their defaults as command line
 * options, so that a failing random configuration can be replayed. */
static inline void print_changed_options (einsat *solver) {
  einsat_option_info info;
  printf ("options:");
  for (int i = 0; einsat_option (i, &info); i++) {
    int value;
    einsat_get_option (solver, info.name, &value);
    if (value != info.default_value)
      printf (" --%s=%d", info.name, value);
  }
  printf ("\n");
  fflush (stdout);
}

#endif
