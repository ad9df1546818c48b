/* 'einsat solve': the page's DIMACS tab.  The options the page sends:
 *
 *   -v                 progress lines (repeat for more)
 *   -n                 no model ('v' lines)
 *   --time=S           stop after S seconds (the library's time limit:
 *                      there is no alarm signal in a browser)
 *   --proof=FILE       DRAT proof (binary; --proof-text for text)
 *   --lrat=FILE        LRAT proof (text)
 *   --all[=N], --count, --unique, --project=FILE, --cnf-out=FILE
 *                      enumeration as in the command line
 *   --NAME=VALUE       solver options, --configure=NAME
 *
 * The output is that of 'einsat FILE': comment lines, statistics, the
 * s-line and the model; errors are "einsat: FILE:LINE: message" on
 * standard error with exit code 1. */

#include "web.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct run {
  einsat *solver;
  const char *input, *proof_path;
  bool model, proof_text, lrat;
  int verbose;
  double seconds;
  cli_enumeration enumeration;
  einsat_dimacs dimacs;
  FILE *proof;
} run;

static bool prefixed (const char *arg, const char *prefix,
                      const char **value) {
  size_t n = strlen (prefix);
  if (strncmp (arg, prefix, n))
    return false;
  *value = arg + n;
  return true;
}

static int parse_option (run *r, const char *arg) {
  const char *value;
  int enumeration = cli_parse_enumeration_option (&r->enumeration, arg);
  if (enumeration)
    return enumeration < 0 ? 1 : -1;
  if (!strcmp (arg, "-v"))
    r->verbose++;
  else if (!strcmp (arg, "-n"))
    r->model = false;
  else if (!strcmp (arg, "--proof-text"))
    r->proof_text = true;
  else if (prefixed (arg, "--proof=", &value) && *value)
    r->proof_path = value, r->lrat = false;
  else if (prefixed (arg, "--lrat=", &value) && *value)
    r->proof_path = value, r->lrat = true;
  else if (prefixed (arg, "--time=", &value)) {
    char *end;
    r->seconds = strtod (value, &end);
    if (end == value || *end || !(r->seconds > 0))
      return cli_error ("invalid time limit '%s' (seconds > 0)", value);
  } else if (prefixed (arg, "--configure=", &value)) {
    if (!einsat_configure (r->solver, value))
      return cli_error ("%s", einsat_error (r->solver));
  } else {
    int res = einsat_parse_option (r->solver, arg);
    if (res < 0)
      return cli_error ("%s", einsat_error (r->solver));
    if (!res)
      return cli_error ("unknown option '%s'", arg);
  }
  return -1;
}

static int parse_arguments (run *r, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] != '-') {
      if (r->input)
        return cli_error ("too many files ('%s' and '%s')", r->input,
                          argv[i]);
      r->input = argv[i];
      continue;
    }
    int res = parse_option (r, argv[i]);
    if (res >= 0)
      return res;
  }
  if (!r->input)
    return cli_error ("no input file");
  if (r->lrat && r->enumeration.mode)
    return cli_error ("'--lrat' with enumeration is not supported (use "
                      "'--unique --proof=FILE')");
  if (r->verbose)
    einsat_set_option (r->solver, "verbose", r->verbose > 3 ? 3 : r->verbose);
  return -1;
}

/* The uniqueness certificate of an enumeration writes its own proof. */
static int open_proof (run *r) {
  if (!r->proof_path || r->enumeration.mode)
    return -1;
  if (!(r->proof = fopen (r->proof_path, "w")))
    return cli_error ("%s: cannot write proof: %s", r->proof_path,
                      strerror (errno));
  if (r->lrat)
    einsat_trace_lrat (r->solver, r->proof, 0);
  else
    einsat_trace_proof (r->solver, r->proof, !r->proof_text);
  return -1;
}

static int close_proof (run *r) {
  if (!r->proof)
    return 0;
  einsat_close_proof (r->solver);
  bool failed = ferror (r->proof) | (fclose (r->proof) != 0);
  r->proof = 0;
  return failed ? cli_error ("%s: writing the proof failed", r->proof_path)
                : 0;
}

static int solve (run *r) {
  double start = cli_process_time ();
  if (!einsat_read_dimacs_path (r->solver, r->input, &r->dimacs))
    return cli_error ("%s", einsat_error (r->solver));
  printf ("c einsat %s (WebAssembly)\n"
          "c parsed %d variables and %" PRId64 " clauses in %.2f seconds\n",
          einsat_version (), r->dimacs.variables, r->dimacs.read_clauses,
          cli_process_time () - start);
  fflush (stdout);
  if (r->seconds > 0)
    einsat_set_time_limit (r->solver, r->seconds);
  int res = r->enumeration.mode
                ? cli_enumerate (r->solver, &r->enumeration, r->input, 0,
                                 &r->dimacs, r->proof_path, !r->proof_text)
                : einsat_solve (r->solver);
  if (res < 0)
    return r->enumeration.mode ? 1 : cli_error ("%s", einsat_error (r->solver));
  if (close_proof (r))
    return 1;
  einsat_print_statistics (r->solver, stdout);
  int vars = r->dimacs.variables;
  if (einsat_vars (r->solver) > vars)
    vars = einsat_vars (r->solver);
  cli_print_result (r->solver, res, vars,
                    r->model && !r->enumeration.mode);
  return res;
}

int web_solve (int argc, char **argv) {
  run r;
  memset (&r, 0, sizeof r);
  r.model = true;
  if (!(r.solver = einsat_new ()))
    return cli_error ("out of memory");
  /* One solve, as on the command line: smaller proofs, factoring on. */
  einsat_set_option (r.solver, "incremental", 0);
  int res = parse_arguments (&r, argc, argv);
  if (res < 0)
    res = open_proof (&r);
  if (res < 0)
    res = solve (&r);
  if (r.proof) {
    einsat_close_proof (r.solver);
    fclose (r.proof);
  }
  einsat_delete (r.solver);
  free (r.dimacs.project);
  return res;
}
