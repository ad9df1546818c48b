/* Generating traces.  The same generator runs on two sources of
 * choices: a seeded random number generator (einsat-mbt) or the bytes
 * of a fuzzer input (tests/fuzz/api.c), which then picks the calls.  A
 * trace creates a solver, configures it, runs a number of rounds (add
 * clauses and cardinality constraints, change limits and options,
 * assume, solve or enumerate, query results) and deletes it.  Formulas are small (at most 16 variables,
 * sometimes with sparse indices) so that the oracle can check them, and
 * near the threshold ratio so that SAT and UNSAT are both common. */

#include "mbt.h"
#include "oracle.h"

#include "einsat.h"

#include <stdlib.h>
#include <string.h>

typedef struct source {
  uint64_t state;
  const uint8_t *bytes;
  size_t size, pos;
  bool exhausted;
} source;

typedef struct generator {
  source *source;
  trace *trace;
  int pool[ORACLE_VARS], vars;
  bool dense;          /* variables 1..vars */
  bool negative_vals;  /* query 'val' of negative literals too */
  int frozen[ORACLE_VARS];
} generator;

static uint64_t next_random (uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A number in 0..n-1 (0 once the bytes are used up). */
static uint64_t pick (generator *g, uint64_t n) {
  source *s = g->source;
  if (n <= 1)
    return 0;
  if (!s->bytes)
    return next_random (&s->state) % n;
  uint64_t res = 0;
  for (uint64_t range = 1; range < n; range <<= 8) {
    if (s->pos == s->size) {
      s->exhausted = true;
      return 0;
    }
    res = res << 8 | s->bytes[s->pos++];
  }
  return res % n;
}

/* True with probability 1/n (never once the bytes are used up). */
static bool one_in (generator *g, uint64_t n) {
  return !pick (g, n) && !g->source->exhausted;
}

static void push (generator *g, call *c) { trace_push (g->trace, c); }

static void push_simple (generator *g, call_kind kind) {
  call c;
  memset (&c, 0, sizeof c);
  c.kind = kind;
  push (g, &c);
}

static int literal (generator *g) {
  int var = g->pool[pick (g, (uint64_t) g->vars)];
  return pick (g, 2) ? -var : var;
}

static void push_literal_call (generator *g, call_kind kind, int lit) {
  call c;
  memset (&c, 0, sizeof c);
  c.kind = kind;
  c.size = 1;
  c.lits[0] = lit;
  push (g, &c);
}

/*------------------------------------------------------------------------*/

/* Whether one of the first 'n' literals (or variables) is over 'var'. */
static bool has_variable (const int *lits, int n, int var) {
  for (int j = 0; j < n; j++)
    if (abs (lits[j]) == abs (var))
      return true;
  return false;
}

/* Mostly the first variables, sometimes sparse indices (up to 10^5,
 * which makes the solver's external tables grow). */
static void choose_variables (generator *g) {
  g->vars = 1 + (int) pick (g, one_in (g, 3) ? ORACLE_VARS : 10);
  g->dense = !one_in (g, 4);
  for (int i = 0; i < g->vars; i++) {
    int var = i + 1;
    if (!g->dense) {
      bool fresh;
      do {
        var = 1 + (int) pick (g, one_in (g, 8) ? 100000 : 200);
        fresh = !has_variable (g->pool, i, var);
      } while (!fresh && !g->source->exhausted);
      if (!fresh)
        var = 300 + i;
    }
    g->pool[i] = var;
  }
}

static int number_of_options (void) {
  int count = 0;
  einsat_option_info info;
  while (einsat_option (count, &info))
    count++;
  return count;
}

/* Extreme and small values are the interesting ones. */
static int64_t option_value (generator *g, const einsat_option_info *o) {
  int64_t range = (int64_t) o->max_value - o->min_value + 1;
  switch (pick (g, 5)) {
  case 0: return o->default_value;
  case 1: return o->min_value;
  case 2: return o->max_value;
  case 3: return o->min_value + (int64_t) pick (g, range < 16 ? range : 16);
  default: return o->min_value + (int64_t) pick (g, (uint64_t) range);
  }
}

static void push_option (generator *g) {
  einsat_option_info info;
  einsat_option ((int) pick (g, (uint64_t) number_of_options ()), &info);
  if (!strcmp (info.name, "verbose") || !strcmp (info.name, "log"))
    return; /* they only print */
  call c;
  memset (&c, 0, sizeof c);
  c.kind = CALL_OPTION;
  strcpy (c.name, info.name);
  c.value = option_value (g, &info);
  push (g, &c);
}

static void push_named (generator *g, call_kind kind, const char *name,
                        int64_t value) {
  call c;
  memset (&c, 0, sizeof c);
  c.kind = kind;
  strcpy (c.name, name);
  c.value = value;
  push (g, &c);
}

static void push_learn (generator *g) {
  call c = {.kind = CALL_LEARN, .value = (int64_t) pick (g, 10)};
  if (one_in (g, 4))
    c.value = -1;
  push (g, &c);
}

static void push_decide (generator *g) {
  call c = {.kind = CALL_DECIDE, .value = (int64_t) pick (g, 1000)};
  if (one_in (g, 4))
    c.value = -1;
  push (g, &c);
}

static void configure (generator *g) {
  static const char *const configurations[] = {"default", "plain", "sat",
                                                "unsat"};
  if (one_in (g, 8))
    push_named (g, CALL_CONFIGURE, configurations[pick (g, 4)], 0);
  if (!one_in (g, 3))
    push_named (g, CALL_OPTION, "check", 1);
  int options = one_in (g, 2) ? (int) pick (g, 6) : 0;
  for (int i = 0; i < options; i++)
    push_option (g);
  /* Enumeration without learning hands over to CDCL when its budget of
   * decisions runs out, which the small formulas here never reach. */
  if (one_in (g, 3))
    push_named (g, CALL_OPTION, "dpllnodes", 1 + (int64_t) pick (g, 4));
  if (one_in (g, 4))
    push_named (g, CALL_OPTION, "dpllweights", 0);
  /* Blocked clause elimination is off by default, but its clauses must
   * come back when their witness reappears: test that often. */
  if (one_in (g, 4))
    push_named (g, CALL_OPTION, "block", 1);
  if (one_in (g, 3))
    push_learn (g);
  if (one_in (g, 3))
    push_decide (g);
}

/*------------------------------------------------------------------------*/

static void push_clause (generator *g) {
  static const int sizes[] = {3, 3, 3, 3, 2, 2, 1, 4, 5, 8};
  call c;
  memset (&c, 0, sizeof c);
  c.kind = CALL_ADD;
  c.size = sizes[pick (g, sizeof sizes / sizeof *sizes)];
  if (one_in (g, 60))
    c.size = 0;
  for (int i = 0; i < c.size; i++)
    c.lits[i] = literal (g);
  push (g, &c);
}

/* 'At most k of these literals' (einsat_add_atmost), or a third of the
 * time 'exactly k' (einsat_add_exactly): mostly bound one over distinct
 * variables (the native constraint), sometimes repeated or
 * complementary literals, larger bounds (a counter) or trivial ones.
 * 'proof': bounds above one only where they say nothing (or, for
 * exactly, the bound size - 1: exactly one of the negations). */
static void push_atmost (generator *g, bool proof) {
  call c;
  memset (&c, 0, sizeof c);
  c.kind = CALL_ATMOST;
  c.size = (int) pick (g, 9);
  bool distinct = !one_in (g, 4);
  if (distinct && c.size > g->vars)
    c.size = g->vars;
  for (int i = 0; i < c.size; i++) {
    int lit;
    bool used;
    do {
      lit = literal (g);
      used = distinct && has_variable (c.lits, i, lit);
    } while (used && !g->source->exhausted);
    /* Used-up fuzzer bytes repeat one choice: take the first free one. */
    for (int k = 0; used && k < g->vars; k++) {
      lit = g->pool[k];
      used = has_variable (c.lits, i, lit);
    }
    c.lits[i] = lit;
  }
  c.value = 1;
  if (one_in (g, 3))
    c.value = (int64_t) pick (g, (uint64_t) c.size + 3) - 1; /* -1.. */
  if (one_in (g, 3))
    c.kind = CALL_EXACTLY;
  if (proof && c.value > 1 && c.value < c.size &&
      (c.kind == CALL_ATMOST || c.value + 1 < c.size))
    c.value = 1;
  push (g, &c);
}

static void push_limits (generator *g) {
  static const char *const kinds[] = {"conflicts", "decisions", "time"};
  if (one_in (g, 6)) {
    const char *kind = kinds[pick (g, 3)];
    int64_t value = kind[0] == 't' ? (one_in (g, 2) ? 0 : 100)
                                   : (int64_t) pick (g, 100);
    push_named (g, CALL_LIMIT, kind, value);
  }
  if (one_in (g, 6))
    push_named (g, CALL_LIMIT, kinds[pick (g, 3)], -1);
  if (one_in (g, 12)) {
    call c = {.kind = CALL_TERMINATE_AFTER, .value = (int64_t) pick (g, 40)};
    push (g, &c);
  }
  if (one_in (g, 10))
    push_simple (g, CALL_TERMINATE_NEVER);
  if (one_in (g, 20))
    push_simple (g, CALL_TERMINATE);
}

static void push_freezing (generator *g) {
  if (one_in (g, 6)) {
    int i = (int) pick (g, (uint64_t) g->vars);
    g->frozen[i]++;
    push_literal_call (g, CALL_FREEZE, g->pool[i]);
  }
  if (one_in (g, 6)) {
    int i = (int) pick (g, (uint64_t) g->vars);
    if (g->frozen[i]) {
      g->frozen[i]--;
      push_literal_call (g, CALL_MELT, pick (g, 2) ? g->pool[i] : -g->pool[i]);
    }
  }
}

static void push_queries (generator *g, const int *assumed, int n) {
  int vals = (int) pick (g, 4);
  for (int i = 0; i < vals; i++) {
    int var = g->pool[pick (g, (uint64_t) g->vars)];
    bool negative = g->negative_vals && pick (g, 2);
    push_literal_call (g, CALL_VAL, negative ? -var : var);
  }
  if (one_in (g, 4))
    push_literal_call (g, CALL_MODEL_VALUE, literal (g));
  for (int i = 0; i < n; i++)
    if (!one_in (g, 3))
      push_literal_call (g, CALL_FAILED, assumed[i]);
  if (one_in (g, 6))
    push_simple (g, CALL_VARS);
}

/* Projection on all variables only over the dense pool (the oracle must
 * know every variable).  Without a limit an enumeration over 16 free
 * variables would report 65536 models, too slow under sanitizers: only
 * projections on at most 10 variables may go unlimited. */
static void push_enumerate (generator *g) {
  call c;
  memset (&c, 0, sizeof c);
  c.kind = CALL_ENUMERATE;
  c.all = g->dense && one_in (g, 3);
  if (!c.all) {
    c.size = (int) pick (g, (uint64_t) g->vars + 1);
    for (int i = 0; i < c.size; i++)
      c.lits[i] = g->pool[pick (g, (uint64_t) g->vars)];
  }
  bool few = (c.all ? g->vars : c.size) <= 10;
  c.value = few && one_in (g, 3) ? 0 : 1 + (int64_t) pick (g, 64);
  c.stop = one_in (g, 4) ? 1 + (int64_t) pick (g, 5) : 0;
  push (g, &c);
}

/* Random 3-SAT at the threshold ratio (4.26 clauses per variable) needs
 * real search: conflicts, learned clauses, restarts, reductions. */
static void push_hard_batch (generator *g) {
  int clauses = (int) (4.26 * g->vars);
  for (int i = 0; i < clauses; i++) {
    call c = {.kind = CALL_ADD, .size = 3};
    for (int j = 0; j < 3; j++)
      c.lits[j] = literal (g);
    push (g, &c);
  }
}

static void push_round (generator *g) {
  int clauses = (int) pick (g, (uint64_t) (3 * g->vars) / 2 + 2);
  for (int i = 0; i < clauses; i++)
    push_clause (g);
  for (int i = one_in (g, 3) ? 1 + (int) pick (g, 3) : 0; i > 0; i--)
    push_atmost (g, false);
  if (g->vars > 8 && one_in (g, 4))
    push_hard_batch (g);
  push_limits (g);
  push_freezing (g);
  if (one_in (g, 10))
    push_option (g);
  if (one_in (g, 12))
    push_learn (g);
  if (one_in (g, 12))
    push_decide (g);
  int assumed[8], n = (int) pick (g, one_in (g, 4) ? 8 : 3);
  for (int i = 0; i < n; i++)
    push_literal_call (g, CALL_ASSUME, assumed[i] = literal (g));
  if (one_in (g, 6))
    push_enumerate (g);
  else {
    push_simple (g, CALL_SOLVE);
    push_queries (g, assumed, n);
  }
}

/* An allocation failure somewhere after 'new'. */
static void insert_allocation_failure (generator *g) {
  trace *t = g->trace;
  call c = {.kind = CALL_FAIL_ALLOC, .value = 1 + (int64_t) pick (g, 400)};
  size_t position = 1 + pick (g, t->size - 1);
  trace_push (t, &c);
  memmove (t->calls + position + 1, t->calls + position,
           (t->size - 1 - position) * sizeof *t->calls);
  t->calls[position] = c;
}

static void generate (generator *g) {
  g->trace->size = 0;
  push_simple (g, CALL_NEW);
  choose_variables (g);
  g->negative_vals = one_in (g, 8);
  configure (g);
  int rounds = 1 + (int) pick (g, 12);
  for (int i = 0; i < rounds && !g->source->exhausted; i++)
    push_round (g);
  if (one_in (g, 8))
    insert_allocation_failure (g);
  push_simple (g, CALL_DELETE);
}

/* A proof right after 'new' in some traces, so that proofs meet every
 * call of the API (enumeration, callbacks, limits, allocation failures).
 * The choice is a hash of the seed: the choices of 'generate', which the
 * fuzzer's inputs encode too, stay as they are. */
static void maybe_trace_proof (uint64_t seed, trace *t) {
  static const char *const formats[] = {"drat", "drat-text", "lrat",
                                        "lrat-text"};
  uint64_t state = seed ^ 0x5eed0f900f5ull;
  uint64_t choice = next_random (&state);
  if (choice % 4 || !t->size)
    return;
  call c = {.kind = CALL_PROOF};
  strcpy (c.name, formats[(choice >> 8) % 4]);
  trace_push (t, &c);
  memmove (t->calls + 2, t->calls + 1, (t->size - 2) * sizeof *t->calls);
  t->calls[1] = c;
}

void generate_random_trace (uint64_t seed, trace *t) {
  source s;
  memset (&s, 0, sizeof s);
  s.state = seed;
  generator g;
  memset (&g, 0, sizeof g);
  g.source = &s;
  g.trace = t;
  generate (&g);
  maybe_trace_proof (seed, t);
}

void generate_trace_from_bytes (const uint8_t *bytes, size_t size,
                                trace *t) {
  source s;
  memset (&s, 0, sizeof s);
  s.bytes = bytes;
  s.size = size;
  generator g;
  memset (&g, 0, sizeof g);
  g.source = &s;
  g.trace = t;
  generate (&g);
}

/*------------------------------------------------------------------------*/
/* Proof traces: what an incremental user of IPASIR does (clauses in
 * batches between solves, new variables in later batches, assumptions,
 * values, failed literals, freezing), with a DRAT or LRAT proof traced
 * from the start, so that every UNSAT answer without assumptions is
 * checked against a proof.  Clauses come with structure the simplifiers
 * act on (equivalences for substitution, AND and XOR gates for
 * congruence closure and gate elimination, shared pairs for factoring),
 * and the options make inprocessing run on such tiny formulas at every
 * chance.  With LRAT (whose contract has all clauses before the first
 * solve) and with 'incremental=0' the clauses come in one batch. */

typedef struct proof_option {
  const char *name;
  int values[4], count; /* one of the values is picked */
} proof_option;

#define CHOICES(...) \
  {__VA_ARGS__}, (int) (sizeof ((int[]) {__VA_ARGS__}) / sizeof (int))

static const proof_option proof_options[] = {
    {"eliminate", CHOICES (1, 1, 1, 0)},
    {"eliminateint", CHOICES (1, 1, 2, 100)},
    {"eliminateinit", CHOICES (0, 0, 1, 10)},
    {"eliminatebound", CHOICES (0, 1, 16, 1024)},
    {"eliminateclslim", CHOICES (2, 3, 100)},
    {"eliminatefactor", CHOICES (0, 1, 2)},
    {"eliminategates", CHOICES (0, 1)}, {"eliminatexor", CHOICES (0, 1)},
    {"eliminateocclim", CHOICES (1, 3, 1000)},
    {"eliminatemineffort", CHOICES (0, 1)},
    {"decompose", CHOICES (1, 1, 1, 0)}, {"congruence", CHOICES (1, 1, 0)},
    {"congruencerepeat", CHOICES (0, 1)},
    {"congruencemineffort", CHOICES (0, 1)}, {"probe", CHOICES (1, 1, 0)},
    {"probeint", CHOICES (1, 1, 2, 50)}, {"hbr", CHOICES (0, 1)},
    {"vivify", CHOICES (1, 1, 0)}, {"vivifyint", CHOICES (1, 1, 2, 50)},
    {"vivifyirredundant", CHOICES (0, 20, 1000)},
    {"vivifysort", CHOICES (0, 1)},
    {"subsume", CHOICES (1, 1, 0)}, {"subsumebaseeffort", CHOICES (0, 1)},
    {"eagersubsume", CHOICES (0, 20, 100)}, {"transred", CHOICES (0, 1)},
    {"block", CHOICES (0, 1)}, {"blockocclim", CHOICES (1, 2, 100)},
    {"factor", CHOICES (0, 1)}, {"cardinality", CHOICES (0, 1)},
    {"atmostdetect", CHOICES (0, 1)}, {"atmostdetectmin", CHOICES (3, 4)},
    {"gauss", CHOICES (0, 1)}, {"lucky", CHOICES (0, 1)},
    {"walk", CHOICES (0, 1)}, {"walkinitially", CHOICES (0, 1)},
    {"dpll", CHOICES (0, 1)}, {"chrono", CHOICES (0, 1)},
    {"reduce", CHOICES (0, 1)}, {"reduceint", CHOICES (1, 2, 1000)},
    {"restartint", CHOICES (1, 2, 10)}, {"stable", CHOICES (0, 1, 2)},
    {"target", CHOICES (0, 1, 2)}, {"otfs", CHOICES (0, 1)},
    {"minimize", CHOICES (0, 1)}, {"shrink", CHOICES (0, 1, 3)},
    {"reusetrail", CHOICES (0, 1)}, {"phase", CHOICES (0, 1)},
    {"rephaseint", CHOICES (1, 10, 1000)}, {"tier1", CHOICES (1, 2, 5)},
    {"seed", CHOICES (0, 1, 2, 3)},
    {"sweep", CHOICES (1, 1, 0)}, {"sweepdepth", CHOICES (1, 2, 3)},
    {"sweepsearcheffort", CHOICES (1, 100, 10000)},
};

/* The first name of the table the library does not know (renamed?). */
const char *unknown_proof_option (void) {
  for (size_t i = 0; i < sizeof proof_options / sizeof *proof_options;
       i++) {
    einsat_option_info info;
    bool known = false;
    for (int j = 0; !known && einsat_option (j, &info); j++)
      known = !strcmp (info.name, proof_options[i].name);
    if (!known)
      return proof_options[i].name;
  }
  return 0;
}

static int proof_option_value (generator *g, const proof_option *o) {
  return o->values[pick (g, (uint64_t) o->count)];
}

/* The simplifiers always get a chance to run early (without these
 * intervals they wait for thousands of conflicts), the rest varies. */
static void configure_proof_trace (generator *g, bool incremental) {
  if (one_in (g, 10))
    push_named (g, CALL_CONFIGURE, pick (g, 2) ? "sat" : "unsat", 0);
  if (!one_in (g, 4))
    push_named (g, CALL_OPTION, "check", 1);
  if (!incremental)
    push_named (g, CALL_OPTION, "incremental", 0);
  for (size_t i = 0; i < sizeof proof_options / sizeof *proof_options;
       i++) {
    const proof_option *o = proof_options + i;
    bool interval = strstr (o->name, "int") != 0;
    if (interval ? !one_in (g, 4) : one_in (g, 4))
      push_named (g, CALL_OPTION, o->name, proof_option_value (g, o));
  }
}

static void push_binary (generator *g, int a, int b) {
  call c = {.kind = CALL_ADD, .size = 2, .lits = {a, b}};
  push (g, &c);
}

/* 'a' equivalent to 'b' (substitution), sometimes as a chain. */
static void push_equivalence (generator *g) {
  int a = literal (g), b = literal (g);
  if (abs (a) == abs (b))
    return;
  push_binary (g, -a, b);
  push_binary (g, a, -b);
}

/* 'lhs = rhs1 & rhs2' (congruence closure, gate elimination). */
static void push_and_gate (generator *g) {
  int lhs = literal (g), a = literal (g), b = literal (g);
  if (abs (lhs) == abs (a) || abs (lhs) == abs (b) || abs (a) == abs (b))
    return;
  push_binary (g, -lhs, a);
  push_binary (g, -lhs, b);
  call c = {.kind = CALL_ADD, .size = 3, .lits = {lhs, -a, -b}};
  push (g, &c);
}

/* 'lhs = a ^ b' in four clauses. */
static void push_xor_gate (generator *g) {
  int lhs = literal (g), a = literal (g), b = literal (g);
  if (abs (lhs) == abs (a) || abs (lhs) == abs (b) || abs (a) == abs (b))
    return;
  for (int sign = 0; sign < 4; sign++) {
    call c = {.kind = CALL_ADD, .size = 3};
    c.lits[0] = sign & 1 ? a : -a;
    c.lits[1] = sign & 2 ? b : -b;
    c.lits[2] = (sign == 1 || sign == 2) ? lhs : -lhs;
    push (g, &c);
  }
}

/* Mostly random clauses of sizes 2 to 4, sometimes structure. */
static void push_proof_clauses (generator *g, int clauses) {
  for (int i = 0; i < clauses; i++)
    switch (pick (g, 16)) {
    case 0: push_equivalence (g); break;
    case 1: push_and_gate (g); break;
    case 2: push_xor_gate (g); break;
    case 3: push_atmost (g, true); break;
    default: {
      static const int sizes[] = {2, 2, 3, 3, 3, 3, 3, 4};
      call c = {.kind = CALL_ADD, .size = sizes[pick (g, 8)]};
      if (one_in (g, 200))
        c.size = 0;
      else if (one_in (g, 30))
        c.size = 1;
      for (int j = 0; j < c.size; j++)
        c.lits[j] = literal (g);
      push (g, &c);
    }
    }
}

/* Assume, solve and query the answer. */
static void push_proof_solve (generator *g, bool assumptions) {
  int assumed[8], n = assumptions ? (int) pick (g, 6) : 0;
  for (int i = 0; i < n; i++)
    push_literal_call (g, CALL_ASSUME, assumed[i] = literal (g));
  push_simple (g, CALL_SOLVE);
  for (int i = (int) pick (g, 3); i > 0; i--)
    push_literal_call (g, CALL_VAL, literal (g));
  for (int i = 0; i < n; i++)
    if (pick (g, 2))
      push_literal_call (g, CALL_FAILED, assumed[i]);
}

static void generate_proofs (generator *g) {
  static const char *const formats[] = {"drat", "drat-text", "lrat",
                                        "lrat-text"};
  static const unsigned weights[] = {6, 6, 3, 2}; /* of 17 */
  unsigned choice = (unsigned) pick (g, 17), f = 0;
  while (choice >= weights[f])
    choice -= weights[f++];
  bool lrat = f >= 2;
  bool batches = !lrat && !one_in (g, 6); /* else 'incremental=0' too */
  g->trace->size = 0;
  push_simple (g, CALL_NEW);
  push_named (g, CALL_PROOF, formats[f], 0);
  configure_proof_trace (g, lrat || batches);
  int final_vars = 4 + (int) pick (g, ORACLE_VARS - 3);
  int rounds = 1 + (int) pick (g, 7);
  int clauses = (int) ((2.0 + (double) pick (g, 30) / 10) * final_vars);
  for (int r = 0; r < final_vars; r++)
    g->pool[r] = r + 1;
  for (int r = 1; r <= rounds; r++) {
    /* Variables arrive over the batches. */
    g->vars = batches ? final_vars - (rounds - r) * final_vars / (2 * rounds)
                      : final_vars;
    if (batches || r == 1)
      push_proof_clauses (g, batches ? clauses / rounds : clauses);
    if (one_in (g, 4))
      push_freezing (g);
    push_proof_solve (g, r < rounds || one_in (g, 4));
  }
  if (!one_in (g, 4))
    push_proof_solve (g, false);
  push_simple (g, CALL_DELETE);
}

void generate_proof_trace (uint64_t seed, trace *t) {
  source s;
  memset (&s, 0, sizeof s);
  s.state = seed;
  generator g;
  memset (&g, 0, sizeof g);
  g.source = &s;
  g.trace = t;
  generate_proofs (&g);
}
