/* The clause exchange API ('einsat_set_export', 'einsat_import'): pairs
 * of instances solving the same formula in two threads and feeding each
 * other's import queues from their export callbacks.  Every answer is
 * checked: models against the formula, UNSAT against a fresh sequential
 * solver, failed assumptions by solving the formula under them alone.
 * Also the import rules (unknown and eliminated variables, satisfied
 * clauses, duplicates, a full queue, proofs) and the export bounds, with
 * each exported clause checked to be implied by the formula, and the
 * epochs of 'einsat_set_synchronize'. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/oracle.h"
#include "cnf.h"

#include <pthread.h>
#include <stdint.h>

/* Fewer rounds under the sanitizers (argument '--quick'). */
static int quick = 1;
#define ROUNDS(N) ((N) / quick > 2 ? (N) / quick : 2)

/*------------------------------------------------------------------------*/
/* Two instances in two threads, each importing what the other exports. */

typedef struct party {
  einsat *solver;
  int res;
} party;

static void forward (void *data, const int *lits, int size, int glue) {
  einsat_import (data, lits, size, glue);
}

static void *solve_party (void *data) {
  party *p = data;
  p->res = einsat_solve (p->solver);
  return 0;
}

static void connect (einsat *a, einsat *b) {
  einsat_set_export (a, b, 12, 4, forward);
  einsat_set_export (b, a, 12, 4, forward);
}

/* Solves both in parallel; returns false if a thread failed to start. */
static bool solve_pair (party *a, party *b) {
  pthread_t thread;
  if (pthread_create (&thread, 0, solve_party, b))
    return false;
  solve_party (a);
  pthread_join (thread, 0);
  return true;
}

static uint64_t imported (einsat *s) {
  return einsat_statistic (s, "imported_units") +
         einsat_statistic (s, "imported_binaries") +
         einsat_statistic (s, "imported_clauses");
}

/* Checks one answer of 'p' against 'expected' (a reference solve). */
static void check_answer (party *p, const cnf *f, int expected) {
  CHECK (p->res == expected);
  if (p->res == 10)
    CHECK (satisfies (p->solver, f));
}

static void test_pairs (void) {
  uint64_t rng = 7, total_imported = 0;
  int sat = 0, unsat = 0;
  cnf f = {0};
  for (int round = 0; round < ROUNDS (12); round++) {
    int vars = 120 + 10 * (round % 6);
    random_3sat (&f, &rng, vars, (int) (4.26 * vars));
    party a = {einsat_new (), -2}, b = {einsat_new (), -2};
    einsat_set_option (b.solver, "seed", round + 1);
    einsat_set_option (b.solver, "phase", 0);
    einsat_set_option (b.solver, "stable", round & 1 ? 2 : 0);
    add_cnf (a.solver, &f);
    add_cnf (b.solver, &f);
    connect (a.solver, b.solver);
    CHECK (solve_pair (&a, &b));
    int expected = reference (&f, 0, 0);
    check_answer (&a, &f, expected);
    check_answer (&b, &f, expected);
    sat += expected == 10, unsat += expected == 20;
    total_imported += imported (a.solver) + imported (b.solver);
    einsat_delete (a.solver);
    einsat_delete (b.solver);
  }
  CHECK (sat && unsat);
  CHECK (total_imported > 0);
  free (f.lits);
}

/* Incremental use: clauses added between solves, assumptions, failed
 * assumptions checked by solving under them alone. */
static void test_incremental_pairs (void) {
  uint64_t rng = 11;
  cnf f = {0};
  random_3sat (&f, &rng, 100, 380);
  party a = {einsat_new (), -2}, b = {einsat_new (), -2};
  einsat_set_option (b.solver, "seed", 5);
  add_cnf (a.solver, &f);
  add_cnf (b.solver, &f);
  connect (a.solver, b.solver);
  int assumed[4];
  for (int call = 0; call < ROUNDS (20); call++) {
    int clause[3];
    oracle_distinct_vars (&rng, f.vars, 3, clause);
    for (int i = 0; i < 3; i++) {
      int lit = oracle_below (&rng, 2) ? clause[i] : -clause[i];
      einsat_add (a.solver, lit), einsat_add (b.solver, lit);
      cnf_push (&f, lit);
    }
    einsat_add (a.solver, 0), einsat_add (b.solver, 0);
    cnf_push (&f, 0);
    oracle_distinct_vars (&rng, f.vars, 4, assumed);
    for (int i = 0; i < 4; i++) {
      if (oracle_below (&rng, 2))
        assumed[i] = -assumed[i];
      einsat_assume (a.solver, assumed[i]);
      einsat_assume (b.solver, assumed[i]);
    }
    CHECK (solve_pair (&a, &b));
    int expected = reference (&f, assumed, 4);
    check_answer (&a, &f, expected);
    check_answer (&b, &f, expected);
    if (expected == 20)
      for (int p = 0; p < 2; p++) {
        einsat *s = p ? b.solver : a.solver;
        int failed[4], n = 0;
        for (int i = 0; i < 4; i++)
          if (einsat_failed (s, assumed[i]))
            failed[n++] = assumed[i];
        CHECK (reference (&f, failed, n) == 20);
      }
  }
  einsat_delete (a.solver);
  einsat_delete (b.solver);
  free (f.lits);
}

