/* The einsat command line: SAT competition output on stdout, MiniSat
 * result file on request, exit codes 10 / 20 / 0, and errors as
 * "einsat: FILE:LINE: message" with exit code 1.
 *
 * The first argument may name a front-end command instead ('einsat zebra',
 * ...); those live in their own folders and are listed in 'commands.c'.
 * This file is the only place with process-wide state: the solver the
 * signal handlers stop. */

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

typedef struct app {
  const char *input_path, *output_path, *proof_path, *lrat_path;
  bool quiet, print_model, relaxed, proof_binary, lrat_binary;
  int verbose;
  double time_limit; /* wall-clock seconds, 0: none */
  int64_t conflict_limit;
  FILE *proof;
  FILE *result;        /* the MiniSat result file, opened before solving */
  bool result_created; /* by 'open_result': removed again on errors */
  einsat *solver;
  einsat_dimacs dimacs;
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

static void print_usage (void) {
  printf ("usage: einsat [options] [FILE|-] [OUTFILE]\n"
          "       einsat COMMAND [options] ...   (puzzle front-ends)\n"
          "\n"
          "Solves the DIMACS CNF in FILE (standard input if missing or "
          "'-';\n"
          "gzip, bzip2, xz, lzma and zstd compressed input is read "
          "through\n"
          "their decompressor) and prints the result in SAT competition "
          "format.\n"
          "With OUTFILE also writes a MiniSat result file.  Exit code 10 "
          "for\n"
          "satisfiable, 20 for unsatisfiable, 0 for unknown, 1 for "
          "errors.\n"
          "\n"
          "  -h, --help         print this help and exit\n"
          "  --version          print the version and exit\n"
          "  -q, --quiet        no comment lines\n"
          "  -v, --verbose      progress lines (repeat for more)\n"
          "  -n                 do not print the model ('v' lines)\n"
          "  --time=S           stop after S seconds (decimals allowed)\n"
          "  --conflicts=N      stop after N conflicts\n"
          "  --relaxed          accept literals beyond the header and a "
          "wrong\n"
          "                     clause count\n"
          "  --strict           reject those (default)\n"
          "  --proof=FILE       write a DRAT proof ('-' for stdout)\n"
          "  --proof-text       textual instead of binary DRAT\n"
          "  --lrat=FILE        write an LRAT proof (text, with clause hints "
          "that\n"
          "                     make checking linear)\n"
          "  --lrat-binary      binary instead of textual LRAT\n"
          "  --configure=NAME   default, plain, sat or unsat\n");
  cli_print_enumeration_usage ();
  cli_print_commands ();
  printf ("\nSolver options ('--name=value', '--name' = 1, "
          "'--no-name' = 0):\n");
  einsat_option_info info;
  for (int i = 0; einsat_option (i, &info); i++) {
    char left[64];
    snprintf (left, sizeof left, "--%s=%d", info.name,
              info.default_value);
    printf ("  %-26s %s [%d..%d]\n", left, info.help, info.min_value,
            info.max_value);
  }
}

/*------------------------------------------------------------------------*/
/* Arguments. */

static bool parse_long (const char *str, long min, long max, long *res) {
  char *end;
  errno = 0;
  long value = strtol (str, &end, 10);
  if (errno || end == str || *end || value < min || value > max)
    return false;
  *res = value;
  return true;
}

/* A positive number of seconds written as digits with at most one
 * decimal point ("2", "0.5", ".25"): 'strtod' alone would also take
 * "inf", "nan", hexadecimal and exponents. */
static bool parse_seconds (const char *str, double *res) {
  size_t digits = strspn (str, "0123456789");
  const char *rest = str + digits;
  if (*rest == '.') {
    size_t fraction = strspn (rest + 1, "0123456789");
    digits += fraction;
    rest += 1 + fraction;
  }
  if (!digits || *rest)
    return false;
  double value = strtod (str, 0);
  if (!(value > 0) || value > INT_MAX)
    return false;
  *res = value;
  return true;
}

static bool match_value (const char *arg, const char *prefix,
                         const char **value) {
  size_t n = strlen (prefix);
  if (strncmp (arg, prefix, n))
    return false;
  *value = arg + n;
  return true;
}

/* '-v', '-vv', '-vvv', ...: the README says "repeat for more", and
 * users bundle the repetitions as with other solvers. */
static bool is_verbose_flags (const char *arg) {
  return arg[0] == '-' && arg[1] == 'v' && !arg[1 + strspn (arg + 1, "v")];
}

/* Returns -1 to go on, otherwise the exit code. */
static int parse_arguments (app *a, int argc, char **argv) {
  const char *value;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    long number;
    int enumeration = cli_parse_enumeration_option (&a->enumeration, arg);
    if (enumeration < 0)
      return 1;
    if (enumeration)
      continue;
    if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      print_usage ();
      return 0;
    } else if (!strcmp (arg, "--version")) {
      printf ("%s\n", einsat_version ());
      return 0;
    } else if (!strcmp (arg, "-q") || !strcmp (arg, "--quiet"))
      a->quiet = true;
    else if (is_verbose_flags (arg))
      a->verbose += (int) strlen (arg) - 1; /* '-vv' = '-v -v' */
    else if (!strcmp (arg, "--verbose"))
      a->verbose++;
    else if (!strcmp (arg, "-n"))
      a->print_model = false;
    else if (!strcmp (arg, "--relaxed"))
      a->relaxed = true;
    else if (!strcmp (arg, "--strict"))
      a->relaxed = false;
    else if (!strcmp (arg, "--proof-text") || !strcmp (arg, "--no-binary"))
      a->proof_binary = false;
    else if (match_value (arg, "--proof=", &value) && *value)
      a->proof_path = value;
    else if (match_value (arg, "--lrat=", &value) && *value)
      a->lrat_path = value;
    else if (!strcmp (arg, "--lrat-binary"))
      a->lrat_binary = true;
    else if (match_value (arg, "--time=", &value)) {
      if (!parse_seconds (value, &a->time_limit))
        return cli_error ("invalid time limit '%s' (seconds > 0)", value);
    } else if (match_value (arg, "--conflicts=", &value)) {
      if (!parse_long (value, 0, LONG_MAX, &number))
        return cli_error ("invalid conflict limit '%s'", value);
      a->conflict_limit = number;
    } else if (match_value (arg, "--configure=", &value)) {
      if (!einsat_configure (a->solver, value))
        return cli_error ("%s", einsat_error (a->solver));
    } else if (arg[0] == '-' && arg[1] == '-') {
      int res = einsat_parse_option (a->solver, arg);
      if (res < 0)
        return cli_error ("%s", einsat_error (a->solver));
      if (!res)
        return cli_error ("unknown option '%s' (try '--help')", arg);
    } else if (arg[0] == '-' && arg[1])
      return cli_error ("unknown option '%s' (try '--help')", arg);
    else if (!a->input_path)
      a->input_path = arg;
    else if (!a->output_path)
      a->output_path = arg;
    else
      return cli_error ("too many file arguments ('%s', '%s' and '%s')",
                        a->input_path, a->output_path, arg);
  }
  if (!a->input_path)
    a->input_path = "-";
  if (a->lrat_path && a->proof_path)
    return cli_error ("'--proof' and '--lrat': one proof at a time");
  if (a->lrat_path && a->enumeration.mode)
    return cli_error ("'--lrat' with enumeration is not supported (use "
                      "'--unique --proof=FILE')");
  int threads = 1;
  einsat_get_option (a->solver, "threads", &threads);
  if (threads > 1 && a->lrat_path)
    return cli_error ("'--threads' with '--lrat' is not supported (use "
                      "'--proof=FILE' for one DRAT proof of all threads)");
  if (threads > 1 && a->enumeration.mode)
    return cli_error ("'--threads' with '--all', '--count' or '--unique' "
                      "is not supported");
  if (a->verbose)
    einsat_set_option (a->solver, "verbose", a->verbose > 3 ? 3 : a->verbose);
  if (a->quiet)
    einsat_set_option (a->solver, "verbose", 0);
  return -1;
}

