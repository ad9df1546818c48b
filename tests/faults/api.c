/* Allocation faults through the library API: fixed scenarios (clauses,
 * solve, val, assumptions, failed, enumeration, cubes, DIMACS parsing; a circuit
 * with XOR and AND gates for Gaussian elimination and congruence closure;
 * an LRAT proof) each run once per allocation they make, with exactly
 * that allocation failing.  Before
 * the failure every call must return what it returns without faults; the
 * call that hits the failure must return its error value (if it has one)
 * and leave "out of memory" in 'einsat_error'; after 'einsat_delete'
 * every block must have been given back to the allocator, each with the
 * size it had ('old_size' is checked against a header in the block). */

#include "einsat.h"
#include "../common/model.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_RESULTS 8192
#define NO_ERROR_VALUE INT32_MIN

typedef struct fault_allocator {
  long allocations, fail_at;
  bool failed;
  long live_blocks, wrong_sizes;
} fault_allocator;

/* Each block starts with a header holding its size. */
#define HEADER 16

static char *header_of (void *ptr) { return ptr ? (char *) ptr - HEADER : 0; }

static void check_size (fault_allocator *a, void *ptr, size_t old_size) {
  size_t size;
  if (!ptr)
    return;
  memcpy (&size, header_of (ptr), sizeof size);
  a->wrong_sizes += size != old_size;
}

static void *allocate (void *data, void *ptr, size_t old_size,
                       size_t new_size) {
  fault_allocator *a = data;
  check_size (a, ptr, old_size);
  if (!new_size) {
    a->live_blocks -= ptr != 0;
    free (header_of (ptr));
    return 0;
  }
  if (++a->allocations == a->fail_at) {
    a->failed = true;
    return 0;
  }
  char *res = realloc (header_of (ptr), HEADER + new_size);
  if (!res)
    return 0;
  memcpy (res, &new_size, sizeof new_size);
  a->live_blocks += !ptr;
  return res + HEADER;
}

typedef struct run {
  fault_allocator allocator;
  einsat *solver;
  clause_buffer clauses; /* added so far, for checking models */
  int results[MAX_RESULTS], size;
  const struct run *reference; /* the run without faults */
  char problem[256];
} run;

static bool problem (run *r, const char *call, const char *what) {
  if (!r->problem[0])
    snprintf (r->problem, sizeof r->problem, "allocation %ld: %s: %s",
              r->allocator.fail_at, call, what);
  return false;
}

/* Returns false once the fault has hit (the scenario then stops). */
static bool record (run *r, const char *call, int result,
                    int error_value) {
  if (r->allocator.failed) {
    if (error_value != NO_ERROR_VALUE && result != error_value)
      return problem (r, call, "no error value after allocation failure");
    if (strncmp (einsat_error (r->solver), "out of memory", 13))
      return problem (r, call, "error message is not 'out of memory'");
    return false;
  }
  if (r->size == MAX_RESULTS)
    return problem (r, call, "too many results");
  const run *ref = r->reference;
  if (ref && (r->size >= ref->size || ref->results[r->size] != result))
    return problem (r, call, "result differs from the run without fault");
  r->results[r->size++] = result;
  return true;
}

static bool record_void (run *r, const char *call) {
  return record (r, call, 0, NO_ERROR_VALUE);
}

/*------------------------------------------------------------------------*/

static bool add_clause (run *r, const int *lits) {
  int size = 0;
  while (lits[size])
    size++;
  clause_buffer_add (&r->clauses, size, lits);
  for (const int *p = lits;; p++) {
    einsat_add (r->solver, *p);
    if (!record_void (r, "einsat_add"))
      return false;
    if (!*p)
      return true;
  }
}

/* Pigeonhole PHP(4,3) guarded by selector 100: UNSAT under 100. */
static bool add_pigeonhole (run *r) {
  for (int p = 0; p < 4; p++) {
    int c[] = {-100, 3 * p + 1, 3 * p + 2, 3 * p + 3, 0};
    if (!add_clause (r, c))
      return false;
  }
  for (int h = 1; h <= 3; h++)
    for (int p = 0; p < 4; p++)
      for (int q = p + 1; q < 4; q++) {
        int c[] = {-100, -(3 * p + h), -(3 * q + h), 0};
        if (!add_clause (r, c))
          return false;
      }
  return true;
}

/* A satisfiable chain over sparse variables 20, 30, ..., 300. */
static bool add_chain (run *r) {
  for (int v = 20; v < 300; v += 10) {
    int c[] = {-v, v + 10, v % 3 ? 0 : -(v + 20), 0};
    if (!add_clause (r, c))
      return false;
  }
  return true;
}

static int take_cube (void *data, const int *lits, int size) {
  (void) lits, (void) size;
  ++*(int *) data;
  return 1;
}

static int count_model (void *data, const int *values) {
  (void) values;
  return ++*(int *) data < 3;
}

/* 'expected' is known by construction: the run without faults checks
 * it, and its models against the clauses added through 'add_clause'. */
