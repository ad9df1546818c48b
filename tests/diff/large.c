/* Randomised differential test on formulas too large for exhaustive
 * search (20 to 250 variables): random k-SAT near the threshold, random
 * circuits, miters, pigeonhole-like formulas and XOR systems, solved
 * under a random configuration with every technique enabled at tiny
 * intervals, and compared with the same formula solved by a plain
 * configuration (no inprocessing).  Every model is checked against the
 * formula, every UNSAT answer's proof by the independent checker
 * ('--checker'): an LRAT proof in a quarter of the runs, else DRAT.
 * Half of the XOR systems go without a proof, since Gaussian elimination
 * runs only then; their UNSAT answers are checked through the DRAT proof
 * of the plain configuration instead.  This is where elimination,
 * substitution, probing, vivification, factoring (on the pigeonhole-like
 * formulas), Gaussian elimination, congruence closure (on the miters) and
 * reduction get exercised on formulas with real search. */

#include "einsat.h"
#include "../common/model.h"
#include "../common/oracle.h"
#include "../common/random_options.h"

#include <string.h>

#include <unistd.h>

typedef struct big_formula {
  int vars;
  int *lits; /* clauses separated by 0 */
  size_t size, capacity;
} big_formula;

static big_formula g;

static void push (int lit) {
  if (g.size == g.capacity) {
    g.capacity = g.capacity ? 2 * g.capacity : 1024;
    g.lits = realloc (g.lits, g.capacity * sizeof *g.lits);
    if (!g.lits)
      exit (2);
  }
  g.lits[g.size++] = lit;
}

static int random_lit (uint64_t *rng, int vars) {
  int var = 1 + oracle_below (rng, vars);
  return oracle_below (rng, 2) ? var : -var;
}

static void clause3 (int a, int b, int c) {
  push (a), push (b);
  if (c)
    push (c);
  push (0);
}

/* Three random literals over 1..vars, drawn in sequence (the order in
 * which arguments are evaluated differs between compilers, and so would
 * the formulas). */
static void random_clause3 (uint64_t *rng, int vars) {
  int a = random_lit (rng, vars);
  int b = random_lit (rng, vars);
  int c = random_lit (rng, vars);
  clause3 (a, b, c);
}

/* The 8 clauses of the parity constraint over 'lits' (an odd number of
 * negations each): a ternary XOR gate, found as such by elimination. */
static void xor4 (const int *lits) {
  for (unsigned negations = 0; negations < 16; negations++) {
    unsigned odd = 0;
    for (unsigned bits = negations; bits; bits >>= 1)
      odd ^= bits & 1;
    if (!odd)
      continue;
    for (int i = 0; i < 4; i++)
      push (negations >> i & 1 ? -lits[i] : lits[i]);
    push (0);
  }
}

static void generate_ksat (uint64_t *rng) {
  int k = 3 + (oracle_below (rng, 4) == 0);
  g.vars = 30 + oracle_below (rng, k == 3 ? 170 : 60);
  double ratio = k == 3 ? 3.8 + oracle_below (rng, 90) / 100.0
                        : 8.5 + oracle_below (rng, 300) / 100.0;
  int clauses = (int) (ratio * g.vars);
  for (int i = 0; i < clauses; i++) {
    for (int j = 0; j < k; j++)
      push (random_lit (rng, g.vars));
    push (0);
  }
}

/* Pigeonhole-like formulas: at-most-one constraints (pairwise binary
 * clauses, what factoring compacts) over the columns of a random matrix
 * of pigeons by holes, at-least-one clauses for most pigeons, and a few
 * random clauses; UNSAT when every one of more pigeons than holes has its
 * clause. */
