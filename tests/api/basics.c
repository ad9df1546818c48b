/* API unit cases: IPASIR, options, limits, termination, callbacks,
 * contracts, memory accounting and allocation failures, DIMACS reading
 * and several instances in threads. */

#define _GNU_SOURCE
#include "einsat.h"
#include "ipasir.h"
#include "../common/check.h"
#include "../common/model.h"
#include "../common/oracle.h"

#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static void add_clause (einsat *solver, const int *lits) {
  while (*lits)
    einsat_add (solver, *lits++);
  einsat_add (solver, 0);
}

/* Pigeonhole: 'p' pigeons into 'p - 1' holes, hard for CDCL (counting
 * and symmetry breaking would each refute it at once, so both are off:
 * the tests need a hard instance). */
static void add_pigeonhole (einsat *solver, int p) {
  static clause_buffer clauses; /* 64 KB: not on the stack; one thread */
  einsat_set_option (solver, "cardinality", 0);
  einsat_set_option (solver, "symmetry", 0);
  clauses.size = 0;
  clause_buffer_pigeonhole (&clauses, p, 1);
  clause_buffer_to_solver (solver, &clauses);
}

static void test_ipasir (void) {
  CHECK (!strncmp (ipasir_signature (), "einsat", 6));
  void *s = ipasir_init ();
  ipasir_add (s, 1), ipasir_add (s, 2), ipasir_add (s, 0);
  ipasir_add (s, -1), ipasir_add (s, 2), ipasir_add (s, 0);
  CHECK (ipasir_solve (s) == 10);
  CHECK (ipasir_val (s, 2) == 2);
  ipasir_assume (s, -2);
  CHECK (ipasir_solve (s) == 20);
  CHECK (ipasir_failed (s, -2));
  ipasir_assume (s, 1);
  CHECK (ipasir_solve (s) == 10);
  CHECK (ipasir_val (s, 1) == 1 && ipasir_val (s, -1) == 1);
  ipasir_add (s, -2), ipasir_add (s, 0);
  CHECK (ipasir_solve (s) == 20);
  ipasir_release (s);
}

static void test_failed_assumptions (void) {
  einsat *s = einsat_new ();
  add_clause (s, (int[]) {-1, -2, 0});
  einsat_assume (s, 1), einsat_assume (s, 2), einsat_assume (s, 3);
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_failed (s, 1) && einsat_failed (s, 2));
  CHECK (!einsat_failed (s, 3));
  einsat_assume (s, 3), einsat_assume (s, -3);
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_failed (s, 3) && einsat_failed (s, -3));
  CHECK (einsat_solve (s) == 10); /* assumptions are gone */
  einsat_delete (s);
}

/* Of several falsified assumptions the one falsified lowest is analyzed:
 * one false on the root level is a failed set of its own, and one
 * falsified on level 1 needs fewer assumptions than one on level 2.
 * (Applications add the negated set as a clause, so short sets make
 * later calls cheap: see bench/IPASIR.md.) */
static void test_failed_lowest (void) {
  einsat *s = einsat_new ();
  add_clause (s, (int[]) {-1, -3, 0});
  add_clause (s, (int[]) {-5, 0});
  einsat_assume (s, 1), einsat_assume (s, 3), einsat_assume (s, 5);
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_failed (s, 5));
  CHECK (!einsat_failed (s, 1) && !einsat_failed (s, 3));
  einsat_delete (s);
  s = einsat_new ();
  add_clause (s, (int[]) {-1, -2, -3, 0});
  add_clause (s, (int[]) {-1, -4, 0});
  einsat_assume (s, 1), einsat_assume (s, 2), einsat_assume (s, 3);
  einsat_assume (s, 4);
  CHECK (einsat_solve (s) == 20);
  CHECK (einsat_failed (s, 1) && einsat_failed (s, 4));
  CHECK (!einsat_failed (s, 2) && !einsat_failed (s, 3));
  einsat_delete (s);
}

