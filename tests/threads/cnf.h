/* Formulas for the thread tests as flat zero-terminated literal lists:
 * random 3-SAT, loading into a solver, checking a model, and the answer
 * of a fresh sequential solver under assumptions. */

#ifndef EINSAT_TESTS_THREADS_CNF_H
#define EINSAT_TESTS_THREADS_CNF_H

#include "../common/oracle.h"
#include "einsat.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct cnf {
  int vars;
  int *lits;
  size_t size, capacity;
} cnf;

static inline void cnf_push (cnf *f, int lit) {
  if (f->size == f->capacity) {
    f->capacity = f->capacity ? 2 * f->capacity : 1024;
    f->lits = realloc (f->lits, f->capacity * sizeof *f->lits);
    if (!f->lits)
      abort ();
  }
  f->lits[f->size++] = lit;
}

/* Uniform random 3-SAT near the threshold: a few thousand conflicts for
 * 'vars' around 150, about half of them unsatisfiable. */
static inline void random_3sat (cnf *f, uint64_t *rng, int vars,
                                int clauses) {
  f->vars = vars;
  f->size = 0;
  for (int c = 0; c < clauses; c++) {
    int picked[3];
    oracle_distinct_vars (rng, vars, 3, picked);
    for (int i = 0; i < 3; i++)
      cnf_push (f, oracle_below (rng, 2) ? picked[i] : -picked[i]);
    cnf_push (f, 0);
  }
}

static inline void add_cnf (einsat *s, const cnf *f) {
  for (size_t i = 0; i < f->size; i++)
    einsat_add (s, f->lits[i]);
}

static inline bool satisfies (einsat *s, const cnf *f) {
  bool satisfied = false;
  for (size_t i = 0; i < f->size; i++) {
    int lit = f->lits[i];
    if (!lit) {
      if (!satisfied)
        return false;
      satisfied = false;
    } else if (einsat_val (s, lit) == lit)
      satisfied = true;
  }
  return true;
}

/* A fresh sequential solve of 'f' under 'assumptions'. */
static inline int reference (const cnf *f, const int *assumptions, int n) {
  einsat *s = einsat_new ();
  add_cnf (s, f);
  for (int i = 0; i < n; i++)
    einsat_assume (s, assumptions[i]);
  int res = einsat_solve (s);
  einsat_delete (s);
  return res;
}

#endif