static void generate_pigeons (uint64_t *rng) {
  int holes = 3 + oracle_below (rng, 4);
  int pigeons = holes + oracle_below (rng, 3);
  g.vars = holes * pigeons;
  int sign = oracle_below (rng, 2) ? 1 : -1;
/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define P(I, J) (sign * (1 + (I) * holes + (J)))
/* clang-format on */
  for (int j = 0; j < holes; j++)
    for (int i = 0; i < pigeons; i++)
      for (int k = i + 1; k < pigeons; k++)
        clause3 (-P (i, j), -P (k, j), 0);
  for (int i = 0; i < pigeons; i++) {
    if (oracle_below (rng, 8) == 0)
      continue;
    for (int j = 0; j < holes; j++)
      push (P (i, j));
    push (0);
  }
#undef P
  int extra = oracle_below (rng, g.vars / 2 + 1);
  for (int i = 0; i < extra; i++)
    random_clause3 (rng, g.vars);
}

/* Random gates over earlier variables, then constraints on the last
 * ones (an equivalence check of two random circuits is typical UNSAT). */
static void generate_circuit (uint64_t *rng) {
  g.vars = 40 + oracle_below (rng, 200);
  int inputs = 8 + oracle_below (rng, 12);
  for (int x = inputs + 1; x <= g.vars; x++) {
    int a = random_lit (rng, x - 1), b = random_lit (rng, x - 1);
    int c = random_lit (rng, x - 1);
    switch (oracle_below (rng, 7)) {
    case 0:
      clause3 (-x, a, 0), clause3 (x, -a, 0);
      break;
    case 1:
      clause3 (-x, a, 0), clause3 (-x, b, 0), clause3 (x, -a, -b);
      break;
    case 2:
      clause3 (x, -a, 0), clause3 (x, -b, 0), clause3 (-x, a, b);
      break;
    case 3:
      clause3 (-x, -a, b), clause3 (-x, a, c), clause3 (x, -a, -b);
      clause3 (x, a, -c);
      break;
    case 4:
      xor4 ((int[]) {x, a, b, c});
      break;
    default:
      clause3 (-x, a, b), clause3 (-x, -a, -b), clause3 (x, -a, b);
      clause3 (x, a, -b);
      break;
    }
  }
  int constraints = 2 + oracle_below (rng, 2 * inputs);
  for (int i = 0; i < constraints; i++) {
    int size = 1 + oracle_below (rng, 3);
    for (int j = 0; j < size; j++)
      push (random_lit (rng, g.vars));
    push (0);
  }
}

/* Miters: a random circuit of AND, OR and XOR gates and a copy of it
 * over the same inputs, with the inputs of each gate permuted, and the
 * clause saying that some output pair differs.  UNSAT, unless a gate of
 * the copy has one input negated (half of the formulas).  Congruence
 * closure refutes the unchanged ones without search. */
static void generate_miter (uint64_t *rng) {
  int inputs = 6 + oracle_below (rng, 10), gates = 20 + oracle_below (rng, 60);
  g.vars = inputs + 2 * gates + 3;
  int kinds[80], a[80], b[80];
  int mutated = oracle_below (rng, 2) ? oracle_below (rng, gates) : -1;
  for (int copy = 0; copy < 2; copy++) {
    int base = inputs + copy * gates;
    for (int i = 0; i < gates; i++) {
      if (!copy) {
        kinds[i] = oracle_below (rng, 3);
        a[i] = random_lit (rng, inputs + i), b[i] = random_lit (rng, inputs + i);
      }
      int x = base + i + 1, la = a[i], lb = b[i];
      if (copy) { /* the same gate over the copies of its inputs */
        if (abs (la) > inputs)
          la += la > 0 ? gates : -gates;
        if (abs (lb) > inputs)
          lb += lb > 0 ? gates : -gates;
        if (i == mutated)
          lb = -lb;
        int t = la;
        la = lb, lb = t;
      }
      if (kinds[i] == 0)
        clause3 (-x, la, 0), clause3 (-x, lb, 0), clause3 (x, -la, -lb);
      else if (kinds[i] == 1)
        clause3 (x, -la, 0), clause3 (x, -lb, 0), clause3 (-x, la, lb);
      else
        clause3 (-x, la, lb), clause3 (-x, -la, -lb), clause3 (x, -la, lb),
            clause3 (x, la, -lb);
    }
  }
  /* d_k = out_k ^ copy_k for the last three gates, and d_1 | d_2 | d_3 */
  for (int k = 0; k < 3; k++) {
    int d = inputs + 2 * gates + 1 + k;
    int x = inputs + gates - k, y = x + gates;
    clause3 (-d, x, y), clause3 (-d, -x, -y), clause3 (d, -x, y);
    clause3 (d, x, -y);
    push (d);
  }
  push (0);
}

