/* IPASIR: a cast-and-forward layer over the native API. */

/* Exported from the hidden-visibility library (see 'internal.h'). */
#pragma GCC visibility push(default)
#include "einsat.h"
#include "ipasir.h"
#pragma GCC visibility pop

const char *ipasir_signature (void) { return einsat_signature (); }
void *ipasir_init (void) { return einsat_new (); }
void ipasir_release (void *solver) { einsat_delete (solver); }
void ipasir_add (void *solver, int lit) { einsat_add (solver, lit); }
void ipasir_assume (void *solver, int lit) { einsat_assume (solver, lit); }

/* IPASIR knows no error result: out of memory reads as 'unknown'. */
int ipasir_solve (void *solver) {
  int res = einsat_solve (solver);
  return res < 0 ? 0 : res;
}

int ipasir_val (void *solver, int lit) { return einsat_val (solver, lit); }

int ipasir_failed (void *solver, int lit) {
  return einsat_failed (solver, lit);
}

void ipasir_set_terminate (void *solver, void *data,
                           int (*terminate) (void *)) {
  einsat_set_terminate (solver, data, terminate);
}

void ipasir_set_learn (void *solver, void *data, int max_length,
                       void (*learn) (void *, int *)) {
  einsat_set_learn (solver, data, max_length, learn);
}
