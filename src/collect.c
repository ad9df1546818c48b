/* Garbage collection of the clause arena: live clauses slide down in
 * place, in address order (as Kissat compacts its arena), the lists of
 * references and the reasons on the trail are forwarded and all
 * large-clause watches are rebuilt.  Copying into a fresh arena, as
 * before, kept the old and the new arena at once, the peak memory of
 * big formulas (bench/RESULTS.md, "Memory beside Kissat").  The arena
 * has holes where clauses shrank, so live clauses are found through the
 * lists of references, marked in a bitmap of clause starts (one bit per
 * arena word, 1/32 of the arena).  The literal order of each clause is
 * kept, so the rebuilt watches satisfy the watch invariant at any
 * decision level. */

#include "internal.h"

#include <string.h>

/* Only once half of the arena is garbage (see 'reduce.c'). */
void es_collect_if_worth (einsat *solver) {
  if (solver->garbage_words > SIZE_STACK (solver->arena) / 2)
    es_collect (solver);
}

/* The replacement search of a clause of three literals always starts
 * at its third ('es_find_replacement'), so only longer clauses have a
 * position to save while 'searched' holds the new reference: on formulas
 * of millions of 3-literal clauses the saved positions were 4 bytes per
 * clause at the moment the arena is largest (bench/RESULTS.md, "Memory
 * beside Kissat, fourth step"). */
#define SEARCHING(C) ((C)->size > 3)

/* Marks the start of each live clause in 'starts', one bit per arena
 * word.  A clause promoted from redundant to irredundant is on both
 * lists until the next collection; it is kept on the irredundant one
 * only.  Returns how many of them have a 'searched' position to save. */
static size_t mark_live (einsat *solver, unsigneds *refs, bool redundant,
                         uint64_t *starts) {
  size_t searching = 0;
  for (all_stack (unsigned, ref, *refs)) {
    clause *c = CLAUSE (ref);
    if (c->garbage || c->redundant != redundant)
      continue;
    size_t start = ref - solver->id_words;
    starts[start / 64] |= (uint64_t) 1 << (start % 64);
    searching += SEARCHING (c);
  }
  return searching;
}

/* The first marked start at or after 'from', or 'words' if none. */
static size_t next_start (const uint64_t *starts, size_t words,
                          size_t from) {
  if (from >= words)
    return words;
  size_t i = from / 64;
  uint64_t bits = starts[i] & (~(uint64_t) 0 << (from % 64));
  const size_t last = (words - 1) / 64;
  while (!bits && i < last)
    bits = starts[++i];
  return bits ? i * 64 + (size_t) __builtin_ctzll (bits) : words;
}

#define all_marked_starts(START, STARTS, WORDS) \
  size_t START = next_start ((STARTS), (WORDS), 0); START < (WORDS); \
  START = next_start ((STARTS), (WORDS), START + 1)

/* Writes each live clause's new reference into its 'searched' field,
 * whose value is saved in 'saved' (in address order) if 'SEARCHING';
 * returns the live words. */
static size_t forward_clauses (einsat *solver, const uint64_t *starts,
                               size_t words, unsigneds *saved) {
  size_t to = 0;
  for (all_marked_starts (start, starts, words)) {
    clause *c = CLAUSE (start + solver->id_words);
    assert (!c->reason);
    assert (SEARCHING (c) || c->searched == 2);
    if (SEARCHING (c))
      PUSH_STACK (*saved, c->searched);
    c->searched = (unsigned) (to + solver->id_words);
    to += ARENA_WORDS (c->size);
  }
  return to;
}

static void forward_references (einsat *solver, unsigneds *refs,
                                bool redundant) {
  unsigned *q = refs->begin;
  for (all_stack (unsigned, ref, *refs)) {
    clause *c = CLAUSE (ref);
    if (!c->garbage && c->redundant == redundant)
      *q++ = c->searched;
  }
  refs->end = q;
}

/* In address order each clause moves down, over garbage or a clause
 * already moved, never over one still to move. */
static void move_clauses (einsat *solver, const uint64_t *starts,
                          size_t words, const unsigneds *saved) {
  unsigned *arena = solver->arena.begin;
  const unsigned *searched = saved->begin;
  for (all_marked_starts (start, starts, words)) {
    clause *c = CLAUSE (start + solver->id_words);
    size_t to = c->searched - solver->id_words;
    c->searched = SEARCHING (c) ? *searched++ : 2;
    if (to != start)
      memmove (arena + to, arena + start,
               ARENA_WORDS (c->size) * sizeof (unsigned));
  }
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

/* The block of the arena after collecting: its part past the live
 * clauses held the clauses now collected, whose pages stay resident
 * (touched) as long as the block keeps them, up to half of the arena
 * (collection waits for half of it to be garbage).  Reallocating the
 * block down to what is needed hands them back (a large block is mapped
 * memory, which the system's realloc shrinks in place); the next
 * learned clause doubles the capacity again, in untouched pages
 * (bench/RESULTS.md, "Memory beside Kissat, fourth step"). */
static void fit_arena (einsat *solver, size_t wanted) {
  unsigneds *arena = &solver->arena;
  const size_t capacity = CAPACITY_STACK (*arena);
  if (capacity <= wanted) {
    RESERVE_STACK (*arena, wanted);
    return;
  }
  const size_t size = SIZE_STACK (*arena);
  arena->begin = es_nrealloc (solver, arena->begin, capacity, wanted,
                              sizeof *arena->begin);
  arena->end = arena->begin + size;
  arena->allocated = arena->begin + wanted;
}

void es_collect (einsat *solver) {
  assert (!solver->dense);
  LOG ("collecting %zu garbage words of %zu", solver->garbage_words,
       SIZE_STACK (solver->arena));
  INC (collections);
  /* Both scratch stacks are the solver's, so that an allocation failing
   * here (before anything moved) leaks nothing. */
  size_t words = SIZE_STACK (solver->arena);
  size_t bitmap_words = (words + 63) / 64;
  uint64s *bitmap = &solver->collect_starts;
  RESERVE_STACK (*bitmap, bitmap_words);
  RESIZE_STACK (*bitmap, bitmap_words);
  uint64_t *starts = bitmap->begin;
  if (bitmap_words)
    memset (starts, 0, bitmap_words * sizeof *starts);
  size_t searching = mark_live (solver, &solver->irredundant, false, starts);
  searching += mark_live (solver, &solver->redundant, true, starts);
  unsigneds *saved = &solver->collect_searched;
  CLEAR_STACK (*saved);
  RESERVE_EXACTLY_STACK (*saved, searching + 1);
  size_t live = forward_clauses (solver, starts, words, saved);
  assert (live == words - solver->garbage_words);
  forward_references (solver, &solver->irredundant, false);
  forward_references (solver, &solver->redundant, true);
  forward_reasons (solver);
  move_clauses (solver, starts, words, saved);
  RESIZE_STACK (solver->arena, live);
  /* With room for the clauses of exactly-one constraints ('atmost.c'). */
  fit_arena (solver, live + solver->atmosts.pending_words + 1);
  RELEASE_STACK (*bitmap);
  RELEASE_STACK (*saved);
  solver->garbage_words = 0;
  es_flush_large_watches (solver);
  es_watch_large_clauses (solver);
}
