/* Self-test of the testers' oracle (tools/mbt/oracle.c), which evaluates
 * 64 assignments per word: on random formulas it must agree with the
 * obvious enumeration of one assignment after the other, which is too
 * slow for the testers but trivially right. */

#include "../../tools/mbt/oracle.c"

#include <stdio.h>

static uint64_t state = 1;

static uint32_t next_random (void) {
  state = state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t) (state >> 33);
}

static void random_formula (oracle *o, int vars) {
  oracle_init (o, vars);
  int clauses = (int) (next_random () % (4 * (unsigned) vars + 1));
  for (int c = 0; c < clauses; c++) {
    uint32_t pos = 0, neg = 0;
    int size = 1 + (int) (next_random () % 3);
    for (int i = 0; i < size; i++) {
      uint32_t bit = 1u << (next_random () % (unsigned) vars);
      *(next_random () & 1 ? &pos : &neg) |= bit;
    }
    oracle_add (o, pos, neg);
  }
}

/* The reference: one assignment at a time. */
static uint64_t count_slowly (const oracle *o, uint32_t must_true,
                              uint32_t must_false, uint32_t project,
                              bool *found) {
  static bool seen[1 << ORACLE_VARS];
  memset (seen, 0, sizeof seen);
  uint64_t count = 0;
  *found = false;
  for (uint32_t x = 0; x < (1u << o->vars); x++) {
    if ((x & must_true) != must_true || (x & must_false) ||
        !oracle_satisfies (o, x))
      continue;
    *found = true;
    count += !seen[x & project];
    seen[x & project] = true;
  }
  return count;
}

static bool agree (const oracle *o) {
  static uint64_t seen[1 << 10];
  uint32_t all = (1u << o->vars) - 1, must_true = 0, must_false = 0;
  if (next_random () & 1)
    *(next_random () & 1 ? &must_true : &must_false) |=
        1u << (next_random () % (unsigned) o->vars);
  uint32_t project = next_random () & all, witness;
  bool found_slowly;
  uint64_t count = count_slowly (o, must_true, must_false, project,
                                 &found_slowly);
  bool found = oracle_find (o, must_true, must_false, &witness);
  if (found != found_slowly)
    return false;
  if (found && (!oracle_satisfies (o, witness) || witness > all ||
                (witness & must_true) != must_true || (witness & must_false)))
    return false;
  return oracle_projections (o, must_true, must_false, project, seen) ==
         count;
}

int main (void) {
  int formulas = 3000;
  for (int i = 0; i < formulas; i++) {
    oracle o;
    random_formula (&o, 1 + (int) (next_random () % ORACLE_VARS));
    bool ok = agree (&o);
    oracle_release (&o);
    if (!ok) {
      printf ("not ok mbt oracle: disagrees with enumeration on formula "
              "%d\n",
              i);
      return 1;
    }
  }
  printf ("ok mbt oracle: agrees with enumeration on %d formulas\n",
          formulas);
  return 0;
}
