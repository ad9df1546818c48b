/* The common part of the puzzle front-ends: encoders with solvers,
 * options, writing the named DIMACS, solving with an optional trace,
 * enumerating solutions projected on the named variables, and
 * certificates for "no solution" and "exactly one". */

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

/* What a run needs besides the options and the printer. */
typedef struct run_state {
  const puzzle_options *options;
  const puzzle_printer *printer;
  encoder *e;
  fe_output cnf;         /* --cnf=FILE, or FILE.cnf of --proof */
  fe_output proof;       /* --proof=FILE */
  char *certificate_cnf; /* FILE.cnf */
  bool unique;           /* --unique or the front-end's default */
} run_state;

static const char *noun (const puzzle_printer *p) {
  return p->noun ? p->noun : "solution";
}

static void print_count (const puzzle_printer *p, int64_t count,
                         bool complete) {
  printf ("%lld %s%s%s\n", (long long) count, noun (p),
          count == 1 ? "" : "s", complete ? "" : " (stopped at the limit)");
}

static void print_none (const puzzle_printer *p) {
  if (p->none)
    printf ("%s\n", p->none);
  else
    printf ("No %s.\n", noun (p));
}

static void print_uniqueness (const puzzle_printer *p, bool unique) {
  if (unique)
    printf ("The %s is unique.\n", noun (p));
  else
    printf ("There is more than one %s (--all lists them).\n", noun (p));
}

/*------------------------------------------------------------------------*/
/* Enumeration. */

typedef struct enumeration {
  const puzzle_printer *printer;
  signed char *values; /* of the first solution, or of the current one */
  int64_t found;
  bool list;        /* print every solution (--all) */
  bool numbered;    /* each after 'solution K:' */
  bool print_first; /* print the first solution only */
} enumeration;

/* A write error on standard output stops the enumeration. */
static int on_model (void *data, const int *lits) {
  enumeration *n = data;
  bool print = n->list || (n->print_first && !n->found);
  if (n->found++ && !print)
    return 1;
  for (const int *p = lits; *p; p++)
    n->values[abs (*p)] = *p > 0 ? 1 : -1;
  if (!print)
    return 1;
  if (n->numbered)
    printf ("solution %lld:\n", (long long) n->found);
  puzzle_solution solution = {n->values, n->found};
  n->printer->print (n->printer->data, &solution);
  if (n->numbered)
    fputc ('\n', stdout);
  return !ferror (stdout);
}

/* Enumerates at most 'limit' solutions ('limit' <= 0: all); the values of
 * the first stay in 'n->values' if not printed.  Returns the number
 * found or -1 after an error (reported); '*complete' as in
 * 'einsat_enumerate'. */
static int64_t enumerate_up_to (run_state *r, enumeration *n, int64_t limit,
                                int *complete) {
  int named_count;
  const int *named = enc_named (r->e, &named_count);
  int64_t found = einsat_enumerate (enc_solver (r->e), named, named_count,
                                    limit, on_model, n, complete);
  if (found < 0)
    fe_solver_error (einsat_error (enc_solver (r->e)));
  return found;
}

static signed char *new_values (encoder *e) {
  signed char *values = calloc ((size_t) enc_vars (e) + 1, 1);
  if (!values)
    fe_out_of_memory ();
  return values;
}

/* One solution by plain solving: enumerating (even with limit 1) decides
 * the projected variables first in a fixed order, which is far slower
 * on large instances (N queens with N >= 30).  Returns 10 with the
 * values of the variables, 20, or 1 after an error (reported). */
static int solve_for_values (encoder *e, signed char *values) {
  einsat *solver = enc_solver (e);
  int res = einsat_solve (solver);
  if (res != 10 && res != 20)
    return fe_solver_error (res < 0 ? einsat_error (solver)
                                    : "the solver stopped without an "
                                      "answer");
  /* Every variable's value, not only the named ones': the list of the
   * named variables ('enc_named') would be built just for this, 4 bytes
   * a variable on top of the solver's peak (as many as N^2 for N queens). */
  for (int var = 1; res == 10 && var <= enc_vars (e); var++)
    values[var] = einsat_val (solver, var) > 0 ? 1 : -1;
  return res;
}