static void test_options (void) {
  einsat *s = einsat_new ();
  einsat_option_info info;
  int count = 0, value;
  for (int i = 0; einsat_option (i, &info); i++, count++) {
    CHECK (info.min_value <= info.default_value);
    CHECK (info.default_value <= info.max_value);
    CHECK (einsat_get_option (s, info.name, &value));
    CHECK (value == info.default_value);
    CHECK (einsat_set_option (s, info.name, info.max_value));
    CHECK (info.max_value == 2147483647 ||
           !einsat_set_option (s, info.name, info.max_value + 1));
  }
  CHECK (count > 20);
  CHECK (!einsat_set_option (s, "nonexistent", 1));
  CHECK (einsat_parse_option (s, "--reduceint=2e3") == 1);
  CHECK (einsat_get_option (s, "reduceint", &value) && value == 2000);
  CHECK (einsat_parse_option (s, "--no-reduce") == 1);
  CHECK (einsat_get_option (s, "reduce", &value) && value == 0);
  CHECK (einsat_parse_option (s, "--reduce=true") == 1);
  CHECK (einsat_get_option (s, "reduce", &value) && value == 1);
  CHECK (einsat_parse_option (s, "--reduceint=x") == -1);
  CHECK (strstr (einsat_error (s), "invalid value"));
  CHECK (einsat_parse_option (s, "--reduceint=0") == -1);
  CHECK (strstr (einsat_error (s), "outside its range"));
  CHECK (einsat_parse_option (s, "--whatever") == 0);
  CHECK (einsat_parse_option (s, "-v") == 0);
  CHECK (einsat_configure (s, "sat") && !einsat_configure (s, "fast"));
  einsat_delete (s);
}

/* The table is sorted by name, as options.h says. */
static void test_options_sorted (void) {
  einsat_option_info previous, info;
  CHECK (einsat_option (0, &previous));
  for (int i = 1; einsat_option (i, &info); i++) {
    if (strcmp (previous.name, info.name) >= 0)
      printf ("options '%s' and '%s' out of order\n", previous.name,
              info.name);
    CHECK (strcmp (previous.name, info.name) < 0);
    previous = info;
  }
}

/* 'plain' switches off everything but textbook CDCL and keeps the other
 * options as they were. */
static void test_plain (void) {
  static const char *const off[] = {
      "reduce",    "rephase",     "reusetrail", "target",   "stable",
      "eliminate", "probe",       "vivify",     "subsume",  "decompose",
      "chrono",    "shrink",      "eagersubsume", "walk",   "otfs",
      "minimizebinary", "factor", "gauss",      "gaussjordan",
      "cardinality", "dpll",      "lucky",      "congruence"};
  static const char *const kept[] = {"restart", "minimize", "phasesaving",
                                     "bumpreasons"};
  einsat *s = einsat_new ();
  CHECK (einsat_set_option (s, "seed", 123));
  CHECK (einsat_set_option (s, "restartint", 7));
  CHECK (einsat_configure (s, "plain"));
  int value;
  for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
    CHECK (einsat_get_option (s, off[i], &value));
    if (value)
      printf ("plain leaves '%s' at %d\n", off[i], value);
    CHECK (!value);
  }
  for (size_t i = 0; i < sizeof kept / sizeof *kept; i++) {
    einsat_option_info info;
    int index = 0;
    while (einsat_option (index, &info) && strcmp (info.name, kept[i]))
      index++;
    CHECK (einsat_get_option (s, kept[i], &value));
    CHECK (value == info.default_value);
  }
  CHECK (einsat_get_option (s, "seed", &value) && value == 123);
  CHECK (einsat_get_option (s, "restartint", &value) && value == 7);
  einsat_delete (s);
}

static void ignore_event (void *data, einsat_event event, int lit,
                          int level, const int *clause) {
  (void) data, (void) event, (void) lit, (void) level, (void) clause;
}

/* With a trace callback the techniques whose steps the trace cannot show
 * do not run, although their options are on. */
static void test_trace_switches_off (void) {
  for (int traced = 0; traced < 2; traced++) {
    einsat *s = einsat_new ();
    static clause_buffer clauses;
    clauses.size = 0;
    clause_buffer_pigeonhole (&clauses, 6, 1);
    clause_buffer_to_solver (s, &clauses);
    if (traced)
      einsat_set_trace (s, ignore_event, 0);
    CHECK (einsat_solve (s) == 20);
    uint64_t untraced = einsat_statistic (s, "lucky_tries") +
                        einsat_statistic (s, "cardinality_rounds");
    CHECK (traced ? !untraced : untraced > 0);
    einsat_delete (s);
  }
}

static void test_limits (void) {
  einsat *s = einsat_new ();
  einsat_set_option (s, "factor", 0); /* else too easy for the limits */
  add_pigeonhole (s, 9);
  einsat_set_conflict_limit (s, 100);
  CHECK (einsat_solve (s) == 0);
  CHECK (einsat_statistic (s, "conflicts") >= 100);
  CHECK (einsat_statistic (s, "conflicts") < 200);
  einsat_set_conflict_limit (s, -1);
  einsat_set_decision_limit (s, 50);
  uint64_t before = einsat_statistic (s, "decisions");
  CHECK (einsat_solve (s) == 0);
  CHECK (einsat_statistic (s, "decisions") - before <= 60);
  einsat_set_decision_limit (s, -1);
  einsat_set_time_limit (s, 0.05);
  CHECK (einsat_solve (s) == 0);
  einsat_delete (s);
}

/* 'eliminateinit' holds back the first elimination round (which also
 * factors, subsumes and runs Gauss) until that many conflicts. */
