/* Congruence closure on AND and XOR gates.  The formulas are miters of
 * two ripple-carry adders over the same inputs, the second built with the
 * operands of every gate swapped: equal outputs by construction, so the
 * miter (some output pair differs) is UNSAT, and congruence closure
 * proves every pair equal without a decision, also with a DRAT or LRAT
 * proof, which the checker given on the command line must accept.  A miter with
 * one gate of the copy changed is SAT; its model is checked against the
 * clauses. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"

#include <unistd.h>

static clause_buffer formula;
static int variables;

static int new_variable (void) { return ++variables; }

static void clause (int size, const int *lits) {
  clause_buffer_add (&formula, size, lits);
}

static int and_gate (int a, int b) {
  int x = new_variable ();
  clause (2, (int[]) {-x, a}), clause (2, (int[]) {-x, b});
  clause (3, (int[]) {x, -a, -b});
  return x;
}

static int or_gate (int a, int b) { return -and_gate (-a, -b); }

static int xor_gate (int a, int b) {
  int x = new_variable ();
  clause (3, (int[]) {-x, a, b}), clause (3, (int[]) {-x, -a, -b});
  clause (3, (int[]) {x, -a, b}), clause (3, (int[]) {x, a, -b});
  return x;
}

#define BITS 24

/* Sum bits and carry out of a + b + carry; 'swapped' builds each gate
 * with its operands the other way round, 'changed' makes the carry of
 * that bit an AND where an OR belongs. */
static void adder (const int *a, const int *b, int carry, bool swapped,
                   int changed, int *sum) {
  for (int i = 0; i < BITS; i++) {
    int half = swapped ? xor_gate (b[i], a[i]) : xor_gate (a[i], b[i]);
    sum[i] = swapped ? xor_gate (carry, half) : xor_gate (half, carry);
    int generate = swapped ? and_gate (b[i], a[i]) : and_gate (a[i], b[i]);
    int propagate = swapped ? and_gate (carry, half) : and_gate (half, carry);
    if (i == changed)
      carry = and_gate (generate, propagate);
    else
      carry = swapped ? or_gate (propagate, generate)
                      : or_gate (generate, propagate);
  }
  sum[BITS] = carry;
}

/* The miter of two adders; 'changed' as in 'adder' (-1: none). */
static void miter (int changed) {
  formula.size = 0, variables = 0;
  int a[BITS], b[BITS], first[BITS + 1], second[BITS + 1];
  for (int i = 0; i < BITS; i++)
    a[i] = new_variable (), b[i] = new_variable ();
  int carry = new_variable ();
  adder (a, b, carry, false, -1, first);
  adder (a, b, carry, true, changed, second);
  int differs[BITS + 1];
  for (int i = 0; i <= BITS; i++)
    differs[i] = xor_gate (first[i], second[i]);
  clause (BITS + 1, differs);
}

static einsat *solver_with_formula (void) {
  einsat *solver = einsat_new ();
  clause_buffer_to_solver (solver, &formula);
  return solver;
}

static void test_miter_refuted_without_decision (void) {
  miter (-1);
  einsat *solver = solver_with_formula ();
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "decisions") == 0);
  CHECK (einsat_statistic (solver, "congruence_rounds") == 1);
  /* every gate of the copy is matched with its original */
  CHECK (einsat_statistic (solver, "congruence_matched") >= 5 * BITS);
  einsat_delete (solver);
}

static const char *checker;

/* A solver tracing a proof of 'formula' to a temporary file; the
 * formula itself goes to another one for the checker. */
typedef struct proof_run {
  char cnf[512], proof[512];
  FILE *trace;
  bool lrat;
} proof_run;

static einsat *new_proof_run (proof_run *r, bool lrat, bool binary) {
  const char *dir = getenv ("TMPDIR") ? getenv ("TMPDIR") : "/tmp";
  snprintf (r->cnf, sizeof r->cnf, "%s/einsat-congruence-%d.cnf", dir,
            (int) getpid ());
  snprintf (r->proof, sizeof r->proof, "%s/einsat-congruence-%d.proof",
            dir, (int) getpid ());
  r->lrat = lrat;
  r->trace = fopen (r->proof, "w");
  bool written = write_clauses_dimacs (r->cnf, variables, formula.lits,
                                       formula.size);
  CHECK (written && r->trace);
  if (!written || !r->trace)
    exit (1);
  einsat *solver = einsat_new ();
  if (lrat)
    CHECK (einsat_trace_lrat (solver, r->trace, binary));
  else
    CHECK (einsat_trace_proof (solver, r->trace, binary));
  CHECK (einsat_set_option (solver, "incremental", 0));
  return solver;
}