static void push_clause (void *context, int size, const int *lits) {
  (void) context;
  for (int i = 0; i < size; i++)
    push (lits[i]);
  push (0);
}

/* XOR constraints of 3 to 7 variables, a third to about as many as
 * there are variables, and random ternary clauses.  A tenth of the XORs
 * lack one clause (so they are no XORs), and a quarter are followed by
 * the XOR of the same variables and one more: the sum of the two is a
 * unit that only Gaussian elimination finds.  The answers are checked
 * against the plain configuration (without Gaussian elimination).  Kept
 * small: random XOR systems are hard for resolution, so for the plain
 * solver too. */
static void generate_xors (uint64_t *rng) {
  g.vars = 20 + oracle_below (rng, 30);
  int xors = g.vars / 3 + oracle_below (rng, g.vars / 2 + 4);
  for (int i = 0; i < xors; i++) {
    int size = 3 + oracle_below (rng, oracle_below (rng, 4) ? 3 : 5);
    int vars[8];
    oracle_distinct_vars (rng, g.vars, size + 1, vars);
    int parity = (int) oracle_below (rng, 2);
    bool drop = !oracle_below (rng, 10);
    oracle_xor_clauses (rng, size, vars, parity, drop, push_clause, 0);
    if (!oracle_below (rng, 4)) /* the sum of both: a unit on vars[size] */
      oracle_xor_clauses (rng, size + 1, vars, (int) oracle_below (rng, 2),
                          false, push_clause, 0);
    else if (!oracle_below (rng, 3)) {
      /* One variable replaced: the sum of both is an equivalence. */
      int other[8];
      memcpy (other, vars, sizeof other);
      other[size - 1] = vars[size];
      oracle_xor_clauses (rng, size, other, (int) oracle_below (rng, 2),
                          false, push_clause, 0);
    }
  }
  int extra = oracle_below (rng, g.vars / 4 + 1);
  for (int i = 0; i < extra; i++)
    random_clause3 (rng, g.vars);
}

static void add_formula (einsat *solver) {
  for (size_t i = 0; i < g.size; i++)
    einsat_add (solver, g.lits[i]);
}

static void write_formula (const char *path) {
  if (!write_clauses_dimacs (path, g.vars, g.lits, g.size))
    exit (2);
}

/* Aggressive settings: every technique fires often on small formulas. */
static void stress_options (einsat *solver, uint64_t *rng) {
  randomize_options (solver, rng);
  set_random_option (solver, rng, "probeint", 1, 20);
  set_random_option (solver, rng, "vivifyint", 1, 200);
  set_random_option (solver, rng, "eliminateint", 1, 300);
  set_random_option (solver, rng, "reduceint", 1, 100);
  set_random_option (solver, rng, "transredeffort", 100, 10000);
  set_random_option (solver, rng, "blockeffort", 0, 1000);
  einsat_set_option (solver, "eliminate", 1);
  /* No round sits out after a fruitless one: on formulas this small
   * most rounds find nothing, and the schedule would keep the rarer
   * techniques (transitive reduction) from ever running. */
  einsat_set_option (solver, "delay", 0);
}

/* Its UNSAT answer is the one checked when the stressed run goes without
 * a proof: then it traces a DRAT proof to 'proof' (if not 0). */
