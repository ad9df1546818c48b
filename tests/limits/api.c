/* Limits and termination through the API, on the pigeonhole formula
 * PHP(12,11), which no CDCL solver refutes in less than minutes:
 *
 *   - 'einsat_terminate' from another thread,
 *   - a terminate callback ('einsat_set_terminate') with a deadline,
 *   - 'einsat_terminate' before the call (stops the next solve),
 *   - the process time limit, the conflict and decision limits,
 *   - termination of an enumeration.
 *
 * Each must make the call return 0 (UNKNOWN) within 'margin' seconds of
 * the limit, and the instance must stay usable: the next solve runs
 * again.  Usage: api [MARGIN]  (seconds, default 1). */

#include "einsat.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define HOLES 11

static double margin = 1;

static double seconds_of (clockid_t clock) {
  struct timespec ts;
  clock_gettime (clock, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static double wall_time (void) { return seconds_of (CLOCK_MONOTONIC); }
static double process_time (void) {
  return seconds_of (CLOCK_PROCESS_CPUTIME_ID);
}

static einsat *new_pigeonhole_solver (void) {
  einsat *solver = einsat_new ();
  /* factoring, counting ('cardinality') and symmetry breaking each
   * make it easy */
  einsat_set_option (solver, "factor", 0);
  einsat_set_option (solver, "cardinality", 0);
  einsat_set_option (solver, "symmetry", 0);
  int pigeons = HOLES + 1;
  for (int p = 0; p < pigeons; p++) {
    for (int h = 1; h <= HOLES; h++)
      einsat_add (solver, p * HOLES + h);
    einsat_add (solver, 0);
  }
  for (int h = 1; h <= HOLES; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        einsat_add (solver, -(p * HOLES + h));
        einsat_add (solver, -(q * HOLES + h));
        einsat_add (solver, 0);
      }
  return solver;
}

static int failures;

static void report (bool ok, const char *name, const char *fmt,
                    double value) {
  printf ("%s limits api %s: ", ok ? "ok" : "not ok", name);
  printf (fmt, value);
  printf ("\n");
  fflush (stdout);
  failures += !ok;
}

static bool unknown (const char *name, int res) {
  if (res == EINSAT_UNKNOWN)
    return true;
  report (false, name, "solve returned %.0f instead of 0", (double) res);
  return false;
}

/* After a stopped call the next one must search again, not stop at once
 * because of a stale termination request. */
static void check_reusable (const char *name, einsat *solver) {
  uint64_t before = einsat_statistic (solver, "conflicts");
  einsat_set_terminate (solver, 0, 0);
  einsat_set_time_limit (solver, -1);
  einsat_set_decision_limit (solver, -1);
  einsat_set_conflict_limit (solver, 100);
  int res = einsat_solve (solver);
  uint64_t conflicts = einsat_statistic (solver, "conflicts") - before;
  char what[64];
  snprintf (what, sizeof what, "%s, then solving again", name);
  if (res || conflicts < 100)
    report (false, what, "only %.0f conflicts in the next solve",
            (double) conflicts);
}

/*------------------------------------------------------------------------*/

typedef struct terminator {
  einsat *solver;
  double delay, called_at;
} terminator;

static void *terminate_later (void *arg) {
  terminator *t = arg;
  struct timespec ts = {0, (long) (t->delay * 1e9)};
  nanosleep (&ts, 0);
  t->called_at = wall_time ();
  einsat_terminate (t->solver);
  return 0;
}

static void test_terminate_from_thread (void) {
  const char *name = "einsat_terminate from another thread";
  einsat *solver = new_pigeonhole_solver ();
  terminator t = {solver, 0.3, 0};
  pthread_t thread;
  pthread_create (&thread, 0, terminate_later, &t);
  int res = einsat_solve (solver);
  double returned_at = wall_time ();
  pthread_join (thread, 0);
  double late = returned_at - t.called_at;
  if (unknown (name, res)) {
    report (late < margin, name, "returned %.3f s after the call", late);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

static int past_deadline (void *data) {
  return wall_time () >= *(double *) data;
}

static void test_terminate_callback (void) {
  const char *name = "terminate callback";
  einsat *solver = new_pigeonhole_solver ();
  double deadline = wall_time () + 0.3;
  einsat_set_terminate (solver, &deadline, past_deadline);
  int res = einsat_solve (solver);
  double late = wall_time () - deadline;
  if (unknown (name, res)) {
    report (0 <= late && late < margin, name,
            "returned %.3f s after the deadline", late);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

static void test_terminate_before_solve (void) {
  const char *name = "einsat_terminate before solve";
  einsat *solver = new_pigeonhole_solver ();
  einsat_terminate (solver);
  double start = wall_time ();
  int res = einsat_solve (solver);
  double took = wall_time () - start;
  if (unknown (name, res)) {
    report (took < margin, name, "returned after %.3f s", took);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

static void test_time_limit (void) {
  const char *name = "time limit of 1 s";
  einsat *solver = new_pigeonhole_solver ();
  einsat_set_time_limit (solver, 1);
  double start = process_time ();
  int res = einsat_solve (solver);
  double took = process_time () - start;
  if (unknown (name, res)) {
    report (0.9 < took && took < 1 + margin, name,
            "returned after %.3f s of process time", took);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

typedef struct counted_limit {
  const char *name, *statistic;
  void (*set) (einsat *, int64_t);
} counted_limit;

static void test_counted_limit (const counted_limit *l, int64_t limit) {
  char name[64];
  snprintf (name, sizeof name, "%s limit of %lld", l->name,
            (long long) limit);
  einsat *solver = new_pigeonhole_solver ();
  l->set (solver, limit);
  int res = einsat_solve (solver);
  int64_t count = (int64_t) einsat_statistic (solver, l->statistic);
  if (unknown (name, res)) {
    report (limit <= count && count <= limit + 1, name,
            "stopped at %.0f", (double) count);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

static int count_models (void *data, const int *values) {
  (void) values;
  ++*(int *) data;
  return 1;
}

static void test_terminate_enumeration (void) {
  const char *name = "terminate callback during enumeration";
  einsat *solver = new_pigeonhole_solver ();
  double deadline = wall_time () + 0.3;
  einsat_set_terminate (solver, &deadline, past_deadline);
  int models = 0, complete = 1;
  int64_t res = einsat_enumerate (solver, 0, 0, 0, count_models, &models,
                                  &complete);
  double late = wall_time () - deadline;
  if (res || models || complete)
    report (false, name, "returned %.0f models or claimed completeness",
            (double) res);
  else {
    report (0 <= late && late < margin, name,
            "returned %.3f s after the deadline", late);
    check_reusable (name, solver);
  }
  einsat_delete (solver);
}

int main (int argc, char **argv) {
  if (argc > 1)
    margin = atof (argv[1]);
  static const counted_limit conflicts = {"conflict", "conflicts",
                                          einsat_set_conflict_limit};
  static const counted_limit decisions = {"decision", "decisions",
                                          einsat_set_decision_limit};
  test_terminate_from_thread ();
  test_terminate_callback ();
  test_terminate_before_solve ();
  test_time_limit ();
  test_counted_limit (&conflicts, 0);
  test_counted_limit (&conflicts, 5000);
  test_counted_limit (&decisions, 1);
  test_counted_limit (&decisions, 20000);
  test_terminate_enumeration ();
  return failures != 0;
}