/*------------------------------------------------------------------------*/
/* The export side. */

typedef struct collected {
  cnf clauses;
  int max_size, max_glue, violations, units, binaries, larger;
} collected;

static void collect (void *data, const int *lits, int size, int glue) {
  collected *c = data;
  if (size > 2 && (size > c->max_size || glue > c->max_glue))
    c->violations++;
  c->units += size == 1, c->binaries += size == 2, c->larger += size > 2;
  for (int i = 0; i < size; i++)
    cnf_push (&c->clauses, lits[i]);
  cnf_push (&c->clauses, 0);
}

/* Is the clause 'lits' (zero-terminated) implied by 'f'? */
static bool implied (const cnf *f, const int *lits) {
  einsat *s = einsat_new ();
  add_cnf (s, f);
  for (const int *p = lits; *p; p++)
    einsat_assume (s, -*p);
  int res = einsat_solve (s);
  einsat_delete (s);
  return res == 20;
}

static void test_export_bounds (void) {
  uint64_t rng = 3;
  cnf f = {0};
  collected c = {{0}, 5, 3, 0, 0, 0, 0};
  int checked = 0;
  for (int round = 0; round < ROUNDS (6); round++) {
    random_3sat (&f, &rng, 90, 380);
    c.clauses.size = 0;
    einsat *s = einsat_new ();
    add_cnf (s, &f);
    einsat_set_export (s, &c, c.max_size, c.max_glue, collect);
    int before = c.units + c.binaries + c.larger;
    int res = einsat_solve (s);
    CHECK (res == 10 || res == 20);
    CHECK (einsat_statistic (s, "exported_units") +
               einsat_statistic (s, "exported_binaries") +
               einsat_statistic (s, "exported_clauses") ==
           (uint64_t) (c.units + c.binaries + c.larger - before));
    einsat_delete (s);
    /* Each exported clause is over the formula's variables and implied
     * by it (at most 40 per round: each costs a solve). */
    size_t start = 0;
    for (size_t i = 0, n = 0; i < c.clauses.size && n < 40; i++) {
      if (c.clauses.lits[i])
        CHECK (abs (c.clauses.lits[i]) <= f.vars);
      else {
        CHECK (implied (&f, c.clauses.lits + start));
        start = i + 1, n++, checked++;
      }
    }
  }
  CHECK (!c.violations);
  CHECK (c.units && c.binaries && c.larger && checked);
  free (f.lits);
  free (c.clauses.lits);
}

/* Units are exported once, also those found before the callback was
 * installed, and without the callback nothing is exported. */
static void test_export_units (void) {
  einsat *s = einsat_new ();
  einsat_add_clause (s, (int[]) {1}, 1);
  einsat_add_clause (s, (int[]) {-1, 2}, 2);
  CHECK (einsat_solve (s) == 10);
  CHECK (!einsat_statistic (s, "exported_units"));
  collected c = {{0}, 10, 10, 0, 0, 0, 0};
  einsat_set_export (s, &c, 10, 10, collect);
  CHECK (einsat_solve (s) == 10);
  CHECK (c.units == 2);
  CHECK (einsat_solve (s) == 10);
  CHECK (c.units == 2);
  einsat_set_export (s, 0, 0, 0, 0);
  einsat_add_clause (s, (int[]) {-2, 3}, 2);
  CHECK (einsat_solve (s) == 10);
  CHECK (c.units == 2);
  einsat_delete (s);
  free (c.clauses.lits);
}