static int solve_plain (const char *proof) {
  einsat *solver = einsat_new ();
  einsat_configure (solver, "plain");
  FILE *proof_file = proof ? fopen (proof, "w") : 0;
  if (proof_file)
    einsat_trace_proof (solver, proof_file, false);
  const char *off[] = {"eliminate", "probe",    "vivify",
                       "subsume",   "decompose", "eagersubsume",
                       "transred",  "factor",    "gauss",
                       "gaussjordan", "congruence", "cardinality"};
  for (size_t i = 0; i < sizeof off / sizeof *off; i++)
    einsat_set_option (solver, off[i], 0);
  add_formula (solver);
  int res = einsat_solve (solver);
  if (proof_file) {
    einsat_close_proof (solver);
    fclose (proof_file);
  }
  einsat_delete (solver);
  return res;
}

static const char *const covered[] = {
    "eliminated",        "substituted",    "failed_literals",
    "vivified",          "subsumed",       "reductions",
    "otfs_strengthened", "hyper_binaries", "transitive_reductions",
    "xor_gates",         "blocked",        "minimized_binary",
    "factored",          "bumped_reasons", "gauss_units",
    "gauss_equivalences", "congruence_equivalences", "gaussjordan_implied",
    "cardinality_refuted", "sweep_equivalences"};
#define COVERED (sizeof covered / sizeof *covered)
static uint64_t coverage[COVERED];

static bool replaying;
static int threads = 1; /* option 'threads' of the stressed solver */
static long portfolios; /* formulas on which its workers ran */

static bool run_one (uint64_t seed, const char *checker, const char *dir) {
  uint64_t rng = seed;
  g.size = 0;
  unsigned kind = oracle_below (&rng, 8);
  if (kind < 2)
    generate_ksat (&rng);
  else if (kind < 4)
    generate_circuit (&rng);
  else if (kind < 5)
    generate_pigeons (&rng);
  else if (kind < 7)
    generate_xors (&rng), kind = 5;
  else
    generate_miter (&rng), kind = 6;
  einsat *solver = einsat_new ();
  stress_options (solver, &rng);
  char cnf[512], proof[512];
  snprintf (cnf, sizeof cnf, "%s/large-%d.cnf", dir, (int) getpid ());
  snprintf (proof, sizeof proof, "%s/large-%d.proof", dir, (int) getpid ());
  if (replaying) {
    print_changed_options (solver);
    write_formula (cnf);
    printf ("formula %s\n", cnf);
    fflush (stdout);
  }
  bool binary = oracle_below (&rng, 2), lrat = !oracle_below (&rng, 4);
  if (threads > 1) { /* LRAT is refused with threads */
    einsat_set_option (solver, "threads", threads);
    einsat_set_option (solver, "threadsoversubscribe", 1);
    einsat_set_option (solver, "threadsdelay", oracle_below (&rng, 3) * 20);
    lrat = false;
  }
  /* Gaussian elimination runs without a proof only: half of the XOR
   * systems go without one, and find XORs of every size they have (so
   * that the few runs under the sanitizers cover its equivalences).  The
   * pigeonhole formulas count, half of them without a proof (their UNSAT
   * answers then checked by the plain configuration's proof). */
  bool prove = checker && ((kind != 4 && kind != 5) ||
                           oracle_below (&rng, 2));
  if (kind == 5 && !prove) {
    einsat_set_option (solver, "gauss", 1);
    einsat_set_option (solver, "gaussxorsize", 8);
  }
  if (kind == 4)
    einsat_set_option (solver, "cardinality", 1);
  if (kind == 6)
    einsat_set_option (solver, "congruence", 1);
  if (kind == 2 || kind == 6) /* circuits and miters: off by default */
    einsat_set_option (solver, "sweep", 1);
  FILE *proof_file = prove ? fopen (proof, "w") : 0;
  /* One solve: a DRAT proof may then delete the eliminated clauses, and
   * factoring runs with it (the default 'incremental' is tested in
   * 'random.c' and 'tests/api'). */
  einsat_set_option (solver, "incremental", 0);
  if (proof_file && lrat)
    einsat_trace_lrat (solver, proof_file, binary);
  else if (proof_file)
    einsat_trace_proof (solver, proof_file, binary);
  add_formula (solver);
  int res = einsat_solve (solver);
  const char *what = 0;
  if (res == 10 && !model_satisfies_clauses (solver, g.lits, g.size))
    what = "model does not satisfy the formula";
  else if (res != 10 && res != 20)
    what = "no result";
  else if (res != solve_plain (checker && !prove ? proof : 0))
    what = "differs from the plain configuration";
  for (size_t i = 0; i < COVERED; i++)
    coverage[i] += einsat_statistic (solver, covered[i]);
  portfolios += einsat_statistic (solver, "workers_started") > 0;
  if (proof_file) {
    einsat_close_proof (solver);
    fclose (proof_file);
  }
  einsat_delete (solver);
  if (!what && res == 20 && checker) {
    write_formula (cnf);
    if (!prove && !checker_accepts (checker, "drat", cnf, proof))
      what = "DRAT proof of the plain configuration rejected";
    else if (prove &&
             !checker_accepts (checker, lrat ? "lrat" : "drat", cnf, proof))
      what = lrat ? "LRAT proof rejected" : "DRAT proof rejected";
  }
  if (what) {
    char path[512];
    snprintf (path, sizeof path, "%s/large-failure-%llu.cnf", dir,
              (unsigned long long) seed);
    write_formula (path);
    printf ("not ok large formula seed %llu: %s (formula in %s)\n",
            (unsigned long long) seed, what, path);
  } else if (!replaying)
    unlink (cnf);
  unlink (proof);
  return !what;
}

