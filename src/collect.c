/* Garbage collection of the clause arena: live clauses are copied into a
 * fresh arena (irredundant first, so they stay together in memory), the
 * reasons on the trail are forwarded and all large-clause watches are
 * rebuilt.  The literal order of each clause is kept, so the rebuilt
 * watches satisfy the watch invariant at any decision level. */

#include "internal.h"

#include <string.h>

/* Only once half of the arena is garbage (see 'reduce.c'). */
void es_collect_if_worth (einsat *solver) {
  if (solver->garbage_words > SIZE_STACK (solver->arena) / 2)
    es_collect (solver);
}

/* A clause promoted from redundant to irredundant is on both lists until
 * the next collection; it is kept on the irredundant one only. */
static void copy_clauses (einsat *solver, unsigneds *refs, bool redundant,
                          unsigneds *arena) {
  unsigned *q = refs->begin;
  for (all_stack (unsigned, ref, *refs)) {
    clause *c = CLAUSE (ref);
    if (c->garbage || c->redundant != redundant)
      continue;
    assert (!c->reason);
    size_t words = ARENA_WORDS (c->size), start = SIZE_STACK (*arena);
    size_t new_ref = start + solver->id_words;
    RESERVE_STACK (*arena, start + words);
    RESIZE_STACK (*arena, start + words);
    memcpy (arena->begin + start, (unsigned *) c - solver->id_words,
            words * sizeof (unsigned));
    c->searched = (unsigned) new_ref; /* forwarding address */
    *q++ = (unsigned) new_ref;
  }
  refs->end = q;
}

static void forward_reasons (einsat *solver) {
  for (unsigned i = 0; i < solver->trail_size; i++) {
    assigned *a = VAR (solver->trail[i]);
    if (a->binary || a->reason == INVALID)
      continue;
    assert (!a->level || !CLAUSE (a->reason)->garbage);
    a->reason = a->level ? CLAUSE (a->reason)->searched : INVALID;
  }
}

void es_collect (einsat *solver) {
  assert (!solver->dense);
  LOG ("collecting %zu garbage words of %zu", solver->garbage_words,
       SIZE_STACK (solver->arena));
  INC (collections);
  unsigneds *arena = &solver->new_arena;
  CLEAR_STACK (*arena);
  size_t live = SIZE_STACK (solver->arena) - solver->garbage_words;
  /* With room for the clauses of exactly-one constraints ('atmost.c'). */
  RESERVE_STACK (*arena, live + solver->atmosts.pending_words + 1);
  copy_clauses (solver, &solver->irredundant, false, arena);
  copy_clauses (solver, &solver->redundant, true, arena);
  assert (SIZE_STACK (*arena) <= live);
  forward_reasons (solver);
  RELEASE_STACK (solver->arena);
  solver->arena = *arena;
  INIT_STACK (*arena);
  solver->garbage_words = 0;
  es_flush_large_watches (solver);
  es_watch_large_clauses (solver);
}