/*------------------------------------------------------------------------*/

static int open_proof (app *a) {
  bool lrat = a->lrat_path;
  if (lrat)
    a->proof_path = a->lrat_path;
  if (!a->proof_path)
    return -1;
  if (!strcmp (a->proof_path, "-"))
    a->proof = stdout;
  else if (!(a->proof = fopen (a->proof_path, "w")))
    return cli_error ("%s: cannot write proof: %s", a->proof_path,
                      strerror (errno));
  if (lrat)
    einsat_trace_lrat (a->solver, a->proof, a->lrat_binary);
  else
    einsat_trace_proof (a->solver, a->proof, a->proof_binary);
  return -1;
}

static int close_proof (app *a) {
  if (!a->proof)
    return 0;
  einsat_close_proof (a->solver);
  bool failed = ferror (a->proof);
  if (a->proof != stdout)
    failed |= fclose (a->proof) != 0;
  a->proof = 0;
  if (failed)
    return cli_error ("%s: writing the proof failed", a->proof_path);
  return 0;
}

/* After an error no result is written; a file that did not exist before
 * is removed rather than left empty. */
static void discard_result (app *a) {
  if (a->result)
    fclose (a->result);
  a->result = 0;
  if (a->result_created)
    unlink (a->output_path);
  a->result_created = false;
}

