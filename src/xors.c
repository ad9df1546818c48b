/* Finding XOR constraints among the irredundant clauses, for Gaussian
 * elimination ('gauss.c') and congruence closure ('congruence.c').  An
 * XOR constraint
 *
 *   x_1 ^ ... ^ x_k = b
 *
 * is encoded in CNF by the 2^(k-1) clauses over its k variables whose
 * number of negative literals has the parity 1 - b: each clause rules out
 * one assignment of the wrong parity.  Such clause sets are found from
 * each clause through the occurrences of its rarest variable, which
 * needs dense mode (the watch lists are occurrence lists then).
 *
 * The XORs are pushed as: the number of variables k, the right-hand side
 * b, the k variables. */

#include "internal.h"

typedef struct xor_search {
  unsigneds *xors;
  uint64_t *steps;
  unsigned found;
} xor_search;

static unsigned parity (unsigned pattern) {
  return (unsigned) __builtin_parity (pattern);
}

static unsigned variable_occurrences (einsat *solver, unsigned idx) {
  return (unsigned) (SIZE_WATCHES (WATCHES (LIT (idx))) +
                     SIZE_WATCHES (WATCHES (NOT (LIT (idx)))));
}

/* The sign pattern of clause 'd' over the positions marked for the
 * clause at hand: bit 'i' is set if the variable at position 'i' occurs
 * negatively; INVALID if 'd' has a variable without position. */
static unsigned sign_pattern (einsat *solver, clause *d) {
  const signed char *marks = solver->marks;
  unsigned pattern = 0;
  for (all_literals_in_clause (lit, d)) {
    int position = marks[LIT (IDX (lit))];
    if (!position)
      return INVALID;
    pattern |= (lit & 1u) << (position - 1);
  }
  return pattern;
}

static void push_xor (einsat *solver, xor_search *search, unsigned size,
                      unsigned rhs, const unsigned *lits) {
  PUSH_STACK (*search->xors, size);
  PUSH_STACK (*search->xors, rhs);
  for (unsigned i = 0; i < size; i++)
    PUSH_STACK (*search->xors, IDX (lits[i]));
  search->found++;
}

/* Adds the XOR of 'c' if the clauses over the same variables with the
 * sign parity of 'c' cover every pattern of that parity.  Each XOR is
 * taken from its clause with the smallest pattern only, so a scan gives
 * up on meeting a smaller one. */
static void find_xor_of_clause (einsat *solver, xor_search *search,
                                clause *c) {
  unsigned size = c->size, rarest = INVALID, rarest_occurrences = 0;
  signed char *marks = solver->marks;
  for (all_literals_in_clause (lit, c)) {
    unsigned idx = IDX (lit);
    unsigned occs = variable_occurrences (solver, idx);
    if (rarest == INVALID || occs < rarest_occurrences)
      rarest = idx, rarest_occurrences = occs;
  }
  /* Positions in the order of the variables, the same for every clause
   * of the XOR, so that they agree on which one has the smallest. */
  for (all_literals_in_clause (lit, c)) {
    unsigned position = 1;
    for (all_literals_in_clause (other, c))
      position += IDX (other) < IDX (lit);
    marks[LIT (IDX (lit))] = (signed char) position;
  }
  unsigned own = sign_pattern (solver, c);
  uint64_t found[4] = {0, 0, 0, 0}; /* at most 8 variables: 2^8 patterns */
  unsigned count = 0, needed = 1u << (size - 1);
  bool smallest = true;
  for (unsigned sign = 0; smallest && sign < 2; sign++) {
    watches *ws = &WATCHES (LIT (rarest) ^ sign);
    *search->steps += SIZE_WATCHES (*ws);
    for (all_watches (w, *ws)) {
      if (IS_BINARY (w))
        continue;
      clause *d = CLAUSE (w.ref);
      if (d->size != size || d->garbage)
        continue;
      *search->steps += size;
      unsigned pattern = sign_pattern (solver, d);
      if (pattern == INVALID || parity (pattern) != parity (own))
        continue;
      if (pattern < own) {
        smallest = false;
        break;
      }
      uint64_t bit = (uint64_t) 1 << (pattern & 63);
      if (!(found[pattern >> 6] & bit))
        found[pattern >> 6] |= bit, count++;
    }
  }
  for (all_literals_in_clause (lit, c))
    marks[LIT (IDX (lit))] = 0;
  if (smallest && count == needed)
    push_xor (solver, search, size, 1 - parity (own), c->lits);
}

/* The equivalences (a | b) & (-a | -b) or (a | -b) & (-a | b), found
 * from the binary clause with a positive 'a' of the smaller variable. */
static void find_binary_xors (einsat *solver, xor_search *search) {
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    unsigned a = LIT (idx);
    *search->steps += SIZE_WATCHES (WATCHES (a));
    for (all_watches (w, WATCHES (a))) {
      unsigned b = w.blit;
      if (w.ref != IRREDUNDANT_BINARY || IDX (b) < idx ||
          !es_has_irredundant_binary (solver, NOT (a), NOT (b)))
        continue;
      unsigned lits[2] = {a, b};
      push_xor (solver, search, 2, 1 - (b & 1u), lits);
    }
  }
}

unsigned es_find_xors (einsat *solver, unsigneds *xors, unsigned min_size,
                       unsigned max_size, uint64_t *steps, uint64_t limit) {
  assert (solver->dense && 2 <= min_size && max_size <= 8);
  xor_search search = {xors, steps, 0};
  if (min_size <= 2)
    find_binary_xors (solver, &search);
  for (all_stack (unsigned, ref, solver->irredundant)) {
    if (*steps > limit || SIZE_STACK (*xors) > UINT32_MAX / 2 ||
        es_terminating (solver))
      break;
    clause *c = CLAUSE (ref);
    if (!c->garbage && min_size <= c->size && c->size <= max_size)
      find_xor_of_clause (solver, &search, c);
  }
  return search.found;
}
