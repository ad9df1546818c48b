/* The thread portfolio through the library (option 'threads'): answers
 * on random formulas near the threshold, checked as in 'exchange.c'
 * (models against the formula, UNSAT against a sequential solve, failed
 * assumptions by solving under them alone), incremental use, limits and
 * termination, the refused combinations, the ruler's export callback and
 * import queue while its workers run, and one DRAT proof of all threads
 * checked by 'einsat-check' (its path is the first argument). */

#include "einsat.h"
#include "../common/check.h"
#include "../common/oracle.h"
#include "cnf.h"

#include <pthread.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

static const char *checker; /* einsat-check, or NULL */

/* Fewer rounds under the sanitizers (argument '--quick' first). */
static int quick = 1;
#define ROUNDS(N) ((N) / quick > 2 ? (N) / quick : 2)

static einsat *new_portfolio (int threads, int delay) {
  einsat *s = einsat_new ();
  CHECK (einsat_set_option (s, "threads", threads));
  CHECK (einsat_set_option (s, "threadsdelay", delay));
  /* As many workers as asked for, whatever the machine. */
  CHECK (einsat_set_option (s, "threadsoversubscribe", 1));
  einsat_set_option (s, "check", 1); /* models checked inside too */
  return s;
}

/*------------------------------------------------------------------------*/

static void test_answers (void) {
  uint64_t rng = 17;
  cnf f = {0};
  int sat = 0, unsat = 0;
  uint64_t started = 0;
  for (int round = 0; round < ROUNDS (16); round++) {
    int vars = 100 + 10 * (round % 8);
    random_3sat (&f, &rng, vars, (int) (4.26 * vars));
    einsat *s = new_portfolio (2 + round % 3, round % 4 ? 0 : 200);
    add_cnf (s, &f);
    int res = einsat_solve (s);
    int expected = reference (&f, 0, 0);
    CHECK (res == expected);
    if (res == 10)
      CHECK (satisfies (s, &f));
    sat += res == 10, unsat += res == 20;
    started += einsat_statistic (s, "workers_started");
    CHECK (!einsat_statistic (s, "workers_failed"));
    einsat_delete (s);
  }
  CHECK (sat && unsat && started);
  free (f.lits);
}

static void test_incremental (void) {
  uint64_t rng = 23;
  cnf f = {0};
  random_3sat (&f, &rng, 90, 340);
  einsat *s = new_portfolio (3, 0);
  add_cnf (s, &f);
  int assumed[5];
  for (int call = 0; call < ROUNDS (24); call++) {
    int picked[3];
    oracle_distinct_vars (&rng, f.vars, 3, picked);
    for (int i = 0; i < 3; i++) {
      int lit = oracle_below (&rng, 2) ? picked[i] : -picked[i];
      einsat_add (s, lit);
      cnf_push (&f, lit);
    }
    einsat_add (s, 0);
    cnf_push (&f, 0);
    int n = call % 6;
    oracle_distinct_vars (&rng, f.vars, n, assumed);
    for (int i = 0; i < n; i++) {
      if (oracle_below (&rng, 2))
        assumed[i] = -assumed[i];
      einsat_assume (s, assumed[i]);
    }
    int res = einsat_solve (s), expected = reference (&f, assumed, n);
    CHECK (res == expected);
    if (res == 10) {
      CHECK (satisfies (s, &f));
      for (int i = 0; i < n; i++)
        CHECK (einsat_val (s, assumed[i]) == assumed[i]);
    } else if (res == 20) {
      int failed[5], m = 0;
      for (int i = 0; i < n; i++)
        if (einsat_failed (s, assumed[i]))
          failed[m++] = assumed[i];
      CHECK (reference (&f, failed, m) == 20);
    }
  }
  einsat_delete (s);
  free (f.lits);
}

/* An assumption that the root level falsifies, with the threads started
 * at once (the ruler does not search before): it must fail. */
static void test_root_assumption (void) {
  einsat *s = new_portfolio (2, 0);
  einsat_add_clause (s, (int[]) {1, 2, 3}, 3);
  einsat_add_clause (s, (int[]) {-4}, 1);
  einsat_add_clause (s, (int[]) {-1, 2}, 2);
  einsat_assume (s, 4);
  einsat_assume (s, 1);
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_failed (s, 4));
  einsat_assume (s, -4);
  einsat_assume (s, 1);
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_val (s, 2) == 2);
  einsat_delete (s);
}

