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
