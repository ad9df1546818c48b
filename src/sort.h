#ifndef ES_SORT_H
#define ES_SORT_H

/* An in-place introsort of an array of 'T' ordered by 'LESS' (a macro or
 * function of two elements), as static functions with the suffix 'S':
 * 'sort_S (a, n)' sorts.  Quicksort with the median of three, recursing
 * into the smaller part (the stack stays logarithmic), insertion sort
 * for short ranges, heap sort where the recursion gets deeper than twice
 * the logarithm of the size, which bounds the worst case by 'n log n'
 * (see 'sort.c' for why not 'qsort'). */

#include <stddef.h>

#define SORT_SHORT_RANGE 16

/* clang-format off */
#define DEFINE_SORT(T, S, LESS) \
\
static void insertion_sort_##S (T *a, size_t n) { \
  for (size_t i = 1; i < n; i++) { \
    T key = a[i]; \
    size_t j = i; \
    while (j && LESS (key, a[j - 1])) { \
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
    if (child + 1 < n && LESS (a[child], a[child + 1])) \
      child++; \
    if (!LESS (key, a[child])) \
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
  if (LESS (a[mid], a[0])) \
    swap_##S (a + mid, a); \
  if (LESS (a[last], a[mid])) { \
    swap_##S (a + last, a + mid); \
    if (LESS (a[mid], a[0])) \
      swap_##S (a + mid, a); \
  } \
  const T pivot = a[mid]; \
  size_t i = 0, j = last; \
  for (;;) { \
    while (LESS (a[i], pivot)) \
      i++; \
    while (LESS (pivot, a[j])) \
      j--; \
    if (i >= j) \
      return j + 1; \
    swap_##S (a + i++, a + j--); \
  } \
} \
\
static void introsort_##S (T *a, size_t n, unsigned depth) { \
  while (n > SORT_SHORT_RANGE) { \
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

#endif
