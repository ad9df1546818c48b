/* Randomised differential test: thousands of random formulas of up to 20
 * variables with varied clause lengths and densities, each solved under
 * a random configuration.  Every answer is compared with exhaustive
 * search, every model is checked against the formula, and (with
 * '--checker') every UNSAT answer's proof (DRAT or LRAT, text or binary,
 * at random) is checked by the independent checker.  Some formulas hold
 * cardinality constraints given natively ('einsat_add_atmost'); the
 * formula the oracle and the checker see has them spelled out (see
 * 'generate_natives'), or as their clauses for the solver to detect
 * them ('atmostdetect').  A failing formula is written to a file so that
 * it can be replayed with the command line solver. */

#include "einsat.h"
#include "../common/oracle.h"
#include "../common/random_options.h"

#include <unistd.h>

typedef struct config {
  long count;
  uint64_t seed;
  const char *checker; /* path of 'einsat-check' or NULL */
  const char *tmpdir;
  long proofs_checked, sat, unsat;
  bool replay; /* one formula: keep its files, print its options */
  int threads; /* option 'threads' (a portfolio from the first conflicts) */
  long portfolios; /* solves in which workers ran */
} config;

static formula f;
static const char *failure_dir = ".";

/* Techniques the formulas exercised, summed over all runs (coverage). */
static const char *const covered[] = {"eliminated", "gates", "substituted",
                                      "failed_literals", "subsumed",
                                      "strengthened", "vivified",
                                      "eager_subsumed", "reductions",
                                      "hyper_binaries",
                                      "transitive_reductions",
                                      "xor_gates", "blocked",
                                      "gauss_units", "gauss_equivalences",
                                      "congruence_equivalences",
                                      "congruence_units",
                                      "gaussjordan_matrices",
                                      "gaussjordan_implied",
                                      "gaussjordan_conflicts",
                                      "cardinality_refuted",
                                      "atmosts_added", "atmosts_detected",
                                      "sweep_equivalences", "sweep_units"};
#define COVERED (sizeof covered / sizeof *covered)
static uint64_t coverage[COVERED];

static int random_literal (uint64_t *rng, int vars) {
  int var = 1 + oracle_below (rng, vars);
  return oracle_below (rng, 2) ? var : -var;
}

static void add3 (int a, int b, int c) {
  int lits[3] = {a, b, c};
  formula_add (&f, c ? 3 : 2, lits);
}

/* Tseitin encodings of random gates (equivalence, AND, OR, ITE, XOR) over
 * earlier variables, plus a few random constraints: structured formulas
 * with definitions, for gate detection, equivalences and probing. */
static void generate_circuit (uint64_t *rng) {
  f.vars = 4 + oracle_below (rng, 16);
  int inputs = 2 + oracle_below (rng, 3);
  for (int x = inputs + 1; x <= f.vars; x++) {
    int a = random_literal (rng, x - 1), b = random_literal (rng, x - 1);
    int c = random_literal (rng, x - 1);
    switch (oracle_below (rng, 5)) {
    case 0: /* x = a */
      add3 (-x, a, 0), add3 (x, -a, 0);
      break;
    case 1: /* x = a & b */
      add3 (-x, a, 0), add3 (-x, b, 0), add3 (x, -a, -b);
      break;
    case 2: /* x = a | b */
      add3 (x, -a, 0), add3 (x, -b, 0), add3 (-x, a, b);
      break;
    case 3: /* x = a ? b : c */
      add3 (-x, -a, b), add3 (-x, a, c), add3 (x, -a, -b), add3 (x, a, -c);
      break;
    default: /* x = a ^ b */
      add3 (-x, a, b), add3 (-x, -a, -b), add3 (x, -a, b), add3 (x, a, -b);
      break;
    }
  }
  int constraints = oracle_below (rng, 6);
  for (int i = 0; i < constraints; i++)
    formula_add_random (&f, rng, 1 + oracle_below (rng, 3));
}

static void add_to_formula (void *context, int size, const int *lits) {
  formula_add (context, size, lits);
}

