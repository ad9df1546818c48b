/* Clause exchange between ranks, after HordeSat (Balyo, Sanders and Sinz
 * 2015) and Mallob (Schreiber and Sanders 2021): every round each rank
 * contributes a fixed-size buffer of its best recent learned clauses to
 * a collective; all ranks import what the others sent.
 *
 * The solver's export callback files clauses into buckets by quality:
 * units, binary clauses, then by glue (LBD).  A bucket holds at most as
 * many integers as one send buffer: more could never be sent in one
 * round, and what does not fit is dropped (counted), which bounds the
 * memory whatever the solver learns.  Packing takes the buckets best
 * first and empties them: clauses are sent in the round after they were
 * learned or not at all.  A direct-mapped table of hashes of sorted
 * clauses filters duplicates on both sides: a clause sent or received
 * recently is neither sent nor imported again.  A hash collision can only
 * drop a clause, never import a wrong one. */

#include "exchange.h"
#include "einsat.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t exchange_room (size_t buffer, int ranks) {
  if (ranks <= 2)
    return buffer;
  size_t room = (size_t) ((double) buffer * sqrt (2.0 / ranks));
  if (room < EXCHANGE_MIN_ROOM)
    room = buffer < EXCHANGE_MIN_ROOM ? buffer : EXCHANGE_MIN_ROOM;
  return room;
}

bool exchange_init (exchange *e, size_t limit) {
  memset (e, 0, sizeof *e);
  e->limit = limit;
  e->seen = calloc (EXCHANGE_SEEN, sizeof *e->seen);
  if (!e->seen)
    return false;
  pthread_mutex_init (&e->lock, 0);
  return true;
}

void exchange_release (exchange *e) {
  for (int i = 0; i < EXCHANGE_BUCKETS; i++)
    free (e->buckets[i].ints);
  free (e->seen);
  pthread_mutex_destroy (&e->lock);
}

static int bucket_of (int size, int glue) {
  if (size <= 2)
    return size - 1;
  if (glue < 1)
    glue = 1;
  return 1 + (glue < EXCHANGE_MAX_GLUE ? glue : EXCHANGE_MAX_GLUE);
}

/* Appends the record if the bucket has room (growing it up to 'limit'). */
static bool append (bucket *b, size_t limit, const int *lits, int size,
                    int glue) {
  size_t needed = b->size + 2 + (size_t) size;
  if (needed > limit)
    return false;
  if (needed > b->capacity) {
    size_t capacity = b->capacity ? 2 * b->capacity : 256;
    while (capacity < needed)
      capacity *= 2;
    if (capacity > limit)
      capacity = limit;
    int *grown = realloc (b->ints, capacity * sizeof *grown);
    if (!grown)
      return false;
    b->ints = grown;
    b->capacity = capacity;
  }
  b->ints[b->size++] = size;
  b->ints[b->size++] = glue;
  memcpy (b->ints + b->size, lits, (size_t) size * sizeof *lits);
  b->size += (size_t) size;
  return true;
}

void exchange_offer (void *data, const int *lits, int size, int glue) {
  exchange *e = data;
  if (size < 1)
    return; /* an empty clause: the solver answers UNSAT itself */
  pthread_mutex_lock (&e->lock);
  e->exported++;
  if (!append (&e->buckets[bucket_of (size, glue)], e->limit, lits, size,
               glue))
    e->dropped++;
  pthread_mutex_unlock (&e->lock);
}

/*------------------------------------------------------------------------*/

static int compare_ints (const void *p, const void *q) {
  int a = *(const int *) p, b = *(const int *) q;
  return a < b ? -1 : a > b;
}

/* Order-independent: the literals are sorted in a copy first. */
static uint64_t clause_hash (const int *lits, int size) {
  int sorted[64];
  uint64_t h = 0x9e3779b97f4a7c15u ^ (uint64_t) size;
  const int *p = lits;
  if (size <= 64) {
    memcpy (sorted, lits, (size_t) size * sizeof *lits);
    qsort (sorted, (size_t) size, sizeof *sorted, compare_ints);
    p = sorted;
  } /* longer clauses hash in their order: a missed duplicate at worst */
  for (int i = 0; i < size; i++) {
    h ^= (uint64_t) (uint32_t) p[i];
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
  }
  return h ? h : 1;
}

/* True if the clause was seen recently; records it otherwise. */
static bool seen_before (exchange *e, const int *lits, int size) {
  uint64_t h = clause_hash (lits, size);
  uint64_t *slot = e->seen + (h & (EXCHANGE_SEEN - 1));
  if (*slot == h)
    return true;
  *slot = h;
  return false;
}

size_t exchange_pack (exchange *e, int *out, size_t room) {
  size_t used = 0;
  pthread_mutex_lock (&e->lock);
  for (int i = 0; i < EXCHANGE_BUCKETS; i++) {
    bucket *b = e->buckets + i;
    for (size_t p = 0; p < b->size; p += 2 + (size_t) b->ints[p]) {
      int size = b->ints[p];
      const int *lits = b->ints + p + 2;
      if (used + 2 + (size_t) size > room)
        continue; /* a shorter one may still fit */
      if (seen_before (e, lits, size)) {
        e->duplicates++;
        continue;
      }
      memcpy (out + used, b->ints + p, (2 + (size_t) size) * sizeof *out);
      used += 2 + (size_t) size;
      e->sent++;
    }
    b->size = 0;
  }
  pthread_mutex_unlock (&e->lock);
  return used;
}

bool exchange_unpack (exchange *e, void *solver, const int *in,
                      size_t size) {
  for (size_t p = 0; p < size;) {
    if (p + 2 > size || in[p] < 1 || (size_t) in[p] > size - p - 2)
      return false;
    int lits = in[p], glue = in[p + 1];
    const int *clause = in + p + 2;
    for (int i = 0; i < lits; i++)
      if (!clause[i] || clause[i] == INT32_MIN)
        return false;
    p += 2 + (size_t) lits;
    e->received++;
    if (seen_before (e, clause, lits)) {
      e->duplicates++;
      continue;
    }
    if (einsat_import (solver, clause, lits, glue))
      e->imported++;
  }
  return true;
}
