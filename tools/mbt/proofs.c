/* Checking traced proofs with external checkers.  The executor writes
 * the clauses of the trace and the proof to temporary files named after
 * the process (so that the parent of a child that crashed or timed out
 * can remove them) and runs einsat-check (which checks every lemma,
 * forward) and drat-trim (backward, only the lemmas the refutation
 * needs, the reference the issue trackers of other solvers quote) on
 * them.  A checker runs with its output in a third file, from which the
 * line explaining a rejection is kept for the failure's details. */

#include "mbt.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* Far more than a checker of these tiny proofs needs. */
#define CHECKER_SECONDS 120

void proof_files (proof_check *check, const proof_checkers *checkers,
                  long pid) {
  const char *dir = getenv ("TMPDIR");
  if (!dir || !*dir)
    dir = "/tmp";
  memset (check, 0, sizeof *check);
  check->checkers = checkers;
  snprintf (check->proof, sizeof check->proof, "%s/einsat-mbt-%ld.proof",
            dir, pid);
  snprintf (check->cnf, sizeof check->cnf, "%s/einsat-mbt-%ld.cnf", dir,
            pid);
  snprintf (check->output, sizeof check->output, "%s/einsat-mbt-%ld.out",
            dir, pid);
}

void remove_proof_files (const proof_check *check) {
  unlink (check->proof);
  unlink (check->cnf);
  unlink (check->output);
}

static _Noreturn void exec_checker (const proof_check *check,
                                    const char *program,
                                    const char *const *arguments) {
  int fd = open (check->output, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd < 0)
    _exit (126);
  dup2 (fd, 1);
  dup2 (fd, 2);
  close (fd);
  alarm (CHECKER_SECONDS);
  execv (program, (char *const *) arguments);
  fprintf (stderr, "cannot run %s: %s\n", program, strerror (errno));
  _exit (127);
}

/* The line of the output that explains a rejection best: the first with
 * the earliest of 'words', else the last line (drat-trim starts lines
 * with carriage returns). */
static void explain (proof_check *check, const char *program, int status) {
  static const char *const words[] = {"lemma", "RAT", "failed", "error",
                                      "cannot", "NOT"};
  enum { WORDS = sizeof words / sizeof *words };
  char line[512], last[512] = "", found[WORDS][512];
  memset (found, 0, sizeof found);
  FILE *file = fopen (check->output, "r");
  while (file && fgets (line, sizeof line, file)) {
    const char *text = line + strspn (line, "\r");
    line[strcspn (line, "\n")] = 0;
    if (!*text)
      continue;
    snprintf (last, sizeof last, "%s", text);
    for (size_t i = 0; i < WORDS; i++)
      if (!found[i][0] && strstr (text, words[i]))
        snprintf (found[i], sizeof found[i], "%s", text);
  }
  if (file)
    fclose (file);
  const char *best = last;
  for (size_t i = WORDS; i--;)
    if (found[i][0])
      best = found[i];
  const char *name = strrchr (program, '/');
  name = name ? name + 1 : program;
  snprintf (check->report, sizeof check->report, "%.40s (status %d): %.240s",
            name, status, best);
}

static bool verified_output (const proof_check *check) {
  char line[512];
  bool verified = false;
  FILE *file = fopen (check->output, "r");
  while (file && fgets (line, sizeof line, file))
    verified |= !strncmp (line + strspn (line, "\r"), "s VERIFIED", 10);
  if (file)
    fclose (file);
  return verified;
}

bool run_proof_checker (proof_check *check, const char *program,
                        const char *const *arguments) {
  fflush (stdout);
  fflush (stderr);
  pid_t child = fork ();
  if (child < 0) {
    snprintf (check->report, sizeof check->report, "fork: %s",
              strerror (errno));
    return false;
  }
  if (!child)
    exec_checker (check, program, arguments);
  int status;
  while (waitpid (child, &status, 0) < 0)
    if (errno != EINTR) {
      snprintf (check->report, sizeof check->report, "waitpid: %s",
                strerror (errno));
      return false;
    }
  int code = WIFEXITED (status) ? WEXITSTATUS (status)
                                : 128 + WTERMSIG (status);
  /* drat-trim exits 1 after "s VERIFIED" when the formula is refuted by
   * unit propagation alone ("c trivial UNSAT"): its verdict is the line. */
  bool trim = strstr (program, "drat-trim") != 0;
  if ((code == 0 || (trim && code == 1)) && verified_output (check))
    return true;
  explain (check, program, code);
  return false;
}
