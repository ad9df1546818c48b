/* Sorting the 64-bit keys of schedules and ranks, and 32-bit words
 * (clause references), in place.
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
 * generated for both widths of the elements ('DEFINE_SORT'). */

#include "internal.h"

#define SHORT_RANGE 16

/* clang-format off */
#define DEFINE_SORT(T, S) \
\
static void insertion_sort_##S (T *a, size_t n) { \
  for (size_t i = 1; i < n; i++) { \
    T key = a[i]; \
    size_t j = i; \
    while (j && a[j - 1] > key) { \
      a[j] = a[j - 1]; \
      j--; \
    } \
    a[j] = key; \
  } \
} \
\
static void sift_down_##S (T *a, size_t root, size_t n) { \
  T key = a[root]; \
  for (;;) { \
    size_t child = 2 * root + 1; \
    if (child >= n) \
      break; \
    if (child + 1 < n && a[child + 1] > a[child]) \
      child++; \
    if (a[child] <= key) \
      break; \
    a[root] = a[child]; \
    root = child; \
  } \
  a[root] = key; \
} \
\
static void heap_sort_##S (T *a, size_t n) { \
  for (size_t i = n / 2; i--;) \
    sift_down_##S (a, i, n); \
  while (n > 1) { \
    T top = a[0]; \
    a[0] = a[--n]; \
    a[n] = top; \
    sift_down_##S (a, 0, n); \
  } \
} \
\
static inline void swap_##S (T *a, T *b) { \
  T t = *a; \
  *a = *b; \
  *b = t; \
} \
\
/* Orders the first, middle and last element and partitions the range \
 * around the middle one (Hoare); returns the start of the upper part. */ \
static size_t partition_##S (T *a, size_t n) { \
  size_t mid = n / 2, last = n - 1; \
  if (a[mid] < a[0]) \
    swap_##S (a + mid, a); \
  if (a[last] < a[mid]) { \
    swap_##S (a + last, a + mid); \
    if (a[mid] < a[0]) \
      swap_##S (a + mid, a); \
  } \
  const T pivot = a[mid]; \
  size_t i = 0, j = last; \
  for (;;) { \
    while (a[i] < pivot) \
      i++; \
    while (pivot < a[j]) \
      j--; \
    if (i >= j) \
      return j + 1; \
    swap_##S (a + i++, a + j--); \
  } \
} \
\
static void introsort_##S (T *a, size_t n, unsigned depth) { \
  while (n > SHORT_RANGE) { \
    if (!depth--) { \
      heap_sort_##S (a, n); \
      return; \
    } \
    size_t split = partition_##S (a, n); \
    if (split < n - split) { \
      introsort_##S (a, split, depth); \
      a += split, n -= split; \
    } else { \
      introsort_##S (a + split, n - split, depth); \
      n = split; \
    } \
  } \
  insertion_sort_##S (a, n); \
} \
\
static void sort_##S (T *a, size_t n) { \
  if (n < 2) \
    return; \
  unsigned depth = 0; \
  for (size_t m = n; m > 1; m >>= 1) \
    depth += 2; \
  introsort_##S (a, n, depth); \
}
/* clang-format on */

DEFINE_SORT (uint64_t, keys)
DEFINE_SORT (unsigned, words)

void es_sort_keys (uint64s *keys) {
  sort_keys (keys->begin, SIZE_STACK (*keys));
}

void es_sort_words (unsigned *begin, size_t n) { sort_words (begin, n); }