/*------------------------------------------------------------------------*/
/* Limits and termination. */

static void *terminate_later (void *solver) {
  nanosleep (&(struct timespec) {0, 200 * 1000 * 1000}, 0);
  einsat_terminate (solver);
  return 0;
}

static void hard_formula (cnf *f) {
  uint64_t rng = 99;
  random_3sat (f, &rng, 400, 1704); /* far beyond a second */
}

static void test_terminate (void) {
  cnf f = {0};
  hard_formula (&f);
  einsat *s = new_portfolio (4, 0); /* started before the request */
  add_cnf (s, &f);
  pthread_t thread;
  CHECK (!pthread_create (&thread, 0, terminate_later, s));
  CHECK (einsat_solve (s) == 0);
  pthread_join (thread, 0);
  CHECK (einsat_statistic (s, "workers_started") == 4);
  /* Usable again, and the request does not linger. */
  einsat_set_conflict_limit (s, 3000);
  CHECK (einsat_solve (s) == 0);
  einsat_delete (s);
  free (f.lits);
}

/* Without 'threadsoversubscribe' no more workers than processors. */
static void test_clamp (void) {
  cnf f = {0};
  hard_formula (&f);
  einsat *s = new_portfolio (64, 0);
  einsat_set_option (s, "threadsoversubscribe", 0);
  add_cnf (s, &f);
  einsat_set_conflict_limit (s, 100);
  CHECK (einsat_solve (s) == 0);
  long online = sysconf (_SC_NPROCESSORS_ONLN);
  uint64_t started = einsat_statistic (s, "workers_started");
  CHECK (online < 2 ? !started : started == (uint64_t) online);
  einsat_delete (s);
  free (f.lits);
}

static int stop_after_calls (void *data) { return ++*(int *) data > 30; }

static void test_limits (void) {
  cnf f = {0};
  hard_formula (&f);
  einsat *s = new_portfolio (2, 100);
  add_cnf (s, &f);
  einsat_set_conflict_limit (s, 2000);
  CHECK (einsat_solve (s) == 0);
  CHECK (einsat_statistic (s, "worker_conflicts") <= 2 * 2000);
  einsat_set_conflict_limit (s, -1);
  int calls = 0;
  einsat_set_terminate (s, &calls, stop_after_calls);
  CHECK (einsat_solve (s) == 0);
  einsat_set_terminate (s, 0, 0);
  einsat_set_time_limit (s, 0.3);
  CHECK (einsat_solve (s) == 0);
  einsat_delete (s);
  free (f.lits);
}

/*------------------------------------------------------------------------*/
/* What is refused: with an explanation, the instance stays usable. */

static int no_decision (void *data) {
  (void) data;
  return 0;
}

static int on_model (void *data, const int *values) {
  (void) data, (void) values;
  return 1;
}

static void test_refused (void) {
  einsat *s = new_portfolio (2, 0);
  einsat_add_clause (s, (int[]) {1, 2}, 2);
  einsat_set_decide (s, 0, no_decision);
  CHECK (einsat_solve (s) == EINSAT_ERROR);
  CHECK (strstr (einsat_error (s), "not supported"));
  einsat_set_decide (s, 0, 0);
  CHECK (einsat_enumerate (s, 0, 0, 0, on_model, 0, 0) == -1);
  CHECK (strstr (einsat_error (s), "not supported"));
  CHECK (einsat_solve (s) == 10);
  einsat_delete (s);
  FILE *file = tmpfile ();
  CHECK (file);
  if (!file)
    return;
  s = new_portfolio (2, 0);
  einsat_trace_lrat (s, file, 0);
  einsat_add_clause (s, (int[]) {1, 2}, 2);
  CHECK (einsat_solve (s) == EINSAT_ERROR);
  CHECK (strstr (einsat_error (s), "LRAT"));
  einsat_delete (s);
  fclose (file);
}

