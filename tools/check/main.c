/* einsat-check: the command line.
 *
 * Reads the formula and then the solution or proof, each completely,
 * before checking, so that parse errors (exit 3) are never mixed up with
 * check failures (exit 1).
 */

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef EINSAT_VERSION
#define EINSAT_VERSION "unknown"
#endif

static const char *usage =
    "usage: " PROGRAM " model CNF SOLUTION [--verbose]\n"
    "       " PROGRAM " drat CNF PROOF [--forward | --backward] [--verbose]\n"
    "       " PROGRAM " lrat CNF PROOF [--verbose]\n"
    "       " PROGRAM " --help | --version\n";

static const char *help =
    "\n"
    "An independent checker of models, DRAT and LRAT proofs (it shares no\n"
    "code with the einsat solver).\n"
    "\n"
    "  model   check that SOLUTION satisfies every clause of CNF; SOLUTION\n"
    "          is SAT competition output ('s SATISFIABLE' and 'v' lines)\n"
    "          or a MiniSat result file ('SAT' and then the model)\n"
    "  drat    check that PROOF, a text or binary DRAT proof (detected\n"
    "          automatically), refutes CNF\n"
    "  lrat    check that PROOF, a text or binary LRAT proof (detected\n"
    "          automatically), refutes CNF: each lemma must follow by unit\n"
    "          propagation through its hints, in their order\n"
    "\n"
    "  --forward    check every lemma in proof order (default)\n"
    "  --backward   check only the lemmas needed for the refutation,\n"
    "               walking backwards from the conflict (like drat-trim)\n"
    "  --verbose    print statistics as 'c' lines\n"
    "\n"
    "Files may be compressed with gzip, bzip2, xz or zstd (recognised by\n"
    "their first bytes).  One of the two files may be '-' for standard\n"
    "input (not compressed).\n"
    "\n"
    "Exit codes: 0 'MODEL OK' or 'VERIFIED', 1 wrong model or proof,\n"
    "2 the solution claims no model (nothing to check), 3 usage, parse or\n"
    "I/O error, out of memory.\n";

struct options {
  const char *command;
  const char *files[2];
  unsigned file_count;
  enum drat_mode mode;
  bool verbose;
};

static NORETURN void usage_error (const char *fmt, const char *arg) {
  fprintf (stderr, PROGRAM ": ");
  fprintf (stderr, fmt, arg);
  fprintf (stderr, "\n%s", usage);
  exit (EXIT_ERROR);
}

static void parse_arguments (int argc, char **argv, struct options *o) {
  memset (o, 0, sizeof *o);
  o->mode = DRAT_FORWARD;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (!strcmp (arg, "--help") || !strcmp (arg, "-h")) {
      printf ("%s%s", usage, help);
      exit (0);
    } else if (!strcmp (arg, "--version")) {
      printf ("%s\n", EINSAT_VERSION);
      exit (0);
    } else if (!strcmp (arg, "--verbose") || !strcmp (arg, "-v"))
      o->verbose = true;
    else if (!strcmp (arg, "--forward"))
      o->mode = DRAT_FORWARD;
    else if (!strcmp (arg, "--backward"))
      o->mode = DRAT_BACKWARD;
    else if (arg[0] == '-' && arg[1])
      usage_error ("invalid option '%s'", arg);
    else if (!o->command)
      o->command = arg;
    else if (o->file_count < 2)
      o->files[o->file_count++] = arg;
    else
      usage_error ("too many arguments ('%s')", arg);
  }
  if (!o->command)
    usage_error ("%s", "missing command ('model', 'drat' or 'lrat')");
  if (strcmp (o->command, "model") && strcmp (o->command, "drat") &&
      strcmp (o->command, "lrat"))
    usage_error ("invalid command '%s' (expected 'model', 'drat' or "
                 "'lrat')",
                 o->command);
  if (o->file_count < 2)
    usage_error ("%s", "expected two files");
  if (!strcmp (o->files[0], "-") && !strcmp (o->files[1], "-"))
    usage_error ("%s", "only one of the two files can be '-'");
}

static void read_formula (struct input *in, const char *path,
                          struct formula *f) {
  memset (f, 0, sizeof *f);
  open_input (in, path);
  parse_cnf (in, f);
  close_input (in);
}

static int run_model_check (struct input *in, const struct options *o) {
  struct formula formula;
  read_formula (in, o->files[0], &formula);
  struct model model;
  open_input (in, o->files[1]);
  parse_solution (in, &model);
  close_input (in);
  int res;
  if (model.status == STATUS_SAT)
    res = check_model (&formula, &model, o->verbose);
  else {
    printf ("c solution claims %s: nothing to check\n",
            model.status == STATUS_UNSAT ? "UNSATISFIABLE" : "UNKNOWN");
    res = EXIT_NOTHING_TO_CHECK;
  }
  release_model (&model);
  release_formula (&formula);
  return res;
}

static int run_proof_check (struct input *in, const struct options *o) {
  struct formula formula;
  read_formula (in, o->files[0], &formula);
  struct proof proof;
  open_input (in, o->files[1]);
  parse_proof (in, &formula, &proof, o->verbose);
  close_input (in);
  int res = check_proof (&formula, &proof, o->mode, o->verbose);
  release_proof (&proof);
  release_formula (&formula);
  return res;
}

static int run_lrat_check (struct input *in, const struct options *o) {
  struct formula formula;
  read_formula (in, o->files[0], &formula);
  open_input (in, o->files[1]);
  int res = check_lrat (in, &formula, o->verbose);
  close_input (in);
  release_formula (&formula);
  return res;
}

int main (int argc, char **argv) {
  struct options options;
  parse_arguments (argc, argv, &options);
  struct input *in = allocate (sizeof *in);
  int res;
  if (!strcmp (options.command, "model"))
    res = run_model_check (in, &options);
  else if (!strcmp (options.command, "lrat"))
    res = run_lrat_check (in, &options);
  else
    res = run_proof_check (in, &options);
  free (in);
  return res;
}
