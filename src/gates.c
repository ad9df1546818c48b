/* Gate definitions for variable elimination.  If the pivot x is defined
 * by some of its clauses (the gate clauses) as x = l (equivalence),
 * x = AND (l1, ..., lk) (or its dual OR), or x = ITE (c, t, e), then only
 * resolvents between gate and non-gate clauses are needed (Eén and Biere
 * 2005), which makes many more eliminations bounded.  The structural
 * detection follows SatELite, CaDiCaL and Kissat: it looks for the
 * clause patterns among the occurrences gathered in 'eliminate.c'.
 *
 * 'pos' holds the clauses with the pivot x, 'neg' those with NOT x. */

#include "internal.h"

static unsigned binary_other (const occurrence *o) { return o->other; }

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

bool es_find_gate (einsat *solver, unsigned pivot, elimination *e) {
  if (find_equivalence (solver, e))
    return true;
  if (find_and (solver, pivot, &e->neg, &e->pos))
    return true;
  clear_gate_marks (e);
  if (find_and (solver, NOT (pivot), &e->pos, &e->neg))
    return true;
  clear_gate_marks (e);
  if (find_ite (solver, pivot, e))
    return true;
  clear_gate_marks (e);
  return false;
}
