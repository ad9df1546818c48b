/* Runs a trace in a forked child, so that crashes, aborts (contract
 * violations, failed internal checks), sanitizer reports and hangs are
 * caught like wrong answers.  The child's stderr comes back through a
 * pipe; its first explaining line gives the failure's signature, which
 * decides whether a shrunk trace still "fails the same way". */

#include "mbt.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define ORACLE_FAILURE 3 /* exit code of a child whose check failed */

/* What a child that passed reports. */
#define REPORT_FORMAT \
  "mbt checks: %llu sat: %llu unsat: %llu proofs: %llu drat-trim: %llu"

static _Noreturn void run_child (const trace *t, const proof_checkers *checkers,
                                 unsigned timeout, bool verbose, int fd) {
  dup2 (fd, 2);
  close (fd);
  alarm (timeout);
  outcome out;
  execute_trace (t, checkers, verbose, &out);
  if (out.failed) {
    fprintf (stderr, "mbt failure: %s\nmbt details: %s\n", out.signature,
             out.message);
    exit (ORACLE_FAILURE);
  }
  fprintf (stderr, REPORT_FORMAT "\n", (unsigned long long) out.checks,
           (unsigned long long) out.sat, (unsigned long long) out.unsat,
           (unsigned long long) out.proofs,
           (unsigned long long) out.drat_trim);
  exit (0); /* not '_exit': LeakSanitizer checks at exit */
}

/* Reads all the child writes, keeping the start. */
static void read_report (int fd, char *report, size_t size) {
  size_t length = 0;
  char buffer[4096];
  ssize_t n;
  while ((n = read (fd, buffer, sizeof buffer)) != 0) {
    if (n < 0) {
      if (errno == EINTR)
        continue;
      break;
    }
    size_t keep = (size_t) n < size - 1 - length ? (size_t) n
                                                 : size - 1 - length;
    memcpy (report + length, buffer, keep);
    length += keep;
  }
  report[length] = 0;
}

static const char *find_line (const char *report, const char *marker) {
  const char *p = strstr (report, marker);
  if (!p)
    return 0;
  while (p > report && p[-1] != '\n')
    p--;
  return p;
}

/* Copies a line without addresses and process ids, which differ from run
 * to run, so that equal failures get equal signatures. */
static void normalize_line (const char *line, char *res, size_t size) {
  size_t n = 0;
  for (const char *p = line; *p && *p != '\n' && n + 1 < size; p++) {
    if (p[0] == '0' && p[1] == 'x') {
      res[n++] = '?';
      for (p += 2; p[1] && strchr ("0123456789abcdef", p[1]); p++)
        ;
    } else if (*p == '=' && p[1] == '=') {
      while (*p == '=' || ('0' <= *p && *p <= '9'))
        p++;
      p--;
    } else
      res[n++] = *p;
  }
  res[n] = 0;
}

static const char *const explaining[] = {
    "mbt failure: ", "runtime error", "AddressSanitizer",
    "LeakSanitizer", "invalid API usage", "fatal error", "Assertion",
};

static void classify_crash (int status, const char *report, verdict *v) {
  char cause[24], line[120] = "";
  if (WIFSIGNALED (status) && WTERMSIG (status) == SIGALRM)
    snprintf (cause, sizeof cause, "timeout");
  else if (WIFSIGNALED (status))
    snprintf (cause, sizeof cause, "signal %d", WTERMSIG (status));
  else
    snprintf (cause, sizeof cause, "exit %d", WEXITSTATUS (status));
  for (size_t i = 0; i < sizeof explaining / sizeof *explaining; i++) {
    const char *p = find_line (report, explaining[i]);
    if (p) {
      normalize_line (p, line, sizeof line);
      break;
    }
  }
  snprintf (v->signature, sizeof v->signature, "crash (%s): %s", cause,
            line);
}

static void classify (int status, verdict *v) {
  const char *p = strstr (v->report, "mbt checks: ");
  unsigned long long counts[5] = {0};
  if (p && sscanf (p, REPORT_FORMAT, counts, counts + 1, counts + 2,
                   counts + 3, counts + 4) == 5) {
    v->checks = counts[0];
    v->sat = counts[1];
    v->unsat = counts[2];
    v->proofs = counts[3];
    v->drat_trim = counts[4];
  }
  if (WIFEXITED (status) && !WEXITSTATUS (status))
    return;
  v->failed = true;
  p = strstr (v->report, "mbt failure: ");
  if (WIFEXITED (status) && WEXITSTATUS (status) == ORACLE_FAILURE && p)
    normalize_line (p + 13, v->signature, sizeof v->signature);
  else
    classify_crash (status, v->report, v);
}

void run_isolated (const trace *t, const proof_checkers *checkers,
                   unsigned timeout, bool verbose, verdict *v) {
  memset (v, 0, sizeof *v);
  int fds[2];
  if (pipe (fds)) {
    perror ("einsat-mbt: pipe");
    exit (1);
  }
  fflush (stdout);
  fflush (stderr);
  pid_t child = fork ();
  if (child < 0) {
    perror ("einsat-mbt: fork");
    exit (1);
  }
  if (!child) {
    close (fds[0]);
    run_child (t, checkers, timeout, verbose, fds[1]);
  }
  close (fds[1]);
  read_report (fds[0], v->report, sizeof v->report);
  close (fds[0]);
  int status;
  while (waitpid (child, &status, 0) < 0)
    if (errno != EINTR) {
      perror ("einsat-mbt: waitpid");
      exit (1);
    }
  classify (status, v);
  proof_check files; /* left behind if the child crashed */
  proof_files (&files, checkers, (long) child);
  remove_proof_files (&files);
}