/* Systems of XOR constraints (for Gaussian elimination), some of them
 * with a clause left out, and a few random clauses: more constraints
 * than variables are often inconsistent. */
static void generate_xors (uint64_t *rng) {
  f.vars = 3 + oracle_below (rng, 18);
  int xors = f.vars / 2 + oracle_below (rng, f.vars);
  for (int i = 0; i < xors; i++) {
    int size = 2 + oracle_below (rng, 5), vars[8];
    if (size > f.vars)
      size = f.vars;
    oracle_distinct_vars (rng, f.vars, size, vars);
    /* Draws in sequence: the order in which arguments are evaluated
     * differs between compilers, and so would the formulas. */
    int parity = (int) oracle_below (rng, 2);
    bool drop = !oracle_below (rng, 8);
    oracle_xor_clauses (rng, size, vars, parity, drop,
                        add_to_formula, &f);
  }
  int extra = oracle_below (rng, 4);
  for (int i = 0; i < extra; i++)
    formula_add_random (&f, rng, 1 + oracle_below (rng, 4));
}

/* Circuits with repeated gates, for congruence closure: each gate is an
 * AND (arity 2-3, outputs of either sign, so ORs too) or an XOR (2-3
 * inputs) of earlier literals, or a copy of an earlier gate with its
 * inputs permuted and replaced by their copies.  Some gates combine a
 * signal with its copy (constants for the closure), and a 'miter' may
 * require a gate and its copy to differ. */
typedef struct gate_spec {
  int size, inputs[3];
  bool is_xor;
} gate_spec;

static void add_gate (uint64_t *rng, int x, const gate_spec *g) {
  if (g->is_xor) {
    int vars[4] = {x, 0, 0, 0}, sign = 0;
    for (int i = 0; i < g->size; i++) {
      vars[i + 1] = abs (g->inputs[i]);
      sign ^= g->inputs[i] < 0;
    }
    /* x = sum of the inputs: x ^ inputs = 0, one more for a negation */
    oracle_xor_clauses (rng, g->size + 1, vars, sign, false,
                        add_to_formula, &f);
    return;
  }
  int lits[4] = {x, 0, 0, 0};
  for (int i = 0; i < g->size; i++) {
    add3 (-x, g->inputs[i], 0);
    lits[i + 1] = -g->inputs[i];
  }
  formula_add (&f, g->size + 1, lits);
}

static void generate_congruent_circuit (uint64_t *rng) {
  f.vars = 6 + oracle_below (rng, 15);
  int inputs = 2 + oracle_below (rng, 3);
  gate_spec gates[ORACLE_MAX_VARS + 1];
  int copy[ORACLE_MAX_VARS + 1] = {0}; /* a variable equal to each one */
  for (int x = 1; x <= f.vars; x++)
    copy[x] = x;
  for (int x = inputs + 1; x <= f.vars; x++) {
    gate_spec *g = gates + x;
    int original = inputs + 1 + oracle_below (rng, x - inputs);
    if (original < x && oracle_below (rng, 2)) {
      *g = gates[original];
      for (int i = 0; i < g->size; i++) {
        int lit = g->inputs[i], var = copy[abs (lit)];
        g->inputs[i] = lit < 0 ? -var : var;
      }
      for (int i = g->size - 1; i > 0; i--) {
        int j = oracle_below (rng, i + 1), t = g->inputs[i];
        g->inputs[i] = g->inputs[j], g->inputs[j] = t;
      }
      copy[original] = x;
    } else {
      g->is_xor = oracle_below (rng, 3) == 0;
      g->size = 2 + oracle_below (rng, 2);
      for (int i = 0; i < g->size; i++)
        g->inputs[i] = random_literal (rng, x - 1);
      if (oracle_below (rng, 4) == 0) { /* a signal and its copy */
        int var = abs (g->inputs[0]);
        g->inputs[1] = oracle_below (rng, 2) ? copy[var] : -copy[var];
      }
    }
    add_gate (rng, x, g);
  }
  int last = f.vars;
  if (copy[last] == last && last > 1)
    last--;
  if (oracle_below (rng, 2) && copy[last] != last) /* a miter */
    add3 (last, copy[last], 0), add3 (-last, -copy[last], 0);
  int constraints = oracle_below (rng, 4);
  for (int i = 0; i < constraints; i++)
    formula_add_random (&f, rng, 1 + oracle_below (rng, 3));
}

