/* The common part of the puzzle front-ends: encoders with solvers,
 * options, writing the named DIMACS, solving with an optional trace, and
 * enumerating solutions projected on the named variables. */

#include "puzzle.h"

#include <stdlib.h>
#include <string.h>

typedef puzzle_options fe_settings;
const fe_option puzzle_table[] = {PUZZLE_OPTIONS (FE_ROW) FE_END_OF_TABLE};
encoder *puzzle_new_encoder (unsigned flags) {
  if (flags & ENC_NO_SOLVER)
    return enc_new (flags);
  einsat *solver = fe_new_solver ();
  encoder *e = solver ? enc_new_with_solver (solver, flags) : 0;
  if (!e)
    einsat_delete (solver);
  return e;
}

void puzzle_delete_encoder (encoder *e) {
  einsat *solver = e ? enc_solver (e) : 0;
  enc_delete (e);
  einsat_delete (solver);
}

static int write_cnf (encoder *e, fe_output *cnf) {
  if (!fe_begin_output (cnf))
    return 1;
  if (!enc_write_dimacs (e, cnf->file) && !ferror (cnf->file)) {
    fe_discard_output (cnf);
    return fe_solver_error (enc_error (e));
  }
  return fe_close_output (cnf) ? 0 : 1;
}

typedef struct enumeration {
  const puzzle_printer *printer;
  signed char *values;
  int64_t found;
  bool print, numbered;
} enumeration;

/* A write error on standard output stops the enumeration. */
static int on_model (void *data, const int *lits) {
  enumeration *n = data;
  n->found++;
  if (!n->print)
    return 1;
  for (const int *p = lits; *p; p++)
    n->values[abs (*p)] = *p > 0 ? 1 : -1;
  if (n->numbered)
    printf ("solution %lld:\n", (long long) n->found);
  puzzle_solution solution = {n->values, n->found};
  n->printer->print (n->printer->data, &solution);
  if (n->numbered)
    fputc ('\n', stdout);
  n->print = n->numbered; /* the default mode prints the first only */
  return !ferror (stdout);
}

static void print_count (int64_t count, bool complete) {
  if (count == 1)
    printf ("1 solution%s\n", complete ? "" : " (stopped at the limit)");
  else
    printf ("%lld solutions%s\n", (long long) count,
            complete ? "" : " (stopped at the limit)");
}

static int enumerate (const puzzle_options *o, encoder *e,
                      const puzzle_printer *p) {
  int named_count;
  const int *named = enc_named (e, &named_count);
  bool all = o->all >= 0;
  enumeration n = {p, calloc ((size_t) enc_vars (e) + 1, 1), 0, !o->count,
                   all};
  if (!n.values)
    return fe_out_of_memory ();
  int64_t limit = o->count ? 0 : all ? o->all : 2;
  int complete = 0;
  int64_t found = einsat_enumerate (enc_solver (e), named, named_count,
                                    limit, on_model, &n, &complete);
  free (n.values);
  if (found < 0)
    return fe_solver_error (einsat_error (enc_solver (e)));
  if (o->count || all)
    print_count (found, complete || found < limit);
  else if (!found)
    printf ("%s\n", p->none ? p->none : "No solution.");
  else if (p->check_unique)
    printf (found == 1 ? "The solution is unique.\n"
                       : "There is more than one solution (--all lists "
                         "them).\n");
  return found ? 10 : 20;
}

/* One solution by plain solving: enumerating (even with limit 1) decides
 * the projected variables first in a fixed order, which is far slower
 * on large instances (N queens with N >= 30). */
static int solve_once (encoder *e, const puzzle_printer *p) {
  einsat *solver = enc_solver (e);
  int res = einsat_solve (solver);
  if (res != 10 && res != 20)
    return fe_solver_error (res < 0 ? einsat_error (solver)
                                    : "the solver stopped without an "
                                      "answer");
  if (res == 20) {
    printf ("%s\n", p->none ? p->none : "No solution.");
    return 20;
  }
  int vars = enc_vars (e), named_count;
  const int *named = enc_named (e, &named_count);
  signed char *values = calloc ((size_t) vars + 1, 1);
  if (!values)
    return fe_out_of_memory ();
  for (int i = 0; i < named_count; i++)
    values[named[i]] = einsat_val (solver, named[i]) > 0 ? 1 : -1;
  puzzle_solution solution = {values, 1};
  p->print (p->data, &solution);
  free (values);
  return 10;
}

static int run (const puzzle_options *o, const fe_arguments *arguments,
                encoder *e, fe_output *cnf, const puzzle_printer *p) {
  if (!enc_ok (e))
    return fe_solver_error (enc_error (e));
  if (o->cnf)
    return write_cnf (e, cnf);
  einsat *solver = enc_solver (e);
  if (o->trace) /* preprocessing would replace the puzzle's clauses */
    einsat_configure (solver, "plain");
  if (!fe_apply_solver_options (solver, arguments))
    return 1;
  if (o->trace) {
    enc_trace (e, stdout);
    printf ("Solver steps (indented by decision level):\n");
  }
  bool plain = o->all < 0 && !o->count && !p->check_unique;
  int res = plain ? solve_once (e, p) : enumerate (o, e, p);
  if (o->trace)
    enc_trace (e, 0);
  fflush (stdout);
  return res;
}

/* After the arguments are parsed. */
static int start (const puzzle_front_end *f,
                  const fe_arguments *arguments) {
  const puzzle_options *o = f->options;
  fe_output cnf;
  memset (&cnf, 0, sizeof cnf);
  if (o->cnf && !fe_open_output (&cnf, o->cnf, "CNF"))
    return 1;
  int res = f->read (f->data, arguments);
  encoder *e = 0;
  if (res < 0 &&
      !(e = puzzle_new_encoder (o->cnf ? ENC_NO_SOLVER : ENC_NO_RECORD)))
    res = fe_out_of_memory ();
  puzzle_printer printer = {0, 0, false, 0};
  if (res < 0)
    res = f->encode (f->data, e, &printer);
  if (res < 0)
    res = run (o, arguments, e, &cnf, &printer);
  fe_discard_output (&cnf);
  puzzle_delete_encoder (e);
  return res;
}

int puzzle_main (const puzzle_front_end *f, int argc, char **argv) {
  fe_arguments arguments;
  int res =
      fe_parse_command (&arguments, f->command_line, f->tables, argc, argv);
  if (res < 0)
    res = start (f, &arguments);
  fe_release_arguments (&arguments);
  return res;
}