/*------------------------------------------------------------------------*/
/* The import side. */

static void test_import_rules (void) {
  einsat *s = einsat_new ();
  einsat_add_clause (s, (int[]) {1, 2, 3}, 3);
  einsat_add_clause (s, (int[]) {-1, 2, 4}, 3);
  einsat_add_clause (s, (int[]) {5}, 1);
  CHECK (einsat_import (s, (int[]) {-2}, 1, 1));        /* a unit */
  CHECK (einsat_import (s, (int[]) {-2}, 1, 1));        /* duplicate */
  CHECK (einsat_import (s, (int[]) {7, 1}, 2, 2));      /* unknown 7 */
  CHECK (einsat_import (s, (int[]) {5, 3}, 2, 2));      /* satisfied */
  CHECK (einsat_import (s, (int[]) {-5, 3, 4}, 3, 2));  /* shortened */
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_val (s, -2) == -2);
  CHECK (einsat_val (s, 3) == 3 || einsat_val (s, 4) == 4);
  CHECK (einsat_statistic (s, "imported_units") == 1);
  CHECK (einsat_statistic (s, "imported_binaries") == 1);
  CHECK (einsat_statistic (s, "import_duplicates") == 1);
  CHECK (einsat_statistic (s, "import_dropped") == 2);
  /* The empty clause makes the solver unsatisfiable for good. */
  CHECK (einsat_import (s, 0, 0, 0));
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_solve (s) == 20);
  einsat_delete (s);
}

/* A variable eliminated by preprocessing: an imported clause over it is
 * dropped, and the model stays right. */
static void test_import_eliminated (void) {
  einsat *s = einsat_new ();
  einsat_set_option (s, "lucky", 0); /* it would find a model first */
  /* 2 is defined by 1 and 3 (an AND gate), 4 and 5 constrain 1, 3. */
  einsat_add_clause (s, (int[]) {-2, 1}, 2);
  einsat_add_clause (s, (int[]) {-2, 3}, 2);
  einsat_add_clause (s, (int[]) {2, -1, -3}, 3);
  einsat_add_clause (s, (int[]) {1, 4, 6}, 3);
  einsat_add_clause (s, (int[]) {3, 5, -6}, 3);
  CHECK (einsat_solve (s) == 10);
  uint64_t eliminated = einsat_statistic (s, "eliminated");
  CHECK (eliminated > 0);
  /* Implied clauses over every variable (some eliminated by now). */
  for (int v = 1; v <= 6; v++)
    CHECK (einsat_import (s, (int[]) {v, -v, 1}, 3, 2)); /* tautology */
  CHECK (einsat_import (s, (int[]) {-2, 1}, 2, 2));
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_statistic (s, "import_dropped") +
             einsat_statistic (s, "import_duplicates") +
             einsat_statistic (s, "imported_binaries") ==
         7);
  int model[7];
  for (int v = 1; v <= 6; v++)
    model[v] = einsat_val (s, v);
  CHECK (model[2] > 0 ? model[1] > 0 && model[3] > 0
                      : model[1] < 0 || model[3] < 0);
  einsat_delete (s);
}

/* A solver tracing a proof of its own drops every imported clause. */
static void test_import_with_proof (void) {
  FILE *proof = tmpfile ();
  CHECK (proof);
  if (!proof)
    return;
  einsat *s = einsat_new ();
  einsat_trace_proof (s, proof, 1);
  einsat_add_clause (s, (int[]) {1, 2}, 2);
  CHECK (einsat_import (s, (int[]) {-1}, 1, 1));
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_statistic (s, "import_dropped") == 1);
  CHECK (!einsat_statistic (s, "imported_units"));
  einsat_delete (s);
  fclose (proof);
}

/* A full queue drops clauses and says so. */
static void test_import_overflow (void) {
  einsat *s = einsat_new ();
  einsat_add_clause (s, (int[]) {1, 2, 3}, 3);
  int lits[100], accepted = 0, refused = 0;
  for (int i = 0; i < 100; i++)
    lits[i] = i + 1;
  for (int i = 0; i < 1000; i++)
    if (einsat_import (s, lits, 100, 50))
      accepted++;
    else
      refused++;
  CHECK (accepted > 100 && refused > 100);
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_statistic (s, "import_overflow") == (uint64_t) refused);
  /* The queue is empty again. */
  CHECK (einsat_import (s, lits, 100, 50));
  einsat_delete (s);
}

