/* Log lines ('-DLOGGING' builds with option 'log'): prefixed by 'c LOG'
 * and the decision level, literals printed as internal literal with the
 * external literal and the value in brackets. */

#ifdef LOGGING

#include "internal.h"

#include <stdarg.h>

static void begin (einsat *solver, const char *fmt, va_list *ap) {
  printf ("c LOG %u ", solver->level);
  vprintf (fmt, *ap);
}

static void end (void) {
  fputc ('\n', stdout);
  fflush (stdout);
}

const char *es_log_lit (einsat *solver, unsigned lit) {
  char *buffer = solver->log_buffers[solver->log_next++ & 3];
  if (lit == INVALID)
    return "<invalid>";
  int value = solver->values[lit];
  int elit = es_export_literal (solver, lit);
  if (value)
    snprintf (buffer, 64, "%u(%d)=%d@%u", lit, elit, value, LEVEL (lit));
  else
    snprintf (buffer, 64, "%u(%d)", lit, elit);
  return buffer;
}

void es_log (einsat *solver, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  begin (solver, fmt, &ap);
  va_end (ap);
  end ();
}

void es_log_lits (einsat *solver, size_t size, const unsigned *lits,
                  const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  begin (solver, fmt, &ap);
  va_end (ap);
  printf (" size %zu clause", size);
  for (size_t i = 0; i < size; i++)
    printf (" %s", es_log_lit (solver, lits[i]));
  end ();
}

void es_log_clause (einsat *solver, unsigned ref, const char *fmt, ...) {
  clause *c = CLAUSE (ref);
  va_list ap;
  va_start (ap, fmt);
  begin (solver, fmt, &ap);
  va_end (ap);
  printf (" %s glue %u size %u clause[%u]",
          c->redundant ? "redundant" : "irredundant", c->glue, c->size, ref);
  for (unsigned i = 0; i < c->size; i++)
    printf (" %s", es_log_lit (solver, c->lits[i]));
  end ();
}

void es_log_binary (einsat *solver, unsigned a, unsigned b,
                    const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  begin (solver, fmt, &ap);
  va_end (ap);
  printf (" binary clause %s %s", es_log_lit (solver, a),
          es_log_lit (solver, b));
  end ();
}

#else

/* ISO C forbids an empty translation unit. */
typedef int logging_disabled;

#endif
