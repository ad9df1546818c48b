/* SAT sweeping and its sub-solver.
 *
 * The sub-solver ('src/subsolver.h') against exhaustive enumeration:
 * random formulas over up to 12 variables (units and the empty clause
 * now and then), each solved several times under random assumptions with
 * budgets large enough to finish and small enough to give up:
 *
 *   - a model satisfies the formula and the assumptions;
 *   - UNSAT only if no model extends the assumptions, and then the
 *     clause of the negated assumptions is implied by unit propagation
 *     over the formula and the clauses learned so far (what 'sweep.c'
 *     writes to a DRAT proof), and the LRAT hints given derive the
 *     negations of the assumptions up to the one found false;
 *   - every learned clause is such a RUP clause when it is reported,
 *     and its LRAT hints derive it (each hint unit in turn, the last
 *     one falsified);
 *   - UNKNOWN only with the small budget.
 *
 * Sweeping ('src/sweep.c') on a hand-made circuit: the two sides of the
 * distributive law, (a & b) | (a & c) and a & (b | c), built from
 * different gates (so congruence closure cannot match them), and a
 * backbone p forced by (p | q) and (p | -q).  Environments three steps
 * deep contain both outputs and their definitions (two steps are not
 * enough from either side), and one round finds the
 * equivalence of the two outputs and the unit p; a miter of the outputs
 * then is refuted and the proof of the whole run, sweeping included, is
 * checked by einsat-check, once in DRAT and once in LRAT. */

#include "../common/oracle.h"

#include "unit.h"

#include "internal.h"
#include "subsolver.h"

#include <stdarg.h>
#include <unistd.h>

#define MAX_VARS 12

typedef struct recorder {
  const formula *f;
  formula learned; /* identifiers: LEARNED + 1, LEARNED + 2, ... */
  bool wrong;
  char why[200];
} recorder;

static unsigned sub_lit (int elit) {
  return LIT ((unsigned) abs (elit) - 1) | (elit < 0);
}

static int external (unsigned lit) {
  int var = (int) IDX (lit) + 1;
  return lit & 1 ? -var : var;
}

/* Is the clause (external literals) implied by unit propagation over
 * 'f' and 'g'?  Values: bit masks of true and false variables. */
/* The negation of the clause as masks of true and false variables. */
static void assume_negation (int size, const int *lits, uint32_t *t,
                             uint32_t *u) {
  *t = *u = 0;
  for (int i = 0; i < size; i++) {
    uint32_t bit = 1u << (abs (lits[i]) - 1);
    if (lits[i] > 0)
      *u |= bit;
    else
      *t |= bit;
  }
}

static bool rup (const formula *f, const formula *g, int size,
                 const int *lits) {
  uint32_t t, u; /* true, false */
  assume_negation (size, lits, &t, &u);
  if (t & u)
    return true;
  for (bool changed = true; changed;) {
    changed = false;
    for (int k = 0; k < 2; k++) {
      const formula *h = k ? g : f;
      for (int c = 0; c < h->clauses; c++) {
        if ((h->pos[c] & t) || (h->neg[c] & u))
          continue; /* satisfied */
        uint32_t open = (h->pos[c] | h->neg[c]) & ~(t | u);
        if (!open)
          return true; /* falsified */
        if (open & (open - 1))
          continue;
        if (h->pos[c] & open)
          t |= open;
        else
          u |= open;
        if (t & u)
          return true;
        changed = true;
      }
    }
  }
  return false;
}

/* Loaded clauses are numbered from 1, learned ones from LEARNED + 1 (a
 * clause may be learned while the formula is loaded). */
#define LEARNED 1000000u

/* The clause with LRAT identifier 'id' in 'f' or 'g' (learned). */
static bool clause_of (const formula *f, const formula *g, uint64_t id,
                       uint32_t *pos, uint32_t *neg) {
  const formula *h = id > LEARNED ? g : f;
  uint64_t c = id > LEARNED ? id - LEARNED : id;
  if (!c || c > (uint64_t) h->clauses)
    return false;
  *pos = h->pos[c - 1], *neg = h->neg[c - 1];
  return true;
}

