/* Symmetry breaking ('src/symmetry.c').
 *
 * Detection: pigeonhole and clique colouring formulas with the variables
 * renamed and negated at random and the clauses and their literals
 * shuffled.  Detection must find generators on each, and every generator
 * is checked here, independently of the solver's own check: it commutes
 * with negation and maps every clause of the formula (as given, in the
 * external numbering) to a clause of the formula.  A random formula
 * without structure must give only generators passing the same check.
 *
 * Answers: random formulas over up to 12 variables made symmetric (the
 * clauses closed under a random permutation of the variables with sign
 * flips), solved with breaking on: the answer agrees with brute force,
 * a model satisfies the formula; then the call is repeated under the
 * image of that model (also a model, which breaking may have excluded in
 * the first call: it must be found now), a clause is added and the
 * answer checked again, and the models are counted by enumeration.
 * Detection must have run in the first call only.  Over all rounds
 * breaking must have added constraints (else the test proves nothing).  Breaking must not run with a proof, with
 * assumptions or with phase hints, and the UNSAT answers on the clique
 * colouring formulas agree with a solver without breaking. */

#include "../common/oracle.h"

#include "unit.h"

#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>

#define MAX_LITS 16

typedef struct cnf {
  int vars, clauses;
  int sizes[ORACLE_MAX_CLAUSES];
  int lits[ORACLE_MAX_CLAUSES][MAX_LITS];
} cnf;

static bool fail (char *why, size_t size, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (why, size, fmt, ap);
  va_end (ap);
  return false;
}

static int compare_ints (const void *p, const void *q) {
  int a = *(const int *) p, b = *(const int *) q;
  return (a > b) - (a < b);
}

static void push (cnf *f, int size, const int *lits) {
  if (f->clauses == ORACLE_MAX_CLAUSES || size > MAX_LITS)
    abort ();
  int c = f->clauses++;
  f->sizes[c] = size;
  memcpy (f->lits[c], lits, size * sizeof *lits);
}

static void pigeonhole (cnf *f, int holes) {
  int pigeons = holes + 1;
  memset (f, 0, sizeof *f);
  f->vars = pigeons * holes;
  for (int p = 0; p < pigeons; p++) {
    int lits[MAX_LITS];
    for (int h = 0; h < holes; h++)
      lits[h] = 1 + p * holes + h;
    push (f, holes, lits);
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++)
        push (f, 2, (int[]) {-(1 + p * holes + h), -(1 + q * holes + h)});
}

/* A graph on 'n' vertices with a clique of 'k' vertices and 'c'
 * colours (unsatisfiable for k > c): edge, member and colour variables. */
static void clique_colouring (cnf *f, int n, int k, int c) {
  memset (f, 0, sizeof *f);
  int edge[8][8], member[8][8], colour[8][8], vars = 0;
  for (int u = 0; u < n; u++)
    for (int v = u + 1; v < n; v++)
      edge[u][v] = edge[v][u] = ++vars;
  for (int i = 0; i < k; i++)
    for (int u = 0; u < n; u++)
      member[i][u] = ++vars;
  for (int u = 0; u < n; u++)
    for (int l = 0; l < c; l++)
      colour[u][l] = ++vars;
  f->vars = vars;
  for (int i = 0; i < k; i++) {
    int lits[MAX_LITS];
    for (int u = 0; u < n; u++)
      lits[u] = member[i][u];
    push (f, n, lits);
    for (int j = i + 1; j < k; j++)
      for (int u = 0; u < n; u++) {
        push (f, 2, (int[]) {-member[i][u], -member[j][u]});
        for (int v = 0; v < n; v++)
          if (u != v)
            push (f, 3, (int[]) {-member[i][u], -member[j][v], edge[u][v]});
      }
  }
  for (int u = 0; u < n; u++) {
    int lits[MAX_LITS];
    for (int l = 0; l < c; l++)
      lits[l] = colour[u][l];
    push (f, c, lits);
    for (int v = u + 1; v < n; v++)
      for (int l = 0; l < c; l++)
        push (f, 3, (int[]) {-edge[u][v], -colour[u][l], -colour[v][l]});
  }
}

