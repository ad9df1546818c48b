/* Maintaining watch lists.  Large clauses are watched by their first two
 * literals; binary clauses are watched by both literals and nothing
 * else.
 *
 * Memory: a big formula has millions of short lists (a few watches per
 * literal), and one allocator block per list cost 8-16 bytes of the
 * allocator's own per block, as much as a third of the list.  Kissat keeps
 * all lists in one arena with offsets, which moves every list when the
 * arena grows, so propagation has to re-read its list after each push.
 * Here the blocks of lists of up to 'WATCH_POOL_MAX' watches come from a
 * pool of the solver instead (the size classes of slab allocators such
 * as jemalloc's, with one free list per class): no header per block, the
 * blocks a list leaves behind when it grows are reused by the solver's
 * next list of that size, and a block never moves while it is a list's,
 * so propagation is unchanged.  The classes are exact up to 16 watches
 * (where the lists of big formulas are) and then at most 1/8 above the
 * request (dense mode reserves exactly, see 'dense.c'); the chunks grow
 * from 4 KiB to 1 MiB, and the rest of a chunk too short for a request
 * goes to the free lists, so that nothing is lost.
 *
 * Free lists only help if a block of the same class is asked for again:
 * when dense mode grows every list to its occurrence count, the blocks
 * left behind would stay unused.  So at that moment
 * ('es_reserve_all_watches') the pool is compacted instead if that pays:
 * the live watches of the pooled lists are copied aside, the chunks are
 * refilled from their start, list by list, each list at its new size, and
 * the chunks no longer needed are given back.  All chunks are charged to
 * the solver ('alloc.c') and given back when it is deleted. */

#include "internal.h"

#include <string.h>

#define FIRST_CHUNK_WATCHES ((size_t) 4096 / sizeof (watch))
#define MAX_CHUNK_WATCHES (((size_t) 1 << 20) / sizeof (watch))
#define FIRST_LIST_CAPACITY 4u /* 32 bytes, as 'es_grow' starts */

/* The size class of a pooled capacity (rounded up)... */
static inline unsigned pool_class (size_t capacity) {
  assert (0 < capacity && capacity <= WATCH_POOL_MAX);
  if (capacity <= 16)
    return (unsigned) capacity - 1;
  if (capacity <= 32)
    return 16 + (unsigned) (capacity - 17) / 2;
  return 24 + (unsigned) (capacity - 33) / 4;
}

/* ... and the capacity of a class. */
static inline size_t class_capacity (unsigned c) {
  assert (c < WATCH_POOL_CLASSES);
  if (c < 16)
    return c + 1;
  if (c < 24)
    return 18 + 2 * (size_t) (c - 16);
  return 36 + 4 * (size_t) (c - 24);
}

/* The capacity a list asking for 'capacity' watches gets. */
static inline size_t block_capacity (size_t capacity) {
  if (!capacity || capacity > WATCH_POOL_MAX)
    return capacity;
  return class_capacity (pool_class (capacity));
}

size_t es_watch_block_capacity (size_t capacity) {
  return block_capacity (capacity);
}

size_t es_watch_class_capacity (unsigned c) { return class_capacity (c); }

static inline bool pooled (size_t capacity) {
  return capacity && capacity <= WATCH_POOL_MAX;
}

/* Free blocks are linked through their first slot (8 bytes, a watch). */
static void push_free (watch_pool *pool, watch *block, size_t capacity) {
  unsigned c = pool_class (capacity);
  assert (class_capacity (c) == capacity);
  free_watches *free_block = (free_watches *) (void *) block;
  free_block->next = pool->free[c];
  pool->free[c] = free_block;
}

static inline size_t uncarved (const watch_pool *pool) {
  return pool->next ? (size_t) (pool->end - pool->next) : 0;
}

/* The rest of the current chunk goes to the free lists, largest blocks
 * first (every capacity up to 16 is a class, so nothing is left). */
static void carve_rest (watch_pool *pool) {
  size_t rest = uncarved (pool);
  while (rest) {
    size_t capacity = rest < WATCH_POOL_MAX ? rest : WATCH_POOL_MAX;
    unsigned c = pool_class (capacity);
    if (class_capacity (c) > capacity)
      c--;
    capacity = class_capacity (c);
    push_free (pool, pool->next, capacity);
    pool->next += capacity;
    rest -= capacity;
  }
}

static void use_chunk (watch_pool *pool, watch_chunk *chunk) {
  pool->current = chunk;
  pool->next = chunk->room;
  pool->end = chunk->room + chunk->watches;
}

