/* The main command: solving (or enumerating) one DIMACS file, with SAT
 * competition output on stdout, a MiniSat result file on request, exit
 * codes 10 / 20 / 0, and errors as "einsat: FILE:LINE: message" with exit
 * code 1.  What depends on the platform (signals and the time limit) is
 * the host's ('main.c' for the command line, 'web/solve.c' for the
 * playground). */

#include "cli.h"

#include <stdlib.h>
#include <string.h>

typedef cli_options fe_settings;
static const fe_option cli_rows[] = {CLI_OPTIONS (FE_ROW) FE_END_OF_TABLE};

typedef struct app {
  const cli_host *host;
  cli_options options;
  fe_arguments arguments;
  const char *input_path, *output_path, *proof_path;
  fe_output proof;
  fe_output result; /* the MiniSat result file, opened before solving */
  einsat *solver;
  einsat_dimacs dimacs;
  double parse_time;
  cli_enumeration enumeration; /* --all, --count, --unique (enumerate.c) */
  cli_cubes cubes;             /* of an iCNF file (cubes.c) */
} app;

static void print_solver_options (void) {
  printf ("\nSolver options ('--name=value' or '--name value', '--name' = "
          "1,\n'--no-name' = 0):\n"
          "  %-26s %s\n",
          "--configure=NAME", "presets: default, plain, sat or unsat");
  einsat_option_info info;
  for (int i = 0; einsat_option (i, &info); i++) {
    char left[64];
    snprintf (left, sizeof left, "--%s=%d", info.name, info.default_value);
    printf ("  %-26s %s [%d..%d]\n", left, info.help, info.min_value,
            info.max_value);
  }
}

static void print_commands_and_solver_options (void) {
  fe_print_commands (fe_commands);
  print_solver_options ();
}

static const fe_command_line cli_command_line = {
    "einsat [options] [FILE|-] [OUTFILE]\n"
    "       einsat COMMAND [options] ...   (puzzle front-ends)",
    "Solves the DIMACS CNF in FILE (standard input if missing or '-'; gzip,\n"
    "bzip2, xz, lzma and zstd compressed input is read through their\n"
    "decompressor) and prints the result in SAT competition format.  With\n"
    "OUTFILE also writes a MiniSat result file.  Exit code 10 for\n"
    "satisfiable, 20 for unsatisfiable, 0 for unknown, 1 for errors.\n"
    "An iCNF file ('p inccnf', cubes as 'a LITS 0') is solved under each\n"
    "cube in turn: satisfiable at the first satisfiable cube, unsatisfiable\n"
    "if every cube is.\n",
    0, 0, print_commands_and_solver_options};

/*------------------------------------------------------------------------*/
/* Arguments. */

static int enumeration_mode (const cli_options *e) {
  int modes = (e->all >= 0) + e->count + e->unique;
  if (modes > 1)
    return -1;
  return e->all >= 0 ? CLI_ALL
         : e->count  ? CLI_COUNT
         : e->unique ? CLI_UNIQUE
                     : CLI_SOLVE;
}

static int check_arguments (app *a) {
  const cli_options *o = &a->options;
  fe_arguments *args = &a->arguments;
  a->input_path = args->files ? args->file[0] : "-";
  a->output_path = args->files > 1 ? args->file[1] : 0;
  if (o->lrat && o->proof)
    return fe_error ("'--proof' and '--lrat': one proof at a time");
  int mode = enumeration_mode (&a->options);
  if (mode < 0)
    return fe_error ("'--all', '--count' and '--unique' exclude each "
                     "other");
  a->enumeration.mode = mode;
  a->enumeration.options = o;
  const cli_options *e = &a->options;
  if (!mode && (e->project || e->cnf_out))
    return fe_error ("'%s' needs '--all', '--count' or '--unique'",
                     e->project ? "--project" : "--cnf-out");
  if (o->lrat && mode)
    return fe_error ("'--lrat' with enumeration is not supported (use "
                     "'--unique --proof=FILE')");
  return -1;
}

