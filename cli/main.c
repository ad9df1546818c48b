/* The einsat command line: SAT competition output on stdout, MiniSat
 * result file on request, exit codes 10 / 20 / 0, and errors as
 * "einsat: FILE:LINE: message" with exit code 1.
 *
 * The first argument may name a command of the front-ends instead
 * ('einsat zebra', ...), which they list in their table 'fe_commands'.
 * This file is the only place with process-wide state: the solver the
 * signal handlers stop. */

#include "cli.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

typedef cli_options fe_settings;
static const fe_option cli_rows[] = {CLI_OPTIONS (FE_ROW) FE_END_OF_TABLE};

typedef struct app {
  cli_options options;
  fe_arguments arguments;
  const char *input_path, *output_path, *proof_path;
  fe_output proof;
  fe_output result; /* the MiniSat result file, opened before solving */
  einsat *solver;
  einsat_dimacs dimacs;
  double parse_time;
  cli_enumeration enumeration; /* --all, --count, --unique (enumerate.c) */
} app;

static einsat *volatile signalled_solver;
static volatile sig_atomic_t caught_signal;

static void catch_signal (int sig) {
  caught_signal = sig;
  if (signalled_solver)
    einsat_terminate (signalled_solver);
}

static void install_signal_handlers (void) {
  struct sigaction action;
  memset (&action, 0, sizeof action);
  action.sa_handler = catch_signal;
  action.sa_flags = SA_RESETHAND; /* a second signal kills */
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, 0);
  sigaction (SIGTERM, &action, 0);
  sigaction (SIGALRM, &action, 0);
  sigaction (SIGXCPU, &action, 0);
}

static const char *signal_name (int sig) {
  switch (sig) {
  case SIGINT:
    return "SIGINT";
  case SIGTERM:
    return "SIGTERM";
  case SIGALRM:
    return "SIGALRM (time limit)";
  case SIGXCPU:
    return "SIGXCPU";
  default:
    return "signal";
  }
}

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
    "satisfiable, 20 for unsatisfiable, 0 for unknown, 1 for errors.\n",
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

static int read_input (app *a) {
  double start = fe_process_time ();
  if (!einsat_read_dimacs_path (a->solver, a->input_path, &a->dimacs)) {
    if (caught_signal)
      return 0;
    return fe_solver_error (einsat_error (a->solver));
  }
  a->parse_time = fe_process_time () - start;
  if (a->enumeration.mode &&
      !cli_check_projection (&a->enumeration, &a->dimacs))
    return 1;
  return -1;
}

static void print_header (app *a) {
  if (!a->options.quiet)
    printf ("c einsat %s\n"
            "c parsed %d variables and %" PRId64 " clauses in %.2f "
            "seconds\n",
            einsat_version (), a->dimacs.variables, a->dimacs.read_clauses,
            a->parse_time);
}

/* The result file is written before the result is printed, so that a
 * write error leaves no answer on standard output. */
static int finish (app *a, int res) {
  int vars = a->dimacs.variables;
  if (einsat_vars (a->solver) > vars)
    vars = einsat_vars (a->solver);
  if (a->result.file &&
      !cli_write_minisat_result (a->solver, res, vars, &a->result))
    return 1;
  if (caught_signal && !a->options.quiet)
    printf ("c caught %s\n", signal_name (caught_signal));
  if (!a->options.quiet)
    einsat_print_statistics (a->solver, stdout);
  cli_print_result (a->solver, res, vars,
                    !a->options.no_model && !a->enumeration.mode);
  return res;
}

/* 'alarm' counts whole seconds only, so fractions need an interval
 * timer; 0 disarms it.  A limit below a microsecond still fires (a zero
 * 'it_value' would disarm the timer instead). */
static void set_alarm (double seconds) {
  struct itimerval timer;
  memset (&timer, 0, sizeof timer);
  if (seconds > 0) {
    timer.it_value.tv_sec = (time_t) seconds;
    timer.it_value.tv_usec =
        (suseconds_t) ((seconds - (double) timer.it_value.tv_sec) * 1e6);
    if (!timer.it_value.tv_sec && !timer.it_value.tv_usec)
      timer.it_value.tv_usec = 1;
  }
  setitimer (ITIMER_REAL, &timer, 0);
}

static int search (app *a) {
  if (a->options.conflicts >= 0)
    einsat_set_conflict_limit (a->solver, a->options.conflicts);
  if (a->options.time > 0)
    set_alarm (a->options.time);
  int res;
  if (caught_signal)
    res = 0;
  else if (a->enumeration.mode)
    res = cli_enumerate (a->solver, &a->enumeration, &a->dimacs);
  else
    res = einsat_solve (a->solver);
  set_alarm (0);
  if (res < 0) /* 'cli_enumerate' reported its errors itself */
    return a->enumeration.mode ? 1
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
  if (res == 0 && caught_signal)
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
  fe_release_arguments (&a->arguments);
  einsat_delete (a->solver);
  free (a->dimacs.project);
}

static int solve_file (int argc, char **argv) {
  app a;
  memset (&a, 0, sizeof a);
  if (!(a.solver = fe_new_solver ()))
    return fe_out_of_memory ();
  install_signal_handlers ();
  signalled_solver = a.solver;
  int res = parse_arguments (&a, argc, argv);
  if (res < 0)
    res = solve (&a);
  signalled_solver = 0;
  release (&a);
  return res;
}

int main (int argc, char **argv) {
  fe_guard_standard_streams ();
  const fe_command *command =
      argc > 1 ? fe_find_command (fe_commands, argv[1]) : 0;
  int res = command ? command->main (argc - 1, argv + 1)
                    : solve_file (argc, argv);
  return fe_check_stdout () ? res : 1;
}
