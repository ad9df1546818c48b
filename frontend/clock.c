/* Clocks for the commands' time limits and summaries.  Where there is
 * no processor-time clock (a browser, see web/), the time since some
 * fixed point stands in for it: the solver runs alone there. */

#include "frontend.h"

#include <time.h>

static double seconds (clockid_t clock) {
  struct timespec ts;
  if (clock_gettime (clock, &ts))
    return -1;
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

double fe_wall_time (void) { return seconds (CLOCK_MONOTONIC); }

double fe_process_time (void) {
  double process = seconds (CLOCK_PROCESS_CPUTIME_ID);
  return process >= 0 ? process : fe_wall_time ();
}