/* The solver options in order, then the verbosity of '-v' and '-q'.
 * No clause follows a solve here, so a DRAT proof may delete the clauses
 * that elimination removes, and factoring may run with it
 * ('--incremental=1' still overrides). */
static int configure_solver (app *a) {
  einsat_set_option (a->solver, "incremental", 0);
  if (!fe_apply_solver_options (a->solver, &a->arguments))
    return 1;
  int verbose = a->options.verbose;
  if (verbose)
    einsat_set_option (a->solver, "verbose", verbose > 3 ? 3 : verbose);
  if (a->options.quiet)
    einsat_set_option (a->solver, "verbose", 0);
  int threads = 1;
  einsat_get_option (a->solver, "threads", &threads);
  if (threads > 1 && a->options.lrat)
    return fe_error ("'--threads' with '--lrat' is not supported (use "
                     "'--proof=FILE' for one DRAT proof of all threads)");
  if (threads > 1 && a->enumeration.mode)
    return fe_error ("'--threads' with '--all', '--count' or '--unique' "
                     "is not supported");
  return -1;
}

/* Returns -1 to go on, otherwise the exit code. */
static int parse_arguments (app *a, int argc, char **argv) {
  const fe_table tables[] = {{cli_rows, &a->options}, {0, 0}};
  int res = fe_parse_command (&a->arguments, &cli_command_line, tables,
                              argc, argv);
  if (res >= 0)
    return res;
  if (a->options.version) {
    printf ("%s\n", einsat_version ());
    return 0;
  }
  res = check_arguments (a);
  return res < 0 ? configure_solver (a) : res;
}

/*------------------------------------------------------------------------*/

static int open_proof (app *a) {
  const cli_options *o = &a->options;
  bool lrat = o->lrat;
  a->proof_path = lrat ? o->lrat : o->proof;
  if (!a->proof_path || a->enumeration.mode)
    return -1;
  if (!fe_open_output (&a->proof, a->proof_path, "proof") ||
      !fe_begin_output (&a->proof))
    return 1;
  if (lrat)
    einsat_trace_lrat (a->solver, a->proof.file, o->lrat_binary);
  else
    einsat_trace_proof (a->solver, a->proof.file, !o->proof_text);
  return -1;
}

static int close_proof (app *a) {
  if (!a->proof.file)
    return -1;
  einsat_close_proof (a->solver);
  return fe_close_output (&a->proof) ? -1 : 1;
}

/* The result file is opened before the input is read, so that an
 * unwritable OUTFILE is reported before any work and before anything is
 * printed.  It is truncated only when the result is written: an OUTFILE
 * naming the input file would destroy the input before it is read. */
static int open_outputs (app *a) {
  if (a->enumeration.mode) {
    bool binary = !a->options.proof_text;
    return cli_prepare_enumeration (&a->enumeration, a->input_path,
                                    a->output_path, a->proof_path, binary)
               ? -1
               : 1;
  }
  if (a->output_path &&
      !fe_open_output (&a->result, a->output_path, "result"))
    return 1;
  return -1;
}

/* Cubes say which parts of the search space to solve: enumeration does
 * not take them, and an UNSAT answer then says that every cube is
 * unsatisfiable, which no refutation of the formula can certify unless
 * the cubes cover every assignment. */
static int check_cubes (app *a) {
  if (!a->cubes.count)
    return -1;
  if (a->enumeration.mode)
    return fe_error ("%s: cubes ('a' lines) with '--all', '--count' or "
                     "'--unique' are not supported", a->input_path);
  if (a->proof_path)
    return fe_error ("%s: '--%s' with cubes ('a' lines) is not supported: "
                     "an UNSAT answer says that every cube is "
                     "unsatisfiable, not what a proof refutes",
                     a->input_path, a->options.lrat ? "lrat" : "proof");
  return -1;
}