/* Renames and negates the variables, shuffles clauses and literals. */
static void shuffle (cnf *f, uint64_t *rng) {
  int map[ORACLE_MAX_CLAUSES];
  for (int v = 1; v <= f->vars; v++)
    map[v] = v;
  for (int v = f->vars; v > 1; v--) {
    int w = 1 + oracle_below (rng, v), t = map[v];
    map[v] = map[w], map[w] = t;
  }
  for (int v = 1; v <= f->vars; v++)
    if (oracle_below (rng, 2))
      map[v] = -map[v];
  for (int c = 0; c < f->clauses; c++)
    for (int i = 0; i < f->sizes[c]; i++) {
      int lit = f->lits[c][i];
      f->lits[c][i] = lit > 0 ? map[lit] : -map[-lit];
    }
  for (int c = f->clauses - 1; c > 0; c--) {
    int d = oracle_below (rng, c + 1), lits[MAX_LITS], size = f->sizes[c];
    memcpy (lits, f->lits[c], sizeof lits);
    memcpy (f->lits[c], f->lits[d], sizeof lits);
    f->sizes[c] = f->sizes[d];
    memcpy (f->lits[d], lits, sizeof lits);
    f->sizes[d] = size;
  }
  for (int c = 0; c < f->clauses; c++)
    for (int i = f->sizes[c] - 1; i > 0; i--) {
      int j = oracle_below (rng, i + 1), t = f->lits[c][i];
      f->lits[c][i] = f->lits[c][j], f->lits[c][j] = t;
    }
}

static void add_cnf (einsat *solver, const cnf *f) {
  for (int c = 0; c < f->clauses; c++)
    einsat_add_clause (solver, f->lits[c], (size_t) f->sizes[c]);
}

static einsat *load (const cnf *f) {
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "symmetry", 1);
  add_cnf (solver, f);
  return solver;
}

/* The formula as sorted clauses (size first), itself sorted, for
 * looking clauses up. */
typedef struct sorted {
  int count;
  int rows[ORACLE_MAX_CLAUSES][MAX_LITS + 1];
} sorted;

static int compare_rows (const void *p, const void *q) {
  return memcmp (p, q, sizeof (int) * (MAX_LITS + 1));
}

static void sorted_row (int *row, int size, const int *lits) {
  memset (row, 0, sizeof (int) * (MAX_LITS + 1));
  row[0] = size;
  memcpy (row + 1, lits, size * sizeof *lits);
  qsort (row + 1, (size_t) size, sizeof *row, compare_ints);
}

static void sort_formula (sorted *s, const cnf *f) {
  s->count = f->clauses;
  for (int c = 0; c < f->clauses; c++)
    sorted_row (s->rows[c], f->sizes[c], f->lits[c]);
  qsort (s->rows, (size_t) s->count, sizeof *s->rows, compare_rows);
}

