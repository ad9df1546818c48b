/* Maintaining watch lists.  Large clauses are watched by their first two
 * literals; binary clauses are watched by both literals and nothing
 * else. */

#include "internal.h"

void es_watch_clause (einsat *solver, unsigned ref) {
  clause *c = CLAUSE (ref);
  assert (!c->garbage && c->size > 2 && !solver->dense);
  unsigned a = c->lits[0], b = c->lits[1];
  PUSH_WATCHES (WATCHES (a), ((watch) {b, ref}));
  PUSH_WATCHES (WATCHES (b), ((watch) {a, ref}));
}

/* Doubles the capacity (as 'es_grow' does for stacks), within the 32-bit
 * count of the header. */
void es_enlarge_watches (einsat *solver, watches *ws) {
  size_t capacity = ws->capacity;
  if (capacity == UINT_MAX)
    es_out_of_memory (solver, SIZE_MAX);
  ws->begin = es_grow (solver, ws->begin, sizeof *ws->begin, &capacity,
                       capacity + 1);
  ws->capacity = capacity > UINT_MAX ? UINT_MAX : (unsigned) capacity;
}

/* Room for exactly 'capacity' watches, for a list whose size is known
 * in advance: doubling would leave up to half of the block unused. */
void es_reserve_watches (einsat *solver, watches *ws, size_t capacity) {
  if (capacity <= ws->capacity)
    return;
  if (capacity > UINT_MAX)
    es_out_of_memory (solver, SIZE_MAX);
  ws->begin = es_nrealloc (solver, ws->begin, ws->capacity, capacity,
                           sizeof *ws->begin);
  ws->capacity = (unsigned) capacity;
}

void es_release_watches (einsat *solver, watches *ws) {
  es_free (solver, ws->begin, ws->capacity * sizeof *ws->begin);
  ws->begin = 0;
  ws->size = ws->capacity = 0;
}

/* Whether the irredundant binary clause (a | b) exists: its watch is in
 * both lists, so the shorter one is searched. */
bool es_has_irredundant_binary (einsat *solver, unsigned a, unsigned b) {
  if (SIZE_WATCHES (WATCHES (b)) < SIZE_WATCHES (WATCHES (a))) {
    unsigned t = a;
    a = b, b = t;
  }
  for (all_watches (w, WATCHES (a)))
    if (w.ref == IRREDUNDANT_BINARY && w.blit == b)
      return true;
  return false;
}

void es_remove_watch (einsat *solver, unsigned lit, watch w) {
  watches *ws = &WATCHES (lit);
  watch *p = BEGIN_WATCHES (*ws), *end = END_WATCHES (*ws);
  while (p != end && (p->ref != w.ref || p->blit != w.blit))
    p++;
  assert (p != end);
  for (watch *q = p + 1; q != end; q++)
    q[-1] = *q;
  ws->size--;
}

void es_remove_large_watch (einsat *solver, unsigned lit, unsigned ref) {
  watches *ws = &WATCHES (lit);
  watch *p = BEGIN_WATCHES (*ws), *end = END_WATCHES (*ws);
  while (p != end && p->ref != ref)
    p++;
  assert (p != end);
  for (watch *q = p + 1; q != end; q++)
    q[-1] = *q;
  ws->size--;
}

void es_flush_large_watches (einsat *solver) {
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++) {
    watches *ws = solver->watches + lit;
    watch *q = BEGIN_WATCHES (*ws), *end = END_WATCHES (*ws);
    for (watch *p = q; p != end; p++)
      if (IS_BINARY (*p))
        *q++ = *p;
    if (end != q) /* no write to an empty list (see 'propagate.c') */
      SET_END_WATCHES (*ws, q);
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