/* Do the hints, in order, each become unit under the negation of the
 * clause and the literals implied before, the last one falsified? */
static bool lrat (const formula *f, const formula *g, int size,
                  const int *lits, size_t hints, const uint64_t *hint) {
  uint32_t t, u; /* true, false */
  assume_negation (size, lits, &t, &u);
  for (size_t i = 0; i < hints; i++) {
    uint32_t pos, neg;
    if (!clause_of (f, g, hint[i], &pos, &neg))
      return false;
    if ((pos & t) || (neg & u))
      return false; /* satisfied: not a unit */
    uint32_t open = (pos | neg) & ~(t | u);
    if (!open)
      return i + 1 == hints; /* falsified: the end */
    if (open & (open - 1))
      return false; /* not a unit */
    if (pos & open)
      t |= open;
    else
      u |= open;
  }
  return false;
}

static uint64_t record (void *data, size_t size, const unsigned *lits,
                        size_t hints, const uint64_t *hint) {
  recorder *r = data;
  int elits[MAX_VARS + 1];
  for (size_t i = 0; i < size; i++)
    elits[i] = external (lits[i]);
  if (!r->wrong && !rup (r->f, &r->learned, (int) size, elits)) {
    r->wrong = true;
    snprintf (r->why, sizeof r->why, "learned clause of size %zu not RUP",
              size);
  }
  if (!r->wrong &&
      !lrat (r->f, &r->learned, (int) size, elits, hints, hint)) {
    r->wrong = true;
    snprintf (r->why, sizeof r->why,
              "wrong LRAT hints of a learned clause of size %zu", size);
  }
  if (r->learned.clauses < ORACLE_MAX_CLAUSES)
    formula_add (&r->learned, (int) size, elits);
  return LEARNED + (uint64_t) r->learned.clauses;
}

/* A clause of distinct variables (the sub-solver's contract). */
static void random_clause (uint64_t *rng, int vars, int size, int *lits) {
  int v[MAX_VARS];
  oracle_distinct_vars (rng, vars, size, v);
  for (int i = 0; i < size; i++)
    lits[i] = oracle_below (rng, 2) ? v[i] : -v[i];
}

static bool fail (char *why, size_t why_size, long round, const char *fmt,
                  ...) {
  char text[200];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (text, sizeof text, fmt, ap);
  va_end (ap);
  snprintf (why, why_size, "round %ld: %s", round, text);
  return false;
}

static formula f;
static recorder r;

