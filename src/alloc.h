#ifndef ALLOC_H_INCLUDED
#define ALLOC_H_INCLUDED

#include <stddef.h>

struct einsat;

/* Every byte the library uses is charged to its instance and comes from
 * the instance's allocator, so that tests can assert that memory returns
 * to zero and inject allocation failures.  Failures never return: they
 * long-jump to the API entry point (see 'api.c'). */

void *es_malloc (struct einsat *, size_t bytes);
void *es_calloc (struct einsat *, size_t count, size_t size);
void *es_realloc (struct einsat *, void *, size_t old_bytes,
                  size_t new_bytes);
void *es_nrealloc (struct einsat *, void *, size_t old_count,
                   size_t new_count, size_t size);
void es_free (struct einsat *, void *, size_t bytes);
char *es_strdup (struct einsat *, const char *);
void es_freestr (struct einsat *, char *);

/* Grows an array of 'size'-byte elements with capacity '*capacity' to at
 * least 'minimum' elements (doubling), returning the new block. */
void *es_grow (struct einsat *, void *, size_t size, size_t *capacity,
               size_t minimum);

void es_trim_memory (struct einsat *);
_Noreturn void es_out_of_memory (struct einsat *, size_t bytes);

#define NEW_ARRAY(P, N) ((P) = es_calloc (solver, (N), sizeof *(P)))
#define DELETE_ARRAY(P, N) \
  do { \
    es_free (solver, (P), (N) * sizeof *(P)); \
    (P) = 0; \
  } while (0)
#define RESIZE_ARRAY(P, O, N) \
  ((P) = es_nrealloc (solver, (P), (O), (N), sizeof *(P)))

#endif
