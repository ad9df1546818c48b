/* Model enumeration against exhaustive counting: random small formulas,
 * all models and projected models, under random assumptions, with
 * limits and callbacks that stop, by each strategy (option 'enumerate').
 * Every reported model must extend to a model of the formula and the
 * assumptions, none may come twice, and the count must be exact when
 * the enumeration says it is complete.  Afterwards the formula must be
 * unchanged: a second enumeration without assumptions, by a random
 * strategy, counts the models of the formula alone.  One solver is also
 * enumerated many times on all its variables while the formula grows
 * and variables are eliminated in between ('run_all_variables'). */

#include "einsat.h"

#include <string.h>
#include "../common/oracle.h"
#include "../common/random_options.h"

#define MAX_PROJECTED 16
#define KEY_WORDS ((1u << MAX_PROJECTED) / 64)

static formula f;
static int projection[ORACLE_MAX_VARS];

typedef struct collected {
  int projected;
  int64_t stop;          /* the callback returns 0 at this model (0: never) */
  const uint64_t *valid; /* projected assignments that extend to a model */
  uint64_t seen[KEY_WORDS];
  bool duplicate, wrong, invalid;
  int64_t models;
} collected;

static bool has_key (const uint64_t *set, uint32_t key) {
  return set[key >> 6] & (1ull << (key & 63));
}

static void add_key (uint64_t *set, uint32_t key) {
  set[key >> 6] |= 1ull << (key & 63);
}

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
  if (has_key (c->seen, key))
    c->duplicate = true;
  if (!has_key (c->valid, key))
    c->invalid = true;
  add_key (c->seen, key);
  return ++c->models != c->stop;
}

/* The distinct projected assignments that extend to a model with the
 * variables in 'forced_true' true and those in 'forced_false' false go
 * to 'valid'; returns their number. */
static int64_t count_projected (int projected, uint32_t forced_true,
                                uint32_t forced_false, uint64_t *valid) {
  memset (valid, 0, KEY_WORDS * sizeof *valid);
  int64_t count = 0;
  for (uint64_t x = 0; x < (1ull << f.vars); x++) {
    uint32_t a = (uint32_t) x;
    if ((a & forced_true) != forced_true || (a & forced_false))
      continue;
    if (!oracle_satisfies (&f, a))
      continue;
    uint32_t key = 0;
    for (int i = 0; i < projected; i++)
      if (a & (1u << (projection[i] - 1)))
        key |= 1u << i;
    if (!has_key (valid, key))
      count++;
    add_key (valid, key);
  }
  return count;
}

static int random_projection (uint64_t *rng) {
  int projected = oracle_below (rng, 2) ? f.vars : 1 + oracle_below (rng, f.vars);
  if (projected > MAX_PROJECTED)
    projected = MAX_PROJECTED;
  int order[ORACLE_MAX_VARS];
  for (int v = 0; v < f.vars; v++)
    order[v] = v + 1;
  for (int v = f.vars - 1; v > 0; v--) {
    int j = oracle_below (rng, v + 1), tmp = order[v];
    order[v] = order[j], order[j] = tmp;
  }
  for (int i = 0; i < projected; i++)
    projection[i] = order[i];
  return projected;
}

/* Up to three random assumptions (a quarter of the runs), as masks. */
static void random_assumptions (einsat *solver, uint64_t *rng,
                                uint32_t *forced_true,
                                uint32_t *forced_false) {
  *forced_true = *forced_false = 0;
  if (oracle_below (rng, 4))
    return;
  int assumptions = 1 + oracle_below (rng, 3);
  for (int i = 0; i < assumptions; i++) {
    int var = 1 + oracle_below (rng, f.vars);
    bool positive = oracle_below (rng, 2);
    einsat_assume (solver, positive ? var : -var);
    *(positive ? forced_true : forced_false) |= 1u << (var - 1);
  }
}

/* Projected on 'projection[0..projected)', or with 'all' on every
 * variable the solver knows (then 'projection' must list 1..projected). */
static const char *check_enumeration (einsat *solver, bool all,
                                      int projected, uint32_t forced_true,
                                      uint32_t forced_false, int64_t limit,
                                      int64_t stop) {
  static uint64_t valid[KEY_WORDS];
  static collected c;
  int64_t expected =
      count_projected (projected, forced_true, forced_false, valid);
  memset (&c, 0, sizeof c);
  c.projected = projected;
  c.stop = stop;
  c.valid = valid;
  int complete;
  const int *project = all ? 0 : projection;
  int64_t got = einsat_enumerate (solver, project, all ? 0 : projected,
                                  limit, on_model, &c, &complete);
  int64_t want = expected;
  if (limit && limit < want)
    want = limit;
  if (stop && stop < want)
    want = stop;
  if (got != c.models)
    return "returned count differs from callbacks";
  if (c.duplicate)
    return "model enumerated twice";
  if (c.wrong)
    return "callback values malformed";
  if (c.invalid)
    return "enumerated assignment is not a model";
  if (got != want)
    return "wrong number of models";
  if (complete && got != expected)
    return "complete although models are missing";
  if (!complete && want == expected && (!limit || limit > expected) &&
      (!stop || stop > expected))
    return "enumeration not complete";
  return 0;
}