/*------------------------------------------------------------------------*/
/* The ruler as a member of a larger portfolio: its export callback gets
 * the workers' clauses (in its thread), and clauses imported into it
 * reach the workers. */

typedef struct hub {
  pthread_t owner;
  einsat *peer;
  long exported, foreign_thread;
} hub;

static void on_export (void *data, const int *lits, int size, int glue) {
  hub *h = data;
  h->exported++;
  h->foreign_thread += !pthread_equal (pthread_self (), h->owner);
  if (h->peer)
    einsat_import (h->peer, lits, size, glue);
}

typedef struct run {
  einsat *solver;
  int res;
} run;

static void *solve_run (void *data) {
  run *r = data;
  r->res = einsat_solve (r->solver);
  return 0;
}

/* The other side of a hub: its solver's thread names itself the owner
 * and sets the export before solving (from the main thread, after the
 * thread started, both raced with the first export). */
typedef struct hub_side {
  run run;
  hub *hub;
} hub_side;

static void *hub_solve_run (void *data) {
  hub_side *side = data;
  side->hub->owner = pthread_self ();
  einsat_set_export (side->run.solver, side->hub, 10, 3, on_export);
  return solve_run (&side->run);
}

static void test_hub (void) {
  uint64_t rng = 31;
  cnf f = {0};
  long imported = 0, exported = 0;
  for (int round = 0; round < ROUNDS (6); round++) {
    random_3sat (&f, &rng, 150, 639);
    run a = {new_portfolio (2, 50), -2}, b = {new_portfolio (2, 50), -2};
    einsat_diversify (b.solver, 1);
    add_cnf (a.solver, &f);
    add_cnf (b.solver, &f);
    hub to_b = {pthread_self (), b.solver, 0, 0}, to_a = {0, a.solver, 0, 0};
    einsat_set_export (a.solver, &to_b, 10, 3, on_export);
    pthread_t thread;
    hub_side side = {b, &to_a};
    CHECK (!pthread_create (&thread, 0, hub_solve_run, &side));
    solve_run (&a);
    pthread_join (thread, 0);
    b = side.run;
    int expected = reference (&f, 0, 0);
    CHECK (a.res == expected && b.res == expected);
    if (a.res == 10)
      CHECK (satisfies (a.solver, &f) && satisfies (b.solver, &f));
    CHECK (!to_b.foreign_thread);
    exported += to_b.exported + to_a.exported;
    imported += (long) (einsat_statistic (a.solver, "worker_imported") +
                        einsat_statistic (b.solver, "worker_imported"));
    einsat_delete (a.solver);
    einsat_delete (b.solver);
  }
  CHECK (exported > 0 && imported > 0);
  free (f.lits);
}

/*------------------------------------------------------------------------*/
/* One DRAT proof for all threads, binary and text. */

static void test_proof (void) {
  if (!checker)
    return;
  uint64_t rng = 41;
  cnf f = {0};
  int checked = 0;
  for (int round = 0; round < ROUNDS (8); round++) {
    random_3sat (&f, &rng, 110, 480);
    char cnf_path[64], proof_path[64];
    snprintf (cnf_path, sizeof cnf_path, "/tmp/portfolio-%d.cnf",
              (int) getpid ());
    snprintf (proof_path, sizeof proof_path, "/tmp/portfolio-%d.drat",
              (int) getpid ());
    FILE *proof = fopen (proof_path, "w");
    CHECK (proof);
    if (!proof)
      break;
    einsat *s = new_portfolio (2 + round % 3, round % 2 ? 0 : 300);
    einsat_set_option (s, "incremental", round % 2);
    einsat_trace_proof (s, proof, round % 2);
    add_cnf (s, &f);
    int res = einsat_solve (s);
    einsat_close_proof (s);
    fclose (proof);
    CHECK (res == reference (&f, 0, 0));
    if (res == 20) {
      FILE *file = fopen (cnf_path, "w");
      fprintf (file, "p cnf %d %zu\n", f.vars, f.size / 4);
      for (size_t i = 0; i < f.size; i++)
        fprintf (file, f.lits[i] ? "%d " : "%d\n", f.lits[i]);
      fclose (file);
      char command[512];
      snprintf (command, sizeof command, "%s drat %s %s >/dev/null 2>&1",
                checker, cnf_path, proof_path);
      CHECK (system (command) == 0);
      checked++;
      unlink (cnf_path);
    }
    einsat_delete (s);
    unlink (proof_path);
  }
  CHECK (checked);
  free (f.lits);
}

