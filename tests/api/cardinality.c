/* The counting refutation ('cardinality.c').  Pigeonhole formulas with
 * one more pigeon than holes are unsatisfiable by construction and need
 * exponentially long resolution proofs, so CDCL without factoring does
 * not refute them within a small conflict limit, while counting refutes
 * them without a conflict.  The variables are negated and the clauses
 * shuffled at random, so that nothing rests on their order or signs.
 * Near misses (a missing binary clause, as many pigeons as holes) are
 * satisfiable, and their models are checked against every clause. */

#include "einsat.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

#include <unistd.h>

#define MAX_CLAUSES 16384

typedef struct pigeonhole {
  int pigeons, holes;
  bool own_cliques; /* also at most one hole per pigeon */
  int missing_hole; /* pigeons 0 and 1 may share this hole; -1: none */
  bool sequential;  /* holes by a sequential counter, not pairwise */
} pigeonhole;

static clause_buffer clauses_given; /* the formula at hand */
static int clause_lits[MAX_CLAUSES][64], clause_sizes[MAX_CLAUSES];

static int pigeon_in_hole (const pigeonhole *p, const int *signs, int pigeon,
                           int hole) {
  int var = 1 + pigeon * p->holes + hole;
  return signs[var] * var;
}

static void push_clause (int *clauses, int size, const int *lits) {
  if (*clauses == MAX_CLAUSES) {
    fprintf (stderr, "cardinality: too many clauses\n");
    exit (1);
  }
  for (int i = 0; i < size; i++)
    clause_lits[*clauses][i] = lits[i];
  clause_sizes[(*clauses)++] = size;
}

static void push_binary (int *clauses, int a, int b) {
  push_clause (clauses, 2, (int[]) {-a, -b});
}

/* Sinz's sequential counter with registers 'first', 'first' + 1, ...:
 * register i says one of the first i + 1 literals is true.  Without
 * 'complete' the clause keeping the first two apart is left out. */
static void sequential (int *clauses, int n, const int *lits, int first,
                        bool complete) {
  for (int i = 0; i + 1 < n; i++)
    push_clause (clauses, 2, (int[]) {-lits[i], first + i});
  for (int i = 1; i + 1 < n; i++)
    push_clause (clauses, 2, (int[]) {-(first + i - 1), first + i});
  for (int i = 1; i < n; i++)
    if (i > 1 || complete)
      push_clause (clauses, 2, (int[]) {-lits[i], -(first + i - 1)});
}

static int variables (const pigeonhole *p) {
  int vars = p->pigeons * p->holes;
  return p->sequential ? vars + p->holes * (p->pigeons - 1) : vars;
}

static void generate (const pigeonhole *p, uint64_t *rng) {
  int signs[64 * 64 + 1], clauses = 0;
  for (int var = 1; var <= p->pigeons * p->holes; var++)
    signs[var] = oracle_below (rng, 2) ? 1 : -1;
  for (int pigeon = 0; pigeon < p->pigeons; pigeon++) {
    int lits[64];
    for (int hole = 0; hole < p->holes; hole++)
      lits[hole] = pigeon_in_hole (p, signs, pigeon, hole);
    push_clause (&clauses, p->holes, lits);
  }
  for (int hole = 0; hole < p->holes; hole++) {
    int lits[64];
    for (int pigeon = 0; pigeon < p->pigeons; pigeon++)
      lits[pigeon] = pigeon_in_hole (p, signs, pigeon, hole);
    if (p->sequential) {
      int first = p->pigeons * p->holes + 1 + hole * (p->pigeons - 1);
      sequential (&clauses, p->pigeons, lits, first,
                  hole != p->missing_hole);
      continue;
    }
    for (int a = 0; a < p->pigeons; a++)
      for (int b = a + 1; b < p->pigeons; b++)
        if (hole != p->missing_hole || a || b != 1)
          push_binary (&clauses, lits[a], lits[b]);
  }
  for (int pigeon = 0; p->own_cliques && pigeon < p->pigeons; pigeon++)
    for (int a = 0; a < p->holes; a++)
      for (int b = a + 1; b < p->holes; b++)
        push_binary (&clauses, pigeon_in_hole (p, signs, pigeon, a),
                     pigeon_in_hole (p, signs, pigeon, b));
  int order[MAX_CLAUSES];
  for (int i = 0; i < clauses; i++)
    order[i] = i;
  for (int i = clauses - 1; i > 0; i--) {
    int j = oracle_below (rng, i + 1), t = order[i];
    order[i] = order[j], order[j] = t;
  }
  clauses_given.size = 0;
  for (int i = 0; i < clauses; i++)
    clause_buffer_add (&clauses_given, clause_sizes[order[i]],
                       clause_lits[order[i]]);
}

