/* Process time in the browser.  Emscripten's C library answers
 * 'getrusage' with the same made-up constant every time, so time limits
 * would never hit and every statistic would read zero seconds.  A page
 * has no processor-time clock at all; the solver runs alone in its Web
 * Worker, so the time that worker has existed (the monotonic clock,
 * 'performance.now' underneath) is the closest honest stand-in.  Defining
 * the function here keeps the library's member out of the link, for the
 * solver library and the front-ends alike.  Only 'make web' links this
 * file. */

#include <string.h>
#include <sys/resource.h>
#include <time.h>

int getrusage (int who, struct rusage *usage) {
  (void) who;
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  memset (usage, 0, sizeof *usage);
  usage->ru_utime.tv_sec = now.tv_sec;
  usage->ru_utime.tv_usec = now.tv_nsec / 1000;
  return 0;
}