/* A new chunk of 'room' watches, linked after 'last' (the last chunk). */
static watch_chunk *add_chunk (einsat *solver, watch_chunk *last,
                               size_t room) {
  watch_pool *pool = &solver->watch_pool;
  assert (!last || !last->next);
  watch_chunk *chunk =
      es_malloc (solver, sizeof *chunk + room * sizeof (watch));
  chunk->next = 0;
  chunk->watches = room;
  if (last)
    last->next = chunk;
  else
    pool->chunks = chunk;
  pool->watches += room;
  return chunk;
}

/* A chunk with room for at least 'minimum' watches: the one after the
 * current one if there is one (see 'compact_pool'), or a new one. */
static void next_chunk (einsat *solver, size_t minimum) {
  watch_pool *pool = &solver->watch_pool;
  carve_rest (pool);
  watch_chunk *current = pool->current;
  watch_chunk *following = current ? current->next : pool->chunks;
  if (following) {
    assert (following->watches >= minimum);
    use_chunk (pool, following);
    return;
  }
  size_t room = pool->chunk_watches;
  room = room ? 2 * room : FIRST_CHUNK_WATCHES;
  if (room > MAX_CHUNK_WATCHES)
    room = MAX_CHUNK_WATCHES;
  pool->chunk_watches = room;
  if (room < minimum)
    room = minimum;
  use_chunk (pool, add_chunk (solver, current, room));
}

static watch *pool_allocate (einsat *solver, size_t capacity) {
  watch_pool *pool = &solver->watch_pool;
  unsigned c = pool_class (capacity);
  assert (class_capacity (c) == capacity);
  free_watches *free_block = pool->free[c];
  if (free_block) {
    pool->free[c] = free_block->next;
    return (watch *) (void *) free_block;
  }
  if (uncarved (pool) < capacity)
    next_chunk (solver, capacity);
  watch *block = pool->next;
  pool->next += capacity;
  return block;
}

static void release_block (einsat *solver, watch *block, size_t capacity) {
  if (!block)
    return;
  if (pooled (capacity))
    push_free (&solver->watch_pool, block, capacity);
  else
    es_free (solver, block, capacity * sizeof *block);
}

/* Moves the list to a block for 'capacity' watches (a block capacity). */
static void move_watches (einsat *solver, watches *ws, size_t capacity) {
  assert (capacity == block_capacity (capacity));
  assert (ws->size <= capacity && capacity <= UINT_MAX);
  watch *old = ws->begin;
  size_t old_capacity = ws->capacity;
  if (!pooled (old_capacity) && !pooled (capacity))
    ws->begin = es_nrealloc (solver, old, old_capacity, capacity,
                             sizeof *old);
  else {
    watch *block = pooled (capacity)
                       ? pool_allocate (solver, capacity)
                       : es_nrealloc (solver, 0, 0, capacity, sizeof *old);
    if (ws->size)
      memcpy (block, old, ws->size * sizeof *old);
    release_block (solver, old, old_capacity);
    ws->begin = block;
  }
  ws->capacity = (unsigned) capacity;
}

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
  capacity = capacity ? 2 * capacity : FIRST_LIST_CAPACITY;
  if (capacity > UINT_MAX)
    capacity = UINT_MAX;
  move_watches (solver, ws, block_capacity (capacity));
}

/* Room for exactly 'capacity' watches (up to the size class), for a list
 * whose size is known in advance: doubling would leave up to half of the
 * block unused. */
void es_reserve_watches (einsat *solver, watches *ws, size_t capacity) {
  if (capacity <= ws->capacity)
    return;
  if (capacity > UINT_MAX)
    es_out_of_memory (solver, SIZE_MAX);
  move_watches (solver, ws, block_capacity (capacity));
}

void es_release_watches (einsat *solver, watches *ws) {
  release_block (solver, ws->begin, ws->capacity);
  ws->begin = 0;
  ws->size = ws->capacity = 0;
}

void es_release_watch_pool (einsat *solver) {
  watch_pool *pool = &solver->watch_pool;
  for (watch_chunk *chunk = pool->chunks, *next; chunk; chunk = next) {
    next = chunk->next;
    es_free (solver, chunk,
             sizeof *chunk + chunk->watches * sizeof (watch));
  }
  memset (pool, 0, sizeof *pool);
}

/*------------------------------------------------------------------------*/
/* Compacting the pool when every list grows (dense mode). */

/* Enough room in the chunks for 'needed' watches in blocks of at most
 * 'WATCH_POOL_MAX', filled from the first chunk on: each chunk may leave
 * up to 'WATCH_POOL_MAX - 1' at its end.  Allocates before anything
 * moves, so that a failure leaves every list as it was. */
