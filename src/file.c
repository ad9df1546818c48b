/* Opening DIMACS input: plain files, standard input, and compressed files
 * read through the matching decompressor program ('gzip -dc', 'xz -dc',
 * ...) started with fork and exec, so the library needs no compression
 * library.  The format is recognized by its magic bytes, not the file
 * name.  A decompressor that fails (truncated or corrupt file, program
 * missing) is reported as such, even if the parser saw an error first. */

#include "internal.h"
#include "parse.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct decompressor {
  const char *program;
  unsigned char magic[6];
  size_t magic_size;
} decompressor;

static const decompressor decompressors[] = {
    {"gzip", {0x1f, 0x8b}, 2},
    {"bzip2", {'B', 'Z', 'h'}, 3},
    {"xz", {0xfd, '7', 'z', 'X', 'Z', 0x00}, 6},
    {"zstd", {0x28, 0xb5, 0x2f, 0xfd}, 4},
    {"lzma", {0x5d, 0x00, 0x00}, 3},
};

static const decompressor *detect_compression (int fd) {
  unsigned char magic[6];
  ssize_t n = pread (fd, magic, sizeof magic, 0);
  if (n <= 0)
    return 0;
  for (size_t i = 0; i < sizeof decompressors / sizeof *decompressors;
       i++) {
    const decompressor *d = decompressors + i;
    if ((size_t) n >= d->magic_size &&
        !memcmp (magic, d->magic, d->magic_size))
      return d;
  }
  return 0;
}

/* Starts 'program -dc' reading 'fd'; returns the read end of its
 * output.  Its error output goes to /dev/null: a failure is reported
 * once, by the caller, in einsat's own words ("gzip: stdin: unexpected
 * end of file" before it would only repeat that message). */
static FILE *start_decompressor (const decompressor *d, int fd,
                                 pid_t *child) {
  int pipe_fds[2];
  if (pipe (pipe_fds))
    return 0;
  pid_t pid = fork ();
  if (pid < 0) {
    close (pipe_fds[0]);
    close (pipe_fds[1]);
    return 0;
  }
  if (!pid) {
    dup2 (fd, 0);
    dup2 (pipe_fds[1], 1);
    close (pipe_fds[0]);
    close (pipe_fds[1]);
    int null = open ("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2 (null, 2);
    if (null > 2)
      close (null);
    execlp (d->program, d->program, "-dc", (char *) 0);
    _exit (127);
  }
  close (pipe_fds[1]);
  *child = pid;
  return fdopen (pipe_fds[0], "r");
}

/* Reads what is left so the decompressor can finish (and tell whether
 * the compressed file was complete), then collects its exit status. */
static int finish_decompressor (FILE *file, pid_t child) {
  char buffer[1 << 14];
  while (fread (buffer, 1, sizeof buffer, file) > 0)
    ;
  fclose (file);
  int status;
  while (waitpid (child, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return 128 + (WIFSIGNALED (status) ? WTERMSIG (status) : 0);
}

static int parse_from (einsat *solver, FILE *file, const char *name,
                       einsat_dimacs *result, char *error, size_t size) {
  reader r;
  memset (&r, 0, offsetof (reader, buffer));
  r.file = file;
  return es_parse_dimacs (solver, &r, name, result, error, size);
}

static void check_dimacs_call (einsat *solver, einsat_dimacs *result) {
  es_require_ready (solver, "einsat_read_dimacs");
  if (solver->lrat_started)
    es_fatal (solver, "einsat_read_dimacs: clauses must be added before "
                      "the first solve with an LRAT proof");
  if (!result)
    es_fatal (solver, "einsat_read_dimacs: result is NULL");
}

int einsat_read_dimacs_file (einsat *solver, FILE *file, const char *name,
                             einsat_dimacs *result) {
  check_dimacs_call (solver, result);
  if (solver->state == STATE_INVALID)
    return 0;
  char error[512] = "";
  es_backtrack (solver, 0);
  if (!parse_from (solver, file, name, result, error, sizeof error)) {
    es_set_error (solver, "%s", error);
    return 0;
  }
  return 1;
}

static int read_compressed (einsat *solver, int fd, const decompressor *d,
                            const char *path, einsat_dimacs *result) {
  pid_t child;
  FILE *file = start_decompressor (d, fd, &child);
  close (fd);
  if (!file) {
    es_set_error (solver, "%s: could not start '%s -dc': %s", path,
                  d->program, strerror (errno));
    return 0;
  }
  /* A parser error can make the decompressor die of a broken pipe;
   * draining the pipe in 'finish_decompressor' avoids that. */
  char error[512] = "";
  bool ok = parse_from (solver, file, path, result, error, sizeof error);
  int status = finish_decompressor (file, child);
  if (status == 127) {
    es_set_error (solver, "%s: could not run '%s' to decompress (is it "
                  "installed?)", path, d->program);
    return 0;
  }
  if (status) {
    es_set_error (solver, "%s: '%s -dc' failed (exit status %d): "
                  "truncated or corrupt compressed file", path,
                  d->program, status);
    return 0;
  }
  if (!ok)
    es_set_error (solver, "%s", error);
  return ok;
}

int einsat_read_dimacs_path (einsat *solver, const char *path,
                             einsat_dimacs *result) {
  check_dimacs_call (solver, result);
  if (solver->state == STATE_INVALID)
    return 0;
  if (!strcmp (path, "-"))
    return einsat_read_dimacs_file (solver, stdin, "<stdin>", result);
  int fd = open (path, O_RDONLY);
  if (fd < 0) {
    es_set_error (solver, "%s: cannot open: %s", path, strerror (errno));
    return 0;
  }
  struct stat st;
  if (!fstat (fd, &st) && S_ISDIR (st.st_mode)) {
    close (fd);
    es_set_error (solver, "%s: is a directory", path);
    return 0;
  }
  es_backtrack (solver, 0);
  const decompressor *d = detect_compression (fd);
  if (d)
    return read_compressed (solver, fd, d, path, result);
  FILE *file = fdopen (fd, "r");
  if (!file) {
    close (fd);
    es_set_error (solver, "%s: cannot open: %s", path, strerror (errno));
    return 0;
  }
  char error[512] = "";
  bool ok = parse_from (solver, file, path, result, error, sizeof error);
  fclose (file);
  if (!ok)
    es_set_error (solver, "%s", error);
  return ok;
}
