/* Gate definitions for variable elimination.  If the pivot x is defined
 * by some of its clauses (the gate clauses) as x = l (equivalence),
 * x = AND (l1, ..., lk) (or its dual OR), x = l1 XOR ... XOR lk or
 * x = ITE (c, t, e), then only
 * resolvents between gate and non-gate clauses are needed (Eén and Biere
 * 2005), which makes many more eliminations bounded.  The structural
 * detection follows SatELite, CaDiCaL and Kissat: it looks for the
 * clause patterns among the occurrences gathered in 'eliminate.c'.
 *
 * 'pos' holds the clauses with the pivot x, 'neg' those with NOT x. */

#include "internal.h"

static unsigned binary_other (const occurrence *o) {
  assert (o->ref == INVALID);
  return o->other;
}

static bool is_binary (const occurrence *o) { return o->ref == INVALID; }

/* Marks the other literals of the binary clauses in 'occs'. */
static void mark_binaries (einsat *solver, occurrences *occs,
                           signed char mark) {
  for (all_stack (occurrence, o, *occs))
    if (is_binary (&o))
      solver->marks[binary_other (&o)] = mark;
}

/* x = l: binary clauses (NOT x, l) and (x, NOT l). */
static bool find_equivalence (einsat *solver, elimination *e) {
  mark_binaries (solver, &e->neg, 1);
  bool found = false;
  for (occurrence *p = e->pos.begin; !found && p != e->pos.end; p++) {
    if (!is_binary (p) || !solver->marks[NOT (p->other)])
      continue;
    unsigned l = NOT (p->other);
    LOG ("equivalence gate with %s", LOGLIT (l));
    p->gate = true;
    for (occurrence *q = e->neg.begin; q != e->neg.end; q++)
      if (is_binary (q) && q->other == l) {
        q->gate = true;
        break;
      }
    found = true;
  }
  mark_binaries (solver, &e->neg, 0);
  return found;
}

/* y = AND (l1, ..., lk) for y = 'output': the binary clauses (NOT y, li)
 * are in 'implications' (the clauses with NOT y) and the clause (y, NOT
 * l1, ..., NOT lk) in 'definitions' (the clauses with y). */
static bool find_and (einsat *solver, unsigned output,
                      occurrences *implications, occurrences *definitions) {
  signed char *marks = solver->marks;
  mark_binaries (solver, implications, 1);
  bool found = false;
  for (occurrence *p = definitions->begin;
       !found && p != definitions->end; p++) {
    if (is_binary (p))
      continue;
    clause *c = CLAUSE (p->ref);
    bool all = true;
    for (all_literals_in_clause (lit, c))
      if (lit != output && !marks[NOT (lit)]) {
        all = false;
        break;
      }
    if (!all)
      continue;
    found = true;
    p->gate = true;
    for (all_literals_in_clause (lit, c))
      if (lit != output)
        marks[NOT (lit)] = 2; /* used by the gate */
    for (occurrence *q = implications->begin; q != implications->end; q++)
      if (is_binary (q) && marks[q->other] == 2)
        q->gate = true;
  }
  for (all_stack (occurrence, o, *implications))
    if (is_binary (&o))
      marks[o.other] = 0;
  return found;
}

/* The two literals of a ternary clause besides 'pivot', or false. */
static bool ternary (einsat *solver, const occurrence *o, unsigned pivot,
                     unsigned *a, unsigned *b) {
  if (is_binary (o))
    return false;
  clause *c = CLAUSE (o->ref);
  if (c->size != 3)
    return false;
  unsigned others[2], k = 0;
  for (all_literals_in_clause (lit, c))
    if (lit != pivot && k < 2)
      others[k++] = lit;
  if (k != 2)
    return false;
  *a = others[0];
  *b = others[1];
  return true;
}