static einsat *new_solver (bool counting) {
  einsat *solver = einsat_new ();
  CHECK (einsat_set_option (solver, "factor", 0)); /* it would help */
  CHECK (einsat_set_option (solver, "cardinality", counting));
  return solver;
}

static void expect_refuted (const pigeonhole *p, uint64_t seed) {
  uint64_t rng = seed;
  generate (p, &rng);
  einsat *solver = new_solver (true);
  clause_buffer_to_solver (solver, &clauses_given);
  einsat_set_conflict_limit (solver, 1000);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 1);
  CHECK (einsat_statistic (solver, "conflicts") == 0);
  einsat_delete (solver);
}

static void expect_satisfiable (const pigeonhole *p, uint64_t seed) {
  uint64_t rng = seed;
  generate (p, &rng);
  einsat *solver = new_solver (true);
  clause_buffer_to_solver (solver, &clauses_given);
  CHECK (einsat_solve (solver) == 10);
  CHECK (model_satisfies_buffer (solver, &clauses_given));
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 0);
  einsat_delete (solver);
}

/* A first round without budget runs out; the schedule counts again with
 * growing budgets (the search alone would not refute 14 pigeons in 13
 * holes within a million conflicts).  The variables are frozen: the
 * elimination right after the first round would leave a formula that
 * counting no longer refutes. */
static void test_unfinished_round_retried (void) {
  uint64_t rng = 9;
  pigeonhole p = {14, 13, false, -1, false};
  generate (&p, &rng);
  einsat *solver = new_solver (true);
  CHECK (einsat_set_option (solver, "cardinalitymineffort", 0));
  for (int var = 1; var <= variables (&p); var++)
    einsat_freeze (solver, var);
  clause_buffer_to_solver (solver, &clauses_given);
  einsat_set_conflict_limit (solver, 1000000);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 1);
  CHECK (einsat_statistic (solver, "cardinality_unfinished") >= 1);
  einsat_delete (solver);
}

static void test_pigeonhole_refuted_without_search (void) {
  for (int holes = 3; holes <= 21; holes += 9) /* the buffer holds 21 */
    for (uint64_t seed = 1; seed <= 3; seed++)
      expect_refuted (&(pigeonhole) {holes + 1, holes, false, -1, false}, seed);
}

/* Each pigeon's own clique covers its whole clause: the worst choice,
 * which the cover must avoid. */
static void test_hidden_among_pigeon_cliques (void) {
  for (int holes = 3; holes <= 12; holes += 3)
    for (uint64_t seed = 4; seed <= 6; seed++)
      expect_refuted (&(pigeonhole) {holes + 1, holes, true, -1, false}, seed);
}

/* At-most-one constraints by sequential counters: the literals of a
 * hole exclude each other through chains of binary clauses. */
static void test_sequential_counters (void) {
  for (int holes = 3; holes <= 12; holes += 3)
    for (uint64_t seed = 14; seed <= 15; seed++) {
      bool own = seed & 1;
      expect_refuted (&(pigeonhole) {holes + 1, holes, own, -1, true},
                      seed);
      expect_satisfiable (&(pigeonhole) {holes + 1, holes, own, 0, true},
                          seed);
    }
}