/* Fewer XORs (of 3-5 variables) than variables, and random clauses: the
 * XORs stay after preprocessing and the search assigns their variables,
 * which is where Gauss-Jordan elimination during the search works. */
static bool open_xors; /* the formula at hand is one of them */

static void generate_open_xors (uint64_t *rng) {
  open_xors = true;
  f.vars = 10 + oracle_below (rng, 11);
  int xors = f.vars / 3 + oracle_below (rng, f.vars / 3 + 1);
  for (int i = 0; i < xors; i++) {
    int size = 3 + oracle_below (rng, 3), vars[8];
    oracle_distinct_vars (rng, f.vars, size, vars);
    int parity = (int) oracle_below (rng, 2);
    oracle_xor_clauses (rng, size, vars, parity, false, add_to_formula,
                        &f);
  }
  int extra = 2 + oracle_below (rng, f.vars);
  for (int i = 0; i < extra; i++)
    formula_add_random (&f, rng, 2 + oracle_below (rng, 2));
}

/* Pigeonhole formulas, with as many pigeons as holes or one more: a
 * clause per pigeon, an at-most-one constraint per hole, the variables
 * renamed and negated at random, and noise that may make them
 * satisfiable (a missing binary clause, random clauses) or hide the
 * holes among other cliques (at most one hole per pigeon).  Some holes
 * may be sequential counters, others may offer each pigeon two literals
 * that do not exclude each other (a clique may hold both).  The counting
 * refutation of 'cardinality.c' fires on the unsatisfiable ones. */
static bool pigeons; /* the formula at hand is one of them */

static void shuffle_clauses (uint64_t *rng) {
  for (int i = f.clauses - 1; i > 0; i--) {
    int j = oracle_below (rng, i + 1), size = f.sizes[i];
    int lits[ORACLE_MAX_SIZE];
    memcpy (lits, f.lits[i], sizeof lits);
    uint32_t pos = f.pos[i], neg = f.neg[i];
    f.sizes[i] = f.sizes[j], f.pos[i] = f.pos[j], f.neg[i] = f.neg[j];
    memcpy (f.lits[i], f.lits[j], sizeof lits);
    f.sizes[j] = size, f.pos[j] = pos, f.neg[j] = neg;
    memcpy (f.lits[j], lits, sizeof lits);
  }
}

/* At most one of 'lits' by a sequential counter over the registers
 * 'registers' (Sinz); 'complete' false leaves out the clause keeping the
 * first two literals apart. */
static void add_sequential (int n, const int *lits, const int *registers,
                            bool complete) {
  for (int i = 0; i + 1 < n; i++)
    add3 (-lits[i], registers[i], 0);
  for (int i = 1; i + 1 < n; i++)
    add3 (-registers[i - 1], registers[i], 0);
  for (int i = 1; i < n; i++)
    if (i > 1 || complete)
      add3 (-lits[i], -registers[i - 1], 0);
}

/* The literal of pigeon 'bird' in hole 'hole'; in the last 'doubles'
 * holes each pigeon has a second one ('second'), and both are excluded
 * by the other pigeons' literals there but not by each other. */
typedef struct roost {
  int birds, holes, counters, doubles;
  const int *lit_of;
} roost;

static int perch (const roost *r, int bird, int hole, bool second) {
  if (!second)
    return r->lit_of[bird * r->holes + hole];
  int first_double = r->holes - r->doubles;
  int base = r->birds * r->holes + r->counters * (r->birds - 1);
  return r->lit_of[base + bird * r->doubles + hole - first_double];
}