/* Checks each generator found on 'f'; returns their number or -1. */
static int check_generators (const cnf *f, char *why, size_t size) {
  static sorted s;
  sort_formula (&s, f);
  einsat *solver = load (f);
  unsigneds generators;
  INIT_STACK (generators);
  es_symmetry_generators (solver, &generators);
  int found = 0, image[2 * ORACLE_MAX_CLAUSES + 1];
  int *map = image + ORACLE_MAX_CLAUSES;
  for (const unsigned *p = generators.begin; p != generators.end;) {
    unsigned moved = *p++;
    found++;
    for (int v = -f->vars; v <= f->vars; v++)
      map[v] = v;
    for (unsigned i = 0; i < moved; i++, p += 2)
      map[es_export_literal (solver, p[0])] =
          es_export_literal (solver, p[1]);
    for (int v = 1; v <= f->vars; v++)
      if (map[-v] != -map[v]) {
        RELEASE_STACK (generators);
        einsat_delete (solver);
        return fail (why, size, "generator %d does not commute with "
                     "negation on variable %d", found, v), -1;
      }
    for (int c = 0; c < f->clauses; c++) {
      int lits[MAX_LITS], row[MAX_LITS + 1];
      for (int i = 0; i < f->sizes[c]; i++)
        lits[i] = map[f->lits[c][i]];
      sorted_row (row, f->sizes[c], lits);
      if (!bsearch (row, s.rows, (size_t) s.count, sizeof *s.rows,
                    compare_rows)) {
        RELEASE_STACK (generators);
        einsat_delete (solver);
        return fail (why, size, "generator %d maps clause %d to a "
                     "non-clause", found, c), -1;
      }
    }
  }
  RELEASE_STACK (generators);
  einsat_delete (solver);
  return found;
}

bool unit_symmetry_detect (char *why, size_t size) {
  static cnf f;
  uint64_t rng = 35;
  for (int holes = 3; holes <= 7; holes++) {
    pigeonhole (&f, holes);
    shuffle (&f, &rng);
    int found = check_generators (&f, why, size);
    if (found < 0)
      return false;
    if (found < holes) /* the pigeons alone need 'holes' of them */
      return fail (why, size, "pigeonhole %d: only %d generators", holes,
                   found);
  }
  for (int n = 4; n <= 7; n++) {
    clique_colouring (&f, n, 3, 2);
    shuffle (&f, &rng);
    int found = check_generators (&f, why, size);
    if (found < 0)
      return false;
    if (found < n - 1) /* the vertices alone need n - 1 */
      return fail (why, size, "clique colouring %d: only %d generators", n,
                   found);
  }
  for (int round = 0; round < 20; round++) {
    memset (&f, 0, sizeof f);
    f.vars = 30;
    for (int c = 0; c < 120; c++) {
      int lits[3];
      for (int i = 0; i < 3; i++) {
        int var = 1 + oracle_below (&rng, f.vars);
        lits[i] = oracle_below (&rng, 2) ? var : -var;
      }
      push (&f, 3, lits);
    }
    if (check_generators (&f, why, size) < 0)
      return false;
  }
  return true;
}

/*------------------------------------------------------------------------*/

/* Clauses closed under a random signed permutation of the variables. */
static void symmetric_formula (formula *f, uint64_t *rng, int vars) {
  memset (f, 0, sizeof *f);
  f->vars = vars;
  int perm[ORACLE_MAX_VARS + 1], sign[ORACLE_MAX_VARS + 1];
  for (int v = 1; v <= vars; v++)
    perm[v] = v, sign[v] = 1;
  for (int v = vars; v > 1; v--) {
    int w = 1 + oracle_below (rng, v), t = perm[v];
    perm[v] = perm[w], perm[w] = t;
  }
  for (int v = 1; v <= vars; v++)
    if (!oracle_below (rng, 4))
      sign[v] = -1;
  int seeds = 1 + oracle_below (rng, vars);
  for (int s = 0; s < seeds; s++) {
    int lits[3], size = 2 + oracle_below (rng, 2);
    oracle_distinct_vars (rng, vars, size, lits);
    for (int i = 0; i < size; i++)
      if (oracle_below (rng, 2))
        lits[i] = -lits[i];
    for (int step = 0; step < 64 && f->clauses + 1 < ORACLE_MAX_CLAUSES;
         step++) {
      formula_add (f, size, lits);
      bool back = true;
      for (int i = 0; i < size; i++) {
        int lit = lits[i], var = abs (lit);
        int image = sign[var] * perm[var];
        lits[i] = lit > 0 ? image : -image;
      }
      for (int i = 0; i < size; i++)
        back &= lits[i] == f->lits[f->clauses - step - 1][i];
      if (back)
        break;
    }
  }
}

