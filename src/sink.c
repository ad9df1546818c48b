/* One DRAT proof for all workers of a portfolio ('portfolio.c'): the
 * shared proof sink.
 *
 * Every worker writes its proof lines here instead of to a file of its
 * own: literals are mapped to the numbering of the user's formula (a
 * worker's external variable is the ruler's internal variable, which the
 * ruler names as in its own proof), and a lock serializes the lines.
 * Interleaving the lines of several solvers is not enough: a clause one
 * worker deletes may still be needed by another that has a copy (its own
 * derivation of the same clause, an imported one, or the ruler's
 * formula that every worker starts from).  So the sink keeps the
 * multiset of live clauses, a count per clause (its sorted literals):
 * an addition is written when the count goes from 0 to 1, a deletion
 * only when it drops to 0.  The ruler's clauses that the workers copy are
 * registered (not written) before the workers start, once for the ruler
 * and once for each worker.  Other clauses live in the proof (the
 * ruler's units, its other learned clauses, clauses kept for an
 * incremental proof) need no entry: DRAT checkers (drat-trim,
 * einsat-check) delete one copy of a clause per deletion, so a worker
 * that derives such a clause adds a copy and deletes only that one.  An
 * entry for a clause that is not live would be wrong, which is why
 * nothing else is registered.  A clause waiting in an import queue counts
 * as a copy too
 * (the exporter adds the copies before queuing, the importer either
 * keeps the copy as its clause or drops it), so that an imported clause
 * is live in the proof when the importer adds it.  A count that is too
 * high (a worker that never started) only keeps a clause alive longer,
 * which is always sound.
 *
 * Steps that are not implied by unit propagation would be checked
 * against the clauses of all workers and the ruler: workers therefore
 * run without the techniques that write RAT steps over new variables
 * (factoring and counting); their other deletions (elimination, blocked
 * clauses) are ordinary deletions in the multiset.
 *
 * Memory: the table holds every clause live in some worker (learned
 * ones included), so a traced proof costs about one more copy of the
 * clauses.  Allocation failures (which cannot long-jump in a worker's
 * thread while the lock is held) set 'failed', after which the ruler
 * reports the proof as out of memory. */

#include "internal.h"

#include <stdio.h>
#include <string.h>

typedef struct sink_slot {
  uint64_t hash;
  unsigned start, size, count; /* count 0: empty slot */
} sink_slot;

struct sink {
  pthread_mutex_t lock;
  einsat *ruler;
  FILE *file;
  bool binary;
  bool failed;
  einsat_allocator *allocator;
  void *allocator_data;
  sink_slot *slots;
  size_t capacity, entries; /* capacity zero or a power of two */
  int *literals;            /* of the live clauses, one after the other */
  size_t used, allocated, garbage;
  int *clause; /* the sorted clause of the current operation */
  size_t clause_allocated;
  char line[4096]; /* the proof line being written */
  size_t line_size;
};

/*------------------------------------------------------------------------*/
/* Memory (the lock is held or no worker runs). */

static void *reallocate (sink *S, void *ptr, size_t old_bytes,
                         size_t new_bytes) {
  void *res = S->allocator (S->allocator_data, ptr, old_bytes, new_bytes);
  if (new_bytes && !res)
    S->failed = true;
  return res;
}

static bool reserve_ints (sink *S, int **array, size_t *allocated,
                          size_t needed) {
  if (needed <= *allocated)
    return true;
  size_t capacity = *allocated ? *allocated : 256;
  while (capacity < needed)
    capacity *= 2;
  int *res = reallocate (S, *array, *allocated * sizeof (int),
                         capacity * sizeof (int));
  if (!res)
    return false;
  *array = res, *allocated = capacity;
  return true;
}

/*------------------------------------------------------------------------*/
/* Writing lines (see 'proof.c' for the formats). */

static void flush_line (sink *S) {
  if (S->line_size && fwrite (S->line, 1, S->line_size, S->file) !=
                          S->line_size)
    S->failed = true;
  S->line_size = 0;
}

static void put (sink *S, char ch) {
  if (S->line_size == sizeof S->line)
    flush_line (S);
  S->line[S->line_size++] = ch;
}

static void put_literal (sink *S, int lit) {
  if (S->binary) {
    unsigned x = 2u * (unsigned) abs (lit) + (lit < 0);
    while (x & ~0x7fu) {
      put (S, (char) ((x & 0x7f) | 0x80));
      x >>= 7;
    }
    put (S, (char) x);
  } else {
    char digits[16];
    int n = snprintf (digits, sizeof digits, "%d ", lit);
    for (int i = 0; i < n; i++)
      put (S, digits[i]);
  }
}

