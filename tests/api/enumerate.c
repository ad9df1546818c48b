/* Model enumeration against exhaustive counting: random small formulas,
 * all models and projected models, limits, and a check that the formula
 * is unchanged afterwards (the next solve still finds every model). */

#include "einsat.h"
#include "../common/oracle.h"
#include "../common/random_options.h"

static formula f;

typedef struct collected {
  int projected;
  uint64_t seen[1 << 10]; /* bit set over projected assignments */
  bool duplicate, wrong;
  int64_t models;
} collected;

static int projection[ORACLE_MAX_VARS];

static int on_model (void *data, const int *values) {
  collected *c = data;
  uint32_t key = 0;
  for (int i = 0; i < c->projected; i++) {
    if (abs (values[i]) != projection[i])
      c->wrong = true;
    if (values[i] > 0)
      key |= 1u << i;
  }
  if (values[c->projected])
    c->wrong = true;
  if (c->seen[key >> 6] & (1ull << (key & 63)))
    c->duplicate = true;
  c->seen[key >> 6] |= 1ull << (key & 63);
  c->models++;
  return 1;
}

/* Number of distinct projected assignments that extend to a model. */
static int64_t count_projected (int projected) {
  static uint64_t seen[1 << 10];
  memset (seen, 0, sizeof seen);
  int64_t count = 0;
  for (uint64_t x = 0; x < (1ull << f.vars); x++) {
    if (!oracle_satisfies (&f, (uint32_t) x))
      continue;
    uint32_t key = 0;
    for (int i = 0; i < projected; i++)
      if (x & (1u << (projection[i] - 1)))
        key |= 1u << i;
    if (!(seen[key >> 6] & (1ull << (key & 63))))
      count++;
    seen[key >> 6] |= 1ull << (key & 63);
  }
  return count;
}

static bool run_one (uint64_t seed) {
  uint64_t rng = seed;
  memset (&f, 0, sizeof f);
  f.vars = 1 + oracle_below (&rng, 14);
  int clauses = oracle_below (&rng, 4 * f.vars);
  for (int i = 0; i < clauses; i++)
    formula_add_random (&f, &rng, 1 + oracle_below (&rng, 4));
  int projected = oracle_below (&rng, 2) ? f.vars : 1 + oracle_below (&rng, f.vars);
  if (projected > 16)
    projected = 16;
  int order[ORACLE_MAX_VARS];
  for (int v = 0; v < f.vars; v++)
    order[v] = v + 1;
  for (int v = f.vars - 1; v > 0; v--) {
    int j = oracle_below (&rng, v + 1), tmp = order[v];
    order[v] = order[j], order[j] = tmp;
  }
  for (int i = 0; i < projected; i++)
    projection[i] = order[i];
  einsat *solver = einsat_new ();
  randomize_options (solver, &rng);
  for (int c = 0; c < f.clauses; c++) {
    for (int i = 0; i < f.sizes[c]; i++)
      einsat_add (solver, f.lits[c][i]);
    einsat_add (solver, 0);
  }
  static collected c;
  memset (&c, 0, sizeof c);
  c.projected = projected;
  int complete;
  int64_t expected = count_projected (projected);
  int64_t limit = oracle_below (&rng, 4) ? 0 : 1 + oracle_below (&rng, 5);
  int64_t got = einsat_enumerate (solver, projection, projected, limit,
                                  on_model, &c, &complete);
  bool ok = true;
  const char *what = 0;
  int64_t want = limit && limit < expected ? limit : expected;
  if (got != c.models)
    what = "returned count differs from callbacks";
  else if (c.duplicate)
    what = "model enumerated twice";
  else if (c.wrong)
    what = "callback values malformed";
  else if (got != want)
    what = "wrong number of models";
  else if (!limit && !complete)
    what = "enumeration not complete";
  else {
    int res = einsat_solve (solver);
    if ((res == 10) != (expected > 0))
      what = "formula changed by enumeration";
  }
  if (what) {
    printf ("not ok enumerate seed %llu: %s (expected %lld, got %lld)\n",
            (unsigned long long) seed, what, (long long) want,
            (long long) got);
    ok = false;
  }
  einsat_delete (solver);
  return ok;
}

int main (int argc, char **argv) {
  long count = argc > 1 ? atol (argv[1]) : 1000;
  long failed = 0;
  for (long i = 0; i < count && failed < 5; i++)
    failed += !run_one (424242 + (uint64_t) i);
  if (!failed)
    printf ("ok enumerate: %ld random formulas counted\n", count);
  return failed != 0;
}
