/* Reading puzzle input line by line: both grid front-ends report every
 * problem as "einsat: FILE:LINE: message", so the reader keeps the line
 * number next to the line.  Lines may be of any length (a 64x64 Sudoku
 * on one line has 4096 numbers). */

#include "puzzle_io.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool grid_open (grid_input *in, const char *path) {
  memset (in, 0, sizeof *in);
  if (!strcmp (path, "-")) {
    in->file = stdin;
    in->path = "<stdin>";
    return true;
  }
  in->path = path;
  if (!(in->file = fopen (path, "r"))) {
    cli_error ("%s: cannot read: %s", path, strerror (errno));
    return false;
  }
  in->close = true;
  return true;
}

void grid_close (grid_input *in) {
  if (in->close)
    fclose (in->file);
  free (in->line);
  memset (in, 0, sizeof *in);
}

static void strip_line_end (char *line, ssize_t length) {
  while (length > 0 &&
         (line[length - 1] == '\n' || line[length - 1] == '\r' ||
          line[length - 1] == ' ' || line[length - 1] == '\t'))
    line[--length] = 0;
}

bool grid_read_line (grid_input *in) {
  ssize_t length = getline (&in->line, &in->capacity, in->file);
  if (length < 0)
    return false;
  in->number++;
  strip_line_end (in->line, length);
  return true;
}

int grid_error (const grid_input *in, long line, const char *fmt, ...) {
  char message[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (message, sizeof message, fmt, ap);
  va_end (ap);
  return cli_error ("%s:%ld: %s", in->path, line, message);
}

int grid_int_option (const char *arg, const char *prefix, int min, int max,
                     int *value) {
  size_t n = strlen (prefix);
  if (strncmp (arg, prefix, n))
    return 0;
  const char *str = arg + n;
  char *end;
  errno = 0;
  long parsed = strtol (str, &end, 10);
  if (errno || end == str || *end || parsed < min || parsed > max) {
    cli_error ("invalid value in '%s' (expected %d..%d)", arg, min, max);
    return -1;
  }
  *value = (int) parsed;
  return 1;
}

double grid_wall_time (void) {
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static bool is_configuration (const char *arg) {
  return !strncmp (arg, "--configure=", 12);
}

bool grid_apply_solver_option (einsat *solver, const char *arg) {
  return is_configuration (arg) ? einsat_configure (solver, arg + 12)
                                : einsat_parse_option (solver, arg) == 1;
}

int grid_solver_option (const char *command, const char *arg) {
  einsat *scratch = einsat_new ();
  if (!scratch) {
    cli_error ("out of memory");
    return 0;
  }
  int res = is_configuration (arg) ? einsat_configure (scratch, arg + 12)
                                   : einsat_parse_option (scratch, arg);
  if (res < 0 || (!res && is_configuration (arg)))
    cli_error ("%s", einsat_error (scratch));
  else if (!res)
    cli_error ("unknown option '%s' (try 'einsat %s --help')", arg, command);
  einsat_delete (scratch);
  return res == 1;
}