static void write_line (sink *S, bool deletion, size_t size,
                        const int *lits) {
  if (S->binary)
    put (S, deletion ? 'd' : 'a');
  else if (deletion)
    put (S, 'd'), put (S, ' ');
  for (size_t i = 0; i < size; i++)
    put_literal (S, lits[i]);
  if (S->binary)
    put (S, 0);
  else
    put (S, '0'), put (S, '\n');
  flush_line (S);
}

/*------------------------------------------------------------------------*/
/* The multiset: open addressing with linear probing on the hash of the
 * sorted clause, deletion by shifting back. */

static int compare_ints (const void *p, const void *q) {
  int a = *(const int *) p, b = *(const int *) q;
  return a < b ? -1 : a > b;
}

static uint64_t hash_sorted (const int *lits, size_t size) {
  uint64_t hash = 0x9e3779b97f4a7c15ull * (size + 1);
  for (size_t i = 0; i < size; i++) {
    hash ^= (uint64_t) (uint32_t) lits[i];
    hash *= 0xbf58476d1ce4e5b9ull;
    hash ^= hash >> 31;
  }
  return hash;
}

static size_t find_slot (sink *S, uint64_t hash, size_t size) {
  size_t mask = S->capacity - 1, i = hash & mask;
  for (;;) {
    sink_slot *slot = S->slots + i;
    if (!slot->count)
      return i;
    if (slot->hash == hash && slot->size == size &&
        !memcmp (S->literals + slot->start, S->clause, size * sizeof (int)))
      return i;
    i = (i + 1) & mask;
  }
}

static bool grow_table (sink *S) {
  size_t old_capacity = S->capacity;
  size_t new_capacity = old_capacity ? 2 * old_capacity : 1024;
  sink_slot *old = S->slots;
  sink_slot *slots =
      reallocate (S, 0, 0, new_capacity * sizeof (sink_slot));
  if (!slots)
    return false;
  memset (slots, 0, new_capacity * sizeof (sink_slot));
  for (size_t i = 0; i < old_capacity; i++) {
    if (!old[i].count)
      continue;
    size_t j = old[i].hash & (new_capacity - 1);
    while (slots[j].count)
      j = (j + 1) & (new_capacity - 1);
    slots[j] = old[i];
  }
  reallocate (S, old, old_capacity * sizeof (sink_slot), 0);
  S->slots = slots;
  S->capacity = new_capacity;
  return true;
}

/* Copies the live literals to the front when half of them are garbage. */
static void compact_literals (sink *S) {
  if (S->garbage < S->used / 2)
    return;
  int *compacted = reallocate (S, 0, 0, S->allocated * sizeof (int));
  if (!compacted)
    return; /* the old array still works */
  size_t used = 0;
  for (size_t i = 0; i < S->capacity; i++) {
    sink_slot *slot = S->slots + i;
    if (!slot->count)
      continue;
    memcpy (compacted + used, S->literals + slot->start,
            slot->size * sizeof (int));
    slot->start = (unsigned) used;
    used += slot->size;
  }
  reallocate (S, S->literals, S->allocated * sizeof (int), 0);
  S->literals = compacted;
  S->used = used;
  S->garbage = 0;
}

static void remove_slot (sink *S, size_t i) {
  size_t mask = S->capacity - 1;
  S->garbage += S->slots[i].size;
  S->slots[i].count = 0;
  S->entries--;
  for (size_t j = (i + 1) & mask; S->slots[j].count; j = (j + 1) & mask) {
    size_t home = S->slots[j].hash & mask;
    /* Moves back unless its home lies cyclically in (i, j]. */
    bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
    if (stays)
      continue;
    S->slots[i] = S->slots[j];
    S->slots[j].count = 0;
    i = j;
  }
  compact_literals (S);
}

/* Adds 'copies' to the count of the clause in 'S->clause' (written if
 * it was not live, unless it is 'registered' as live already), or
 * removes one copy (written when the last goes). */
static void update (sink *S, size_t size, int copies, bool registered) {
  qsort (S->clause, size, sizeof (int), compare_ints);
  uint64_t hash = hash_sorted (S->clause, size);
  if (!S->capacity || 2 * (S->entries + 1) > S->capacity)
    if (!grow_table (S))
      return;
  size_t i = find_slot (S, hash, size);
  sink_slot *slot = S->slots + i;
  if (copies < 0) {
    if (slot->count && !--slot->count) {
      write_line (S, true, size, S->clause);
      remove_slot (S, i);
    }
    return; /* unknown: never deleted, which is sound */
  }
  if (slot->count) {
    slot->count += (unsigned) copies;
    return;
  }
  if (!reserve_ints (S, &S->literals, &S->allocated, S->used + size))
    return;
  memcpy (S->literals + S->used, S->clause, size * sizeof (int));
  *slot = (sink_slot) {hash, (unsigned) S->used, (unsigned) size,
                       (unsigned) copies};
  S->used += size;
  S->entries++;
  if (!registered)
    write_line (S, false, size, S->clause);
}