bool unit_subsolver_random (char *why, size_t why_size, long rounds) {
  einsat *solver = einsat_new ();
  subsolver *s = es_sub_new (solver);
  uint64_t rng = 42;
  bool ok = true;
  for (long round = 0; ok && round < rounds; round++) {
    int vars = 3 + oracle_below (&rng, MAX_VARS - 2);
    int clauses = oracle_below (&rng, 6 * vars);
    memset (&f, 0, sizeof f);
    f.vars = vars;
    memset (&r, 0, sizeof r);
    r.f = &f;
    r.learned.vars = vars;
    es_sub_begin (s, (unsigned) vars + (unsigned) oracle_below (&rng, 3),
                  record, &r);
    for (int c = 0; c < clauses; c++) {
      int size = oracle_below (&rng, 40) ? 1 + oracle_below (&rng, 4) : 0;
      if (size == 1 && oracle_below (&rng, 3))
        size = 2;
      if (size > vars)
        size = vars;
      int lits[8];
      unsigned slits[8];
      random_clause (&rng, vars, size, lits);
      formula_add (&f, size, lits);
      for (int i = 0; i < size; i++)
        slits[i] = sub_lit (lits[i]);
      es_sub_clause (s, (size_t) size, slits, (uint64_t) f.clauses);
    }
    for (int query = 0; ok && query < 6; query++) {
      int assumed = oracle_below (&rng, 4), lits[4];
      if (assumed > vars)
        assumed = vars;
      random_clause (&rng, vars, assumed, lits);
      unsigned slits[4];
      uint32_t forced_true = 0, forced_false = 0;
      for (int i = 0; i < assumed; i++) {
        slits[i] = sub_lit (lits[i]);
        uint32_t bit = 1u << (abs (lits[i]) - 1);
        if (lits[i] > 0)
          forced_true |= bit;
        else
          forced_false |= bit;
      }
      bool small = !oracle_below (&rng, 4);
      uint64_t budget = small ? (uint64_t) oracle_below (&rng, 20) : 1u << 30;
      int res = es_sub_solve (s, (size_t) assumed, slits, budget);
      uint64_t models = oracle_count (&f, forced_true, forced_false, 1, 0);
      if (r.wrong)
        ok = fail (why, why_size, round, "%s", r.why);
      else if (res == SUB_UNKNOWN && !small)
        ok = fail (why, why_size, round, "unknown with a large budget");
      else if (res == SUB_SATISFIABLE) {
        int model[MAX_VARS + 1] = {0};
        for (int v = 1; v <= vars; v++)
          model[v] = es_sub_value (s, LIT ((unsigned) v - 1));
        bool assumptions_hold = true;
        for (int i = 0; i < assumed; i++)
          assumptions_hold &= es_sub_value (s, slits[i]) > 0;
        if (!oracle_check_model (&f, model) || !assumptions_hold)
          ok = fail (why, why_size, round, "wrong model");
      } else if (res == SUB_UNSATISFIABLE) {
        int negated[4];
        for (int i = 0; i < assumed; i++)
          negated[i] = -lits[i];
        size_t hints, failed;
        const uint64_t *hint = es_sub_hints (s, &hints, &failed);
        if (models)
          ok = fail (why, why_size, round, "UNSAT but a model exists");
        else if (!rup (&f, &r.learned, assumed, negated))
          ok = fail (why, why_size, round,
                     "negated assumptions not RUP");
        else if (!r.wrong && (failed > (size_t) assumed ||
                              !lrat (&f, &r.learned, (int) failed, negated,
                                     hints, hint)))
          ok = fail (why, why_size, round,
                     "wrong LRAT hints of the negated assumptions");
      }
    }
  }
  es_sub_delete (s);
  einsat_delete (solver);
  return ok;
}

/*------------------------------------------------------------------------*/

/* a=1 b=2 c=3 t1=4 t2=5 y1=6 s=7 y2=8 z=9 p=10 q=11 */
static const int circuit[][4] = {
    {-4, 1, 0},    {-4, 2, 0},     {4, -1, -2, 0}, /* t1 = a & b */
    {-5, 1, 0},    {-5, 3, 0},     {5, -1, -3, 0}, /* t2 = a & c */
    {6, -4, 0},    {6, -5, 0},     {-6, 4, 5, 0},  /* y1 = t1 | t2 */
    {-7, 2, 3, 0}, {7, -2, 0},     {7, -3, 0},     /* s = b | c */
    {-8, 1, 0},    {-8, 7, 0},     {8, -1, -7, 0}, /* y2 = a & s */
    {6, 8, 9, 0},                                  /* links y1 and y2 */
    {10, 11, 0},   {10, -11, 0},                   /* p is a backbone */
};

static const int miter[][3] = {{6, 8, 0}, {-6, -8, 0}};

/* Three pigeons in two holes on variables 12-17. */
static const int pigeons[][3] = {
    {12, 13, 0},   {14, 15, 0},   {16, 17, 0},   {-12, -14, 0},
    {-12, -16, 0}, {-14, -16, 0}, {-13, -15, 0}, {-13, -17, 0},
    {-15, -17, 0}};