static void test_near_misses_satisfiable (void) {
  for (int holes = 3; holes <= 12; holes += 3)
    for (uint64_t seed = 7; seed <= 9; seed++) {
      bool own = seed & 1;
      expect_satisfiable (&(pigeonhole) {holes + 1, holes, own, 0, false}, seed);
      expect_satisfiable (&(pigeonhole) {holes, holes, own, -1, false}, seed);
    }
}

/* Off by option, and with a DRAT or LRAT proof while 'incremental' is
 * on (the API's default: its extension variables could clash with later
 * clauses). */
static void test_off_with_option_or_proof (void) {
  uint64_t rng = 10;
  generate (&(pigeonhole) {13, 12, false, -1, false}, &rng);
  for (int proof = 0; proof < 3; proof++) {
    einsat *solver = new_solver (proof);
    FILE *sink = 0;
    if (proof) {
      sink = fopen ("/dev/null", "w");
      CHECK (sink);
      if (proof == 1)
        einsat_trace_proof (solver, sink, true);
      else
        einsat_trace_lrat (solver, sink, true);
    }
    clause_buffer_to_solver (solver, &clauses_given);
    einsat_set_conflict_limit (solver, 1000);
    CHECK (einsat_solve (solver) == 0);
    CHECK (einsat_statistic (solver, "cardinality_rounds") == 0);
    einsat_delete (solver);
    if (sink)
      fclose (sink);
  }
}

static void add_clause (einsat *solver, int size, const int *lits) {
  clause_buffer_add (&clauses_given, size, lits);
  for (int i = 0; i < size; i++)
    einsat_add (solver, lits[i]);
  einsat_add (solver, 0);
}

/* As many pigeons as holes first (satisfiable), then one more: counting
 * runs again in the next elimination round because original clauses
 * were added, and the refutation holds whatever is assumed. */
static void test_counted_again_after_new_clauses (void) {
  const int holes = 10;
  einsat *solver = new_solver (true);
  CHECK (einsat_set_option (solver, "eliminateint", 1)); /* a round soon */
  clauses_given.size = 0;
  for (int pigeon = 0; pigeon <= holes; pigeon++) {
    if (pigeon == holes) {
      CHECK (einsat_solve (solver) == 10);
      CHECK (model_satisfies_buffer (solver, &clauses_given));
      CHECK (einsat_statistic (solver, "cardinality_refuted") == 0);
    }
    int lits[64];
    for (int hole = 0; hole < holes; hole++)
      lits[hole] = 1 + pigeon * holes + hole;
    add_clause (solver, holes, lits);
    for (int other = 0; other < pigeon; other++)
      for (int hole = 0; hole < holes; hole++) {
        int binary[2] = {-lits[hole], -(1 + other * holes + hole)};
        add_clause (solver, 2, binary);
      }
  }
  einsat_set_conflict_limit (solver, 1000);
  einsat_assume (solver, 1);
  CHECK (einsat_solve (solver) == 20);
  CHECK (!einsat_failed (solver, 1));
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 1);
  CHECK (einsat_solve (solver) == 20);
  einsat_delete (solver);
}

/* 'queens' queens on a 'size' x 'size' board, the encoding of
 * 9queens_8x8_unsat: each queen on some square, two queens never on
 * attacking (or the same) squares, but one queen may take several
 * squares.  The rows are cliques only between different queens, which
 * is all the argument needs: one more queen than rows is refuted.
 * 'missing' lets queens 0 and 1 share a row (satisfiable from 4 x 4 on:
 * both may stand on one square of an n-queens solution). */
static bool attack (int size, int s, int t) {
  int r = s / size, c = s % size, u = t / size, v = t % size;
  return r == u || c == v || r - c == u - v || r + c == u + v;
}

static int queen_on (int size, int queen, int square) {
  return 1 + queen * size * size + square;
}