static bool run_one (uint64_t seed) {
  uint64_t rng = seed;
  memset (&f, 0, sizeof f);
  f.vars = 1 + oracle_below (&rng, 14);
  int clauses = oracle_below (&rng, 4 * f.vars);
  for (int i = 0; i < clauses; i++)
    formula_add_random (&f, &rng, 1 + oracle_below (&rng, 4));
  int projected = random_projection (&rng);
  einsat *solver = einsat_new ();
  randomize_options (solver, &rng);
  set_random_option (solver, &rng, "enumerate", 0, 1);
  /* The search without learning ('dpll.c') mostly with a budget small
   * enough to hand over to CDCL midway; sometimes CDCL alone. */
  if (!oracle_below (&rng, 4))
    einsat_set_option (solver, "dpll", 0);
  else {
    set_random_option (solver, &rng, "dpllnodes", 1, 12);
    set_random_option (solver, &rng, "dpllpermodel", 0, 2);
    set_random_option (solver, &rng, "dpllweights", 0, 1);
  }
  for (int c = 0; c < f.clauses; c++) {
    for (int i = 0; i < f.sizes[c]; i++)
      einsat_add (solver, f.lits[c][i]);
    einsat_add (solver, 0);
  }
  uint32_t forced_true, forced_false;
  random_assumptions (solver, &rng, &forced_true, &forced_false);
  int64_t limit = oracle_below (&rng, 4) ? 0 : 1 + oracle_below (&rng, 5);
  int64_t stop = oracle_below (&rng, 8) ? 0 : 1 + oracle_below (&rng, 5);
  const char *what = check_enumeration (solver, false, projected,
                                        forced_true, forced_false, limit,
                                        stop);
  if (!what) {
    set_random_option (solver, &rng, "enumerate", 0, 1);
    if (check_enumeration (solver, false, projected, 0, 0, 0, 0))
      what = "formula changed by enumeration";
  }
  if (what)
    printf ("not ok enumerate seed %llu: %s\n", (unsigned long long) seed,
            what);
  einsat_delete (solver);
  return !what;
}

/* Counts models of the chain (x1 | x2) ... (xn | xn+1), each checked. */
static int on_chain (void *data, const int *values) {
  bool *wrong = data;
  for (int i = 0; values[i] && values[i + 1]; i++)
    if (values[i] < 0 && values[i + 1] < 0)
      *wrong = true;
  return 1;
}

/* A formula that changes between enumerations (a clause added before
 * each, sometimes enumerated twice): every count is exact, whether the
 * search without learning or CDCL answers. */
static bool run_changing (uint64_t seed) {
  uint64_t rng = seed;
  memset (&f, 0, sizeof f);
  f.vars = 4 + oracle_below (&rng, 10);
  int projected = random_projection (&rng);
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "check", 1);
  const char *what = 0;
  for (int round = 0; !what && round < 12; round++) {
    formula_add_random (&f, &rng, 2 + oracle_below (&rng, 3));
    const int c = f.clauses - 1;
    for (int i = 0; i < f.sizes[c]; i++)
      einsat_add (solver, f.lits[c][i]);
    einsat_add (solver, 0);
    int repeats = 1 + (round % 3 == 2);
    for (int r = 0; !what && r < repeats; r++)
      what = check_enumeration (solver, false, projected, 0, 0, 0, 0);
  }
  if (what)
    printf ("not ok enumerate changing formula seed %llu: %s\n",
            (unsigned long long) seed, what);
  einsat_delete (solver);
  return !what;
}

typedef struct all_totals {
  int64_t enumerations;
  uint64_t eliminated, restored; /* restored: by those enumerations */
} all_totals;

/* A random clause of 'size' literals for the solver and the oracle. */
static void add_random_clause (einsat *solver, uint64_t *rng, int size) {
  formula_add_random (&f, rng, size);
  einsat_add_clause (solver, f.lits[f.clauses - 1], (size_t) size);
}

/* One round of 'run_all_variables': the projection on all variables the
 * solver knows (those of the clauses and the assumptions), sometimes a
 * listed one in between, which the next projection on all must not
 * take for its own. */