static bool same_answer (const formula *f, einsat *solver, int res,
                         const int *assumed, int assumptions, char *why,
                         size_t size, const char *when) {
  uint32_t t = 0, n = 0;
  for (int i = 0; i < assumptions; i++)
    *(assumed[i] > 0 ? &t : &n) |= 1u << (abs (assumed[i]) - 1);
  bool sat = oracle_count (f, t, n, 1, 0);
  if (res != (sat ? 10 : 20))
    return fail (why, size, "%s: answer %d, brute force says %s", when,
                 res, sat ? "SAT" : "UNSAT");
  if (res == 10) {
    int model[ORACLE_MAX_VARS + 1] = {0};
    for (int v = 1; v <= f->vars; v++)
      model[v] = einsat_val (solver, v) > 0 ? 1 : -1;
    if (!oracle_check_model (f, model))
      return fail (why, size, "%s: the model falsifies a clause", when);
    for (int i = 0; i < assumptions; i++)
      if ((assumed[i] > 0) != (model[abs (assumed[i])] > 0))
        return fail (why, size, "%s: the model falsifies an assumption",
                     when);
  }
  return true;
}

static int count_model (void *data, const int *values) {
  (void) values;
  ++*(int64_t *) data;
  return 1;
}

/* One symmetric formula through a series of calls. */
static bool answers_round (formula *f, uint64_t *rng, uint64_t *broken,
                           char *why, size_t size) {
  symmetric_formula (f, rng, 4 + oracle_below (rng, 9));
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "symmetry", 1);
  for (int c = 0; c < f->clauses; c++)
    einsat_add_clause (solver, f->lits[c], (size_t) f->sizes[c]);
  int res = einsat_solve (solver);
  *broken += solver->stats.symmetry_clauses;
  bool ok = same_answer (f, solver, res, 0, 0, why, size, "first call");
  if (ok && res == 10) {
    /* Every model under assumptions: the breaking is off now. */
    uint32_t x = (uint32_t) oracle_next (rng) & ((1u << f->vars) - 1);
    uint64_t models = oracle_count (f, 0, 0, 0, 0);
    uint64_t pick = oracle_next (rng) % models;
    for (uint32_t a = 0; a < (1u << f->vars); a++)
      if (oracle_satisfies (f, a) && !pick--) {
        x = a;
        break;
      }
    int assumed[ORACLE_MAX_VARS];
    for (int v = 1; v <= f->vars; v++) {
      assumed[v - 1] = (x >> (v - 1)) & 1 ? v : -v;
      einsat_assume (solver, assumed[v - 1]);
    }
    ok = same_answer (f, solver, einsat_solve (solver), assumed, f->vars,
                      why, size, "a model as assumptions");
  }
  if (ok) {
    int lits[3];
    oracle_distinct_vars (rng, f->vars, 3, lits);
    formula_add (f, 3, lits);
    einsat_add_clause (solver, lits, 3);
    ok = same_answer (f, solver, einsat_solve (solver), 0, 0, why, size,
                      "after an added clause");
  }
  /* Detection runs in the first call only (the later calls have
   * assumptions or come after the first). */
  if (ok && solver->stats.symmetry_rounds > 1)
    ok = fail (why, size, "%llu detection rounds in %llu calls",
               (unsigned long long) solver->stats.symmetry_rounds,
               (unsigned long long) solver->stats.solves);
  if (ok) {
    int64_t counted = 0;
    int complete = 0;
    einsat_enumerate (solver, 0, 0, -1, count_model, &counted, &complete);
    uint64_t models = oracle_count (f, 0, 0, 0, 0);
    if (!complete || (uint64_t) counted != models)
      ok = fail (why, size, "%lld models counted, brute force %llu",
                 (long long) counted, (unsigned long long) models);
  }
  einsat_delete (solver);
  return ok;
}

