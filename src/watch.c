/* Maintaining watch lists.  Large clauses are watched by their first two
 * literals; binary clauses are watched by both literals and nothing
 * else. */

#include "internal.h"

void es_watch_clause (einsat *solver, unsigned ref) {
  clause *c = CLAUSE (ref);
  assert (!c->garbage && c->size > 2 && !solver->dense);
  unsigned a = c->lits[0], b = c->lits[1];
  PUSH_STACK (WATCHES (a), ((watch) {b, ref}));
  PUSH_STACK (WATCHES (b), ((watch) {a, ref}));
}

/* Whether the irredundant binary clause (a | b) exists: its watch is in
 * both lists, so the shorter one is searched. */
bool es_has_irredundant_binary (einsat *solver, unsigned a, unsigned b) {
  if (SIZE_STACK (WATCHES (b)) < SIZE_STACK (WATCHES (a))) {
    unsigned t = a;
    a = b, b = t;
  }
  for (all_stack (watch, w, WATCHES (a)))
    if (w.ref == IRREDUNDANT_BINARY && w.blit == b)
      return true;
  return false;
}

void es_remove_watch (einsat *solver, unsigned lit, watch w) {
  watches *ws = &WATCHES (lit);
  watch *p = ws->begin, *end = ws->end;
  while (p != end && (p->ref != w.ref || p->blit != w.blit))
    p++;
  assert (p != end);
  for (watch *q = p + 1; q != end; q++)
    q[-1] = *q;
  ws->end--;
}

void es_remove_large_watch (einsat *solver, unsigned lit, unsigned ref) {
  watches *ws = &WATCHES (lit);
  watch *p = ws->begin, *end = ws->end;
  while (p != end && p->ref != ref)
    p++;
  assert (p != end);
  for (watch *q = p + 1; q != end; q++)
    q[-1] = *q;
  ws->end--;
}

void es_flush_large_watches (einsat *solver) {
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++) {
    watches *ws = solver->watches + lit;
    watch *q = ws->begin;
    for (watch *p = ws->begin; p != ws->end; p++)
      if (IS_BINARY (*p))
        *q++ = *p;
    if (ws->end != q) /* no write to an empty list (see 'propagate.c') */
      ws->end = q;
  }
}

static void watch_all (einsat *solver, unsigneds *refs) {
  for (all_stack (unsigned, ref, *refs))
    if (!CLAUSE (ref)->garbage)
      es_watch_clause (solver, ref);
}

void es_watch_large_clauses (einsat *solver) {
  watch_all (solver, &solver->irredundant);
  watch_all (solver, &solver->redundant);
}