static const char *enumerate_round (einsat *solver, uint64_t *rng,
                                    all_totals *t) {
  uint32_t forced_true, forced_false;
  random_assumptions (solver, rng, &forced_true, &forced_false);
  int64_t limit = oracle_below (rng, 4) ? 0 : 1 + oracle_below (rng, 5);
  int64_t stop = oracle_below (rng, 8) ? 0 : 1 + oracle_below (rng, 5);
  if (!oracle_below (rng, 5)) {
    int projected = random_projection (rng);
    return check_enumeration (solver, false, projected, forced_true,
                              forced_false, limit, stop);
  }
  int projected = einsat_vars (solver);
  for (int i = 0; i < projected; i++)
    projection[i] = i + 1;
  uint64_t restored = einsat_statistic (solver, "restored");
  const char *what = check_enumeration (
      solver, true, projected, forced_true, forced_false, limit, stop);
  t->restored += einsat_statistic (solver, "restored") - restored;
  t->enumerations++;
  return what;
}

/* Grows the formula of 'run_all_variables' by a clause or two, often
 * with a new variable, and sometimes solves it, which may eliminate
 * variables; returns what went wrong, if anything. */
static const char *change_formula (einsat *solver, uint64_t *rng) {
  if (f.vars < 14 && oracle_below (rng, 2))
    f.vars++;
  for (int i = 1 + oracle_below (rng, 2); i > 0; i--)
    add_random_clause (solver, rng, 2 + oracle_below (rng, 3));
  if (oracle_below (rng, 2))
    return 0;
  int res = einsat_solve (solver);
  return res == (oracle_count (&f, 0, 0, 1, 0) ? 10 : 20)
             ? 0
             : "wrong answer of 'einsat_solve' in between";
}

/* The solver keeps the projection on all variables (NULL) from call to
 * call: many enumerations of one solver while variables and clauses
 * are added, with 'einsat_solve' in between, whose elimination (at
 * every solve in half of the runs) the next enumeration must undo.
 * Every model is checked against the formula and every count against
 * the oracle, as in 'run_one'. */
static bool run_all_variables (uint64_t seed, all_totals *t) {
  uint64_t rng = seed;
  memset (&f, 0, sizeof f);
  f.vars = 4 + oracle_below (&rng, 6);
  einsat *solver = einsat_new ();
  randomize_options (solver, &rng);
  set_random_option (solver, &rng, "enumerate", 0, 1);
  if (oracle_below (&rng, 2)) {
    einsat_set_option (solver, "eliminate", 1);
    einsat_set_option (solver, "eliminateinit", 0);
    einsat_set_option (solver, "eliminateint", 1);
    einsat_set_option (solver, "lucky", 0); /* would skip elimination */
    /* Conflicts schedule the later rounds, and only CDCL has them. */
    set_random_option (solver, &rng, "dpll", 0, 1);
  }
  /* Satisfiable mostly, and large enough to eliminate some variables. */
  for (int i = 0; i < 2 * f.vars; i++)
    add_random_clause (solver, &rng, 3);
  const char *what = 0;
  for (int round = 0; !what && round < 16; round++) {
    if (round)
      what = change_formula (solver, &rng);
    if (!what)
      what = enumerate_round (solver, &rng, t);
  }
  if (what)
    printf ("not ok enumerate all variables seed %llu: %s\n",
            (unsigned long long) seed, what);
  t->eliminated += einsat_statistic (solver, "eliminated");
  einsat_delete (solver);
  return !what;
}

static bool all_variables (long runs) {
  all_totals t = {0, 0, 0};
  long failed = 0;
  for (long i = 0; i < runs && failed < 5; i++)
    failed += !run_all_variables (31337 + (uint64_t) i, &t);
  if (failed)
    return false;
  /* Otherwise the runs would not test what they are for. */
  if (!t.eliminated || !t.restored) {
    printf ("not ok enumerate all variables: %llu eliminated, %llu "
            "restored\n",
            (unsigned long long) t.eliminated,
            (unsigned long long) t.restored);
    return false;
  }
  printf ("ok enumerate: %lld enumerations on all variables of growing "
          "formulas (%llu variables eliminated, %llu restored by them)\n",
          (long long) t.enumerations, (unsigned long long) t.eliminated,
          (unsigned long long) t.restored);
  return true;
}

/* An application that changes the formula before every enumeration
 * would pay a copy of it each time: copies are rationed ('current_copy'
 * in src/dpll.c), here 16 enumerations after 16 new binary clauses
 * (positive, so nothing is fixed and each one changes the formula). */
