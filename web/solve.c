/* 'einsat solve': the page's DIMACS tab, the main command of the command
 * line ('cli/solve.c') with the same options and output ('c' lines,
 * statistics, the s-line and the model; errors as "einsat: FILE:LINE:
 * message" on standard error with exit code 1).  A browser has neither
 * signals nor an alarm: '--time=S' is the library's time limit. */

#include "web.h"

static void watch (einsat *solver) { (void) solver; }

static void limit (einsat *solver, double seconds) {
  einsat_set_time_limit (solver, seconds > 0 ? seconds : -1);
}

static const char *interrupted (void) { return 0; }

int web_solve (int argc, char **argv) {
  static const cli_host host = {" (WebAssembly)", watch, limit,
                                interrupted};
  return cli_run (argc, argv, &host);
}
