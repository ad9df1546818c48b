/* Sorting the 64-bit keys of schedules and ranks, in place.
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
 * size, which bounds the worst case by 'n log n'. */

#include "internal.h"

#define SHORT_RANGE 16

static void insertion_sort (uint64_t *a, size_t n) {
  for (size_t i = 1; i < n; i++) {
    uint64_t key = a[i];
    size_t j = i;
    while (j && a[j - 1] > key) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = key;
  }
}

static void sift_down (uint64_t *a, size_t root, size_t n) {
  uint64_t key = a[root];
  for (;;) {
    size_t child = 2 * root + 1;
    if (child >= n)
      break;
    if (child + 1 < n && a[child + 1] > a[child])
      child++;
    if (a[child] <= key)
      break;
    a[root] = a[child];
    root = child;
  }
  a[root] = key;
}

static void heap_sort (uint64_t *a, size_t n) {
  for (size_t i = n / 2; i--;)
    sift_down (a, i, n);
  while (n > 1) {
    uint64_t top = a[0];
    a[0] = a[--n];
    a[n] = top;
    sift_down (a, 0, n);
  }
}

static inline void swap_keys (uint64_t *a, uint64_t *b) {
  uint64_t t = *a;
  *a = *b;
  *b = t;
}

/* Orders the first, middle and last key and partitions the range around
 * the middle one (Hoare); returns the start of the upper part. */
static size_t partition (uint64_t *a, size_t n) {
  size_t mid = n / 2, last = n - 1;
  if (a[mid] < a[0])
    swap_keys (a + mid, a);
  if (a[last] < a[mid]) {
    swap_keys (a + last, a + mid);
    if (a[mid] < a[0])
      swap_keys (a + mid, a);
  }
  const uint64_t pivot = a[mid];
  size_t i = 0, j = last;
  for (;;) {
    while (a[i] < pivot)
      i++;
    while (pivot < a[j])
      j--;
    if (i >= j)
      return j + 1;
    swap_keys (a + i++, a + j--);
  }
}

static void introsort (uint64_t *a, size_t n, unsigned depth) {
  while (n > SHORT_RANGE) {
    if (!depth--) {
      heap_sort (a, n);
      return;
    }
    size_t split = partition (a, n);
    if (split < n - split) {
      introsort (a, split, depth);
      a += split, n -= split;
    } else {
      introsort (a + split, n - split, depth);
      n = split;
    }
  }
  insertion_sort (a, n);
}

void es_sort_keys (uint64s *keys) {
  size_t n = SIZE_STACK (*keys);
  if (n < 2)
    return;
  unsigned depth = 0;
  for (size_t m = n; m > 1; m >>= 1)
    depth += 2;
  introsort (keys->begin, n, depth);
}
