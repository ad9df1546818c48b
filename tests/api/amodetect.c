/* At-most-one detection ('amodetect.c', option 'atmostdetect'): the
 * pairwise encodings of at-most-one constraints are found among the
 * binary clauses and replaced by native constraints.  The cliques of
 * small formulas are found (counted by the statistics), every model is
 * checked against the formula as given, model counts match exhaustive
 * search, answers stay right when clauses are added later, and the
 * refutations' DRAT proofs are accepted by the checker ('einsat-check',
 * first argument) and by drat-trim (second argument, skipped with a
 * reason if missing), also where the constraints are stored as
 * progressions (the pigeons of a hole).  With an LRAT proof detection
 * is off. */

#include "../common/check.h"
#include "../common/oracle.h"
#include "einsat.h"

#include <unistd.h>

static formula f;
static const char *checker, *drat_trim;
static uint64_t detected, replaced, counted, refuted, progressions;

static void add_pairwise (int size, const int *lits) {
  for (int i = 0; i < size; i++)
    for (int j = i + 1; j < size; j++)
      formula_add (&f, 2, (int[]){-lits[i], -lits[j]});
}

/* Detection in the first elimination round, before anything could
 * solve the small formulas without it. */
static einsat *new_solver (int min) {
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "atmostdetect", 1));
  CHECK (einsat_set_option (solver, "atmostdetectmin", min));
  CHECK (einsat_set_option (solver, "eliminateinit", 0));
  CHECK (einsat_set_option (solver, "dpll", 0));
  CHECK (einsat_set_option (solver, "lucky", 0));
  CHECK (einsat_set_option (solver, "factor", 0));
  CHECK (einsat_set_option (solver, "cardinality", 0));
  return solver;
}

static void add_clauses (einsat *solver, int from) {
  for (int c = from; c < f.clauses; c++)
    einsat_add_clause (solver, f.lits[c], (size_t) f.sizes[c]);
}

static bool model_ok (einsat *solver) {
  int model[ORACLE_MAX_VARS + 1] = {0};
  for (int v = 1; v <= f.vars; v++)
    model[v] = einsat_val (solver, v) > 0 ? 1 : -1;
  return oracle_check_model (&f, model);
}

typedef struct counting {
  bool ok;
} counting;

static int on_model (void *data, const int *values) {
  int model[ORACLE_MAX_VARS + 1] = {0};
  for (const int *p = values; *p; p++)
    model[abs (*p)] = *p;
  ((counting *) data)->ok &= oracle_check_model (&f, model);
  return 1;
}

/* All models, each checked, as many as exhaustive search finds. */
static bool count_matches (einsat *solver) {
  int project[ORACLE_MAX_VARS];
  for (int v = 1; v <= f.vars; v++)
    project[v - 1] = v;
  counting c = {true};
  int complete = 0;
  int64_t count = einsat_enumerate (solver, project, f.vars, 0, on_model,
                                    &c, &complete);
  counted++;
  return complete && c.ok && count >= 0 &&
         (uint64_t) count == oracle_count (&f, 0, 0, 0, 0);
}

static void count_detected (einsat *solver) {
  detected += einsat_statistic (solver, "atmosts_detected");
  replaced += einsat_statistic (solver, "atmosts_detected_binaries");
  progressions += einsat_statistic (solver, "atmost_progressions");
}

/* Exactly one of ten literals (random signs), pairwise, and a clique of
 * three, below the minimum of four: one constraint replaces 45 binary
 * clauses; the three stay clauses. */
static void test_clique_of_pairwise_encoding (void) {
  memset (&f, 0, sizeof f);
  f.vars = 13;
  int lits[10], small[3] = {11, -12, 13};
  for (int i = 0; i < 10; i++)
    lits[i] = i & 1 ? -(i + 1) : i + 1;
  add_pairwise (10, lits);
  formula_add (&f, 10, lits);
  add_pairwise (3, small);
  einsat *solver = new_solver (4);
  add_clauses (solver, 0);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_ok (solver));
  CHECK (einsat_statistic (solver, "atmosts_detected") == 1);
  CHECK (einsat_statistic (solver, "atmosts_detected_binaries") == 45);
  CHECK (count_matches (solver));
  einsat_delete (solver);
}