/*------------------------------------------------------------------------*/
/* Literals: a worker's internal literal, a worker's external literal, or
 * a ruler's internal literal, each in the numbering of the proof. */

static int proof_literal_of_worker_external (einsat *ruler, int wlit) {
  unsigned lit = LIT ((unsigned) abs (wlit) - 1);
  return es_proof_literal (ruler, wlit < 0 ? NOT (lit) : lit);
}

static int proof_literal_of_worker (einsat *solver, einsat *ruler,
                                    unsigned ilit) {
  int wlit = es_export_literal (solver, ilit);
  assert (wlit); /* no factoring in workers while tracing */
  return proof_literal_of_worker_external (ruler, wlit);
}

/* Maps and updates under the lock.  Exactly one of 'ilits' (a worker's
 * internal literals), 'wlits' (a worker's external literals) and 'rlits'
 * (the ruler's internal literals) is given. */
static void map_and_update (sink *S, einsat *solver, size_t size,
                            const unsigned *ilits, const int *wlits,
                            const unsigned *rlits, int copies) {
  if (S->failed ||
      !reserve_ints (S, &S->clause, &S->clause_allocated, size + 1))
    return;
  einsat *ruler = S->ruler;
  for (size_t i = 0; i < size; i++)
    S->clause[i] =
        ilits   ? proof_literal_of_worker (solver, ruler, ilits[i])
        : wlits ? proof_literal_of_worker_external (ruler, wlits[i])
                : es_proof_literal (ruler, rlits[i]);
  update (S, size, copies, !solver && rlits);
}

/*------------------------------------------------------------------------*/
/* The entry points. */

/* A worker's proof line ('proof.c'). */
void es_sink_clause (einsat *solver, bool deletion, size_t size,
                     const unsigned *ilits) {
  sink *S = solver->share.sink;
  pthread_mutex_lock (&S->lock);
  map_and_update (S, solver, size, ilits, 0, 0, deletion ? -1 : 1);
  pthread_mutex_unlock (&S->lock);
}

/* The same for a clause in the worker's external literals. */
void es_sink_external (einsat *solver, bool deletion, size_t size,
                       const int *wlits) {
  sink *S = solver->share.sink;
  pthread_mutex_lock (&S->lock);
  map_and_update (S, solver, size, 0, wlits, 0, deletion ? -1 : 1);
  pthread_mutex_unlock (&S->lock);
}

/* 'copies' more references to an exported clause (worker literals). */
void es_sink_copy (sink *S, size_t size, const int *wlits, int copies) {
  pthread_mutex_lock (&S->lock);
  map_and_update (S, 0, size, 0, wlits, 0, copies);
  pthread_mutex_unlock (&S->lock);
}

/* A queued clause that did not become a clause of its importer. */
void es_sink_release (einsat *solver, size_t size, const int *wlits) {
  es_sink_external (solver, true, size, wlits);
}

/* Before the workers start (no lock needed): a clause of the ruler with
 * its number of copies. */
void es_sink_register (sink *S, size_t size, const unsigned *rlits,
                       int copies) {
  map_and_update (S, 0, size, 0, 0, rlits, copies);
}

sink *es_new_sink (einsat *ruler, einsat_allocator *allocator,
                   void *data) {
  sink *S = allocator (data, 0, 0, sizeof *S);
  if (!S)
    return 0;
  memset (S, 0, sizeof *S);
  if (pthread_mutex_init (&S->lock, 0)) {
    allocator (data, S, sizeof *S, 0);
    return 0;
  }
  S->ruler = ruler;
  S->file = ruler->proof;
  S->binary = ruler->proof_binary;
  S->allocator = allocator;
  S->allocator_data = data;
  return S;
}

bool es_sink_failed (sink *S) { return S->failed; }

void es_delete_sink (sink *S) {
  if (!S)
    return;
  reallocate (S, S->slots, S->capacity * sizeof (sink_slot), 0);
  reallocate (S, S->literals, S->allocated * sizeof (int), 0);
  reallocate (S, S->clause, S->clause_allocated * sizeof (int), 0);
  fflush (S->file);
  pthread_mutex_destroy (&S->lock);
  S->allocator (S->allocator_data, S, sizeof *S, 0);
}