static void generate_queens (int queens, int size, bool missing) {
  int clauses = 0, squares = size * size;
  for (int q = 0; q < queens; q++) {
    int lits[64];
    for (int s = 0; s < squares; s++)
      lits[s] = queen_on (size, q, s);
    push_clause (&clauses, squares, lits);
  }
  for (int q = 0; q < queens; q++)
    for (int p = q + 1; p < queens; p++)
      for (int s = 0; s < squares; s++)
        for (int t = 0; t < squares; t++)
          if (attack (size, s, t) &&
              (!missing || q || p != 1 || s / size != t / size))
            push_binary (&clauses, queen_on (size, q, s),
                         queen_on (size, p, t));
  clauses_given.size = 0;
  for (int i = 0; i < clauses; i++)
    clause_buffer_add (&clauses_given, clause_sizes[i], clause_lits[i]);
}

static void expect_queens (int queens, int size, bool missing,
                           int status) {
  generate_queens (queens, size, missing);
  einsat *solver = new_solver (true);
  clause_buffer_to_solver (solver, &clauses_given);
  einsat_set_conflict_limit (solver, 1000);
  CHECK (einsat_solve (solver) == status);
  if (status == 10)
    CHECK (model_satisfies_buffer (solver, &clauses_given));
  else
    CHECK (einsat_statistic (solver, "conflicts") == 0);
  CHECK (einsat_statistic (solver, "cardinality_refuted") ==
         (status == 20));
  einsat_delete (solver);
}

/* The greedy cover finds the rows of 3 x 3, 4 x 4 and 8 x 8 boards
 * (9queens_8x8_unsat, too large for the clause buffer) but not those of
 * 5 x 5, where its cliques follow the diagonals, not even from the
 * other end. */
static void test_one_clause_in_a_clique_twice (void) {
  for (int size = 3; size <= 4; size++)
    expect_queens (size + 1, size, false, 20);
  for (int size = 4; size <= 5; size++) {
    expect_queens (size, size, false, 10);
    expect_queens (size + 1, size, true, 10);
  }
}

static const char *checker; /* 'einsat-check', from the command line */

/* Adds clause 'lits' to the solver and, if 'cnf' is given, to a DIMACS
 * file (for formulas too large for the clause buffer). */
static void add_and_write (einsat *solver, FILE *cnf, int size,
                           const int *lits) {
  for (int i = 0; i < size; i++) {
    einsat_add (solver, lits[i]);
    if (cnf)
      fprintf (cnf, "%d ", lits[i]);
  }
  einsat_add (solver, 0);
  if (cnf)
    fprintf (cnf, "0\n");
}

/* Eight queens on 7 x 7 (28,036 clauses, added directly): the first
 * cover needs 11 cliques for 8 clauses, the second, grown from the
 * other end, finds the 7 rows.  Without a proof, and with a DRAT and an
 * LRAT proof, which the checker must accept. */
static void cover_from_the_other_end (int proof) {
  const int queens = 8, size = 7, squares = size * size;
  char cnf[64], trace[64];
  snprintf (cnf, sizeof cnf, "/tmp/einsat-queens-%d.cnf", (int) getpid ());
  snprintf (trace, sizeof trace, "/tmp/einsat-queens-%d.proof",
            (int) getpid ());
  einsat *solver = new_solver (true);
  FILE *cnf_file = 0, *proof_file = 0;
  if (proof) {
    CHECK (einsat_set_option (solver, "incremental", 0));
    cnf_file = fopen (cnf, "w");
    proof_file = fopen (trace, "w");
    CHECK (cnf_file && proof_file);
    if (proof == 1)
      einsat_trace_proof (solver, proof_file, true);
    else
      einsat_trace_lrat (solver, proof_file, true);
    int clauses = queens;
    for (int s = 0; s < squares; s++)
      for (int t = 0; t < squares; t++)
        clauses += attack (size, s, t) * queens * (queens - 1) / 2;
    fprintf (cnf_file, "p cnf %d %d\n", queens * squares, clauses);
  }
  for (int q = 0; q < queens; q++) {
    int lits[64];
    for (int s = 0; s < squares; s++)
      lits[s] = queen_on (size, q, s);
    add_and_write (solver, cnf_file, squares, lits);
  }
  for (int q = 0; q < queens; q++)
    for (int p = q + 1; p < queens; p++)
      for (int s = 0; s < squares; s++)
        for (int t = 0; t < squares; t++)
          if (attack (size, s, t))
            add_and_write (solver, cnf_file, 2,
                           (int[]) {-queen_on (size, q, s),
                                    -queen_on (size, p, t)});
  einsat_set_conflict_limit (solver, 1000);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 1);
  CHECK (einsat_statistic (solver, "conflicts") == 0);
  if (proof) {
    einsat_close_proof (solver);
    fclose (proof_file);
    fclose (cnf_file);
    CHECK (checker_accepts (checker, proof == 1 ? "drat" : "lrat", cnf,
                            trace));
    unlink (cnf);
    unlink (trace);
  }
  einsat_delete (solver);
}

