/* Regression: the teaching trace ('einsat_set_trace') promises external
 * literals, but during 'einsat_enumerate' the internal selector variable
 * of the blocking clauses appears as a decision on literal 0 (and cuts
 * the clauses of blocking-clause events short, where its literal would
 * be exported as 0). */

#include "einsat.h"

#include <stdio.h>

static int zero_decisions, events;

static void on_event (void *data, einsat_event event, int lit, int level,
                      const int *clause) {
  (void) data, (void) level, (void) clause;
  events++;
  if (event == EINSAT_DECIDE && !lit)
    zero_decisions++;
}

static int on_model (void *data, const int *values) {
  (void) data, (void) values;
  return 1;
}

int main (void) {
  einsat *solver = einsat_new ();
  einsat_add (solver, 1);
  einsat_add (solver, 2);
  einsat_add (solver, 0);
  einsat_set_trace (solver, on_event, 0);
  int64_t models = einsat_enumerate (solver, 0, 0, 0, on_model, 0, 0);
  einsat_delete (solver);
  if (models != 3)
    printf ("not ok regress trace during enumeration: %lld models instead "
            "of 3\n",
            (long long) models);
  else if (zero_decisions)
    printf ("not ok regress trace during enumeration: %d decisions on "
            "literal 0 among %d events\n",
            zero_decisions, events);
  else
    printf ("ok regress trace during enumeration\n");
  return 0;
}
