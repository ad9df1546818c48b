/* Allocation charged to the instance.  The allocator is the user's (or
 * the default one around realloc/free); failures long-jump out through
 * 'es_out_of_memory' so that no caller has to check for NULL. */

#include "internal.h"

#include <string.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

/* Under a sanitizer the sanitizer's allocator replaces glibc's malloc. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif

static void *allocate (einsat *solver, void *ptr, size_t old_bytes,
                       size_t new_bytes) {
  void *res = solver->allocator (solver->allocator_data, ptr, old_bytes,
                                 new_bytes);
  if (new_bytes && !res)
    es_out_of_memory (solver, new_bytes);
  solver->memory += new_bytes;
  solver->memory -= old_bytes;
  if (solver->memory > solver->peak_memory)
    solver->peak_memory = solver->memory;
  return res;
}

void *es_malloc (einsat *solver, size_t bytes) {
  return bytes ? allocate (solver, 0, 0, bytes) : 0;
}

/* With the default allocator (around realloc and free) zeroed memory
 * comes from calloc, which leaves the pages of a large block untouched
 * until they are used: an array per literal of which a round touches a
 * few entries costs no memory for the others. */
void *es_calloc (einsat *solver, size_t count, size_t size) {
  if (!count || !size)
    return 0;
  if (count > SIZE_MAX / size)
    es_out_of_memory (solver, SIZE_MAX);
  if (!solver->system_allocator) {
    void *res = es_malloc (solver, count * size);
    memset (res, 0, count * size);
    return res;
  }
  void *res = calloc (count, size);
  if (!res)
    es_out_of_memory (solver, count * size);
  solver->memory += count * size;
  if (solver->memory > solver->peak_memory)
    solver->peak_memory = solver->memory;
  return res;
}

void *es_realloc (einsat *solver, void *ptr, size_t old_bytes,
                  size_t new_bytes) {
  if (!ptr)
    return es_malloc (solver, new_bytes);
  if (!new_bytes) {
    es_free (solver, ptr, old_bytes);
    return 0;
  }
  return allocate (solver, ptr, old_bytes, new_bytes);
}

/* The elements past 'old_count' are not initialized: a large block grown
 * by the system's realloc gets fresh pages, which stay untouched (no
 * memory) until they are used. */
void *es_nrealloc (einsat *solver, void *ptr, size_t old_count,
                   size_t new_count, size_t size) {
  if (new_count > SIZE_MAX / size)
    es_out_of_memory (solver, SIZE_MAX);
  return es_realloc (solver, ptr, old_count * size, new_count * size);
}

void es_free (einsat *solver, void *ptr, size_t bytes) {
  if (!ptr)
    return;
  solver->allocator (solver->allocator_data, ptr, bytes, 0);
  solver->memory -= bytes;
}

char *es_strdup (einsat *solver, const char *str) {
  size_t bytes = strlen (str) + 1;
  char *res = es_malloc (solver, bytes);
  memcpy (res, str, bytes);
  return res;
}

void es_freestr (einsat *solver, char *str) {
  if (str)
    es_free (solver, str, strlen (str) + 1);
}

/* A first block of 32 bytes saves the smallest doublings, which cost
 * as much as the larger ones: it pays off when literals have dozens of
 * binary watches each, as in exactly-one constraints over a grid
 * (bench/RESULTS.md, "Figures behind comments").  Most allocators round
 * smaller blocks up anyway. */
void *es_grow (einsat *solver, void *ptr, size_t size, size_t *capacity,
               size_t minimum) {
  size_t old_capacity = *capacity;
  size_t new_capacity =
      old_capacity ? old_capacity : (size < 32 ? 32 / size : 1);
  while (new_capacity < minimum) {
    if (new_capacity > SIZE_MAX / 2 / size)
      es_out_of_memory (solver, SIZE_MAX);
    new_capacity *= 2;
  }
  if (new_capacity == old_capacity)
    return ptr;
  if (new_capacity > SIZE_MAX / size)
    es_out_of_memory (solver, SIZE_MAX);
  void *res =
      es_realloc (solver, ptr, old_capacity * size, new_capacity * size);
  *capacity = new_capacity;
  return res;
}

/* Gives the free pages inside glibc's heap back to the system, with the
 * default allocator only.  After glibc frees a large mapped block it
 * raises its mmap threshold to that size, so that the next blocks of that
 * size come from the heap, and freeing them leaves resident holes there:
 * the walker's arrays, freed after each walk, stayed resident through
 * the search (bench/RESULTS.md, "Memory beside Kissat, scaling").
 *
 * Not in portfolio workers, and not under a sanitizer: if glibc's malloc
 * is not the process's (a sanitizer's or a preloaded allocator replaces
 * it), the first 'malloc_trim' initializes glibc's heap in the calling
 * thread without counting that thread as attached to it, and once that
 * thread ends (a worker does, the process does not) glibc aborts when
 * the next thread leaves the heap (seen under ThreadSanitizer).  So the
 * holes of the workers' walks stay until the instance the user called
 * trims (the trim is process-wide). */
void es_trim_memory (einsat *solver) {
#if defined(__GLIBC__) && !defined(SANITIZED)
  if (solver->system_allocator && !solver->worker)
    malloc_trim (0);
#else
  (void) solver;
#endif
}

_Noreturn void es_out_of_memory (einsat *solver, size_t bytes) {
  if (bytes == SIZE_MAX)
    es_set_error (solver, "out of memory (allocation size overflow)");
  else
    es_set_error (solver, "out of memory (allocating %zu bytes)", bytes);
  solver->state = STATE_INVALID;
  if (solver->recovery)
    longjmp (*solver->recovery, 1);
  es_fatal (solver, "%s", solver->error);
}
