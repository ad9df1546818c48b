/* The search without learning through its interface ('src/dpll.h')
 * against exhaustive enumeration.  Random formulas over up to 12
 * variables, with duplicate and complementary literals, units, the empty
 * clause now and then, fixed and ignored variables, literals implying
 * both phases of another, and exactly-one groups (a clause and its pairwise
 * exclusions, where the lists of implied literals get entries of several
 * widths, see 'build_lists'). Each is enumerated several times under random
 * assumptions, projected on all variables or on a random list, with budgets
 * large enough to finish and small enough to hand over, with model
 * callbacks that stop and a termination callback:
 *
 *   - every model satisfies the formula, the fixed literals and the
 *     assumptions, and ignored variables have no value;
 *   - no projected model comes twice;
 *   - complete: exactly the projected models of the formula;
 *   - handed over: the models reported and those the prefix leaves
 *     (see 'es_dpll_prefix') are disjoint and together all of them. */

#include "../common/oracle.h"

#include "unit.h"

#include "dpll.h"
#include "internal.h"

#define MAX_VARS 12
#define KEYS (1u << MAX_VARS)

typedef struct instance {
  formula f; /* clauses and fixed literals (as units) */
  int vars;
  bool ignored[MAX_VARS];
  unsigned assumptions[4];
  int assumed;
  bool all;                          /* projected on all variables */
  unsigned projection[2 * MAX_VARS]; /* else on these (maybe none) */
  int projected;
  int keyed[MAX_VARS], keys; /* distinct projected variables */
} instance;

typedef struct collected {
  const instance *in;
  uint64_t seen[KEYS / 64];
  int64_t models, stop; /* the callback returns false at 'stop' */
  int64_t calls, terminate_at;
  const char *wrong;
} collected;

static instance in;

static unsigned dpll_lit (int elit) {
  return LIT ((unsigned) abs (elit) - 1) | (elit < 0);
}

static int random_free_var (uint64_t *rng, const instance *t) {
  int var;
  do
    var = 1 + oracle_below (rng, t->vars);
  while (t->ignored[var - 1]);
  return var;
}

static int random_lit (uint64_t *rng, const instance *t) {
  int var = random_free_var (rng, t);
  return oracle_below (rng, 2) ? var : -var;
}

/* A clause and 'at most one' of its literals pairwise. */
static void add_exactly_one (dpll *d, uint64_t *rng, instance *t) {
  int size = 2 + oracle_below (rng, 4), lits[8];
  for (int i = 0; i < size; i++)
    lits[i] = random_lit (rng, t);
  formula_add (&t->f, size, lits);
  unsigned dlits[8];
  for (int i = 0; i < size; i++)
    dlits[i] = dpll_lit (lits[i]);
  es_dpll_clause (d, (size_t) size, dlits);
  for (int i = 0; i < size; i++)
    for (int j = i + 1; j < size; j++) {
      int pair[2] = {-lits[i], -lits[j]};
      unsigned binary[2] = {dpll_lit (pair[0]), dpll_lit (pair[1])};
      formula_add (&t->f, 2, pair);
      es_dpll_clause (d, 2, binary);
    }
}

static void add_random_clause (dpll *d, uint64_t *rng, instance *t) {
  int size = oracle_below (rng, 40) ? 1 + oracle_below (rng, 5) : 0;
  if (!oracle_below (rng, 30))
    size = t->vars + 2; /* long, with repetitions */
  int lits[ORACLE_MAX_SIZE];
  unsigned dlits[ORACLE_MAX_SIZE];
  for (int i = 0; i < size; i++) {
    lits[i] = random_lit (rng, t);
    dlits[i] = dpll_lit (lits[i]);
  }
  formula_add (&t->f, size, lits);
  es_dpll_clause (d, (size_t) size, dlits);
}

/* Binary clauses by which 'x' implies both phases of 'y' (so 'x' is
 * false; see 'EDGE_FULL'). */
static void add_both_phases (dpll *d, uint64_t *rng, instance *t) {
  int x = random_lit (rng, t), y = random_lit (rng, t);
  for (int sign = -1; sign <= 1; sign += 2) {
    int pair[2] = {-x, sign * y};
    unsigned binary[2] = {dpll_lit (pair[0]), dpll_lit (pair[1])};
    formula_add (&t->f, 2, pair);
    es_dpll_clause (d, 2, binary);
  }
}

