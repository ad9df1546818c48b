/* The teaching trace in the puzzle's own terms: every decision,
 * propagation with its reason, conflict, learned clause and backjump of
 * the solver, printed with variable names and indented by decision
 * level, so a small instance can be followed step by step like DPLL on
 * paper. */

#include "internal.h"

#define NAME_SIZE 300

static void print_literal (const encoder *e, FILE *file, int lit) {
  char buffer[NAME_SIZE];
  fputs (enc_format_literal (e, lit, buffer, sizeof buffer), file);
}

static void print_clause (const encoder *e, FILE *file, const int *clause) {
  fputc ('(', file);
  for (const int *p = clause; *p; p++) {
    if (p != clause)
      fputc (' ', file);
    print_literal (e, file, *p);
  }
  fputc (')', file);
}

static void indent (FILE *file, int level) {
  for (int i = 0; i < level; i++)
    fputs ("  ", file);
}

static void trace_event (void *data, einsat_event event, int lit, int level,
                         const int *clause) {
  const encoder *e = data;
  FILE *file = e->trace;
  switch (event) {
  case EINSAT_DECIDE:
    indent (file, level - 1);
    fputs ("decide ", file);
    print_literal (e, file, lit);
    fprintf (file, "  (level %d)\n", level);
    break;
  case EINSAT_PROPAGATE:
    indent (file, level);
    fputs ("propagate ", file);
    print_literal (e, file, lit);
    fputs ("  by ", file);
    print_clause (e, file, clause);
    fputc ('\n', file);
    break;
  case EINSAT_CONFLICT:
    indent (file, level);
    fputs ("conflict ", file);
    print_clause (e, file, clause);
    fputc ('\n', file);
    break;
  case EINSAT_LEARN:
    indent (file, level);
    fputs ("learn ", file);
    print_clause (e, file, clause);
    fputc ('\n', file);
    break;
  case EINSAT_BACKJUMP:
    indent (file, level);
    fprintf (file, "backjump to level %d\n", level);
    break;
  case EINSAT_RESTART:
    fputs ("restart\n", file);
    break;
  }
}

void enc_trace (encoder *e, FILE *file) {
  if (e->failed)
    return;
  if (!e->solver) {
    enc_fail (e, "enc_trace: the encoder has no solver (ENC_NO_SOLVER)");
    return;
  }
  e->trace = file;
  einsat_set_trace (e->solver, file ? trace_event : 0, file ? e : 0);
}