static void test_first_elimination (void) {
  for (int init = 0; init <= 1000; init += 1000) {
    einsat *s = einsat_new ();
    einsat_set_option (s, "factor", 0); /* else too easy */
    CHECK (einsat_set_option (s, "eliminateinit", init));
    add_pigeonhole (s, 9);
    einsat_set_conflict_limit (s, 100);
    CHECK (einsat_solve (s) == 0);
    uint64_t rounds = einsat_statistic (s, "eliminations");
    CHECK (init ? rounds == 0 : rounds >= 1);
    einsat_set_conflict_limit (s, 1100);
    CHECK (einsat_solve (s) == 0);
    CHECK (einsat_statistic (s, "conflicts") >= 1000);
    CHECK (einsat_statistic (s, "eliminations") >= 1);
    einsat_delete (s);
  }
}

static int stop_now (void *data) { return ++*(int *) data > 3; }

static void test_terminate (void) {
  einsat *s = einsat_new ();
  add_pigeonhole (s, 10);
  int calls = 0;
  einsat_set_terminate (s, &calls, stop_now);
  CHECK (einsat_solve (s) == 0);
  CHECK (calls > 3);
  einsat_set_terminate (s, 0, 0);
  einsat_terminate (s); /* before the call: the next solve stops */
  CHECK (einsat_solve (s) == 0);
  einsat_set_conflict_limit (s, 10);
  CHECK (einsat_solve (s) == 0); /* the request was consumed */
  CHECK (einsat_statistic (s, "conflicts") >= 10);
  einsat_delete (s);
}

static formula learned_formula;
static int learned_bad;

static void check_learned (void *data, int *clause) {
  (void) data;
  /* Every learned clause holds in every model of the formula. */
  uint32_t pos = 0, neg = 0;
  for (int *p = clause; *p; p++)
    *(*p > 0 ? &pos : &neg) |= 1u << (abs (*p) - 1);
  for (uint32_t x = 0; x < (1u << learned_formula.vars); x++)
    if (oracle_satisfies (&learned_formula, x) &&
        !((x & pos) | (~x & neg)))
      learned_bad++;
}

static void test_learn_callback (void) {
  uint64_t rng = 99;
  formula *f = &learned_formula;
  memset (f, 0, sizeof *f);
  f->vars = 16;
  for (int i = 0; i < 72; i++)
    formula_add_random (f, &rng, 3);
  einsat *s = einsat_new ();
  einsat_set_learn (s, 0, 8, check_learned);
  for (int c = 0; c < f->clauses; c++) {
    for (int i = 0; i < f->sizes[c]; i++)
      einsat_add (s, f->lits[c][i]);
    einsat_add (s, 0);
  }
  einsat_solve (s);
  CHECK (!learned_bad);
  einsat_delete (s);
}

/* Contract violations must abort with a message naming the function. */
static void expect_violation (void (*call) (einsat *), const char *want) {
  int fds[2];
  if (pipe (fds))
    return;
  pid_t pid = fork ();
  if (!pid) {
    dup2 (fds[1], 2);
    einsat *s = einsat_new ();
    call (s);
    _exit (0);
  }
  close (fds[1]);
  char buffer[1024] = "";
  ssize_t n = read (fds[0], buffer, sizeof buffer - 1);
  buffer[n > 0 ? n : 0] = 0;
  close (fds[0]);
  int status;
  waitpid (pid, &status, 0);
  CHECK (WIFSIGNALED (status) && WTERMSIG (status) == SIGABRT);
  CHECK (strstr (buffer, want));
}

static void val_before_solve (einsat *s) { einsat_val (s, 1); }
static void failed_after_sat (einsat *s) {
  einsat_solve (s);
  einsat_failed (s, 1);
}
static void solve_while_adding (einsat *s) {
  einsat_add (s, 1);
  einsat_solve (s);
}
static void huge_literal (einsat *s) { einsat_add (s, 1 << 29); }
static void int_min_assumption (einsat *s) { einsat_assume (s, INT_MIN); }
static void add_after_lrat_solve (einsat *s) {
  einsat_trace_lrat (s, stderr, 0);
  einsat_add (s, 1);
  einsat_add (s, 0);
  einsat_solve (s);
  einsat_add (s, 2);
}

static void add_after_final_drat_solve (einsat *s) {
  FILE *proof = tmpfile ();
  einsat_set_option (s, "incremental", 0);
  einsat_trace_proof (s, proof, 0);
  einsat_add (s, 1);
  einsat_add (s, 0);
  einsat_solve (s);
  int clause[] = {2};
  einsat_add_clause (s, clause, 1);
}

static int accept_model (void *data, const int *values) {
  (void) data, (void) values;
  return 1;
}