static void ensure_pool_room (einsat *solver, size_t needed) {
  watch_pool *pool = &solver->watch_pool;
  size_t usable = 0;
  watch_chunk *last = 0;
  for (watch_chunk *chunk = pool->chunks; chunk; chunk = chunk->next) {
    if (chunk->watches >= WATCH_POOL_MAX)
      usable += chunk->watches - (WATCH_POOL_MAX - 1);
    last = chunk;
  }
  if (usable >= needed)
    return;
  size_t room = needed - usable + WATCH_POOL_MAX;
  if (room < MAX_CHUNK_WATCHES)
    room = MAX_CHUNK_WATCHES;
  add_chunk (solver, last, room);
}

/* Refills the pool from its first chunk: each pooled list gets a block
 * of 'capacity (lit)' watches, in literal order, and keeps its watches
 * (copied aside first); chunks left empty are given back. */
static void compact_pool (einsat *solver, const unsigned *more, size_t live,
                          size_t needed) {
  watch_pool *pool = &solver->watch_pool;
  const size_t lits = 2 * (size_t) solver->vars;
  ensure_pool_room (solver, needed);
  watch *aside = es_nrealloc (solver, 0, 0, live, sizeof *aside);
  watch *p = aside;
  for (size_t lit = 0; lit < lits; lit++) {
    const watches *ws = solver->watches + lit;
    if (pooled (ws->capacity) && ws->size) {
      memcpy (p, ws->begin, ws->size * sizeof *p);
      p += ws->size;
    }
  }
  for (unsigned c = 0; c < WATCH_POOL_CLASSES; c++)
    pool->free[c] = 0;
  if (pool->chunks)
    use_chunk (pool, pool->chunks);
  p = aside;
  for (size_t lit = 0; lit < lits; lit++) {
    watches *ws = solver->watches + lit;
    if (ws->capacity > WATCH_POOL_MAX)
      continue;
    size_t capacity = block_capacity (ws->size + (size_t) more[lit]);
    ws->begin = capacity ? pool_allocate (solver, capacity) : 0;
    ws->capacity = (unsigned) capacity;
    if (ws->size) {
      memcpy (ws->begin, p, ws->size * sizeof *p);
      p += ws->size;
    }
  }
  es_free (solver, aside, live * sizeof *aside);
  watch_chunk *current = pool->current;
  if (!current)
    return;
  for (watch_chunk *chunk = current->next, *next; chunk; chunk = next) {
    next = chunk->next;
    pool->watches -= chunk->watches;
    es_free (solver, chunk,
             sizeof *chunk + chunk->watches * sizeof (watch));
  }
  current->next = 0;
}

/* Room for 'more[lit]' watches more in each list.  Growing each list
 * where it is leaves the blocks of those that grow on the free lists.
 * Compacting the pool copies the live watches of the pooled lists aside
 * for a moment and leaves the pool with room for exactly what the lists
 * need ('needed').  It is chosen if what growing in place would leave
 * unused (the free room of the pool and the blocks left behind) is at
 * least that copy, or if the pool with the copy is no larger than the
 * pool now: on the first elimination round of big random formulas every
 * list grows after the large watches are flushed (nothing to copy), and
 * on formulas of mostly binary clauses the lists that grew from 4 to 8
 * while the formula was read leave as much free room as they hold. */
void es_reserve_all_watches (einsat *solver, const unsigned *more) {
  const size_t lits = 2 * (size_t) solver->vars;
  for (size_t lit = 0; lit < lits; lit++) {
    watches *ws = solver->watches + lit;
    size_t wanted = ws->size + (size_t) more[lit];
    if (ws->capacity > WATCH_POOL_MAX || wanted > WATCH_POOL_MAX)
      es_reserve_watches (solver, ws, wanted);
  }
  size_t live = 0, needed = 0, used = 0, left = 0;
  for (size_t lit = 0; lit < lits; lit++) {
    const watches *ws = solver->watches + lit;
    if (ws->capacity > WATCH_POOL_MAX)
      continue;
    size_t capacity = block_capacity (ws->size + (size_t) more[lit]);
    live += ws->size;
    needed += capacity;
    used += ws->capacity;
    if (capacity > ws->capacity)
      left += ws->capacity;
  }
  const watch_pool *pool = &solver->watch_pool;
  assert (used <= pool->watches);
  if (live <= pool->watches - used + left ||
      live + needed <= pool->watches) {
    compact_pool (solver, more, live, needed);
    return;
  }
  for (size_t lit = 0; lit < lits; lit++) {
    watches *ws = solver->watches + lit;
    es_reserve_watches (solver, ws, ws->size + (size_t) more[lit]);
  }
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
