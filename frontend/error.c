/* Errors of the commands: one line "einsat: message" on standard error.
 * Standard output is flushed first, so that in a log that holds both
 * the error comes after what was printed before it. */

#include "frontend.h"

#include <string.h>

int fe_verror (const char *fmt, va_list ap) {
  fflush (stdout);
  fputs ("einsat: ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  return 1;
}

int fe_error (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  fe_verror (fmt, ap);
  va_end (ap);
  return 1;
}

int fe_out_of_memory (void) { return fe_error ("out of memory"); }

/* The encoder prefixes the function that failed, which tells a user
 * nothing when memory ran out: one message starts the same way for every
 * allocation that fails, whoever made it. */
int fe_solver_error (const char *message) {
  const char *out_of_memory = strstr (message, "out of memory");
  if (!*message)
    message = "the solver stopped without an answer";
  return fe_error ("%s", out_of_memory ? out_of_memory : message);
}