/* Rooks on a 4 x 4 board, one per row (clause) and at most one per row
 * and column (pairwise): each square is in two cliques, the eight are
 * found, and the 24 placements counted. */
static void test_rows_and_columns (void) {
  memset (&f, 0, sizeof f);
  f.vars = 16;
  for (int r = 0; r < 4; r++) {
    int row[4], column[4];
    for (int c = 0; c < 4; c++)
      row[c] = 1 + 4 * r + c, column[c] = 1 + 4 * c + r;
    formula_add (&f, 4, row);
    add_pairwise (4, row);
    add_pairwise (4, column);
  }
  einsat *solver = new_solver (4);
  add_clauses (solver, 0);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_ok (solver));
  CHECK (einsat_statistic (solver, "atmosts_detected") == 8);
  CHECK (einsat_statistic (solver, "atmosts_detected_binaries") == 48);
  CHECK (oracle_count (&f, 0, 0, 0, 0) == 24);
  CHECK (count_matches (solver));
  einsat_delete (solver);
}

/* Random cliques (some exactly-one, some overlapping), random clauses
 * and duplicates: each answer checked, some counted; then clauses are
 * added and the answer checked again. */
static void random_formula (uint64_t *rng) {
  memset (&f, 0, sizeof f);
  f.vars = 8 + oracle_below (rng, 13);
  int cliques = 1 + oracle_below (rng, 5);
  for (int i = 0; i < cliques; i++) {
    int size = 3 + oracle_below (rng, 6), lits[8];
    oracle_distinct_vars (rng, f.vars, size, lits);
    for (int j = 0; j < size; j++)
      lits[j] = oracle_below (rng, 2) ? lits[j] : -lits[j];
    add_pairwise (size, lits);
    if (oracle_below (rng, 2))
      formula_add (&f, size, lits);
    if (!oracle_below (rng, 4)) /* a duplicate binary clause */
      formula_add (&f, 2, (int[]){-lits[0], -lits[1]});
  }
  int clauses = oracle_below (rng, 2 * f.vars);
  for (int i = 0; i < clauses; i++)
    formula_add_random (&f, rng, 2 + oracle_below (rng, 3));
}

static void test_random_formulas (void) {
  for (uint64_t seed = 1; seed <= 400; seed++) {
    uint64_t rng = seed;
    random_formula (&rng);
    einsat *solver = new_solver (3 + oracle_below (&rng, 3));
    add_clauses (solver, 0);
    int res = einsat_solve (solver);
    bool sat = oracle_count (&f, 0, 0, 1, 0) > 0;
    CHECK (res == (sat ? 10 : 20));
    if (res == 10)
      CHECK (model_ok (solver));
    count_detected (solver);
    if (sat && oracle_below (&rng, 2))
      CHECK (count_matches (solver));
    int from = f.clauses;
    for (int i = 0; i < 3; i++)
      formula_add_random (&f, &rng, 2 + oracle_below (&rng, 2));
    add_clauses (solver, from);
    res = einsat_solve (solver);
    CHECK (res == (oracle_count (&f, 0, 0, 1, 0) ? 10 : 20));
    if (res == 10)
      CHECK (model_ok (solver));
    einsat_delete (solver);
  }
  CHECK (detected > 0 && replaced >= 6 * detected);
}

static bool drat_trim_accepts (const char *cnf, const char *proof) {
  char command[2048];
  /* its lines start with a carriage return */
  snprintf (command, sizeof command,
            "%s %s %s 2>&1 | grep -q 's VERIFIED$'", drat_trim, cnf, proof);
  return system (command) == 0;
}

/* Pigeonhole formulas (one more pigeon than holes, the holes pairwise)
 * and unsatisfiable random formulas: refuted with the native
 * constraints, the DRAT proof checked against the formula as given. */