static occurrence *find_ternary (einsat *solver, occurrences *occs,
                                 unsigned pivot, unsigned a, unsigned b) {
  for (occurrence *o = occs->begin; o != occs->end; o++) {
    unsigned c, d;
    if (ternary (solver, o, pivot, &c, &d) &&
        ((c == a && d == b) || (c == b && d == a)))
      return o;
  }
  return 0;
}

/* x = ITE (a, t, f): (NOT x, NOT a, t), (NOT x, a, f), (x, NOT a, NOT t),
 * (x, a, NOT f). */
static bool find_ite (einsat *solver, unsigned x, elimination *e) {
  unsigned limit = 64;
  for (occurrence *p = e->neg.begin; p != e->neg.end && limit; p++) {
    unsigned a1, b1;
    if (!ternary (solver, p, NOT (x), &a1, &b1))
      continue;
    limit--;
    for (occurrence *q = p + 1; q != e->neg.end; q++) {
      unsigned a2, b2;
      if (!ternary (solver, q, NOT (x), &a2, &b2))
        continue;
      /* Find the condition: a literal of p whose negation is in q. */
      unsigned cond = INVALID, then_lit = INVALID, else_lit = INVALID;
      if (a1 == NOT (a2))
        cond = a2, then_lit = b1, else_lit = b2;
      else if (a1 == NOT (b2))
        cond = b2, then_lit = b1, else_lit = a2;
      else if (b1 == NOT (a2))
        cond = a2, then_lit = a1, else_lit = b2;
      else if (b1 == NOT (b2))
        cond = b2, then_lit = a1, else_lit = a2;
      if (cond == INVALID || then_lit == else_lit ||
          IDX (then_lit) == IDX (cond) || IDX (else_lit) == IDX (cond))
        continue;
      /* p = (NOT x, NOT cond, then), q = (NOT x, cond, else). */
      occurrence *r = find_ternary (solver, &e->pos, x, NOT (cond),
                                    NOT (then_lit));
      occurrence *s = find_ternary (solver, &e->pos, x, cond,
                                    NOT (else_lit));
      if (!r || !s)
        continue;
      p->gate = q->gate = r->gate = s->gate = true;
      return true;
    }
  }
  return false;
}

static void clear_gate_marks (elimination *e) {
  for (occurrence *o = e->pos.begin; o != e->pos.end; o++)
    o->gate = false;
  for (occurrence *o = e->neg.begin; o != e->neg.end; o++)
    o->gate = false;
}

/*------------------------------------------------------------------------*/
/* x XOR l1 XOR ... XOR lk = parity: in CNF the 2^k clauses over x, l1,
 * ..., lk whose number of negated literals has the same parity.  Any two
 * of them with opposite x differ in a second variable too (their
 * parities agree), so their resolvent on x is a tautology and they can
 * serve as gate clauses (Eén and Biere 2005 list XOR among the
 * definitions).  A clause of k + 1 literals is a base: its variables get
 * their position + 1 as mark on both literals, and a clause over the same
 * variables is described by the bit pattern of its negated positions. */

#define MAX_XOR_CLAUSE_SIZE 6 /* 2^6 sign patterns fit into 64 bits */

static unsigned sign_pattern (einsat *solver, clause *c) {
  unsigned pattern = 0;
  for (all_literals_in_clause (lit, c)) {
    signed char position = solver->marks[lit];
    if (!position)
      return INVALID;
    pattern |= NEGATED (lit) << (position - 1);
  }
  return pattern;
}

static bool odd (unsigned pattern) {
  unsigned parity = 0;
  for (; pattern; pattern >>= 1)
    parity ^= pattern & 1;
  return parity;
}

/* Marks the first clause of each sign pattern of the base's parity as
 * gate clause (duplicates stay ordinary clauses). */
