#ifndef ORACLE_H_INCLUDED
#define ORACLE_H_INCLUDED

/* Reference implementations for the tests: random CNF generation and
 * exhaustive search over at most 24 variables.  Deliberately trivial, so
 * that they are obviously right: a clause is a pair of bit masks. */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ORACLE_MAX_VARS 24
#define ORACLE_MAX_CLAUSES 4096
#define ORACLE_MAX_SIZE 64

typedef struct formula {
  int vars, clauses;
  int sizes[ORACLE_MAX_CLAUSES];
  int lits[ORACLE_MAX_CLAUSES][ORACLE_MAX_SIZE];
  uint32_t pos[ORACLE_MAX_CLAUSES], neg[ORACLE_MAX_CLAUSES];
} formula;

static inline uint64_t oracle_next (uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline int oracle_below (uint64_t *state, int n) {
  return (int) (oracle_next (state) % (uint64_t) n);
}

static inline void formula_add (formula *f, int size, const int *lits) {
  int c = f->clauses++;
  f->sizes[c] = size;
  f->pos[c] = f->neg[c] = 0;
  for (int i = 0; i < size; i++) {
    int lit = lits[i];
    f->lits[c][i] = lit;
    if (lit > 0)
      f->pos[c] |= 1u << (lit - 1);
    else
      f->neg[c] |= 1u << (-lit - 1);
  }
}

/* Random clause of the given size, possibly with duplicates and
 * complementary literals (the solver must handle both). */
static inline void formula_add_random (formula *f, uint64_t *rng,
                                       int size) {
  int lits[ORACLE_MAX_SIZE];
  for (int i = 0; i < size; i++) {
    int var = 1 + oracle_below (rng, f->vars);
    lits[i] = oracle_below (rng, 2) ? var : -var;
  }
  formula_add (f, size, lits);
}

/* 'size' distinct random variables of 1..vars (size <= vars). */
static inline void oracle_distinct_vars (uint64_t *rng, int vars, int size,
                                         int *out) {
  for (int i = 0; i < size; i++) {
    int var;
    bool fresh;
    do {
      var = 1 + oracle_below (rng, vars);
      fresh = true;
      for (int j = 0; j < i; j++)
        fresh &= out[j] != var;
    } while (!fresh);
    out[i] = var;
  }
}

typedef void oracle_clause_sink (void *context, int size, const int *lits);

/* The 2^(size-1) clauses of the XOR constraint 'vars[0] ^ ... = rhs' over
 * distinct variables, each clause with its literals in a random order.
 * With 'drop' one clause is left out: the rest is no XOR constraint, and
 * Gaussian elimination must not take it for one. */
static inline void oracle_xor_clauses (uint64_t *rng, int size,
                                       const int *vars, int rhs, bool drop,
                                       oracle_clause_sink *sink,
                                       void *context) {
  int dropped = drop ? oracle_below (rng, 1 << (size - 1)) : -1, index = 0;
  for (unsigned negations = 0; negations < 1u << size; negations++) {
    unsigned odd = 0;
    for (unsigned bits = negations; bits; bits >>= 1)
      odd ^= bits & 1;
    if ((int) odd == rhs) /* rules out an assignment of parity 'odd' */
      continue;
    if (index++ == dropped)
      continue;
    int lits[ORACLE_MAX_SIZE];
    for (int i = 0; i < size; i++)
      lits[i] = negations >> i & 1 ? -vars[i] : vars[i];
    for (int i = size - 1; i > 0; i--) {
      int j = oracle_below (rng, i + 1), t = lits[i];
      lits[i] = lits[j], lits[j] = t;
    }
    sink (context, size, lits);
  }
}

/* A fresh random formula over 'vars' variables with 'clauses' clauses of
 * two to four literals. */
static inline void formula_random (formula *f, uint64_t *rng, int vars,
                                   int clauses) {
  memset (f, 0, sizeof *f);
  f->vars = vars;
  for (int i = 0; i < clauses; i++)
    formula_add_random (f, rng, 2 + oracle_below (rng, 3));
}

static inline bool oracle_satisfies (const formula *f, uint32_t x) {
  for (int c = 0; c < f->clauses; c++)
    if (!((x & f->pos[c]) | (~x & f->neg[c])))
      return false;
  return true;
}

/* Counts the models in which all 'assumed' literals hold (given as masks
 * of variables forced true and false); stops at 'limit' (0 = count all). */
static inline uint64_t oracle_count (const formula *f, uint32_t forced_true,
                                     uint32_t forced_false, uint64_t limit,
                                     uint32_t *witness) {
  uint64_t count = 0;
  uint64_t end = (uint64_t) 1 << f->vars;
  for (uint64_t x = 0; x < end; x++) {
    uint32_t a = (uint32_t) x;
    if ((a & forced_true) != forced_true || (a & forced_false))
      continue;
    if (!oracle_satisfies (f, a))
      continue;
    if (!count && witness)
      *witness = a;
    if (++count == limit)
      break;
  }
  return count;
}

/* Does a model (value of variable v in 'model[v]', positive = true)
 * satisfy every clause? */
static inline bool oracle_check_model (const formula *f, const int *model) {
  for (int c = 0; c < f->clauses; c++) {
    bool satisfied = false;
    for (int i = 0; i < f->sizes[c] && !satisfied; i++) {
      int lit = f->lits[c][i];
      int value = model[abs (lit)];
      satisfied = lit > 0 ? value > 0 : value < 0;
    }
    if (!satisfied)
      return false;
  }
  return true;
}

static inline void formula_print (const formula *f, FILE *file) {
  fprintf (file, "p cnf %d %d\n", f->vars, f->clauses);
  for (int c = 0; c < f->clauses; c++) {
    for (int i = 0; i < f->sizes[c]; i++)
      fprintf (file, "%d ", f->lits[c][i]);
    fprintf (file, "0\n");
  }
}

/* Writes 'f' to the file 'cnf' and runs 'einsat-check MODE cnf proof'
 * (MODE "drat" or "lrat"); true if the proof is verified. */
static inline bool formula_check_proof (const formula *f,
                                        const char *checker,
                                        const char *mode, const char *cnf,
                                        const char *proof) {
  FILE *file = fopen (cnf, "w");
  if (!file)
    return false;
  formula_print (f, file);
  fclose (file);
  char command[2048];
  snprintf (command, sizeof command, "%s %s %s %s >/dev/null 2>&1",
            checker, mode, cnf, proof);
  return system (command) == 0;
}

#endif