static void load_random (dpll *d, uint64_t *rng, instance *t) {
  memset (t, 0, sizeof *t);
  t->vars = t->f.vars = 1 + oracle_below (rng, MAX_VARS);
  for (int v = 1; v < t->vars; v++) /* variable 0 takes part */
    t->ignored[v] = !oracle_below (rng, 8);
  es_dpll_begin (d, (unsigned) t->vars);
  for (int v = 0; v < t->vars; v++)
    if (t->ignored[v])
      es_dpll_ignore (d, (unsigned) v);
  int groups = oracle_below (rng, 4),
      clauses = oracle_below (rng, 3 * t->vars);
  for (int i = 0; i < groups + clauses; i++)
    if (i < groups)
      add_exactly_one (d, rng, t);
    else
      add_random_clause (d, rng, t);
  if (!oracle_below (rng, 4))
    add_both_phases (d, rng, t);
  for (int i = oracle_below (rng, 3) ? 0 : 1 + oracle_below (rng, 2); i;
       i--) {
    int lit = random_lit (rng, t);
    formula_add (&t->f, 1, &lit);
    es_dpll_fix (d, dpll_lit (lit));
  }
  es_dpll_end (d);
}

static void random_query (uint64_t *rng, instance *t) {
  t->assumed = oracle_below (rng, 3) ? 0 : 1 + oracle_below (rng, 3);
  for (int i = 0; i < t->assumed; i++)
    t->assumptions[i] = dpll_lit (random_lit (rng, t));
  t->projected = 0;
  t->keys = 0;
  t->all = oracle_below (rng, 2);
  if (t->all) {
    for (int v = 0; v < t->vars; v++)
      if (!t->ignored[v])
        t->keyed[t->keys++] = v;
    return;
  }
  bool in_key[MAX_VARS] = {false};
  int entries = oracle_below (rng, 2 * t->vars);
  for (int i = 0; i < entries; i++) {
    int v = random_free_var (rng, t) - 1;
    t->projection[t->projected++] = (unsigned) v;
    if (!in_key[v])
      in_key[v] = true, t->keyed[t->keys++] = v;
  }
}

static uint32_t key_of (const instance *t, uint32_t assignment) {
  uint32_t key = 0;
  for (int i = 0; i < t->keys; i++)
    if (assignment & (1u << t->keyed[i]))
      key |= 1u << i;
  return key;
}

static bool assumed (const instance *t, uint32_t assignment) {
  for (int i = 0; i < t->assumed; i++) {
    unsigned lit = t->assumptions[i];
    bool value = assignment >> IDX (lit) & 1;
    if (value == (lit & 1))
      return false;
  }
  return true;
}

/* The projected models (as keys) into 'valid'; returns their number. */
static int64_t count_valid (const instance *t, uint64_t *valid) {
  memset (valid, 0, KEYS / 8);
  int64_t count = 0;
  for (uint32_t a = 0; a < (1u << t->vars); a++) {
    bool ignored_clear = true;
    for (int v = 0; v < t->vars; v++)
      ignored_clear &= !(t->ignored[v] && (a >> v & 1));
    if (!ignored_clear || !assumed (t, a) || !oracle_satisfies (&t->f, a))
      continue;
    uint32_t key = key_of (t, a);
    if (!(valid[key / 64] >> (key % 64) & 1))
      count++;
    valid[key / 64] |= 1ull << (key % 64);
  }
  return count;
}

static bool on_model (void *data, const signed char *values) {
  collected *c = data;
  const instance *t = c->in;
  uint32_t a = 0;
  for (int v = 0; v < t->vars; v++) {
    signed char pos = values[LIT ((unsigned) v)];
    signed char neg = values[NOT (LIT ((unsigned) v))];
    if (t->ignored[v] ? pos != DPLL_FREE || neg != DPLL_FREE
                      : pos == DPLL_FREE || pos == neg)
      c->wrong = "values malformed";
    if (pos == DPLL_TRUE && !t->ignored[v])
      a |= 1u << v;
  }
  if (!assumed (t, a) || !oracle_satisfies (&t->f, a))
    c->wrong = "model does not satisfy the formula and assumptions";
  uint32_t key = key_of (t, a);
  if (c->seen[key / 64] >> (key % 64) & 1)
    c->wrong = "projected model twice";
  c->seen[key / 64] |= 1ull << (key % 64);
  return ++c->models != c->stop;
}

static bool terminate (void *data) {
  collected *c = data;
  return ++c->calls == c->terminate_at;
}