/* The projection is checked by one pass without an exit per variable;
 * the first bad one is named.  A valid variable ahead of it, to see the
 * check does not stop at the first. */
static void enumerate_projection (einsat *s, int bad) {
  einsat_add (s, 1);
  einsat_add (s, 0);
  int project[] = {1, -1, bad, 2};
  einsat_enumerate (s, project, 4, 0, accept_model, 0, 0);
}
static void project_zero (einsat *s) { enumerate_projection (s, 0); }
static void project_int_min (einsat *s) {
  enumerate_projection (s, INT_MIN);
}
static void reserve_negative (einsat *s) { einsat_reserve (s, -1); }
static void reserve_too_many (einsat *s) {
  einsat_reserve (s, (1 << 28));
}
static void project_too_large (einsat *s) {
  enumerate_projection (s, -((1 << 28) + 1));
}

/* Every function taking a handle rejects NULL, naming itself. */
#define NULL_CALL(NAME, CALL) \
  static void null_##NAME (einsat *s) { \
    (void) s; \
    CALL; \
  }
NULL_CALL (add, einsat_add (0, 1))
NULL_CALL (add_clause, einsat_add_clause (0, 0, 0))
NULL_CALL (reserve, einsat_reserve (0, 10))
NULL_CALL (add_atmost, einsat_add_atmost (0, 0, 0, 1))
NULL_CALL (assume, einsat_assume (0, 1))
NULL_CALL (solve, einsat_solve (0))
NULL_CALL (val, einsat_val (0, 1))
NULL_CALL (model_value, einsat_model_value (0, 1))
NULL_CALL (failed, einsat_failed (0, 1))
NULL_CALL (set_terminate, einsat_set_terminate (0, 0, 0))
NULL_CALL (set_learn, einsat_set_learn (0, 0, 0, 0))
NULL_CALL (set_decide, einsat_set_decide (0, 0, 0))
NULL_CALL (current_value, einsat_current_value (0, 1))
NULL_CALL (terminate, einsat_terminate (0))
NULL_CALL (vars, einsat_vars (0))
NULL_CALL (freeze, einsat_freeze (0, 1))
NULL_CALL (melt, einsat_melt (0, 1))
NULL_CALL (phase, einsat_phase (0, 1))
NULL_CALL (set_option, einsat_set_option (0, "seed", 1))
NULL_CALL (get_option, einsat_get_option (0, "seed", &(int) {0}))
NULL_CALL (parse_option, einsat_parse_option (0, "--seed=1"))
NULL_CALL (configure, einsat_configure (0, "plain"))
NULL_CALL (set_conflict_limit, einsat_set_conflict_limit (0, 1))
NULL_CALL (set_decision_limit, einsat_set_decision_limit (0, 1))
NULL_CALL (set_time_limit, einsat_set_time_limit (0, 1))
NULL_CALL (set_propagation_limit, einsat_set_propagation_limit (0, 1))
NULL_CALL (statistic, einsat_statistic (0, "conflicts"))
NULL_CALL (statistic_info,
           einsat_statistic_info (0, 0, &(const char *) {0},
                                  &(uint64_t) {0}))
NULL_CALL (print_statistics, einsat_print_statistics (0, stdout))
NULL_CALL (memory, einsat_memory (0))
NULL_CALL (peak_memory, einsat_peak_memory (0))
NULL_CALL (read_dimacs_path, einsat_read_dimacs_path (0, "-", 0))
NULL_CALL (read_dimacs_file, einsat_read_dimacs_file (0, stdin, "-", 0))
NULL_CALL (error, einsat_error (0))
NULL_CALL (trace_proof, einsat_trace_proof (0, stdout, 0))
NULL_CALL (trace_lrat, einsat_trace_lrat (0, stdout, 0))
NULL_CALL (close_proof, einsat_close_proof (0))
NULL_CALL (enumerate, einsat_enumerate (0, 0, 0, 0, accept_model, 0, 0))
NULL_CALL (set_trace, einsat_set_trace (0, 0, 0))
NULL_CALL (set_abort_hook, einsat_set_abort_hook (0, 0, 0))