/* Solves the (unsatisfiable) formula of 'solver', deletes the solver
 * and checks that breaking did not run. */
static bool stayed_off (einsat *solver, const char *with, char *why,
                        size_t size) {
  int res = einsat_solve (solver);
  uint64_t rounds = solver->stats.symmetry_rounds;
  einsat_delete (solver);
  if (res == 20 && !rounds)
    return true;
  return fail (why, size, "with %s: answer %d, %llu rounds", with, res,
               (unsigned long long) rounds);
}

/* Breaking is off with a proof, with assumptions, with phase hints. */
static bool stays_off (char *why, size_t size) {
  static cnf f;
  uint64_t rng = 1;
  pigeonhole (&f, 4);
  shuffle (&f, &rng);
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "symmetry", 1);
  FILE *proof = tmpfile ();
  if (!proof)
    return fail (why, size, "no temporary file");
  einsat_trace_proof (solver, proof, 0);
  add_cnf (solver, &f);
  einsat_set_option (solver, "cardinality", 0);
  bool ok = stayed_off (solver, "a proof", why, size);
  fclose (proof);
  if (!ok)
    return false;
  solver = load (&f);
  einsat_assume (solver, f.lits[0][0]);
  if (!stayed_off (solver, "assumptions", why, size))
    return false;
  solver = load (&f);
  einsat_phase (solver, f.lits[0][0]);
  return stayed_off (solver, "a phase hint", why, size);
}

/* Clique colouring refuted with and without breaking. */
static bool clique_answers (char *why, size_t size) {
  static cnf f;
  uint64_t rng = 7;
  for (int n = 4; n <= 6; n++)
    for (int c = 2; c <= 3; c++) {
      clique_colouring (&f, n, 3, c);
      shuffle (&f, &rng);
      int answers[2];
      uint64_t generators = 0;
      for (int on = 0; on < 2; on++) {
        einsat *solver = load (&f);
        einsat_set_option (solver, "symmetry", on);
        einsat_set_option (solver, "check", 1);
        answers[on] = einsat_solve (solver);
        generators += solver->stats.symmetry_generators;
        einsat_delete (solver);
      }
      if (answers[0] != answers[1] || answers[0] != (c < 3 ? 20 : 10))
        return fail (why, size, "clique colouring %d %d: %d without, %d "
                     "with breaking", n, c, answers[0], answers[1]);
      if (!generators)
        return fail (why, size, "clique colouring %d %d: no generators",
                     n, c);
    }
  return true;
}

/* A symmetric formula that all variables true satisfies: the lucky
 * assignments still find that with breaking on. */
static bool lucky_with_breaking (char *why, size_t size) {
  static cnf f;
  pigeonhole (&f, 5);
  for (int c = 0; c < f.clauses; c++)
    for (int i = 0; i < f.sizes[c]; i++)
      f.lits[c][i] = abs (f.lits[c][i]);
  einsat *solver = load (&f);
  int res = einsat_solve (solver);
  uint64_t generators = solver->stats.symmetry_generators;
  uint64_t lucky = solver->stats.lucky_models;
  einsat_delete (solver);
  if (res != 10 || !generators || !lucky)
    return fail (why, size, "lucky formula: answer %d, %llu generators, "
                 "%llu lucky models", res,
                 (unsigned long long) generators,
                 (unsigned long long) lucky);
  return true;
}

bool unit_symmetry_answers (char *why, size_t size, long rounds) {
  static formula f;
  uint64_t rng = 42, broken = 0;
  for (long round = 0; round < rounds; round++)
    if (!answers_round (&f, &rng, &broken, why, size)) {
      size_t length = strlen (why);
      snprintf (why + length, size - length, " (round %ld)", round);
      return false;
    }
  if (!broken)
    return fail (why, size, "no symmetry broken in %ld rounds", rounds);
  return stays_off (why, size) && clique_answers (why, size) &&
         lucky_with_breaking (why, size);
}