/*------------------------------------------------------------------------*/
/* Run slots: eight workers on two slots ('threadsslots') with short
 * turns, so that they hand over often: answers, models, failed
 * assumptions and DRAT proofs as without slots; a stop wakes the workers
 * waiting for their turn (an alarm ends a hang). */

static einsat *new_slotted (int slice) {
  einsat *s = new_portfolio (8, 0);
  CHECK (einsat_set_option (s, "threadsslots", 2));
  CHECK (einsat_set_option (s, "threadsslice", slice));
  return s;
}

/* The DRAT proof in 'proof_path' of the formula, by 'checker'. */
static void check_drat (const cnf *f, const char *proof_path) {
  char cnf_path[64], command[512];
  snprintf (cnf_path, sizeof cnf_path, "/tmp/slots-%d.cnf", (int) getpid ());
  FILE *file = fopen (cnf_path, "w");
  CHECK (file);
  if (!file)
    return;
  fprintf (file, "p cnf %d %zu\n", f->vars, f->size / 4);
  for (size_t i = 0; i < f->size; i++)
    fprintf (file, f->lits[i] ? "%d " : "%d\n", f->lits[i]);
  fclose (file);
  snprintf (command, sizeof command, "%s drat %s %s >/dev/null 2>&1",
            checker, cnf_path, proof_path);
  CHECK (system (command) == 0);
  unlink (cnf_path);
}

static void test_slots (void) {
  alarm (600);
  uint64_t rng = 61;
  cnf f = {0};
  int sat = 0, unsat = 0, proofs = 0;
  uint64_t turns = 0;
  char proof_path[64];
  snprintf (proof_path, sizeof proof_path, "/tmp/slots-%d.drat",
            (int) getpid ());
  for (int round = 0; round < ROUNDS (12); round++) {
    int vars = 130 + 10 * (round % 6);
    random_3sat (&f, &rng, vars, (int) (4.26 * vars));
    einsat *s = new_slotted (1 + round % 3 * 10);
    FILE *proof = checker && round % 2 ? fopen (proof_path, "w") : 0;
    if (proof)
      einsat_trace_proof (s, proof, round % 4 == 1);
    add_cnf (s, &f);
    int assumptions[2] = {1, -2}, n = round % 3 == 2 ? 2 : 0;
    for (int i = 0; i < n; i++)
      einsat_assume (s, assumptions[i]);
    int res = einsat_solve (s);
    CHECK (res == reference (&f, assumptions, n));
    if (res == 10)
      CHECK (satisfies (s, &f));
    else if (res == 20 && n) {
      int failed[2], m = 0;
      for (int i = 0; i < n; i++)
        if (einsat_failed (s, assumptions[i]))
          failed[m++] = assumptions[i];
      CHECK (reference (&f, failed, m) == 20);
    }
    if (proof) {
      einsat_close_proof (s);
      fclose (proof);
      if (res == 20 && !n)
        check_drat (&f, proof_path), proofs++;
      unlink (proof_path);
    }
    sat += res == 10, unsat += res == 20;
    CHECK (einsat_statistic (s, "workers_started") == 8);
    turns += einsat_statistic (s, "worker_turns");
    einsat_delete (s);
  }
  CHECK (sat && unsat);
  CHECK (!checker || proofs);
  CHECK (turns > 7 * (uint64_t) ROUNDS (12)); /* they did take turns */
  free (f.lits);
  alarm (0);
}

/* Workers waiting for a turn that would not come for a long time: the
 * terminate request, the time limit and a conflict limit end the solve. */