static unsigned mark_xor_clauses (einsat *solver, elimination *e,
                                  occurrences *occs, unsigned size,
                                  bool parity, uint64_t *patterns) {
  unsigned found = 0;
  for (occurrence *o = occs->begin; o != occs->end; o++) {
    e->steps++;
    if (is_binary (o) || CLAUSE (o->ref)->size != size)
      continue;
    unsigned pattern = sign_pattern (solver, CLAUSE (o->ref));
    if (pattern == INVALID || odd (pattern) != parity ||
        (*patterns >> pattern & 1))
      continue;
    *patterns |= (uint64_t) 1 << pattern;
    o->gate = true;
    found++;
  }
  return found;
}

static void mark_xor_positions (einsat *solver, clause *base, bool set) {
  signed char position = 0;
  for (all_literals_in_clause (lit, base)) {
    position = set ? position + 1 : 0;
    solver->marks[lit] = solver->marks[NOT (lit)] = position;
  }
}

static bool xor_with_base (einsat *solver, elimination *e, clause *base) {
  mark_xor_positions (solver, base, true);
  bool parity = odd (sign_pattern (solver, base));
  uint64_t patterns = 0;
  unsigned found =
      mark_xor_clauses (solver, e, &e->pos, base->size, parity, &patterns);
  found += mark_xor_clauses (solver, e, &e->neg, base->size, parity,
                             &patterns);
  mark_xor_positions (solver, base, false);
  if (found == 1u << (base->size - 1))
    return true;
  clear_gate_marks (e);
  return false;
}

/* Clauses of each size: a base of size k + 1 needs 2^(k-1) clauses of
 * that size on both sides, which rules out most bases without a scan. */
static void count_sizes (einsat *solver, occurrences *occs,
                         unsigned *counts) {
  for (unsigned size = 0; size <= MAX_XOR_CLAUSE_SIZE; size++)
    counts[size] = 0;
  for (occurrence *o = occs->begin; o != occs->end; o++)
    if (!is_binary (o) && CLAUSE (o->ref)->size <= MAX_XOR_CLAUSE_SIZE)
      counts[CLAUSE (o->ref)->size]++;
}

static bool find_xor (einsat *solver, elimination *e) {
  unsigned max_size = (unsigned) GET_OPTION (eliminatexorsize) + 1;
  unsigned pos_sizes[MAX_XOR_CLAUSE_SIZE + 1];
  unsigned neg_sizes[MAX_XOR_CLAUSE_SIZE + 1];
  count_sizes (solver, &e->pos, pos_sizes);
  count_sizes (solver, &e->neg, neg_sizes);
  unsigned limit = 64;
  for (occurrence *p = e->pos.begin; p != e->pos.end && limit; p++) {
    if (is_binary (p))
      continue;
    clause *base = CLAUSE (p->ref);
    unsigned size = base->size;
    if (size > max_size)
      continue;
    unsigned half = 1u << (size - 2);
    if (pos_sizes[size] < half || neg_sizes[size] < half)
      continue;
    limit--;
    if (xor_with_base (solver, e, base))
      return true;
  }
  return false;
}

/*------------------------------------------------------------------------*/

gate_kind es_find_gate (einsat *solver, unsigned pivot, elimination *e) {
  assert (solver->dense && !VALUE (pivot));
#ifndef NDEBUG
  for (all_stack (occurrence, o, e->pos))
    assert (!o.gate);
  for (all_stack (occurrence, o, e->neg))
    assert (!o.gate);
#endif
  if (find_equivalence (solver, e))
    return EQUIVALENCE_GATE;
  if (find_and (solver, pivot, &e->neg, &e->pos))
    return AND_GATE;
  clear_gate_marks (e);
  if (find_and (solver, NOT (pivot), &e->pos, &e->neg))
    return AND_GATE;
  clear_gate_marks (e);
  if (GET_OPTION (eliminatexor) && find_xor (solver, e))
    return XOR_GATE;
  if (find_ite (solver, pivot, e))
    return ITE_GATE;
  clear_gate_marks (e);
  return NO_GATE;
}