static void test_cover_from_the_other_end (void) {
  for (int proof = 0; proof < (checker ? 3 : 1); proof++)
    cover_from_the_other_end (proof);
}


/* Refutes the formula at hand by counting with a DRAT or LRAT proof,
 * which the checker must accept. */
static void expect_checked_proof (int vars, bool binary, bool lrat) {
  char cnf[64], proof[64];
  snprintf (cnf, sizeof cnf, "/tmp/einsat-cardinality-%d.cnf", (int) getpid ());
  snprintf (proof, sizeof proof, "/tmp/einsat-cardinality-%d.proof",
            (int) getpid ());
  einsat *solver = new_solver (true);
  CHECK (einsat_set_option (solver, "incremental", 0));
  FILE *file = fopen (proof, "w");
  CHECK (file);
  if (lrat)
    einsat_trace_lrat (solver, file, binary);
  else
    einsat_trace_proof (solver, file, binary);
  clause_buffer_to_solver (solver, &clauses_given);
  CHECK (einsat_solve (solver) == 20);
  CHECK (einsat_statistic (solver, "cardinality_refuted") == 1);
  CHECK (einsat_statistic (solver, "conflicts") == 0);
  einsat_close_proof (solver);
  fclose (file);
  CHECK (write_clauses_dimacs (cnf, vars, clauses_given.lits,
                               clauses_given.size));
  CHECK (checker_accepts (checker, lrat ? "lrat" : "drat", cnf, proof));
  einsat_delete (solver);
  unlink (cnf);
  unlink (proof);
}

/* Without 'incremental' the refutation comes with a DRAT or LRAT proof
 * (Cook's reduction of the pigeonhole formula over the cliques; in LRAT
 * the exclusions through sequential counters follow chains of binary
 * clauses). */
static void test_proofs_checked (void) {
  if (!checker)
    return;
  for (int lrat = 0; lrat < 2; lrat++) {
    for (int holes = 3; holes <= 11; holes += 4)
      for (uint64_t seed = 12; seed <= 13; seed++) {
        uint64_t rng = seed;
        bool own = seed & 1, binary = (holes / 4) & 1;
        pigeonhole p = {holes + 1 + own, holes, own, -1, holes == 7};
        generate (&p, &rng);
        expect_checked_proof (variables (&p), binary, lrat);
      }
    for (int size = 3; size <= 4; size++) { /* a queen twice in a row */
      generate_queens (size + 1, size, false);
      expect_checked_proof ((size + 1) * size * size, size & 1, lrat);
    }
  }
}

int main (int argc, char **argv) {
  if (argc > 1)
    checker = argv[1];
  static const test_case cases[] = {
      {"pigeonhole-refuted-without-search",
       test_pigeonhole_refuted_without_search},
      {"hidden-among-pigeon-cliques", test_hidden_among_pigeon_cliques},
      {"near-misses-satisfiable", test_near_misses_satisfiable},
      {"sequential-counters", test_sequential_counters},
      {"one-clause-in-a-clique-twice", test_one_clause_in_a_clique_twice},
      {"cover-from-the-other-end", test_cover_from_the_other_end},
      {"off-with-option-or-proof", test_off_with_option_or_proof},
      {"counted-again-after-new-clauses",
       test_counted_again_after_new_clauses},
      {"proofs-checked", test_proofs_checked},
      {"unfinished-round-retried", test_unfinished_round_retried},
  };
  return run_test_cases ("cardinality", cases,
                         sizeof cases / sizeof *cases);
}