static void test_null_handle (void) {
  static const struct {
    void (*call) (einsat *);
    const char *name;
  } calls[] = {
#define NULL_ROW(NAME) {null_##NAME, "einsat_" #NAME}
      NULL_ROW (add),           NULL_ROW (add_clause),
      NULL_ROW (assume),        NULL_ROW (solve),
      NULL_ROW (val),           NULL_ROW (model_value),
      NULL_ROW (failed),        NULL_ROW (set_terminate),
      NULL_ROW (set_learn),     NULL_ROW (set_decide),
      NULL_ROW (current_value), NULL_ROW (terminate),
      NULL_ROW (vars),          NULL_ROW (freeze),
      NULL_ROW (melt),          NULL_ROW (phase),
      NULL_ROW (set_option),    NULL_ROW (get_option),
      NULL_ROW (parse_option),  NULL_ROW (configure),
      NULL_ROW (set_conflict_limit), NULL_ROW (set_decision_limit),
      NULL_ROW (set_time_limit), NULL_ROW (set_propagation_limit),
      NULL_ROW (statistic),
      NULL_ROW (statistic_info), NULL_ROW (print_statistics),
      NULL_ROW (memory),        NULL_ROW (peak_memory),
      NULL_ROW (read_dimacs_path), NULL_ROW (read_dimacs_file),
      NULL_ROW (error),         NULL_ROW (trace_proof),
      NULL_ROW (trace_lrat),    NULL_ROW (close_proof),
      NULL_ROW (enumerate),     NULL_ROW (set_trace),
      NULL_ROW (reserve),       NULL_ROW (add_atmost),
      NULL_ROW (set_abort_hook),
#undef NULL_ROW
  };
  char want[128];
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++) {
    snprintf (want, sizeof want, "'%s': solver is NULL", calls[i].name);
    bool failed_before = check_failure[0];
    expect_violation (calls[i].call, want);
    if (!failed_before && check_failure[0])
      printf ("no violation for %s\n", calls[i].name);
  }
  einsat_delete (0); /* like free: nothing */
  ipasir_release (0);
}

static void test_contracts (void) {
  expect_violation (val_before_solve, "einsat_val");
  expect_violation (failed_after_sat, "einsat_failed");
  expect_violation (solve_while_adding, "missing terminating zero");
  expect_violation (huge_literal, "out of range");
  expect_violation (int_min_assumption, "out of range");
  expect_violation (add_after_lrat_solve, "before the first solve");
  expect_violation (add_after_final_drat_solve, "need option 'incremental'");
  expect_violation (project_zero, "invalid projection variable 0");
  expect_violation (project_int_min, "invalid projection variable -2147");
  expect_violation (project_too_large,
                    "invalid projection variable -268435457");
  expect_violation (reserve_negative, "invalid number of variables -1");
  expect_violation (reserve_too_many,
                    "invalid number of variables 268435456");
}


/* Assumptions pushed without allocation and beyond the variables known
 * (which grows the external tables) give the same answers. */
static void test_assumption_growth (void) {
  einsat *s = einsat_new ();
  einsat_add (s, 1);
  einsat_add (s, 2);
  einsat_add (s, 0);
  for (int round = 0; round < 40; round++) {
    int var = 3 + round;
    einsat_assume (s, -1);
    einsat_assume (s, var);       /* unknown until now */
    einsat_assume (s, -(var + 1)); /* beyond the tables */
    CHECK (einsat_solve (s) == 10);
    CHECK (einsat_val (s, 2) > 0 && einsat_val (s, var) > 0);
    einsat_assume (s, -1);
    einsat_assume (s, -2);
    CHECK (einsat_solve (s) == 20);
    CHECK (einsat_failed (s, -1) || einsat_failed (s, -2));
  }
  einsat_delete (s);
}

/* Memory accounting: everything is given back, and allocation failures
 * at any point give an error instead of a crash. */
typedef struct counting {
  long allocations, fail_at;
  size_t live;
} counting;

static void *counting_allocator (void *data, void *ptr, size_t old_size,
                                 size_t new_size) {
  counting *c = data;
  if (!new_size) {
    c->live -= old_size;
    free (ptr);
    return 0;
  }
  if (++c->allocations == c->fail_at)
    return 0;
  void *res = realloc (ptr, new_size);
  if (res)
    c->live += new_size - old_size;
  return res;
}

static int run_small_job (einsat *s) {
  add_pigeonhole (s, 6);
  int res = einsat_solve (s);
  einsat_assume (s, 1);
  int res2 = einsat_solve (s);
  return res < 0 || res2 < 0 ? -1 : res;
}

static void test_memory (void) {
  counting c = {0, 0, 0};
  einsat *s = einsat_new_with_allocator (counting_allocator, &c);
  CHECK (run_small_job (s) == 20);
  CHECK (einsat_memory (s) == c.live);
  CHECK (einsat_peak_memory (s) >= einsat_memory (s));
  einsat_delete (s);
  CHECK (c.live == 0);
  long total = c.allocations;
  int errors = 0;
  for (long fail_at = 1; fail_at <= total; fail_at++) {
    counting f = {0, fail_at, 0};
    einsat *t = einsat_new_with_allocator (counting_allocator, &f);
    if (!t)
      continue;
    if (run_small_job (t) < 0) {
      errors++;
      CHECK (strstr (einsat_error (t), "out of memory"));
      CHECK (einsat_solve (t) == EINSAT_ERROR);
    }
    einsat_delete (t);
    CHECK (f.live == 0);
  }
  CHECK (errors > 0);
}