static bool solve (run *r, int expected) {
  int result = einsat_solve (r->solver);
  if (!r->reference && result != expected)
    return problem (r, "einsat_solve", "unexpected result");
  if (!r->reference && result == 10 &&
      !model_satisfies_buffer (r->solver, &r->clauses))
    return problem (r, "einsat_solve", "model falsifies a clause");
  return record (r, "einsat_solve", result, EINSAT_ERROR);
}

static bool read_dimacs (run *r) {
  static char text[] = "c appended by parsing\np cnf 400 2\n"
                       "-1 400 0\n-400 -2 0\n";
  FILE *file = fmemopen (text, sizeof text - 1, "r");
  if (!file)
    return problem (r, "fmemopen", "failed");
  einsat_dimacs dimacs;
  memset (&dimacs, 0, sizeof dimacs);
  int ok = einsat_read_dimacs_file (r->solver, file, "text", &dimacs);
  fclose (file);
  free (dimacs.project);
  return record (r, "einsat_read_dimacs_file", ok, 0);
}

static void basic_scenario (run *r) {
  einsat *s = r->solver;
  einsat_set_option (s, "reduceint", 10);
  einsat_set_option (s, "rephaseint", 10);
  einsat_set_option (s, "restartint", 2);
  if (!add_pigeonhole (r) || !add_chain (r) || !solve (r, 10))
    return;
  for (int v = 1; v <= 13; v++)
    record (r, "einsat_val", einsat_val (s, v), NO_ERROR_VALUE);
  einsat_assume (s, 100);
  if (!record_void (r, "einsat_assume"))
    return;
  einsat_assume (s, 20);
  if (!record_void (r, "einsat_assume") || !solve (r, 20))
    return;
  record (r, "einsat_failed", einsat_failed (s, 100), NO_ERROR_VALUE);
  int models = 0, project[] = {1, 2, 20, 30};
  int64_t found = einsat_enumerate (s, project, 4, 10, count_model,
                                    &models, 0);
  if (!record (r, "einsat_enumerate", (int) found, -1))
    return;
  int cubes = 0;
  int64_t generated = einsat_cube (s, 8, take_cube, &cubes);
  if (!record (r, "einsat_cube", (int) generated, -1))
    return;
  einsat_freeze (s, 5);
  if (!record_void (r, "einsat_freeze") || !read_dimacs (r) || !solve (r, 10))
    return;
  record (r, "einsat_vars", einsat_vars (s), NO_ERROR_VALUE);
}

/* Enumeration as the first call of a fresh solver: the structure the
 * calls keep, the sub-solver and its copy of the formula are allocated
 * inside it (an allocation failing there once aborted the program).
 * Then again with a listed projection after a clause is added, which
 * copies the formula again. */
static void enumerate_scenario (run *r) {
  einsat *s = r->solver;
  int c1[] = {1, 2, 3, 0}, c2[] = {-1, -2, 0}, c3[] = {-2, -3, 0},
      c4[] = {-1, -3, 0};
  if (!add_clause (r, c1) || !add_clause (r, c2) || !add_clause (r, c3) ||
      !add_clause (r, c4))
    return; /* exactly one of 1, 2, 3 */
  int models = 0;
  int64_t found = einsat_enumerate (s, 0, 0, 0, count_model, &models, 0);
  if (!r->reference && found != 3)
    problem (r, "einsat_enumerate", "not the three models");
  if (!record (r, "einsat_enumerate", (int) found, -1))
    return;
  int c5[] = {1, 3, 0}, project[] = {1, 3};
  if (!add_clause (r, c5))
    return; /* 1 or 3 */
  models = 0;
  found = einsat_enumerate (s, project, 2, 0, count_model, &models, 0);
  if (!r->reference && found != 2)
    problem (r, "einsat_enumerate", "not the two projected models");
  record (r, "einsat_enumerate", (int) found, -1);
}

static bool add_and_gate (run *r, int g, int a, int b) {
  int c1[] = {-g, a, 0}, c2[] = {-g, b, 0}, c3[] = {g, -a, -b, 0};
  return add_clause (r, c1) && add_clause (r, c2) && add_clause (r, c3);
}

/* g = a ^ b ^ c: the clauses with an even number of negations of
 * (-g, a, b, c) rule out the assignments of the wrong parity. */
static bool add_xor_gate (run *r, int g, int a, int b, int c) {
  for (int signs = 0; signs < 16; signs++) {
    if (__builtin_popcount (signs) & 1)
      continue;
    int lits[4] = {-g, a, b, c}, clause[5];
    for (int i = 0; i < 4; i++)
      clause[i] = signs & (1 << i) ? -lits[i] : lits[i];
    clause[4] = 0;
    if (!add_clause (r, clause))
      return false;
  }
  return true;
}

/* Two copies of a circuit over inputs 1..8, the second built with the
 * operands swapped, and a miter under selector 100: unsatisfiable under
 * 100 (Gauss and congruence run in the first solve's preprocessing). */