static void test_slots_stop (void) {
  alarm (600);
  cnf f = {0};
  hard_formula (&f);
  einsat *s = new_slotted (1000000000);
  add_cnf (s, &f);
  pthread_t thread;
  CHECK (!pthread_create (&thread, 0, terminate_later, s));
  CHECK (einsat_solve (s) == 0);
  pthread_join (thread, 0);
  CHECK (einsat_statistic (s, "workers_started") == 8);
  einsat_set_time_limit (s, 0.3);
  CHECK (einsat_solve (s) == 0);
  einsat_set_time_limit (s, -1);
  einsat_set_conflict_limit (s, 2000); /* worker 0 ends: a turn for one */
  uint64_t before = einsat_statistic (s, "worker_conflicts");
  CHECK (einsat_solve (s) == 0);
  uint64_t conflicts = einsat_statistic (s, "worker_conflicts") - before;
  CHECK (conflicts > 2000 && conflicts <= 8 * 2000);
  einsat_delete (s);
  /* Without a slot of its own worker 0 waits too (one slot). */
  s = new_slotted (1000000000);
  CHECK (einsat_set_option (s, "threadsslots", 1));
  add_cnf (s, &f);
  CHECK (!pthread_create (&thread, 0, terminate_later, s));
  CHECK (einsat_solve (s) == 0);
  pthread_join (thread, 0);
  einsat_delete (s);
  free (f.lits);
  alarm (0);
}

/*------------------------------------------------------------------------*/
/* Option 'deterministic': two runs give the same answer, the same model
 * and the same search (conflicts and imports of all threads). */

typedef struct outcome {
  int res;
  uint64_t conflicts, imported;
  unsigned char model[256];
} outcome;

static outcome deterministic_run (const cnf *f, int threads, int delay,
                                  const int *assumptions, int n) {
  einsat *s = new_portfolio (threads, delay);
  einsat_set_option (s, "deterministic", 1);
  einsat_set_option (s, "deterministicepoch", 200);
  add_cnf (s, f);
  for (int i = 0; i < n; i++)
    einsat_assume (s, assumptions[i]);
  outcome o;
  memset (&o, 0, sizeof o);
  o.res = einsat_solve (s);
  o.conflicts = einsat_statistic (s, "worker_conflicts");
  o.imported = einsat_statistic (s, "worker_imported");
  if (o.res == 10) {
    CHECK (satisfies (s, f));
    for (int v = 1; v <= f->vars && v < 256; v++)
      o.model[v] = einsat_val (s, v) > 0;
  } else if (o.res == 20)
    for (int i = 0; i < n; i++)
      o.model[i] = (unsigned char) einsat_failed (s, assumptions[i]);
  einsat_delete (s);
  return o;
}

static void test_deterministic (void) {
  uint64_t rng = 53;
  cnf f = {0};
  int differing = 0;
  for (int round = 0; round < ROUNDS (6); round++) {
    random_3sat (&f, &rng, 150 + 10 * round, (int) (4.26 * (150 + 10 * round)));
    int assumptions[3] = {1, -2, 3}, n = round % 2 ? 3 : 0;
    int threads = 2 + round % 3, delay = round % 2 ? 0 : 300;
    outcome a = deterministic_run (&f, threads, delay, assumptions, n);
    outcome b = deterministic_run (&f, threads, delay, assumptions, n);
    CHECK (a.res == reference (&f, assumptions, n));
    CHECK (a.res == b.res && a.conflicts == b.conflicts);
    CHECK (a.imported == b.imported);
    CHECK (!memcmp (a.model, b.model, sizeof a.model));
    differing += a.conflicts != b.conflicts;
    CHECK (a.conflicts > 0);
  }
  CHECK (!differing);
  free (f.lits);
}

static const test_case cases[] = {
    {"answers", test_answers},
    {"incremental", test_incremental},
    {"root assumption", test_root_assumption},
    {"terminate", test_terminate},
    {"limits", test_limits},
    {"clamp", test_clamp},
    {"refused", test_refused},
    {"hub", test_hub},
    {"proof", test_proof},
    {"deterministic", test_deterministic},
    {"slots", test_slots},
    {"slots stop", test_slots_stop},
};

int main (int argc, char **argv) {
  if (argc > 1 && !strcmp (argv[1], "--quick"))
    quick = 3, argc--, argv++;
  checker = argc > 1 ? argv[1] : 0;
  return RUN_TESTS ("portfolio", cases);
}