/* 'einsat_reserve' is a hint: the answers and 'einsat_vars' are those
 * without it, before or after variables are used, more variables than
 * reserved are fine, memory is charged (and given back) exactly, and an
 * allocation failure in it is an error, not a crash. */
static int reserved_job (einsat *s, int reserve) {
  einsat_reserve (s, reserve);
  if (einsat_vars (s))
    return -2;
  add_pigeonhole (s, 5); /* 20 variables */
  einsat_reserve (s, 2 * reserve);
  int res = einsat_solve (s);
  return res < 0 || einsat_vars (s) != 20 ? -1 : res;
}

static void test_reserve (void) {
  static const int reserves[] = {0, 1, 16, 19, 20, 21, 100, 5000};
  for (size_t i = 0; i < sizeof reserves / sizeof *reserves; i++) {
    einsat *s = einsat_new ();
    CHECK (reserved_job (s, reserves[i]) == 20);
    einsat_delete (s);
    counting c = {0, 0, 0};
    s = einsat_new_with_allocator (counting_allocator, &c);
    CHECK (reserved_job (s, reserves[i]) == 20);
    CHECK (einsat_memory (s) == c.live);
    einsat_delete (s);
    CHECK (c.live == 0);
  }
  einsat *s = einsat_new ();
  size_t before = einsat_memory (s);
  einsat_reserve (s, 1000000); /* charged at once, not backed yet */
  CHECK (einsat_memory (s) >= before + 1000000 * (size_t) 16);
  CHECK (einsat_vars (s) == 0);
  einsat_delete (s);
  for (long fail_at = 1; fail_at <= 8; fail_at++) {
    counting f = {0, fail_at, 0};
    einsat *t = einsat_new_with_allocator (counting_allocator, &f);
    if (!t)
      continue;
    einsat_reserve (t, 1000);
    if (einsat_solve (t) < 0)
      CHECK (strstr (einsat_error (t), "out of memory"));
    einsat_delete (t);
    CHECK (f.live == 0);
  }
}

static void test_dimacs (void) {
  static char text[] = "c ind 2 3 0\np cnf 3 2\n1 2 0\n-1 3 0\n";
  FILE *file = fmemopen (text, strlen (text), "r");
  einsat *s = einsat_new ();
  einsat_dimacs d;
  memset (&d, 0, sizeof d);
  CHECK (einsat_read_dimacs_file (s, file, "mem", &d));
  fclose (file);
  CHECK (d.variables == 3 && d.clauses == 2 && d.read_clauses == 2);
  CHECK (d.project_size == 2 && d.project[0] == 2 && d.project[1] == 3);
  free (d.project);
  CHECK (einsat_solve (s) == 10);
  static char bad[] = "p cnf 3 2\n1 2 0\n-1 x 0\n";
  file = fmemopen (bad, strlen (bad), "r");
  memset (&d, 0, sizeof d);
  CHECK (!einsat_read_dimacs_file (s, file, "bad", &d));
  CHECK (!strncmp (einsat_error (s), "bad:3: ", 7));
  fclose (file);
  einsat_delete (s);
}

/* The 'clause' and 'cube' callbacks of the reader collect what they
 * get into 'lits' (each clause or cube ending in 0); 'refuse' makes them
 * fail after that many calls. */
typedef struct collected {
  int lits[64];
  int size, calls, refuse;
} collected;

static int collect (void *data, const int *lits, int size) {
  collected *c = data;
  if (c->refuse && c->calls == c->refuse)
    return 0;
  c->calls++;
  for (int i = 0; i < size && c->size < 63; i++)
    c->lits[c->size++] = lits[i];
  c->lits[c->size++] = 0;
  return 1;
}

static int read_text (einsat *s, const char *text, einsat_dimacs *d) {
  FILE *file = fmemopen ((void *) text, strlen (text), "r");
  CHECK (file);
  int ok = einsat_read_dimacs_file (s, file, "mem", d);
  fclose (file);
  return ok;
}

/* iCNF: cubes go to the callback, clauses to the solver and to the
 * clause callback; 'p inccnf' is refused unless asked for. */