static int read_input (app *a) {
  double start = fe_process_time ();
  a->dimacs.icnf = 1;
  a->dimacs.cube = cli_collect_cube;
  a->dimacs.data = &a->cubes;
  if (!einsat_read_dimacs_path (a->solver, a->input_path, &a->dimacs)) {
    if (a->host->interrupted ())
      return 0;
    return fe_solver_error (einsat_error (a->solver));
  }
  a->parse_time = fe_process_time () - start;
  if (a->enumeration.mode &&
      !cli_check_projection (&a->enumeration, &a->dimacs))
    return 1;
  return check_cubes (a);
}

static void print_header (app *a) {
  if (a->options.quiet)
    return;
  printf ("c einsat %s%s\n", einsat_version (), a->host->banner);
  if (a->dimacs.incremental)
    printf ("c parsed iCNF: %d variables, %" PRId64 " clauses and %" PRId64
            " cubes in %.2f seconds\n",
            a->dimacs.max_var, a->dimacs.read_clauses, a->cubes.count,
            a->parse_time);
  else
    printf ("c parsed %d variables and %" PRId64 " clauses in %.2f "
            "seconds\n",
            a->dimacs.variables, a->dimacs.read_clauses, a->parse_time);
}

/* The result file is written before the result is printed, so that a
 * write error leaves no answer on standard output. */
static int finish (app *a, int res) {
  int vars = a->dimacs.incremental ? a->dimacs.max_var : a->dimacs.variables;
  if (einsat_vars (a->solver) > vars)
    vars = einsat_vars (a->solver);
  if (a->result.file &&
      !cli_write_minisat_result (a->solver, res, vars, &a->result))
    return 1;
  const char *interruption = a->host->interrupted ();
  if (interruption && !a->options.quiet)
    printf ("c caught %s\n", interruption);
  if (!a->options.quiet)
    einsat_print_statistics (a->solver, stdout);
  cli_print_result (a->solver, res, vars,
                    !a->options.no_model && !a->enumeration.mode);
  return res;
}

static int search (app *a) {
  if (a->options.conflicts >= 0)
    einsat_set_conflict_limit (a->solver, a->options.conflicts);
  if (a->options.time > 0)
    a->host->limit (a->solver, a->options.time);
  int res;
  if (a->host->interrupted ())
    res = 0;
  else if (a->enumeration.mode)
    res = cli_enumerate (a->solver, &a->enumeration, &a->dimacs);
  else if (a->cubes.count)
    res = cli_solve_cubes (a->solver, &a->cubes, a->options.quiet,
                           a->host->interrupted);
  else
    res = einsat_solve (a->solver);
  a->host->limit (a->solver, 0);
  if (res < 0) /* 'cli_enumerate' and 'cli_solve_cubes' reported it */
    return a->enumeration.mode || a->cubes.count
               ? 1
               : fe_solver_error (einsat_error (a->solver));
  return res;
}

static int solve (app *a) {
  a->dimacs.relaxed = a->options.relaxed;
  int res = open_proof (a);
  if (res < 0)
    res = open_outputs (a);
  if (res < 0)
    res = read_input (a);
  if (res == 0 && a->host->interrupted ())
    return finish (a, 0);
  if (res >= 0)
    return res;
  print_header (a);
  res = search (a);
  if (res == 1 || close_proof (a) == 1)
    return 1;
  return finish (a, res);
}

static void release (app *a) {
  if (a->proof.file)
    einsat_close_proof (a->solver);
  fe_discard_output (&a->proof);
  fe_discard_output (&a->result);
  cli_release_enumeration (&a->enumeration);
  cli_release_cubes (&a->cubes);
  fe_release_arguments (&a->arguments);
  einsat_delete (a->solver);
  free (a->dimacs.project);
}

int cli_run (int argc, char **argv, const cli_host *host) {
  app a;
  memset (&a, 0, sizeof a);
  a.host = host;
  if (!(a.solver = fe_new_solver ()))
    return fe_out_of_memory ();
  host->watch (a.solver);
  int res = parse_arguments (&a, argc, argv);
  if (res < 0)
    res = solve (&a);
  host->watch (0);
  release (&a);
  return res;
}
