/* Checking a model: every clause of the formula must contain a literal
 * that the model makes true.  A variable the model does not mention is
 * unassigned and satisfies nothing, except that a tautological clause is
 * accepted as satisfied (every completion of the model satisfies it).  A
 * model giving both signs of a variable is wrong.  Only the first failing
 * clause is printed, with the count of all failing clauses.
 */

#include "check.h"

#include <inttypes.h>
#include <stdio.h>

static bool model_satisfies (const struct model *m, unsigned literal) {
  unsigned value = sparse_get (&m->values, VARIABLE (literal));
  return value == (NEGATIVE (literal) ? MODEL_FALSE : MODEL_TRUE);
}

static bool satisfied (const struct model *m, const struct clause *c) {
  if (c->tautology)
    return true;
  for (unsigned i = 0; i < c->size; i++)
    if (model_satisfies (m, c->literals[i]))
      return true;
  return false;
}

static unsigned count_unassigned (const struct formula *f,
                                  const struct model *m) {
  unsigned res = 0;
  unsigned variables = f->max_variable > f->header_variables
                           ? f->max_variable
                           : f->header_variables;
  for (unsigned v = 1; v <= variables; v++)
    if (!sparse_get (&m->values, v))
      res++;
  return res;
}

int check_model (const struct formula *f, const struct model *m,
                 bool verbose) {
  if (m->contradiction) {
    fprintf (stderr,
             PROGRAM ": model contains both %d and -%d (line %" PRIu64 ")\n",
             m->contradiction, m->contradiction, m->contradiction_line);
    printf ("s MODEL NOT OK\n");
    return EXIT_CHECK_FAILED;
  }
  if (m->max_variable > f->header_variables)
    warning ("model assigns variable %u beyond the %u variables of the "
             "header",
             m->max_variable, f->header_variables);
  const struct clause *first = 0;
  size_t failed = 0;
  for (size_t i = 0; i < f->clauses.size; i++) {
    const struct clause *c = f->clauses.begin[i];
    if (satisfied (m, c))
      continue;
    if (!first)
      first = c;
    failed++;
  }
  if (verbose) {
    printf ("c checked %zu clauses\n", f->clauses.size);
    printf ("c %u variables of the formula are unassigned\n",
            count_unassigned (f, m));
  }
  if (first) {
    fflush (stdout);
    fprintf (stderr, PROGRAM ": clause %" PRIu64 " (line %" PRIu64
                     ") not satisfied: ",
             first->id, first->line);
    print_clause (first);
    if (failed > 1)
      fprintf (stderr, " (and %zu more unsatisfied clauses)", failed - 1);
    fputc ('\n', stderr);
    printf ("s MODEL NOT OK\n");
    return EXIT_CHECK_FAILED;
  }
  printf ("s MODEL OK\n");
  return EXIT_CHECKED_OK;
}