/* The result file is opened before the input is read, so that an
 * unwritable OUTFILE is reported before any work and before anything is
 * printed.  It is not truncated yet: an OUTFILE naming the input file
 * would destroy the input before it is read. */
static int open_result (app *a) {
  if (!a->output_path || a->enumeration.mode) /* 'cli_enumerate' refuses */
    return -1;
  int fd = open (a->output_path, O_WRONLY);
  if (fd < 0 && errno == ENOENT) {
    fd = open (a->output_path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    a->result_created = fd >= 0;
  }
  if (fd >= 0 && !(a->result = fdopen (fd, "w")))
    close (fd);
  if (!a->result) {
    int error = errno;
    discard_result (a);
    return cli_error ("%s: cannot write result: %s", a->output_path,
                      strerror (error));
  }
  return -1;
}

static int read_input (app *a) {
  double start = cli_process_time ();
  a->dimacs.relaxed = a->relaxed;
  if (!einsat_read_dimacs_path (a->solver, a->input_path, &a->dimacs)) {
    if (caught_signal)
      return 0;
    return cli_error ("%s", einsat_error (a->solver));
  }
  if (!a->quiet)
    printf ("c einsat %s\n"
            "c parsed %d variables and %" PRId64 " clauses in %.2f "
            "seconds\n",
            einsat_version (),
            a->dimacs.variables, a->dimacs.read_clauses,
            cli_process_time () - start);
  return -1;
}

static int finish (app *a, int res) {
  if (caught_signal && !a->quiet)
    printf ("c caught %s\n", signal_name (caught_signal));
  if (!a->quiet)
    einsat_print_statistics (a->solver, stdout);
  int vars = a->dimacs.variables;
  if (einsat_vars (a->solver) > vars)
    vars = einsat_vars (a->solver);
  cli_print_result (a->solver, res, vars,
                    a->print_model && !a->enumeration.mode);
  if (a->result) {
    FILE *result = a->result;
    a->result = 0;
    a->result_created = false;
    if (!cli_write_minisat_result (a->solver, res, vars, result,
                                   a->output_path))
      return 1;
  }
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

static int solve (app *a) {
  int res = open_result (a);
  if (res < 0 && !a->enumeration.mode)
    res = open_proof (a);
  if (res < 0)
    res = read_input (a);
  if (res == 0 && caught_signal)
    return finish (a, 0);
  if (res >= 0)
    return res;
  if (a->conflict_limit >= 0)
    einsat_set_conflict_limit (a->solver, a->conflict_limit);
  if (a->time_limit > 0)
    set_alarm (a->time_limit);
  if (caught_signal)
    res = 0;
  else if (a->enumeration.mode)
    res = cli_enumerate (a->solver, &a->enumeration, a->input_path,
                         a->output_path, &a->dimacs, a->proof_path,
                         a->proof_binary);
  else
    res = einsat_solve (a->solver);
  set_alarm (0);
  if (res < 0) /* 'cli_enumerate' reported its errors itself */
    return a->enumeration.mode ? 1
                               : cli_error ("%s", einsat_error (a->solver));
  if (close_proof (a))
    return 1;
  return finish (a, res);
}

int main (int argc, char **argv) {
  if (argc > 1) {
    cli_command *command = cli_find_command (argv[1]);
    if (command)
      return command (argc - 1, argv + 1);
  }
  app a;
  memset (&a, 0, sizeof a);
  a.print_model = a.proof_binary = true;
  a.conflict_limit = -1;
  if (!(a.solver = cli_new_solver ()))
    return cli_error ("out of memory");
  /* No clause follows a solve here, so a DRAT proof may delete the
   * clauses that elimination removes, and factoring may run with it
   * ('--incremental=1' still overrides). */
  einsat_set_option (a.solver, "incremental", 0);
  install_signal_handlers ();
  signalled_solver = a.solver;
  int res = parse_arguments (&a, argc, argv);
  if (res < 0)
    res = solve (&a);
  signalled_solver = 0;
  close_proof (&a);
  discard_result (&a);
  einsat_delete (a.solver);
  free (a.dimacs.project);
  return res;
}