static void test_icnf (void) {
  static const char text[] =
      "c cubes\np inccnf\n1 2 0\n-1 7 0\na -2 0\na 2 -7\n 1 0\n";
  einsat *s = einsat_new ();
  einsat_dimacs d;
  memset (&d, 0, sizeof d);
  CHECK (!read_text (s, text, &d));
  CHECK (strstr (einsat_error (s), "mem:2: iCNF header 'p inccnf'"));
  einsat_delete (s);
  s = einsat_new ();
  collected clauses = {{0}, 0, 0, 0}, cubes = {{0}, 0, 0, 0};
  memset (&d, 0, sizeof d);
  d.icnf = 1;
  d.cube = collect;
  d.data = &cubes;
  CHECK (read_text (s, text, &d));
  CHECK (d.incremental && d.cubes == 2 && d.read_clauses == 2);
  CHECK (d.variables == 0 && d.clauses == 0 && d.max_var == 7);
  static const int expected_cubes[] = {-2, 0, 2, -7, 1, 0};
  CHECK (cubes.size == 6 && !memcmp (cubes.lits, expected_cubes,
                                     sizeof expected_cubes));
  einsat_assume (s, -2);
  CHECK (einsat_solve (s) == 10 && einsat_val (s, 7) == 7);
  einsat_assume (s, 2);
  einsat_assume (s, -7);
  einsat_assume (s, 1);
  CHECK (einsat_solve (s) == 20 && einsat_failed (s, -7));
  einsat_delete (s);

  /* Plain CNF with a clause callback; one that refuses stops reading. */
  static const char cnf[] = "p cnf 3 2\n1 -3 0\n2 3 0\n";
  s = einsat_new ();
  memset (&d, 0, sizeof d);
  d.clause = collect;
  d.data = &clauses;
  CHECK (read_text (s, cnf, &d) && !d.incremental && d.cubes == 0);
  static const int expected_clauses[] = {1, -3, 0, 2, 3, 0};
  CHECK (clauses.size == 6 && !memcmp (clauses.lits, expected_clauses,
                                       sizeof expected_clauses));
  einsat_delete (s);
  s = einsat_new ();
  collected refusing = {{0}, 0, 0, 1};
  memset (&d, 0, sizeof d);
  d.clause = collect;
  d.data = &refusing;
  CHECK (!read_text (s, cnf, &d));
  CHECK (strstr (einsat_error (s), "mem:3: out of memory"));
  einsat_delete (s);
}

/* Compressed data in a 'FILE *' without a file descriptor (fmemopen):
 * recognized by its first bytes and copied into the decompressor.  The
 * bytes are 'gzip -n' and 'xz' of "p cnf 3 2\n1 2 0\n-1 3 0\n". */
static const unsigned char gzip_cnf[] = {
    0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0x2b, 0x50,
    0x48, 0xce, 0x4b, 0x53, 0x30, 0x56, 0x30, 0xe2, 0x32, 0x54, 0x30, 0x52,
    0x30, 0xe0, 0xd2, 0x35, 0x04, 0x72, 0x0c, 0xb8, 0x00, 0x3e, 0xb3, 0x47,
    0xb5, 0x17, 0x00, 0x00, 0x00};
static const unsigned char xz_cnf[] = {
    0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04, 0xe6, 0xd6, 0xb4, 0x46,
    0x02, 0x00, 0x21, 0x01, 0x16, 0x00, 0x00, 0x00, 0x74, 0x2f, 0xe5, 0xa3,
    0x01, 0x00, 0x16, 0x70, 0x20, 0x63, 0x6e, 0x66, 0x20, 0x33, 0x20, 0x32,
    0x0a, 0x31, 0x20, 0x32, 0x20, 0x30, 0x0a, 0x2d, 0x31, 0x20, 0x33, 0x20,
    0x30, 0x0a, 0x00, 0x00, 0x3c, 0xf8, 0xf8, 0xb0, 0xee, 0x35, 0xca, 0xa9,
    0x00, 0x01, 0x2f, 0x17, 0x81, 0x08, 0x49, 0xb1, 0x1f, 0xb6, 0xf3, 0x7d,
    0x01, 0x00, 0x00, 0x00, 0x00, 0x04, 0x59, 0x5a};

static int read_memory (einsat *s, const unsigned char *data, size_t size,
                        const char *name) {
  FILE *file = fmemopen ((void *) data, size, "r");
  einsat_dimacs d;
  memset (&d, 0, sizeof d);
  int ok = file && einsat_read_dimacs_file (s, file, name, &d);
  if (file)
    fclose (file);
  CHECK (!ok || (d.variables == 3 && d.read_clauses == 2));
  return ok;
}

static void check_compressed_file (const char *program,
                                   const unsigned char *data, size_t size) {
  char command[64];
  snprintf (command, sizeof command, "command -v %s >/dev/null", program);
  if (system (command)) {
    printf ("skip api dimacs %s FILE: %s not installed\n", program, program);
    return;
  }
  einsat *s = einsat_new ();
  CHECK (read_memory (s, data, size, "mem"));
  einsat_assume (s, 1);
  einsat_assume (s, -3);
  CHECK (einsat_solve (s) == 20); /* the clause '-1 3' was read */
  einsat_delete (s);
  s = einsat_new ();
  CHECK (!read_memory (s, data, size / 2, "cut"));
  CHECK (!strncmp (einsat_error (s), "cut: ", 5));
  CHECK (strstr (einsat_error (s), "truncated or corrupt compressed file"));
  einsat_delete (s);
}

