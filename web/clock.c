/* Process time in the browser.  Emscripten's C library answers
 * 'getrusage' with the same made-up constant every time, so time limits
 * would never hit and every statistic would read zero seconds.  A page
 * has no processor-time clock at all; the solver runs alone in its Web
 * Worker, so the time that worker has existed is the closest honest
 * stand-in.  Defining the function here keeps the library member out of
 * the link, for the solver library and the front-ends alike. */

#include <emscripten.h>
#include <string.h>
#include <sys/resource.h>

int getrusage (int who, struct rusage *usage) {
  (void) who;
  double ms = emscripten_get_now ();
  memset (usage, 0, sizeof *usage);
  usage->ru_utime.tv_sec = (time_t) (ms / 1000);
  usage->ru_utime.tv_usec = (suseconds_t) ((ms - 1000.0 * usage->ru_utime.tv_sec) * 1000);
  return 0;
}
