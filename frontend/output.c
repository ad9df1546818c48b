/* Output files and standard output, checked: a model, a proof or a
 * picture that could not be written is an error (exit code 1 with a
 * message), never a silent loss.
 *
 * Output files are opened before any work, so that an unwritable path is
 * reported before anything is printed, but truncated only when writing
 * begins: a result file that names the input must not destroy the input
 * before it is read.  A file that did not exist is removed again when
 * the command fails, rather than left empty or half written. */

#include "frontend.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_stdout (const fe_output *out) {
  return !strcmp (out->path, "-");
}

static const char *shown_path (const fe_output *out) {
  return is_stdout (out) ? "standard output" : out->path;
}

bool fe_open_output (fe_output *out, const char *path, const char *what) {
  memset (out, 0, sizeof *out);
  out->path = path;
  out->what = what;
  if (is_stdout (out)) {
    out->file = stdout;
    return true;
  }
  int fd = open (path, O_WRONLY);
  if (fd < 0 && errno == ENOENT) {
    fd = open (path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    out->created = fd >= 0;
  }
  if (fd >= 0 && !(out->file = fdopen (fd, "w")))
    close (fd);
  if (out->file)
    return true;
  int error = errno;
  fe_discard_output (out);
  fe_error ("%s: cannot write %s: %s", path, what, strerror (error));
  return false;
}

bool fe_begin_output (fe_output *out) {
  struct stat st;
  int fd = fileno (out->file);
  if (is_stdout (out) || fstat (fd, &st) || !S_ISREG (st.st_mode) ||
      !ftruncate (fd, 0))
    return true;
  int error = errno;
  fe_error ("%s: cannot write %s: %s", out->path, out->what,
            strerror (error));
  fe_discard_output (out);
  return false;
}

bool fe_close_output (fe_output *out) {
  if (!out->file)
    return true;
  errno = 0;
  int error = fflush (out->file) ? errno : 0;
  bool failed = error || ferror (out->file);
  if (!is_stdout (out) && fclose (out->file) && !failed)
    failed = true, error = errno;
  out->file = 0;
  if (!failed) {
    out->created = false; /* it holds what was written: keep it */
    return true;
  }
  fe_error ("%s: writing the %s failed%s%s", shown_path (out), out->what,
            error ? ": " : "", error ? strerror (error) : "");
  fe_discard_output (out);
  return false;
}

void fe_discard_output (fe_output *out) {
  if (out->file && !is_stdout (out))
    fclose (out->file);
  out->file = 0;
  if (out->created)
    unlink (out->path);
  out->created = false;
}

bool fe_is_special_file (const char *path) {
  struct stat st;
  return !strcmp (path, "-") ||
         (!stat (path, &st) && !S_ISREG (st.st_mode));
}

bool fe_check_stdout (void) {
  errno = 0;
  if (!fflush (stdout) && !ferror (stdout))
    return true;
  int error = errno;
  clearerr (stdout);
  fe_error ("writing standard output failed%s%s", error ? ": " : "",
            error ? strerror (error) : "");
  return false;
}

void fe_guard_standard_streams (void) {
  for (int fd = 0; fd <= 2; fd++)
    if (fcntl (fd, F_GETFD) < 0 && errno == EBADF) {
      int guard = open ("/dev/null", fd ? O_RDONLY : O_WRONLY);
      if (guard >= 0 && guard != fd)
        close (guard);
    }
}
