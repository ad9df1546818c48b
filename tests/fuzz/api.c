/* Fuzz target: the incremental API.  The input's bytes make the choices
 * of the model-based tester's trace generator (tools/mbt/generate.c):
 * which calls (add, atmost, assume, solve, val, failed, options, limits,
 * termination, enumeration, freezing, allocation failures) in which
 * order with which arguments.  The tester's executor then checks every
 * answer against brute force.  On a failure the trace is printed; save it
 * to a file and shrink it with 'einsat-mbt --shrink FILE', or convert a
 * crash input with 'einsat-mbt --bytes FILE'.
 *
 * Failures of known core bugs (the lines of the file named by the
 * environment variable EINSAT_FUZZ_KNOWN, globs in the format of
 * tests/common/known-bugs) are ignored, so that fuzzing can go on. */

#include "fuzz.h"
#include "mbt.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool known_failure (const outcome *out) {
  const char *path = getenv ("EINSAT_FUZZ_KNOWN");
  FILE *file = path ? fopen (path, "r") : 0;
  if (!file)
    return false;
  char line[1024];
  bool found = false;
  while (!found && fgets (line, sizeof line, file)) {
    char *tab = strchr (line, '\t');
    if (line[0] == '#' || !tab)
      continue;
    *tab = 0;
    char glob[1040];
    snprintf (glob, sizeof glob, "*%s*", line);
    found = !fnmatch (glob, out->signature, 0);
  }
  fclose (file);
  return found;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  trace t;
  trace_init (&t);
  generate_trace_from_bytes (data, size, &t);
  outcome out;
  execute_trace (&t, 0, false, &out);
  if (out.failed && !known_failure (&out)) {
    fprintf (stderr, "fuzz trace:\n");
    trace_print (&t, stderr);
    fuzz_failure ("%s", out.message);
  }
  trace_release (&t);
  return 0;
}
