/* Progress lines for '-v': one line per event with the time, memory,
 * search counters and the size of the remaining formula.  The first
 * character says what happened ('[' stable mode starts, '{' focused mode
 * starts, '-' reduction, 'R' restart, 'B'/'O'/'I'/'W'/'#' rephase, '1'/'0'/'?'
 * result, ' ' periodic; rounds of 'e' elimination, 'f' factoring, 'g'
 * Gaussian elimination, 'k' counting, 'a' at-most-one
 * detection, 'c' congruence closure, 'p'
 * probing, 'v' vivification, 'W' local search).  Lines of the
 * workers of a portfolio end with 'w' and the worker's index. */

#include "internal.h"

#include <sys/resource.h>
#include <time.h>

double es_process_time (void) {
  struct rusage u;
  if (getrusage (RUSAGE_SELF, &u))
    return 0;
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

/* Per thread, so that the profile of a solver is its own when several
 * run in one process. */
double es_thread_time (void) {
  struct timespec t;
  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t))
    return 0;
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void print_header (einsat *solver) {
  (void) solver;
  printf ("c\n"
          "c   %8s %7s %12s %9s %10s %10s %6s %9s %5s\n"
          "c\n",
          "seconds", "MB", "conflicts", "restarts", "redundant",
          "irredund", "glue", "variables", "rem%");
}

void es_report_round (einsat *solver, char type) {
  if (GET_OPTION (verbose) > 1)
    es_report (solver, type);
}

void es_report (einsat *solver, char type) {
  int verbose = GET_OPTION (verbose);
  if (!verbose)
    return;
  if (type == ' ') {
    uint64_t delta = 2000;
    for (int v = verbose; v < 3; v++)
      delta *= 5;
    solver->limits.report = STAT (conflicts) + delta;
  }
  /* Workers of a portfolio ('portfolio.c') add their index at the end
   * and leave the header to the instance that started them. */
  if (!(solver->reports++ % 20) && !solver->worker)
    print_header (solver);
  double seconds = es_process_time () - solver->start_time;
  unsigned vars = solver->vars;
  double remaining = vars ? 100.0 * solver->active / vars : 0;
  char worker[16] = "";
  if (solver->worker)
    snprintf (worker, sizeof worker, " w%u", solver->worker - 1);
  printf ("c %c %8.2f %7.1f %12" PRIu64 " %9" PRIu64 " %10" PRIu64
          " %10" PRIu64 " %6.1f %9u %5.1f%s\n",
          type, seconds, solver->memory / (double) (1 << 20),
          STAT (conflicts), STAT (restarts), STAT (clauses_redundant),
          STAT (clauses_irredundant), solver->slow_glue.value,
          solver->active, remaining, worker);
  fflush (stdout);
}
