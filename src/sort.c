/* Sorting the 64-bit keys of schedules and ranks, and 32-bit words
 * (clause references), in place; and schedules of clause references
 * sorted by buckets (size, tried or not), then by reference.
 *
 * Why not 'qsort': glibc's (before 2.37) is a merge sort that allocates a
 * copy of the whole array, 8 more bytes per key, and the schedules of
 * subsumption and elimination have a key per clause or variable: on
 * formulas with millions of clauses that copy sat on the solver's memory
 * peak (bench/RESULTS.md, "Memory beside Kissat").  Keys are plain
 * integers, so every correct sort gives the same order and the search
 * does not depend on the algorithm.
 *
 * Introsort (Musser 1997): quicksort with the median of three as pivot,
 * recursing into the smaller part and looping on the larger one (so the
 * stack stays logarithmic), insertion sort for short ranges, and heap
 * sort where the recursion gets deeper than twice the logarithm of the
 * size, which bounds the worst case by 'n log n'.  The same code is
 * generated for both widths of the elements ('DEFINE_SORT' in 'sort.h'). */

#include "internal.h"
#include "sort.h"

#define SCALAR_LESS(A, B) ((A) < (B))


DEFINE_SORT (uint64_t, keys, SCALAR_LESS)
DEFINE_SORT (unsigned, words, SCALAR_LESS)

void es_sort_keys (uint64s *keys) {
  sort_keys (keys->begin, SIZE_STACK (*keys));
}

void es_sort_words (unsigned *begin, size_t n) { sort_words (begin, n); }

/* The counters (then starts, then ends) of the buckets live in 'ranks',
 * which the solver owns, so that nothing leaks when an allocation
 * fails. */
uint64_t *es_begin_buckets (einsat *solver, size_t buckets) {
  uint64s *counts = &solver->ranks;
  CLEAR_STACK (*counts);
  RESERVE_EXACTLY_STACK (*counts, buckets + 1);
  RESIZE_STACK (*counts, buckets + 1);
  uint64_t *count = counts->begin;
  for (size_t b = 0; b <= buckets; b++)
    count[b] = 0;
  return count;
}

unsigned *es_fill_buckets (einsat *solver, size_t buckets,
                           unsigneds *order) {
  uint64_t *start = solver->ranks.begin;
  for (size_t b = 0; b < buckets; b++)
    start[b + 1] += start[b];
  const size_t size = (size_t) start[buckets];
  CLEAR_STACK (*order);
  RESERVE_EXACTLY_STACK (*order, size);
  RESIZE_STACK (*order, size);
  return order->begin;
}

static bool ascending (const unsigned *a, size_t n) {
  for (size_t i = 1; i < n; i++)
    if (a[i - 1] > a[i])
      return false;
  return true;
}

/* A bucket holds clauses of one list in the list's order, which is
 * mostly the order of the arena (clauses are added at its end, and its
 * collection keeps their order): most buckets need no sorting, which a
 * scan finds at a fraction of the cost of a sort. */
void es_end_buckets (einsat *solver, size_t buckets, unsigneds *order) {
  const uint64_t *end = solver->ranks.begin;
  /* no arithmetic on the null pointer of an empty schedule */
  if (!EMPTY_STACK (*order))
    for (size_t b = 0, begin = 0; b < buckets; begin = end[b++]) {
      unsigned *bucket = order->begin + begin;
      size_t size = end[b] - begin;
      if (!ascending (bucket, size))
        es_sort_words (bucket, size);
    }
  RELEASE_STACK (solver->ranks);
}
