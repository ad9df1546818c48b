/* Clocks for the commands' time limits and summaries.  Process time
 * comes from 'getrusage', which the web playground replaces (see
 * web/clock.c). */

#include "frontend.h"

#include <sys/resource.h>
#include <time.h>

static double seconds (struct timeval t) {
  return t.tv_sec + 1e-6 * t.tv_usec;
}

double fe_process_time (void) {
  struct rusage u;
  return getrusage (RUSAGE_SELF, &u)
             ? 0
             : seconds (u.ru_utime) + seconds (u.ru_stime);
}

double fe_wall_time (void) {
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}
