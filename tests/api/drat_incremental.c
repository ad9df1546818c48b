/* DRAT proofs with clauses added after a solve, and factoring with DRAT
 * and LRAT proofs.  A checker reads every
 * clause of the formula up front, including those added after a solve,
 * so by default (option 'incremental') the clauses that elimination
 * removes stay in the proof (restoring one needs no RAT step against the
 * new clauses), and factoring, whose variables the proof names after the
 * largest variable so far (a later user variable could take the same
 * number), is skipped.  With 'incremental=0' factoring runs.  Pigeonhole
 * formulas: elimination and factoring both act on them.  So do the
 * definitions of variables that equivalent-literal substitution replaces:
 * tiny formulas with an equivalence check that.  Usage:
 * drat_incremental CHECKER */

#include "einsat.h"

#include "../common/check.h"

#include <stdbool.h>
#include <unistd.h>

#define HOLES 7
#define MAX_CLAUSES 512

static const char *checker;

/* A formula: the pigeonhole formulas, or a few short clauses. */
typedef struct pigeons {
  int clauses;
  int size[MAX_CLAUSES];
  int lits[MAX_CLAUSES][HOLES];
} pigeons;

static void add_binary (pigeons *f, int a, int b) {
  f->size[f->clauses] = 2;
  f->lits[f->clauses][0] = a;
  f->lits[f->clauses][1] = b;
  f->clauses++;
}

static int max_var (const pigeons *f) {
  int res = 0;
  for (int c = 0; c < f->clauses; c++)
    for (int i = 0; i < f->size[c]; i++)
      if (abs (f->lits[c][i]) > res)
        res = abs (f->lits[c][i]);
  return res;
}

static int pigeon_var (int pigeon, int hole) {
  return pigeon * HOLES + hole + 1;
}

/* Pigeon 'p' sits in some hole, and no other pigeon below it shares it. */
static void add_pigeon (pigeons *f, int p) {
  f->size[f->clauses] = HOLES;
  for (int h = 0; h < HOLES; h++)
    f->lits[f->clauses][h] = pigeon_var (p, h);
  f->clauses++;
  for (int h = 0; h < HOLES; h++)
    for (int q = 0; q < p; q++) {
      f->size[f->clauses] = 2;
      f->lits[f->clauses][0] = -pigeon_var (q, h);
      f->lits[f->clauses][1] = -pigeon_var (p, h);
      f->clauses++;
    }
}

static void add_clauses (einsat *solver, const pigeons *f, int from) {
  for (int c = from; c < f->clauses; c++)
    einsat_add_clause (solver, f->lits[c], (size_t) f->size[c]);
}

static bool model_satisfies (einsat *solver, const pigeons *f) {
  for (int c = 0; c < f->clauses; c++) {
    bool satisfied = false;
    for (int i = 0; !satisfied && i < f->size[c]; i++)
      satisfied = einsat_val (solver, f->lits[c][i]) == f->lits[c][i];
    if (!satisfied)
      return false;
  }
  return true;
}

static bool proof_verified (const pigeons *f, int vars, const char *proof,
                            bool lrat) {
  char cnf[512], command[2048];
  snprintf (cnf, sizeof cnf, "%s.cnf", proof);
  FILE *file = fopen (cnf, "w");
  if (!file)
    return false;
  fprintf (file, "p cnf %d %d\n", vars, f->clauses);
  for (int c = 0; c < f->clauses; c++) {
    for (int i = 0; i < f->size[c]; i++)
      fprintf (file, "%d ", f->lits[c][i]);
    fprintf (file, "0\n");
  }
  fclose (file);
  snprintf (command, sizeof command, "%s %s %s %s >/dev/null 2>&1",
            checker, lrat ? "lrat" : "drat", cnf, proof);
  bool verified = system (command) == 0;
  unlink (cnf);
  return verified;
}

/* A solver tracing a DRAT (or LRAT) proof to a temporary file. */
typedef struct proof_run {
  char path[512];
  FILE *file;
  einsat *solver;
  bool lrat;
} proof_run;

static bool start_proof_run (proof_run *r, const char *name, int binary,
                             bool lrat) {
  const char *dir = getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
  snprintf (r->path, sizeof r->path, "%s/einsat-%s-%d.drat", dir, name,
            (int) getpid ());
  r->file = fopen (r->path, "w");
  CHECK (r->file);
  if (!r->file)
    return false;
  r->solver = einsat_new ();
  r->lrat = lrat;
  if (lrat)
    CHECK (einsat_trace_lrat (r->solver, r->file, binary));
  else
    CHECK (einsat_trace_proof (r->solver, r->file, binary));
  return true;
}

/* Ends the run and checks its proof of the formula 'f'. */
static void finish_proof_run (proof_run *r, const pigeons *f) {
  einsat_close_proof (r->solver);
  einsat_delete (r->solver);
  fclose (r->file);
  CHECK (proof_verified (f, max_var (f), r->path, r->lrat));
  unlink (r->path);
}