static void add_clauses (einsat *solver, formula *g, const int *lits,
                         size_t stride, size_t count) {
  for (size_t c = 0; c < count; c++, lits += stride) {
    int size = 0;
    while (lits[size])
      einsat_add (solver, lits[size++]);
    einsat_add (solver, 0);
    formula_add (g, size, lits);
  }
}

/* One run, the proof in 'mode' ("drat" or "lrat") checked; returns what
 * went wrong or 0.  DRAT: sweeping, then the miter is added and refuted
 * (with the equivalence substituted).  LRAT allows no clause after the
 * first solve, so there the formula has an unsatisfiable part of its
 * own, which the round refutes after the circuit's variables. */
static const char *sweep_circuit (const char *checker, const char *mode) {
  bool lrat = !strcmp (mode, "lrat");
  char proof[] = "/tmp/einsat-sweep-proof-XXXXXX";
  int fd = mkstemp (proof);
  FILE *file = fd < 0 ? 0 : fdopen (fd, "w");
  if (!file)
    return "cannot create a temporary proof file";
  einsat *solver = einsat_new ();
  einsat_set_option (solver, "sweep", 1);
  einsat_set_option (solver, "sweepdepth", 3); /* y2 to the inputs */
  if (lrat)
    einsat_trace_lrat (solver, file, 0);
  else
    einsat_trace_proof (solver, file, 0);
  memset (&f, 0, sizeof f);
  f.vars = lrat ? 17 : 11;
  add_clauses (solver, &f, circuit[0], 4,
               sizeof circuit / sizeof *circuit);
  if (lrat) {
    add_clauses (solver, &f, pigeons[0], 3,
                 sizeof pigeons / sizeof *pigeons);
    es_lrat_start (solver);
  }
  es_init_schedules (solver);
  bool found = es_sweep (solver) || lrat;
  unsigned y1 = es_import_literal (solver, 6);
  unsigned y2 = es_import_literal (solver, 8);
  unsigned p = es_import_literal (solver, 10);
  const char *wrong = 0;
  if (!found)
    wrong = "the round found nothing";
  else if (!STAT (sweep_equivalences))
    wrong = "no equivalence found";
  else if (lrat && !solver->inconsistent)
    wrong = "the pigeons were not refuted";
  else if (!lrat && (!es_has_irredundant_binary (solver, NOT (y1), y2) ||
                     !es_has_irredundant_binary (solver, y1, NOT (y2))))
    wrong = "the equivalence of the outputs was not added";
  else if (STAT (sweep_units) < 1 || (!lrat && VALUE (p) <= 0))
    wrong = "the backbone was not found";
  if (!lrat)
    add_clauses (solver, &f, miter[0], 3, sizeof miter / sizeof *miter);
  int res = einsat_solve (solver);
  einsat_close_proof (solver);
  einsat_delete (solver);
  fclose (file);
  char cnf[] = "/tmp/einsat-sweep-cnf-XXXXXX";
  int cnf_fd = mkstemp (cnf);
  if (cnf_fd >= 0)
    close (cnf_fd);
  if (!wrong && res != 20)
    wrong = "the miter was not refuted";
  else if (!wrong && (cnf_fd < 0 ||
                      !formula_check_proof (&f, checker, mode, cnf, proof)))
    wrong = "the proof was rejected";
  unlink (proof);
  if (cnf_fd >= 0)
    unlink (cnf);
  return wrong;
}

bool unit_sweep_circuit (char *why, size_t why_size, const char *checker) {
  const char *modes[] = {"drat", "lrat"};
  for (size_t i = 0; i < 2; i++) {
    const char *wrong = sweep_circuit (checker, modes[i]);
    if (wrong) {
      snprintf (why, why_size, "%s: %s", modes[i], wrong);
      return false;
    }
  }
  return true;
}