/* Deletes the solver and runs the checker on its proof. */
static bool proof_accepted (proof_run *r, einsat *solver) {
  einsat_delete (solver);
  fclose (r->trace);
  bool accepted =
      checker_accepts (checker, r->lrat ? "lrat" : "drat", r->cnf, r->proof);
  unlink (r->cnf);
  unlink (r->proof);
  return accepted;
}

/* Without the closure the solver needs to search; its proof is checked
 * either way. */
static void test_off_with_option (void) {
  miter (-1);
  for (int lrat = 0; lrat < 2; lrat++) {
    proof_run run;
    einsat *solver = new_proof_run (&run, lrat, true);
    CHECK (einsat_set_option (solver, "congruence", 0));
    clause_buffer_to_solver (solver, &formula);
    CHECK (einsat_solve (solver) == 20);
    CHECK (einsat_statistic (solver, "congruence_rounds") == 0);
    CHECK (einsat_statistic (solver, "decisions") > 0);
    CHECK (proof_accepted (&run, solver));
  }
}

/* XOR merges need case splits in the proof, AND merges none; LRAT gets
 * the hints from propagation. */
static void test_proofs_checked (void) {
  miter (-1);
  for (int kind = 0; kind < 4; kind++) {
    bool lrat = kind & 1, binary = kind & 2;
    proof_run run;
    einsat *solver = new_proof_run (&run, lrat, binary);
    clause_buffer_to_solver (solver, &formula);
    CHECK (einsat_solve (solver) == 20);
    CHECK (einsat_statistic (solver, "congruence_rounds") == 1);
    CHECK (einsat_statistic (solver, "congruence_equivalences") > 0);
    CHECK (einsat_statistic (solver, "decisions") == 0);
    CHECK (proof_accepted (&run, solver));
  }
}

/* g = a & b and h = b & a, but g = -h: the closure merges a literal with
 * its negation.  Without a proof that ends the closure; with one the
 * merges are derived up to the empty clause. */
static void test_contradiction (void) {
  formula.size = 0, variables = 0;
  int a = new_variable (), b = new_variable ();
  int g = and_gate (a, b), h = and_gate (b, a);
  clause (2, (int[]) {g, h}), clause (2, (int[]) {-g, -h});
  for (int proof = 0; proof < 3; proof++) {
    proof_run run;
    einsat *solver =
        proof ? new_proof_run (&run, proof == 2, false) : einsat_new ();
    CHECK (einsat_set_option (solver, "probe", 0));
    clause_buffer_to_solver (solver, &formula);
    CHECK (einsat_solve (solver) == 20);
    CHECK (einsat_statistic (solver, "congruence_matched") == 1);
    CHECK (einsat_statistic (solver, "decisions") == 0);
    if (proof)
      CHECK (proof_accepted (&run, solver));
    else {
      CHECK (einsat_statistic (solver, "congruence_equivalences") == 0);
      einsat_delete (solver);
    }
  }
}

static void test_changed_miter_satisfiable (void) {
  for (int changed = 0; changed < BITS; changed += 7) {
    miter (changed);
    einsat *solver = einsat_new ();
    CHECK (einsat_set_option (solver, "lucky", 0)); /* it would satisfy it */
    clause_buffer_to_solver (solver, &formula);
    CHECK (einsat_solve (solver) == 10);
    CHECK (model_satisfies_buffer (solver, &formula));
    CHECK (einsat_statistic (solver, "congruence_equivalences") > 0);
    einsat_delete (solver);
  }
}

/* g = a & b and h = b & a are merged; then x = g & -h and y = g ^ h are
 * false, constants that only the closure finds. */
