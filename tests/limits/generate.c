/* Prints benchmark formulas for the tests that need hard instances:
 *
 *   generate php HOLES          pigeonhole: HOLES + 1 pigeons, UNSAT and
 *                               exponentially hard for resolution
 *   generate random VARS SEED   uniform random 3-SAT at the threshold
 *                               ratio 4.26, hard for a few thousand VARS
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int pigeon_in_hole (int pigeon, int hole, int holes) {
  return pigeon * holes + hole + 1;
}

static void print_pigeonhole (int holes) {
  int pigeons = holes + 1;
  int clauses = pigeons + holes * pigeons * (pigeons - 1) / 2;
  printf ("p cnf %d %d\n", pigeons * holes, clauses);
  for (int p = 0; p < pigeons; p++) {
    for (int h = 0; h < holes; h++)
      printf ("%d ", pigeon_in_hole (p, h, holes));
    printf ("0\n");
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++)
        printf ("-%d -%d 0\n", pigeon_in_hole (p, h, holes),
                pigeon_in_hole (q, h, holes));
}

static uint64_t next_random (uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int random_literal (uint64_t *rng, int vars) {
  uint64_t r = next_random (rng);
  int var = 1 + (int) ((r >> 1) % (uint64_t) vars);
  return (r & 1) ? var : -var;
}

/* Three distinct variables per clause, as in the SATLIB 'uf' files. */
static void print_random_clause (uint64_t *rng, int vars) {
  int lits[3];
  for (int i = 0; i < 3; i++) {
    int lit;
    bool fresh;
    do {
      lit = random_literal (rng, vars);
      fresh = true;
      for (int j = 0; j < i; j++)
        fresh &= abs (lits[j]) != abs (lit);
    } while (!fresh);
    lits[i] = lit;
  }
  printf ("%d %d %d 0\n", lits[0], lits[1], lits[2]);
}

static void print_random (int vars, uint64_t seed) {
  int clauses = (int) (4.26 * vars);
  printf ("p cnf %d %d\n", vars, clauses);
  uint64_t rng = seed;
  for (int i = 0; i < clauses; i++)
    print_random_clause (&rng, vars);
}

int main (int argc, char **argv) {
  if (argc == 3 && !strcmp (argv[1], "php") && atoi (argv[2]) > 0)
    print_pigeonhole (atoi (argv[2]));
  else if (argc == 4 && !strcmp (argv[1], "random") && atoi (argv[2]) > 2)
    print_random (atoi (argv[2]), strtoull (argv[3], 0, 10));
  else {
    fprintf (stderr, "usage: generate php HOLES | random VARS SEED\n");
    return 1;
  }
  return 0;
}