static bool copies_rationed (void) {
  einsat *solver = einsat_new ();
  int64_t total = 0;
  bool wrong = false;
  for (int i = 1; i <= 16; i++) {
    einsat_add (solver, i);
    einsat_add (solver, i + 1);
    einsat_add (solver, 0);
    total += einsat_enumerate (solver, 0, 0, 0, on_chain, &wrong, 0);
  }
  /* Models of the chain (x1 | x2) ... (xi | xi+1): Fibonacci numbers. */
  int64_t expected = 0, a = 2, b = 3; /* i = 1: 3 models of 2 variables */
  for (int i = 1; i <= 16; i++, b = a + b, a = b - a)
    expected += b;
  uint64_t searched = einsat_statistic (solver, "dpll_enumerations");
  einsat_delete (solver);
  bool ok = !wrong && total == expected && searched >= 3 && searched <= 6;
  printf ("%s enumerate: %llu of 16 enumerations of a changing formula "
          "searched without learning, %lld models (expected %lld)\n",
          ok ? "ok" : "not ok", (unsigned long long) searched,
          (long long) total, (long long) expected);
  return ok;
}

/* N queens, one variable per square, 'at most one' pairwise. */
static void add_queens (einsat *solver, int n) {
  for (int r = 0; r < n; r++) {
    for (int c = 0; c < n; c++)
      einsat_add (solver, 1 + r * n + c);
    einsat_add (solver, 0);
  }
  for (int a = 0; a < n * n; a++)
    for (int b = a + 1; b < n * n; b++) {
      int ra = a / n, ca = a % n, rb = b / n, cb = b % n;
      bool attack = ra == rb || ca == cb;
      attack = attack || ra - ca == rb - cb || ra + ca == rb + cb;
      if (attack) {
        einsat_add (solver, -(1 + a));
        einsat_add (solver, -(1 + b));
        einsat_add (solver, 0);
      }
    }
}

typedef struct boards {
  int n;
  int64_t count;
  uint64_t seen[128]; /* 8 x 8 boards as square masks, open addressing */
  bool wrong;
} boards;

static int on_board (void *data, const int *values) {
  boards *b = data;
  uint64_t mask = 0;
  int queens = 0;
  for (int i = 0; i < b->n * b->n; i++)
    if (values[i] > 0)
      mask |= 1ull << i, queens++;
  if (queens != b->n)
    b->wrong = true;
  for (int a = 0; a < b->n * b->n; a++) /* no two queens attack */
    for (int c = a + 1; c < b->n * b->n; c++) {
      if (values[a] < 0 || values[c] < 0)
        continue;
      int ra = a / b->n, ca = a % b->n, rc = c / b->n, cc = c % b->n;
      if (ra == rc || ca == cc || ra - ca == rc - cc || ra + ca == rc + cc)
        b->wrong = true;
    }
  unsigned h = (unsigned) (mask % 127);
  while (b->seen[h] && b->seen[h] != mask)
    h = (h + 1) % 128;
  if (b->seen[h] == mask)
    b->wrong = true; /* twice */
  b->seen[h] = mask;
  b->count++;
  return 1;
}

/* The search without learning runs out of its budget midway and hands
 * over its projected decisions to the CDCL enumeration: still the 92
 * boards of eight queens, each once, with the hand-over counted. */
static bool hand_over_queens (void) {
  const int64_t budgets[] = {1, 2, 5, 20, 100, 0};
  bool ok = true;
  for (int i = 0; budgets[i]; i++) {
    einsat *solver = einsat_new ();
    einsat_set_option (solver, "check", 1);
    einsat_set_option (solver, "dpllnodes", (int) budgets[i]);
    einsat_set_option (solver, "dpllpermodel", 0);
    add_queens (solver, 8);
    boards b;
    memset (&b, 0, sizeof b);
    b.n = 8;
    int complete = 0;
    int64_t models =
        einsat_enumerate (solver, 0, 0, 0, on_board, &b, &complete);
    uint64_t handed = einsat_statistic (solver, "dpll_handed_over");
    if (models != 92 || b.count != 92 || b.wrong || !complete ||
        handed != 1) {
      printf ("not ok enumerate queens budget %lld: %lld models, "
              "complete %d, handed over %llu\n",
              (long long) budgets[i], (long long) models, complete,
              (unsigned long long) handed);
      ok = false;
    }
    einsat_delete (solver);
  }
  if (ok)
    printf ("ok enumerate: 8 queens handed over to CDCL midway\n");
  return ok;
}

int main (int argc, char **argv) {
  long count = argc > 1 ? atol (argv[1]) : 1000;
  long failed = !hand_over_queens () + !copies_rationed ();
  for (long i = 0; i < count / 20 && failed < 5; i++)
    failed += !run_changing (777 + (uint64_t) i);
  if (!failed)
    failed += !all_variables (count / 10);
  for (long i = 0; i < count && failed < 5; i++)
    failed += !run_one (424242 + (uint64_t) i);
  if (!failed)
    printf ("ok enumerate: %ld random formulas counted\n", count);
  return failed != 0;
}