static void test_constants (void) {
  formula.size = 0, variables = 0;
  int a = new_variable (), b = new_variable (), c = new_variable ();
  int g = and_gate (a, b), h = and_gate (b, a);
  int x = and_gate (g, -h), y = xor_gate (g, h);
  clause (3, (int[]) {x, y, c}); /* so c is true */
  clause (2, (int[]) {-c, a});
  einsat *solver = solver_with_formula ();
  CHECK (einsat_set_option (solver, "lucky", 0));
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &formula));
  CHECK (einsat_val (solver, x) == -x && einsat_val (solver, y) == -y);
  CHECK (einsat_val (solver, c) == c);
  CHECK (einsat_statistic (solver, "congruence_units") >= 2);
  einsat_delete (solver);
}

/* g = a & b & t and h = a & b & u differ until the elimination round
 * right after the first closure derives the units t and u (from t | p
 * and t | -p); then g = h = a & b, which only a later closure sees.  The
 * pigeonhole clauses, there to make the search reach probing rounds,
 * contain no gates, so every merge is g = h.  Elimination runs once, so
 * without the closure in probing rounds the closure merges nothing (a
 * probing round runs it before probing itself). */
static void gates_equal_after_units (int frozen[6]) {
  formula.size = 0, variables = 0;
  int a = new_variable (), b = new_variable ();
  int t = new_variable (), u = new_variable ();
  int g = new_variable (), h = new_variable ();
  const int inputs[2] = {t, u}, outputs[2] = {g, h};
  for (int i = 0; i < 2; i++) {
    int x = outputs[i], c = inputs[i], p = new_variable ();
    clause (2, (int[]) {-x, a}), clause (2, (int[]) {-x, b});
    clause (2, (int[]) {-x, c}), clause (4, (int[]) {x, -a, -b, -c});
    clause (2, (int[]) {c, p}), clause (2, (int[]) {c, -p});
  }
  /* it takes conflicts to refute (factoring is off where it is used) */
  variables = clause_buffer_pigeonhole (&formula, 7, variables + 1);
  const int keep[6] = {a, b, t, u, g, h};
  for (int i = 0; i < 6; i++)
    frozen[i] = keep[i];
}

static void test_later_round_after_units (void) {
  int frozen[6];
  gates_equal_after_units (frozen);
  /* repeat, proof: 0 none, 1 DRAT, 2 LRAT */
  static const int runs[][2] = {{1, 0}, {1, 1}, {1, 2}, {0, 0}, {0, 2}};
  for (size_t run = 0; run < sizeof runs / sizeof *runs; run++) {
    bool repeat = runs[run][0];
    int kind = runs[run][1];
    proof_run proof;
    einsat *solver =
        kind ? new_proof_run (&proof, kind == 2, false) : einsat_new ();
    CHECK (einsat_set_option (solver, "congruencerepeat", repeat));
    CHECK (einsat_set_option (solver, "probeint", 1));
    CHECK (einsat_set_option (solver, "eliminateint", 1000000));
    CHECK (einsat_set_option (solver, "factor", 0));
    CHECK (einsat_set_option (solver, "cardinality", 0));
    CHECK (einsat_set_option (solver, "lucky", 0));
    /* the pigeonhole part must take conflicts: breaking its symmetries
     * would refute it before a second closure */
    CHECK (einsat_set_option (solver, "symmetry", 0));
    for (int i = 0; i < 6; i++)
      einsat_freeze (solver, frozen[i]);
    clause_buffer_to_solver (solver, &formula);
    CHECK (einsat_solve (solver) == 20);
    uint64_t rounds = einsat_statistic (solver, "congruence_rounds");
    uint64_t merged = einsat_statistic (solver, "congruence_equivalences");
    if (repeat)
      CHECK (rounds >= 2 && merged >= 1);
    else
      CHECK (rounds == 1 && merged == 0);
    if (kind)
      CHECK (proof_accepted (&proof, solver));
    else
      einsat_delete (solver);
  }
}

int main (int argc, char **argv) {
  if (argc < 2) {
    fprintf (stderr, "usage: congruence CHECKER\n");
    return 1;
  }
  checker = argv[1];
  static const test_case cases[] = {
      {"miter-refuted-without-decision",
       test_miter_refuted_without_decision},
      {"off-with-option", test_off_with_option},
      {"proofs-checked", test_proofs_checked},
      {"changed-miter-satisfiable", test_changed_miter_satisfiable},
      {"contradiction", test_contradiction},
      {"constants", test_constants},
      {"later-round-after-units", test_later_round_after_units},
  };
  return run_test_cases ("congruence", cases, sizeof cases / sizeof *cases);
}
