/* bench/queens_bitboard.c - counts the N-queens solutions with the
 * classic bitboard backtracking (one bit per column, the diagonals as
 * shifted masks): what a specialised counter does, as the yardstick for
 * 'einsat queens N --count' in bench/RESULTS.md.
 *
 *   cc -O2 -o queens_bitboard bench/queens_bitboard.c
 *   ./queens_bitboard N        prints the count and the process time */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t count (uint32_t all, uint32_t columns, uint32_t left,
                       uint32_t right) {
  if (columns == all)
    return 1;
  uint64_t total = 0;
  uint32_t free_squares = all & ~(columns | left | right);
  while (free_squares) {
    uint32_t bit = free_squares & -free_squares;
    free_squares ^= bit;
    total += count (all, columns | bit, (left | bit) << 1,
                    (right | bit) >> 1);
  }
  return total;
}

int main (int argc, char **argv) {
  int n = argc == 2 ? atoi (argv[1]) : 0;
  if (n < 1 || n > 20) {
    fprintf (stderr, "usage: queens_bitboard N (1 <= N <= 20)\n");
    return 1;
  }
  uint32_t all = (uint32_t) ((1ull << n) - 1);
  clock_t start = clock ();
  uint64_t solutions = count (all, 0, 0, 0);
  double seconds = (double) (clock () - start) / CLOCKS_PER_SEC;
  printf ("%d %llu %.3f\n", n, (unsigned long long) solutions, seconds);
  return 0;
}