static void circuit_scenario (run *r) {
  einsat *s = r->solver;
  for (int copy = 0; copy < 2; copy++) {
    int base = 20 + 20 * copy;
    for (int i = 1; i < 8; i++) {
      int a = copy ? i + 1 : i, b = copy ? i : i + 1;
      if (!add_and_gate (r, base + i, a, b))
        return;
    }
    int x = base + 10, y = base + 11;
    if (!add_xor_gate (r, x, copy ? 3 : 1, 2, copy ? 1 : 3) ||
        !add_xor_gate (r, y, x, base + 1, base + 7))
      return;
  }
  int miter[][4] = {{-100, 31, 51, 0}, {-100, -31, -51, 0},
                    {-100, 21, 41, 0}, {-100, -21, -41, 0}};
  for (int i = 0; i < 4; i++)
    if (!add_clause (r, miter[i]))
      return;
  if (!solve (r, 10))
    return;
  for (int v = 1; v <= 51; v++)
    record (r, "einsat_val", einsat_val (s, v), NO_ERROR_VALUE);
  einsat_assume (s, 100);
  if (!record_void (r, "einsat_assume") || !solve (r, 20))
    return;
  record (r, "einsat_failed", einsat_failed (s, 100), NO_ERROR_VALUE);
  if (r->reference)
    return;
  const char *used[] = {"gauss_equivalences", "congruence_ands",
                        "congruence_xors", "congruence_equivalences"};
  for (int i = 0; i < 4; i++)
    if (!einsat_statistic (s, used[i]))
      problem (r, used[i], "zero: the scenario misses its purpose");
}

/* An LRAT proof of a long implication chain closed into a contradiction:
 * more binary clauses than the first table of binary clause ids holds. */
static void lrat_scenario (run *r) {
  FILE *sink = fopen ("/dev/null", "w");
  if (!sink) {
    problem (r, "fopen", "/dev/null");
    return;
  }
  einsat *s = r->solver;
  if (record (r, "einsat_trace_lrat", einsat_trace_lrat (s, sink, 0), 0)) {
    bool ok = true;
    for (int v = 1; ok && v < 700; v++) {
      int c[] = {-v, v + 1, 0};
      ok = add_clause (r, c);
    }
    int first[] = {1, 0}, last[] = {-700, 0};
    if (ok && add_clause (r, first) && add_clause (r, last))
      solve (r, 20);
  }
  einsat_close_proof (s);
  fclose (sink);
}

typedef void scenario_function (run *);

/* Runs 'scenario' with allocation 'fail_at' failing (0 = none). */
static void execute (run *r, scenario_function *scenario, long fail_at,
                     const run *reference) {
  memset (r, 0, sizeof *r);
  r->allocator.fail_at = fail_at;
  r->reference = reference;
  r->solver = einsat_new_with_allocator (allocate, &r->allocator);
  if (!r->solver) {
    if (!r->allocator.failed)
      problem (r, "einsat_new_with_allocator", "NULL without failure");
  } else {
    scenario (r);
    if (!r->problem[0] && fail_at && !r->allocator.failed)
      problem (r, "scenario", "finished without reaching the fault");
    einsat_delete (r->solver);
  }
  if (r->allocator.live_blocks) {
    char what[64];
    snprintf (what, sizeof what, "%ld blocks not freed",
              r->allocator.live_blocks);
    problem (r, "einsat_delete", what);
  }
}

/* Fails each allocation of 'scenario' in turn; returns false on a
 * problem. */
static bool check_scenario (const char *name, scenario_function *scenario) {
  static run reference, faulty;
  execute (&reference, scenario, 0, 0);
  if (reference.problem[0]) {
    printf ("not ok faults api %s: %s\n", name, reference.problem);
    return false;
  }
  long total = reference.allocator.allocations, failures = 0;
  long wrong_size_runs = 0, first_wrong_size = 0;
  for (long n = 1; n <= total && failures < 5; n++) {
    execute (&faulty, scenario, n, &reference);
    if (faulty.problem[0]) {
      printf ("not ok faults api %s: %s\n", name, faulty.problem);
      failures++;
    }
    if (faulty.allocator.wrong_sizes && !wrong_size_runs++)
      first_wrong_size = n;
  }
  if (!failures)
    printf ("ok faults api %s: each of %ld allocations failed in turn "
            "(%d results checked)\n",
            name, total, reference.size);
  if (reference.allocator.wrong_sizes)
    printf ("not ok faults api %s sizes: blocks freed with a wrong size "
            "even without faults\n",
            name);
  else if (wrong_size_runs)
    printf ("not ok faults api %s sizes: in %ld of %ld runs blocks were "
            "freed with a wrong old size, first when allocation %ld "
            "failed\n",
            name, wrong_size_runs, total, first_wrong_size);
  else
    printf ("ok faults api %s sizes: every block freed with its size\n",
            name);
  return !failures && !wrong_size_runs;
}

int main (void) {
  bool ok = check_scenario ("basic", basic_scenario);
  ok &= check_scenario ("circuit", circuit_scenario);
  ok &= check_scenario ("lrat", lrat_scenario);
  ok &= check_scenario ("enumerate", enumerate_scenario);
  return !ok;
}
