/* The common part of the puzzle front-ends: options, writing the named
 * DIMACS, solving with an optional trace, and enumerating solutions
 * projected on the named variables. */

#include "puzzle.h"
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int puzzle_error (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  cli_verror (fmt, ap);
  va_end (ap);
  return 1;
}

int puzzle_parse_option (puzzle_options *o, const char *arg) {
  if (!strcmp (arg, "-h") || !strcmp (arg, "--help"))
    o->help = true;
  else if (!strcmp (arg, "--trace"))
    o->trace = true;
  else if (!strcmp (arg, "--count"))
    o->count = true;
  else if (!strcmp (arg, "--all"))
    o->all = true, o->limit = 0;
  else if (!strncmp (arg, "--all=", 6)) {
    if (!cli_parse_limit (arg + 6, &o->limit)) {
      puzzle_error ("%s: invalid limit in '%s' (a number > 0)", o->command,
                    arg);
      return -1;
    }
    o->all = true;
  } else if (!strcmp (arg, "--cnf"))
    o->cnf = true, o->cnf_path = 0;
  else if (!strncmp (arg, "--cnf=", 6) && arg[6])
    o->cnf = true, o->cnf_path = arg + 6;
  else
    return 0;
  return 1;
}

void puzzle_print_options (FILE *file) {
  fputs ("  --all[=N]     print all solutions (at most N)\n"
         "  --count       print only the number of solutions\n"
         "  --cnf[=FILE]  write the encoding as DIMACS with variable "
         "names\n"
         "                ('c var 17 NAME' lines) instead of solving\n"
         "  --trace       print the solver's steps (decisions, "
         "propagations\n"
         "                with their reasons, conflicts, learned "
         "clauses,\n"
         "                backjumps) in the puzzle's variable names\n"
         "  -h, --help    print this help\n"
         "\n"
         "Exit code 10 if there is a solution, 20 if there is none, 1 on "
         "errors.\n",
         file);
}

unsigned puzzle_encoder_flags (const puzzle_options *o) {
  return o->cnf ? ENC_NO_SOLVER : ENC_NO_RECORD;
}

/*------------------------------------------------------------------------*/

static int write_cnf (const puzzle_options *o, encoder *e) {
  bool to_stdout = !o->cnf_path || !strcmp (o->cnf_path, "-");
  FILE *file = to_stdout ? stdout : fopen (o->cnf_path, "w");
  if (!file)
    return puzzle_error ("%s: cannot write '%s': %s", o->command,
                         o->cnf_path, strerror (errno));
  bool ok = enc_write_dimacs (e, file);
  if (!to_stdout && fclose (file))
    ok = false;
  if (!ok)
    return puzzle_error ("%s: writing the CNF failed%s%s", o->command,
                         enc_ok (e) ? "" : ": ", enc_error (e));
  return 0;
}

typedef struct enumeration {
  const puzzle_printer *printer;
  signed char *values;
  int64_t found;
  bool print, numbered;
} enumeration;

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
  return 1;
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
  enumeration n = {p, calloc ((size_t) enc_vars (e) + 1, 1), 0, !o->count,
                   o->all};
  if (!n.values)
    return puzzle_error ("%s: out of memory", o->command);
  int64_t limit = o->count ? 0 : o->all ? o->limit : 2;
  int complete = 0;
  int64_t found = einsat_enumerate (enc_solver (e), named, named_count,
                                    limit, on_model, &n, &complete);
  free (n.values);
  if (found < 0)
    return puzzle_error ("%s: %s", o->command,
                         einsat_error (enc_solver (e)));
  if (o->count || o->all)
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
static int solve_once (const puzzle_options *o, encoder *e,
                       const puzzle_printer *p) {
  einsat *solver = enc_solver (e);
  int res = einsat_solve (solver);
  if (res != 10 && res != 20)
    return puzzle_error ("%s: %s", o->command,
                         res < 0 ? einsat_error (solver)
                                 : "the solver stopped without an answer");
  if (res == 20) {
    printf ("%s\n", p->none ? p->none : "No solution.");
    return 20;
  }
  int vars = enc_vars (e), named_count;
  const int *named = enc_named (e, &named_count);
  signed char *values = calloc ((size_t) vars + 1, 1);
  if (!values)
    return puzzle_error ("%s: out of memory", o->command);
  for (int i = 0; i < named_count; i++)
    values[named[i]] = einsat_val (solver, named[i]) > 0 ? 1 : -1;
  puzzle_solution solution = {values, 1};
  p->print (p->data, &solution);
  free (values);
  return 10;
}

int puzzle_run (const puzzle_options *o, encoder *e,
                const puzzle_printer *p) {
  if (!enc_ok (e))
    return puzzle_error ("%s: encoding failed: %s", o->command,
                         enc_error (e));
  if (o->cnf)
    return write_cnf (o, e);
  if (o->trace) {
    /* Preprocessing would replace the puzzle's clauses by resolvents. */
    einsat_configure (enc_solver (e), "plain");
    enc_trace (e, stdout);
    printf ("Solver steps (indented by decision level):\n");
  }
  bool plain = !o->all && !o->count && !p->check_unique;
  int res = plain ? solve_once (o, e, p) : enumerate (o, e, p);
  if (o->trace)
    enc_trace (e, 0);
  fflush (stdout);
  return res;
}
