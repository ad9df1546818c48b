/* Cube generation ('einsat_cube') against exhaustive search: on random
 * formulas of up to 18 variables, under random options, assumptions,
 * limits and after a partial solve, every model of the formula (under
 * the assumptions) must satisfy one of the cubes, each cube must start
 * with the assumptions and be consistent, no more cubes than asked may
 * come, none at all only if there is no model, and the solver must still
 * answer right afterwards.  With a proof checker given, the units that
 * lookahead adds must keep DRAT and LRAT proofs valid.
 *
 *   lookahead [--quick] [CHECKER TMPDIR] */

#include "einsat.h"
#include "../common/check.h"
#include "../common/oracle.h"

#define MAX_CUBES 256
#define MAX_CUBE_SIZE 64

typedef struct cubes {
  int count, size[MAX_CUBES];
  int lits[MAX_CUBES][MAX_CUBE_SIZE];
  bool overflow;
} cubes;

static int take_cube (void *data, const int *lits, int size) {
  cubes *c = data;
  if (c->count == MAX_CUBES || size > MAX_CUBE_SIZE) {
    c->overflow = true;
    return 1;
  }
  memcpy (c->lits[c->count], lits, (size_t) size * sizeof *lits);
  c->size[c->count++] = size;
  return 1;
}

static bool satisfies_lits (uint32_t x, const int *lits, int size) {
  for (int i = 0; i < size; i++) {
    int var = abs (lits[i]);
    bool value = x >> (var - 1) & 1;
    if (value != (lits[i] > 0))
      return false;
  }
  return true;
}

static bool satisfies_some_cube (uint32_t x, const cubes *c) {
  for (int i = 0; i < c->count; i++)
    if (satisfies_lits (x, c->lits[i], c->size[i]))
      return true;
  return false;
}

static bool consistent (const int *lits, int size, int vars) {
  for (int i = 0; i < size; i++) {
    if (!lits[i] || abs (lits[i]) > vars)
      return false;
    for (int j = 0; j < i; j++)
      if (lits[j] == -lits[i])
        return false;
  }
  return true;
}

static einsat *new_solver (const formula *f) {
  einsat *s = einsat_new ();
  for (int c = 0; c < f->clauses; c++)
    einsat_add_clause (s, f->lits[c], (size_t) f->sizes[c]);
  return s;
}

/* The cubes of 'c' for a formula 'f' under 'assumed' (n literals). */
static void check_cubes (const formula *f, const int *assumed, int n,
                         const cubes *c, int max_cubes, int64_t res) {
  CHECK (res >= 0 && res == c->count && !c->overflow);
  CHECK (res <= max_cubes);
  for (int i = 0; i < c->count; i++) {
    CHECK (c->size[i] >= n && !memcmp (c->lits[i], assumed,
                                       (size_t) n * sizeof *assumed));
    CHECK (consistent (c->lits[i], c->size[i], f->vars));
  }
  uint64_t models = 0, end = (uint64_t) 1 << f->vars;
  for (uint64_t x = 0; x < end; x++) {
    uint32_t a = (uint32_t) x;
    if (!satisfies_lits (a, assumed, n) || !oracle_satisfies (f, a))
      continue;
    models++;
    if (!satisfies_some_cube (a, c)) {
      CHECK (!"a model satisfies no cube");
      break;
    }
  }
  if (!res)
    CHECK (!models);
}

/* Random formulas near the threshold, random settings. */
static void random_cover (int rounds, uint64_t seed) {
  uint64_t rng = seed;
  static formula f;
  for (int round = 0; round < rounds && !check_failure[0]; round++) {
    int vars = 4 + oracle_below (&rng, 15);
    formula_random (&f, &rng, vars, vars * (2 + oracle_below (&rng, 4)));
    einsat *s = new_solver (&f);
    if (oracle_below (&rng, 2))
      einsat_set_option (s, "cubecandidates", 1 + oracle_below (&rng, 8));
    if (oracle_below (&rng, 3) == 0) { /* learned clauses, simplification */
      einsat_set_conflict_limit (s, oracle_below (&rng, 30));
      int res = einsat_solve (s);
      einsat_set_conflict_limit (s, -1);
      if (res == 20) {
        CHECK (!oracle_count (&f, 0, 0, 1, 0));
        einsat_delete (s);
        continue;
      }
    }
    if (oracle_below (&rng, 4) == 0)
      einsat_set_propagation_limit (s, oracle_below (&rng, 200));
    int assumed[2], n = oracle_below (&rng, 3);
    oracle_distinct_vars (&rng, vars, n, assumed);
    for (int i = 0; i < n; i++) {
      if (oracle_below (&rng, 2))
        assumed[i] = -assumed[i];
      einsat_assume (s, assumed[i]);
    }
    int max_cubes = 1 + oracle_below (&rng, oracle_below (&rng, 2) ? 4 : 64);
    static cubes c;
    memset (&c, 0, sizeof c);
    int64_t res = einsat_cube (s, max_cubes, take_cube, &c);
    check_cubes (&f, assumed, n, &c, max_cubes, res);
    einsat_set_propagation_limit (s, -1);
    uint32_t witness;
    bool sat = oracle_count (&f, 0, 0, 1, &witness) > 0;
    int answer = einsat_solve (s);
    CHECK (answer == (sat ? 10 : 20));
    einsat_delete (s);
  }
}

/* Pigeonhole formulas have no model: every branch must be refuted or
 * kept, and enough cubes split them. */