static void prove (int min, bool binary, uint64_t *proofs) {
  const char *dir = getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
  char cnf[512], proof[512];
  snprintf (cnf, sizeof cnf, "%s/einsat-amodetect-%d.cnf", dir,
            (int) getpid ());
  snprintf (proof, sizeof proof, "%s/einsat-amodetect-%d.proof", dir,
            (int) getpid ());
  FILE *file = fopen (proof, "w");
  CHECK (file);
  if (!file)
    return;
  einsat *solver = new_solver (min);
  einsat_trace_proof (solver, file, binary);
  add_clauses (solver, 0);
  CHECK (einsat_solve (solver) == 20);
  count_detected (solver);
  einsat_close_proof (solver);
  einsat_delete (solver);
  fclose (file);
  CHECK (formula_check_proof (&f, checker, "drat", cnf, proof));
  if (drat_trim && !binary)
    CHECK (drat_trim_accepts (cnf, proof));
  ++*proofs;
  unlink (cnf);
  unlink (proof);
}

static void pigeonhole (int holes) {
  memset (&f, 0, sizeof f);
  int pigeons = holes + 1;
  f.vars = pigeons * holes;
  for (int p = 0; p < pigeons; p++) {
    int lits[8];
    for (int h = 0; h < holes; h++)
      lits[h] = 1 + p * holes + h;
    formula_add (&f, holes, lits);
  }
  for (int h = 0; h < holes; h++) {
    int lits[8];
    for (int p = 0; p < pigeons; p++)
      lits[p] = 1 + p * holes + h;
    add_pairwise (pigeons, lits);
  }
}

static void test_drat_proofs (void) {
  if (!checker) {
    printf ("# skipped DRAT proofs: no checker given\n");
    return;
  }
  uint64_t proofs = 0, before = detected, progressive = progressions;
  for (int holes = 3; holes <= 4; holes++) {
    pigeonhole (holes);
    prove (4, false, &proofs);
    prove (4, true, &proofs);
  }
  CHECK (detected - before == 2 * (3 + 4)); /* a clique per hole */
  /* The pigeons of a hole are numbered 'holes' apart: with five pigeons
   * each hole's constraint is stored as a progression. */
  CHECK (progressions - progressive == 2 * 4);
  for (uint64_t seed = 1000; proofs < 40 && seed < 3000; seed++) {
    uint64_t rng = seed;
    random_formula (&rng);
    if (!oracle_count (&f, 0, 0, 1, 0))
      prove (3, oracle_below (&rng, 2), &proofs);
  }
  CHECK (proofs == 40);
  refuted += proofs;
}

/* Detection needs identifiers for its reasons that LRAT would want: off
 * (no round) while an LRAT proof is traced, and the proof checks. */
static void test_off_with_lrat (void) {
  pigeonhole (4);
  einsat *solver = new_solver (4);
  FILE *sink = fopen ("/dev/null", "w");
  CHECK (sink);
  if (!sink)
    return;
  einsat_trace_lrat (solver, sink, true);
  add_clauses (solver, 0);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "atmostdetect_rounds") == 0);
  CHECK (einsat_statistic (solver, "atmosts_detected") == 0);
  einsat_delete (solver);
  fclose (sink);
}

/* Off by default and with the option. */
static void test_off_by_option (void) {
  pigeonhole (4);
  einsat *solver = new_solver (4);
  CHECK (einsat_set_option (solver, "atmostdetect", 0));
  add_clauses (solver, 0);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "atmostdetect_rounds") == 0);
  einsat_delete (solver);
}

int main (int argc, char **argv) {
  checker = argc > 1 && argv[1][0] ? argv[1] : 0;
  drat_trim = argc > 2 && argv[2][0] ? argv[2] : 0;
  if (!drat_trim)
    printf ("# skipped drat-trim checks: drat-trim not installed\n");
  static const test_case cases[] = {
      {"clique of pairwise encoding", test_clique_of_pairwise_encoding},
      {"rows and columns", test_rows_and_columns},
      {"random formulas", test_random_formulas},
      {"DRAT proofs", test_drat_proofs},
      {"off with LRAT", test_off_with_lrat},
      {"off by option", test_off_by_option},
  };
  int failed =
      run_test_cases ("amodetect", cases, sizeof cases / sizeof *cases);
  if (!failed)
    printf ("# amodetect: %llu constraints detected replacing %llu binary "
            "clauses, %llu counts, %llu refutations checked\n",
            (unsigned long long) detected, (unsigned long long) replaced,
            (unsigned long long) counted, (unsigned long long) refuted);
  return failed;
}
