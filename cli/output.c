/* Result output in the two formats scripts expect: SAT competition
 * ('s' line, 'v' lines of at most 78 characters ending in 0) and the
 * MiniSat result file ('SAT' and the model line, 'UNSAT' or 'INDET'). */

#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

int cli_verror (const char *fmt, va_list ap) {
  fflush (stdout);
  fputs ("einsat: ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  return 1;
}

int cli_error (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  cli_verror (fmt, ap);
  va_end (ap);
  return 1;
}

bool cli_parse_limit (const char *text, int64_t *limit) {
  char *end;
  errno = 0;
  long long value = strtoll (text, &end, 10);
  if (errno || end == text || *end || value <= 0)
    return false;
  *limit = value;
  return true;
}

double cli_process_time (void) {
  struct rusage u;
  if (getrusage (RUSAGE_SELF, &u))
    return 0;
  return u.ru_utime.tv_sec + u.ru_stime.tv_sec +
         1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static void print_value_line (char *line, size_t *length, int lit) {
  char number[16];
  int n = snprintf (number, sizeof number, " %d", lit);
  if (*length + n > 78) {
    line[*length] = 0;
    puts (line);
    *length = 1;
  }
  memcpy (line + *length, number, n);
  *length += n;
}

static void print_model (einsat *solver, int vars) {
  char line[96] = "v";
  size_t length = 1;
  for (int idx = 1; idx <= vars; idx++)
    print_value_line (line, &length, einsat_val (solver, idx));
  print_value_line (line, &length, 0);
  line[length] = 0;
  puts (line);
}

void cli_print_result (einsat *solver, int result, int vars, bool model) {
  if (result == 10) {
    puts ("s SATISFIABLE");
    if (model)
      print_model (solver, vars);
  } else if (result == 20)
    puts ("s UNSATISFIABLE");
  else
    puts ("s UNKNOWN");
  fflush (stdout);
}

/* The caller opened 'file' without truncating it (see 'open_result' in
 * main.c), so old contents are cut off only now.  Devices and pipes
 * cannot be truncated and need not be. */
static bool truncate_result (FILE *file, const char *path) {
  struct stat st;
  if (fstat (fileno (file), &st) || !S_ISREG (st.st_mode) ||
      !ftruncate (fileno (file), 0))
    return true;
  cli_error ("%s: cannot write result: %s", path, strerror (errno));
  fclose (file);
  return false;
}

bool cli_write_minisat_result (einsat *solver, int result, int vars,
                               FILE *file, const char *path) {
  if (!truncate_result (file, path))
    return false;
  if (result == 10) {
    fputs ("SAT\n", file);
    for (int idx = 1; idx <= vars; idx++)
      fprintf (file, "%d ", einsat_val (solver, idx));
    fputs ("0\n", file);
  } else
    fputs (result == 20 ? "UNSAT\n" : "INDET\n", file);
  if (fclose (file)) {
    cli_error ("%s: writing the result failed", path);
    return false;
  }
  return true;
}
