/* Writing the recorded clauses as DIMACS, with the names of the
 * variables in comment lines so that any solver's answer can be read
 * back ('c var 17 q_3_2'), and the named variables as projection ('c ind'
 * lines) when auxiliary variables would otherwise be counted too. */

#include "internal.h"

static void write_named (const encoder *e, FILE *file) {
  for (size_t i = 0; i < e->named.size; i++) {
    int var = e->named.begin[i];
    fprintf (file, "c var %d %s\n", var, enc_name (e, var));
  }
}

/* 'c ind' lines of at most ten variables, the last ending in 0. */
static void write_projection (const encoder *e, FILE *file) {
  for (size_t i = 0; i < e->named.size; i++) {
    if (!(i % 10))
      fputs (i ? "\nc ind" : "c ind", file);
    fprintf (file, " %d", e->named.begin[i]);
  }
  fputs (" 0\n", file);
}

static void write_clauses (const encoder *e, FILE *file) {
  if (!e->recorded.size) /* NULL + 0 is undefined */
    return;
  const int *p = e->recorded.begin, *end = p + e->recorded.size;
  while (p < end) {
    if (*p)
      fprintf (file, "%d ", *p);
    else
      fputs ("0\n", file);
    p++;
  }
}

int enc_write_dimacs (encoder *e, FILE *file) {
  if (e->failed)
    return 0;
  if (!e->record) {
    enc_fail (e, "enc_write_dimacs: clauses were not recorded "
                 "(ENC_NO_RECORD)");
    return 0;
  }
  const char *p = e->comments.begin;
  const char *end = e->comments.size ? p + e->comments.size : p;
  for (const char *line = p; p < end; p++)
    if (*p == '\n') {
      fprintf (file, "c %.*s\n", (int) (p - line), line);
      line = p + 1;
    }
  write_named (e, file);
  if (e->named.size && e->named.size < (size_t) e->max_var)
    write_projection (e, file);
  fprintf (file, "p cnf %d %lld\n", e->max_var, (long long) e->clauses);
  write_clauses (e, file);
  if (fflush (file) || ferror (file)) {
    enc_fail (e, "enc_write_dimacs: write error");
    return 0;
  }
  return 1;
}