static int perches (const roost *r, int hole) {
  return 1 + (hole >= r->holes - r->doubles);
}

static void exclude_birds (const roost *r, int hole, int a, int b,
                           bool skipped) {
  for (int i = 0; i < perches (r, hole); i++)
    for (int j = 0; j < perches (r, hole); j++)
      if (!skipped || i || j)
        add3 (-perch (r, a, hole, i), -perch (r, b, hole, j), 0);
}

static void generate_pigeons (uint64_t *rng) {
  pigeons = true;
  int holes = 2 + oracle_below (rng, 3);
  int birds = holes + (oracle_below (rng, 4) != 0);
  int counters = oracle_below (rng, 2) ? oracle_below (rng, holes + 1) : 0;
  int doubles = oracle_below (rng, 2) ? oracle_below (rng, holes + 1) : 0;
  if (doubles > holes - counters)
    doubles = holes - counters;
  while (doubles &&
         birds * (holes + doubles) + counters * (birds - 1) > 20)
    doubles--;
  while (counters && birds * holes + counters * (birds - 1) > 20)
    counters--; /* holes whose at-most-one is a sequential counter */
  int used = birds * (holes + doubles) + counters * (birds - 1);
  f.vars = used + oracle_below (rng, 3);
  if (f.vars > 20)
    f.vars = 20;
  int lit_of[20], order[20];
  oracle_distinct_vars (rng, f.vars, f.vars, order);
  for (int i = 0; i < used; i++)
    lit_of[i] = oracle_below (rng, 2) ? order[i] : -order[i];
  roost r = {birds, holes, counters, doubles, lit_of};
  int skipped = oracle_below (rng, 3) ? -1 : oracle_below (rng, holes);
  bool own_cliques = oracle_below (rng, 2);
  for (int bird = 0; bird < birds; bird++) {
    int lits[ORACLE_MAX_SIZE], size = 0;
    for (int hole = 0; hole < holes; hole++)
      for (int i = 0; i < perches (&r, hole); i++)
        lits[size++] = perch (&r, bird, hole, i);
    formula_add (&f, size, lits);
    for (int a = 0; own_cliques && a < size; a++)
      for (int b = a + 1; b < size; b++)
        add3 (-lits[a], -lits[b], 0);
  }
  for (int hole = 0; hole < holes; hole++) {
    if (hole < counters) {
      int lits[8];
      for (int bird = 0; bird < birds; bird++)
        lits[bird] = perch (&r, bird, hole, false);
      add_sequential (birds, lits,
                      lit_of + birds * holes + hole * (birds - 1),
                      hole != skipped);
      continue;
    }
    for (int a = 0; a < birds; a++)
      for (int b = a + 1; b < birds; b++)
        exclude_birds (&r, hole, a, b, hole == skipped && !a && b == 1);
  }
  int extra = oracle_below (rng, 4);
  for (int i = 0; i < extra; i++)
    formula_add_random (&f, rng, 2 + oracle_below (rng, 3));
  shuffle_clauses (rng);
}

/* Cardinality constraints given natively: 'at most bound of lits'.  The
 * formula holds each spelled out (every bound + 1 of its literals, by
 * position, contain a false one: 'clauses' clauses from 'first' on),
 * which the oracle and the proof checker see; the solver gets the
 * constraint instead of these clauses.  With a proof traced the library
 * states bound one as exactly these pairwise clauses, in this order, and
 * larger bounds cannot be stated, so they are not generated then. */
#define MAX_NATIVES 16
#define MAX_NATIVE_SIZE 8

typedef struct native {
  int first, clauses, bound, size;
  int lits[MAX_NATIVE_SIZE];
} native;

static native natives[MAX_NATIVES];
static int native_count;
static bool proofs_traced;
static bool natives_as_clauses; /* spelled out for at-most-one detection */

static void spell_out (const native *n, int first, int depth, int *chosen) {
  if (depth == n->bound + 1) {
    int clause[MAX_NATIVE_SIZE + 1];
    for (int i = 0; i < depth; i++)
      clause[i] = -chosen[i];
    formula_add (&f, depth, clause);
    return;
  }
  for (int i = first; i < n->size; i++) {
    chosen[depth] = n->lits[i];
    spell_out (n, i + 1, depth + 1, chosen);
  }
}