static void test_dimacs_compressed (void) {
  check_compressed_file ("gzip", gzip_cnf, sizeof gzip_cnf);
  check_compressed_file ("xz", xz_cnf, sizeof xz_cnf);
}

static void *solve_random (void *arg) {
  uint64_t rng = (uint64_t) (size_t) arg;
  int *errors = calloc (1, sizeof *errors);
  formula *f = malloc (sizeof *f);
  for (int round = 0; round < 50; round++) {
    memset (f, 0, sizeof *f);
    f->vars = 12;
    for (int i = 0; i < 52; i++)
      formula_add_random (f, &rng, 3);
    einsat *s = einsat_new ();
    for (int c = 0; c < f->clauses; c++) {
      for (int i = 0; i < f->sizes[c]; i++)
        einsat_add (s, f->lits[c][i]);
      einsat_add (s, 0);
    }
    int res = einsat_solve (s);
    bool sat = oracle_count (f, 0, 0, 1, 0) > 0;
    *errors += (res == 10) != sat;
    einsat_delete (s);
  }
  free (f);
  return errors;
}

static void test_threads (void) {
  pthread_t threads[4];
  for (size_t i = 0; i < 4; i++)
    pthread_create (threads + i, 0, solve_random, (void *) (i + 1));
  for (size_t i = 0; i < 4; i++) {
    void *errors;
    pthread_join (threads[i], &errors);
    CHECK (!*(int *) errors);
    free (errors);
  }
}

static void *interrupt_later (void *solver) {
  usleep (100000);
  einsat_terminate (solver);
  return 0;
}

static void test_terminate_from_thread (void) {
  einsat *s = einsat_new ();
  add_pigeonhole (s, 12);
  pthread_t thread;
  pthread_create (&thread, 0, interrupt_later, s);
  CHECK (einsat_solve (s) == 0);
  pthread_join (thread, 0);
  einsat_delete (s);
}

/* 'einsat_add_clause' and literal-wise 'einsat_add' give the same
 * formula; 'einsat_vars' counts assumed variables too. */
static void test_add_clause (void) {
  einsat *s = einsat_new ();
  int a[] = {1, 2}, b[] = {-1, 2}, c[] = {-2, 3};
  einsat_add_clause (s, a, 2);
  einsat_add_clause (s, b, 2);
  einsat_add_clause (s, c, 2);
  CHECK (einsat_vars (s) == 3);
  einsat_assume (s, -7);
  CHECK (einsat_vars (s) == 7);
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_val (s, 2) == 2 && einsat_val (s, 3) == 3);
  CHECK (einsat_val (s, -7) == -7);
  einsat_add_clause (s, (int[]) {-3}, 1);
  CHECK (einsat_solve (s) == 20);
  einsat_add_clause (s, 0, 0); /* the empty clause */
  CHECK (einsat_solve (s) == 20);
  einsat_delete (s);
}

/* Phase hints decide unconstrained variables. */
static void test_phase (void) {
  einsat *s = einsat_new ();
  einsat_add_clause (s, (int[]) {1, 2, 3}, 3);
  einsat_phase (s, -1), einsat_phase (s, 2), einsat_phase (s, -3);
  einsat_phase (s, 4);
  CHECK (einsat_solve (s) == 10);
  CHECK (einsat_val (s, 1) == -1 && einsat_val (s, 2) == 2);
  CHECK (einsat_val (s, 3) == -3 && einsat_val (s, 4) == 4);
  einsat_delete (s);
}

static const test_case cases[] = {
    {"add clause", test_add_clause},
    {"phase", test_phase},
    {"ipasir", test_ipasir},
    {"failed assumptions", test_failed_assumptions},
    {"failed assumptions falsified lowest", test_failed_lowest},
    {"options", test_options},
    {"options sorted", test_options_sorted},
    {"plain configuration", test_plain},
    {"trace switches techniques off", test_trace_switches_off},
    {"limits", test_limits},
    {"first elimination", test_first_elimination},
    {"terminate", test_terminate},
    {"terminate from thread", test_terminate_from_thread},
    {"learn callback", test_learn_callback},
    {"contracts", test_contracts},
    {"NULL handle", test_null_handle},
    {"assumptions beyond the known variables", test_assumption_growth},
    {"memory and allocation failures", test_memory},
    {"reserve", test_reserve},
    {"dimacs", test_dimacs},
    {"dimacs iCNF and callbacks", test_icnf},
    {"dimacs compressed FILE", test_dimacs_compressed},
    {"threads", test_threads},
};

int main (void) { return RUN_TESTS ("api", cases); }