static void pigeonholes (void) {
  for (int holes = 2; holes <= 4; holes++) {
    static formula f;
    memset (&f, 0, sizeof f);
    int pigeons = holes + 1;
    f.vars = pigeons * holes;
    for (int p = 0; p < pigeons; p++) {
      int lits[8];
      for (int h = 0; h < holes; h++)
        lits[h] = p * holes + h + 1;
      formula_add (&f, holes, lits);
    }
    for (int h = 0; h < holes; h++)
      for (int p = 0; p < pigeons; p++)
        for (int q = p + 1; q < pigeons; q++) {
          int lits[2] = {-(p * holes + h + 1), -(q * holes + h + 1)};
          formula_add (&f, 2, lits);
        }
    einsat *s = new_solver (&f);
    static cubes c;
    memset (&c, 0, sizeof c);
    int64_t res = einsat_cube (s, 16, take_cube, &c);
    check_cubes (&f, 0, 0, &c, 16, res);
    for (int i = 0; i < c.count; i++) { /* each cube is unsatisfiable */
      for (int j = 0; j < c.size[i]; j++)
        einsat_assume (s, c.lits[i][j]);
      CHECK (einsat_solve (s) == 20);
    }
    CHECK (einsat_solve (s) == 20);
    einsat_delete (s);
  }
}

/* A satisfiable chain: the cubes split it, one of them holds a model. */
static void satisfiable_cube (void) {
  einsat *s = einsat_new ();
  for (int v = 1; v < 40; v++) {
    int c[] = {v, v + 1, -(v + 2)};
    einsat_add_clause (s, c, 3);
  }
  static cubes c;
  memset (&c, 0, sizeof c);
  int64_t res = einsat_cube (s, 20, take_cube, &c);
  CHECK (res == c.count && res > 1 && res <= 20);
  CHECK (einsat_statistic (s, "cubes_generated") == (uint64_t) res);
  int sat = 0;
  for (int i = 0; i < c.count; i++) {
    for (int j = 0; j < c.size[i]; j++)
      einsat_assume (s, c.lits[i][j]);
    int answer = einsat_solve (s);
    CHECK (answer == 10 || answer == 20);
    if (answer == 10) {
      sat++;
      for (int j = 0; j < c.size[i]; j++)
        CHECK (einsat_val (s, c.lits[i][j]) == c.lits[i][j]);
    }
  }
  CHECK (sat > 0);
  einsat_delete (s);
}

/* A pending termination request stops the splitting at once (one cube,
 * the assumptions) and is consumed; a callback returning 0 is an error. */
static int refuse_cube (void *data, const int *lits, int size) {
  (void) data, (void) lits, (void) size;
  return 0;
}

static void terminate_and_refuse (void) {
  einsat *s = einsat_new ();
  int clause[] = {1, 2, 3};
  einsat_add_clause (s, clause, 3);
  static cubes c;
  memset (&c, 0, sizeof c);
  einsat_terminate (s);
  einsat_assume (s, -3);
  CHECK (einsat_cube (s, 10, take_cube, &c) == 1);
  CHECK (c.size[0] == 1 && c.lits[0][0] == -3);
  CHECK (einsat_cube (s, 1, refuse_cube, 0) == -1);
  CHECK (strstr (einsat_error (s), "callback"));
  CHECK (einsat_solve (s) == 10);
  einsat_delete (s);
}

/* Units from failed literals go into DRAT and LRAT proofs, which must
 * still check once the solver refutes the formula. */
static void proofs (const char *checker, const char *dir, uint64_t seed) {
  uint64_t rng = seed;
  static formula f;
  char cnf[512], proof[512];
  snprintf (cnf, sizeof cnf, "%s/cube.cnf", dir);
  snprintf (proof, sizeof proof, "%s/cube.proof", dir);
  int checked = 0;
  for (int round = 0; round < 400 && checked < 40 && !check_failure[0];
       round++) {
    int vars = 6 + oracle_below (&rng, 12);
    formula_random (&f, &rng, vars, vars * 6);
    if (oracle_count (&f, 0, 0, 1, 0))
      continue;
    bool lrat = round & 1;
    FILE *file = fopen (proof, "w");
    CHECK (file);
    if (!file)
      return;
    einsat *s = einsat_new ();
    einsat_set_option (s, "incremental", 0);
    if (lrat)
      einsat_trace_lrat (s, file, 0);
    else
      einsat_trace_proof (s, file, 0);
    for (int c = 0; c < f.clauses; c++)
      einsat_add_clause (s, f.lits[c], (size_t) f.sizes[c]);
    static cubes c;
    memset (&c, 0, sizeof c);
    einsat_cube (s, 8, take_cube, &c);
    CHECK (einsat_solve (s) == 20);
    einsat_close_proof (s);
    fclose (file);
    einsat_delete (s);
    CHECK (formula_check_proof (&f, checker, lrat ? "lrat" : "drat", cnf,
                                proof));
    checked++;
  }
  CHECK (checked >= 20);
}

static bool quick;
static const char *checker, *tmpdir;

static void test_random (void) { random_cover (quick ? 300 : 3000, 17); }
static void test_pigeonholes (void) { pigeonholes (); }
static void test_satisfiable (void) { satisfiable_cube (); }
static void test_terminate (void) { terminate_and_refuse (); }
static void test_proofs (void) {
  if (checker)
    proofs (checker, tmpdir, 5);
}

int main (int argc, char **argv) {
  int arg = 1;
  if (arg < argc && !strcmp (argv[arg], "--quick"))
    quick = true, arg++;
  if (arg + 1 < argc)
    checker = argv[arg], tmpdir = argv[arg + 1];
  static const test_case cases[] = {
      {"random formulas covered", test_random},
      {"pigeonholes", test_pigeonholes},
      {"satisfiable cube", test_satisfiable},
      {"termination and refusing callback", test_terminate},
      {"proofs with lookahead units", test_proofs},
  };
  return RUN_TESTS ("cubes", cases);
}