static void add_native (uint64_t *rng) {
  native *n = natives + native_count++;
  n->size = 2 + oracle_below (rng, MAX_NATIVE_SIZE - 1);
  if (n->size > f.vars)
    n->size = f.vars;
  if (oracle_below (rng, 4))
    oracle_distinct_vars (rng, f.vars, n->size, n->lits);
  else
    for (int i = 0; i < n->size; i++)
      n->lits[i] = 1 + oracle_below (rng, f.vars);
  for (int i = 0; i < n->size; i++)
    n->lits[i] = oracle_below (rng, 2) ? n->lits[i] : -n->lits[i];
  n->bound = 1;
  if (!oracle_below (rng, 4))
    n->bound = oracle_below (rng, n->size + 2); /* 0 .. size + 1 */
  if (proofs_traced && n->bound > 1 && n->bound < n->size)
    n->bound = 1;
  n->first = f.clauses;
  int chosen[MAX_NATIVE_SIZE + 1];
  if (n->bound < n->size)
    spell_out (n, 0, 0, chosen);
  n->clauses = f.clauses - n->first;
  if (oracle_below (rng, 2)) /* exactly one (or k) with the clause */
    formula_add (&f, n->size, n->lits);
}

static void generate_natives (uint64_t *rng) {
  f.vars = 4 + oracle_below (rng, 12);
  int constraints = 1 + oracle_below (rng, MAX_NATIVES);
  int clauses = oracle_below (rng, 3 * f.vars);
  for (int i = 0; i < constraints + clauses; i++)
    if (oracle_below (rng, constraints + clauses) < constraints &&
        native_count < MAX_NATIVES)
      add_native (rng);
    else
      formula_add_random (&f, rng, 2 + oracle_below (rng, 3));
}

static void generate (uint64_t *rng) {
  memset (&f, 0, sizeof f);
  open_xors = pigeons = false;
  native_count = 0;
  int kind = oracle_below (rng, 11);
  if (kind == 10) {
    generate_natives (rng);
    return;
  }
  if (kind < 2) {
    generate_circuit (rng);
    return;
  }
  if (kind == 2) {
    generate_xors (rng);
    return;
  }
  if (kind == 3) {
    int which = oracle_below (rng, 3);
    if (which == 0)
      generate_congruent_circuit (rng);
    else if (which == 1)
      generate_open_xors (rng);
    else
      generate_pigeons (rng);
    return;
  }
  int shape = oracle_below (rng, 4);
  f.vars = 1 + oracle_below (rng, shape ? 14 : 20);
  int k = 1 + oracle_below (rng, 5);
  double ratio[] = {0, 1.5, 3.0, 4.3, 7.0, 11.0};
  int clauses = (int) (f.vars * ratio[k] * (0.5 + oracle_below (rng, 100) / 100.0));
  if (oracle_below (rng, 8) == 0)
    clauses = oracle_below (rng, 6);
  if (clauses > 300)
    clauses = 300;
  for (int i = 0; i < clauses; i++) {
    int size = shape == 3 ? 1 + oracle_below (rng, 6) : k;
    if (oracle_below (rng, 50) == 0)
      size = 0;
    formula_add_random (&f, rng, size);
  }
}

static void add_formula (einsat *solver) {
  const native *n = natives, *end = natives + native_count;
  for (int c = 0; c < f.clauses; c++) {
    if (n != end && c == n->first && !natives_as_clauses) {
      einsat_add_atmost (solver, n->lits, (size_t) n->size, n->bound);
      c += n->clauses - 1;
      n++;
      continue;
    }
    for (int i = 0; i < f.sizes[c]; i++)
      einsat_add (solver, f.lits[c][i]);
    einsat_add (solver, 0);
  }
  for (; n != end; n++) /* trivial ones at the end: no clauses */
    if (!natives_as_clauses || !n->clauses)
      einsat_add_atmost (solver, n->lits, (size_t) n->size, n->bound);
}

