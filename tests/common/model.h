#ifndef MODEL_H_INCLUDED
#define MODEL_H_INCLUDED

/* Checking a model against clauses given as one array of literals, each
 * clause ended by 0 (the DIMACS order). */

#include "einsat.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

static inline bool model_satisfies_clauses (einsat *solver, const int *lits,
                                            size_t size) {
  bool satisfied = false;
  for (size_t i = 0; i < size; i++) {
    int lit = lits[i];
    if (!lit) {
      if (!satisfied)
        return false;
      satisfied = false;
    } else if (einsat_val (solver, lit) == lit)
      satisfied = true;
  }
  return true;
}

/* Clauses in the same layout, collected by a test before it hands them
 * to a solver (and later checks a model against them). */
typedef struct clause_buffer {
  int lits[1 << 14];
  size_t size;
} clause_buffer;

static inline void clause_buffer_add (clause_buffer *b, int size,
                                      const int *lits) {
  if (b->size + (size_t) size + 1 > sizeof b->lits / sizeof *b->lits) {
    fprintf (stderr, "clause_buffer: too many literals\n");
    exit (1);
  }
  for (int i = 0; i < size; i++)
    b->lits[b->size++] = lits[i];
  b->lits[b->size++] = 0;
}

/* Pigeonhole: 'pigeons' pigeons into one hole fewer, pigeon 'p' in hole
 * 'h' being variable 'first + p * holes + h': UNSAT, and hard for CDCL
 * without factoring.  Returns the last variable. */
static inline int clause_buffer_pigeonhole (clause_buffer *b, int pigeons,
                                           int first) {
  int holes = pigeons - 1, in[64];
  if (holes < 1 || holes > 64) {
    fprintf (stderr, "clause_buffer_pigeonhole: %d holes\n", holes);
    exit (1);
  }
  for (int p = 0; p < pigeons; p++) {
    for (int h = 0; h < holes; h++)
      in[h] = first + p * holes + h;
    clause_buffer_add (b, holes, in);
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++)
        clause_buffer_add (b, 2,
                           (int[]) {-(first + p * holes + h),
                                    -(first + q * holes + h)});
  return first + pigeons * holes - 1;
}

static inline void clause_buffer_to_solver (einsat *solver,
                                            const clause_buffer *b) {
  for (size_t i = 0; i < b->size; i++)
    einsat_add (solver, b->lits[i]);
}

static inline bool model_satisfies_buffer (einsat *solver,
                                           const clause_buffer *b) {
  return model_satisfies_clauses (solver, b->lits, b->size);
}

/* Writes clauses in that layout as DIMACS over 'vars' variables. */
static inline bool write_clauses_dimacs (const char *path, int vars,
                                         const int *lits, size_t size) {
  FILE *file = fopen (path, "w");
  if (!file)
    return false;
  size_t clauses = 0;
  for (size_t i = 0; i < size; i++)
    clauses += !lits[i];
  fprintf (file, "p cnf %d %zu\n", vars, clauses);
  for (size_t i = 0; i < size; i++)
    fprintf (file, lits[i] ? "%d " : "%d\n", lits[i]);
  return !fclose (file);
}

/* Does the checker ('einsat-check', MODE "drat" or "lrat") verify the
 * proof of the formula in 'cnf'? */
static inline bool checker_accepts (const char *checker, const char *mode,
                                    const char *cnf, const char *proof) {
  char command[2048];
  snprintf (command, sizeof command, "%s %s %s %s >/dev/null 2>&1",
            checker, mode, cnf, proof);
  return system (command) == 0;
}

#endif