/* Without a proof 'factor=1' factors the seven pigeons' cliques, so the
 * two proof cases below are not vacuous. */
static void test_factoring_without_proof (void) {
  pigeons f = {0};
  for (int p = 0; p < HOLES; p++)
    add_pigeon (&f, p);
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "factor", 1));
  CHECK (einsat_set_option (solver, "lucky", 0)); /* would skip factoring */
  add_clauses (solver, &f, 0);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies (solver, &f));
  CHECK (einsat_statistic (solver, "factored") > 0);
  einsat_delete (solver);
}

/* The eighth pigeon comes after the first solve: its clauses restore
 * the eliminated variables of the first seven, and its variables 50-56
 * are the numbers factoring's variables would have had in the proof. */
static void test_incremental_proof (void) {
  proof_run r;
  if (!start_proof_run (&r, "incremental", 0, false))
    return;
  pigeons f = {0};
  for (int p = 0; p < HOLES; p++)
    add_pigeon (&f, p);
  CHECK (einsat_set_option (r.solver, "factor", 1));
  CHECK (einsat_set_option (r.solver, "lucky", 0)); /* would skip elimination */
  add_clauses (r.solver, &f, 0);
  CHECK (einsat_solve (r.solver) == 10);
  CHECK (model_satisfies (r.solver, &f));
  CHECK (einsat_statistic (r.solver, "factored") == 0);
  CHECK (einsat_statistic (r.solver, "eliminated") > 0);
  int first = f.clauses;
  add_pigeon (&f, HOLES);
  add_clauses (r.solver, &f, first);
  CHECK (einsat_statistic (r.solver, "restored_clauses") > 0);
  CHECK (einsat_solve (r.solver) == 20);
  finish_proof_run (&r, &f);
}

/* With 'incremental=0' factoring runs with a proof, and the proof
 * checks: DRAT, and LRAT, where its definitions are RAT steps naming
 * their candidates. */
static void promised_proof (bool lrat, int binary) {
  proof_run r;
  if (!start_proof_run (&r, "promised", binary, lrat))
    return;
  pigeons f = {0};
  for (int p = 0; p <= HOLES; p++)
    add_pigeon (&f, p);
  CHECK (einsat_set_option (r.solver, "incremental", 0));
  CHECK (einsat_set_option (r.solver, "factor", 1));
  /* counting would refute it first (its own proofs: tests/api/cardinality) */
  CHECK (einsat_set_option (r.solver, "cardinality", 0));
  add_clauses (r.solver, &f, 0);
  CHECK (einsat_solve (r.solver) == 20);
  CHECK (einsat_statistic (r.solver, "factored") > 0);
  finish_proof_run (&r, &f);
}

static void test_promised_proof (void) { promised_proof (false, 1); }

/* 1 = -2 is found by substitution in the first solve, which replaces one
 * of the two variables; the clauses after it bring it back and refute
 * the formula.  The definition restored from the extension stack must
 * still be in the proof: against the clauses a checker reads up front
 * it is not RAT on the replaced variable. */
static void substituted_and_restored (int binary) {
  proof_run r;
  if (!start_proof_run (&r, binary ? "substituted" : "substituted-text",
                        binary, false))
    return;
  pigeons f = {0};
  add_binary (&f, 1, 2);
  add_binary (&f, -1, -2);
  CHECK (einsat_set_option (r.solver, "lucky", 0)); /* would skip it */
  add_clauses (r.solver, &f, 0);
  CHECK (einsat_solve (r.solver) == 10);
  CHECK (einsat_statistic (r.solver, "substituted") == 1);
  int first = f.clauses;
  add_binary (&f, 2, -1);
  add_binary (&f, 1, -2);
  add_clauses (r.solver, &f, first);
  CHECK (einsat_solve (r.solver) == 20);
  finish_proof_run (&r, &f);
}

static void test_substituted_and_restored (void) {
  substituted_and_restored (0);
  substituted_and_restored (1);
}

static void test_promised_lrat (void) {
  promised_proof (true, 0);
  promised_proof (true, 1);
}

int main (int argc, char **argv) {
  if (argc < 2) {
    fprintf (stderr, "usage: drat_incremental CHECKER\n");
    return 1;
  }
  checker = argv[1];
  static const test_case cases[] = {
      {"factoring without a proof", test_factoring_without_proof},
      {"clauses after a solve with a DRAT proof", test_incremental_proof},
      {"factoring with a DRAT proof and incremental=0",
       test_promised_proof},
      {"factoring with an LRAT proof and incremental=0",
       test_promised_lrat},
      {"a substituted variable restored after a solve with a DRAT proof",
       test_substituted_and_restored},
  };
  return run_test_cases ("drat_incremental", cases,
                         sizeof cases / sizeof *cases);
}
