/* Solvers for the commands, with allocation fault injection for the
 * tests.  With 'EINSAT_FAIL_ALLOC=N' in the environment the N-th
 * allocation (or growing reallocation) through the solver's allocator
 * fails, so that a test can walk N over every allocation of a run and
 * check that each out-of-memory path ends in a clean 'einsat: out of
 * memory' message, without crash and without leak (the idea of SQLite's
 * and Lua's failing test allocators).  'EINSAT_FAIL_ALLOC=0' fails
 * nothing but prints the number of allocations on stderr at exit, which
 * tells the test how far to walk.
 *
 * The counters are process-wide because the allocator must be installed
 * before there is an instance to hang them on; only tests set the
 * variable, and then all solvers of the process share the count. */

#include "frontend.h"

#include <errno.h>
#include <stdlib.h>

typedef struct fault_plan {
  long allocations; /* allocations so far */
  long fail_at;     /* the one that fails (0 = none) */
  bool started;
} fault_plan;

static fault_plan plan;

static void *failing_allocator (void *data, void *ptr, size_t old_size,
                                size_t new_size) {
  fault_plan *p = data;
  (void) old_size;
  if (!new_size) {
    free (ptr);
    return 0;
  }
  if (++p->allocations == p->fail_at)
    return 0;
  return realloc (ptr, new_size);
}

static long parse_fail_index (const char *str) {
  char *end;
  errno = 0;
  long res = strtol (str, &end, 10);
  if (errno || end == str || *end || res < 0)
    return -1;
  return res;
}

static void report_allocations (void) {
  fprintf (stderr, "einsat: %ld allocations\n", plan.allocations);
}

static void start_plan (const char *env) {
  plan.started = true;
  plan.fail_at = parse_fail_index (env);
  if (plan.fail_at < 0) {
    fe_error ("invalid EINSAT_FAIL_ALLOC='%s' (expected N >= 0)", env);
    exit (1);
  }
  if (!plan.fail_at)
    atexit (report_allocations);
}

einsat *fe_new_solver (void) {
  const char *env = getenv ("EINSAT_FAIL_ALLOC");
  if (!env)
    return einsat_new ();
  if (!plan.started)
    start_plan (env);
  return einsat_new_with_allocator (failing_allocator, &plan);
}