int main (int argc, char **argv) {
  long count = 200;
  uint64_t seed = 1;
  const char *checker = 0, *dir = ".";
  for (int i = 1; i < argc; i++) {
    if (!strcmp (argv[i], "--count") && i + 1 < argc)
      count = atol (argv[++i]);
    else if (!strcmp (argv[i], "--seed") && i + 1 < argc)
      seed = strtoull (argv[++i], 0, 10);
    else if (!strcmp (argv[i], "--checker") && i + 1 < argc)
      checker = argv[++i];
    else if (!strcmp (argv[i], "--dir") && i + 1 < argc)
      dir = argv[++i];
    else if (!strcmp (argv[i], "--threads") && i + 1 < argc)
      threads = atoi (argv[++i]);
    else if (!strcmp (argv[i], "--replay") && i + 1 < argc) {
      replaying = true;
      return !run_one (strtoull (argv[++i], 0, 10), checker, dir);
    }
    else {
      fprintf (stderr, "usage: large [--count N] [--seed S] [--checker "
                       "PATH] [--dir DIR] [--threads N] [--replay "
                       "FORMULA_SEED]\n");
      return 2;
    }
  }
  long failed = 0;
  for (long i = 0; i < count && failed < 3; i++)
    failed += !run_one (seed * 1000003 + (uint64_t) i, checker, dir);
  free (g.lits);
  if (failed)
    return 1;
  if (threads > 1) { /* the workers do the work: the ruler's counters */
    if (portfolios < count / 4) {
      printf ("not ok large differential with %d threads: workers ran on "
              "%ld of %ld formulas only\n", threads, portfolios, count);
      return 1;
    }
    printf ("ok large differential with %d threads: %ld formulas, %ld "
            "with workers\n", threads, count, portfolios);
    return 0;
  }
  printf ("ok large differential: %ld formulas\ncoverage:", count);
  for (size_t i = 0; i < COVERED; i++)
    printf (" %s %llu", covered[i], (unsigned long long) coverage[i]);
  printf ("\n");
  /* A technique that never fires is not tested at all (replays of a
   * single formula are exempt). */
  for (size_t i = 0; i < COVERED; i++)
    if (!coverage[i] && count >= 50) {
      printf ("not ok large coverage: '%s' never fired\n", covered[i]);
      failed++;
    }
  return failed != 0;
}