/*------------------------------------------------------------------------*/
/* Certificates. */

/* The recorded encoding, with the clause blocking the solution 'values'
 * (over the named variables) if there is one, to FILE.cnf, refuted by a
 * second solver writing the proof to FILE. */
static bool certify (run_state *r, const signed char *values) {
  encoder *e = r->e;
  if (values) {
    int named_count;
    const int *named = enc_named (e, &named_count);
    int *clause = malloc ((size_t) named_count * sizeof *clause + 1);
    if (!clause)
      return fe_out_of_memory (), false;
    for (int i = 0; i < named_count; i++)
      clause[i] = values[named[i]] > 0 ? -named[i] : named[i];
    enc_clause (e, named_count, clause);
    free (clause);
  }
  return !write_cnf (e, &r->cnf) &&
         fe_refute (r->cnf.path, &r->proof, !r->options->proof_text);
}

static void print_certificate (const run_state *r) {
  printf ("Proof written to '%s' (refuting '%s').\n", r->proof.path,
          r->cnf.path);
}

static void print_values (const puzzle_printer *p,
                          const signed char *values) {
  puzzle_solution solution = {values, 1};
  p->print (p->data, &solution);
}

/* The solutions up to the second (with --unique) or the first, their
 * values of the first in 'values'; or -1 after an error (reported). */
static int64_t look_for_solutions (run_state *r, signed char *values) {
  if (r->unique) {
    enumeration n = {r->printer, values, 0, false, false, false};
    int complete = 0;
    int64_t found = enumerate_up_to (r, &n, 2, &complete);
    if (found < 0 || found == 2 || complete)
      return found;
    fe_solver_error ("the solver stopped without an answer");
    return -1;
  }
  int res = solve_for_values (r->e, values);
  return res == 10 ? 1 : res == 20 ? 0 : -1;
}

/* The certified run: the answer is printed once its certificate is
 * written, so that a failing disk leaves no answer behind. */
static int certified (run_state *r) {
  const puzzle_printer *p = r->printer;
  signed char *values = new_values (r->e);
  int64_t found = values ? look_for_solutions (r, values) : -1;
  int res = 1;
  if (found == 2 || (found == 1 && !r->unique)) {
    print_values (p, values);
    if (r->unique)
      print_uniqueness (p, false);
    res = 10;
  } else if (found >= 0 && certify (r, found ? values : 0)) {
    if (found) {
      print_values (p, values);
      print_uniqueness (p, true);
    } else
      print_none (p);
    print_certificate (r);
    res = found ? 10 : 20;
  }
  free (values);
  return res;
}

/*------------------------------------------------------------------------*/
/* Uncertified runs. */

static int enumerate (run_state *r) {
  const puzzle_options *o = r->options;
  const puzzle_printer *p = r->printer;
  bool all = o->all >= 0, list = all && !o->count;
  enumeration n = {p,    new_values (r->e),      0,
                   list, list && !p->unnumbered, !all && !o->count};
  if (!n.values)
    return 1;
  int64_t limit = o->count ? 0 : all ? o->all : 2;
  int complete = 0;
  int64_t found = enumerate_up_to (r, &n, limit, &complete);
  free (n.values);
  if (found < 0)
    return 1;
  if (o->count || all)
    print_count (p, found, complete || found < limit);
  else if (!found)
    print_none (p);
  else
    print_uniqueness (p, found == 1);
  return found ? 10 : 20;
}

static int solve_once (encoder *e, const puzzle_printer *p) {
  signed char *values = new_values (e);
  int res = values ? solve_for_values (e, values) : 1;
  if (res == 20)
    print_none (p);
  else if (res == 10)
    print_values (p, values);
  free (values);
  return res;
}