/* Does the projected model 'key' lie in what the prefix leaves? */
static bool left_by_prefix (const dpll *d, const instance *t,
                            uint32_t key) {
  for (size_t i = 0; i < es_dpll_prefix (d); i++) {
    bool flipped;
    unsigned lit = es_dpll_prefix_literal (d, i, &flipped);
    int place = -1;
    for (int j = 0; j < t->keys; j++)
      if ((unsigned) t->keyed[j] == IDX (lit))
        place = j;
    if (place < 0)
      return false; /* not projected: 'hand_over_checked' reports it */
    bool value = key >> place & 1;
    if (value != !(lit & 1))
      return !flipped; /* differs first at entry i */
  }
  return true; /* extends the whole prefix */
}

static const char *hand_over_checked (const dpll *d, const instance *t,
                                      const collected *c,
                                      const uint64_t *valid) {
  for (size_t i = 0; i < es_dpll_prefix (d); i++) {
    bool flipped;
    unsigned lit = es_dpll_prefix_literal (d, i, &flipped);
    bool projected = false;
    for (int j = 0; j < t->keys; j++)
      projected |= (unsigned) t->keyed[j] == IDX (lit);
    if (!projected)
      return "prefix literal not projected";
  }
  for (uint32_t key = 0; key < (1u << t->keys); key++) {
    bool model = valid[key / 64] >> (key % 64) & 1;
    bool reported = c->seen[key / 64] >> (key % 64) & 1;
    bool left = model && left_by_prefix (d, t, key);
    if (reported && left)
      return "a reported model is left by the prefix";
    if (model && !reported && !left)
      return "a model is neither reported nor left by the prefix";
  }
  return 0;
}

/* How often each result came (each must, or the test is weak). */
static long outcomes[3];

static const char *search_checked (dpll *d, uint64_t *rng, instance *t) {
  static uint64_t valid[KEYS / 64];
  static collected c;
  random_query (rng, t);
  int64_t expected = count_valid (t, valid);
  memset (&c, 0, sizeof c);
  c.in = t;
  c.stop = oracle_below (rng, 6) ? 0 : 1 + oracle_below (rng, 4);
  c.terminate_at = oracle_below (rng, 10) ? 0 : 1 + oracle_below (rng, 4);
  bool finish = oracle_below (rng, 2);
  es_dpll_search s = {0};
  s.assumptions = t->assumptions;
  s.assumed = (size_t) t->assumed;
  if (!t->all) {
    s.projection = t->projection;
    s.projected = (size_t) t->projected;
  }
  s.budget = finish ? 1000000 : 1 + (uint64_t) oracle_below (rng, 6);
  s.per_model = (uint64_t) oracle_below (rng, 3);
  s.weighted = oracle_below (rng, 2);
  s.model = on_model;
  s.terminate = c.terminate_at ? terminate : 0;
  s.data = &c;
  int res = es_dpll_enumerate (d, &s);
  outcomes[res]++;
  if (c.wrong)
    return c.wrong;
  for (uint32_t key = 0; key < (1u << t->keys); key++)
    if ((c.seen[key / 64] >> (key % 64) & 1) &&
        !(valid[key / 64] >> (key % 64) & 1))
      return "reported model not in the oracle's";
  if ((int64_t) s.models != c.models)
    return "model count differs from the callbacks";
  if (res == DPLL_COMPLETE && c.models != expected)
    return "complete but models missing";
  if (res == DPLL_STOPPED && c.models != c.stop &&
      (!c.terminate_at || c.calls != c.terminate_at))
    return "stopped without being asked";
  if (res == DPLL_HANDED_OVER)
    return hand_over_checked (d, t, &c, valid);
  if (finish && !c.stop && !c.terminate_at && res != DPLL_COMPLETE)
    return "not complete within a large budget";
  return 0;
}

bool unit_dpll_random (char *why, size_t size, long rounds) {
  einsat *solver = einsat_new ();
  dpll *d = es_dpll_new (solver);
  const char *wrong = 0;
  long round;
  memset (outcomes, 0, sizeof outcomes);
  for (round = 0; !wrong && round < rounds; round++) {
    uint64_t rng = 0xd011 + (uint64_t) round;
    load_random (d, &rng, &in); /* the same object loaded again */
    for (int search = 0; !wrong && search < 4; search++)
      wrong = search_checked (d, &rng, &in);
  }
  es_dpll_delete (d);
  einsat_delete (solver);
  if (wrong)
    snprintf (why, size, "formula %ld: %s", round - 1, wrong);
  else if (!outcomes[DPLL_COMPLETE] || !outcomes[DPLL_STOPPED] ||
           !outcomes[DPLL_HANDED_OVER])
    snprintf (why, size,
              "searches complete %ld, stopped %ld, handed over "
              "%ld: each should occur",
              outcomes[DPLL_COMPLETE], outcomes[DPLL_STOPPED],
              outcomes[DPLL_HANDED_OVER]);
  else
    return true;
  return false;
}