static void save_failure (uint64_t seed, const char *what) {
  char path[256];
  snprintf (path, sizeof path, "%s/random-failure-%llu.cnf",
            failure_dir, (unsigned long long) seed);
  FILE *file = fopen (path, "w");
  if (file) {
    fprintf (file, "c %s\n", what);
    formula_print (&f, file);
    fclose (file);
  }
  printf ("not ok random formula seed %llu: %s (formula in %s)\n",
          (unsigned long long) seed, what, path);
}

static void save_replayed (uint64_t seed) {
  char path[256];
  snprintf (path, sizeof path, "%s/random-replay-%llu.cnf", failure_dir,
            (unsigned long long) seed);
  FILE *file = fopen (path, "w");
  if (file) {
    formula_print (&f, file);
    fclose (file);
    printf ("formula in %s\n", path);
    fflush (stdout);
  }
}

static bool check_proof (config *cfg, const char *cnf, const char *proof,
                         bool lrat) {
  cfg->proofs_checked++;
  return formula_check_proof (&f, cfg->checker, lrat ? "lrat" : "drat", cnf,
                              proof);
}

static bool run_one (config *cfg, uint64_t seed) {
  uint64_t rng = seed;
  proofs_traced = cfg->checker;
  generate (&rng);
  einsat *solver = einsat_new ();
  randomize_options (solver, &rng);
  if (open_xors) { /* the matrix is built in the first elimination round */
    einsat_set_option (solver, "lucky", 0);
    einsat_set_option (solver, "eliminate", 1);
    einsat_set_option (solver, "eliminateinit", 0);
    einsat_set_option (solver, "gaussjordan", 1);
  }
  natives_as_clauses = native_count && oracle_below (&rng, 2);
  if (natives_as_clauses || (pigeons && oracle_below (&rng, 2))) {
    /* detected in the first elimination round (not with LRAT) */
    einsat_set_option (solver, "eliminate", 1);
    einsat_set_option (solver, "eliminateinit", 0);
    einsat_set_option (solver, "atmostdetect", 1);
    set_random_option (solver, &rng, "atmostdetectmin", 3, 4);
  }
  if (pigeons) { /* counted in the first elimination round */
    einsat_set_option (solver, "eliminate", 1);
    einsat_set_option (solver, "eliminateinit", 0);
    einsat_set_option (solver, "cardinality", 1);
  }
  char cnf[512], proof[512];
  FILE *proof_file = 0;
  bool binary = oracle_below (&rng, 2);
  bool lrat = oracle_below (&rng, 2);
  if (cfg->threads > 1) { /* workers start early, also on the raw formula */
    einsat_set_option (solver, "threads", cfg->threads);
    einsat_set_option (solver, "threadsoversubscribe", 1);
    einsat_set_option (solver, "threadsdelay", oracle_below (&rng, 4) ? 0 : 5);
    einsat_set_option (solver, "deterministic", oracle_below (&rng, 2));
    set_random_option (solver, &rng, "deterministicepoch", 1, 20);
    lrat = false; /* refused with threads */
  }
  if ((seed >> 1) & 1) /* one solve: see 'tests/diff/large.c' */
    einsat_set_option (solver, "incremental", 0);
  if (cfg->checker) {
    snprintf (cnf, sizeof cnf, "%s/diff-%d.cnf", cfg->tmpdir, (int) getpid ());
    snprintf (proof, sizeof proof, "%s/diff-%d.proof", cfg->tmpdir,
              (int) getpid ());
    proof_file = fopen (proof, "w");
    if (lrat)
      einsat_trace_lrat (solver, proof_file, binary);
    else
      einsat_trace_proof (solver, proof_file, binary);
  }
  if (cfg->replay) { /* written first: a crash must leave it behind */
    print_changed_options (solver);
    save_replayed (seed);
  }
  add_formula (solver);
  int res = einsat_solve (solver);
  uint32_t witness;
  bool expected_sat = oracle_count (&f, 0, 0, 1, &witness) > 0;
  bool ok = true;
  if (res != 10 && res != 20) {
    save_failure (seed, "solver returned neither 10 nor 20");
    ok = false;
  } else if ((res == 10) != expected_sat) {
    save_failure (seed, expected_sat ? "claimed UNSAT but SAT"
                                     : "claimed SAT but UNSAT");
    ok = false;
  } else if (res == 10) {
    int model[ORACLE_MAX_VARS + 1] = {0};
    for (int v = 1; v <= f.vars; v++)
      model[v] = einsat_val (solver, v) > 0 ? 1 : -1;
    if (!oracle_check_model (&f, model)) {
      save_failure (seed, "model does not satisfy the formula");
      ok = false;
    }
    cfg->sat++;
  } else
    cfg->unsat++;
  if (proof_file) {
    einsat_close_proof (solver);
    fclose (proof_file);
    if (ok && res == 20 && !check_proof (cfg, cnf, proof, lrat)) {
      static const char *const rejected[2][2] = {
          {"text DRAT proof rejected", "binary DRAT proof rejected"},
          {"text LRAT proof rejected", "binary LRAT proof rejected"}};
      save_failure (seed, rejected[lrat][binary]);
      ok = false;
    }
    if (cfg->replay)
      printf ("formula %s proof %s\n", cnf, proof);
    else {
      unlink (cnf);
      unlink (proof);
    }
  }
  if (einsat_memory (solver) > (size_t) 1 << 26) {
    save_failure (seed, "memory use out of bounds");
    ok = false;
  }
  for (size_t i = 0; i < COVERED; i++)
    coverage[i] += einsat_statistic (solver, covered[i]);
  cfg->portfolios += einsat_statistic (solver, "workers_started") > 0;
  einsat_delete (solver);
  return ok;
}