/* The blocking clause of a certificate is added after solving, which a
 * solver set to 'incremental=0' forbids. */
static bool incremental (einsat *solver) {
  int value = 1;
  einsat_get_option (solver, "incremental", &value);
  if (!value)
    fe_error ("'--proof' with '--unique' needs the option 'incremental=1'");
  return value;
}

static int run (run_state *r, const fe_arguments *arguments) {
  const puzzle_options *o = r->options;
  encoder *e = r->e;
  if (!enc_ok (e))
    return fe_solver_error (enc_error (e));
  if (o->cnf)
    return write_cnf (e, &r->cnf);
  einsat *solver = enc_solver (e);
  if (o->trace) /* preprocessing would replace the puzzle's clauses */
    einsat_configure (solver, "plain");
  if (!fe_apply_solver_options (solver, arguments))
    return 1;
  if (o->proof && r->unique && !incremental (solver))
    return 1;
  if (o->trace) {
    enc_trace (e, stdout);
    printf ("Solver steps (indented by decision level):\n");
  }
  bool plain = o->all < 0 && !o->count && !r->unique;
  int res = o->proof ? certified (r)
            : plain  ? solve_once (e, r->printer)
                     : enumerate (r);
  if (o->trace)
    enc_trace (e, 0);
  fflush (stdout);
  return res;
}

/*------------------------------------------------------------------------*/

static bool check_proof_arguments (const puzzle_options *o) {
  if (!o->proof)
    return true;
  if (o->cnf)
    return !fe_error ("'--proof' and '--cnf': '--cnf' writes the CNF "
                      "instead of solving");
  if (o->all >= 0 || o->count)
    return !fe_error ("'--proof' with '--all' or '--count' is not "
                      "supported (use it with '--unique')");
  if (fe_is_special_file (o->proof))
    return !fe_error ("'--proof=%s' needs a regular file (the CNF it "
                      "refutes goes next to it, to FILE.cnf)",
                      o->proof);
  return true;
}

/* The files of '--cnf=FILE' or of '--proof=FILE', opened before any work
 * so that an unwritable path is reported first. */
static bool open_outputs (run_state *r) {
  const puzzle_options *o = r->options;
  if (o->cnf)
    return fe_open_output (&r->cnf, o->cnf, "CNF");
  if (!o->proof)
    return true;
  size_t size = strlen (o->proof) + 5;
  if (!(r->certificate_cnf = malloc (size)))
    return fe_out_of_memory (), false;
  snprintf (r->certificate_cnf, size, "%s.cnf", o->proof);
  return fe_open_output (&r->proof, o->proof, "proof") &&
         fe_open_output (&r->cnf, r->certificate_cnf, "CNF");
}

static unsigned encoder_flags (const puzzle_options *o) {
  return o->cnf ? ENC_NO_SOLVER : o->proof ? 0 : ENC_NO_RECORD;
}

/* After the arguments are parsed. */
static int start (const puzzle_front_end *f,
                  const fe_arguments *arguments) {
  run_state r;
  memset (&r, 0, sizeof r);
  r.options = f->options;
  int res = check_proof_arguments (r.options) && open_outputs (&r) ? -1 : 1;
  if (res < 0)
    res = f->read (f->data, arguments);
  if (res < 0 && !(r.e = puzzle_new_encoder (encoder_flags (r.options))))
    res = fe_out_of_memory ();
  puzzle_printer printer;
  memset (&printer, 0, sizeof printer);
  r.printer = &printer;
  if (res < 0)
    res = f->encode (f->data, r.e, &printer);
  r.unique = r.options->unique || printer.check_unique;
  if (res < 0)
    res = run (&r, arguments);
  fe_discard_output (&r.cnf);
  fe_discard_output (&r.proof);
  free (r.certificate_cnf);
  puzzle_delete_encoder (r.e);
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
