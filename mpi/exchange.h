/* Clause exchange between MPI ranks ('exchange.c'): what a rank's solver
 * exports waits in bounded buckets until the next round, when the best
 * clauses fill the rank's fixed-size slot of the collective buffer. */

#ifndef EINSAT_MPI_EXCHANGE_H
#define EINSAT_MPI_EXCHANGE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* Buckets, best first: units, binary clauses, then one per glue from 1
 * to EXCHANGE_MAX_GLUE. */
#define EXCHANGE_MAX_GLUE 6
#define EXCHANGE_BUCKETS (2 + EXCHANGE_MAX_GLUE)

typedef struct bucket {
  int *ints; /* records: size, glue, literals */
  size_t size, capacity;
} bucket;

/* Recently sent or received clauses, by a hash of their sorted
 * literals, direct-mapped: a bounded, forgetting duplicate filter. */
#define EXCHANGE_SEEN (1u << 18)

typedef struct exchange {
  pthread_mutex_t lock; /* 'buckets' and the counters below */
  bucket buckets[EXCHANGE_BUCKETS];
  size_t limit;      /* integers per bucket (the send buffer's size) */
  uint64_t exported; /* clauses the solver offered */
  uint64_t dropped;  /* ... that found their bucket full */
  uint64_t *seen;    /* EXCHANGE_SEEN hashes, used by the MPI thread */
  uint64_t sent, received, imported, duplicates; /* MPI thread only */
} exchange;

/* The clause integers one rank sends per round when 'ranks' ranks take
 * part, for a '--buffer' of 'buffer' (its size with two ranks): the
 * slot shrinks with the square root of the rank count, so that what each
 * rank receives and imports per round, 'ranks' slots, grows with the
 * square root of the rank count instead of linearly (after Mallob, whose
 * shared buffer grows sublinearly with the workers).  Never below
 * EXCHANGE_MIN_ROOM: a few clauses always fit. */
#define EXCHANGE_MIN_ROOM 64
size_t exchange_room (size_t buffer, int ranks);

/* False if out of memory. */
bool exchange_init (exchange *, size_t limit);
void exchange_release (exchange *);

/* The export callback of einsat ('einsat_set_export'), 'data' being the
 * exchange: called by the solving thread. */
void exchange_offer (void *data, const int *lits, int size, int glue);

/* Fills 'out' (room for 'room' integers) with records from the buckets,
 * best first, skipping duplicates of what was seen recently, and empties
 * the buckets.  Returns the integers written. */
size_t exchange_pack (exchange *, int *out, size_t room);

/* Imports the records in 'in' ('size' integers) that were not seen
 * recently into 'solver' (an 'einsat *').  False if the records are
 * malformed. */
bool exchange_unpack (exchange *, void *solver, const int *in, size_t size);

#endif
