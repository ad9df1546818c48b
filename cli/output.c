/* Result output in the two formats scripts expect: SAT competition
 * ('s' line, 'v' lines of at most 78 characters ending in 0) and the
 * MiniSat result file ('SAT' and the model line, 'UNSAT' or 'INDET'). */

#include "cli.h"

#include <string.h>

typedef struct value_lines {
  char line[96];
  size_t length;
} value_lines;

/* Adds a value; 0 ends the model. */
static void add_value (value_lines *v, int lit) {
  if (!v->length)
    v->line[v->length++] = 'v';
  char number[16];
  int n = snprintf (number, sizeof number, " %d", lit);
  if (v->length + (size_t) n > 78) {
    v->line[v->length] = 0;
    puts (v->line);
    v->length = 1;
  }
  memcpy (v->line + v->length, number, (size_t) n);
  v->length += (size_t) n;
  if (lit)
    return;
  v->line[v->length] = 0;
  puts (v->line);
  v->length = 0;
}

void cli_print_values (const int *values) {
  value_lines v = {{0}, 0};
  for (const int *p = values; *p; p++)
    add_value (&v, *p);
  add_value (&v, 0);
}

static void print_model (einsat *solver, int vars) {
  value_lines v = {{0}, 0};
  for (int idx = 1; idx <= vars; idx++)
    add_value (&v, einsat_val (solver, idx));
  add_value (&v, 0);
}

void cli_print_result (einsat *solver, int result, int vars, bool model) {
  if (result == 10) {
    puts ("s SATISFIABLE");
    if (model)
      print_model (solver, vars);
  } else if (result == 20)
    puts ("s UNSATISFIABLE");
  else
    puts ("s UNKNOWN");
  fflush (stdout);
}

bool cli_write_minisat_result (einsat *solver, int result, int vars,
                               fe_output *output) {
  if (!fe_begin_output (output))
    return false;
  FILE *file = output->file;
  if (result == 10) {
    fputs ("SAT\n", file);
    for (int idx = 1; idx <= vars; idx++)
      fprintf (file, "%d ", einsat_val (solver, idx));
    fputs ("0\n", file);
  } else
    fputs (result == 20 ? "UNSAT\n" : "INDET\n", file);
  return fe_close_output (output);
}