/* Many threads importing into one solver while it runs. */
typedef struct feeder {
  einsat *solver;
  const cnf *f;
  int first;
} feeder;

static void *feed (void *data) {
  feeder *fd = data;
  /* The formula's own clauses, which it certainly implies. */
  const int *p = fd->f->lits, *end = p + fd->f->size;
  int index = 0;
  while (p != end) {
    const int *q = p;
    while (*q)
      q++;
    if (index++ % 4 == fd->first)
      einsat_import (fd->solver, p, (int) (q - p), 2);
    p = q + 1;
  }
  return 0;
}

static void test_concurrent_importers (void) {
  uint64_t rng = 5;
  cnf f = {0};
  random_3sat (&f, &rng, 150, 640);
  einsat *s = einsat_new ();
  add_cnf (s, &f);
  feeder feeders[4];
  pthread_t threads[4];
  for (int i = 0; i < 4; i++) {
    feeders[i] = (feeder) {s, &f, i};
    CHECK (!pthread_create (threads + i, 0, feed, feeders + i));
  }
  int res = einsat_solve (s);
  for (int i = 0; i < 4; i++)
    pthread_join (threads[i], 0);
  CHECK (res == reference (&f, 0, 0));
  if (res == 10)
    CHECK (satisfies (s, &f));
  einsat_delete (s);
  free (f.lits);
}

/* 'einsat_clear_terminate' withdraws a request made between solves. */
static void test_clear_terminate (void) {
  einsat *s = einsat_new ();
  einsat_add_clause (s, (int[]) {1, 2}, 2);
  einsat_terminate (s);
  CHECK (einsat_solve (s) == 0);
  einsat_terminate (s);
  einsat_clear_terminate (s);
  CHECK (einsat_solve (s) == 10);
  einsat_delete (s);
}

/* 'einsat_set_synchronize': calls at most once per epoch of conflicts,
 * the same ones in the same solve again, a termination from the callback
 * stops the solve at once, and a NULL callback removes it. */
typedef struct epochs {
  einsat *solver;
  int calls, stop_at;
} epochs;

static void count_epoch (void *data) {
  epochs *e = data;
  if (++e->calls == e->stop_at)
    einsat_terminate (e->solver);
}

static void test_synchronize (void) {
  uint64_t rng = 5;
  cnf f = {0};
  random_3sat (&f, &rng, 150, 639);
  int expected = reference (&f, 0, 0), first = -1;
  uint64_t first_conflicts = 0;
  for (int run = 0; run < 2; run++) {
    einsat *s = einsat_new ();
    epochs e = {s, 0, 0};
    add_cnf (s, &f);
    einsat_set_synchronize (s, &e, 50, count_epoch);
    CHECK (einsat_solve (s) == expected);
    if (expected == 10)
      CHECK (satisfies (s, &f));
    uint64_t conflicts = einsat_statistic (s, "conflicts");
    CHECK (e.calls >= 1 && (uint64_t) e.calls <= conflicts / 50);
    if (!run)
      first = e.calls, first_conflicts = conflicts;
    else
      CHECK (e.calls == first && conflicts == first_conflicts);
    einsat_delete (s);
  }
  einsat *s = einsat_new ();
  epochs e = {s, 0, 3};
  add_cnf (s, &f);
  einsat_set_synchronize (s, &e, 50, count_epoch);
  CHECK (einsat_solve (s) == 0 && e.calls == 3);
  einsat_set_synchronize (s, 0, 0, 0);
  einsat_clear_terminate (s);
  CHECK (einsat_solve (s) == expected && e.calls == 3);
  einsat_delete (s);
  free (f.lits);
}

static const test_case cases[] = {
    {"pairs", test_pairs},
    {"incremental pairs", test_incremental_pairs},
    {"export bounds", test_export_bounds},
    {"export units", test_export_units},
    {"import rules", test_import_rules},
    {"import eliminated", test_import_eliminated},
    {"import with proof", test_import_with_proof},
    {"import overflow", test_import_overflow},
    {"concurrent importers", test_concurrent_importers},
    {"clear terminate", test_clear_terminate},
    {"synchronize", test_synchronize},
};

int main (int argc, char **argv) {
  if (argc > 1 && !strcmp (argv[1], "--quick"))
    quick = 3;
  return RUN_TESTS ("exchange", cases);
}