int main (int argc, char **argv) {
  config cfg = {2000, 1, 0, "/tmp", 0, 0, 0, false, 1, 0};
  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--count") && i + 1 < argc)
      cfg.count = atol (argv[++i]);
    else if (!strcmp (argv[i], "--seed") && i + 1 < argc)
      cfg.seed = strtoull (argv[++i], 0, 10);
    else if (!strcmp (argv[i], "--checker") && i + 1 < argc)
      cfg.checker = argv[++i];
    else if (!strcmp (argv[i], "--tmpdir") && i + 1 < argc)
      cfg.tmpdir = argv[++i];
    else if (!strcmp (argv[i], "--threads") && i + 1 < argc)
      cfg.threads = atoi (argv[++i]);
    else if (!strcmp (argv[i], "--failures") && i + 1 < argc)
      failure_dir = argv[++i];
    else if (!strcmp (argv[i], "--replay") && i + 1 < argc) {
      cfg.replay = true;
      return !run_one (&cfg, strtoull (argv[++i], 0, 10));
    }
    else {
      fprintf (stderr, "usage: random [--count N] [--seed S] "
                       "[--checker PATH] [--tmpdir DIR] [--failures DIR] "
                       "[--threads N] [--replay FORMULA_SEED]\n");
      return 2;
    }
  }
  long failed = 0;
  for (long i = 0; i < cfg.count && failed < 5; i++)
    failed += !run_one (&cfg, cfg.seed * 1000003 + (uint64_t) i);
  if (!failed) {
    printf ("ok random differential: %ld formulas (%ld SAT, %ld UNSAT, "
            "%ld proofs checked",
            cfg.count, cfg.sat, cfg.unsat, cfg.proofs_checked);
    if (cfg.threads > 1)
      printf (", %d threads started in %ld", cfg.threads, cfg.portfolios);
    printf (")\n");
    printf ("coverage:");
    for (size_t i = 0; i < COVERED; i++)
      printf (" %s %llu", covered[i], (unsigned long long) coverage[i]);
    printf ("\n");
  }
  return failed ? 1 : 0;
}
