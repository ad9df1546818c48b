/* Clocks for the commands' time limits and summaries. */

#include "frontend.h"

#include <time.h>

static double seconds (clockid_t clock) {
  struct timespec ts;
  if (clock_gettime (clock, &ts))
    return 0;
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

double fe_process_time (void) { return seconds (CLOCK_PROCESS_CPUTIME_ID); }

double fe_wall_time (void) { return seconds (CLOCK_MONOTONIC); }
